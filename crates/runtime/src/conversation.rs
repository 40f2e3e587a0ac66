//! A person talking to a session: each message is persisted as `user.said` before anything acts
//! on it, taken as what it is — steps to add, a step to leave out, the last change taken back, the
//! answer to the question the session waits at, a question about the run — and a session whose
//! steps it changed goes on from the scenario as it stands (the steps of unchanged lines kept,
//! what was said explored). Words no step can come from get a reply naming what a message can do,
//! never silence.

use crate::said::{said_lines, Continuation};
use crate::{Answers, OutDir, ResumeRequest, RunStarted, Runtime, RuntimeError};
use specwright_browser::Secrets;
use specwright_protocol::{Envelope, Event, QuestionKind, SaidAs, SessionStatus, SessionSummary, Suite, Text};
use specwright_reading::{interpret_all, spoken, Spoken};
use specwright_scenario::{Action, Citation, Provenance, StepStatus, TrialStepResult, Value as StepValue};
use std::sync::Arc;

/// How long a message waits for the run it stops to reach its next step's boundary: an action's
/// own limits end a step well within it; a run still working after it is told, not killed.
const HOLD: std::time::Duration = std::time::Duration::from_secs(120);

/// The option free words choose: "2번", "option 2", "#2" its number; words that name exactly
/// one option (its label, in either language) that option; a yes to what the question showed
/// its one accepting option, a no ("that is a defect") its defect or no option; else the words
/// as they are (a value the question asked for). A yes or no that fits no one option is asked
/// back (the reply), never typed as a value.
fn chosen(question: &specwright_protocol::Question, text: &str) -> Result<String, Text> {
    let lower = text.trim().to_lowercase();
    let digits: String = lower
        .trim_start_matches("option")
        .trim_start_matches('#')
        .trim()
        .trim_end_matches(['.', ')'])
        .trim_end_matches("번째")
        .trim_end_matches('번')
        .trim()
        .to_string();
    if let Ok(n) = digits.parse::<usize>() {
        if let Some(option) = question.options.get(n.wrapping_sub(1)) {
            return Ok(option.value.clone());
        }
    }
    let named: Vec<&specwright_protocol::QuestionOption> = question
        .options
        .iter()
        .filter(|o| {
            specwright_catalog::Locale::ALL.iter().map(|l| specwright_catalog::render(&o.label, *l).to_lowercase()).any(
                |label| {
                    !label.trim().is_empty()
                        && (lower == label || (label.chars().count() > 3 && lower.contains(&label)))
                },
            )
        })
        .collect();
    if let [one] = named.as_slice() {
        return Ok(one.value.clone());
    }
    // A yes or no chooses among options; a question asking for a value takes the words.
    let chooses = question.options.iter().any(|o| o.value != specwright_rails::SKIP);
    let Some(agrees) = specwright_reading::verdict(text).filter(|_| chooses) else { return Ok(text.to_string()) };
    let value = |v: &str| question.options.iter().find(|o| o.value == v).map(|o| o.value.clone());
    let found = match agrees {
        false => value(specwright_rails::DEFECT).or_else(|| value("no")),
        true => value("yes").or_else(|| {
            let accepting: Vec<_> = question
                .options
                .iter()
                .filter(|o| ![specwright_rails::DEFECT, specwright_rails::SKIP, "no"].contains(&o.value.as_str()))
                .collect();
            match accepting.as_slice() {
                [one] => Some(one.value.clone()),
                _ => None,
            }
        }),
    };
    found.ok_or_else(|| {
        Text::message("said-which-option", [("words", text.into()), ("options", question.options.len().into())])
    })
}

impl Runtime {
    /// A new session whose first event is what a person said (`by`): with `request`'s documents,
    /// or from the words alone on the application at its address. The words must hold a step.
    pub async fn start_saying(
        self: &Arc<Self>,
        request: crate::SessionRequest,
        words: &str,
        by: &'static str,
    ) -> Result<RunStarted, RuntimeError> {
        let words = words.trim();
        if words.is_empty() || words.chars().count() > 2000 {
            return Err(RuntimeError::Invalid(Text::message("invalid-said-length", [])));
        }
        // The model reads the words itself; the offline engine needs a step in them.
        let taken = match (&request.engine, spoken(words)) {
            (crate::EngineChoice::Llm(_), _) => SaidAs::Turn,
            (_, Spoken::Steps { text, after: None }) if !interpret_all(&text, None).is_empty() => {
                SaidAs::Steps { line: text, after: None }
            }
            _ => return Err(RuntimeError::Invalid(Text::message("said-unread", [("words", words.into())]))),
        };
        let said = Event::UserSaid { text: words.to_string(), by: by.to_string(), taken };
        self.start_with(request, None, Some(said)).await
    }

    /// What a person said to session `request.session_id` (`by`: `window` or `terminal`),
    /// recorded and acted on: a run that goes on from the session (its events follow the
    /// message), or, when nothing is to run, the engine's reply as the run's one terminal event.
    pub async fn say(
        self: &Arc<Self>,
        mut request: ResumeRequest,
        text: &str,
        by: &'static str,
    ) -> Result<RunStarted, RuntimeError> {
        let text = text.trim();
        if text.is_empty() || text.chars().count() > 2000 {
            return Err(RuntimeError::Invalid(Text::message("invalid-said-length", [])));
        }
        // "Check the suite": every session on the application's address checked, with this
        // request's secrets and browser; each session's check is its own run, in its own log.
        if let Some((reply, suite)) = self.said_suite(&request.session_id, text, by, request.out_dir.clone()).await? {
            if let Some(suite) = suite {
                let replay = crate::ReplayRequest {
                    session_id: String::new(),
                    target_url: None,
                    secrets: request.secrets.clone(),
                    out_dir: request.out_dir.clone(),
                    browser: request.browser.clone(),
                    check: true,
                };
                drop(request);
                self.check_said_suite(&reply, &suite, replay).await?;
            }
            return Ok(reply);
        }
        let mut summary = self.store().session(&request.session_id)?;
        // A session a model builds goes on with a model; any session given one goes on with it.
        // Checked before a working run is stopped: a refused message stops nothing.
        let by_model = matches!(request.engine, crate::EngineChoice::Llm(_));
        if summary.engine.starts_with("llm") && !by_model {
            return Err(RuntimeError::Invalid(Text::message("invalid-said-model-session", [])));
        }
        // Said while the run works: the message waits for the current step to end, then is
        // taken; `yielded` when the run stopped for it (and goes on after a mere reply).
        let mut yielded = false;
        if summary.status == SessionStatus::Running {
            (summary, yielded) = self.after_current_step(&summary.id).await?;
        }
        let events = self.store().events(&summary.id, 0)?;
        let said = |taken: SaidAs| Event::UserSaid { text: text.to_string(), by: by.to_string(), taken };
        let heard = spoken(text);
        // Free words answer the question the session waits at; the conversation's own forms
        // (skip, undo, why) still do what they say.
        let waiting = match (summary.status, events.last().map(|e| &e.event)) {
            (SessionStatus::Waiting, Some(Event::SessionWaiting { question })) => Some(question.clone()),
            _ => None,
        };
        if let (Some(question), Spoken::Steps { .. }) = (waiting, &heard) {
            if question.kind == QuestionKind::Secret {
                let reply = Text::message("said-secret-question", []);
                return self.replied(&summary.id, said(SaidAs::Talk), reply, request, yielded).await;
            }
            let when = regex::Regex::new(&format!("^{}$", regex::escape(&question.id)))
                .map_err(|e| RuntimeError::BadArgument(e.to_string()))?;
            let answer = match chosen(&question, text) {
                Ok(answer) => answer,
                Err(reply) => return self.replied(&summary.id, said(SaidAs::Talk), reply, request, yielded).await,
            };
            let rules = vec![crate::Rule { when, answer }];
            let answers = Answers::new(rules, Secrets::default()).by(by);
            request.answerer = Box::new(answers.with_fallback(request.answerer));
            request.forget = vec![question.id.clone()];
            let said = said(SaidAs::Answer { question_id: question.id });
            return self.resume_with(request, Some(Continuation { said, earlier: None })).await;
        }
        // The model reads every other message itself, as its next turn, with the scenario so far.
        if by_model && !matches!(heard, Spoken::Why { .. } | Spoken::Check) {
            return self.resume_with(request, Some(Continuation { said: said(SaidAs::Turn), earlier: None })).await;
        }
        let taken = match heard {
            Spoken::Why { step } => {
                let reply = self.why(&summary.id, &events, step)?;
                return self.replied(&summary.id, said(SaidAs::Talk), reply, request, yielded).await;
            }
            Spoken::Again => SaidAs::Talk,
            Spoken::Check => return self.check_said(&summary.id, said(SaidAs::Talk), request).await,
            // Taken before the session's run was stopped (see `said_suite`).
            Spoken::CheckSuite => SaidAs::Talk,
            Spoken::Undo if specwright_engine::standing(&said_lines(&events)).is_empty() => {
                let reply = Text::message("said-nothing-to-undo", []);
                return self.replied(&summary.id, said(SaidAs::Talk), reply, request, yielded).await;
            }
            Spoken::Undo => SaidAs::Undo,
            Spoken::Skip { step } => match self.step_citation(&summary.id, step)? {
                Ok(citation) => SaidAs::Skip { citation },
                Err(reply) => return self.replied(&summary.id, said(SaidAs::Talk), reply, request, yielded).await,
            },
            Spoken::Replace { step, text: line } => {
                if interpret_all(&line, None).is_empty() {
                    let reply = Text::message("said-unread", [("words", line.as_str().into())]);
                    return self.replied(&summary.id, said(SaidAs::Talk), reply, request, yielded).await;
                }
                match self.step_citation(&summary.id, step)? {
                    Ok(citation) => SaidAs::Replace { citation, line },
                    Err(reply) => return self.replied(&summary.id, said(SaidAs::Talk), reply, request, yielded).await,
                }
            }
            Spoken::Value { step, field, from, to } => {
                match self.typed_step(&summary.id, step, field.as_deref(), from.as_deref(), &to)? {
                    Ok((citation, line)) => SaidAs::Replace { citation, line },
                    Err(reply) => return self.replied(&summary.id, said(SaidAs::Talk), reply, request, yielded).await,
                }
            }
            Spoken::Steps { text: line, after } => {
                // Nothing to act on or check in it: said so, with what a message can do.
                if interpret_all(&line, None).is_empty() {
                    let reply = Text::message("said-unread", [("words", line.as_str().into())]);
                    return self.replied(&summary.id, said(SaidAs::Talk), reply, request, yielded).await;
                }
                let after = match after {
                    Some(step) => match self.step_citation(&summary.id, step)? {
                        Ok(citation) => Some(citation),
                        Err(reply) => {
                            return self.replied(&summary.id, said(SaidAs::Talk), reply, request, yielded).await
                        }
                    },
                    None => None,
                };
                SaidAs::Steps { line, after }
            }
        };
        // The session as it stands: the steps of lines the message left alone are kept.
        let earlier = self.earlier_version(&summary.id).ok().map(|mut earlier| {
            earlier.continues = true;
            earlier
        });
        self.resume_with(request, Some(Continuation { said: said(taken), earlier })).await
    }

    /// The line the person's step `n` implements, in the session's one scenario; else the
    /// reply saying why that step cannot be named so.
    fn step_citation(&self, session_id: &str, n: u32) -> Result<Result<Citation, Text>, RuntimeError> {
        let scenarios = self.store().session_scenarios(session_id)?;
        let scenario = match scenarios.as_slice() {
            [] => return Ok(Err(Text::message("said-no-steps-yet", []))),
            [one] => one,
            many => return Ok(Err(Text::message("said-which-scenario", [("scenarios", many.len().into())]))),
        };
        let Some(step) = scenario.steps.iter().find(|s| s.index == n) else {
            let steps = scenario.steps.len();
            return Ok(Err(Text::message("said-no-such-step", [("step", n.into()), ("steps", steps.into())])));
        };
        Ok(match step.provenance.citation() {
            Some(citation) => Ok(citation.clone()),
            None => Err(Text::message("said-step-uncited", [("step", n.into())])),
        })
    }

    /// The one step a new value is for — of the steps that type or choose a value, the one the
    /// person's words single out by its number, its field or the value it typed — and its line
    /// with the new value in place of the old; else the reply saying why no one step is.
    fn typed_step(
        &self,
        session_id: &str,
        step: Option<u32>,
        field: Option<&str>,
        from: Option<&str>,
        to: &str,
    ) -> Result<Result<(Citation, String), Text>, RuntimeError> {
        let scenarios = self.store().session_scenarios(session_id)?;
        let scenario = match scenarios.as_slice() {
            [] => return Ok(Err(Text::message("said-no-steps-yet", []))),
            [one] => one,
            many => return Ok(Err(Text::message("said-which-scenario", [("scenarios", many.len().into())]))),
        };
        let norm = specwright_reading::normalize;
        let digits = |v: &str| v.chars().filter(|c| !matches!(c, ',' | ' ')).collect::<String>();
        let typed: Vec<(u32, &Provenance, &str)> = scenario
            .steps
            .iter()
            .filter_map(|s| match &s.action {
                Action::Fill { value: StepValue::Literal { value }, .. }
                | Action::Select { value: StepValue::Literal { value }, .. } => Some((s, value.as_str())),
                _ => None,
            })
            .filter(|(s, _)| step.is_none_or(|n| s.index == n))
            .filter(|(s, _)| field.is_none_or(|f| norm(&s.intent).contains(&norm(f))))
            .filter(|(_, v)| from.is_none_or(|f| norm(v) == norm(f) || digits(v) == digits(f)))
            .map(|(s, v)| (s.index, &s.provenance, v))
            .collect();
        let (index, provenance, old) = match typed.as_slice() {
            [] => return Ok(Err(Text::message("said-no-typed-step", [("to", to.into())]))),
            [one] => *one,
            many => {
                let steps = many.iter().map(|(i, _, _)| i.to_string()).collect::<Vec<_>>().join(", ");
                let first = many[0].0;
                return Ok(Err(Text::message(
                    "said-which-typed-step",
                    [("steps", steps.into()), ("first", first.into()), ("to", to.into())],
                )));
            }
        };
        let Some(citation) = provenance.citation() else {
            return Ok(Err(Text::message("said-step-uncited", [("step", index.into())])));
        };
        // The value as a whole word of the line ("10" is not the "10" of "100"; a Korean particle
        // may follow it: "39000을").
        let whole = regex::Regex::new(&format!(r"(^|[^\p{{N}}A-Za-z]){}($|[^\p{{N}}A-Za-z])", regex::escape(old)))
            .map_err(|e| RuntimeError::BadArgument(e.to_string()))?;
        let Some(found) = whole.captures(&citation.quote).and_then(|c| c.get(0).map(|m| (m, c[1].len(), c[2].len())))
        else {
            return Ok(Err(Text::message("said-step-uncited", [("step", index.into())])));
        };
        let (matched, lead, tail) = found;
        let line =
            format!("{}{}{}", &citation.quote[..matched.start() + lead], to, &citation.quote[matched.end() - tail..]);
        Ok(Ok((citation.clone(), line)))
    }

    /// Why step `step` (else the first that failed) failed in the session's last trial, from
    /// what the run holds: the step, the line it implements, what went wrong and what the
    /// server answered.
    fn why(&self, session_id: &str, events: &[Envelope], step: Option<u32>) -> Result<Text, RuntimeError> {
        let last_trial = events.iter().rev().find_map(|e| match &e.event {
            Event::TrialDone { trial_id, .. } => Some(trial_id.clone()),
            _ => None,
        });
        let Some(trial) = last_trial else {
            return Ok(Text::message("said-why-no-trial", []));
        };
        // The last attempt's result of each step.
        let results: Vec<&TrialStepResult> = events
            .iter()
            .filter_map(|e| match &e.event {
                Event::TrialStep { trial_id, result, .. } if *trial_id == trial => Some(result),
                _ => None,
            })
            .collect();
        let found = match step {
            Some(n) => results.iter().rev().find(|r| r.index == n).copied(),
            None => results.iter().find(|r| r.status == StepStatus::Failed).copied(),
        };
        let Some(result) = found else {
            return Ok(match step {
                Some(n) => Text::message("said-why-no-step", [("step", n.into())]),
                None => Text::message("said-why-passed-all", []),
            });
        };
        if result.status != StepStatus::Failed {
            return Ok(Text::message("said-why-passed", [("step", result.index.into())]));
        }
        let line = self
            .store()
            .session_scenarios(session_id)?
            .iter()
            .flat_map(|s| s.steps.iter())
            .find(|s| s.index == result.index)
            .and_then(|s| s.provenance.citation().cloned())
            .map(|c| if c.is_said() { format!("“{}”", c.quote) } else { format!("{} “{}”", c.label(), c.quote) })
            .unwrap_or_else(|| format!("“{}”", result.intent));
        let reason = result.diagnosis.as_ref().map(|d| d.message.clone()).unwrap_or_default();
        let answered: Vec<String> = result
            .requests
            .iter()
            .filter(|r| r.status >= 400)
            .map(|r| format!("{} {} → {}", r.method, r.path, r.status))
            .collect();
        let id = if answered.is_empty() { "said-why-failed" } else { "said-why-failed-refused" };
        Ok(Text::message(
            id,
            [
                ("step", result.index.into()),
                ("intent", result.intent.as_str().into()),
                ("reason", reason.into()),
                ("line", line.into()),
                ("requests", answered.join(", ").into()),
            ],
        ))
    }

    /// A message that runs nothing: kept with the engine's reply, the reply its run's one
    /// terminal event.
    /// The session's own run that works now, asked to stop at its next step's boundary (the
    /// action in flight done) for a message; the session once it has. A check, or a run of
    /// another process, is not stopped for words: the person is told to say it when it ends.
    async fn after_current_step(&self, session_id: &str) -> Result<(SessionSummary, bool), RuntimeError> {
        let from = self.store().session(session_id)?.last_seq;
        let running: Vec<_> = self.store().runs(session_id)?.into_iter().filter(|r| r.status == "running").collect();
        let ours = !running.is_empty() && running.iter().all(|r| r.kind == "session");
        if !ours || !running.iter().fold(false, |any, r| self.yield_run(&r.id, true) || any) {
            // Ended in between: the message is taken as after any run.
            let summary = self.store().session(session_id)?;
            if summary.status != SessionStatus::Running {
                return Ok((summary, false));
            }
            return Err(RuntimeError::Invalid(Text::message("invalid-said-running", [])));
        }
        let deadline = std::time::Instant::now() + HOLD;
        loop {
            // Its terminal event in the log, so the message comes after it.
            let ended = self
                .store()
                .events(session_id, from)?
                .into_iter()
                .find(|e| e.event.is_terminal() && running.iter().any(|r| r.id == e.run_id));
            if let Some(ended) = ended {
                let summary = self.store().session(session_id)?;
                return match &ended.event {
                    Event::RunCancelled { reason } if reason == &Text::message("cancelled-for-message", []) => {
                        Ok((summary, true))
                    }
                    // A person pressed stop while the message waited: nothing goes on.
                    Event::RunCancelled { .. } => Err(RuntimeError::Invalid(Text::message("said-run-stopped", []))),
                    _ => Ok((summary, false)),
                };
            }
            if std::time::Instant::now() > deadline {
                // A step longer than the hold (a slow model's turn): the run goes on, and the
                // person is told to say it again, never left with a run stopped for nothing.
                running.iter().for_each(|r| {
                    self.yield_run(&r.id, false);
                });
                return Err(RuntimeError::Invalid(Text::message("invalid-said-long-step", [])));
            }
            tokio::time::sleep(std::time::Duration::from_millis(100)).await;
        }
    }

    /// "Check it": the kept scenarios checked against the application as it is now, nothing in
    /// them changed. The message is answered first with what is about to happen; the check's run
    /// follows it.
    async fn check_said(
        self: &Arc<Self>,
        session_id: &str,
        said: Event,
        request: ResumeRequest,
    ) -> Result<RunStarted, RuntimeError> {
        if self.store().session_scenarios(session_id)?.is_empty() {
            return self.reply(session_id, said, Text::message("said-check-nothing", []), request.out_dir);
        }
        self.reply(session_id, said, Text::message("said-checking", []), request.out_dir.clone())?;
        self.replay(crate::ReplayRequest {
            session_id: session_id.to_string(),
            target_url: request.target_url,
            secrets: request.secrets,
            out_dir: request.out_dir,
            browser: request.browser,
            check: true,
        })
        .await
    }

    /// "Check the suite" (see [`Spoken::CheckSuite`]) said to a session: recorded in it and
    /// answered with what is about to be checked — the kept sessions on the application's
    /// address — after the run working in it stops at its step's end (so it can be checked too).
    /// The reply's run and the suite, for the caller to check with each session's secrets;
    /// `None` when the words ask something else.
    pub async fn said_suite(
        self: &Arc<Self>,
        session_id: &str,
        text: &str,
        by: &'static str,
        out_dir: OutDir,
    ) -> Result<Option<(RunStarted, Option<Suite>)>, RuntimeError> {
        let text = text.trim();
        if spoken(text) != Spoken::CheckSuite {
            return Ok(None);
        }
        let mut summary = self.store().session(session_id)?;
        if summary.status == SessionStatus::Running {
            (summary, _) = self.after_current_step(&summary.id).await?;
        }
        let said = Event::UserSaid { text: text.to_string(), by: by.to_string(), taken: SaidAs::Talk };
        let origin = crate::suite::origin_of(&summary.target_url);
        let suite = self.suites()?.into_iter().find(|s| s.origin == origin);
        let reply = match &suite {
            None => Text::message("said-check-suite-nothing", []),
            Some(suite) => Text::message(
                "said-checking-suite",
                [
                    ("sessions", suite.sessions.len().into()),
                    ("scenarios", suite.scenarios.iter().sum::<u32>().into()),
                    ("suite", suite.name.clone().unwrap_or_else(|| suite.origin.clone()).into()),
                ],
            ),
        };
        Ok(Some((self.reply(&summary.id, said, reply, out_dir)?, suite)))
    }

    /// The suite's checks, each session's its own run as `each` (its session aside) asks; a session whose check could not start
    /// (the app unreachable, a secret missing) is said in the session the words were said to.
    async fn check_said_suite(
        self: &Arc<Self>,
        reply: &RunStarted,
        suite: &Suite,
        each: crate::ReplayRequest,
    ) -> Result<(), RuntimeError> {
        let requests = suite
            .sessions
            .iter()
            .map(|session| crate::ReplayRequest {
                session_id: session.id.clone(),
                secrets: each.secrets.clone(),
                // Each session's files in its own folder.
                out_dir: match &each.out_dir {
                    OutDir::Exact(dir) => OutDir::Exact(dir.join(&session.id)),
                    per_session => per_session.clone(),
                },
                browser: each.browser.clone(),
                target_url: each.target_url.clone(),
                check: each.check,
            })
            .collect();
        let started = self.check_all(requests).await;
        for (session, start) in suite.sessions.iter().zip(started) {
            let Err(error) = start else { continue };
            let run_id = self.next_id("run");
            self.store().start_run(&run_id, &reply.session_id, "said")?;
            let reason = error.text();
            let text = Text::message(
                "said-suite-not-checked",
                [("title", session.title.as_str().into()), ("reason", reason.into())],
            );
            self.store().append_event(&reply.session_id, &run_id, Event::Replied { text })?;
            self.store().finish_run(&run_id, "completed", None)?;
        }
        Ok(())
    }

    /// The reply to a message that changes no step; a run stopped for it goes on after it.
    async fn replied(
        self: &Arc<Self>,
        session_id: &str,
        said: Event,
        reply: Text,
        request: ResumeRequest,
        yielded: bool,
    ) -> Result<RunStarted, RuntimeError> {
        if !yielded {
            return self.reply(session_id, said, reply, request.out_dir);
        }
        self.reply(session_id, said, reply, request.out_dir.clone())?;
        self.resume_with(request, None).await
    }

    fn reply(&self, session_id: &str, said: Event, reply: Text, out_dir: OutDir) -> Result<RunStarted, RuntimeError> {
        let run_id = self.next_id("run");
        self.store().start_run(&run_id, session_id, "said")?;
        self.store().append_event(session_id, &run_id, said)?;
        self.store().append_event(session_id, &run_id, Event::Replied { text: reply })?;
        self.store().finish_run(&run_id, "completed", None)?;
        let out_dir = match out_dir {
            OutDir::Exact(dir) => dir,
            OutDir::PerSession(dir) => dir.join(session_id),
        };
        Ok(RunStarted { session_id: session_id.to_string(), run_id, out_dir })
    }
}

#[cfg(test)]
mod tests {
    use super::chosen;
    use specwright_protocol::{Question, QuestionKind, Text};
    use specwright_rails::{option, skip_option, DEFECT};

    fn question(options: Vec<specwright_protocol::QuestionOption>) -> Question {
        Question {
            id: "q".into(),
            kind: QuestionKind::Choice,
            text: Text::said("q"),
            target: None,
            options,
            why: Text::said("why"),
            source: None,
        }
    }

    #[test]
    fn a_yes_or_a_no_chooses_the_one_option_it_fits_and_is_asked_back_otherwise() {
        // "The page says 'Saved!' — is that the message?" (one shown wording, a defect, skip).
        let near = question(vec![option("The page says 'Saved!'", "1"), option("defect", DEFECT), skip_option()]);
        assert_eq!(chosen(&near, "그 메시지 맞아요"), Ok("1".to_string()));
        assert_eq!(chosen(&near, "No, that is a defect"), Ok(DEFECT.to_string()));
        assert_eq!(chosen(&near, "2번"), Ok(DEFECT.to_string()));
        // A yes/no question answers by its own values.
        let screen = question(vec![option("Yes, it is 'Orders'", "yes"), option("No", "no"), skip_option()]);
        assert_eq!(chosen(&screen, "네"), Ok("yes".to_string()));
        assert_eq!(chosen(&screen, "아니요"), Ok("no".to_string()));
        // Two candidates: a yes names neither, so it is asked back, never typed as a value.
        let two =
            question(vec![option("'Save' in the header", "1"), option("'Save' in the dialog", "2"), skip_option()]);
        assert!(chosen(&two, "yes").is_err());
        // Other words are the value the question asked for.
        assert_eq!(chosen(&question(Vec::new()), "12,000"), Ok("12,000".to_string()));
        assert_eq!(chosen(&question(vec![skip_option()]), "OK"), Ok("OK".to_string()));
    }
}

// Generated from the Rust types in crates/protocol and crates/scenario.
// Do not edit: run `make bindings` after changing them (CI fails when this file is stale).
/* eslint-disable */
import { invoke, Channel } from '@tauri-apps/api/core';

export type Scenario = { schema_version: number, id: string, title: string, 
/**
 * Base URL of the application under test; relative `goto` URLs are resolved against it.
 */
target_url: string, variables: Array<Variable>, 
/**
 * When present the scenario is data-driven: it runs once per row, and `test_data`
 * variables take that row's value.
 */
data: TestData | null, preconditions: Array<Precondition>, steps: Array<Step>, assumptions: Array<Assumption>, open_questions: Array<string>, };

export type Variable = { name: string, source: VariableSource, };

export type VariableSource = { "kind": "literal", value: string, } | { "kind": "test_data", column: string, } | { "kind": "secret" };

export type TestData = { columns: Array<string>, rows: Array<Array<string>>, 
/**
 * Where the table came from.
 */
citation: Citation | null, };

export type Precondition = { condition: Condition, text: string, provenance: Provenance, };

export type Condition = { "kind": "target_url", url: string, } | { "kind": "role", role: string, } | { "kind": "storage_state", name: string, } | { "kind": "reset", command: string, } | { "kind": "note" };

export type Step = { index: number, 
/**
 * The human sentence the step implements.
 */
intent: string, action: Action, provenance: Provenance, verification: Verification, 
/**
 * The spec expects the application to refuse this step (a negative test: a wrong password,
 * a required field left empty), so an error it shows afterwards is the result, not a failure.
 * Otherwise a step after which the app shows an error, marks a field invalid or answers
 * 4xx/5xx fails with the app's own words.
 */
expects_refusal: boolean, 
/**
 * The request the action sent to the app and the app accepted when the step was recorded (a
 * form's post, a save's fetch): every trial and the exported test wait for it, and the step
 * fails when it is not sent or the app answers 4xx/5xx. Steps recorded before it was kept,
 * and steps that sent no change, have none.
 */
response?: ResponseCheck, 
/**
 * The times a person approved a new element for this step after a check found the recorded
 * one gone (the app renamed or moved it), oldest first: which run proposed it, who
 * approved, and the locators it had before.
 */
heals?: Array<Heal>, };

export type ResponseCheck = { 
/**
 * `POST`, `PUT`, `PATCH`, `DELETE`.
 */
method: string, 
/**
 * The path on the app's origin, without its query; a segment that may name a record — one
 * holding a digit, a dash or an underscore (a number, a slug, a run's tag, a version) — is
 * `*`, any one segment: `/api/items/*`.
 */
path: string, };

export type Heal = { 
/**
 * The check's run that found the element in its new place.
 */
run_id: string, 
/**
 * Who approved it: `window` (a person), `answers_file`, `terminal`.
 */
approved_by: string, 
/**
 * The element as the step had it before.
 */
was: Target, 
/**
 * When it was approved (ms since the epoch).
 */
at_ms: number, };

export type Action = { "type": "goto", url: string, } | { "type": "click", target: Target, } | { "type": "fill", target: Target, value: Value, } | { "type": "select", target: Target, value: Value, } | { "type": "check", target: Target, } | { "type": "uncheck", target: Target, } | { "type": "press", target: Target, key: string, } | { "type": "hover", target: Target, } | { "type": "double_click", target: Target, } | { "type": "type", target: Target, value: Value, } | { "type": "upload", target: Target, files: Array<string>, } | { "type": "drag", target: Target, to: Target, } | { "type": "scroll_into_view", target: Target, } | { "type": "back" } | { "type": "reload" } | { "type": "wait_for", condition: WaitCondition, } | { "type": "dialog", accept: boolean, prompt_text: string | null, } | { "type": "switch_page", index: number, } | { "type": "expect", target: Target, assertion: Assertion, } | { "type": "expect_page", assertion: PageAssertion, };

export type WaitCondition = { "kind": "element", target: Target, state: ElementState, } | { "kind": "url", expected: string, } | { "kind": "network_idle" };

export type ElementState = "visible" | "hidden" | "attached" | "detached";

export type Target = { strategies: Array<Locator>, 
/**
 * Frame selectors from the page down to the element's frame; empty for the main frame.
 */
frame_path: Array<string>, 
/**
 * Containers the element is found inside, outermost first: its table row, region or dialog
 * ("the 'Add' link in the 'Groups' row"). Each strategy is looked up inside them.
 */
within: Array<Locator>, 
/**
 * The element is any one of the matches, the first visible: a text the spec expects to be
 * shown, naming no place, may be shown in several (a message and the list).
 */
first_visible: boolean, };

export type Locator = { "by": "role", role: string, name: string, exact: boolean, } | { "by": "label", text: string, } | { "by": "placeholder", text: string, } | { "by": "test_id", id: string, } | { "by": "text", text: string, exact: boolean, } | { "by": "css", selector: string, };

export type Value = { "kind": "literal", value: string, } | { "kind": "variable", name: string, } | { "kind": "secret", name: string, };

export type Assertion = { "kind": "visible" } | { "kind": "hidden" } | { "kind": "text", expected: string, } | { "kind": "contains_text", expected: string, } | { "kind": "value", expected: string, } | { "kind": "count", expected: number, } | { "kind": "enabled" } | { "kind": "disabled" } | { "kind": "checked" };

export type PageAssertion = { "kind": "url", expected: string, } | { "kind": "title", expected: string, } | { "kind": "download", file_name: string, };

export type Provenance = { "source": "spec", citation: Citation, } | { "source": "answer", question_id: string, 
/**
 * The answer as the person gave or chose it (an option's words, not its number).
 */
answer: string, 
/**
 * The question as the person read it, in the scenario's language; absent in scenarios
 * recorded before it was kept.
 */
question?: string, 
/**
 * The spec's line the answer resolved ("which '회원가입' did the spec mean?"): the step
 * still implements it, and the report shows both.
 */
citation?: Citation, 
/**
 * Who answered: `window` (a person in the window), `answers_file`, `terminal`.
 */
by?: string, } | { "source": "assumption", assumption_id: string, } | { "source": "observed", snapshot_ref: string, } | { "source": "said", words: string, 
/**
 * Where it was said: `window` or `terminal`.
 */
by: string, at_ms: number, citation: Citation, };

export type Citation = { document: string, 
/**
 * Stable anchor of the section (`document#slug`).
 */
anchor: string, section: string, 
/**
 * 1-based line number in the document.
 */
line: number, quote: string, 
/**
 * 1-based page, for paged documents (PDF).
 */
page?: number, 
/**
 * The sheet of a spreadsheet record.
 */
sheet?: string, 
/**
 * 1-based row in `sheet`.
 */
row?: number, };

export type Assumption = { id: string, text: string, made_by: string, status: AssumptionStatus, };

export type AssumptionStatus = "open" | "confirmed" | "rejected";

export type Verification = "unverified" | "explored" | "passed" | "failed" | "flaky";

export type StepStatus = "passed" | "failed" | "skipped";

export type DiagnosisKind = "not_found" | "ambiguous" | "assertion_mismatch" | "navigation" | "timeout" | "missing_value" | "refused" | "other";

export type Diagnosis = { kind: DiagnosisKind, message: string, expected: string | null, actual: string | null, 
/**
 * Elements on the page that come closest to the missing target.
 */
candidates: Array<string>, };

export type RequestRecord = { method: string, 
/**
 * The URL's path and query on the app's origin (the whole URL on another origin).
 */
path: string, status: number, duration_ms: number, };

export type Relocation = { 
/**
 * Durable locators of the element found, each unique on the page when it was found.
 */
target: Target, 
/**
 * The element as people name it: `button "로그인하기"`.
 */
found: string, 
/**
 * It is the recorded element itself, found by a locator recorded with it (its test id,
 * its id, its label): only its name or place changed. Otherwise its name comes close to the
 * recorded one and no other element's does.
 */
same_element: boolean, };

export type CheckOutcome = "passed" | "drifted" | "failed" | "blocked" | "not_verified";

export type Judgement = { 
/**
 * The scenario judged (a workbook's check judges each of its cases); empty in judgements
 * recorded before a check covered several.
 */
scenario_id: string, 
/**
 * Its title, as a person tells the cases apart.
 */
title: string, outcome: CheckOutcome, 
/**
 * The step that failed (failed, blocked), as its number in the scenario.
 */
step: number | null, 
/**
 * What the app said or showed there, in its own words.
 */
message: string | null, 
/**
 * For a drift: each step whose element moved, and where it is now (the same in every run).
 */
relocations: Array<Proposal>, };

export type Proposal = { step: number, intent: string, 
/**
 * The element as recorded: `button "로그인"`.
 */
was: string, relocation: Relocation, 
/**
 * Both elements as a planner names them ("'로그인' 버튼"), when they have a name.
 */
was_words: Text | null, found_words: Text | null, 
/**
 * The step's line of the exported Playwright test, before and after.
 */
code_was: string, code_now: string, };

export type SentenceChange = "unchanged" | "changed" | "added" | "removed";

export type ComparedSentence = { change: SentenceChange, 
/**
 * The case (a sheet's `TC-01`, or the spec's title for a prose spec's one scenario).
 */
case: string, 
/**
 * Where the sentence was written in the earlier version (none when added).
 */
was: Citation | null, 
/**
 * Where it is written now (none when removed).
 */
now: Citation | null, 
/**
 * The recorded steps kept (unchanged) or left out (removed).
 */
steps: number, 
/**
 * Its recorded steps are replayed as they were. An unchanged sentence after a change in its
 * case (or in a case whose preconditions changed) is explored again instead: what it means
 * may rest on what came before it ("the dialog closes", "the record appears").
 */
kept: boolean, };

export type Comparison = { 
/**
 * The session explored from the earlier version.
 */
earlier_session: string, sentences: Array<ComparedSentence>, };

export type TrialStepResult = { index: number, intent: string, status: StepStatus, duration_ms: number, diagnosis: Diagnosis | null, 
/**
 * Mirror frame file taken after the step, if any.
 */
frame: string | null, 
/**
 * Console errors and failed requests the page reported during the step.
 */
console_errors: Array<string>, 
/**
 * The requests the step caused (pages, forms, fetches) and how the server answered: the
 * evidence beside the screen that a save reached the server, or was refused by it.
 */
requests?: Array<RequestRecord>, 
/**
 * In a check (`specwright check`): the element the step recorded was not found, and the
 * same control under a new name or in a new place was, with which the step went on. The
 * step still failed as recorded (its status says so); a person may approve the new locator.
 */
relocated?: Relocation, };

export type TrialRun = { 
/**
 * 1-based attempt; trials run each row more than once to catch flakiness.
 */
attempt: number, 
/**
 * 0-based test-data row, for data-driven scenarios.
 */
row: number | null, passed: boolean, duration_ms: number, steps: Array<TrialStepResult>, };

export type TrialReport = { trial_id: string, scenario_id: string, 
/**
 * Every run passed.
 */
passed: boolean, 
/**
 * Attempts of the same row disagreed.
 */
flaky: boolean, runs: Array<TrialRun>, 
/**
 * When the trial started (ms since the epoch), for the report; absent in older reports.
 */
started_at_ms?: number, 
/**
 * The browser it ran in ("Chromium 140.0.7339.80"), for the report.
 */
browser?: string, };

export type Severity = "error" | "warning" | "info";

export type Finding = { severity: Severity, 
/**
 * `schema`, `unauthorized_addition`, `open_assumption`, `no_assertion_after_change`,
 * `no_assertion`, `trial_failed`, `flaky`.
 */
code: string, step: number | null, 
/**
 * A sentence for a person: a catalog message, rendered in the reader's language.
 */
message: Text, };

export type Verdict = "not_run" | "passed" | "passed_with_warnings" | "not_verified" | "failed" | "flaky";

export type Text = string | Message;

export type Message = { id: string, args: { [key in string]: Arg }, };

export type Arg = number | string | Message;

export type Envelope = { session_id: string, run_id: string, 
/**
 * 1-based, gap-free within a session.
 */
seq: number, at_ms: number, event: Event, };

export type Event = { "type": "session.started", title: string, engine: string, target_url: string, documents: Array<string>, } | { "type": "ingest.progress", document: string, stage: IngestStage, sections: number, chunks: number, embedded: number, } | { "type": "ingest.done", documents: number, sections: number, steps_found: number, chunks: number, semantic: boolean, } | { "type": "message.done", text: Text, } | { "type": "message.delta", text: string, } | { "type": "usage", model: string, prompt_tokens: number, completion_tokens: number, cost_usd: number | null, cached_tokens: number, first_byte_ms: number, } | { "type": "llm.retrying", attempt: number, reason: string, delay_ms: number, } | { "type": "tool.call", call_id: string, tool: string, summary: Text, } | { "type": "tool.result", call_id: string, tool: string, ok: boolean, summary: Text, console_errors: Array<string>, } | { "type": "mirror.frame", file: string, step_index: number | null, intent: string, url: string, target?: FrameBox, } | { "type": "confirm.requested", action: string, reason: Text, } | { "type": "scenario.draft", scenario: Scenario, } | { "type": "trial.step", trial_id: string, attempt: number, row: number | null, result: TrialStepResult, } | { "type": "trial.done", trial_id: string, 
/**
 * The title of the scenario the trial ran (a workbook case's), for the run's case list;
 * absent in events recorded before it was said.
 */
scenario?: string, passed: boolean, flaky: boolean, 
/**
 * What the trial proved, the review's findings weighed (a pass of a scenario that
 * checks nothing is `not_verified`); absent in events recorded before it was said.
 */
verdict?: Verdict, runs: number, failed_steps: number, duration_ms: number, 
/**
 * A run sent a request that may change the app's data (a login's aside): what a later
 * replay's trials side by side go by. Absent in events recorded before it was said.
 */
changed_data?: boolean, } | { "type": "review.findings", findings: Array<Finding>, } | { "type": "exports.written", scenario: string, out_dir: string, outputs: Array<OutputFile>, } | { "type": "check.judged", judgement: Judgement, } | { "type": "heal.started", check_run_id: string, scenario_ids: Array<string>, } | { "type": "spec.compared", comparison: Comparison, } | { "type": "session.completed", out_dir: string, outputs: Array<OutputFile>, } | { "type": "run.cancelled", reason: Text, } | { "type": "question.asked", question: Question, } | { "type": "question.answered", question_id: string, answer: string, source: string, } | { "type": "session.waiting", question: Question, } | { "type": "user.said", text: string, by: string, taken: SaidAs, } | { "type": "said.replied", text: Text, } | { "type": "error", code: string, message: Text, };

export type SaidAs = { "as": "steps", 
/**
 * The words as a spec line ("check that the total shows 3"), which the engines read.
 */
line: string, after?: Citation, } | { "as": "skip", citation: Citation, } | { "as": "replace", citation: Citation, line: string, } | { "as": "undo" } | { "as": "answer", question_id: string, } | { "as": "talk" } | { "as": "turn" };

export type FrameBox = { x: number, y: number, width: number, height: number, };

export type IngestStage = "read" | "parsed" | "chunked" | "embedding" | "unchanged";

export type Question = { 
/**
 * Stable for the same question in the same place, so a remembered answer finds it again.
 */
id: string, kind: QuestionKind, 
/**
 * The question, in the reader's language once rendered.
 */
text: Text, 
/**
 * The words of the spec the question is about ("'내보내기' 버튼").
 */
target: string | null, 
/**
 * 2–6 choices; empty when a value is asked for.
 */
options: Array<QuestionOption>, 
/**
 * Why the run cannot decide alone.
 */
why: Text, 
/**
 * The cited spec line, `document#L12` or `book.xlsx#Sheet!5`.
 */
source: string | null, };

export type QuestionKind = "target" | "secret" | "confirm" | "screen" | "choice" | "step";

export type QuestionOption = { 
/**
 * What the person reads: the page's own words for an element, or a catalog message.
 */
label: Text, value: string, 
/**
 * Where the element this option names sits in the frame shown with the question, so
 * hovering the option outlines it in the mirror.
 */
target?: FrameBox, };

export type OutputFile = { 
/**
 * `scenario`, `playwright`, `playwright_config`, `plan`, `trial`.
 */
kind: string, path: string, };

export type SessionStatus = "running" | "waiting" | "completed" | "failed" | "cancelled" | "interrupted";

export type SessionSummary = { id: string, title: string, status: SessionStatus, engine: string, target_url: string, created_at_ms: number, updated_at_ms: number, last_seq: number, 
/**
 * What the latest trial proved, for the list's icon; absent before any trial.
 */
verdict?: Verdict, 
/**
 * The first attached document's name: sessions of the same title told apart.
 */
document?: string, };

export type Suite = { origin: string, 
/**
 * The name a person gave it; none: its origin names it.
 */
name: string | null, sessions: Array<SessionSummary>, 
/**
 * How many scenarios each session keeps (a test-case sheet's session: one per case), in
 * the order of `sessions`.
 */
scenarios: Array<number>, 
/**
 * The secrets its scenarios need, by name (never a value), and whether each is remembered
 * in the keychain for this app: what a check of it asks for or finds.
 */
secrets: Array<SuiteSecret>, };

export type SuiteCheckRun = { session_id: string, 
/**
 * The check's run; none when it could not start.
 */
run_id: string | null, 
/**
 * Why it could not start (the app unreachable, a password missing).
 */
refused: ApiError | null, };

export type SuiteExport = { out_dir: string, tests: number, shards: number, files: Array<OutputFile>, };

export type SuiteSecret = { name: string, 
/**
 * Kept in the OS keychain for the suite's app: a check from the window finds it.
 */
remembered: boolean, };

export type SessionDetail = { summary: SessionSummary, documents: Array<string>, events: Array<Envelope>, };

export type ApiError = { code: string, message: Text, };

export type ProviderKind = "offline" | "open_ai" | "azure";

export type Theme = "system" | "light" | "dark";

export type Settings = { provider: ProviderKind, base_url: string, model: string, 
/**
 * Azure OpenAI only.
 */
azure_api_version: string, 
/**
 * Seconds the model server may take before its answer starts (a local model on a laptop
 * CPU reads a long prompt for minutes); 0 is the default for the endpoint.
 */
first_answer_wait_secs: number, 
/**
 * The model's context window in tokens; 0 asks the server (llama.cpp, Ollama, LM Studio
 * say it).
 */
context_window: number, 
/**
 * Empty: the Chromium found on this machine; otherwise a browser executable's path, a
 * channel (`chrome`, `msedge`) or a remote endpoint (`ws://…`, `http://…` for CDP).
 */
browser: string, 
/**
 * Origins pages may visit besides the target (an SSO provider, say).
 */
allowed_origins: Array<string>, 
/**
 * `ko` or `en`; empty follows the OS.
 */
language: string, theme: Theme, };

export type ApiKeyStatus = { stored: boolean, 
/**
 * e.g. `sk-…1234`.
 */
masked: string | null, 
/**
 * `SPECWRIGHT_LLM_API_KEY` is set and overrides the keychain.
 */
from_environment: boolean, };

export type SpecFile = { "kind": "path", path: string, } | { "kind": "bytes", name: string, bytes: Array<number>, };

export type NewSessionRequest = { files: Array<SpecFile>, 
/**
 * Where the application runs; ignored with `demo_app`.
 */
target_url: string, 
/**
 * Serve the bundled demo app and run against it (offline demos).
 */
demo_app: boolean, title: string | null, 
/**
 * What to test in the person's own words: the session's first message, its title when none
 * is given; with no file, the session is built from the words alone.
 */
words: string | null, };

export type StartedSession = { session_id: string, run_id: string, 
/**
 * The folder the run writes its exports to.
 */
out_dir: string, };

export type CodeFile = { name: string, content: string, };

export type SavedExports = { folder: string, 
/**
 * File names inside `folder`.
 */
files: Array<string>, };

export type SourceSection = { document: string, title: string, lines: Array<SourceLine>, };

export type SourceLine = { number: number, text: string, };

export type EventType = Event['type'];

export const commands = {
  /** All sessions, newest first. */
  listSessions: (): Promise<SessionSummary[]> => invoke<SessionSummary[]>('list_sessions'),
  /** One session with its whole event log. */
  getSession: (sessionId: string): Promise<SessionDetail> => invoke<SessionDetail>('get_session', { sessionId }),
  /** Replays events after `afterSeq`, then streams live ones until the session's run ends. */
  subscribe: (sessionId: string, afterSeq: number, onEvent: Channel<Envelope>): Promise<void> => invoke<void>('subscribe', { sessionId, afterSeq, onEvent }),
  /** Answers the question a session waits at (an option's value or free text); the session resumes. */
  answerQuestion: (sessionId: string, questionId: string, answer: string): Promise<void> => invoke<void>('answer_question', { sessionId, questionId, answer }),
  /** Answers a secret question (a password) from a masked field: the value goes to the OS keychain when `remember`, else is held in memory for this session's runs only; it never reaches an event, a log or the database. The session resumes. */
  answerSecret: (sessionId: string, questionId: string, value: string, remember: boolean): Promise<void> => invoke<void>('answer_secret', { sessionId, questionId, value, remember }),
  /** What a person says to a session in their words: recorded first, then it answers the question the session waits at, adds, skips or undoes steps and goes on from the scenario, or is replied to (why a step failed, what a message can do). */
  sayToSession: (sessionId: string, words: string): Promise<void> => invoke<void>('say_to_session', { sessionId, words }),
  /** A mirror frame's JPEG bytes (raw, never base64). */
  readFrame: (sessionId: string, file: string): Promise<ArrayBuffer> => invoke<ArrayBuffer>('read_frame', { sessionId, file }),
  /** Reads the files, checks the target, and starts a session with the engine of the settings. */
  startSession: (request: NewSessionRequest): Promise<StartedSession> => invoke<StartedSession>('start_session', { request }),
  /** The bundled sample PRD on the bundled demo shop, with the engine of the settings: the product at work before a person brings a spec. */
  startSample: (): Promise<StartedSession> => invoke<StartedSession>('start_sample'),
  /** Runs a waiting, interrupted, failed or cancelled session again, its answers remembered. */
  resumeSession: (sessionId: string): Promise<StartedSession> => invoke<StartedSession>('resume_session', { sessionId }),
  /** A new session from the same documents and target. */
  duplicateSession: (sessionId: string): Promise<StartedSession> => invoke<StartedSession>('duplicate_session', { sessionId }),
  /** Cancels the session's running run; false when none runs. */
  cancelSession: (sessionId: string): Promise<boolean> => invoke<boolean>('cancel_session', { sessionId }),
  /** Deletes a session that is not running, with its events, scenario and frames. */
  deleteSession: (sessionId: string): Promise<void> => invoke<void>('delete_session', { sessionId }),
  /** The session's scenario as code (playwright, robot, gherkin-ko, gherkin-en, markdown, mermaid). */
  exportCode: (sessionId: string, format: string): Promise<CodeFile[]> => invoke<CodeFile[]>('export_code', { sessionId, format }),
  /** Asks for a folder (the system's folder picker) and writes every export of the session into a new folder inside it; null when the person cancels. */
  saveExports: (sessionId: string): Promise<SavedExports | null> => invoke<SavedExports | null>('save_exports', { sessionId }),
  /** Opens a finished session's result with the system's own application: `report` (the HTML report), `pdf` (the report printed to PDF, made first), `plan` (the test plan) or `folder` (the output folder). Returns the path opened. */
  openOutput: (sessionId: string, kind: string): Promise<string> => invoke<string>('open_output', { sessionId, kind }),
  /** Asks for a folder and writes the session's share bundle (a file a colleague imports) into it, named after the session; null when the person cancels. */
  shareBundle: (sessionId: string): Promise<string | null> => invoke<string | null>('share_bundle', { sessionId }),
  /** The section of a session's document a citation points into, line by line. */
  readSource: (sessionId: string, document: string, anchor: string): Promise<SourceSection> => invoke<SourceSection>('read_source', { sessionId, document, anchor }),
  /** The person agrees to send a session opened from a share bundle to the address its bundle names (until then its runs are refused with `imported_target`). */
  trustImportTarget: (sessionId: string): Promise<void> => invoke<void>('trust_import_target', { sessionId }),
  /** Trial-runs the stored scenario again (no engine), with per-step results as events. */
  replaySession: (sessionId: string): Promise<StartedSession> => invoke<StartedSession>('replay_session', { sessionId }),
  /** Checks the kept scenarios (a workbook's cases each) against the app as it is now (no engine): a step whose element is gone goes on with the same control found in its place, and each scenario's trial ends with its `check.judged` (passed, drifted with the new elements proposed, failed, blocked). */
  checkSession: (sessionId: string): Promise<StartedSession> => invoke<StartedSession>('check_session', { sessionId }),
  /** Checks every session of a suite (its origin, any URL on it, or its name) at once: each its own run, as `check_session` starts one, all in contexts of one browser, side by side where the shared-data rule allows. Each session's run, or why it could not start, in the suite's order. */
  checkSuite: (suite: string): Promise<SuiteCheckRun[]> => invoke<SuiteCheckRun[]>('check_suite', { suite }),
  /** Approves the new elements a drifted check (`run_id`) proposed for one scenario (`scenario_id`, a workbook's case; empty approves every drifted one) and trial-runs the healed scenario; unless that trial passes, the scenario is put back as it was. */
  approveHeals: (sessionId: string, runId: string, scenarioId: string): Promise<StartedSession> => invoke<StartedSession>('approve_heals', { sessionId, runId, scenarioId }),
  /** The suites: the kept scenarios of each application, by the address it runs at (or the name a person gave it), newest first. */
  listSuites: (): Promise<Suite[]> => invoke<Suite[]>('list_suites'),
  /** Names the suite `suite` picks (its address, any URL on it, or its name); an empty name gives it back its address as its name. Returns the suite as named. */
  renameSuite: (suite: string, name: string): Promise<Suite> => invoke<Suite>('rename_suite', { suite, name }),
  /** Writes the suite's kept scenarios as one Playwright project in a folder the person picks (as `suite-<name>` in it): a test file per scenario, one configuration (base URL and secrets from the environment, HTML and JUnit reports), a README, and CI files that shard it. `None` when the person cancelled the dialog. */
  exportSuite: (suite: string): Promise<SuiteExport | null> => invoke<SuiteExport | null>('export_suite', { suite }),
  /** How a new version of the session's spec (the files) differs from the version the session was explored from, sentence by sentence (unchanged, changed, new, removed); nothing runs. */
  compareSpec: (sessionId: string, files: SpecFile[]): Promise<Comparison> => invoke<Comparison>('compare_spec', { sessionId, files }),
  /** A new session from a new version of the session's spec, on its target: the steps of unchanged sentences are kept (cited at their new lines), changed and new sentences are explored, removed ones left out, and the earlier answers remembered. */
  reviseSession: (sessionId: string, files: SpecFile[]): Promise<StartedSession> => invoke<StartedSession>('revise_session', { sessionId, files }),
  /** The saved settings (defaults when none). */
  getSettings: (): Promise<Settings> => invoke<Settings>('get_settings'),
  /** Checks and saves the settings; returns them as stored. */
  saveSettings: (settings: Settings): Promise<Settings> => invoke<Settings>('save_settings', { settings }),
  /** Whether the OS keychain holds a key for this endpoint (masked). */
  apiKeyStatus: (baseUrl: string): Promise<ApiKeyStatus> => invoke<ApiKeyStatus>('api_key_status', { baseUrl }),
  /** Stores the key for this endpoint in the OS keychain. */
  storeApiKey: (baseUrl: string, key: string): Promise<ApiKeyStatus> => invoke<ApiKeyStatus>('store_api_key', { baseUrl, key }),
  /** Removes the key for this endpoint from the OS keychain. */
  forgetApiKey: (baseUrl: string): Promise<ApiKeyStatus> => invoke<ApiKeyStatus>('forget_api_key', { baseUrl }),
  /** One small request with these settings and the stored key; the model's reply. */
  checkProvider: (settings: Settings): Promise<string> => invoke<string>('check_provider', { settings }),
};

export { Channel };

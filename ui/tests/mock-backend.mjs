// Why: the desktop shell's IPC, played by the page itself, so the real UI build runs in a plain
// browser: recorded event streams of real sessions are replayed through real Tauri Channels
// (`transformCallback` + indexed messages), and every command the UI sends is recorded for the
// tests to check. Installed with `page.addInitScript(installMockBackend, fixtures)`.

/* eslint-disable */
export function installMockBackend(fixtures) {
  const callbacks = new Map();
  let nextCallback = 1;
  const calls = [];
  const sessions = new Map();
  for (const detail of fixtures.sessions) sessions.set(detail.summary.id, structuredClone(detail));
  let settings = structuredClone(fixtures.settings);
  const keys = new Map();
  const failures = new Map(Object.entries(fixtures.failures ?? {}));
  const frame = Uint8Array.from(atob(fixtures.frameBase64), (c) => c.charCodeAt(0));
  let counter = 0;
  // Suite names a person gave, by origin.
  const suiteNames = new Map();
  // Open subscriptions: session id → channel callback id and next message index.
  const streams = new Map();
  // Sessions opened from a share bundle whose address nobody here has agreed to yet.
  const untrusted = new Set(fixtures.untrusted ?? []);

  function apiError(code, message) {
    return { code, message };
  }

  function deliver(sessionId, envelopes) {
    const stream = streams.get(sessionId);
    if (!stream) return;
    const callback = callbacks.get(stream.id);
    if (!callback) return;
    for (const envelope of envelopes) callback({ index: stream.index++, message: envelope });
  }

  function append(sessionId, runId, events) {
    const detail = sessions.get(sessionId);
    const envelopes = events.map((event) => {
      detail.summary.last_seq += 1;
      return { session_id: sessionId, run_id: runId, seq: detail.summary.last_seq, at_ms: Date.now(), event };
    });
    detail.events.push(...envelopes);
    detail.summary.updated_at_ms = Date.now();
    setTimeout(() => deliver(sessionId, envelopes), 50);
  }

  /** The comparison of a new version of a session's spec with its draft's spec steps. */
  function mockComparison(sessionId) {
    const draft = sessions.get(sessionId).events.filter((e) => e.event.type === 'scenario.draft').at(-1);
    if (!draft) throw apiError('no_scenario', 'This session has no stored scenario yet: complete a session first.');
    const cited = [
      ...new Map(
        draft.event.scenario.steps
          .map((s) => s.provenance)
          .filter((p) => p.source === 'spec')
          .map((p) => [p.citation.line, p.citation]),
      ).values(),
    ];
    const moved = (c, by) => ({ ...c, line: c.line + by });
    const last = cited.at(-1);
    const sentences = cited.map((c, i) => {
      const title = draft.event.scenario.title;
      if (i === 0) return { change: 'changed', case: title, was: c, now: { ...moved(c, 1), quote: `${c.quote} (v2)` }, steps: 1, kept: false };
      if (i === 1) return { change: 'removed', case: title, was: c, now: null, steps: 1, kept: false };
      // After the change at the top, the runtime explores the unchanged sentences again.
      return { change: 'unchanged', case: title, was: c, now: moved(c, 0), steps: 1, kept: false };
    });
    sentences.push({ change: 'added', case: draft.event.scenario.title, was: null, now: { ...moved(last, 2), quote: "'상품 관리' 링크가 보이는지 확인한다." }, steps: 0, kept: false });
    return { earlier_session: sessionId, sentences };
  }

  function newSession(title, target) {
    counter += 1;
    const id = `ses_new${counter}`;
    const now = Date.now();
    const summary = {
      id,
      title,
      status: 'running',
      engine: settings.provider === 'offline' ? 'offline' : `llm:${settings.model}`,
      target_url: target,
      created_at_ms: now,
      updated_at_ms: now,
      last_seq: 0,
    };
    sessions.set(id, { summary, documents: [], events: [] });
    return id;
  }

  const handlers = {
    list_sessions: () => [...sessions.values()].map((d) => structuredClone(d.summary)),
    get_session: ({ sessionId }) => structuredClone(sessions.get(sessionId)),
    subscribe: ({ sessionId, afterSeq, onEvent }) => {
      const detail = sessions.get(sessionId);
      if (!detail) throw apiError('session_not_found', `Session ${sessionId} does not exist.`);
      streams.set(sessionId, { id: onEvent.id, index: 0 });
      const replay = detail.events.filter((e) => e.seq > afterSeq);
      setTimeout(() => deliver(sessionId, replay), 10);
      return null;
    },
    read_frame: () => frame.buffer.slice(0),
    answer_question: ({ sessionId, questionId, answer }) => {
      const detail = sessions.get(sessionId);
      if (detail.summary.status !== 'waiting') throw apiError('bad_argument', 'This session is not waiting for an answer.');
      detail.summary.status = 'running';
      const run = `run_answer${++counter}`;
      append(sessionId, run, [
        { type: 'question.answered', question_id: questionId, answer, source: 'user' },
        { type: 'message.done', text: `Continuing with the answer: ${answer}` },
      ]);
      setTimeout(() => {
        detail.summary.status = 'completed';
        append(sessionId, run, [{ type: 'session.completed', out_dir: `out/${sessionId}`, outputs: [] }]);
      }, 300);
      return null;
    },
    // As the core does: the message first; a question ("…?") is replied to and nothing runs;
    // other words go on from the scenario with a step that cites them as said.
    say_to_session: ({ sessionId, words }) => {
      const detail = sessions.get(sessionId);
      if (detail.summary.status === 'running') {
        // The run stops after the step it is on, with its one terminal event, then the message is taken.
        const working = detail.events.at(-1)?.run_id ?? 'run_working';
        append(sessionId, working, [{ type: 'run.cancelled', reason: { id: 'cancelled-for-message', args: {} } }]);
        detail.summary.status = 'cancelled';
      }
      const run = `run_said${++counter}`;
      const seq = detail.summary.last_seq + 1;
      if (words.trim().endsWith('?')) {
        append(sessionId, run, [
          { type: 'user.said', text: words, by: 'window', taken: { as: 'talk' } },
          { type: 'said.replied', text: 'Every step passed in the last trial.' },
        ]);
        return null;
      }
      append(sessionId, run, [{ type: 'user.said', text: words, by: 'window', taken: { as: 'steps', line: words } }]);
      detail.summary.status = 'running';
      const draft = detail.events.filter((e) => e.event.type === 'scenario.draft').at(-1);
      setTimeout(() => {
        const scenario = structuredClone(draft.event.scenario);
        const last = scenario.steps.at(-1);
        const citation = { document: 'said', anchor: `said#${seq}`, section: '', line: seq, quote: words };
        scenario.steps.push({
          ...last,
          index: last.index + 1,
          intent: words,
          provenance: { source: 'said', words, by: 'window', at_ms: Date.now(), citation },
        });
        detail.summary.status = 'completed';
        append(sessionId, run, [
          { type: 'scenario.draft', scenario },
          { type: 'session.completed', out_dir: `out/${sessionId}`, outputs: [] },
        ]);
      }, 300);
      return null;
    },
    // As the core does: the value is kept (keychain or memory), and the log says only "••••".
    answer_secret: ({ sessionId, questionId, value, remember }) => {
      const detail = sessions.get(sessionId);
      const last = detail.events.at(-1)?.event;
      if (detail.summary.status !== 'waiting' || last?.type !== 'session.waiting' || last.question.kind !== 'secret') {
        throw apiError('bad_argument', { id: 'invalid-not-secret-question', args: {} });
      }
      if (!value) throw apiError('bad_argument', { id: 'invalid-secret-length', args: {} });
      if (remember) keys.set(`secret:${detail.summary.target_url}:${questionId}`, value);
      detail.summary.status = 'running';
      const run = `run_secret${++counter}`;
      append(sessionId, run, [{ type: 'question.answered', question_id: questionId, answer: '••••', source: 'secret' }]);
      setTimeout(() => {
        detail.summary.status = 'completed';
        append(sessionId, run, [{ type: 'session.completed', out_dir: `out/${sessionId}`, outputs: [] }]);
      }, 300);
      return null;
    },
    start_session: ({ request }) => {
      if (request.files.length === 0 && request.words) {
        // A session from words alone: the words its first event and its title.
        const id = newSession(request.title ?? request.words, request.demo_app ? 'http://127.0.0.1:4000' : request.target_url);
        const run = `run_words${counter}`;
        append(id, run, [
          { type: 'user.said', text: request.words, by: 'window', taken: { as: 'steps', line: request.words } },
          { type: 'session.started', title: request.title ?? request.words, engine: 'offline', target_url: 'http://127.0.0.1:4000', documents: [] },
        ]);
        return { session_id: id, run_id: run, out_dir: `out/${id}` };
      }
      if (request.files.length === 0) throw apiError('no_specs', 'No spec attached.');
      const name = request.files[0].kind === 'bytes' ? request.files[0].name : request.files[0].path;
      const id = newSession(request.title ?? name, request.demo_app ? 'http://127.0.0.1:4000' : request.target_url);
      const run = `run_start${counter}`;
      append(id, run, [
        { type: 'session.started', title: request.title ?? name, engine: 'offline', target_url: 'http://127.0.0.1:4000', documents: [name] },
        { type: 'ingest.progress', document: name, stage: 'parsed', sections: 3, chunks: 0, embedded: 0 },
        { type: 'ingest.progress', document: name, stage: 'chunked', sections: 3, chunks: 4, embedded: 0 },
        { type: 'ingest.done', documents: 1, sections: 3, steps_found: 2, chunks: 4, semantic: true },
        // The vectors follow in the background while the run goes on.
        { type: 'ingest.progress', document: name, stage: 'embedding', sections: 3, chunks: 4, embedded: 2 },
      ]);
      return { session_id: id, run_id: run, out_dir: `out/${id}` };
    },
    start_sample: () => {
      const title = '데모 상점 관리자 — 상품 등록 기능 기획서';
      const id = newSession(title, 'http://127.0.0.1:4000');
      const run = `run_sample${counter}`;
      append(id, run, [
        { type: 'session.started', title, engine: 'offline', target_url: 'http://127.0.0.1:4000', documents: ['shop-admin-prd.ko.md'] },
      ]);
      return { session_id: id, run_id: run, out_dir: `out/${id}` };
    },
    resume_session: ({ sessionId }) => ({ session_id: sessionId, run_id: `run_resume${++counter}`, out_dir: `out/${sessionId}` }),
    duplicate_session: ({ sessionId }) => {
      const source = sessions.get(sessionId).summary;
      const id = newSession(source.title, source.target_url);
      return { session_id: id, run_id: `run_dup${counter}`, out_dir: `out/${id}` };
    },
    // A waiting session stops at its question: cancelled, with one terminal event of its own.
    cancel_session: ({ sessionId }) => {
      const detail = sessions.get(sessionId);
      if (detail.summary.status === 'waiting') {
        detail.summary.status = 'cancelled';
        append(sessionId, `run_stop${++counter}`, [
          { type: 'run.cancelled', reason: { id: 'cancelled-at-question', args: {} } },
        ]);
      }
      return true;
    },
    export_code: ({ sessionId, format }) => {
      const draft = sessions.get(sessionId).events.filter((e) => e.event.type === 'scenario.draft').at(-1);
      if (!draft) throw apiError('no_scenario', 'This session has no stored scenario yet: complete a session first.');
      const steps = draft.event.scenario.steps.map((s) => `  // ${s.index}. ${s.intent}`).join('\n');
      const name = format === 'playwright' ? 'scenario.spec.ts' : `scenario.${format}`;
      return [{ name, content: `test('${draft.event.scenario.title}', async ({ page }) => {\n${steps}\n});\n` }];
    },
    // The folder picker is the system's; the mock plays a person picking ~/Documents (or
    // cancelling it, with `fixtures.cancelPicker`).
    save_exports: ({ sessionId }) => {
      if (fixtures.cancelPicker) return null;
      const detail = sessions.get(sessionId);
      if (!detail.events.some((e) => e.event.type === 'scenario.draft')) {
        throw apiError('no_scenario', 'This session has no stored scenario yet: complete a session first.');
      }
      const files = ['scenario.json', 'scenario.spec.ts', 'playwright.config.ts', 'scenario.robot', 'flow.mmd'];
      return { folder: `/home/planner/Documents/${detail.summary.title.replace(/\s+/g, '-')}`, files };
    },
    open_output: ({ sessionId, kind }) => {
      const done = sessions.get(sessionId).events.filter((e) => e.event.type === 'session.completed').at(-1);
      if (!done) throw apiError('no_scenario', { id: 'error-no-scenario', args: { id: sessionId } });
      const names = { report: 'report.html', pdf: 'report.pdf', plan: 'test-plan.md', folder: '' };
      if (!(kind in names)) throw apiError('unknown_format', `Unknown format ${kind}.`);
      return names[kind] ? `${done.event.out_dir}/${names[kind]}` : done.event.out_dir;
    },
    share_bundle: ({ sessionId }) => {
      if (fixtures.cancelPicker) return null;
      return `/home/planner/Documents/${sessions.get(sessionId).summary.title.replace(/\s+/g, '-')}.swbundle`;
    },
    read_source: ({ sessionId, document, anchor }) => {
      // The section as the recorded scenario quotes it: every cited line of that anchor.
      const draft = sessions.get(sessionId).events.filter((e) => e.event.type === 'scenario.draft').at(-1);
      const cited = draft.event.scenario.steps
        .map((s) => s.provenance)
        .filter((p) => p.source === 'spec' && p.citation.anchor === anchor && p.citation.document === document)
        .map((p) => p.citation);
      if (cited.length === 0) throw apiError('no_section', `${document} has no section ${anchor}.`);
      const lines = [...new Map(cited.map((c) => [c.line, { number: c.line, text: c.quote }])).values()];
      return { document, title: cited[0].section, lines: lines.sort((a, b) => a.number - b.number) };
    },
    trust_import_target: ({ sessionId }) => {
      untrusted.delete(sessionId);
      return null;
    },
    replay_session: ({ sessionId }) => {
      if (untrusted.has(sessionId)) {
        const url = sessions.get(sessionId).summary.target_url;
        throw apiError('imported_target', { id: 'error-imported-target', args: { url } });
      }
      const run = `run_replay${++counter}`;
      append(sessionId, run, [{ type: 'message.done', text: 'Replaying the stored scenario.' }]);
      return { session_id: sessionId, run_id: run, out_dir: `out/${sessionId}` };
    },
    // A check that finds the first scenario's first clicked button renamed (a drift), as the
    // runtime judges it: the step failed as recorded, the element in its place proposed. Every
    // other scenario of the session (a sheet's cases) passes, each judged on its own.
    check_session: ({ sessionId }) => {
      const run = `run_check${++counter}`;
      const latest = new Map();
      for (const e of sessions.get(sessionId).events) {
        if (e.event.type === 'scenario.draft') latest.set(e.event.scenario.id, e);
      }
      const [draft, ...others] = [...latest.values()];
      const step = draft.event.scenario.steps.find((s) => s.action.type === 'click' && s.action.target.strategies[0]?.by === 'role');
      const locator = step.action.target.strategies[0];
      const renamed = `${locator.name}하기`;
      const judgement = {
        scenario_id: draft.event.scenario.id,
        title: draft.event.scenario.title,
        outcome: 'drifted',
        step: step.index,
        message: null,
        relocations: [
          {
            step: step.index,
            intent: step.intent,
            was: `${locator.role} "${locator.name}"`,
            relocation: {
              target: { strategies: [{ ...locator, name: renamed }], frame_path: [], within: [], first_visible: false },
              found: `${locator.role} "${renamed}"`,
              same_element: false,
            },
            was_words: { id: 'element-named', args: { name: locator.name, kind: { id: 'kind-button', args: {} } } },
            found_words: { id: 'element-named', args: { name: renamed, kind: { id: 'kind-button', args: {} } } },
            code_was: `await page.getByRole('${locator.role}', { name: '${locator.name}', exact: true }).click();`,
            code_now: `await page.getByRole('${locator.role}', { name: '${renamed}', exact: true }).click();`,
          },
        ],
      };
      // With `fixtures.everyCaseDrifts`, the other cases use the same button and drift alike.
      const passed = others.map((e) =>
        fixtures.everyCaseDrifts
          ? { type: 'check.judged', judgement: { ...judgement, scenario_id: e.event.scenario.id, title: e.event.scenario.title } }
          : {
              type: 'check.judged',
              judgement: {
                scenario_id: e.event.scenario.id,
                title: e.event.scenario.title,
                outcome: 'passed',
                step: null,
                message: null,
                relocations: [],
              },
            },
      );
      sessions.get(sessionId).summary.status = 'failed';
      append(sessionId, run, [
        { type: 'message.done', text: 'Checking the kept scenario against the app as it is now.' },
        { type: 'check.judged', judgement },
        ...passed,
        { type: 'error', code: 'trial_failed', message: 'A step failed as recorded.' },
      ]);
      return { session_id: sessionId, run_id: run, out_dir: `out/${sessionId}` };
    },
    // Every session of a suite checked at once, each its own run, as the runtime starts them.
    check_suite: ({ suite }) => {
      const origin = new URL(suite).origin;
      const found = handlers.list_suites().find((s) => s.origin === origin);
      if (!found) throw apiError('bad_argument', { id: 'suite-unknown', args: { name: suite } });
      return found.sessions.map((s) => ({ session_id: s.id, run_id: handlers.check_session({ sessionId: s.id }).run_id, refused: null }));
    },
    // The suite as one Playwright project in the folder the person picks (or cancels).
    export_suite: ({ suite }) => {
      if (fixtures.cancelPicker) return null;
      const found = handlers.list_suites().find((s) => s.origin === new URL(suite).origin);
      if (!found) throw apiError('bad_argument', { id: 'suite-unknown', args: { name: suite } });
      const tests = found.scenarios.reduce((a, b) => a + b, 0);
      const out_dir = `/home/planner/Documents/suite-${(found.name ?? found.origin).replace(/\W+/g, '-')}`;
      const names = ['playwright.config.ts', 'package.json', 'README.md', '.github/workflows/specwright-suite.yml', '.gitlab-ci.yml'];
      return { out_dir, tests, shards: Math.min(4, Math.max(1, tests)), files: names.map((n) => ({ kind: 'file', path: `${out_dir}/${n}` })) };
    },
    // The suites as the runtime groups them: sessions with a scenario, by their target's origin.
    list_suites: () => {
      const suites = [];
      for (const { summary, events } of sessions.values()) {
        if (!events.some((e) => e.event.type === 'scenario.draft')) continue;
        const origin = new URL(summary.target_url).origin;
        let suite = suites.find((s) => s.origin === origin);
        if (!suite) suites.push((suite = { origin, name: suiteNames.get(origin) ?? null, sessions: [], scenarios: [], secrets: [] }));
        suite.sessions.push(structuredClone(summary));
        suite.scenarios.push(new Set(events.flatMap((e) => (e.event.type === 'scenario.draft' ? [e.event.scenario.id] : []))).size);
        // The secrets its scenarios name, as the runtime lists them (none remembered here).
        for (const e of events) {
          if (e.event.type !== 'scenario.draft') continue;
          for (const v of e.event.scenario.variables) {
            if (v.source.kind === 'secret' && !suite.secrets.some((s) => s.name === v.name)) suite.secrets.push({ name: v.name, remembered: false });
          }
        }
      }
      return suites;
    },
    rename_suite: ({ suite, name }) => {
      const origin = new URL(suite).origin;
      const trimmed = name.trim();
      if (trimmed.length > 80) throw apiError('bad_argument', { id: 'suite-name-too-long', args: { max: 80 } });
      if (trimmed) suiteNames.set(origin, trimmed);
      else suiteNames.delete(origin);
      return handlers.list_suites().find((s) => s.origin === origin);
    },
    // A new version of the session's spec, as the runtime compares it: the draft's first spec
    // step reworded, its second taken out, a sentence added at the end, the rest unchanged.
    compare_spec: ({ sessionId, files }) => {
      if (files.length === 0) throw apiError('no_specs', 'No spec attached.');
      return mockComparison(sessionId);
    },
    revise_session: ({ sessionId, files }) => {
      if (files.length === 0) throw apiError('no_specs', 'No spec attached.');
      const source = sessions.get(sessionId).summary;
      const name = files[0].kind === 'bytes' ? files[0].name : files[0].path;
      const id = newSession(source.title, source.target_url);
      const run = `run_revise${counter}`;
      append(id, run, [
        { type: 'session.started', title: source.title, engine: 'offline', target_url: source.target_url, documents: [name] },
        { type: 'spec.compared', comparison: mockComparison(sessionId) },
      ]);
      return { session_id: id, run_id: run, out_dir: `out/${id}` };
    },
    approve_heals: ({ sessionId, runId, scenarioId }) => {
      const judged = (e) =>
        e.run_id === runId &&
        e.event.type === 'check.judged' &&
        (scenarioId === '' || e.event.judgement.scenario_id === scenarioId);
      if (!sessions.get(sessionId).events.some(judged)) {
        throw apiError('bad_argument', 'Only a drift is healed.');
      }
      // As the runtime heals: every drifted case of the check not healed from it yet, or the one
      // named; each trial-run, and kept (this mock's trials pass).
      const detail = sessions.get(sessionId);
      const healed = new Set(detail.events.flatMap((e) => (e.event.type === 'heal.started' && e.event.check_run_id === runId ? e.event.scenario_ids : [])));
      const cases = detail.events
        .filter((e) => judged(e) && e.event.judgement.outcome === 'drifted' && !healed.has(e.event.judgement.scenario_id))
        .map((e) => e.event.judgement);
      if (cases.length === 0) throw apiError('bad_argument', { id: 'heal-already', args: {} });
      const run = `run_heal${++counter}`;
      detail.summary.status = 'running';
      append(sessionId, run, [
        { type: 'heal.started', check_run_id: runId, scenario_ids: cases.map((c) => c.scenario_id) },
        { type: 'message.done', text: 'Trial-running the healed scenario.' },
      ]);
      setTimeout(() => {
        detail.summary.status = 'completed';
        append(sessionId, run, [
          ...cases.map((c) => ({ type: 'trial.done', trial_id: `trial_${run}`, scenario: c.title, passed: true, flaky: false, runs: 2, failed_steps: 0, duration_ms: 900 })),
          { type: 'session.completed', out_dir: `out/${sessionId}`, outputs: [] },
        ]);
      }, 300);
      return { session_id: sessionId, run_id: run, out_dir: `out/${sessionId}` };
    },
    delete_session: ({ sessionId }) => {
      if (!sessions.delete(sessionId)) throw apiError('session_not_found', `Session ${sessionId} does not exist.`);
      return null;
    },
    get_settings: () => structuredClone(settings),
    save_settings: ({ settings: next }) => {
      if (next.provider !== 'offline' && !/^https?:\/\/.+/.test(next.base_url)) {
        // As the runtime sends it: a catalog message the window renders in its language.
        throw apiError('bad_argument', { id: 'invalid-endpoint', args: {} });
      }
      settings = structuredClone(next);
      return structuredClone(settings);
    },
    api_key_status: ({ baseUrl }) => status(baseUrl),
    store_api_key: ({ baseUrl, key }) => {
      keys.set(baseUrl, key);
      return status(baseUrl);
    },
    forget_api_key: ({ baseUrl }) => {
      keys.delete(baseUrl);
      return status(baseUrl);
    },
    check_provider: () => 'OK',
    'plugin:event|listen': () => ++counter,
    'plugin:event|unlisten': () => null,
  };

  function status(baseUrl) {
    const key = keys.get(baseUrl);
    return { stored: key !== undefined, masked: key ? `${key.slice(0, 3)}…${key.slice(-4)}` : null, from_environment: false };
  }

  window.__MOCK_CALLS__ = calls;
  window.__TAURI_INTERNALS__ = {
    metadata: { currentWindow: { label: 'main' }, currentWebview: { windowLabel: 'main', label: 'main' } },
    transformCallback(callback, once = false) {
      const id = nextCallback++;
      callbacks.set(id, (data) => {
        if (once) callbacks.delete(id);
        return callback(data);
      });
      return id;
    },
    unregisterCallback(id) {
      callbacks.delete(id);
    },
    convertFileSrc(path) {
      return path;
    },
    async invoke(cmd, args = {}) {
      // What crossed IPC, as JSON (a channel becomes its id), for the tests to inspect.
      calls.push({ cmd, args: JSON.parse(JSON.stringify(args, (k, v) => (k === 'onEvent' ? v.id : v))) });
      const failure = failures.get(cmd);
      if (failure) throw failure;
      const handler = handlers[cmd];
      if (!handler) throw apiError('unknown_command', `No command named ${cmd}.`);
      return handler(args);
    },
  };
}

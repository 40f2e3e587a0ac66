// Why: turns backend events, provenance and errors into short human sentences, one place per shape.
import type { Citation, Event, Provenance, SessionStatus, Text } from './bindings';
import { renderText } from './catalog';
import type { Key, Lang, Translate } from './i18n';

const MAX_TEXT = 240;

/** Text on one line, cut at MAX_TEXT characters with an ellipsis. */
export function clip(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > MAX_TEXT ? `${flat.slice(0, MAX_TEXT - 1)}…` : flat;
}

/** One line of timeline text for an event, in the current language. */
export function describeEvent(event: Event, t: Translate, lang: Lang): string {
  switch (event.type) {
    case 'session.started':
      return t('ev.session.started', {
        title: event.title || t('untitled'),
        engine: event.engine,
        url: event.target_url,
      });
    case 'ingest.progress':
      switch (event.stage) {
        case 'read':
          return t('ev.ingest.read', { document: event.document });
        case 'parsed':
          return t('ev.ingest.parsed', { document: event.document, sections: event.sections });
        case 'chunked':
          return t('ev.ingest.chunked', { document: event.document, chunks: event.chunks });
        case 'embedding':
          return t('ev.ingest.embedding', {
            document: event.document,
            embedded: event.embedded,
            chunks: event.chunks,
          });
        case 'unchanged':
          return t('ev.ingest.unchanged', { document: event.document });
      }
      return '';
    case 'ingest.done':
      return t(event.semantic ? 'ev.ingest.done' : 'ev.ingest.done.keyword', {
        documents: event.documents,
        sections: event.sections,
        steps: event.steps_found,
        chunks: event.chunks,
      });
    case 'message.done':
      return t('ev.message.done', { text: clip(renderText(event.text, lang)) });
    case 'message.delta':
      return t('ev.message.delta', { text: clip(event.text) });
    case 'usage':
      return t('ev.usage', {
        prompt: event.prompt_tokens,
        completion: event.completion_tokens,
        model: event.model,
        cost: event.cost_usd == null ? '' : `, ~$${event.cost_usd.toFixed(4)}`,
      });
    case 'llm.retrying':
      return t('ev.llm.retrying', { attempt: event.attempt, reason: clip(event.reason) });
    case 'tool.call':
      return t('ev.tool.call', { tool: event.tool, summary: clip(renderText(event.summary, lang)) });
    case 'tool.result':
      return t(event.ok ? 'ev.tool.ok' : 'ev.tool.failed', {
        tool: event.tool,
        summary: clip(renderText(event.summary, lang)),
      });
    case 'mirror.frame':
      return t('ev.mirror.frame', { intent: clip(event.intent) });
    case 'scenario.draft':
      return t('ev.scenario.draft', { count: event.scenario.steps.length });
    case 'trial.step': {
      const r = event.result;
      const key: Key = `ev.trial.step.${r.status}`;
      const text = t(key, { index: r.index, intent: clip(r.intent) });
      return r.diagnosis ? t('ev.trial.step.error', { text, error: clip(r.diagnosis.message) }) : text;
    }
    case 'trial.done':
      // Never a plain pass for a run that proves nothing the spec asks.
      if (event.passed && event.verdict === 'not_verified') {
        return t('ev.trial.notVerified', { runs: event.runs });
      }
      if (event.passed && event.verdict === 'passed_with_warnings') {
        return t('ev.trial.passedWarnings', { runs: event.runs, seconds: (event.duration_ms / 1000).toFixed(1) });
      }
      if (event.passed) {
        return t('ev.trial.passed', { runs: event.runs, seconds: (event.duration_ms / 1000).toFixed(1) });
      }
      return event.flaky
        ? t('ev.trial.flaky', { runs: event.runs })
        : t('ev.trial.failed', { runs: event.runs, failed: event.failed_steps });
    case 'confirm.requested':
      return t('ev.confirm.requested', {
        action: clip(event.action),
        reason: clip(renderText(event.reason, lang)),
      });
    case 'review.findings':
      return event.findings.length === 0
        ? t('ev.review.clean')
        : t(event.findings.length === 1 ? 'ev.review.finding' : 'ev.review.findings', {
            count: event.findings.length,
            first: clip(renderText(event.findings[0].message, lang)),
          });
    case 'exports.written':
      return t('ev.exports.written', { scenario: clip(event.scenario), dir: event.out_dir });
    case 'spec.compared': {
      const count = (change: string) => event.comparison.sentences.filter((s) => s.change === change).length;
      return t('ev.spec.compared', {
        unchanged: count('unchanged'),
        changed: count('changed'),
        added: count('added'),
        removed: count('removed'),
      });
    }
    case 'check.judged':
      return t('ev.check.judged', { outcome: t(`check.${event.judgement.outcome}`) });
    case 'heal.started':
      return t('ev.heal.started', { cases: event.scenario_ids.length });
    case 'session.completed':
      return t('ev.session.completed', { dir: event.out_dir });
    case 'run.cancelled':
      return t('ev.run.cancelled', { reason: clip(renderText(event.reason, lang)) });
    case 'question.asked':
      return t('ev.question.asked', {
        text: clip(renderText(event.question.text, lang)),
        options: clip(event.question.options.map((o, i) => `${i + 1}) ${renderText(o.label, lang)}`).join(' · ')),
      });
    case 'question.answered':
      return t('ev.question.answered', { answer: clip(event.answer), source: answeredBy(event.source, t) });
    case 'session.waiting':
      return t('ev.session.waiting', { text: clip(renderText(event.question.text, lang)) });
    case 'error':
      return t('ev.error', { message: clip(renderText(event.message, lang)), code: event.code });
    case 'user.said':
      return t('ev.user.said', { words: clip(event.text) });
    case 'said.replied':
      return t('ev.said.replied', { text: renderText(event.text, lang) });
  }
}

/** Tone of a timeline row, used only for styling. */
export function eventTone(event: Event): 'error' | 'ok' | 'info' {
  switch (event.type) {
    case 'error':
    case 'run.cancelled':
      return 'error';
    case 'tool.result':
      return event.ok ? 'info' : 'error';
    case 'trial.step':
      return event.result.status === 'failed' ? 'error' : event.result.status === 'passed' ? 'ok' : 'info';
    case 'review.findings':
      return event.findings.some((f) => f.severity === 'error') ? 'error' : 'info';
    case 'trial.done':
      // Not verified is not a failure, and never green; warnings are a pass the text qualifies.
      if (event.passed && event.verdict === 'not_verified') return 'info';
      return event.passed ? 'ok' : 'error';
    case 'session.completed':
      return 'ok';
    default:
      return 'info';
  }
}

/** Who gave an answer, as people say it; an unknown source as it is. */
export function answeredBy(source: string, t: Translate): string {
  const known = ['window', 'answers_file', 'terminal', 'remembered', 'secret', 'user'] as const;
  return (known as readonly string[]).includes(source) ? t(`answeredBy.${source as (typeof known)[number]}`) : source;
}

export function statusLabel(status: SessionStatus, t: Translate): string {
  return t(`status.${status}`);
}

export function provenanceLabel(provenance: Provenance, t: Translate): string {
  return t(`prov.${provenance.source}`);
}

/** Where a citation points, as people read it: document, section, line. */
export function citationLabel(citation: Citation, t: Translate): string {
  return t('citation', { document: citation.document, section: citation.section, line: citation.line });
}

/** Where a step came from, e.g. `plan.md › Login (line 12)` for a spec citation. */
export function provenanceDetail(provenance: Provenance, t: Translate): string {
  switch (provenance.source) {
    case 'spec':
      return citationLabel(provenance.citation, t);
    case 'answer':
      return t('answerSource', { answer: clip(provenance.answer) });
    case 'assumption':
      return t('assumptionSource', { id: provenance.assumption_id });
    case 'observed':
      return t('observedSource');
    case 'said':
      return t('saidSource', { words: clip(provenance.words), by: answeredBy(provenance.by, t) });
  }
}

/**
 * A sentence for anything a command rejected with: an ApiError's message (a catalog message,
 * rendered in the translator's language), a plain string, or a generic line for other
 * throwables. Never a stack trace.
 */
export function errorMessage(error: unknown, t: Translate): string {
  if (typeof error === 'string' && error.trim()) return clip(error);
  if (error && typeof error === 'object' && 'message' in error) {
    const message = (error as { message: unknown }).message;
    // An ApiError carries a code; a JS Error (e.g. no Tauri runtime) does not.
    if ('code' in error && message && typeof message === 'object' && 'id' in message) {
      return clip(renderText(message as Text, t.lang));
    }
    if (typeof message === 'string' && message.trim()) {
      return 'code' in error ? clip(message) : t('unexpectedError', { message: clip(message) });
    }
  }
  return t('unknownError');
}

export type EventOf<T extends Event['type']> = Extract<Event, { type: T }>;

/** A check's session trial-run again alone after a session checked beside it changed the app's
 *  data: what it judged before that counts for nothing. */
export function againAfterChange(text: Text): boolean {
  return typeof text !== 'string' && text.id === 'check-again-alone-changed';
}

/** The most recent event of one type in a log, or null. */
export function lastEvent<T extends Event['type']>(
  log: readonly { event: Event }[],
  type: T,
): EventOf<T> | null {
  for (let i = log.length - 1; i >= 0; i--) {
    const event = log[i].event;
    if (event.type === type) return event as EventOf<T>;
  }
  return null;
}

// Why: the desktop UI in a real browser, every screen in both languages, against a mock backend
// that replays event streams recorded from real sessions: keyboard use of the decision palette,
// a new session from picked files, settings with the keychain, delete with undo, error states,
// and axe-core finding no serious accessibility violation on any screen. Screenshots of each
// screen go to target/test-output/ui/ (the README's walkthrough is made from them).
import { test, expect } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { installMockBackend } from './mock-backend.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);
const shots = join(here, '../../target/test-output/ui');
const fixture = (name) => JSON.parse(readFileSync(join(here, 'fixtures', name), 'utf8'));
const completed = fixture('completed.json');
const waiting = fixture('waiting.json');
const frameBase64 = readFileSync(join(here, 'fixtures/frame.jpg')).toString('base64');
const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** Timeline rows of a stream: a tool result joins its call's card, streamed text is one row. */
function timelineRows(events) {
  const calls = new Set();
  let rows = 0;
  let streaming = false;
  for (const { event } of events) {
    if (event.type === 'message.delta') {
      if (!streaming) rows += 1;
      streaming = true;
      continue;
    }
    if (streaming && event.type === 'message.done') rows -= 1;
    streaming = false;
    if (event.type === 'tool.call') calls.add(event.call_id);
    if (event.type === 'tool.result' && calls.delete(event.call_id)) continue;
    rows += 1;
  }
  return rows;
}

const defaults = {
  provider: 'offline',
  base_url: 'https://api.openai.com/v1',
  model: 'gpt-4o-mini',
  azure_api_version: '',
  first_answer_wait_secs: 0,
  context_window: 0,
  browser: '',
  allowed_origins: [],
  language: '',
  theme: 'system',
};

/** `details`: the developer's timeline (tool cards, one row per event) instead of plain words. */
async function open(page, { lang = 'en', failures = {}, sessions = [waiting, completed], details = true, everyCaseDrifts = false, untrusted = [] } = {}) {
  await page.addInitScript(installMockBackend, { sessions, settings: { ...defaults, language: lang }, failures, frameBase64, everyCaseDrifts, untrusted });
  if (details) await page.addInitScript(() => localStorage.setItem('specwright.timeline.details', '1'));
  await page.goto('/');
}

/** Serious or critical axe-core violations on the page as it is now. */
async function seriousViolations(page) {
  await page.addScriptTag({ content: axeSource });
  const result = await page.evaluate(async () => {
    // @ts-ignore
    const report = await window.axe.run(document, { resultTypes: ['violations'] });
    return report.violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.map((n) => n.target.join(' ')) }));
  });
  return result.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

async function calls(page, cmd) {
  return (await page.evaluate(() => window.__MOCK_CALLS__)).filter((c) => c.cmd === cmd);
}

for (const lang of ['en', 'ko']) {
  test(`a completed session: timeline, mirror, cited steps and outputs (${lang})`, async ({ page }) => {
    await open(page, { lang });
    await page.locator(`[data-session-id="${completed.summary.id}"] button`).click();
    await expect(page.getByTestId('session-status')).toHaveAttribute('data-status', 'completed');
    await expect(page.getByTestId('mirror-frame')).toHaveAttribute('src', /^blob:/);
    await expect(page.getByTestId('outputs')).toBeVisible();
    const timeline = page.getByTestId('timeline-item');
    await expect(timeline).toHaveCount(timelineRows(completed.events));
    // A tool call and its result are one card, closed until opened: the result is inside.
    const fills = completed.events.filter((e) => e.event.type === 'tool.result' && e.event.tool === 'browser.fill');
    const card = page.locator(`[data-testid=timeline-item][data-seq="${fills[0].seq - 1}"]`);
    await expect(card).toHaveAttribute('data-state', 'ok');
    await expect(card.getByTestId('tool-result')).toBeHidden();
    await card.locator('summary').click();
    await expect(card.getByTestId('tool-result')).toHaveText(fills[0].event.summary);
    // The mirror outlines the element the shown step acted on, where the engine found it.
    const last = completed.events.filter((e) => e.event.type === 'mirror.frame').at(-1).event;
    const outline = page.getByTestId('mirror-outline');
    await expect(outline).toBeVisible();
    const [img, box] = [await page.getByTestId('mirror-frame').boundingBox(), await outline.boundingBox()];
    expect(Math.abs(box.x - (img.x + last.target.x * img.width))).toBeLessThan(2);
    expect(Math.abs(box.y - (img.y + last.target.y * img.height))).toBeLessThan(2);
    expect(Math.abs(box.width - last.target.width * img.width)).toBeLessThan(2);
    // Every step shows where it comes from.
    const steps = page.locator('[data-testid=scenario-step]');
    expect(await steps.count()).toBeGreaterThan(5);
    await expect(page.locator('.badge.prov-spec').first()).toBeVisible();
    await expect(page.locator('h1')).toHaveText('Specwright');
    await expect(page.getByRole('button', { name: lang === 'ko' ? '새 세션' : 'New session' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: join(shots, `session-completed.${lang}.png`), fullPage: false });

    // The scrubber goes back to the first captured screen, and back to following the run.
    const shotsOfRun = completed.events.filter((e) => e.event.type === 'mirror.frame').map((e) => e.event);
    await page.getByTestId('frame-scrubber').fill('0');
    await expect(page.getByTestId('mirror-intent')).toHaveText(shotsOfRun[0].intent);
    // A navigation step outlines nothing.
    await expect(page.getByTestId('mirror-outline')).toHaveCount(0);
    await page.getByRole('button', { name: lang === 'ko' ? '실시간 보기' : 'Follow live' }).click();
    await expect(page.getByTestId('mirror-intent')).toHaveText(shotsOfRun.at(-1).intent);

    // A citation opens its line in the spec's section, highlighted.
    const firstSpecStep = completed.events
      .findLast((e) => e.event.type === 'scenario.draft')
      .event.scenario.steps.find((s) => s.provenance.source === 'spec');
    await page.getByTestId('citation').first().click();
    await expect(page.getByTestId('source')).toBeVisible();
    await expect(page.getByTestId('cited-line')).toHaveText(firstSpecStep.provenance.citation.quote);
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('source')).toBeHidden();

    // The scenario pane's tabs, by keyboard: steps → assumptions → review → flow → code.
    await page.getByRole('tab', { selected: true }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByTestId('panel-assumptions')).toBeVisible();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByTestId('panel-findings')).toBeVisible();
    await page.keyboard.press('ArrowRight');
    // The flow is drawn: start, one box per step (checks apart from actions), end.
    const scenario = completed.events.findLast((e) => e.event.type === 'scenario.draft').event.scenario;
    const nodes = page.getByTestId('flow-node');
    await expect(nodes).toHaveCount(scenario.steps.length + 2);
    const checks = scenario.steps.filter((s) => s.action.type === 'expect' || s.action.type === 'expect_page').length;
    await expect(page.locator('[data-testid=flow-node][data-kind=check]')).toHaveCount(checks);
    await expect(nodes.nth(1)).toContainText(`1. ${scenario.steps[0].intent}`.slice(0, 12));
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: join(shots, `flow.${lang}.png`), fullPage: false });
    await page.keyboard.press('ArrowRight');
    const code = page.getByTestId('code-scenario.spec.ts');
    await expect(code).toContainText(completed.events.findLast((e) => e.event.type === 'scenario.draft').event.scenario.steps[0].intent);
    expect(await seriousViolations(page)).toEqual([]);
    // Saving writes every export into a folder the person picks, and says where.
    await page.getByTestId('save-exports').click();
    await expect(page.getByTestId('saved-exports')).toContainText('/home/planner/Documents/');
    await expect(page.getByTestId('saved-exports')).toContainText('npx playwright test');
    expect((await calls(page, 'save_exports')).map((c) => c.args.sessionId)).toEqual([completed.summary.id]);
    await page.getByRole('button', { name: lang === 'ko' ? '다시 시험 실행' : 'Run trial again' }).click();
    await expect(page.getByTestId('timeline-item')).toHaveCount(timelineRows(completed.events) + 1);
    expect((await calls(page, 'replay_session')).length).toBe(1);
  });

  test(`the decision palette answers by keyboard and the session goes on (${lang})`, async ({ page }) => {
    await open(page, { lang });
    await page.locator(`[data-session-id="${waiting.summary.id}"] button`).click();
    const question = page.getByTestId('question');
    await expect(question).toBeVisible();
    const options = question.getByRole('listitem');
    await expect(options.first()).toBeVisible();
    // The card sits beside the mirror, so the page stays in sight while choosing.
    const [card, mirror] = [await question.boundingBox(), await page.getByTestId('mirror-frame').boundingBox()];
    expect(card.x).toBeGreaterThan(mirror.x + mirror.width - 1);
    expect(card.y).toBeLessThan(mirror.y + mirror.height);
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: join(shots, `question.${lang}.png`) });
    await page.keyboard.press('2');
    await expect(page.getByTestId('session-status')).toHaveAttribute('data-status', 'completed', { timeout: 10_000 });
    const answered = await calls(page, 'answer_question');
    const asked = waiting.events.at(-1).event.question;
    expect(answered).toEqual([
      { cmd: 'answer_question', args: { sessionId: waiting.summary.id, questionId: asked.id, answer: asked.options[1].value } },
    ]);
    await expect(question).toHaveCount(0);
  });
}

for (const lang of ['en', 'ko']) {
  test(`the result card: the verdict in a sentence, the report, PDF, folder, exports and share bundle (${lang})`, async ({ page }) => {
    await open(page, { lang });
    await page.locator(`[data-session-id="${completed.summary.id}"] button`).click();
    const card = page.getByTestId('outputs');
    await expect(card).toBeVisible();
    // The verdict the trial's event carries, said as a sentence (never a pass it did not prove).
    const trial = completed.events.findLast((e) => e.event.type === 'trial.done').event;
    const key = trial.passed ? (trial.verdict && trial.verdict !== 'passed' ? trial.verdict : 'passed') : trial.flaky ? 'flaky' : 'failed';
    await expect(card).toHaveAttribute('data-verdict', key);
    // Files by the names people use; code is for developers.
    const ko = lang === 'ko';
    await expect(card.locator('[data-kind=report]')).toContainText(ko ? '테스트 보고서' : 'Test report');
    await expect(card.locator('[data-kind=playwright]')).toContainText(ko ? 'Playwright 코드(개발자용)' : 'Playwright code (for developers)');
    await card.getByRole('button', { name: ko ? '보고서 열기' : 'Open report' }).click();
    await expect(page.getByTestId('result-notice')).toContainText('report.html');
    await card.getByRole('button', { name: ko ? 'PDF로 저장' : 'Save as PDF' }).click();
    await expect(page.getByTestId('result-notice')).toContainText('report.pdf');
    await card.getByRole('button', { name: ko ? '폴더 열기' : 'Open folder' }).click();
    await card.getByRole('button', { name: ko ? '공유 번들…' : 'Share bundle…' }).click();
    await expect(page.getByTestId('result-notice')).toContainText('.swbundle');
    await card.getByRole('button', { name: ko ? '내보내기…' : 'Export…' }).click();
    await expect(page.getByTestId('result-notice')).toContainText('/home/planner/Documents/');
    const opened = (await calls(page, 'open_output')).map((c) => c.args.kind);
    expect(opened).toEqual(['report', 'pdf', 'folder']);
    expect((await calls(page, 'share_bundle')).map((c) => c.args.sessionId)).toEqual([completed.summary.id]);
    expect(await seriousViolations(page)).toEqual([]);
    await card.screenshot({ path: join(shots, `result.${lang}.png`) });
  });
}

for (const lang of ['ko', 'en']) {
  test(`a session opened from a share bundle sends nothing to its address until the person agrees (${lang})`, async ({ page }) => {
    await open(page, { lang, untrusted: [completed.summary.id] });
    await page.locator(`[data-session-id="${completed.summary.id}"] button`).click();
    await page.getByRole('button', { name: lang === 'ko' ? '다시 시험 실행' : 'Run trial again' }).click();
    const card = page.getByTestId('trust-card');
    await expect(card).toBeVisible();
    await expect(card).toContainText(completed.summary.target_url);
    await expect(card).toContainText(lang === 'ko' ? '공유 번들' : 'share bundle');
    expect(await seriousViolations(page)).toEqual([]);
    expect(await calls(page, 'trust_import_target')).toEqual([]);
    await card.screenshot({ path: join(shots, `trust.${lang}.png`) });
    await card.getByTestId('trust-agree').click();
    await expect(card).toBeHidden();
    await expect.poll(async () => (await calls(page, 'replay_session')).length).toBe(2);
    expect((await calls(page, 'trust_import_target')).map((c) => c.args.sessionId)).toEqual([completed.summary.id]);
    await expect(page.getByTestId('error-banner')).toHaveCount(0);
  });

  test(`a check against the app now: a drift's new element shown as words and code, healed only when approved (${lang})`, async ({ page }) => {
    await open(page, { lang });
    await page.locator(`[data-session-id="${completed.summary.id}"] button`).click();
    await page.getByTestId('check-session').click();
    const card = page.getByTestId('check-card');
    await expect(card).toHaveAttribute('data-outcome', 'drifted');
    const ko = lang === 'ko';
    await expect(page.getByTestId('check-sentence')).toContainText(ko ? '앱 화면이 바뀌었지만' : 'The app changed');
    const proposal = card.getByTestId('check-proposal');
    await expect(proposal).toHaveCount(1);
    // In words a planner uses: the kind of element, never a role name.
    await expect(proposal).toContainText(ko ? "하기' 버튼" : "하기' button");
    await expect(proposal.locator('p')).not.toContainText('button "');
    await expect(proposal.locator('.del')).toContainText('- await page.getByRole(');
    await expect(proposal.locator('.add')).toContainText('하기');
    // Nothing changes until the person approves.
    expect(await calls(page, 'approve_heals')).toEqual([]);
    expect(await seriousViolations(page)).toEqual([]);
    await card.screenshot({ path: join(shots, `check.${lang}.png`) });
    await card.getByTestId('approve-heals').click();
    const approved = await calls(page, 'approve_heals');
    expect(approved.map((c) => c.args.runId)).toEqual([expect.stringMatching(/^run_check/)]);
    // The approval names the scenario the card is about (a workbook's check has one per case).
    expect(approved[0].args.scenarioId).toMatch(/\S/);
    // The healed scenario's trial ran and passed: the card says so, with nothing left to approve.
    await expect(card.getByTestId('check-heal')).toHaveAttribute('data-heal', 'held');
    await expect(card.getByTestId('approve-heals')).toHaveCount(0);
  });
}

/** The completed session as a sheet's would be: a second case explored after the first. */
function asSheet() {
  const sheet = structuredClone(completed);
  const first = sheet.events.filter((e) => e.event.type === 'scenario.draft').at(-1);
  const second = structuredClone(first);
  second.event.scenario.id = `${first.event.scenario.id}-tc-02`;
  second.event.scenario.title = 'TC-02 wrong password';
  sheet.events.splice(sheet.events.indexOf(first) + 1, 0, second);
  sheet.events.forEach((e, i) => (e.seq = i + 1));
  sheet.summary.last_seq = sheet.events.length;
  return { sheet, first };
}

for (const lang of ['ko', 'en']) {
  test(`a check of a test-case sheet's session: one card per case, each named, a heal approved for its own case (${lang})`, async ({ page }) => {
    const { sheet, first } = asSheet();
    await open(page, { lang, sessions: [sheet] });
    await page.locator(`[data-session-id="${sheet.summary.id}"] button`).click();
    await page.getByTestId('check-session').click();
    const cards = page.getByTestId('check-card');
    await expect(cards).toHaveCount(2);
    await expect(cards.nth(0)).toHaveAttribute('data-outcome', 'drifted');
    await expect(cards.nth(1)).toHaveAttribute('data-outcome', 'passed');
    // Each card says which case it is about.
    await expect(cards.nth(0).locator('h3')).toContainText(first.event.scenario.title);
    await expect(cards.nth(1).locator('h3')).toContainText('TC-02 wrong password');
    // Only a drift offers an approval.
    await expect(cards.nth(1).getByTestId('approve-heals')).toHaveCount(0);
    expect(await seriousViolations(page)).toEqual([]);
    // One drifted case: no "approve all".
    await expect(page.getByTestId('approve-all-heals')).toHaveCount(0);
    await cards.nth(0).getByTestId('approve-heals').click();
    const approved = await calls(page, 'approve_heals');
    expect(approved.map((c) => c.args.scenarioId)).toEqual([first.event.scenario.id]);
  });

  test(`a check where several cases drifted: approved together in one step (${lang})`, async ({ page }) => {
    const { sheet } = asSheet();
    await open(page, { lang, sessions: [sheet], everyCaseDrifts: true });
    await page.locator(`[data-session-id="${sheet.summary.id}"] button`).click();
    await page.getByTestId('check-session').click();
    await expect(page.getByTestId('check-card')).toHaveCount(2);
    const all = page.getByTestId('approve-all-heals');
    await expect(all).toContainText('2');
    expect(await seriousViolations(page)).toEqual([]);
    await all.click();
    // An empty scenario: every drifted case of that check.
    const approved = await calls(page, 'approve_heals');
    expect(approved.map((c) => [c.args.runId, c.args.scenarioId])).toEqual([[expect.stringMatching(/^run_check/), '']]);
    // Both heals held: each card says so, and nothing is left to approve.
    await expect(page.getByTestId('check-heal')).toHaveCount(2);
    await expect(page.getByTestId('check-heal').nth(0)).toHaveAttribute('data-heal', 'held');
    await expect(page.getByTestId('approve-heals')).toHaveCount(0);
    await expect(all).toHaveCount(0);
  });

  test(`a heal approved for one case leaves the check's other drifted case approvable (${lang})`, async ({ page }) => {
    const { sheet, first } = asSheet();
    await open(page, { lang, sessions: [sheet], everyCaseDrifts: true });
    await page.locator(`[data-session-id="${sheet.summary.id}"] button`).click();
    await page.getByTestId('check-session').click();
    const cards = page.getByTestId('check-card');
    await expect(cards).toHaveCount(2);
    await cards.nth(0).getByTestId('approve-heals').click();
    // The first case's heal ran and held; the second case's card is still the check's, still approvable.
    await expect(cards.nth(0).getByTestId('check-heal')).toHaveAttribute('data-heal', 'held');
    await expect(cards.nth(0).getByTestId('check-heal')).toHaveText(
      lang === 'ko' ? '고쳤습니다. 새 요소가 시나리오에 들어갔고 시험 실행을 통과했습니다.' : 'Healed: the new elements are in the scenario, and its trial passed.',
    );
    await expect(cards.nth(0).getByTestId('approve-heals')).toHaveCount(0);
    await expect(cards.nth(1).getByTestId('approve-heals')).toBeEnabled();
    expect(await seriousViolations(page)).toEqual([]);
    await cards.nth(1).getByTestId('approve-heals').click();
    const approved = await calls(page, 'approve_heals');
    expect(approved.map((c) => c.args.scenarioId)).toEqual([first.event.scenario.id, `${first.event.scenario.id}-tc-02`]);
    expect(new Set(approved.map((c) => c.args.runId)).size).toBe(1);
    await expect(cards.nth(1).getByTestId('check-heal')).toHaveAttribute('data-heal', 'held');
  });
}

for (const lang of ['ko', 'en']) {
  test(`a new version of the spec: what changed is shown by line before anything runs, then only that is explored (${lang})`, async ({ page }) => {
    await open(page, { lang });
    await page.locator(`[data-session-id="${completed.summary.id}"] button`).click();
    await page.getByTestId('revise-files').setInputFiles({
      name: 'shop-admin-prd.v2.md',
      mimeType: 'text/markdown',
      buffer: Buffer.from('# 상품 등록 v2\n'),
    });
    const card = page.getByTestId('revision-card');
    const ko = lang === 'ko';
    await expect(page.getByTestId('revision-summary')).toContainText(ko ? '바뀜 1개와 새 문장 1개' : '1 changed and 1 new');
    // The change is at the top: nothing after it is replayed as recorded.
    await expect(page.getByTestId('revision-summary')).toContainText(ko ? '그중 0개는 기록대로' : '0 of them replayed as recorded');
    const rows = card.getByTestId('revision-row');
    await expect(rows).toHaveCount(3);
    await expect(rows.nth(0)).toHaveAttribute('data-change', 'changed');
    await expect(rows.nth(0)).toContainText('(v2)');
    await expect(card.locator('[data-change=removed]')).toContainText(ko ? '기록된 단계 1개 제외' : '1 recorded steps left out');
    await expect(card.locator('[data-change=added]')).toContainText("'상품 관리' 링크가");
    // The comparison came with the files' bytes; nothing runs until the person says so.
    const compared = await calls(page, 'compare_spec');
    expect(compared.map((c) => [c.args.sessionId, c.args.files[0].name])).toEqual([[completed.summary.id, 'shop-admin-prd.v2.md']]);
    expect(await calls(page, 'revise_session')).toEqual([]);
    expect(await seriousViolations(page)).toEqual([]);
    await card.screenshot({ path: join(shots, `revision.${lang}.png`) });
    await card.getByTestId('revise-explore').click();
    const revised = await calls(page, 'revise_session');
    expect(revised.map((c) => c.args.files[0].kind)).toEqual(['bytes']);
    // The new session opens and keeps telling what it was started from, with no buttons.
    await expect(page.getByTestId('revision-card')).toBeVisible();
    await expect(page.getByTestId('revise-explore')).toHaveCount(0);
    await expect(page.getByTestId('revision-row')).toHaveCount(3);
  });
}

for (const lang of ['ko', 'en']) {
  test(`the suites: listed by the app's address, renamed in place, and every scenario checked at once (${lang})`, async ({ page }) => {
    await open(page, { lang });
    await page.getByTestId('open-suites').click();
    const suite = page.getByTestId('suite');
    await expect(suite).toHaveCount(1);
    const origin = new URL(completed.summary.target_url).origin;
    await expect(suite.getByTestId('suite-name')).toHaveText(origin);
    // The waiting session has no scenario yet: it is no part of a suite.
    await expect(suite.getByTestId('suite-session')).toHaveCount(1);
    // What a check of it needs, by name only.
    await expect(suite.getByTestId('suite-secrets')).toHaveText(lang === 'ko' ? '필요한 비밀번호: PASSWORD' : 'Passwords it needs: PASSWORD');
    await suite.getByTestId('suite-rename').click();
    await suite.getByTestId('suite-name-input').fill('데모 상점');
    await suite.getByTestId('suite-name-save').click();
    await expect(suite.getByTestId('suite-name')).toHaveText('데모 상점');
    expect((await calls(page, 'rename_suite')).map((c) => c.args)).toEqual([{ suite: origin, name: '데모 상점' }]);
    expect(await seriousViolations(page)).toEqual([]);
    const reads = (await calls(page, 'get_session')).length;
    await suite.getByTestId('suite-check-all').click();
    // The mock's check finds a renamed button: the app changed, told in the reader's language.
    await expect(suite.getByTestId('suite-outcome')).toHaveAttribute('data-outcome', 'drifted');
    // Told by the run's own events as they came (a subscription), not by reading the log again.
    expect((await calls(page, 'subscribe')).map((c) => c.args.sessionId)).toContain(completed.summary.id);
    expect((await calls(page, 'get_session')).length).toBe(reads);
    await expect(suite.getByTestId('suite-outcome')).toHaveText(lang === 'ko' ? '화면 변경' : 'the app changed');
    expect((await calls(page, 'check_suite')).map((c) => c.args.suite)).toEqual([origin]);
    // The suite as one Playwright project for the team's CI, where the person picked.
    await suite.getByTestId('suite-export').click();
    await expect(suite.getByTestId('suite-exported')).toHaveText(
      lang === 'ko'
        ? /^\/home\/planner\/Documents\/suite-\S+에 내보냈습니다\. 테스트 1개, CI 작업 1개\.$/
        : /^Exported to \/home\/planner\/Documents\/suite-\S+\. Tests: 1; CI shards: 1\.$/,
    );
    expect((await calls(page, 'export_suite')).map((c) => c.args.suite)).toEqual([origin]);
    await suite.screenshot({ path: join(shots, `suites.${lang}.png`) });
    // A scenario opens its session.
    await suite.getByTestId('suite-session').getByRole('button').click();
    await expect(page.getByTestId('check-session')).toBeVisible();
  });
}

test('the mirror enlarges to full size and fills the window for a demo, and the divider gives it room', async ({ page }) => {
  await open(page, { lang: 'ko' });
  await page.locator(`[data-session-id="${completed.summary.id}"] button`).click();
  await expect(page.getByTestId('mirror-frame')).toHaveAttribute('src', /^blob:/);
  const small = await page.getByTestId('mirror-frame').boundingBox();
  // Full size: the frame at its own pixels.
  await page.getByTestId('mirror-enlarge').click();
  const big = page.getByTestId('mirror-big');
  await expect(page.getByTestId('mirror-overlay')).toHaveAttribute('data-view', 'full');
  const natural = await big.evaluate((img) => [img.naturalWidth, img.getBoundingClientRect().width]);
  expect(Math.abs(natural[0] - natural[1])).toBeLessThan(1);
  expect(await seriousViolations(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('mirror-overlay')).toHaveCount(0);
  // Presentation: most of the window, the step sentence as a caption.
  await page.getByTestId('mirror-present').click();
  const box = await big.boundingBox();
  const viewport = page.viewportSize();
  expect(box.width * box.height).toBeGreaterThan(0.4 * viewport.width * viewport.height);
  expect(box.width).toBeGreaterThan(small.width);
  const last = completed.events.filter((e) => e.event.type === 'mirror.frame').at(-1).event;
  await expect(page.getByTestId('mirror-caption')).toHaveText(last.intent);
  await page.screenshot({ path: join(shots, 'presentation.ko.png') });
  await page.getByTestId('mirror-close').click();
  await expect(page.getByTestId('mirror-overlay')).toHaveCount(0);
  // The divider, by keyboard: the timeline narrows, the mirror widens.
  const before = (await page.getByTestId('mirror-frame').boundingBox()).width;
  await page.getByTestId('divider').focus();
  for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowLeft');
  await expect(page.getByTestId('divider')).toHaveAttribute('aria-valuenow', '35');
  await expect.poll(async () => (await page.getByTestId('mirror-frame').boundingBox()).width).toBeGreaterThan(before + 20);
});

test('the session list: a dot where an answer is needed, what each trial proved, and the document', async ({ page }) => {
  const done = structuredClone(completed);
  done.summary.verdict = 'not_verified';
  done.summary.document = 'shop-admin-prd.ko.md';
  const wait = structuredClone(waiting);
  wait.summary.document = wait.summary.title;
  await open(page, { lang: 'ko', sessions: [wait, done] });
  const waitingItem = page.locator(`[data-session-id="${wait.summary.id}"]`);
  await expect(waitingItem.locator('.badge')).toHaveText('답변 필요');
  await expect(waitingItem.locator('.dot')).toHaveCount(1);
  await expect(waitingItem.getByTestId('session-document')).toHaveCount(0);
  const doneItem = page.locator(`[data-session-id="${done.summary.id}"]`);
  await expect(doneItem.getByTestId('session-verdict')).toHaveText(/검증 안 됨/);
  await expect(doneItem.getByTestId('session-document')).toHaveText('shop-admin-prd.ko.md');
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: join(shots, 'session-list.ko.png') });
});

test('first start: the empty window says what to do, and the sample starts in one click', async ({ page }) => {
  await open(page, { lang: 'ko', sessions: [] });
  const welcome = page.getByTestId('welcome');
  await expect(welcome).toContainText('기획서를 검증된 시나리오로');
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: join(shots, 'welcome.ko.png') });
  await page.getByTestId('welcome-sample').click();
  await expect(page.getByTestId('session-status')).toBeVisible();
  expect((await calls(page, 'start_sample')).length).toBe(1);
  await expect(page.locator('[data-testid=session-item]')).toHaveCount(1);
  // The new-session screen offers the same.
  await page.getByTestId('open-new-session').click();
  await page.getByTestId('start-sample').click();
  await expect(page.locator('[data-testid=session-item]')).toHaveCount(2);
});

test('provider presets: a local server leaves the model for the person to name', async ({ page }) => {
  await open(page, { lang: 'en' });
  await page.getByTestId('open-settings').click();
  await page.getByLabel('Engine').selectOption('open_ai');
  const preset = page.getByTestId('provider-preset');
  await expect(preset).toHaveValue('openai');
  await preset.selectOption('ollama');
  await expect(page.getByLabel('Endpoint')).toHaveValue('http://127.0.0.1:11434/v1');
  await expect(page.getByRole('textbox', { name: 'Model', exact: true })).toHaveValue('');
  await expect(page.getByRole('textbox', { name: 'Model', exact: true })).toHaveAttribute('placeholder', 'for example qwen2.5:7b');
  await preset.selectOption('openai');
  await expect(page.getByRole('textbox', { name: 'Model', exact: true })).toHaveValue('gpt-4o-mini');
  // An address typed by hand is "other".
  await page.getByLabel('Endpoint').fill('http://10.0.0.5:9000/v1');
  await expect(preset).toHaveValue('');
  expect(await seriousViolations(page)).toEqual([]);
});

for (const lang of ['en', 'ko']) {
  test(`plain words by default: phases, one sentence per step with its screen, developer view one toggle away (${lang})`, async ({ page }) => {
    await open(page, { lang, details: false });
    await page.locator(`[data-session-id="${completed.summary.id}"] button`).click();
    const plain = page.getByTestId('step-timeline');
    await expect(plain).toBeVisible();
    // Reading → checking the screens → each trial run → review → done, in that order.
    const kinds = await page.getByTestId('phase').evaluateAll((els) => els.map((e) => e.dataset.kind));
    expect(kinds[0]).toBe('read');
    expect(kinds).toContain('explore');
    expect(kinds.filter((k) => k === 'trial').length).toBe(2);
    expect(kinds.at(-1)).toBe('end');
    // Only the newest phase is open; a trial phase opens on demand, with a thumbnail per step.
    await expect(page.locator('[data-testid=phase][open]')).toHaveCount(1);
    const trial = page.locator('[data-testid=phase][data-kind=trial]').first();
    await trial.locator('summary').click();
    const steps = trial.getByTestId('plain-step');
    const trialSteps = completed.events.filter((e) => e.event.type === 'trial.step');
    const firstTrial = trialSteps.filter((e) => e.event.attempt === trialSteps[0].event.attempt && e.event.trial_id === trialSteps[0].event.trial_id);
    await expect(steps).toHaveCount(firstTrial.length);
    await expect(trial.getByTestId('step-thumb').first()).toHaveAttribute('src', /^blob:/);
    // No developer words: no tool names, no roles, no secret templates.
    await expect(plain).not.toContainText('browser.');
    await expect(plain).not.toContainText('textbox');
    await expect(plain).not.toContainText('{{secret');
    await expect(plain).toContainText(lang === 'ko' ? '비밀번호(숨김)' : 'password (hidden)');
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: join(shots, `timeline-plain.${lang}.png`) });
    // The developer view, one toggle away, remembered.
    await page.getByTestId('timeline-details').click();
    await expect(page.getByTestId('timeline-item')).toHaveCount(timelineRows(completed.events));
    await expect(page.getByTestId('timeline-details')).toHaveAttribute('aria-pressed', 'true');
  });
}

for (const lang of ['en', 'ko']) {
  test(`a person talks to a finished session: the message, the step it adds cited as said, and a reply (${lang})`, async ({ page }) => {
    await open(page, { lang, details: false });
    await page.locator(`[data-session-id="${completed.summary.id}"] button`).click();
    const box = page.getByTestId('message-box');
    await expect(box).toBeVisible();
    await expect(box.getByRole('textbox', { name: lang === 'ko' ? '이 세션에 보낼 메시지' : 'Message to this session' })).toBeVisible();
    await expect(page.getByTestId('message-send')).toBeDisabled();
    expect(await seriousViolations(page)).toEqual([]);
    const words = lang === 'ko' ? "그리고 '상품 관리' 링크가 보이는지 확인해 줘" : "Also check that 'Products' is shown";
    await page.getByTestId('message-input').fill(words);
    await page.getByTestId('message-input').press('Enter');
    await expect(page.getByTestId('message-input')).toHaveValue('');
    expect(await calls(page, 'say_to_session')).toEqual([
      { cmd: 'say_to_session', args: { sessionId: completed.summary.id, words } },
    ]);
    // The person's words in the timeline, as theirs (their phase folded once the run ends).
    await expect(page.getByTestId('session-status')).toHaveAttribute('data-status', 'completed', { timeout: 10_000 });
    const talk = page.locator('[data-testid=phase][data-kind=talk]');
    await expect(talk).toHaveCount(1);
    await expect(page.getByTestId('phase').last()).toHaveAttribute('data-kind', 'end');
    if (!(await talk.evaluate((e) => e.open))) await talk.locator('summary').click();
    await expect(talk.locator('[data-outcome=said]')).toContainText(words);
    // The step it produced cites it as said, in the scenario pane.
    const said = page.locator('[data-provenance=said]');
    await expect(said).toHaveCount(1);
    await expect(page.getByTestId('said-detail')).toContainText(words);
    // A question about the run is replied to in the conversation.
    const question = lang === 'ko' ? '3단계는 왜 실패했어?' : 'Why did step 3 fail?';
    await page.getByTestId('message-input').fill(question);
    await page.getByTestId('message-send').click();
    await expect(page.locator('[data-outcome=reply]').last()).toContainText('Every step passed');
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: join(shots, `conversation.${lang}.png`) });
  });
}

test('a message while the run works: sent at once, the run stops after its step, then the message is taken', async ({ page }) => {
  const working = structuredClone(completed);
  working.summary = { ...working.summary, id: 'ses_working', status: 'running' };
  working.events = working.events
    .filter((e) => e.event.type !== 'session.completed')
    .map((e) => ({ ...e, session_id: 'ses_working' }));
  working.summary.last_seq = working.events.at(-1).seq;
  await open(page, { lang: 'en', details: false, sessions: [working] });
  await page.locator('[data-session-id="ses_working"] button').click();
  await expect(page.getByTestId('session-status')).toHaveAttribute('data-status', 'running');
  const box = page.getByTestId('message-box');
  await expect(box).toContainText('your message is taken when the step it is on ends');
  const words = "Also check that 'Products' is shown";
  await page.getByTestId('message-input').fill(words);
  await expect(page.getByTestId('message-send')).toBeEnabled();
  await page.getByTestId('message-input').press('Enter');
  expect(await calls(page, 'say_to_session')).toEqual([{ cmd: 'say_to_session', args: { sessionId: 'ses_working', words } }]);
  await expect(page.getByTestId('session-status')).toHaveAttribute('data-status', 'completed', { timeout: 10_000 });
  const talk = page.locator('[data-testid=phase][data-kind=talk]');
  if (!(await talk.evaluate((e) => e.open))) await talk.locator('summary').click();
  await expect(talk.locator('[data-outcome=said]')).toContainText(words);
  await expect(page.locator('[data-provenance=said]')).toHaveCount(1);
  expect(await seriousViolations(page)).toEqual([]);
});

test('hovering an option outlines the element it names in the mirror beside the question', async ({ page }) => {
  const detail = structuredClone(waiting);
  const box = { x: 0.25, y: 0.4, width: 0.3, height: 0.05 };
  detail.events.at(-1).event.question.options[0].target = box;
  await open(page, { lang: 'ko', sessions: [detail] });
  await page.locator(`[data-session-id="${detail.summary.id}"] button`).click();
  await expect(page.getByTestId('mirror-frame')).toHaveAttribute('src', /^blob:/);
  await expect(page.getByTestId('mirror-hover')).toHaveCount(0);
  const first = page.getByTestId('question').getByRole('listitem').first().getByRole('button');
  await first.hover();
  const outline = page.getByTestId('mirror-hover');
  await expect(outline).toBeVisible();
  const [img, drawn] = [await page.getByTestId('mirror-frame').boundingBox(), await outline.boundingBox()];
  expect(Math.abs(drawn.x - (img.x + box.x * img.width))).toBeLessThan(2);
  expect(Math.abs(drawn.y - (img.y + box.y * img.height))).toBeLessThan(2);
  expect(Math.abs(drawn.width - box.width * img.width)).toBeLessThan(2);
  await page.screenshot({ path: join(shots, 'question-hover.ko.png') });
  // Off the option, or on one that names no element: no outline.
  await page.getByTestId('question').getByRole('listitem').nth(1).getByRole('button').hover();
  await expect(outline).toHaveCount(0);
  // Keyboard focus outlines too.
  await first.focus();
  await expect(page.getByTestId('mirror-hover')).toBeVisible();
});

test("a workbook's run: each case with what it proved, and the session's verdict its least proven case's", async ({ page }) => {
  const detail = structuredClone(completed);
  const done = detail.events.filter((e) => e.event.type === 'trial.done').at(-1);
  const at = detail.events.indexOf(done);
  const cases = [
    ['TC-01 로그인 성공', 'passed', true],
    ['TC-02 잘못된 비밀번호', 'failed', false],
    ['TC-03 상품 등록', 'not_verified', true],
  ];
  const trials = cases.map(([title, verdict, passed], i) => ({
    ...done,
    seq: done.seq,
    event: { ...done.event, trial_id: `trial_case${i}`, scenario: title, verdict, passed },
  }));
  detail.events.splice(at, 1, ...trials);
  detail.events.forEach((e, i) => (e.seq = i + 1));
  detail.summary.last_seq = detail.events.length;
  await open(page, { lang: 'ko', sessions: [detail] });
  await page.locator(`[data-session-id="${detail.summary.id}"] button`).click();
  const card = page.getByTestId('outputs');
  await expect(card).toHaveAttribute('data-verdict', 'failed');
  const list = card.getByTestId('case-list');
  await expect(list.locator('caption')).toHaveText('케이스 3개 중 실패 1개');
  await expect(list.locator('tbody tr')).toHaveCount(3);
  await expect(list.locator('tbody tr').nth(1)).toContainText('TC-02 잘못된 비밀번호');
  await expect(list.locator('tbody tr').nth(1)).toContainText('실패');
  await expect(list.locator('tbody tr').nth(2)).toContainText('검증 안 됨');
  expect(await seriousViolations(page)).toEqual([]);
  await card.screenshot({ path: join(shots, 'result-cases.ko.png') });
});

test('in plain words a question and its answer are one row, the answer as the option read', async ({ page }) => {
  const detail = structuredClone(waiting);
  const asked = detail.events.filter((e) => e.event.type === 'question.asked' || e.event.type === 'session.waiting');
  for (const e of asked) e.event.question.options[1].label = "'비밀번호' 입력란";
  await open(page, { lang: 'ko', sessions: [detail], details: false });
  await page.locator(`[data-session-id="${detail.summary.id}"] button`).click();
  // The screens checked so far, opened: the question waits there.
  const phase = page.locator('[data-testid=phase][data-kind=explore]');
  await phase.locator('summary').click();
  const row = phase.locator('[data-testid=plain-step][data-outcome=asked]');
  await expect(row).toHaveCount(1);
  await page.keyboard.press('2');
  await expect(page.getByTestId('session-status')).toHaveAttribute('data-status', 'completed', { timeout: 10_000 });
  // The mock answers with the option's value; the row says what the person read.
  const answered = phase.locator('[data-testid=plain-step][data-outcome=done]').filter({ hasText: '질문:' });
  await expect(answered).toContainText("답: '비밀번호' 입력란");
  await expect(answered).not.toContainText('textbox');
});

test('stop at a question: the session ends there, cancelled, and can be resumed', async ({ page }) => {
  await open(page, { lang: 'ko' });
  await page.locator(`[data-session-id="${waiting.summary.id}"] button`).click();
  await page.getByTestId('stop-at-question').click();
  await expect(page.getByTestId('question')).toHaveCount(0);
  expect((await calls(page, 'cancel_session')).map((c) => c.args.sessionId)).toEqual([waiting.summary.id]);
  expect(await calls(page, 'answer_question')).toEqual([]);
  await expect(page.getByTestId('session-status')).toHaveAttribute('data-status', 'cancelled', { timeout: 10_000 });
  await expect(page.getByRole('button', { name: '이어 하기' })).toBeVisible();
});

/** The waiting fixture, its last question made the password question the engine asks. */
function waitingForPassword() {
  const detail = structuredClone(waiting);
  detail.summary.id = 'ses_password';
  const last = detail.events.at(-1);
  last.session_id = detail.summary.id;
  last.event.question = {
    id: 'secret::PASSWORD',
    kind: 'secret',
    text: { id: 'q-password', args: { field: '비밀번호', name: 'PASSWORD' } },
    target: '비밀번호',
    options: [],
    why: { id: 'why-password', args: { name: 'PASSWORD' } },
    source: 'login.md:3',
  };
  detail.events = detail.events.map((e) => ({ ...e, session_id: detail.summary.id }));
  return detail;
}

for (const lang of ['en', 'ko']) {
  test(`a password is typed into a masked field, never shown or sent as an answer (${lang})`, async ({ page }) => {
    const detail = waitingForPassword();
    await open(page, { lang, sessions: [detail] });
    await page.locator(`[data-session-id="${detail.summary.id}"] button`).click();
    const form = page.getByTestId('secret-form');
    const field = form.getByLabel(lang === 'ko' ? '비밀번호' : 'Password');
    await expect(field).toHaveAttribute('type', 'password');
    // No terminal talk for a planner.
    await expect(page.getByTestId('question')).not.toContainText('--secret');
    await expect(page.getByTestId('question')).not.toContainText('SPECWRIGHT_SECRET');
    // Number keys type into the field, they do not pick an option.
    await field.fill('pw-typed-1');
    await field.press('2');
    await expect(field).toHaveValue('pw-typed-12');
    const remember = form.getByRole('checkbox');
    await expect(remember).toBeChecked();
    await remember.uncheck();
    await expect(form).toContainText(lang === 'ko' ? '어디에도 저장되지 않습니다' : 'never saved anywhere');
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: join(shots, `question-password.${lang}.png`) });
    await form.getByRole('button').click();
    await expect(page.getByTestId('session-status')).toHaveAttribute('data-status', 'completed', { timeout: 10_000 });
    expect(await calls(page, 'answer_secret')).toEqual([
      {
        cmd: 'answer_secret',
        args: { sessionId: detail.summary.id, questionId: 'secret::PASSWORD', value: 'pw-typed-12', remember: false },
      },
    ]);
    expect(await calls(page, 'answer_question')).toEqual([]);
    // The value is gone from the page: not in a field, not in the timeline.
    await expect(page.locator('body')).not.toContainText('pw-typed-12');
    expect(await page.evaluate(() => [...document.querySelectorAll('input')].some((i) => i.value.includes('pw-typed')))).toBe(false);
  });
}

test('a new session from picked files: checked before it starts, then its progress', async ({ page }) => {
  await open(page);
  await page.getByTestId('open-new-session').click();
  await expect(page.getByTestId('drop-zone')).toBeVisible();
  await page.getByRole('button', { name: 'Start', exact: true }).click();
  await expect(page.getByTestId('new-session-problem')).toHaveText('Add at least one spec file, or say what to test in words.');
  await page.locator('input[type=file]').setInputFiles({
    name: 'spec.md',
    mimeType: 'text/markdown',
    buffer: Buffer.from("# 로그인\n\n1. '/login' 페이지로 이동한다.\n"),
  });
  await expect(page.getByTestId('picked-files')).toContainText('spec.md');
  await page.getByRole('button', { name: 'Start', exact: true }).click();
  await expect(page.getByTestId('new-session-problem')).toContainText('Enter the application address');
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: join(shots, 'new-session.en.png') });
  await page.getByLabel('Use the bundled demo shop').check();
  await page.getByRole('button', { name: 'Start', exact: true }).click();
  await expect(page.getByTestId('ingest-progress')).toBeVisible();
  const [start] = await calls(page, 'start_session');
  expect(start.args.request.demo_app).toBe(true);
  expect(start.args.request.files[0].kind).toBe('bytes');
  expect(Buffer.from(start.args.request.files[0].bytes).toString()).toContain("'/login'");
  // Per-file bars: parsed and chunked are full, embedding half way (it goes on after reading).
  const bars = page.getByTestId('ingest-progress').locator('progress');
  await expect(bars).toHaveCount(3);
  expect(await bars.nth(2).getAttribute('value')).toBe('0.5');
});

for (const lang of ['en', 'ko']) {
  test(`a new session from words alone: no file, the words its first message and its title (${lang})`, async ({ page }) => {
    await open(page, { lang, details: false });
    await page.getByTestId('open-new-session').click();
    const box = page.getByLabel(lang === 'ko' ? '또는 무엇을 시험할지 말로 적어 주세요' : 'Or say what to test, in your own words');
    await expect(box).toBeVisible();
    const words = lang === 'ko' ? "로그인해서 '대시보드' 제목이 보이는지 확인해 줘" : "Log in and check that 'Dashboard' is shown";
    await box.fill(words);
    await page.getByLabel(lang === 'ko' ? '내장 데모 상점 사용' : 'Use the bundled demo shop').check();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: lang === 'ko' ? '시작' : 'Start', exact: true }).click();
    const [start] = await calls(page, 'start_session');
    expect(start.args.request.files).toEqual([]);
    expect(start.args.request.words).toBe(words);
    // The session opens titled by the person's words, as its first message.
    await expect(page.getByRole('heading', { level: 2, name: words })).toBeVisible();
    const talk = page.locator('[data-testid=phase][data-kind=talk]');
    if (!(await talk.evaluate((e) => e.open))) await talk.locator('summary').click();
    await expect(talk.locator('[data-outcome=said]')).toContainText(words);
  });
}

test('settings: the API key goes to the keychain, comes back masked, and a bad endpoint is a sentence', async ({ page }) => {
  await open(page, { lang: 'ko' });
  await page.getByTestId('open-settings').click();
  await page.getByLabel('엔진').selectOption('open_ai');
  await page.getByLabel('엔드포인트').fill('http://127.0.0.1:11434/v1');
  await page.getByLabel('API 키').fill('sk-test-abcdef123456');
  await page.getByRole('button', { name: '키 저장' }).click();
  await expect(page.getByTestId('api-key')).toContainText('sk-…3456');
  await expect(page.getByLabel('API 키')).toHaveValue('');
  await page.getByRole('button', { name: '연결 확인' }).click();
  await expect(page.getByTestId('settings-notice')).toContainText('연결됨');
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: join(shots, 'settings.ko.png') });

  await page.getByLabel('엔드포인트').fill('localhost:11434');
  await page.getByRole('button', { name: '설정 저장' }).click();
  const notice = page.getByTestId('settings-notice');
  await expect(notice).toHaveAttribute('role', 'alert');
  await expect(notice).toHaveText('엔드포인트 주소는 http:// 또는 https://로 시작해야 합니다.');
  await expect(notice).not.toContainText('at ');

  await page.getByLabel('엔드포인트').fill('http://127.0.0.1:11434/v1');
  await page.getByLabel('테마').selectOption('dark');
  // A local model's window, typed; the first-answer wait left empty means "the default".
  await page.getByLabel('컨텍스트 창(토큰)').fill('8192');
  await page.getByLabel('첫 응답 대기 시간(초)').fill('');
  await page.getByRole('button', { name: '설정 저장' }).click();
  await expect(notice).toHaveText('설정을 저장했습니다.');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  const [saved] = await calls(page, 'save_settings').then((c) => c.slice(-1));
  expect(saved.args.settings).toMatchObject({
    provider: 'open_ai',
    base_url: 'http://127.0.0.1:11434/v1',
    theme: 'dark',
    context_window: 8192,
    first_answer_wait_secs: 0,
  });
  // The key crossed IPC once, to the keychain, and in no other call.
  const all = await page.evaluate(() => window.__MOCK_CALLS__);
  const carrying = all.filter((c) => JSON.stringify(c.args).includes('sk-test')).map((c) => c.cmd);
  expect(carrying).toEqual(['store_api_key']);
  expect(await seriousViolations(page)).toEqual([]);
});

test('search, then delete with undo, then delete for good', async ({ page }) => {
  test.setTimeout(60_000);
  await open(page);
  const items = page.getByTestId('session-item');
  await expect(items).toHaveCount(2);
  await page.getByLabel('Search sessions').fill('waiting');
  await expect(items).toHaveCount(1);
  await page.getByLabel('Search sessions').fill('nothing like this');
  await expect(items).toHaveCount(0);
  await expect(page.getByText('No session matches')).toBeVisible();
  await page.getByLabel('Search sessions').fill('');

  await page.locator(`[data-session-id="${completed.summary.id}"] button`).click();
  await page.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByTestId('undo-toast')).toBeVisible();
  await expect(items).toHaveCount(1);
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(items).toHaveCount(2);
  // Past the undo window: an undone deletion never reaches the backend.
  await page.waitForTimeout(7000);
  expect(await calls(page, 'delete_session')).toEqual([]);
  await expect(items).toHaveCount(2);

  await page.locator(`[data-session-id="${completed.summary.id}"] button`).click();
  await page.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByTestId('undo-toast')).toBeHidden({ timeout: 10_000 });
  expect((await calls(page, 'delete_session')).map((c) => c.args.sessionId)).toEqual([completed.summary.id]);
  await expect(items).toHaveCount(1);
});

test('a backend error is one sentence with a next step, never a stack trace', async ({ page }) => {
  const message =
    '저장소 오류: database is locked. 데이터 폴더의 권한과 여유 공간을 확인하세요. / Storage error: database is locked. Check the data folder\'s permissions and free space.';
  await open(page, { failures: { list_sessions: { code: 'storage_failed', message } } });
  const banner = page.getByRole('alert');
  await expect(banner).toContainText('Check the data folder');
  await expect(banner).not.toContainText('Error:');
  expect(await seriousViolations(page)).toEqual([]);
});

test('a model streaming its words shows one growing row and the token meter', async ({ page }) => {
  const id = 'ses_llm';
  const at = completed.summary.created_at_ms;
  const event = (seq, e) => ({ session_id: id, run_id: 'run_llm', seq, at_ms: at + seq, event: e });
  const stream = {
    summary: { ...completed.summary, id, title: 'LLM', status: 'running', engine: 'llm:gpt-4o-mini', last_seq: 6 },
    documents: ['spec.md'],
    events: [
      event(1, { type: 'message.delta', text: 'Checking the ' }),
      event(2, { type: 'message.delta', text: 'login screen' }),
      event(3, { type: 'message.done', text: 'Checking the login screen first.' }),
      event(4, { type: 'usage', model: 'gpt-4o-mini', prompt_tokens: 1000, completion_tokens: 234, cost_usd: 0.0012 }),
      event(5, { type: 'message.delta', text: 'Now the ' }),
      event(6, { type: 'message.delta', text: 'dashboard' }),
    ],
  };
  await open(page, { sessions: [stream] });
  const rows = page.getByTestId('timeline-item');
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(0)).toContainText('Checking the login screen first.');
  await expect(rows.nth(2)).toContainText('Now the dashboard');
  await expect(page.getByTestId('usage-meter')).toHaveText('1,234 tokens · ~$0.0012');
});

for (const lang of ['en', 'ko']) {
  test(`a message of the core reads in one language, the one chosen (${lang})`, async ({ page }) => {
    const id = 'ses_catalog';
    const event = (seq, e) => ({ session_id: id, run_id: 'run_catalog', seq, at_ms: 1796068987996 + seq, event: e });
    const session = {
      summary: { ...completed.summary, id, title: 'Catalog', status: 'failed', last_seq: 3 },
      documents: ['spec.md'],
      events: [
        event(1, { type: 'message.done', text: { id: 'run-found-steps', args: { steps: 1 } } }),
        event(2, { type: 'message.done', text: { id: 'trial-reset-app', args: { command: 'make reset' } } }),
        // An error with the browser's reason nested inside the step's line.
        event(3, {
          type: 'error',
          code: 'browser_action_failed',
          message: {
            id: 'error-step-failed',
            args: { line: 4, reason: { id: 'error-element-missing', args: { target: 'button "Save"' } } },
          },
        }),
      ],
    };
    await open(page, { lang, sessions: [session] });
    const rows = page.getByTestId('timeline-item');
    await expect(rows).toHaveCount(3);
    if (lang === 'ko') {
      await expect(rows.nth(0)).toContainText('기획서에서 1개 단계를 찾았습니다.');
      await expect(rows.nth(1)).toContainText('앱의 데이터를 처음 상태로 되돌립니다: make reset');
      await expect(rows.nth(2)).toContainText('4행 단계를 실행하지 못했습니다: 화면에서 요소를 찾지 못했습니다: button "Save"');
      await expect(page.getByTestId('timeline')).not.toContainText('Found');
      await expect(page.getByTestId('timeline')).not.toContainText('No element');
    } else {
      await expect(rows.nth(0)).toContainText('Found 1 step in the spec');
      await expect(rows.nth(1)).toContainText("Putting the app's data back: make reset");
      await expect(rows.nth(2)).toContainText('The step on line 4 failed: No element matches button "Save" on the page.');
      await expect(page.getByTestId('timeline')).not.toContainText('기획서');
      await expect(page.getByTestId('timeline')).not.toContainText('찾지');
    }
  });
}

test('a tool call is running while the session runs, and its card settles on its result', async ({ page }) => {
  const event = (seq, e) => ({ session_id: 'ses_tools', run_id: 'run_tools', seq, at_ms: 1796068987996 + seq * 1000, event: e });
  const call = (seq, id, tool) => event(seq, { type: 'tool.call', call_id: id, tool, summary: `${tool} on the login page` });
  const running = {
    summary: { id: 'ses_tools', title: 'Tools', status: 'running', engine: 'offline', target_url: 'http://127.0.0.1:4000', created_at_ms: 1796068987996, updated_at_ms: 1796068987996, last_seq: 3 },
    documents: [],
    events: [call(1, 'c1', 'browser.snapshot'), call(2, 'c2', 'browser.click'), call(3, 'c3', 'browser.fill')],
  };
  const failed = structuredClone(running);
  failed.summary.id = 'ses_failed';
  failed.summary.status = 'failed';
  failed.events = failed.events.map((e) => ({ ...e, session_id: 'ses_failed' }));
  failed.events.push(event(4, { type: 'tool.result', call_id: 'c2', tool: 'browser.click', ok: false, summary: 'No button "Save" on the page', console_errors: ['TypeError: x is undefined'] }));
  failed.events[3].session_id = 'ses_failed';
  await open(page, { sessions: [running, failed] });
  await page.locator('[data-session-id="ses_tools"] button').click();
  const cards = page.getByTestId('tool-card');
  await expect(cards).toHaveCount(3);
  // Only the newest call of a running session is running; an earlier one without a result was a look.
  await expect(page.locator('[data-testid=timeline-item][data-state=noted]')).toHaveCount(2);
  await expect(page.locator('[data-testid=timeline-item][data-state=pending]')).toHaveCount(1);
  await expect(page.locator('[data-testid=timeline-item][data-state=pending]')).toContainText('browser.fill');

  // A stopped session has nothing running; a failed call shows its result and the page's errors.
  await page.locator('[data-session-id="ses_failed"] button').click();
  await expect(page.locator('[data-testid=timeline-item][data-state=pending]')).toHaveCount(0);
  const bad = page.locator('[data-testid=timeline-item][data-state=failed]');
  await expect(bad).toHaveCount(1);
  await bad.locator('summary').click();
  await expect(bad.getByTestId('tool-result')).toHaveText('No button "Save" on the page');
  await expect(bad).toContainText('TypeError: x is undefined');
  expect(await seriousViolations(page)).toEqual([]);
});

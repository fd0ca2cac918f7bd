// The Judge tab against the loopback LLM server, taught a verdict per prediction (the cases of
// tests/llm_server/cli_judge.test.mjs): real clicks on the tab, "Ask the judge..." and "Confirm and send"; nothing
// is sent before Confirm; the judged accuracy, kappa, false positives and negatives and every item's outcome and
// reason equal what `chokepoint judge` reports on the same files against the same server; after a reload the same
// judging is answered by the replay store with no new request.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { waitReady, sendCommand, workspaceSettled, untilPanel, clickNamed, drawnRects, expectTextDrawn,
  pixelStats } from './browser.mjs';
import { cli, tempDir, copyDb, writeBirdPredictions, openApp, closeAll, evaluateSets, METRICS } from './fixture.mjs';
import { startFakeLlm, useFakeLlm } from './llm_fixture.mjs';

// [gold, prediction, the judge's taught answer (null: never asked: the prediction fails)]
const CASES = [
  ["SELECT COUNT(*) FROM atom WHERE element = 'cl'", "SELECT COUNT(atom_id) FROM atom WHERE element = 'cl'",
    'incorrect\nCOUNT(atom_id) skips atoms without an id on another database.'],
  ['SELECT COUNT(*) FROM bond', 'SELECT COUNT(*) FROM bond', 'Correct - the same count on any database.'],
  ["SELECT element FROM atom WHERE atom_id = 'TR000_1'", "SELECT atom_id, element FROM atom WHERE atom_id = 'TR000_1'",
    '**Verdict:** correct\nThe extra id column does not change the answer.'],
  ["SELECT COUNT(*) FROM atom WHERE element = 'cl'", "SELECT COUNT(*) FROM atom WHERE element = 'h'",
    'incorrect\nIt counts hydrogen, not chlorine.'],
  ['SELECT MIN(element) FROM atom', 'SELECT MAX(element) FROM atom', 'Both queries look fine to me.'],
  ['SELECT COUNT(*) FROM atom', 'SELECT COUNT(*) FROM atoms', null],
];
const TAUGHT = Object.fromEntries(CASES.filter((c) => c[2] !== null).map(([, p, a]) => [`Answer to judge:\n${p}\n`, a]));

let app, llm, dir;

before(async () => {
  llm = await startFakeLlm(300000);
  await llm.teach(TAUGHT);
  dir = tempDir('chokepoint-judge-view-');
  fs.writeFileSync(path.join(dir, 'judge_gold.json'), JSON.stringify(CASES.map(([g], i) => ({
    question_id: i, db_id: 'toxicology', question: `Question number ${i}?`, evidence: `hint ${i}`, SQL: g })), null, 1));
  writeBirdPredictions(path.join(dir, 'judge_pred.json'), CASES.map(([, p]) => p));
  copyDb(dir, 'toxicology');
  fs.writeFileSync(path.join(dir, 'llm.json'), llm.config('fake-judge', { temperature: 0 }));
  app = await openApp();
});
after(() => closeAll({ app, llm, dir }));

const until = (predicate, what, timeout) => untilPanel(app.page, METRICS, predicate, what, timeout);
const click = (name) => clickNamed(app.page, name);

async function evaluated() {
  await evaluateSets(app.page, dir, 'judge_gold.json', 'judge_pred.json');
  await useFakeLlm(app.page, llm, 'fake-judge');
}

test('the judge from the page: preview, Confirm, the CLI\'s verdicts, and a replay after a reload', async () => {
  await evaluated();
  const before = (await llm.stats()).chat;
  await click('Judge tab');
  await click('ask the judge');
  const previewed = await until((s) => s.judge?.preview, 'the preview');
  assert.deepEqual([previewed.judge.preview.calls, previewed.judge.preview.strict, previewed.judge.preview.lenient],
    [5, 2, 3], 'the failing prediction is never asked');
  assert.equal(previewed.judge.preview.network_calls, 5);
  assert.match(previewed.judge.preview.destination, new RegExp(`127\\.0\\.0\\.1:${llm.port}`));
  assert.equal((await llm.stats()).chat, before, 'nothing is sent before Confirm');
  // The preview is drawn under the button that asked for it, with the Confirm button.
  const at = await drawnRects(app.page);
  const shown = await expectTextDrawn(app.page, 'judge_preview.png', at.below('ask the judge'), 5000);
  const confirm = await pixelStats(app.page, shown.png, at.at('judge confirm'), [26, 28, 33]);
  assert.ok(confirm.bright > 100, `the Confirm button carries its label: ${JSON.stringify(confirm)}`);
  await click('judge confirm');
  const s = await until((x) => x.judge?.done, 'the verdicts');
  assert.equal((await llm.stats()).chat, before + 5);
  // The verdicts are drawn under the button.
  await expectTextDrawn(app.page, 'judge_view.png', (await drawnRects(app.page)).below('ask the judge'), 4500);

  const out = path.join(dir, 'judge.json');
  const r = spawnSync(cli, ['judge', '--gold', path.join(dir, 'judge_gold.json'), '--pred', path.join(dir, 'judge_pred.json'),
    '--db-root', path.join(dir, 'db'), '--llm-config', path.join(dir, 'llm.json'), '--out', out], { encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  const viaCli = JSON.parse(r.stdout);
  assert.equal(s.judge.summary.ex, viaCli.ex);
  assert.equal(s.judge.summary.judged_accuracy, viaCli.judged_accuracy);
  assert.equal(s.judge.summary.kappa, viaCli.kappa);
  for (const k of ['false_positives', 'false_negatives', 'unreadable', 'agreed'])
    assert.equal(s.judge.summary[k], viaCli.judge[k], k);
  assert.deepEqual([s.judge.summary.false_positives, s.judge.summary.false_negatives, s.judge.summary.unreadable],
    [1, 1, 1]);
  const report = JSON.parse(fs.readFileSync(out, 'utf8'));
  const byId = (items) => Object.fromEntries(items.map((i) => [String(i.id), [i.mode, i.outcome, i.judged, i.reason]]));
  assert.deepEqual(byId(s.judge.items), byId(report.items));
  assert.match(s.judge.items.find((i) => i.id === '3').reason, /counts hydrogen/);

  // A reload: the same judging comes from the workspace's replay store.
  await workspaceSettled(app.page);
  const mid = (await llm.stats()).chat;
  await app.page.reload();
  await waitReady(app);
  await evaluated();
  await sendCommand(app.page, { do: 'judge_run' });
  const again = await until((x) => x.judge?.preview, 'the second preview');
  assert.equal(again.judge.preview.network_calls, 0, 'every prompt is in the replay store');
  await sendCommand(app.page, { do: 'judge_confirm' });
  const replayed = await until((x) => x.judge?.done, 'the replayed verdicts');
  assert.deepEqual(byId(replayed.judge.items), byId(s.judge.items));
  assert.equal(replayed.judge.usage.replayed, 5);
  assert.equal((await llm.stats()).chat, mid, 'no request reached the server');
});

test('a failing endpoint leaves every EX as it was and says why', async () => {
  await llm.api('/control', { mode: '500', times: 100 });
  await useFakeLlm(app.page, llm, 'fake-judge-2', { timeout_ms: 2000 });
  await sendCommand(app.page, { do: 'judge_run', only: 'strict' });
  await until((x) => x.judge?.preview, 'the preview');
  await sendCommand(app.page, { do: 'judge_confirm' });
  const s = await until((x) => x.judge?.done, 'the failed verdicts', 120000);
  await llm.api('/control', { mode: '500', times: 0 });
  assert.equal(s.judge.summary.no_answer, 2);
  assert.equal(s.judge.summary.judged_accuracy, s.judge.summary.ex, 'EX stands where the judge did not answer');
  assert.ok(s.judge.items.every((i) => i.outcome === 'no_answer' && i.reason.length > 0));
});

// The Judge tab (issue 17 item 8) against the loopback LLM server, taught a verdict per prediction (the cases of
// tests/llm_server/cli_judge.test.mjs): real clicks on the tab, "Ask the judge..." and "Confirm and send"; nothing
// is sent before Confirm; the judged accuracy, kappa, false positives and negatives and every item's outcome and
// reason equal what `chokepoint judge` reports on the same files against the same server; after a reload the same
// judging is answered by the replay store with no new request.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { startFakeLlmServer } from '../llm_server/start_server.mjs';
import { startApp, waitReady, artefactDir, repoRoot, sendCommand, panelState, nextFrames, workspaceSettled,
  untilPanel, uploadSet, clickNamed } from './browser.mjs';

const cli = process.env.CHOKEPOINT_CLI || path.join(repoRoot, 'build', 'native', 'chokepoint');
const METRICS = 'Predictions & metrics';
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

let app;
let server;
let port;
let dir;
const api = (p, body) => fetch(`http://127.0.0.1:${port}${p}`, body === undefined ? {} : {
  method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) }).then((r) => r.json());

before(async () => {
  ({ process: server, port } = await startFakeLlmServer(['--lifetime-ms', '300000']));
  await api('/answers', { answers: TAUGHT });
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chokepoint-judge-view-'));
  fs.writeFileSync(path.join(dir, 'judge_gold.json'), JSON.stringify(CASES.map(([g], i) => ({
    question_id: i, db_id: 'toxicology', question: `Question number ${i}?`, evidence: `hint ${i}`, SQL: g })), null, 1));
  fs.writeFileSync(path.join(dir, 'judge_pred.json'), JSON.stringify(Object.fromEntries(CASES.map(([, p], i) =>
    [String(i), `${p}\t----- bird -----\ttoxicology`])), null, 1));
  fs.mkdirSync(path.join(dir, 'db', 'toxicology'), { recursive: true });
  fs.copyFileSync(path.join(repoRoot, 'build', 'native', 'assets', 'db', 'toxicology.sqlite'),
    path.join(dir, 'db', 'toxicology', 'toxicology.sqlite'));
  fs.writeFileSync(path.join(dir, 'llm.json'), JSON.stringify({ provider: 'custom', base_url: `http://127.0.0.1:${port}/v1`,
    model: 'fake-judge', temperature: 0 }));
  app = await startApp();
  await app.page.goto(app.url);
  await waitReady(app);
});
after(async () => {
  if (app) await app.close();
  server?.kill();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

const until = (predicate, what, timeout) => untilPanel(app.page, METRICS, predicate, what, timeout);
const upload = (name) => uploadSet(app.page, path.join(dir, name));
const click = (name) => clickNamed(app.page, name);

async function evaluated() {
  await upload('judge_gold.json');
  await upload('judge_pred.json');
  await sendCommand(app.page, { do: 'show', tab: METRICS });
  await sendCommand(app.page, { do: 'evaluate', gold: 'judge_gold.json', pred: 'judge_pred.json', semantics: 'bird' });
  await until((s) => s.done && s.queued === false, 'the evaluation');
  await sendCommand(app.page, { do: 'llm_settings', provider: 'custom', base_url: `http://127.0.0.1:${port}/v1`,
                                model: 'fake-judge', temperature: 0, timeout_ms: 4000 });
}

test('the judge from the page: preview, Confirm, the CLI\'s verdicts, and a replay after a reload', async () => {
  await evaluated();
  const before = (await api('/stats')).chat;
  await click('Judge tab');
  await click('ask the judge');
  const previewed = await until((s) => s.judge?.preview, 'the preview');
  assert.deepEqual([previewed.judge.preview.calls, previewed.judge.preview.strict, previewed.judge.preview.lenient],
    [5, 2, 3], 'the failing prediction is never asked');
  assert.equal(previewed.judge.preview.network_calls, 5);
  assert.match(previewed.judge.preview.destination, new RegExp(`127\\.0\\.0\\.1:${port}`));
  assert.equal((await api('/stats')).chat, before, 'nothing is sent before Confirm');
  fs.writeFileSync(path.join(artefactDir, 'judge_preview.png'), await app.page.screenshot());
  await click('judge confirm');
  const s = await until((x) => x.judge?.done, 'the verdicts');
  assert.equal((await api('/stats')).chat, before + 5);
  fs.writeFileSync(path.join(artefactDir, 'judge_view.png'), await app.page.screenshot());

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
  const mid = (await api('/stats')).chat;
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
  assert.equal((await api('/stats')).chat, mid, 'no request reached the server');
});

test('a failing endpoint leaves every EX as it was and says why', async () => {
  await api('/control', { mode: '500', times: 100 });
  await sendCommand(app.page, { do: 'llm_settings', provider: 'custom', base_url: `http://127.0.0.1:${port}/v1`,
                                model: 'fake-judge-2', temperature: 0, timeout_ms: 2000 });
  await sendCommand(app.page, { do: 'judge_run', only: 'strict' });
  await until((x) => x.judge?.preview, 'the preview');
  await sendCommand(app.page, { do: 'judge_confirm' });
  const s = await until((x) => x.judge?.done, 'the failed verdicts', 120000);
  await api('/control', { mode: '500', times: 0 });
  assert.equal(s.judge.summary.no_answer, 2);
  assert.equal(s.judge.summary.judged_accuracy, s.judge.summary.ex, 'EX stands where the judge did not answer');
  assert.ok(s.judge.items.every((i) => i.outcome === 'no_answer' && i.reason.length > 0));
});

// The Errors tab of the Metrics panel and debugging from the page. A gold set and a
// prediction set are uploaded as a user would, with one prediction written for each kind of failure on the built-in
// toxicology database. After the evaluation, the tab (opened by a real click) classifies each failed item as the
// CLI's `chokepoint errors` does on the same files, and as the predictions were written to fail; the filter narrows
// the list; each item carries its evidence. Then a debugging run against the loopback LLM server, taught to fix some
// predictions: the preview comes first, nothing is sent before a real click on Confirm, the rounds table counts
// what the fixture implies, the debugged predictions become a set whose EX is the fixture's, and a rerun after a
// reload is answered by the replay store with zero new requests.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { waitReady, sendCommand, panelState, nextFrames, clickAt, workspaceSettled, untilPanel, uploadSet,
  drawnRects, expectTextDrawn, pixelStats } from './browser.mjs';
import { cli, tempDir, copyDb, writeBirdPredictions, openApp, closeAll } from './fixture.mjs';
import { startFakeLlm, useFakeLlm } from './llm_fixture.mjs';

const METRICS = 'Predictions & metrics';

// [question, gold, prediction, expected category/direction]
const CASES = [
  ['How many chlorine atoms are there?', "SELECT COUNT(*) FROM atom WHERE element = 'cl'", 'SELECT COUNT(*) FROM bond',
    'table_query/incorrect'],
  ['Which elements are in molecule TR000?', "SELECT element FROM atom WHERE molecule_id = 'TR000'",
    "SELECT atom_id FROM atom WHERE molecule_id = 'TR000'", 'column_selection/incorrect'],
  ['Which element has the atom of bond TR000_1_2?',
    "SELECT T1.element FROM atom AS T1 JOIN connected AS T2 ON T1.atom_id = T2.atom_id WHERE T2.bond_id = 'TR000_1_2'",
    "SELECT T1.element FROM atom AS T1 JOIN connected AS T2 ON T1.molecule_id = T2.atom_id WHERE T2.bond_id = 'TR000_1_2'",
    'join_columns'],
  ['How many hydrogen atoms are there?', "SELECT COUNT(*) FROM atom WHERE element = 'h'",
    "SELECT COUNT(*) FROM atom WHERE element = 'cl'", 'condition_filter'],
  ['How many different elements are there?', 'SELECT COUNT(DISTINCT element) FROM atom',
    'SELECT COUNT(element) FROM atom', 'data_processing'],
  ['How many atoms are there?', 'SELECT COUNT(*) FROM atom', 'SELECT COUNT(*) FROM atoms', 'no such table'],
  ['How many atoms have a name?', 'SELECT COUNT(*) FROM atom', 'SELECT COUNT(nme) FROM atom', 'no such column'],
  ['How many bonds are there?', 'SELECT COUNT(*) FROM bond', 'SELECT COUNT(*) FROM bond', null],
];

let app, llm, dir;

before(async () => {
  llm = await startFakeLlm(300000);
  dir = tempDir('chokepoint-errors-view-');
  fs.writeFileSync(path.join(dir, 'errors_gold.json'), JSON.stringify(CASES.map(([q, g], i) => ({
    question_id: i, db_id: 'toxicology', question: q, evidence: '', SQL: g, difficulty: 'simple' })), null, 1));
  writeBirdPredictions(path.join(dir, 'errors_pred.json'), CASES.map(([, , p]) => p));
  app = await openApp();
});
after(() => closeAll({ app, llm, dir }));

const until = (predicate, what, timeout) => untilPanel(app.page, METRICS, predicate, what, timeout);
const upload = (name) => uploadSet(app.page, path.join(dir, name));

async function evaluate() {
  await sendCommand(app.page, { do: 'show', tab: METRICS });
  await sendCommand(app.page, { do: 'evaluate', gold: 'errors_gold.json', pred: 'errors_pred.json', semantics: 'bird' });
  return until((s) => s.done && s.queued === false && s.label === 'errors_gold.json vs errors_pred.json' &&
    s.errors?.complete, 'the evaluation and its classification');
}

const buttons = () => app.page.evaluate(() => JSON.parse(Module.ccall('chokepoint_app_json', 'string', [], [])).buttons || {});
async function click(name) {
  const b = (await buttons())[name];
  assert.ok(b, `${name} is drawn: ${JSON.stringify(await buttons())}`);
  const view = app.page.viewportSize();
  assert.ok(b[1] >= 0 && b[1] + b[3] <= view.height, `${name} is within the window: ${JSON.stringify(b)}`);
  await clickAt(app.page, b[0] + b[2] / 2, b[1] + b[3] / 2);
}

test('the Errors tab classifies each failed prediction as written and as the CLI does, with its evidence', async () => {
  await upload('errors_gold.json');
  await upload('errors_pred.json');
  const m = await evaluate();
  assert.equal(m.summary.ex, 12.5, '1 of 8 right');
  await nextFrames(app.page);
  await click('Errors tab');
  await nextFrames(app.page);
  // The tab draws the failures under its tab, and a bar chart of each kind of error (bars in blue).
  const at = await drawnRects(app.page);
  const { png } = await expectTextDrawn(app.page, 'errors_view.png', at.below('Errors tab'), 5000);
  for (const chart of ['system-errors', 'result-errors']) {
    const bars = await pixelStats(app.page, png, at.at(chart), [26, 28, 33]);
    assert.ok(bars.hues.blue > 8000, `the bars of ${chart}: ${JSON.stringify(bars)}`);
  }

  const e = m.errors;
  assert.equal(e.failed, 7);
  assert.equal(e.system_errors, 2);
  assert.deepEqual(e.counts, { 'no such column': 1, 'no such table': 1, table_query: 1, column_selection: 1,
    join_columns: 1, condition_filter: 1, data_processing: 1 });
  for (const [i, [, , , expected]] of CASES.entries()) {
    const item = e.items.find((x) => x.id === String(i));
    if (!expected) { assert.equal(item, undefined, 'the right prediction is not listed'); continue; }
    const got = item.direction ? `${item.kind}/${item.direction}` : item.kind;
    assert.equal(got, expected, `item ${i}: ${JSON.stringify(item)}`);
    assert.ok(item.evidence.length > 0 && item.evidence[0].length > 0, `item ${i} has evidence`);
  }

  // The same files through the CLI give the same classes and the same evidence.
  copyDb(dir, 'toxicology');
  const out = path.join(dir, 'errors.json');
  const r = spawnSync(cli, ['errors', '--gold', path.join(dir, 'errors_gold.json'), '--pred',
    path.join(dir, 'errors_pred.json'), '--db-root', path.join(dir, 'db'), '--out', out], { encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  const report = JSON.parse(fs.readFileSync(out, 'utf8'));
  for (const c of report.items) {
    const item = e.items.find((x) => x.id === c.id);
    assert.ok(item, `item ${c.id} is in the page's list`);
    assert.equal(item.kind, c.kind);
    assert.deepEqual(item.evidence, c.evidence, `item ${c.id}: the same evidence`);
  }

  await sendCommand(app.page, { do: 'errors_filter', filter: 'system', select: 5 });
  const f = await panelState(app.page, METRICS);
  assert.equal(f.errors.shown, 2, 'two System Errors');
  await sendCommand(app.page, { do: 'errors_filter', filter: 'condition_filter', select: 3 });
  assert.equal((await panelState(app.page, METRICS)).errors.shown, 1);
  await nextFrames(app.page);
  // The picked item's details name its class in the error colour (no red is drawn before an item is picked).
  const { drawn } = await expectTextDrawn(app.page, 'errors_view_item.png',
    (await drawnRects(app.page)).below('Errors tab'), 5000);
  assert.ok(drawn.hues.red > 200, `the item's class is drawn: ${JSON.stringify(drawn)}`);
});

test('debugging from the page: preview, a click on Confirm, rounds as the fixture implies, replay after reload', async () => {
  // Round 1: the no-such-column and the condition-filter predictions are fixed; the data-processing one is answered
  // with another wrong query; the rest get the server's default "SELECT 1" (still wrong). Round 2: the
  // data-processing one is fixed (its prompt now shows the round-1 query).
  await llm.api('/sql', { answers: {
    'COUNT(nme)': '```sql\nSELECT COUNT(*) FROM atom\n```',
    "element = 'cl'": "SQL: SELECT COUNT(*) FROM atom WHERE element = 'h'",
    'SELECT COUNT(element) FROM atom': 'SELECT COUNT(atom_id) FROM atom',
    'SELECT COUNT(atom_id) FROM atom': 'The count of distinct values:\n```sql\nSELECT COUNT(DISTINCT element) FROM atom\n```',
  } });
  await useFakeLlm(app.page, llm, 'fake-chat');
  const before = await llm.stats();
  await sendCommand(app.page, { do: 'debug_run', strategy: 'all_errors', rounds: 2 });
  const p = await until((s) => s.debug?.preview, 'the debugging preview');
  assert.equal(p.debug.preview.calls, 7, 'one prompt per wrong prediction');
  assert.equal(p.debug.preview.network_calls, 7);
  assert.match(p.debug.preview.destination, new RegExp(`127\\.0\\.0\\.1:${llm.port}`));
  assert.ok(p.debug.preview.first_prompt.includes('How many chlorine atoms are there?'), 'the question is in the prompt');
  assert.ok(p.debug.preview.first_prompt.includes('SELECT COUNT(*) FROM bond'), 'and the wrong SQL');
  await nextFrames(app.page);
  assert.equal((await llm.stats()).chat, before.chat, 'nothing is sent before Confirm');
  // The preview and its first prompt are drawn under the debugging button, with the Confirm button.
  const shown = await drawnRects(app.page);
  const preview = await expectTextDrawn(app.page, 'errors_debug_preview.png',
    shown.below('Debug the wrong predictions'), 5000);
  const confirm = await pixelStats(app.page, preview.png, shown.at('Confirm and debug'), [26, 28, 33]);
  assert.ok(confirm.bright > 100, `the Confirm button carries its label: ${JSON.stringify(confirm)}`);
  await click('Confirm and debug');

  const d = await until((s) => s.debug?.done === true, 'the debugging rounds', 120000);
  const rows = d.debug.rounds.map((r) => [r.round, r.attempted, r.fixed, r.still_wrong]);
  assert.deepEqual(rows, [[0, 0, 0, 7], [1, 7, 2, 5], [2, 5, 1, 4]]);
  assert.deepEqual([d.debug.rounds[0].system_errors, d.debug.rounds[0].result_errors], [2, 5]);
  // The no-such-table prediction became "SELECT 1", which runs: every one still wrong is a Result Error.
  assert.deepEqual([d.debug.rounds[2].system_errors, d.debug.rounds[2].result_errors], [0, 4]);
  assert.equal(d.debug.rounds[2].ex_over_wrong, 300 / 7);
  assert.equal(d.debug.network_calls, 12);
  assert.equal((await llm.stats()).chat - before.chat, 12);
  assert.equal(d.debug.published, 'errors_pred.debug-all_errors.pred.json');
  await nextFrames(app.page);
  // The run's lines and its rounds table begin under the button.
  await expectTextDrawn(app.page, 'errors_debug_done.png',
    (await drawnRects(app.page)).below('Debug the wrong predictions'), 1500);

  // The debugged predictions score what the rounds say: 1 right at first plus 3 fixed, of 8.
  await sendCommand(app.page, { do: 'evaluate', gold: 'errors_gold.json', pred: d.debug.published });
  const m = await until((s) => s.done && s.queued === false && s.label.endsWith(d.debug.published), 'the re-evaluation');
  assert.equal(m.summary.ex, 50);

  // After a reload the same debugging is answered by the replay store.
  await workspaceSettled(app.page);
  await app.page.reload();
  await waitReady(app);
  await upload('errors_gold.json');
  await upload('errors_pred.json');
  await evaluate();
  await useFakeLlm(app.page, llm, 'fake-chat');
  const mid = await llm.stats();
  await sendCommand(app.page, { do: 'debug_run', strategy: 'all_errors', rounds: 2 });
  const again = await until((s) => s.debug?.preview, 'the second preview');
  assert.equal(again.debug.preview.network_calls, 0, 'every round-1 prompt is in the replay store');
  await sendCommand(app.page, { do: 'debug_confirm' });
  const d2 = await until((s) => s.debug?.done === true, 'the replayed rounds', 120000);
  assert.deepEqual(d2.debug.rounds.map((r) => [r.round, r.attempted, r.fixed, r.still_wrong]), rows);
  assert.equal(d2.debug.network_calls, 0);
  assert.equal(d2.debug.replayed, 12);
  assert.equal((await llm.stats()).chat, mid.chat, 'no request reached the server');
});

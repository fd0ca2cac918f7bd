// The Runs tab: two evaluations of one gold set with two prediction files are kept in the
// workspace's run store; the tab compares them (fixed, broken, changed) as `chokepoint runs compare` does on the
// same store file; a real click on a wrong prediction's box marks it almost correct; after a reload the runs and the
// mark are still there, and real clicks on the A and B choices compare them again.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { waitReady, sendCommand, workspaceSettled, untilPanel, uploadSet, clickNamed, drawnRects, expectTextDrawn,
  pixelStats } from './browser.mjs';
import { cli, tempDir, openApp, closeAll } from './fixture.mjs';

const METRICS = 'Predictions & metrics';
const GOLD = [
  "SELECT COUNT(*) FROM atom WHERE element = 'cl'",
  "SELECT COUNT(*) FROM atom WHERE element = 'c'",
  "SELECT COUNT(DISTINCT element) FROM atom",
  "SELECT COUNT(*) FROM bond WHERE bond_type = '='",
];
// First run: items 0 and 2 right, 1 and 3 wrong. Second: item 1 fixed, item 2 broken, item 3 still wrong but with
// another prediction (changed_other), item 0 unchanged.
const PRED1 = [GOLD[0], "SELECT COUNT(*) FROM atom WHERE element = 'h'", GOLD[2], 'SELECT COUNT(*) FROM bond'];
const PRED2 = [GOLD[0], GOLD[1], 'SELECT COUNT(element) FROM atom', "SELECT COUNT(*) FROM bond WHERE bond_type = '-'"];

let app;
let dir;

before(async () => {
  dir = tempDir('chokepoint-runs-');
  fs.writeFileSync(path.join(dir, 'runs_gold.json'), JSON.stringify(GOLD.map((g, i) => ({
    question_id: i, db_id: 'toxicology', question: `question ${i}`, evidence: '', SQL: g })), null, 1));
  for (const [name, preds] of [['runs_pred1.json', PRED1], ['runs_pred2.json', PRED2]])
    fs.writeFileSync(path.join(dir, name), JSON.stringify(Object.fromEntries(preds.map((p, i) =>
      [String(i), `${p}\t----- bird -----\ttoxicology`])), null, 1));
  app = await openApp();
});
after(() => closeAll({ app, dir }));

const until = (predicate, what, timeout) => untilPanel(app.page, METRICS, predicate, what, timeout);
const upload = (name) => uploadSet(app.page, path.join(dir, name));
const click = (name) => clickNamed(app.page, name);

// A real click at the middle of the widget noted as `name` (it must be inside the window).
const counts = (c) => c.counts;

// Takes the screenshot `name` and checks that the Runs tab drew its runs and comparison under its tab (text) and,
// when `ticked`, the tick in the square of that "almost correct" box (near-white; an empty box has none).
async function expectRunsDrawn(name, ticked) {
  const at = await drawnRects(app.page);
  const { png } = await expectTextDrawn(app.page, name, at.below('Runs tab'), 6000);
  if (!ticked) return;
  const box = at.at(ticked);
  const tick = await pixelStats(app.page, png, { ...box, w: box.h }, [26, 28, 33]);
  assert.ok(tick.bright > 20, `the tick of ${ticked} in ${name}: ${JSON.stringify(tick)}`);
}

test('two evaluations kept, compared as the CLI compares them, a mark set by a click and kept across a reload', async () => {
  await upload('runs_gold.json');
  await upload('runs_pred1.json');
  await upload('runs_pred2.json');
  await sendCommand(app.page, { do: 'show', tab: METRICS });
  await sendCommand(app.page, { do: 'evaluate', gold: 'runs_gold.json', pred: 'runs_pred1.json', semantics: 'bird' });
  const first = await until((s) => s.done && s.queued === false && s.stored_id > 0, 'the first run kept');
  const firstId = first.stored_id;
  await sendCommand(app.page, { do: 'evaluate', gold: 'runs_gold.json', pred: 'runs_pred2.json', semantics: 'bird' });
  const second = await until((s) => s.done && s.queued === false && s.stored_id > firstId, 'the second run kept');
  const secondId = second.stored_id;
  assert.equal(second.runs.runs.length, 2);
  assert.equal(second.runs.kept, true, 'the store is in the workspace');
  assert.deepEqual(second.runs.runs.map((r) => r.ex), [50, 50]);
  // The newest run is compared with the one before it at once.
  assert.equal(second.runs.a, firstId);
  assert.equal(second.runs.b, secondId);
  const c = second.runs.comparison;
  assert.deepEqual(counts(c), { fixed: 1, broken: 1, unchanged: 1, changed_other: 1, only_in_a: 0, only_in_b: 0 });
  assert.deepEqual(Object.fromEntries(c.items.map((i) => [i.id, i.change])),
    { 1: 'fixed', 2: 'broken', 3: 'changed_other' });

  // The same store file read by the CLI gives the same comparison.
  const bytes = await app.page.evaluate(() => Array.from(Module.FS.readFile('/workspace/runs.sqlite')));
  const storeFile = path.join(dir, 'runs.sqlite');
  fs.writeFileSync(storeFile, Buffer.from(bytes));
  const r = spawnSync(cli, ['runs', 'compare', '--store', storeFile, String(firstId), String(secondId)], { encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  const viaCli = JSON.parse(r.stdout);
  assert.deepEqual(viaCli.counts, c.counts);
  assert.deepEqual(viaCli.items.map((i) => [i.id, i.change, i.reason]), c.items.map((i) => [i.id, i.change, i.reason]));

  // Item 2 broke in run B: a person ticks its "almost correct" box.
  await click('Runs tab');
  await click('almost correct B 2');
  const marked = await until((s) => s.runs.comparison?.almost_correct?.b === 1, 'the mark');
  const item2 = marked.runs.comparison.items.find((i) => i.id === '2');
  assert.equal(item2.after.mark.almost_correct, true);
  assert.equal(marked.runs.comparison.almost_correct.a, 0);
  await expectRunsDrawn('runs_view.png', 'almost correct B 2');

  // A reload in the middle: the runs and the mark come back from the workspace. The panel evaluates the last files
  // again (metrics_memory.h); that run is the one already kept, not a third.
  await workspaceSettled(app.page);
  await app.page.reload();
  await waitReady(app);
  await sendCommand(app.page, { do: 'show', tab: METRICS });
  const back = await until((s) => s.done && s.stored_id === secondId, 'the evaluation again after the reload');
  assert.equal(back.runs.runs.length, 2, 'the same evaluation is not kept twice');
  assert.equal(back.runs.comparison, undefined, 'nothing is compared until A and B are chosen');
  await click('Runs tab');
  await click(`run A ${firstId}`);
  await click(`run B ${secondId}`);
  const again = await until((s) => s.runs.comparison, 'the comparison after the reload');
  assert.deepEqual(counts(again.runs.comparison), counts(c));
  assert.equal(again.runs.comparison.almost_correct.b, 1, 'the mark survived the reload');
  await expectRunsDrawn('runs_view_reloaded.png', 'almost correct B 2');

  // Clearing the mark by the same box.
  await click('almost correct B 2');
  const cleared = await until((s) => s.runs.comparison?.almost_correct?.b === 0, 'the mark cleared');
  assert.equal(cleared.runs.comparison.items.find((i) => i.id === '2').after.mark, undefined);
});

test('a workspace file that is not a run store is left alone and runs last for the page', async () => {
  await workspaceSettled(app.page);
  // Replace the store with text in the page's file system and in IndexedDB, as a damaged file would be.
  await app.page.evaluate(() => {
    Module.FS.writeFile('/workspace/runs.sqlite', 'not a database at all');
    Module.chokepointWorkspace.persist();
  });
  await workspaceSettled(app.page);
  await app.page.reload();
  await waitReady(app);
  await sendCommand(app.page, { do: 'show', tab: METRICS });
  const s = await until((x) => x.done && x.stored_id > 0 && x.runs.store_error !== undefined, 'the store error');
  await click('Runs tab');
  // What is wrong is said under the tab, in the error colour.
  const { drawn } = await expectTextDrawn(app.page, 'runs_view_not_a_store.png',
    (await drawnRects(app.page)).below('Runs tab'));
  assert.ok(drawn.hues.red > 1500, `the store error is drawn in red: ${JSON.stringify(drawn)}`);
  assert.equal(s.runs.kept, false);
  assert.match(s.runs.store_error, /runs last until the page is closed/);
  const text = await app.page.evaluate(() => new TextDecoder().decode(Module.FS.readFile('/workspace/runs.sqlite')));
  assert.equal(text, 'not a database at all', 'the file is not rewritten');
  assert.equal(s.runs.runs.length, 1, 'the evaluation after the reload is kept in memory');
});

// The metrics panel's scoring options: tie-aware ordering, switched on by real clicks on the
// "Scoring options" node and its checkbox, and numeric tolerance; each run gives the EX `chokepoint eval` gives with
// --tie-aware / --abs-tol on the same files, and off (the default) the EX BIRD's rule gives.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { sendCommand, panelState, untilPanel, uploadSet, clickNamed, drawnRects, expectTextDrawn,
  pixelStats } from './browser.mjs';
import { cli, tempDir, copyDb, writeBirdPredictions, openApp, closeAll } from './fixture.mjs';

const METRICS = 'Predictions & metrics';
// [gold, prediction]: the first atom by element cuts through a tie (many atoms share the largest element), the
// prediction returns another member of it; a ratio the prediction rounds; a plain right answer.
const CASES = [
  ['SELECT atom_id FROM atom ORDER BY element DESC LIMIT 1',
    'SELECT atom_id FROM atom WHERE element = (SELECT MAX(element) FROM atom) ORDER BY atom_id DESC LIMIT 1'],
  ["SELECT CAST(COUNT(*) AS REAL) / 3 FROM atom WHERE element = 'cl'",
    "SELECT ROUND(CAST(COUNT(*) AS REAL) / 3, 2) FROM atom WHERE element = 'cl'"],
  ['SELECT COUNT(*) FROM bond', 'SELECT COUNT(bond_id) FROM bond'],
];

let app;
let dir;

before(async () => {
  dir = tempDir('chokepoint-options-');
  fs.writeFileSync(path.join(dir, 'options_gold.json'), JSON.stringify(CASES.map(([g], i) => ({
    question_id: i, db_id: 'toxicology', question: `question ${i}`, evidence: '', SQL: g })), null, 1));
  writeBirdPredictions(path.join(dir, 'options_pred.json'), CASES.map(([, p]) => p));
  copyDb(dir, 'toxicology');
  app = await openApp();
});
after(() => closeAll({ app, dir }));

const until = (predicate, what, timeout) => untilPanel(app.page, METRICS, predicate, what, timeout);
const upload = (name) => uploadSet(app.page, path.join(dir, name));
const click = (name) => clickNamed(app.page, name);

function cliEx(...args) {
  const r = spawnSync(cli, ['eval', '--gold', path.join(dir, 'options_gold.json'), '--pred',
    path.join(dir, 'options_pred.json'), '--db-root', path.join(dir, 'db'), '--out', path.join(dir, 'r.json'),
    '--semantics', 'bird', ...args], { encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  return JSON.parse(r.stdout).ex;
}

async function evaluate(extra = {}) {
  const before = (await panelState(app.page, METRICS)).stored_id ?? 0;
  await sendCommand(app.page, { do: 'evaluate', gold: 'options_gold.json', pred: 'options_pred.json', semantics: 'bird',
    ...extra });
  return until((s) => s.done && s.queued === false && s.stored_id > before, 'the evaluation');
}

test('tie-aware ordering and numeric tolerance score as the CLI does', async () => {
  await upload('options_gold.json');
  await upload('options_pred.json');
  await sendCommand(app.page, { do: 'show', tab: METRICS });

  const plain = await evaluate();
  assert.equal(plain.summary.ex, cliEx());
  assert.ok(Math.abs(plain.summary.ex - 100 / 3) < 0.01, 'only the COUNT pair is right by default');

  await click('Scoring options');
  await click('tie-aware ordering');
  assert.equal((await panelState(app.page, METRICS)).tie_aware, true, 'the click set the option');
  // The options are drawn open under their button, over the panel's scores, and the box clicked shows its tick
  // (near-white in its square; an empty box has none).
  const at = await drawnRects(app.page);
  const { png } = await expectTextDrawn(app.page, 'scoring_options.png', at.below('Scoring options'), 9000);
  const box = at.at('tie-aware ordering');
  const tick = await pixelStats(app.page, png, { ...box, w: box.h }, [26, 28, 33]);
  assert.ok(tick.bright > 20, `the box is ticked: ${JSON.stringify(tick)}`);
  const ties = await evaluate();
  assert.equal(ties.summary.ex, cliEx('--tie-aware'));
  assert.ok(Math.abs(ties.summary.ex - 200 / 3) < 0.01, 'another member of the tie is right');

  const both = await evaluate({ abs_tol: 0.01 });
  assert.equal(both.abs_tol, 0.01);
  assert.equal(both.summary.ex, cliEx('--tie-aware', '--abs-tol', '0.01'));
  assert.equal(both.summary.ex, 100);
});

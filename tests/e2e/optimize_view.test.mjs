// The Optimise tab against the loopback LLM server, on a database where the predictions
// scan 50,000 rows and an index lookup returns the same rows (the cases of tests/llm_server/cli_optimize.test.mjs):
// real clicks on the tab, "Optimise..." and "Confirm and send"; nothing is sent before Confirm; a rewrite that keeps
// the prediction's result replaces it and beats the baseline, one that changes it is refused, a wrong prediction is
// never sent; each item's outcome and final query equal `chokepoint optimize` on the same files and server; a second
// run is answered by the replay store.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { sendCommand, untilPanel, clickNamed, drawnRects, expectTextDrawn, pixelStats } from './browser.mjs';
import { cli, tempDir, writeBirdPredictions, writeScanDatabase, openApp, closeAll, uploadDatabase, evaluateSets,
  METRICS } from './fixture.mjs';
import { startFakeLlm, useFakeLlm } from './llm_fixture.mjs';
import { OPT_GOLD as GOLD, OPT_CASES as CASES, optimizeAnswers } from '../llm_server/shared_cases.mjs';

let app, llm, dir;

before(async () => {
  llm = await startFakeLlm(300000);
  const { answers, sql } = optimizeAnswers();
  await llm.teach(answers);
  await llm.teachSql(sql);
  dir = tempDir('chokepoint-optimize-view-');
  fs.mkdirSync(path.join(dir, 'db', 'optscan'), { recursive: true });
  writeScanDatabase(path.join(dir, 'db', 'optscan', 'optscan.sqlite'));
  fs.writeFileSync(path.join(dir, 'opt_gold.json'), JSON.stringify(CASES.map(([q], i) => ({
    question_id: i, db_id: 'optscan', question: q, evidence: '', SQL: GOLD }))));
  writeBirdPredictions(path.join(dir, 'opt_y.json'), CASES.map(([, y]) => y), 'optscan');
  fs.writeFileSync(path.join(dir, 'llm.json'), llm.config('fake-optimizer', { temperature: 0 }));
  app = await openApp();
});
after(() => closeAll({ app, llm, dir }));

const until = (predicate, what, timeout) => untilPanel(app.page, METRICS, predicate, what, timeout);

test('optimisation from the page: preview, Confirm, outcomes equal to the CLI\'s, faster than the baseline', async () => {
  await uploadDatabase(app.page, path.join(dir, 'db', 'optscan', 'optscan.sqlite'), 'optscan');
  await evaluateSets(app.page, dir, 'opt_gold.json', 'opt_y.json');
  await useFakeLlm(app.page, llm, 'fake-optimizer');
  const before = (await llm.stats()).chat;
  await clickNamed(app.page, 'Optimise tab');
  // Two variants: the other four unticked by clicks; 10 runs of each query (the default).
  for (const v of ['with-y+s', 'with-y+s+q', 'demo', 'demo+comments']) await clickNamed(app.page, `optimise variant ${v}`);
  await clickNamed(app.page, 'optimise queries');
  const previewed = (await until((s) => s.optimize?.preview, 'the preview')).optimize.preview;
  assert.deepEqual(previewed.per_variant, { 'with-y': 2, direct: 3 }, 'two correct predictions; direct asks all');
  assert.equal((await llm.stats()).chat, before, 'nothing is sent before Confirm');
  await clickNamed(app.page, 'optimise confirm');
  const o = (await until((x) => x.optimize?.done, 'the rewrites and timings', 120000)).optimize;
  assert.equal((await llm.stats()).chat, before + 5);
  // The table of variants is drawn under the button, and the boxes show the variants chosen: a tick (near-white) in
  // the square of each variant the run timed, none in the four unticked by the clicks above.
  const at = await drawnRects(app.page);
  const { png } = await expectTextDrawn(app.page, 'optimize_view.png', at.below('optimise queries'), 4500);
  const timed = o.rows.map((x) => x.variant);
  for (const v of ['with-y', 'with-y+s', 'with-y+s+q', 'demo', 'demo+comments', 'direct']) {
    const box = at.at(`optimise variant ${v}`);
    const tick = await pixelStats(app.page, png, { ...box, w: box.h }, [26, 28, 33]);
    assert.ok(timed.includes(v) ? tick.bright > 20 : tick.bright < 5, `the box of ${v}: ${JSON.stringify(tick)}`);
  }
  const [withY, direct] = o.rows;
  assert.deepEqual([withY.variant, withY.accepted, withY.changed_result, withY.not_asked, withY.correct],
                   ['with-y', 1, 1, 1, 2]);
  assert.ok(withY.c_ves > o.baseline.c_ves, `${withY.c_ves} > ${o.baseline.c_ves}`);
  assert.deepEqual([direct.generated, direct.no_sql, direct.correct], [2, 1, 2]);

  const r = spawnSync(cli, ['optimize', '--gold', path.join(dir, 'opt_gold.json'), '--pred', path.join(dir, 'opt_y.json'),
    '--db-root', path.join(dir, 'db'), '--out', path.join(dir, 'o.json'), '--llm-config', path.join(dir, 'llm.json'),
    '--variant', 'with-y', '--variant', 'direct', '--iterations', '10'], { encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  const cliItems = JSON.parse(fs.readFileSync(path.join(dir, 'o.json'), 'utf8')).items;
  assert.deepEqual(o.items.map((i) => [i.variant, i.id, i.outcome, i.final]),
                   cliItems.map((i) => [i.variant, i.id, i.outcome, i.final]));
  const viaCli = JSON.parse(r.stdout);
  assert.deepEqual(o.rows.map((x) => [x.accepted, x.changed_result, x.generated, x.no_sql, x.correct]),
                   viaCli.table.map((x) => [x.accepted, x.changed_result, x.generated, x.no_sql, x.correct]));
  // As 004 scores it: the with-y rewrite that changed a correct prediction's result replaces it, so one correct item
  // is lost; the same counts as the CLI's as_published columns.
  assert.deepEqual([withY.as_published.rewrites_not_kept, withY.as_published.correct], [1, 1]);
  assert.deepEqual(o.rows.map((x) => [x.as_published.rewrites_not_kept, x.as_published.correct, x.as_published.scored]),
                   viaCli.table.map((x) => [x.as_published.rewrites_not_kept, x.as_published.correct,
                     x.as_published.scored]));

  // Again: every prompt is in the page's replay store; the same outcomes, no request.
  const mid = (await llm.stats()).chat;
  await sendCommand(app.page, { do: 'optimize_run', variants: ['with-y', 'direct'], iterations: 5 });
  const again = (await until((x) => x.optimize?.preview, 'the second preview')).optimize.preview;
  assert.equal(again.network_calls, 0);
  await sendCommand(app.page, { do: 'optimize_confirm' });
  const replayed = (await until((x) => x.optimize?.done, 'the replayed run', 120000)).optimize;
  assert.deepEqual(replayed.items.map((i) => [i.variant, i.id, i.outcome, i.final]),
                   o.items.map((i) => [i.variant, i.id, i.outcome, i.final]));
  assert.deepEqual(replayed.usage, { network_calls: 0, replayed: 5 });
  assert.equal((await llm.stats()).chat, mid, 'no request reached the server');
});

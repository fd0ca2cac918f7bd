// The Efficiency tab on a database where one query is provably slower (a full scan of
// 50,000 rows against an index lookup): real clicks on the tab and "Time the predictions"; the faster correct
// prediction scores above 100, the wrong and the failing ones 0, VES = EX x C-VES; the gold timed against itself
// lands near 100 within its spread; the clock's resolution and the span used are reported; EX per item equals
// `chokepoint ves` on the same files (times differ run to run, so only their direction is compared); an item's
// query plans show the scan and the index search side by side.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { sendCommand, untilPanel, clickNamed, drawnRects, expectTextDrawn } from './browser.mjs';
import { cli, tempDir, writeScanDatabase, openApp, closeAll, uploadDatabase, evaluateSets,
  METRICS } from './fixture.mjs';

const scan = 'SELECT id, v FROM t WHERE k + 0 = 700';  // `k + 0` hides k from its index: a full scan
const lookup = 'SELECT id, v FROM t WHERE k = 700';
const wrong = 'SELECT id, v FROM t WHERE k = 701';
const failing = 'SELECT nope FROM t';

let app;
let dir;

before(async () => {
  dir = tempDir('chokepoint-efficiency-view-');
  fs.mkdirSync(path.join(dir, 'db', 'bigscan'), { recursive: true });
  writeScanDatabase(path.join(dir, 'db', 'bigscan', 'bigscan.sqlite'));
  fs.writeFileSync(path.join(dir, 'eff_gold.sql'), [scan, scan, scan].map((g) => `${g}\tbigscan`).join('\n') + '\n');
  fs.writeFileSync(path.join(dir, 'eff_pred.sql'), [lookup, wrong, failing].join('\n') + '\n');
  app = await openApp();
});
after(() => closeAll({ app, dir }));

const until = (predicate, what, timeout) => untilPanel(app.page, METRICS, predicate, what, timeout);
// Takes the screenshot `name` and checks the tab drew what it holds under its button: over `minBright` text pixels.
const expectDrawnUnderButton = async (name, minBright) =>
  expectTextDrawn(app.page, name, (await drawnRects(app.page)).below('time the predictions'), minBright);

test('VES, C-VES and R-VES from the page, with the spread, the clock and the plans', async () => {
  await uploadDatabase(app.page, path.join(dir, 'db', 'bigscan', 'bigscan.sqlite'), 'bigscan');
  await evaluateSets(app.page, dir, 'eff_gold.sql', 'eff_pred.sql');

  await clickNamed(app.page, 'Efficiency tab');
  await clickNamed(app.page, 'time the predictions');
  const s = await until((x) => x.efficiency?.done, 'the timing', 120000);
  const e = s.efficiency;
  assert.equal(e.error, '');
  assert.equal(e.iterations, 10, 'BIRD evaluation_ves.py\'s default number of runs');
  assert.equal(e.mode, 'step');
  assert.ok(e.resolution_ns > 0, 'the clock resolution is measured');
  assert.ok(e.min_span_ns >= 1e6 && e.min_span_ns >= 20 * e.resolution_ns);
  assert.deepEqual([e.summary.n, e.summary.scored, e.summary.correct], [3, 3, 1]);
  assert.deepEqual(e.items.map((it) => [it.ex, it.correct]), [[true, true], [false, false], [false, false]]);
  assert.ok(e.items[0].score > 100, `the index lookup is faster: ${e.items[0].score}`);
  assert.equal(e.items[0].reward, 1.25, 'a lookup is more than twice as fast as a scan of 50,000 rows');
  assert.deepEqual([e.items[1].score, e.items[2].score], [0, 0]);
  assert.ok(Math.abs(e.summary.ves - e.summary.c_ves / 3) < 1e-9, 'VES = EX x C-VES');
  assert.ok(Math.abs(e.summary.r_ves - Math.sqrt(1.25) * 100 / 3) < 1e-9);
  assert.equal(e.summary.self_items, 3);
  assert.ok(Math.abs(e.summary.self_ves - 100) < Math.max(30, 300 * e.summary.self_cv),
    `gold against itself: ${e.summary.self_ves} (cv ${e.summary.self_cv})`);
  await expectDrawnUnderButton('efficiency_view.png', 2500);

  // The CLI on the same files decides the same items correct, and also finds the lookup faster.
  const r = spawnSync(cli, ['ves', '--gold', path.join(dir, 'eff_gold.sql'), '--pred', path.join(dir, 'eff_pred.sql'),
    '--db-root', path.join(dir, 'db'), '--out', path.join(dir, 'v.json'), '--iterations', '10'], { encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  const c = JSON.parse(r.stdout);
  assert.equal(c.correct, e.summary.correct);
  const cliItems = JSON.parse(fs.readFileSync(path.join(dir, 'v.json'), 'utf8')).items;
  assert.deepEqual(cliItems.map((it) => it.correct), e.items.map((it) => it.correct));
  assert.ok(c.c_ves > 100);

  // Plans side by side: the gold scans, the prediction searches the index.
  await sendCommand(app.page, { do: 'efficiency_plan', item: 0 });
  const p = (await until((x) => x.efficiency?.plans, 'the plans')).efficiency.plans;
  assert.equal(p.item, 0);
  assert.ok(p.gold.some((l) => /SCAN t\b/.test(l)), p.gold.join('\n'));
  assert.ok(p.pred.some((l) => /SEARCH t USING (COVERING )?INDEX t_k/.test(l)), p.pred.join('\n'));
  // The plans are drawn with the item they are of picked (its row highlighted in blue; none is before).
  const { drawn } = await expectDrawnUnderButton('efficiency_plans.png', 3000);
  assert.ok(drawn.hues.blue > 10000, `the item's row is highlighted: ${JSON.stringify(drawn)}`);
});

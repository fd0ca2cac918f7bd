// Hostile predictions through the metrics panel, as a user would upload them: values of 900 MB asked for, 16 MB
// values without end, an endless recursive query, a runaway cartesian product, 2,000 columns, deep nesting. The tab
// must stay alive, every item must be reported with its reason, and the memory the run keeps must stay small.
// Frame times are printed as figures (bench territory); behaviour is asserted.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { repoRoot, sendCommand, panelState, nextFrames, clickAt, clickInPanel, drawnRects, expectTextDrawn,
  pixelStats } from './browser.mjs';
import { tempDir, openApp, closeAll } from './fixture.mjs';

let app;
before(async () => {
  app = await openApp();
});
after(() => closeAll({ app }));

const wide = 'SELECT ' + Array.from({ length: 2000 }, (_, i) => i + 1).join(', ');
const HOSTILE = {
  0: ["SELECT printf('%.*c', 900000000, 'x')", 'error', /too big.*16 MiB/],
  1: ['SELECT randomblob(900000000)', 'error', /too big/],
  2: ["WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT printf('%.*c', 16000000, 'x') FROM c",
      'ok', null, /size cap/],
  3: ['WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT x FROM c', 'ok', null, /row cap of 100000/],
  4: ['WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n WHERE x < 1000) ' +
      'SELECT count(*) FROM n a, n b, n c', 'timeout', /time limit of 1000 ms/],
  5: ['SELECT ' + '('.repeat(900) + '1' + ')'.repeat(900), 'error', /stack overflow|too large|too deep/],
  6: [wide, 'ok', null, null],
};

test('hostile predictions leave the tab alive, each item reported with its reason, memory kept small', async () => {
  const sample = JSON.parse(fs.readFileSync(path.join(repoRoot, 'assets/sets/sample_pred.json'), 'utf8'));
  for (const [k, [sql]] of Object.entries(HOSTILE)) {
    const db = sample[k].split('\t').pop();
    sample[k] = `${sql}\t----- bird -----\t${db}`;
  }
  const dir = tempDir('chokepoint-hostile-');
  const file = path.join(dir, 'hostile_pred.json');
  fs.writeFileSync(file, JSON.stringify(sample, null, 1));
  await app.page.setInputFiles('#chokepoint-file-input', file);
  await app.page.waitForFunction(() => JSON.parse(Module.ccall('chokepoint_sets_json', 'string', [], []))
    .some((s) => s.name === 'hostile_pred.json'));

  const heap = () => app.page.evaluate(() => ({ used: Module.ccall('chokepoint_heap_used', 'number', [], []),
                                                size: HEAP8.length }));
  const before = await heap();
  const frameWork = () => app.page.evaluate(() => JSON.parse(Module.ccall('chokepoint_frame_work_json', 'string', [], [])));
  await frameWork();  // forget the frames before the run
  await app.page.evaluate(() => {
    window.__frames = [];
    let last = performance.now();
    const tick = (t) => { window.__frames.push(t - last); last = t; if (!window.__stopFrames) requestAnimationFrame(tick); };
    requestAnimationFrame(tick);
  });
  await sendCommand(app.page, { do: 'show', tab: 'Predictions & metrics' });
  await sendCommand(app.page, { do: 'evaluate', gold: 'sample_dev.json', pred: 'hostile_pred.json', semantics: 'bird',
                                regimes: ['EC-EC-IE', 'EC-PC-IE', 'SC-EC-IE', 'SC-PC-IE', 'NC-PC', 'EC-PC-PE'],
                                timeout_ms: 1000 });
  await app.page.waitForFunction(() => {
    const m = JSON.parse(Module.ccall('chokepoint_panel_json', 'string', ['string'], ['Predictions & metrics']));
    return m.done === true && m.queued === false;
  }, null, { timeout: 120000 });
  const frames = await app.page.evaluate(() => { window.__stopFrames = true; return window.__frames; });
  const work = (await frameWork()).sort((x, y) => x - y);
  const m = await panelState(app.page, 'Predictions & metrics');
  const after = await heap();

  assert.equal(m.evaluated_in, 'worker', 'the queries ran in the evaluation worker, off the page thread');
  assert.equal(m.worker_restarts, 0, 'every item came back within its limit: no worker had to be restarted');
  assert.equal(m.total, 28);
  assert.equal(m.evaluated, 28, 'every item was evaluated');
  assert.equal(m.summary.gold_errors, 0);
  const byId = new Map(m.flagged.map((f) => [String(f.id), f]));
  for (const [k, [, prediction, message, truncation]] of Object.entries(HOSTILE)) {
    if (prediction === 'ok' && !truncation) continue;
    const f = byId.get(k);
    assert.ok(f, `item ${k} is reported with a reason: ${JSON.stringify(m.flagged)}`);
    // Items 2 and 3 read up to their caps (64 MiB of 16 MB values; 100,000 rows) and compare them: close to a 1 s
    // limit on a loaded machine, so a timeout is as right as ok (the cap is reported either way).
    const allowed = k === '2' || k === '3' ? ['ok', 'timeout'] : [prediction];
    assert.ok(allowed.includes(f.prediction), `item ${k}: ${JSON.stringify(f)}`);
    if (message) assert.match(f.message, message, `item ${k}`);
    if (f.prediction === 'timeout') assert.match(f.message, /time limit of 1000 ms/, `item ${k}`);
    if (truncation) assert.match(f.truncation, truncation, `item ${k}`);
  }
  assert.ok(byId.get('3').kept_rows < byId.get('3').rows, 'the run keeps only the leading rows of a huge result');
  assert.ok(m.summary.timeouts >= 1 && m.summary.pred_errors >= 3, JSON.stringify(m.summary));

  // The tab is alive: it kept drawing during the run, draws now, and shows no failure.
  assert.ok(frames.length > 10, `frames drawn during the run: ${frames.length}`);
  await nextFrames(app.page);
  assert.equal(await app.page.isHidden('#failure'), true, 'no failure overlay');
  const status = await app.page.textContent('#status');
  assert.ok(!/^error/.test(status), `status line: ${status}`);
  // Memory: what the allocator holds after the run (the run and its kept details included) stays within 64 MiB
  // of what it held before; the heap's size (which WebAssembly never shrinks) is reported.
  const grew = (after.used - before.used) / 1048576;
  assert.ok(grew < 64, `heap in use grew by ${grew.toFixed(1)} MiB`);

  await sendCommand(app.page, { do: 'show', tab: 'Predictions & metrics' });
  await nextFrames(app.page);
  await expectTextDrawn(app.page, 'hostile_predictions.png', (await drawnRects(app.page)).below('Summary tab'), 8000);
  // As a person would look: the Items tab (a click at its place), then the third item (16 MB values, cut).
  await clickInPanel(app.page, 161, 114);
  await nextFrames(app.page);
  await clickInPanel(app.page, 120, 210);
  await nextFrames(app.page);
  await nextFrames(app.page);
  // The items are listed, wrong ones in red and right ones in green, and the picked item says its result was cut
  // (in the notes' yellow).
  const { drawn } = await expectTextDrawn(app.page, 'hostile_items.png',
    (await drawnRects(app.page)).below('Items tab'), 7000);
  assert.ok(drawn.hues.red > 2000 && drawn.hues.green > 1200 && drawn.hues.yellow > 1500,
    `the items and the cut are drawn: ${JSON.stringify(drawn)}`);
  frames.sort((x, y) => x - y);
  const over50 = frames.filter((f) => f > 50).length;
  // The queries ran in the worker: no frame of the page's own work held the page for an item's whole limit (on the
  // page's thread a runaway query held a frame for the full 1,000 ms). How short the frames are is a time, not a
  // behaviour: the 50 ms goal is the bench's figure (make bench), printed here only.
  assert.ok(work.length > 10, `frames measured: ${work.length}`);
  assert.ok(work[work.length - 1] < 1000, `longest main-thread frame ${work[work.length - 1]} ms`);
  console.log(`# hostile predictions in the browser (1000 ms item limit): main thread's work per frame: longest ` +
    `${work[work.length - 1].toFixed(1)} ms, median ${work[work.length >> 1].toFixed(1)} ms over ${work.length} frames; ` +
    `frame intervals (browser pacing, 2 cores shared with the worker): longest ` +
    `${frames[frames.length - 1].toFixed(0)} ms, ${over50} over 50 ms; heap in use ${(before.used / 1048576).toFixed(1)} ` +
    `-> ${(after.used / 1048576).toFixed(1)} MiB; heap size ${(before.size / 1048576).toFixed(0)} -> ` +
    `${(after.size / 1048576).toFixed(0)} MiB`);
});

test('a C++ exception in a panel is reported with a way on, and the app keeps drawing', async () => {
  const failure = () => app.page.evaluate(() => JSON.parse(Module.ccall('chokepoint_app_json', 'string', [], [])));
  // In a job step: the job is paused and named.
  await sendCommand(app.page, { do: 'simulate_failure', panel: 'Predictions & metrics', in: 'step' });
  await nextFrames(app.page);
  await nextFrames(app.page);
  let f = await failure();
  assert.match(f.failure, /The Predictions & metrics job failed: simulated failure\. It is paused/);
  assert.deepEqual(f.paused_jobs, ['Predictions & metrics']);
  // In drawing, with an ImGui child left open: the frame recovers and the next ones draw the tabs again.
  await sendCommand(app.page, { do: 'show', tab: 'Databases' });
  await nextFrames(app.page);
  await sendCommand(app.page, { do: 'simulate_failure', panel: 'Databases', in: 'draw' });
  await nextFrames(app.page);
  await nextFrames(app.page);
  f = await failure();
  assert.match(f.failure, /Drawing the Databases tab failed: simulated failure/);
  await nextFrames(app.page);
  // The app draws the failure above the tabs, in its colour, with its buttons, and the open panel under them.
  const at = await drawnRects(app.page);
  const { png } = await expectTextDrawn(app.page, 'failure_recovered.png', at.panel, 4000);
  const head = await pixelStats(app.page, png, at.head, [26, 28, 33]);
  assert.ok(head.hues.red > 800 && head.hues.blue > 1500, `the failure and its buttons: ${JSON.stringify(head)}`);
  assert.equal(await app.page.isHidden('#failure'), true, 'no dead-canvas overlay: the app itself shows it');
  // "Dismiss and resume", clicked where it is drawn (under the title line), clears it and resumes the jobs.
  const box = await app.page.evaluate(() => JSON.parse(Module.ccall('chokepoint_app_json', 'string', [], [])));
  assert.ok(box.failure.length > 0);
  await clickAt(app.page, 77, 56);
  await nextFrames(app.page);
  f = await failure();
  assert.equal(f.failure, '', 'dismissed by the click');
  assert.deepEqual(f.paused_jobs, []);
});

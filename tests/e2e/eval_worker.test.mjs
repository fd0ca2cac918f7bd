// The evaluation worker as a user meets it: queries run off the page's thread, so a runaway prediction neither
// freezes the tab nor keeps Cancel waiting; a worker that stops answering is replaced and the item says why; the
// rest of the run is evaluated as if nothing had happened (the same scores as a clean run).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import os from 'node:os';
import { repoRoot, sendCommand, panelState, nextFrames, clickInPanel, drawnRects,
  expectTextDrawn } from './browser.mjs';
import { tempDir, openApp, closeAll } from './fixture.mjs';

let app;
before(async () => {
  app = await openApp();
});
after(() => closeAll({ app }));

// A cartesian product of three 3,000-row sets: billions of rows, only a time limit ends it.
const RUNAWAY = 'WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n WHERE x < 3000) ' +
  'SELECT count(*) FROM n a, n b, n c';
const METRICS = 'Predictions & metrics';

async function uploadPredictions(name, replace) {
  const sample = JSON.parse(fs.readFileSync(path.join(repoRoot, 'assets/sets/sample_pred.json'), 'utf8'));
  for (const [k, sql] of Object.entries(replace)) sample[k] = `${sql}\t----- bird -----\t${sample[k].split('\t').pop()}`;
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'chokepoint-worker-')), name);
  fs.writeFileSync(file, JSON.stringify(sample, null, 1));
  await app.page.setInputFiles('#chokepoint-file-input', file);
  await app.page.waitForFunction((n) => JSON.parse(Module.ccall('chokepoint_sets_json', 'string', [], []))
    .some((s) => s.name === n), name);
}

async function evaluated(command) {
  await sendCommand(app.page, { do: 'evaluate', gold: 'sample_dev.json', semantics: 'bird', ...command });
  await app.page.waitForFunction((p) => {
    const m = JSON.parse(Module.ccall('chokepoint_panel_json', 'string', ['string'], [p]));
    return m.done === true && m.queued === false;
  }, METRICS, { timeout: 120000 });
  return panelState(app.page, METRICS);
}

const workerAlive = () => app.page.evaluate(() => cpEvalWorker.worker !== null);

test('the sample predictions are evaluated in the worker, and the worker is gone afterwards', async () => {
  await uploadPredictions('sample_pred.json', {});
  await sendCommand(app.page, { do: 'show', tab: METRICS });
  const m = await evaluated({ pred: 'sample_pred.json', timeout_ms: 5000 });
  assert.equal(m.evaluated_in, 'worker');
  assert.equal(m.evaluated, m.total);
  assert.equal(await workerAlive(), false, 'the worker is gone once the run is done');
  // The scores equal the CLI's for the same files: metrics.test.mjs checks that on this very path.
  assert.equal(m.summary.n, 28);
  assert.equal(m.summary.scored, 28);
  assert.equal(m.summary.timeouts, 0, JSON.stringify(m.summary));
});

test('a worker that stops answering is replaced: the item says why and the others are scored as in a clean run', async () => {
  const clean = await evaluated({ pred: 'sample_pred.json', timeout_ms: 5000 });
  await uploadPredictions('stall_pred.json', { 0: RUNAWAY });
  // The item's limit is 4 s, but the page waits only 600 ms for a silent worker: the worker is stopped mid-query.
  const m = await evaluated({ pred: 'stall_pred.json', timeout_ms: 4000, worker_stall_ms: 600 });
  assert.equal(m.evaluated, m.total, 'every item was evaluated');
  assert.equal(m.worker_restarts, 1, 'one new worker went on past the stalled item');
  const timeouts = m.flagged.filter((f) => f.prediction === 'timeout');
  assert.equal(timeouts.length, 1, JSON.stringify(m.flagged));
  assert.equal(timeouts[0].id, '0');
  assert.match(timeouts[0].message, /evaluation worker did not answer within 600 ms/);
  const errors = (r) => JSON.stringify(r.flagged.filter((f) => f.prediction === 'error'));
  assert.equal(errors(m), errors(clean), 'the other failures are those of the clean run');
  // Item 0 was right in the clean run: the stalled run has exactly one correct item fewer.
  const correct = (s) => Math.round((s.ex / 100) * s.scored);
  assert.equal(correct(m.summary), correct(clean.summary) - 1, `${JSON.stringify(clean.summary)} vs ${JSON.stringify(m.summary)}`);
});

test('a worker slow to start (its module takes 1.5 s to arrive) is not taken for a stalled one', async () => {
  // The watchdog counts from the worker's 'ready', not from its creation: on a busy machine loading the module alone
  // can outlast a short stall limit, and every item would then be reported as a timeout.
  let delayed = 0;
  await app.page.context().route('**/chokepoint_worker.wasm', async (route) => {
    delayed += 1;
    await new Promise((r) => setTimeout(r, 1500));
    await route.continue();
  });
  try {
    const m = await evaluated({ pred: 'sample_pred.json', timeout_ms: 5000, worker_stall_ms: 600 });
    assert.ok(delayed >= 1, 'the worker fetched its module through the delaying route');
    assert.equal(m.evaluated_in, 'worker');
    assert.equal(m.worker_restarts, 0, JSON.stringify(m.flagged));
    assert.equal(m.summary.scored, 28);
    assert.equal(m.summary.timeouts, 0, JSON.stringify(m.summary));
  } finally {
    await app.page.context().unroute('**/chokepoint_worker.wasm');
  }
});

test('Cancel during a runaway query stops it at once and the tab keeps drawing', async () => {
  await uploadPredictions('runaway_pred.json', { 0: RUNAWAY });
  await sendCommand(app.page, { do: 'show', tab: METRICS });
  await sendCommand(app.page, { do: 'evaluate', gold: 'sample_dev.json', pred: 'runaway_pred.json', timeout_ms: 60000 });
  await app.page.waitForFunction((p) => JSON.parse(Module.ccall('chokepoint_panel_json', 'string', ['string'], [p]))
    .running === true, METRICS);
  await nextFrames(app.page);
  await app.page.evaluate(() => Module.ccall('chokepoint_frame_work_json', 'string', [], []));
  await new Promise((r) => setTimeout(r, 1500));  // the worker is deep in the product; the page draws on
  assert.equal(await workerAlive(), true);
  let m = await panelState(app.page, METRICS);
  assert.equal(m.running, true);
  assert.equal(m.evaluated, 0, 'the first item is still running');
  // The run's line is drawn where the click below goes, 85 px into the panel: its count (text) and the Cancel
  // button (blue; an empty line has neither).
  const { panel } = await drawnRects(app.page);
  const { drawn } = await expectTextDrawn(app.page, 'worker_running.png', { x: 0, y: panel.y + 75, w: panel.w, h: 20 },
    150);
  assert.ok(drawn.hues.blue > 400, `the Cancel button is drawn: ${JSON.stringify(drawn)}`);
  const t0 = Date.now();
  await clickInPanel(app.page, 548, 85);  // Cancel, right of "in a background worker"
  await nextFrames(app.page);
  const took = Date.now() - t0;
  m = await panelState(app.page, METRICS);
  assert.equal(m.running, false, 'the click cancelled the run');
  assert.equal(await workerAlive(), false, 'the worker was terminated mid-query');
  const work = JSON.parse(await app.page.evaluate(() => Module.ccall('chokepoint_frame_work_json', 'string', [], [])));
  assert.ok(work.length > 10, `the page drew ${work.length} frames while the query ran`);
  console.log(`# cancel during a runaway query: answered in ${took} ms; main-thread work per frame meanwhile: ` +
    `longest ${Math.max(...work).toFixed(1)} ms over ${work.length} frames`);
  const notices = await app.page.evaluate(() => JSON.parse(Module.ccall('chokepoint_notices_json', 'string', [], [])));
  assert.match(notices[notices.length - 1].text, /evaluation cancelled after 0 items/);
});

test('an uploaded database goes to the worker as the file itself (mounted, not copied) and scores there', async () => {
  const dir = tempDir('chokepoint-mounted-');
  const db = path.join(dir, 'films.sqlite');
  fs.copyFileSync(path.join(repoRoot, 'build/wasm/assets/db/movies.sqlite'), db);
  fs.writeFileSync(path.join(dir, 'films_gold.sql'), `SELECT count(*) FROM movie\tfilms\n${RUNAWAY}\tfilms\n`);
  fs.writeFileSync(path.join(dir, 'films_pred.sql'), `SELECT count(MovieID) FROM movie\n${RUNAWAY}\n`);
  await app.page.setInputFiles('#chokepoint-file-input', [db, path.join(dir, 'films_gold.sql'), path.join(dir, 'films_pred.sql')]);
  await app.page.waitForFunction(() => JSON.parse(Module.ccall('chokepoint_sets_json', 'string', [], []))
    .filter((s) => s.name.startsWith('films_')).length === 2);
  await sendCommand(app.page, { do: 'show', tab: METRICS });
  await sendCommand(app.page, { do: 'evaluate', gold: 'films_gold.sql', pred: 'films_pred.sql', timeout_ms: 60000 });
  // The first item is scored while the second (a runaway gold) keeps the worker busy.
  await app.page.waitForFunction((p) => JSON.parse(Module.ccall('chokepoint_panel_json', 'string', ['string'], [p]))
    .evaluated === 1, METRICS, { timeout: 30000 });
  const sent = await app.page.evaluate(() => cpEvalWorker.databases.map((d) => ({ id: d.id, blob: d.blob instanceof Blob,
                                                                                  bytes: !!d.bytes })));
  assert.deepEqual(sent, [{ id: 'films', blob: true, bytes: false }]);
  const m = await panelState(app.page, METRICS);
  assert.equal(m.summary.scored, 1);
  assert.equal(m.summary.ex, 100, 'count(MovieID) equals count(*) on the mounted file');
  await clickInPanel(app.page, 548, 85);  // Cancel
  await nextFrames(app.page);
  assert.equal(await workerAlive(), false);
  fs.rmSync(dir, { recursive: true, force: true });
});

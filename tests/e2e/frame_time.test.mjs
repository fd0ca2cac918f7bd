// Responsiveness under load, on real benchmark data when ../shared/data is present: the 1,534 BIRD dev queries are
// loaded with their schemas (dev_tables.json, schema-only), JQE runs over all of them as a batch, and every frame's
// duration is recorded with requestAnimationFrame. Prints the figures; asserts the batch finishes and the page
// keeps drawing throughout (frame-time targets belong to the benchmark report, not to a pass/fail threshold). Then
// TQA's split of the same set in the Split view, against the CLI's.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { startApp, waitReady, repoRoot } from './browser.mjs';
import { cli } from './fixture.mjs';

const bird = path.join(repoRoot, '../shared/data/bird');
const have = fs.existsSync(path.join(bird, 'dev.json')) && fs.existsSync(path.join(bird, 'dev_tables.json'));
let app;
before(async () => {
  if (!have) return;
  app = await startApp();
  await app.page.goto(app.url);
  await waitReady(app);
});
after(async () => { if (app) await app.close(); });

test('frame times while JQE runs over the 1,534 BIRD dev queries', { skip: !have && 'no ../shared/data' }, async () => {
  await app.page.setInputFiles('#chokepoint-file-input', [path.join(bird, 'dev_tables.json'), path.join(bird, 'dev.json')]);
  await app.page.waitForFunction(() => JSON.parse(Module.ccall('chokepoint_sets_json', 'string', [], []))
    .some((s) => s.name === 'dev.json' && s.items === 1534), null, { timeout: 60000 });
  const memory = await app.page.evaluate(() => (performance.memory ? performance.memory.usedJSHeapSize : 0) +
    (typeof HEAP8 !== 'undefined' ? HEAP8.length : 0));
  await app.page.evaluate(() => {
    window.__frames = [];
    let last = performance.now();
    const tick = (t) => { window.__frames.push(t - last); last = t; if (!window.__stopFrames) requestAnimationFrame(tick); };
    requestAnimationFrame(tick);
  });
  await app.page.evaluate(() => Module.ccall('chokepoint_command', null, ['string'],
    [JSON.stringify({ do: 'jqe_batch', set: 'dev.json', show: true })]));
  await app.page.evaluate(() => Module.ccall('chokepoint_command', null, ['string'],
    [JSON.stringify({ do: 'show', tab: 'Join query expansion' })]));
  await app.page.waitForFunction(() => {
    const s = JSON.parse(Module.ccall('chokepoint_panel_json', 'string', ['string'], ['Join query expansion']));
    return s.batch && s.batch.done;
  }, null, { timeout: 600000, polling: 500 });
  const frames = await app.page.evaluate(() => { window.__stopFrames = true; return window.__frames; });
  const heapAfter = await app.page.evaluate(() => (typeof HEAP8 !== 'undefined' ? HEAP8.length : 0));
  const b = JSON.parse(await app.page.evaluate(() =>
    Module.ccall('chokepoint_panel_json', 'string', ['string'], ['Join query expansion']))).batch;
  frames.sort((x, y) => x - y);
  const pct = (p) => frames[Math.min(frames.length - 1, Math.floor(frames.length * p))];
  const over50 = frames.filter((f) => f > 50).length;
  console.log(`# JQE batch over ${b.total} BIRD dev seeds in the browser: ${frames.length} frames, median ` +
    `${pct(0.5).toFixed(1)} ms, p99 ${pct(0.99).toFixed(1)} ms, max ${frames[frames.length - 1].toFixed(1)} ms, ` +
    `${over50} frames over 50 ms; longest unit of work ${b.longest_unit_ms.toFixed(1)} ms (${b.longest_unit_phase}); kept ${b.kept}`);
  console.log(`# memory after loading BIRD dev (wasm heap + JS heap): ${(memory / 1048576).toFixed(1)} MiB; ` +
    `wasm heap after the batch (${b.summary.generated + b.summary.redundant} decisions kept for the report): ` +
    `${(heapAfter / 1048576).toFixed(1)} MiB`);
  assert.equal(b.total, 1534);
  assert.ok(frames.length > 20, 'the page kept drawing during the batch');
});

// A big file in the Split view: TQA's split of the 1,534 BIRD dev queries (their schemas from dev_tables.json) in the
// page equals `chokepoint tqa split` on the same files, and the page keeps drawing while it counts the graphs.
test('TQA\'s split of BIRD dev in the page equals the CLI\'s, the page drawing throughout',
  { skip: !have && 'no ../shared/data' }, async () => {
    await app.page.evaluate(() => {
      window.__frames = [];
      window.__stopFrames = false;
      let last = performance.now();
      const tick = (t) => { window.__frames.push(t - last); last = t; if (!window.__stopFrames) requestAnimationFrame(tick); };
      requestAnimationFrame(tick);
    });
    await app.page.evaluate(() => {
      for (const c of [{ do: 'show', tab: 'Text augmentation' }, { do: 'tqa_select', view: 'split' },
        { do: 'tqa_split', set: 'dev.json' }])
        Module.ccall('chokepoint_command', null, ['string'], [JSON.stringify(c)]);
    });
    await app.page.waitForFunction(() => {
      const s = JSON.parse(Module.ccall('chokepoint_panel_json', 'string', ['string'], ['Text augmentation'])).split;
      return s && !s.running && (s.split || s.error);
    }, null, { timeout: 300000, polling: 250 });
    const frames = await app.page.evaluate(() => { window.__stopFrames = true; return window.__frames; });
    const v = JSON.parse(await app.page.evaluate(() =>
      Module.ccall('chokepoint_panel_json', 'string', ['string'], ['Text augmentation']))).split;
    assert.equal(v.error, '');
    const r = spawnSync(cli, ['tqa', 'split', '--set', path.join(bird, 'dev.json'), '--tables',
      path.join(bird, 'dev_tables.json')], { encoding: 'utf8' });
    assert.equal(r.status, 0, r.stderr);
    assert.deepEqual(v.split, JSON.parse(r.stdout), 'the same clusters, order and parts as the CLI');
    assert.equal(v.split.items, 1534);
    assert.ok(frames.length > 2, 'the page kept drawing during the split');
    const parts = ['train', 'dev', 'test'].map((p) => v.split.split[p]);
    console.log(`# TQA split of BIRD dev in the browser: ${frames.length} frames, longest ` +
      `${Math.max(...frames).toFixed(1)} ms; queries ${parts.map((p) => p.queries).join(' / ')} on ` +
      `${parts.map((p) => p.databases).join(' / ')} databases (the thesis: 466 / 125 / 106 on 31 / 10 / 7)`);
  });

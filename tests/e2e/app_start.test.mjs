// The app opens in Chromium, reads the built-in sample databases through SQLite in wasm and draws their tables.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { startApp, waitReady, pixelStats, artefactDir } from './browser.mjs';

let app;
before(async () => { app = await startApp(); });
after(async () => { if (app) await app.close(); });

test('app reports ready with the sample databases and their table names', async () => {
  const t0 = Date.now();
  await app.page.goto(app.url);
  await waitReady(app);
  const firstFrameMs = await app.page.evaluate(() => window.chokepoint.firstFrameMs);
  console.log(`# time from page load to first rendered frame with the sample database: ${firstFrameMs.toFixed(0)} ms ` +
              `(wall ${Date.now() - t0} ms)`);
  const status = await app.page.textContent('#status');
  for (const name of ['toxicology', 'molecule', 'atom', 'bond', 'connected', 'movies']) {
    assert.ok(status.includes(name), `status should name ${name}: ${status}`);
  }
});

test('exported summary carries real columns, keys and row counts read in wasm', async () => {
  const summary = JSON.parse(await app.page.evaluate(() => Module.ccall('chokepoint_summary_json', 'string', [], [])));
  const tox = summary.find((d) => d.db_id === 'toxicology');
  assert.ok(tox, 'toxicology is loaded');
  const names = tox.tables.map((t) => t.name).sort();
  assert.deepEqual(names, ['atom', 'bond', 'connected', 'molecule']);
  const connected = tox.tables.find((t) => t.name === 'connected');
  assert.deepEqual(connected.primary_key, ['atom_id', 'atom_id2']);
  assert.equal(connected.foreign_keys.length, 3);
  for (const t of tox.tables) assert.ok(t.rows > 0, `${t.name} has rows`);
  const movies = summary.find((d) => d.db_id === 'movies');
  assert.ok(movies && movies.tables.length === 3, 'movies has three tables');
});

test('canvas shows the table list (screenshot is not blank)', async () => {
  const png = await app.page.screenshot();
  fs.writeFileSync(path.join(artefactDir, 'app_start.png'), png);
  // Clear colour of web/main.cpp (0.10, 0.11, 0.13); the table list is drawn in the upper-left area.
  const stats = await pixelStats(app.page, png, { x: 0, y: 0, w: 640, h: 400 }, [26, 28, 33]);
  assert.ok(stats.notClear > stats.total * 0.5, `most of the area is drawn over: ${JSON.stringify(stats)}`);
  assert.ok(stats.bright > 500, `text is drawn in the table list area: ${JSON.stringify(stats)}`);
});

// The app opens in Chromium, reads the built-in sample databases through SQLite in wasm and draws their tables.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { startApp, waitReady, pixelStats, artefactDir, callJson, nextFrames, clickNamed } from './browser.mjs';

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
  // ImGui measures a new window in the frame before it shows it; the app runs that frame without drawing it, so the
  // first picture sent to WebGL is already the usable one.
  assert.equal(await app.page.evaluate(() => window.chokepoint.framesDrawnAtReady), 1,
               'the first frame drawn lists the sample databases');
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

// The frame loop runs every animation frame (jobs step, commands are read) but sends a frame to WebGL only when it
// differs from the last one drawn (web/frame_digest.h): an idle page costs the browser's rasteriser nothing.
test('an idle page runs its frames without drawing them again; a pointer move and a click draw at once', async () => {
  const { page } = app;
  const frames = () => callJson(page, 'chokepoint_frames_json');
  const idleFor = async (ms) => {
    const a = await frames();
    await new Promise((r) => setTimeout(r, ms));
    const b = await frames();
    return { run: b.frames - a.frames, drawn: b.drawn - a.drawn };
  };
  await page.mouse.move(5, page.viewportSize().height - 5);  // away from every widget
  await idleFor(500);  // the move's own frames
  const idle = await idleFor(1500);
  console.log(`# idle page over 1.5 s: ${idle.run} frames run, ${idle.drawn} drawn`);
  assert.ok(idle.run >= 10, `the frame loop keeps running: ${JSON.stringify(idle)}`);
  assert.equal(idle.drawn, 0, `nothing changed, so nothing was drawn: ${JSON.stringify(idle)}`);
  const still = await page.screenshot();
  fs.writeFileSync(path.join(artefactDir, 'app_start_idle.png'), still);
  const stats = await pixelStats(page, still, { x: 0, y: 0, w: 640, h: 400 }, [26, 28, 33]);
  assert.ok(stats.bright > 500, `the canvas still shows the last frame drawn: ${JSON.stringify(stats)}`);

  // The pointer over a tab changes its colour: that frame is drawn.
  const tab = (await callJson(page, 'chokepoint_app_json')).buttons['Help panel tab'];
  assert.ok(tab, 'the Help tab is drawn');
  const before = await frames();
  await page.mouse.move(tab[0] + tab[2] / 2, tab[1] + tab[3] / 2);
  await nextFrames(page);
  await nextFrames(page);
  const hovered = await frames();
  assert.ok(hovered.drawn > before.drawn, `the hover was drawn: ${JSON.stringify({ before, hovered })}`);
  // A click opens the tab, and the page shows it.
  await clickNamed(page, 'Help panel tab');
  assert.equal((await callJson(page, 'chokepoint_app_json')).active_panel, 'Help');
  const opened = await page.screenshot();
  fs.writeFileSync(path.join(artefactDir, 'app_start_help_opened.png'), opened);
  assert.notDeepEqual(opened, still, 'the screenshot after the click differs from the idle one');
});

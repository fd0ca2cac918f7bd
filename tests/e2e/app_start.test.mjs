// The app opens in Chromium, reads the built-in sample databases through SQLite in wasm and draws their tables.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { startApp, waitReady, pixelStats, artefactDir, callJson, nextFrames, clickNamed, repoRoot } from './browser.mjs';

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

// The page asks for nothing it does not ship: a request that fails (the browser's own /favicon.ico, outside a sub-path
// the app may be served from) shows in the console as a failed resource.
test('no request of the start fails', async () => {
  const failed = app.consoleLines.filter((l) => /Failed to load resource/.test(l));
  assert.deepEqual(failed, [], app.consoleLines.join('\n'));
});

// The first usable frame draws the sample databases from the build's schema snapshot; their files and the sample set
// open in the frames after it, and the page says it is ready once they are open.
test('the sample set opens after the first usable frame, before the page says it is ready', async () => {
  const marks = await app.page.evaluate(() => Object.fromEntries(
    performance.getEntriesByType('mark').map((m) => [m.name.replace('chokepoint:', ''), m.startTime])));
  // The start's steps in the order web/main.cpp takes them: the atlas and shaders, then ImGui's measuring frame, each
  // in a task of its own after main(), then the first frame drawn.
  const order = ['main', 'ui', 'files opened', 'fonts rasterised', 'shaders and fonts uploaded', 'frame 1', 'frame 2',
                 'ready'];
  for (const name of order) assert.ok(name in marks, `mark ${name}: ${JSON.stringify(marks)}`);
  for (let i = 1; i < order.length; ++i)
    assert.ok(marks[order[i - 1]] <= marks[order[i]], `${order[i - 1]} before ${order[i]}: ${JSON.stringify(marks)}`);
  const items = JSON.parse(fs.readFileSync(path.join(repoRoot, 'assets/sets/sample_dev.json'), 'utf8')).length;
  const sets = await callJson(app.page, 'chokepoint_sets_json');
  assert.deepEqual(sets[0], { name: 'sample_dev.json', items }, `the sample set, whole, at ready: ${JSON.stringify(sets)}`);
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
// The code points of [first, last] pairs that a TrueType font's Unicode BMP cmap (format 4) maps to a glyph other
// than .notdef: the characters ImGui rasterises from that font for those ranges.
function mappedCodePoints(file, ranges) {
  const b = fs.readFileSync(file);
  const tables = b.readUInt16BE(4);
  let cmap = -1;
  for (let t = 0; t < tables; ++t)
    if (b.toString('latin1', 12 + 16 * t, 16 + 16 * t) === 'cmap') cmap = b.readUInt32BE(12 + 16 * t + 8);
  assert.ok(cmap >= 0, `${file} has a cmap table`);
  let sub = -1;
  for (let k = 0; k < b.readUInt16BE(cmap + 2); ++k) {
    const at = cmap + 4 + 8 * k;
    if (b.readUInt16BE(at) === 3 && b.readUInt16BE(at + 2) === 1) sub = cmap + b.readUInt32BE(at + 4);
  }
  assert.ok(sub >= 0 && b.readUInt16BE(sub) === 4, `${file} has a Windows Unicode BMP subtable of format 4`);
  const segs = b.readUInt16BE(sub + 6) / 2;
  const end = sub + 14, start = end + 2 * segs + 2, delta = start + 2 * segs, offset = delta + 2 * segs;
  const glyph = (c) => {
    for (let i = 0; i < segs; ++i) {
      if (b.readUInt16BE(end + 2 * i) < c) continue;
      const first = b.readUInt16BE(start + 2 * i);
      if (first > c) return 0;
      const d = b.readInt16BE(delta + 2 * i), ro = b.readUInt16BE(offset + 2 * i);
      if (ro === 0) return (c + d) & 0xffff;
      const g = b.readUInt16BE(offset + 2 * i + ro + 2 * (c - first));
      return g === 0 ? 0 : (g + d) & 0xffff;
    }
    return 0;
  };
  const mapped = [];
  for (let r = 0; r < ranges.length; r += 2)
    for (let c = ranges[r]; c <= ranges[r + 1]; ++c) if (glyph(c) !== 0) mapped.push(c);
  return mapped;
}

test('the font rasterises every character of the app\'s ranges that Debian\'s DejaVu Sans has', async () => {
  // APP_GLYPH_RANGES in CMakeLists.txt: the ranges the app asks ImGui for, and the glyphs the shipped fonts keep.
  const cmake = fs.readFileSync(path.join(repoRoot, 'CMakeLists.txt'), 'utf8');
  const listed = cmake.match(/set\(APP_GLYPH_RANGES ([^)]*)\)/);
  assert.ok(listed, 'CMakeLists.txt sets APP_GLYPH_RANGES');
  const ranges = listed[1].trim().split(/\s+/).map(Number);
  assert.ok(ranges.length >= 2 && ranges.length % 2 === 0 && ranges[0] === 0x20, `ranges: ${listed[1]}`);
  const { font_glyphs: glyphs } = await callJson(app.page, 'chokepoint_app_json');
  const dejavu = '/usr/share/fonts/truetype/dejavu/';
  const mapped = mappedCodePoints(dejavu + 'DejaVuSans.ttf', ranges);
  assert.ok(mapped.length > 500, `DejaVuSans.ttf maps ${mapped.length} of the code points`);
  // ImGui adds one glyph of its own: a tab, made from the space (ImFont::BuildLookupTable in imgui_draw.cpp).
  assert.equal(glyphs.ui, mapped.length + 1, 'glyphs rasterised against DejaVuSans.ttf\'s characters');
  // One font: the app draws all its text, SQL included, in DejaVu Sans.
  assert.deepEqual(Object.keys(glyphs), ['ui']);
});

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

// The first usable frame draws the sample databases from the build's schema snapshot (core/schema/schema_snapshot.h):
// when it is drawn their files are not open yet. By ready they are, and the tables, keys and row counts read from the
// files are the snapshot's.
test('the first usable frame lists the samples from the schema snapshot; their files open after it', async () => {
  await app.page.addInitScript(() => {
    const mark = performance.mark.bind(performance);
    performance.mark = (name, ...rest) => {
      if (name === 'chokepoint:frame 2') {
        window.summaryAtFirstFrame = Module.ccall('chokepoint_summary_json', 'string', [], []);
      }
      return mark(name, ...rest);
    };
  });
  await app.page.reload();
  await waitReady(app);
  const samples = (all) => all.filter((d) => d.origin === 'sample');
  const first = samples(JSON.parse(await app.page.evaluate(() => window.summaryAtFirstFrame)));
  const ready = samples(await callJson(app.page, 'chokepoint_summary_json'));
  assert.deepEqual(first.map((d) => [d.db_id, d.opening]), [['toxicology', true], ['movies', true]],
                   'listed, not yet open, at the first usable frame');
  assert.deepEqual(ready.map((d) => [d.db_id, d.opening]), [['toxicology', false], ['movies', false]], 'open at ready');
  const withoutOpening = (d) => { const { opening, ...rest } = d; return rest; };
  assert.deepEqual(first.map(withoutOpening), ready.map(withoutOpening));
  assert.ok(first[0].tables.every((t) => t.rows > 0), JSON.stringify(first[0]));
});

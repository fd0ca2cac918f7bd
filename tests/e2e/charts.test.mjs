// The metrics charts as a reader uses them: after an evaluation the Charts tab is opened with a click;
// each chart has a value axis and shows the value under the pointer, which must equal the same quantity computed
// from the CLI's CSV for the same files; dragging the corner grip resizes a chart; its PNG button saves the chart
// alone, cropped to its rectangle and drawn without the pointer.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { startApp, waitReady, artefactDir, repoRoot, sendCommand, panelState, nextFrames, clickAt, clickInPanel,
  drawnRects, expectTextDrawn, pixelStats } from './browser.mjs';

let app;
const METRICS = 'Predictions & metrics';
const appJson = () => app.page.evaluate(() => JSON.parse(Module.ccall('chokepoint_app_json', 'string', [], [])));

// A CSV line parser for the CLI's items CSV (quoted fields may hold commas and doubled quotes).
function parseCsv(text) {
  const rows = [];
  let row = [], field = '', quoted = false;
  for (let i = 0; i < text.length; ++i) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') { field += '"'; ++i; } else if (c === '"') quoted = false; else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') { row.push(field); field = ''; } else if (c === '\n') { row.push(field); rows.push(row); row = []; field = ''; } else field += c;
  }
  if (field || row.length) { row.push(field); rows.push(row); }
  const [head, ...body] = rows;
  return body.map((r) => Object.fromEntries(head.map((h, i) => [h, r[i]])));
}

let items;  // the CLI's items for the same files
before(async (t) => {
  const cli = process.env.CHOKEPOINT_CLI || path.join(repoRoot, 'build/native/chokepoint');
  const assets = path.join(repoRoot, 'build/native/assets/db');
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'chokepoint-charts-'));
  if (fs.existsSync(cli) && fs.existsSync(assets)) {
    for (const db of ['toxicology', 'movies']) {
      fs.mkdirSync(path.join(root, db));
      fs.copyFileSync(path.join(assets, `${db}.sqlite`), path.join(root, db, `${db}.sqlite`));
    }
    execFileSync(cli, ['eval', '--gold', path.join(repoRoot, 'assets/sets/sample_dev.json'), '--pred',
      path.join(repoRoot, 'assets/sets/sample_pred.json'), '--db-root', root, '--semantics', 'bird',
      '--out', path.join(root, 'report.json'), '--csv', path.join(root, 'items.csv')]);
    items = parseCsv(fs.readFileSync(path.join(root, 'items.csv'), 'utf8'));
  }
  fs.rmSync(root, { recursive: true, force: true });
  app = await startApp();
  await app.page.goto(app.url);
  await waitReady(app);
  await app.page.setInputFiles('#chokepoint-file-input', path.join(repoRoot, 'assets/sets/sample_pred.json'));
  await app.page.waitForFunction(() => JSON.parse(Module.ccall('chokepoint_sets_json', 'string', [], []))
    .some((s) => s.name === 'sample_pred.json'));
  await sendCommand(app.page, { do: 'evaluate', gold: 'sample_dev.json', pred: 'sample_pred.json', semantics: 'bird' });
  await sendCommand(app.page, { do: 'show', tab: METRICS });
  await app.page.waitForFunction((p) => JSON.parse(Module.ccall('chokepoint_panel_json', 'string', ['string'], [p]))
    .done === true, METRICS, { timeout: 30000 });
  await nextFrames(app.page);
  await clickInPanel(app.page, 108, 114);  // the "Charts" tab under the buttons
  await nextFrames(app.page);
});
after(async () => { if (app) await app.close(); });

// Moves the pointer to (x, y) and returns the tooltip the charts showed there.
async function hover(x, y) {
  await app.page.mouse.move(x, y);
  await nextFrames(app.page, 4);
  return (await appJson()).tooltip;
}

test('EX by joins: the bar under the pointer says its EX, equal to the CLI items of that many joins', async (t) => {
  const { charts } = await appJson();
  const r = charts['ex-by-joins'];
  assert.ok(r, `the chart is drawn: ${JSON.stringify(charts)}`);
  // Drawn where the layout says: the bars (blue) with their labels, and the histogram's two series, EXP in blue and
  // EXR in orange (a chart's own background is the clear colour).
  const at = await drawnRects(app.page);
  const { png, drawn } = await expectTextDrawn(app.page, 'charts.png', at.at('ex-by-joins'), 200);
  assert.ok(drawn.hues.blue > 10000, `the bars are drawn: ${JSON.stringify(drawn)}`);
  const pair = await pixelStats(app.page, png, at.at('exp-exr'), [26, 28, 33]);
  assert.ok(pair.hues.blue > 1500 && pair.hues.yellow > 1500, `EXP and EXR are drawn: ${JSON.stringify(pair)}`);
  // Sweep the plot left to right; every distinct bar met is checked.
  const seen = new Map();
  for (let x = r[0] + 40; x < r[0] + r[2] - 10; x += 12) {
    const tip = await hover(x, r[1] + r[3] * 0.6);
    const m = /^(\d+): ([\d.]+) \((\d+) items\)\nEX \(%\)$/.exec(tip);
    if (m) seen.set(Number(m[1]), { ex: Number(m[2]), n: Number(m[3]) });
  }
  assert.ok(seen.size >= 2, `several bars answered: ${JSON.stringify([...seen])}`);
  if (!items) { t.diagnostic('native build absent: values not cross-checked'); return; }
  for (const [joins, { ex, n }] of seen) {
    const group = items.filter((i) => i.status === 'scored' && Number(i.joins) === joins);
    assert.equal(n, group.length, `items with ${joins} joins`);
    const expected = (100 * group.filter((i) => i.ex === '1').length) / group.length;
    assert.equal(ex, Number(expected.toFixed(1)), `EX of ${joins} joins`);
  }
});

test('EXP/EXR histogram: the bin under the pointer gives both counts, equal to the CLI items', async (t) => {
  const r = (await appJson()).charts['exp-exr'];
  assert.ok(r);
  let checked = 0;
  for (let x = r[0] + 40; x < r[0] + r[2] - 10; x += 15) {
    const tip = await hover(x, r[1] + r[3] * 0.5);
    const m = /^([\d.]+) to ([\d.]+)( \(1 included\))?\nEXP: (\d+) items\nEXR: (\d+) items$/.exec(tip);
    if (!m || !items) continue;
    const lo = Number(m[1]), hi = Number(m[2]), last = !!m[3];
    const failed = items.filter((i) => i.status === 'scored' && i.ex === '0');
    const inBin = (v) => v >= lo - 1e-9 && (v < hi - 1e-9 || (last && v <= hi));
    assert.equal(Number(m[4]), failed.filter((i) => inBin(Number(i['EC-EC-IE EXP']))).length, `EXP in ${lo}..${hi}`);
    assert.equal(Number(m[5]), failed.filter((i) => inBin(Number(i['EC-EC-IE EXR']))).length, `EXR in ${lo}..${hi}`);
    ++checked;
  }
  if (items) assert.ok(checked >= 5, `bins checked: ${checked}`);
});

test('dragging the corner grip resizes the chart', async () => {
  const before = (await appJson()).charts['ex-by-joins'];
  const gx = before[0] + before[2] - 5, gy = before[1] + before[3] - 5;
  await app.page.mouse.move(gx, gy);
  await nextFrames(app.page, 3);
  await app.page.mouse.down();
  await nextFrames(app.page, 3);
  for (let i = 1; i <= 10; ++i) {
    await app.page.mouse.move(gx + 14 * i, gy + 8 * i);
    await nextFrames(app.page, 2);
  }
  await app.page.mouse.up();
  await nextFrames(app.page, 3);
  const afterRect = (await appJson()).charts['ex-by-joins'];
  assert.ok(Math.abs(afterRect[2] - before[2] - 140) <= 8, `wider by the drag: ${before} -> ${afterRect}`);
  assert.ok(Math.abs(afterRect[3] - before[3] - 80) <= 8, `taller by the drag: ${before} -> ${afterRect}`);
  // The chart is drawn at its new size: its bars reach into the strips it grew by, right and below.
  const { png } = await expectTextDrawn(app.page, 'charts_resized.png', (await drawnRects(app.page)).at('ex-by-joins'),
    200);
  const right = { x: before[0] + before[2], y: afterRect[1], w: afterRect[2] - before[2], h: afterRect[3] };
  const below = { x: afterRect[0], y: before[1] + before[3], w: afterRect[2], h: afterRect[3] - before[3] };
  for (const [side, rect] of Object.entries({ right, below })) {
    const strip = await pixelStats(app.page, png, rect, [26, 28, 33]);
    assert.ok(strip.hues.blue > 4000, `bars in the strip ${side} of the old size: ${JSON.stringify(strip)}`);
  }
});

test("a chart's PNG button saves that chart alone, without the pointer's tooltip", async () => {
  const r = (await appJson()).charts['exp-exr'];
  // The PNG button sits under the chart's left edge.
  const [download] = await Promise.all([app.page.waitForEvent('download'),
                                        clickAt(app.page, r[0] + 14, r[1] + r[3] + 10)]);
  assert.equal(download.suggestedFilename(), 'exp-exr.png');
  const file = path.join(artefactDir, 'chart_exp_exr.png');
  await download.saveAs(file);
  const png = fs.readFileSync(file);
  assert.equal(png.readUInt32BE(16), Math.round(r[2]), 'as wide as the chart');
  assert.equal(png.readUInt32BE(20), Math.round(r[3]), 'as tall as the chart');
  // The top-left pixel is the chart's own background, not the panel's or a tooltip's.
  const corner = await app.page.evaluate(async (b64) => {
    const img = new Image();
    img.src = 'data:image/png;base64,' + b64;
    await img.decode();
    const c = document.createElement('canvas');
    c.width = img.width; c.height = img.height;
    const g = c.getContext('2d');
    g.drawImage(img, 0, 0);
    return Array.from(g.getImageData(1, 1, 1, 1).data.slice(0, 3));
  }, png.toString('base64'));
  assert.deepEqual(corner, [25, 27, 32]);
  // And it is the chart: both series in their colours, as the page drew them (test 1).
  const saved = await pixelStats(app.page, png, { x: 0, y: 0, w: Math.round(r[2]), h: Math.round(r[3]) }, corner);
  assert.ok(saved.hues.blue > 1500 && saved.hues.yellow > 1500, `EXP and EXR in the file: ${JSON.stringify(saved)}`);
});

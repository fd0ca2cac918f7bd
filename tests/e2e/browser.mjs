// Shared set-up for browser tests: serve the built app on a free loopback port and drive Debian's Chromium
// headless through playwright-core (never a downloaded browser). Flags from decisions.md §T: SwiftShader WebGL2, and
// no background networking (the network is closed here).
import { chromium } from 'playwright-core';
import { serve } from '../../scripts/serve.mjs';
import path from 'node:path';
import fs from 'node:fs';
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const appDir = process.env.CHOKEPOINT_APP_DIR || path.join(repoRoot, 'build/wasm/app');
export const artefactDir = process.env.CHOKEPOINT_ARTEFACTS || path.join(repoRoot, 'build/e2e');

export const CHROMIUM_ARGS = [
  '--no-sandbox', '--disable-gpu', '--use-angle=swiftshader', '--enable-unsafe-swiftshader', '--disable-quic',
  '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync',
];

// viewport: the page's size in CSS pixels; screen: the screen's (equal to the viewport for full screen: F11, kiosk).
// `dir`: the app folder to serve (a `make dist` folder, with its pre-compressed copies, for the start-up bench).
export async function startApp({ serviceWorkers = 'block', viewport = { width: 1280, height: 800 }, screen,
                                  deviceScaleFactor, dir = appDir } = {}) {
  if (!fs.existsSync(path.join(dir, 'index.html'))) throw new Error(`no built app in ${dir}; run make wasm`);
  fs.mkdirSync(artefactDir, { recursive: true });
  const server = await serve(dir, 0);
  const url = `http://127.0.0.1:${server.address().port}/`;
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
                                          headless: true, args: CHROMIUM_ARGS });
  const context = await browser.newContext({ viewport, serviceWorkers, ...(screen ? { screen } : {}),
                                            ...(deviceScaleFactor ? { deviceScaleFactor } : {}) });
  const page = await context.newPage();
  const consoleLines = [];
  page.on('console', (m) => consoleLines.push(`${m.type()}: ${m.text()}`));
  page.on('pageerror', (e) => consoleLines.push(`pageerror: ${e.message}`));
  return {
    url, page, consoleLines, context,
    async close() { await browser.close(); await new Promise((r) => server.close(r)); },
  };
}

// Opens the app at text size `scale` (1.5 for 150 %; Help's "Text size", kept in localStorage as the app keeps it) and
// returns chokepoint_app_json once the app is ready with that size in force.
export async function openAtTextSize(app, scale) {
  await app.page.addInitScript((s) => localStorage.setItem('chokepoint.ui_scale', String(s)), scale);
  await app.page.goto(app.url);
  await waitReady(app);
  await nextFrames(app.page);
  const s = await callJson(app.page, 'chokepoint_app_json');
  assert.equal(s.ui_scale, scale, 'the text size is in force');
  return s;
}

// Waits until the app reports ready (window.chokepoint.ready), or fails with the page's status and console.
export async function waitReady(app, timeoutMs = 60000) {
  try {
    await app.page.waitForFunction(() => window.chokepoint && window.chokepoint.ready === true, null,
                                   { timeout: timeoutMs });
  } catch (e) {
    const status = await app.page.textContent('#status').catch(() => '?');
    throw new Error(`app not ready after ${timeoutMs} ms; status: ${status}\n${app.consoleLines.join('\n')}`);
  }
}

// Counts pixels of a PNG screenshot inside a rectangle by decoding it in the page (the browser has a PNG decoder).
export async function pixelStats(page, png, rect, clearRgb) {
  return page.evaluate(async ({ b64, rect, clearRgb }) => {
    const img = new Image();
    img.src = 'data:image/png;base64,' + b64;
    await img.decode();
    const c = document.createElement('canvas');
    c.width = img.width; c.height = img.height;
    const ctx = c.getContext('2d');
    ctx.drawImage(img, 0, 0);
    const d = ctx.getImageData(rect.x, rect.y, rect.w, rect.h).data;
    let notClear = 0, bright = 0;
    // Coloured pixels (the brightest channel 40 over the dimmest) by hue, in sixths of the wheel centred on each
    // name: red error text, orange notes (yellow here), green matched cells, blue tabs, bars and ticked boxes; grey
    // text and the clear colour count in none.
    const hues = { red: 0, yellow: 0, green: 0, cyan: 0, blue: 0, magenta: 0 };
    const names = Object.keys(hues);
    for (let i = 0; i < d.length; i += 4) {
      const [r, g, b] = [d[i], d[i + 1], d[i + 2]];
      if (Math.abs(r - clearRgb[0]) + Math.abs(g - clearRgb[1]) + Math.abs(b - clearRgb[2]) > 6) notClear++;
      if (r + g + b > 450) bright++;  // text is drawn in near-white
      const max = Math.max(r, g, b), span = max - Math.min(r, g, b);
      if (span <= 40 || max < 80) continue;
      const h = max === r ? ((g - b) / span + 6) % 6 : max === g ? (b - r) / span + 2 : (r - g) / span + 4;
      hues[names[Math.floor(h + 0.5) % 6]]++;
    }
    return { total: d.length / 4, notClear, bright, hues };
  }, { b64: png.toString('base64'), rect, clearRgb });
}

// The page's test doors (web/bridge): a panel's state as JSON, a page command, an exported JSON function.
export const panelState = (page, name) =>
  page.evaluate((n) => JSON.parse(Module.ccall('chokepoint_panel_json', 'string', ['string'], [n])), name);
// A command is applied at the start of the next frame: sendCommand returns once that frame has run, so a panel's
// state read next is never the one from before the command (an earlier run's "done" taken for this one's).
export async function sendCommand(page, command) {
  await sendCommands(page, [command]);
}
// Several commands queued together: the page applies them in order within one frame (a Cancel that arrives before
// the job's first step), then returns once that frame has run.
export async function sendCommands(page, commands) {
  await page.evaluate((list) => {
    for (const j of list) Module.ccall('chokepoint_command', null, ['string'], [j]);
  }, commands.map((c) => JSON.stringify(c)));
  await nextFrames(page);
}
export const callJson = (page, fn) => page.evaluate((f) => JSON.parse(Module.ccall(f, 'string', [], [])), fn);
// One animation frame: the app's frame runs first in it (its callback was registered before ours), so an input event
// or a command given before this call has been seen.
export const nextFrame = (page) => page.evaluate(() => new Promise((r) => requestAnimationFrame(r)));
// Two animation frames: a command queued now has been handled and drawn.
export const nextFrames = (page) =>
  page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));

// Keys as a person presses them, spread over frames: Dear ImGui 1.86 reads key state once per frame, so a key
// pressed and released inside one frame (playwright's keyboard.press) can be missed. Presses the keys in order,
// each held over frames, and releases them in reverse order (['Control', 'a'] is Ctrl+A).
// A key is held for one frame only: held over two, a slow frame (a loaded machine, the software renderer) can pass
// ImGui's key-repeat delay and press it twice.
export async function holdKeys(page, keys) {
  for (const k of keys) {
    await page.keyboard.down(k);
    await nextFrame(page);
  }
  for (const k of [...keys].reverse()) {
    await page.keyboard.up(k);
    await nextFrames(page);
  }
}

// A click as a person makes it, spread over frames: Dear ImGui 1.86 reads the mouse once per frame, so a press and
// release inside one frame would be missed.
export async function clickAt(page, x, y) {
  await page.mouse.move(x, y);
  await nextFrames(page);
  await page.mouse.down();
  await nextFrames(page);
  await page.mouse.up();
  await nextFrames(page);
}

// A real click at (x, y) measured from the left edge of the page and the top of the open panel, which begins below
// the tabs (they wrap onto more lines in a narrow window or at a large text size, moving the panel down).
export async function clickInPanel(page, x, y) {
  const { panel_top: top } = await callJson(page, 'chokepoint_app_json');
  await clickAt(page, x, top + y);
}

// Waits until the workspace store has written everything (web/bridge/pre/workspace.js): no file loading, no write
// queued, no file 'saving', and each of `paths` (files uploaded a moment ago, which the store may not list yet) listed.
// Returns the report that said so, read in the same moment.
export async function workspaceSettled(page, timeoutMs = 20000, paths = []) {
  const handle = await page.waitForFunction((wanted) => {
    const ws = window.Module && Module.chokepointWorkspace;
    if (!ws || !ws.available) return false;
    const r = JSON.parse(ws.report());
    const settled = !r.writing && r.loads.length === 0 && r.files.every((f) => f.state !== 'saving') &&
      wanted.every((p) => r.files.some((f) => f.path === p));
    return settled && r;
  }, paths, { timeout: timeoutMs });
  return handle.jsonValue();
}

// Polls a panel's state until `predicate` holds; the error names `what` and shows the state it saw last.
export async function untilPanel(page, name, predicate, what, timeoutMs = 60000) {
  const start = Date.now();
  for (;;) {
    const s = await panelState(page, name);
    if (predicate(s)) return s;
    if (Date.now() - start > timeoutMs)
      throw new Error(`timed out waiting for ${what}: ${JSON.stringify(s).slice(0, 2000)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

// Uploads `file` through the page's file input, as the chooser does, and waits until it is a loaded set.
export async function uploadSet(page, file) {
  await page.setInputFiles('#chokepoint-file-input', file);
  await page.waitForFunction((n) => JSON.parse(Module.ccall('chokepoint_sets_json', 'string', [], []))
    .some((s) => s.name === n), path.basename(file));
}

// A real click in the middle of the widget the app noted as `name` (web/widgets/item_places.h), once it is drawn;
// fails when it is not drawn or lies outside the window.
export async function clickNamed(page, name) {
  let b;
  for (let tries = 0; tries < 50 && !b; ++tries) {
    b = (await callJson(page, 'chokepoint_app_json')).buttons?.[name];
    // A tab bar lays its tabs out one frame after it first appears: until then a tab's place has no size.
    if (b && (b[2] <= 0 || b[3] <= 0)) b = undefined;
    if (!b) await nextFrames(page);
  }
  if (!b) throw new Error(`${name} is not drawn`);
  const view = page.viewportSize();
  if (b[1] < 0 || b[1] + b[3] > view.height) throw new Error(`${name} is outside the window: ${JSON.stringify(b)}`);
  await clickAt(page, b[0] + b[2] / 2, b[1] + b[3] / 2);
  await nextFrames(page);
}

// Scrolls the window with the mouse wheel, as a person does, until the whole of the chart `name` (its rectangle from
// the page's layout, chokepoint_app_json's "charts") is inside the viewport; returns the rectangle [x, y, w, h], or
// the last one seen after 40 turns of the wheel.
export async function wheelChartIntoView(page, name) {
  const view = page.viewportSize();
  const inView = (r) => r && r[1] >= 0 && r[1] + r[3] <= view.height;
  let rect;
  for (let tries = 0; tries < 40 && !inView(rect); ++tries) {
    await page.mouse.move(view.width / 2, view.height / 2);
    await page.mouse.wheel(0, rect ? Math.min(300, rect[1] + rect[3] - view.height + 20) : 600);
    await nextFrames(page);
    rect = (await page.evaluate(() => JSON.parse(Module.ccall('chokepoint_app_json', 'string', [], [])))).charts[name];
  }
  return { rect, whole: inView(rect) };
}

// Takes a screenshot, keeps it as `name` among the artefacts and checks that `rect` of it carries text (over
// `minBright`, 2,000 unless told, bright pixels on the app's clear colour): what a view shows is drawn, not only held
// in its state. Returns the screenshot and the counts, for a test to check more of the same picture.
export async function expectTextDrawn(page, name, rect, minBright = 2000) {
  const png = await page.screenshot();
  fs.mkdirSync(artefactDir, { recursive: true });
  fs.writeFileSync(path.join(artefactDir, name), png);
  const drawn = await pixelStats(page, png, rect, [26, 28, 33]);
  assert.ok(drawn.bright > minBright, `text in ${JSON.stringify(rect)} of ${name}: ${JSON.stringify(drawn)}`);
  return { png, drawn };
}

// Where the last frame drew, as rectangles {x, y, w, h} of a screenshot (ImGui lays out in the drawing buffer's
// pixels, which a screenshot has), cut to the window, so a test checks the pixels its view should have drawn at any
// window size or text size: `panel`, the open panel from below the tab row (the window's top once scrolled past it)
// to the window's foot; `head`, the title line and its notices above the tabs; `at(name)`, the widget
// (web/widgets/item_places.h) or chart noted as `name`, undefined when none was; `below(name)`, the panel's width
// from under that widget to the window's foot, where a view draws what its button produced.
export async function drawnRects(page) {
  const s = await callJson(page, 'chokepoint_app_json');
  // The page's status line lies over the canvas's foot (faded once the app is ready, but not at once): left out.
  const foot = await page.evaluate(() => document.getElementById('status').getBoundingClientRect().top *
                                         devicePixelRatio);
  const [width, height] = [s.display[0], Math.min(s.display[1], Math.floor(foot))];
  const cut = (x, y, w, h) => {
    const [x0, y0] = [Math.max(0, Math.ceil(x)), Math.max(0, Math.ceil(y))];
    const [x1, y1] = [Math.min(width, Math.floor(x + w)), Math.min(height, Math.floor(y + h))];
    return { x: x0, y: y0, w: Math.max(0, x1 - x0), h: Math.max(0, y1 - y0) };
  };
  const tabs = Object.entries(s.buttons).filter(([k]) => k.endsWith(' panel tab')).map(([, r]) => r[1]);
  const place = (name) => s.buttons[name] || s.charts[name];
  return {
    panel: cut(0, s.panel_top, width, height - s.panel_top),
    head: cut(0, 0, width, Math.min(...tabs)),
    at: (name) => place(name) && cut(...place(name)),
    below: (name) => place(name) && cut(0, place(name)[1] + place(name)[3], width, height),
  };
}

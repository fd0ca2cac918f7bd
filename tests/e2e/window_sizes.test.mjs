// The app at the sizes people use, full screen included (viewport = screen: F11, kiosk, a projector): the canvas
// fills the page, the UI lays out for that size, a click lands on the widget under the pointer, and the page asks
// for neither fullscreen nor pointer lock (not even at screen size, where a request every frame would use up clicks).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startApp, waitReady, nextFrames, clickAt, drawnRects, expectTextDrawn, pixelStats } from './browser.mjs';

const SIZES = [
  { name: '1024x700', viewport: { width: 1024, height: 700 } },
  { name: '1440x900', viewport: { width: 1440, height: 900 } },
  { name: '1920x1080', viewport: { width: 1920, height: 1080 } },
  { name: 'full screen 1600x900', viewport: { width: 1600, height: 900 }, screen: { width: 1600, height: 900 } },
  // A HiDPI laptop: the drawing buffer has twice the CSS pixels, the text twice the pixels (sharp, same size).
  { name: '1440x900 at pixel ratio 2', viewport: { width: 1440, height: 900 }, deviceScaleFactor: 2 },
];

for (const size of SIZES) {
  test(`at ${size.name} the canvas fills the page and clicks land where the pointer is`, async () => {
    const app = await startApp({ viewport: size.viewport, screen: size.screen, deviceScaleFactor: size.deviceScaleFactor });
    const dpr = size.deviceScaleFactor || 1;
    try {
      await app.page.goto(app.url);
      await waitReady(app);
      await nextFrames(app.page);
      const appState = () => app.page.evaluate(() => JSON.parse(Module.ccall('chokepoint_app_json', 'string', [], [])));
      const canvas = await app.page.evaluate(() => {
        const c = document.getElementById('canvas');
        const r = c.getBoundingClientRect();
        return { w: c.width, h: c.height, x: r.x, y: r.y, cw: r.width, ch: r.height,
                 inner: [innerWidth, innerHeight], parent: c.parentElement.tagName };
      });
      assert.deepEqual([canvas.x, canvas.y], [0, 0], `canvas at the page's corner: ${JSON.stringify(canvas)}`);
      assert.deepEqual([canvas.cw, canvas.ch], canvas.inner, 'the canvas element fills the page');
      assert.deepEqual([canvas.w, canvas.h], canvas.inner.map((v) => v * dpr), 'the drawing buffer has the page size in device pixels');
      assert.equal(canvas.parent, 'BODY', 'the canvas was not moved into a fullscreen container');
      const s = await appState();
      assert.deepEqual(s.display, canvas.inner.map((v) => v * dpr), 'ImGui lays out for the page size');
      assert.equal(s.font_size, 15 * dpr, 'text keeps its size on the screen, drawn with the screen\'s pixels');
      // A real click on the "Schema graph" tab, where it is drawn (the tab bar shrinks its tabs in narrow windows).
      const tab = (await appState()).buttons['Schema graph panel tab'];  // in device pixels
      await clickAt(app.page, (tab[0] + tab[2] / 2) / dpr, (tab[1] + tab[3] / 2) / dpr);
      await nextFrames(app.page);
      await nextFrames(app.page);
      assert.equal((await appState()).active_panel, 'Schema graph', 'the click reached the tab under the pointer');
      // And one near the bottom-right corner does not throw the layout off: the status line stays where it was.
      await clickAt(app.page, size.viewport.width - 5, size.viewport.height - 5);
      await nextFrames(app.page);
      // Drawn for this size: the panel's text (about 5,000 near-white pixels at a device pixel ratio of 1, four times
      // that at 2), and each table of the schema graph where the layout puts its node, filled in blue with its label.
      const at = await drawnRects(app.page);
      const name = `size_${size.name.replace(/ /g, '_')}.png`;
      const { png } = await expectTextDrawn(app.page, name, at.panel, 2000 * dpr ** 2);
      const nodes = Object.keys((await appState()).buttons).filter((k) => k.startsWith('graph node '));
      assert.equal(nodes.length, 4, 'the four tables of toxicology');
      for (const node of nodes) {
        const box = await pixelStats(app.page, png, at.at(node), [26, 28, 33]);
        assert.ok(box.hues.blue > box.total / 2 && box.bright > 60, `${node} is drawn: ${JSON.stringify(box)}`);
      }
      const noise = app.consoleLines.filter((l) => /fullscreen|pointer ?lock/i.test(l));
      assert.deepEqual(noise, [], 'no fullscreen or pointer-lock requests');
    } finally {
      await app.close();
    }
  });
}

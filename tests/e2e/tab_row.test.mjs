// The tabs on a projector: at 100 %, 150 % and 200 % text, and in a window as narrow as 1024 px, every tab shows its
// whole label (the tabs wrap onto more lines instead of shrinking), no two tabs overlap, none leaves the window, the
// open panel begins below the last line of tabs, and a real click on each tab, where the page's own layout says it
// is, opens it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startApp, openAtTextSize, waitReady, nextFrames, clickAt, callJson, sendCommand, drawnRects, expectTextDrawn,
  pixelStats } from './browser.mjs';

const CASES = [
  { name: '1920x1080 at 150 % text', viewport: { width: 1920, height: 1080 }, scale: 1.5 },
  { name: '1920x1080 at 200 % text', viewport: { width: 1920, height: 1080 }, scale: 2 },
  { name: '1024x700 at 100 % text', viewport: { width: 1024, height: 700 }, scale: 1 },
];

for (const c of CASES) {
  test(`${c.name}: whole tab labels, wrapped, each opened by a click`, async () => {
    const app = await startApp({ viewport: c.viewport });
    try {
      let s = await openAtTextSize(app, c.scale);
      const rects = s.tabs.map((name) => ({ name, r: s.buttons[`${name} panel tab`] }));
      for (const { name, r } of rects) {
        assert.ok(r, `${name} is drawn`);
        assert.ok(r[0] >= 0 && r[0] + r[2] <= s.display[0] && r[1] >= 0 && r[1] + r[3] <= s.display[1],
          `${name} lies inside the window: ${JSON.stringify(r)}`);
        // A tab is as wide as its label at this text size (plus the frame's padding): nothing is cut.
        assert.ok(r[2] >= name.length * s.font_size * 0.3, `${name} keeps its label: ${JSON.stringify(r)}`);
      }
      for (let i = 0; i < rects.length; ++i)
        for (let j = 0; j < i; ++j) {
          const [a, b] = [rects[i].r, rects[j].r];
          const apart = a[0] >= b[0] + b[2] || b[0] >= a[0] + a[2] || a[1] >= b[1] + b[3] || b[1] >= a[1] + a[3];
          assert.ok(apart, `${rects[i].name} and ${rects[j].name} overlap`);
        }
      const lines = new Set(rects.map(({ r }) => Math.round(r[1])));
      if (c.scale === 2) assert.ok(lines.size >= 2, 'at 200 % the tabs take more than one line');
      const bottom = Math.max(...rects.map(({ r }) => r[1] + r[3]));
      assert.ok(s.panel_top >= bottom, `the panel (${s.panel_top}) begins below the tabs (${bottom})`);
      // In the picture: the open panel's text under the tabs (the Databases tab draws about 8,700 text pixels at 15 px
      // text, growing with the square of the text size), and in each tab's rectangle its label's ink: near-white
      // pixels of at least 0.04 x characters x text size squared (0.08 to 0.12 measured at each size).
      const at = await drawnRects(app.page);
      const { png } = await expectTextDrawn(app.page, `tabs_${c.name.replace(/[ %]+/g, '_')}.png`, at.panel,
        4000 * (s.font_size / 15) ** 2);
      for (const { name } of rects) {
        const label = await pixelStats(app.page, png, at.at(`${name} panel tab`), [26, 28, 33]);
        assert.ok(label.bright > 0.04 * name.length * s.font_size ** 2, `${name}'s label: ${JSON.stringify(label)}`);
      }
      for (const { name, r } of [...rects].reverse()) {
        await clickAt(app.page, r[0] + r[2] / 2, r[1] + r[3] / 2);
        await nextFrames(app.page);
        s = await callJson(app.page, 'chokepoint_app_json');
        assert.equal(s.active_panel, name, `a click on ${name} opens it`);
      }
    } finally {
      await app.close();
    }
  });
}

// Each tab keeps its own scrolling. A tab opened from inside another (a study's "Open ..." button, a page command)
// while that one is scrolled down shows its own top, not the other's offset; the first one, opened again, is where it
// was left.
test('each tab keeps its own scroll position', async () => {
  const app = await startApp({ viewport: { width: 1024, height: 420 } });
  try {
    await app.page.goto(app.url);
    await waitReady(app);
    await nextFrames(app.page);
    const state = () => callJson(app.page, 'chokepoint_app_json');
    const show = async (tab) => {
      await sendCommand(app.page, { do: 'show', tab });
      await nextFrames(app.page);
      return state();
    };
    const top = (await show('Studies')).panel_top;
    await app.page.mouse.move(500, 380);
    for (let i = 0; i < 3; ++i) await app.page.mouse.wheel(0, 300);
    await nextFrames(app.page);
    const scrolled = (await state()).panel_top;
    assert.ok(scrolled < top - 100, `Studies scrolled down (${top} -> ${scrolled})`);
    const databases = await show('Databases');
    assert.equal(databases.active_panel, 'Databases');
    assert.equal(databases.panel_top, top, 'Databases starts at its top');
    const studies = await show('Studies');
    assert.equal(studies.panel_top, scrolled, 'Studies where it was left');
  } finally {
    await app.close();
  }
});

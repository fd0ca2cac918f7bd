// Every panel fits the window at projector text sizes: at 150 % and 200 % text, full screen at 1920x1080 and in
// smaller windows, each tab and each of its sub-tabs (opened with real clicks where the page's layout draws them)
// draws nothing past the window's right edge, where ImGui would cut it off. The measure is the page's own layout:
// chokepoint_app_json's panel_overflow, how far the widest thing the open panel drew reaches past the edge. Rows of
// controls wrap onto the next line instead (web/widgets/flow_layout.h).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startApp, waitReady, nextFrames, clickNamed, callJson, drawnRects, expectTextDrawn } from './browser.mjs';

const CASES = [
  { name: 'full screen 1920x1080 at 200 % text', viewport: { width: 1920, height: 1080 },
    screen: { width: 1920, height: 1080 }, scale: 2 },
  { name: '1920x1080 at 150 % text', viewport: { width: 1920, height: 1080 }, scale: 1.5 },
  { name: '1440x900 at 200 % text', viewport: { width: 1440, height: 900 }, scale: 2 },
  { name: '1280x720 at 150 % text', viewport: { width: 1280, height: 720 }, scale: 1.5 },
];

const subTabsOf = (s) => Object.keys(s.buttons).filter((k) => k.endsWith(' tab') && !k.endsWith(' panel tab'));

for (const c of CASES) {
  test(`${c.name}: every tab and sub-tab fits the window's width`, async () => {
    const app = await startApp({ viewport: c.viewport, screen: c.screen });
    try {
      await app.page.addInitScript((s) => localStorage.setItem('chokepoint.ui_scale', String(s)), c.scale);
      await app.page.goto(app.url);
      await waitReady(app);
      await nextFrames(app.page);
      let s = await callJson(app.page, 'chokepoint_app_json');
      assert.equal(s.ui_scale, c.scale);
      const seen = [];
      const overflowing = [];
      const check = async (where) => {
        s = await callJson(app.page, 'chokepoint_app_json');
        seen.push(where);
        if (s.panel_overflow > 0.5) overflowing.push(`${where}: ${s.panel_overflow.toFixed(0)} px past the edge`);
        return s;
      };
      for (const tab of s.tabs) {
        await clickNamed(app.page, `${tab} panel tab`);
        const opened = await check(tab);
        assert.equal(opened.active_panel, tab, `a click opens ${tab}`);
        for (const sub of subTabsOf(opened)) {
          await clickNamed(app.page, sub);
          await check(`${tab} > ${sub}`);
        }
      }
      assert.ok(seen.length >= 30, `every tab and its sub-tabs were visited: ${seen.length}`);
      assert.deepEqual(overflowing, [], `panels drawn past the window's edge at ${c.name}`);
      // The join expansion's preferences, the longest rows of controls, in the picture: drawn at this text size
      // (the panel's text ink grows with the square of the text size; about 9,000 near-white pixels at 15 px).
      await clickNamed(app.page, 'Join query expansion panel tab');
      const at = await drawnRects(app.page);
      const font = (await callJson(app.page, 'chokepoint_app_json')).font_size;
      await expectTextDrawn(app.page, `panel_fit_jqe_${c.name.replace(/[ %]+/g, '_')}.png`, at.panel,
        4000 * (font / 15) ** 2);
    } finally {
      await app.close();
    }
  });
}

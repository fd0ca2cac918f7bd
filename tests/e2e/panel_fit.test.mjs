// Every panel fits the window at projector text sizes: at 150 % and 200 % text, full screen at 1920x1080 and in
// smaller windows down to 1024x768, each tab and each of its sub-tabs (opened with real clicks where the page's layout draws them)
// draws nothing past the window's right edge, where ImGui would cut it off. The measure is the page's own layout:
// chokepoint_app_json's panel_overflow, how far the widest thing the open panel drew reaches past the edge. Rows of
// controls wrap onto the next line instead (web/widgets/flow_layout.h).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startApp, openAtTextSize, nextFrames, clickNamed, callJson, drawnRects, expectTextDrawn, sendCommand,
  untilPanel, uploadSet, repoRoot } from './browser.mjs';
import path from 'node:path';

const CASES = [
  { name: 'full screen 1920x1080 at 200 % text', viewport: { width: 1920, height: 1080 },
    screen: { width: 1920, height: 1080 }, scale: 2 },
  { name: '1920x1080 at 150 % text', viewport: { width: 1920, height: 1080 }, scale: 1.5 },
  { name: '1440x900 at 200 % text', viewport: { width: 1440, height: 900 }, scale: 2 },
  { name: '1280x720 at 150 % text', viewport: { width: 1280, height: 720 }, scale: 1.5 },
  { name: '1024x768 at 200 % text', viewport: { width: 1024, height: 768 }, scale: 2 },
];

const subTabsOf = (s) => Object.keys(s.buttons).filter((k) => k.endsWith(' tab') && !k.endsWith(' panel tab'));

// A real click on the widget `name`, after scrolling the window with the mouse wheel, as a person does, while it lies
// below the window's foot or above its top (a small window at 200 % text puts a panel's sub-tabs below the foot, and
// the tabs above the top once the panel is scrolled).
async function scrollAndClick(page, name) {
  const view = page.viewportSize();
  for (let turns = 0; turns < 20; ++turns) {
    const r = (await callJson(page, 'chokepoint_app_json')).buttons[name];
    if (!r || (r[1] >= 0 && r[1] + r[3] <= view.height)) break;
    await page.mouse.move(view.width / 2, view.height / 2);
    await page.mouse.wheel(0, r[1] < 0 ? Math.max(-300, r[1] - 20) : Math.min(300, r[1] + r[3] - view.height + 20));
    await nextFrames(page);
  }
  await clickNamed(page, name);
}

for (const c of CASES) {
  test(`${c.name}: every tab and sub-tab fits the window's width`, async () => {
    const app = await startApp({ viewport: c.viewport, screen: c.screen });
    try {
      let s = await openAtTextSize(app, c.scale);
      const seen = [];
      const overflowing = [];
      const check = async (where) => {
        s = await callJson(app.page, 'chokepoint_app_json');
        seen.push(where);
        if (s.panel_overflow > 0.5) overflowing.push(`${where}: ${s.panel_overflow.toFixed(0)} px past the edge`);
        return s;
      };
      for (const tab of s.tabs) {
        await scrollAndClick(app.page, `${tab} panel tab`);
        const opened = await check(tab);
        assert.equal(opened.active_panel, tab, `a click opens ${tab}`);
        for (const sub of subTabsOf(opened)) {
          await scrollAndClick(app.page, sub);
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

// With results on screen, where rows grow with the data: an evaluation with wrong predictions (every sub-tab of
// Predictions & metrics, the Errors tab's debugging controls included), the mutation lab's operators and a JQE step.
test('1440x900 at 200 % text: results fit the window too', async () => {
  const app = await startApp({ viewport: { width: 1440, height: 900 } });
  try {
    const page = app.page;
    await openAtTextSize(app, 2);
    await uploadSet(page, path.join(repoRoot, 'assets', 'sets', 'sample_pred.json'));
    const overflowing = [];
    const check = async (where) => {
      await nextFrames(page);
      const s = await callJson(page, 'chokepoint_app_json');
      if (s.panel_overflow > 0.5) overflowing.push(`${where}: ${s.panel_overflow.toFixed(0)} px past the edge`);
      return s;
    };
    await sendCommand(page, { do: 'show', tab: 'Predictions & metrics' });
    await sendCommand(page, { do: 'evaluate', gold: 'sample_dev.json', pred: 'sample_pred.json', semantics: 'bird' });
    const m = await untilPanel(page, 'Predictions & metrics', (x) => x.done && x.queued === false, 'evaluation', 120000);
    assert.ok(m.headline, 'the evaluation finished');
    const s = await check('Predictions & metrics');
    const subs = subTabsOf(s);
    assert.ok(subs.length >= 8, `the result's sub-tabs: ${subs}`);
    for (const sub of subs) {
      await clickNamed(page, sub);
      await check(`Predictions & metrics > ${sub}`);
    }
    await sendCommand(page, { do: 'show', tab: 'Mutation lab' });
    await sendCommand(page, { do: 'mutation_lab', set: 'sample_dev.json', item: 0, semantics: 'bird' });
    await untilPanel(page, 'Mutation lab', (x) => x.done === true && x.total > 0, 'the mutants scored', 60000);
    await check('Mutation lab with mutants');
    await sendCommand(page, { do: 'show', tab: 'Join query expansion' });
    await sendCommand(page, { do: 'jqe_step', set: 'sample_dev.json', item: 0 });
    await untilPanel(page, 'Join query expansion', (x) => x.step && x.step.candidates, 'the step', 30000);
    await check('Join query expansion, a step');
    assert.deepEqual(overflowing, [], "results drawn past the window's edge");
    const at = await drawnRects(page);
    await expectTextDrawn(page, 'panel_fit_jqe_step_1440_200.png', at.panel, 4000 * 4);
  } finally {
    await app.close();
  }
});

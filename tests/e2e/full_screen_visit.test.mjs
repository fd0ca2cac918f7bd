// Full-screen visits (viewport = screen: F11, kiosk, a projector). First: a click on "Open
// files…" must open the browser's file chooser (the user activation is not used up by fullscreen requests), the
// chosen predictions load, and two more clicks give the metric.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { startApp, waitReady, artefactDir, repoRoot, clickNamed, nextFrames, panelState, clickInPanel,
  expectTextDrawn, pixelStats } from './browser.mjs';
import { runStudyInTab } from './fixture.mjs';

test('full screen: Open files… opens the chooser, then Predictions & metrics and Evaluate give EX', async () => {
  const app = await startApp({ viewport: { width: 1600, height: 900 }, screen: { width: 1600, height: 900 } });
  try {
    await app.page.goto(app.url);
    await waitReady(app);
    await nextFrames(app.page);
    const [chooser] = await Promise.all([app.page.waitForEvent('filechooser', { timeout: 10000 }),
                                         clickInPanel(app.page, 50, 10)]);  // "Open files…", Databases tab
    assert.ok(chooser.isMultiple(), 'several files can be chosen at once');
    await chooser.setFiles(path.join(repoRoot, 'assets/sets/sample_pred.json'));
    await app.page.waitForFunction(() => JSON.parse(Module.ccall('chokepoint_sets_json', 'string', [], []))
      .some((s) => s.name === 'sample_pred.json'), null, { timeout: 20000 });
    await nextFrames(app.page);
    await clickNamed(app.page, 'Predictions & metrics panel tab');
    await nextFrames(app.page);
    const active = JSON.parse(await app.page.evaluate(() => Module.ccall('chokepoint_app_json', 'string', [], [])));
    assert.equal(active.active_panel, 'Predictions & metrics');
    await clickInPanel(app.page, 40, 85);  // "Evaluate"
    await app.page.waitForFunction(() => JSON.parse(Module.ccall('chokepoint_panel_json', 'string', ['string'],
      ['Predictions & metrics'])).done === true, null, { timeout: 30000 });
    const m = await panelState(app.page, 'Predictions & metrics');
    assert.equal(m.summary.n, 28);
    assert.ok(m.summary.ex > 0 && m.summary.ex < 100, JSON.stringify(m.summary));
    fs.writeFileSync(path.join(artefactDir, 'full_screen_metric.png'), await app.page.screenshot());
    const noise = app.consoleLines.filter((l) => /fullscreen|pointer ?lock|user activation/i.test(l));
    assert.deepEqual(noise, [], 'no fullscreen, pointer-lock or activation errors');
  } finally {
    await app.close();
  }
});

// At a projector's size with the viewport equal to the screen, every tab is reached by a click on its label, keeps
// the canvas over the whole viewport (no fullscreen request moved or wrapped it) and draws its contents; a study run
// in the Studies tab is drawn under its inputs.
test('full screen at 1920x1080: every tab and every view inside it opens by a click and draws; a study report is drawn', async () => {
  const size = { width: 1920, height: 1080 };
  const app = await startApp({ viewport: size, screen: size });
  try {
    await app.page.goto(app.url);
    await waitReady(app);
    await nextFrames(app.page);
    const appState = () => app.page.evaluate(() => JSON.parse(Module.ccall('chokepoint_app_json', 'string', [], [])));
    const { tabs } = await appState();
    assert.ok(tabs.length >= 15, JSON.stringify(tabs));
    let visited = 0;
    for (const tab of tabs) {
      await clickNamed(app.page, `${tab} panel tab`);
      await nextFrames(app.page);
      assert.equal((await appState()).active_panel, tab, `a click on "${tab}" opens it`);
      const box = await app.page.locator('#canvas').boundingBox();
      assert.deepEqual([box.x, box.y, box.width, box.height], [0, 0, size.width, size.height], `canvas on ${tab}`);
      const file = `full_screen_${tab.replace(/[^A-Za-z0-9]+/g, '_').toLowerCase()}.png`;
      // Under the tab labels at least a line of text (some tabs hold little more before their first use).
      const png = await app.page.screenshot();
      fs.writeFileSync(path.join(artefactDir, file), png);
      const drawn = await pixelStats(app.page, png, { x: 0, y: 52, w: size.width, h: 450 }, [26, 28, 33]);
      assert.ok(drawn.bright > 400, `${tab} draws text: ${JSON.stringify(drawn)}`);
      // Each view inside the tab (its own tab bar: Text-to-SQL, BigTable, Split, ...) opens by a click and draws.
      const views = Object.keys((await appState()).buttons).filter((b) => b.endsWith(' tab') && !b.endsWith(' panel tab'));
      for (const view of views) {
        await clickNamed(app.page, view);
        await nextFrames(app.page);
        assert.equal((await appState()).active_panel, tab, `"${view}" stays in ${tab}`);
        const shot = await app.page.screenshot();
        const inView = await pixelStats(app.page, shot, { x: 0, y: 52, w: size.width, h: 450 }, [26, 28, 33]);
        assert.ok(inView.bright > 400, `${tab} > ${view} draws text: ${JSON.stringify(inView)}`);
        ++visited;
        if (/^(BigTable|Split|Synthesis|Estimator|Rewrite) tab$/.test(view))
          fs.writeFileSync(path.join(artefactDir, `full_screen_${view.replace(/[^A-Za-z0-9]+/g, '_').toLowerCase()}.png`), shot);
      }
    }
    assert.ok(visited >= 20, `the tabs' own views were visited: ${visited}`);
    await clickNamed(app.page, 'Studies panel tab');
    await clickNamed(app.page, 'study mutation-sensitivity');
    const s = await runStudyInTab(app.page, { study: 'mutation-sensitivity', gold: 'sample_dev.json' });
    assert.equal(s.error, '');
    assert.ok(s.report.tables.some((t) => t.id === 'sensitivity'), 'the sensitivity table');
    await nextFrames(app.page);
    await expectTextDrawn(app.page, 'full_screen_study.png', { x: 0, y: 500, w: size.width, h: 500 });
    const noise = app.consoleLines.filter((l) => /fullscreen|pointer ?lock|user activation/i.test(l));
    assert.deepEqual(noise, [], 'no fullscreen, pointer-lock or activation errors');
  } finally {
    await app.close();
  }
});

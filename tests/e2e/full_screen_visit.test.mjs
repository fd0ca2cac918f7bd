// A full-screen visit (viewport = screen: F11, kiosk, a projector): a click on "Open
// files…" must open the browser's file chooser (the user activation is not used up by fullscreen requests), the
// chosen predictions load, and two more clicks give the metric.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { startApp, waitReady, artefactDir, repoRoot, clickNamed, nextFrames, panelState, clickInPanel } from './browser.mjs';

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

// Text size for projectors: chosen in Help with real clicks, applied at once (fonts re-rasterised, so widgets move
// and grow), and still in force after a reload (kept in this browser's localStorage).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { startApp, waitReady, artefactDir, nextFrames, clickAt, clickNamed, clickInPanel } from './browser.mjs';

test('text size 150% chosen in Help survives a reload and enlarges the UI', async () => {
  const app = await startApp();
  try {
    await app.page.goto(app.url);
    await waitReady(app);
    const state = () => app.page.evaluate(() => JSON.parse(Module.ccall('chokepoint_app_json', 'string', [], [])));
    await clickNamed(app.page, 'Help panel tab');  // where the tab bar draws it
    assert.equal((await state()).active_panel, 'Help');
    fs.writeFileSync(path.join(artefactDir, 'ui_scale_help.png'), await app.page.screenshot());
    await clickInPanel(app.page, 40, 10);  // the "text size" combo
    await clickInPanel(app.page, 30, 70);  // its third entry, 150%
    await nextFrames(app.page);
    assert.equal((await state()).ui_scale, 1.5, 'applied');
    fs.writeFileSync(path.join(artefactDir, 'ui_scale_150.png'), await app.page.screenshot());
    await app.page.reload();
    await waitReady(app);
    await nextFrames(app.page);
    assert.equal((await state()).ui_scale, 1.5, 'kept across the reload');
    // The tab bar moved down with the larger text: the "Databases" tab is now at y 55, where at 100% the Help
    // tab's own text-size field was.
    await clickAt(app.page, 60, 55);
    assert.equal((await state()).active_panel, 'Databases', 'the layout grew: a click at the 150% tab position');
    fs.writeFileSync(path.join(artefactDir, 'ui_scale_after_reload.png'), await app.page.screenshot());
  } finally {
    await app.close();
  }
});

// Keyboard use as Help describes it: after one click in the app, the arrow keys move the outline between widgets
// and Space activates the outlined one; here that walks from the database list up to the tab bar and opens the
// next tab, then the one after, without the mouse.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startApp, waitReady, nextFrames, clickAt, holdKeys } from './browser.mjs';

test('arrow keys and Space reach and open the tabs', async () => {
  const app = await startApp();
  try {
    await app.page.goto(app.url);
    await waitReady(app);
    const active = async () => JSON.parse(await app.page.evaluate(() => Module.ccall('chokepoint_app_json', 'string',
      [], []))).active_panel;
    const press = (key) => holdKeys(app.page, [key]);
    await clickAt(app.page, 600, 15);  // the title line: gives the app the keyboard, changes nothing
    await nextFrames(app.page, 3);
    assert.equal(await active(), 'Databases');
    for (const key of ['ArrowDown', 'ArrowUp', 'ArrowUp', 'ArrowRight']) await press(key);
    assert.equal(await active(), 'Databases', 'moving the outline opens nothing');
    await press('Space');
    assert.equal(await active(), 'Schema graph', 'Space opened the outlined tab');
    await press('ArrowRight');
    await press('Space');
    assert.equal(await active(), 'Evaluation set');
  } finally {
    await app.close();
  }
});

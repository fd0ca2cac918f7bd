// The wheel as people expect it: a notch down scrolls down by a few lines (not to the end), a notch up at the top
// does nothing, and on the schema graph a notch up zooms in by one step while a trackpad's small deltas zoom a
// little. (Emscripten's GLFW passed raw pixel deltas with the sign flipped: a notch up jumped to the end.)
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startApp, waitReady, sendCommand, panelState, nextFrames, expectTextDrawn } from './browser.mjs';
import { openApp, closeAll } from './fixture.mjs';

let app;
before(async () => {
  app = await openApp();
});
after(() => closeAll({ app }));

async function shot(page, clip) {
  await nextFrames(page);
  await nextFrames(page);
  return page.screenshot({ clip });
}

test('the wheel scrolls a list the way the wheel turns, a few lines per notch', async () => {
  // A window low enough that the 28 items of the sample set overflow their list.
  const small = await startApp({ viewport: { width: 1024, height: 420 } });
  try {
    await small.page.goto(small.url);
    await waitReady(small);
    await sendCommand(small.page, { do: 'show', tab: 'Evaluation set' });
    const clip = { x: 10, y: 85, width: 460, height: 300 };
    await small.page.mouse.move(200, 250);
    const top = await shot(small.page, clip);
    await small.page.mouse.wheel(0, -100);  // a notch up, already at the top
    assert.ok(top.equals(await shot(small.page, clip)), 'a notch up at the top changes nothing');
    await small.page.mouse.wheel(0, 100);  // a notch down
    const down = await shot(small.page, clip);
    assert.ok(!top.equals(down), 'a notch down scrolls');
    // The scrolled list is drawn: its items' text in the part of it compared above.
    const list = { x: clip.x, y: clip.y, w: clip.width, h: clip.height };
    await expectTextDrawn(small.page, 'wheel_one_notch_down.png', list, 6000);
    await small.page.mouse.wheel(0, 100);
    const further = await shot(small.page, clip);
    assert.ok(!further.equals(down), 'a second notch scrolls further: one notch did not jump to the end');
    await small.page.mouse.wheel(0, -200);  // two notches up: back to the top
    assert.ok(top.equals(await shot(small.page, clip)), 'two notches up return to the top');
  } finally {
    await small.close();
  }
});

test('on the schema graph a notch up zooms in one step, a notch down out, a trackpad delta a little', async () => {
  await sendCommand(app.page, { do: 'show', tab: 'Schema graph' });
  await nextFrames(app.page);
  await app.page.mouse.move(800, 450);
  const zoom = async () => { await nextFrames(app.page); return (await panelState(app.page, 'Schema graph')).zoom; };
  const z0 = await zoom();
  await app.page.mouse.wheel(0, -100);
  const z1 = await zoom();
  assert.ok(Math.abs(z1 / z0 - 1.1) < 1e-3, `a notch up zooms in by 10%: ${z0} -> ${z1}`);
  await app.page.mouse.wheel(0, 100);
  const z2 = await zoom();
  assert.ok(Math.abs(z2 / z0 - 1) < 1e-3, `a notch down zooms back out: ${z2}`);
  await app.page.mouse.wheel(0, -10);
  const z3 = await zoom();
  assert.ok(z3 > z2 && z3 / z2 < 1.02, `a small trackpad delta zooms a little: ${z2} -> ${z3}`);
});

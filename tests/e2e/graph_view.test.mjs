// Graphs people can read: the three-table join query graph of the movies example (thesis 4.1.2) and the toxicology
// schema graph drawn with no label covering another, the path laid flat rather than on a diagonal, and a node
// dragged with the mouse follows it while the others stay. Node boxes are read from the page's own layout.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startApp, waitReady, sendCommand, nextFrames, callJson, drawnRects, expectTextDrawn,
  pixelStats } from './browser.mjs';

let app;
before(async () => {
  app = await startApp();
  await app.page.goto(app.url);
  await waitReady(app);
});
after(async () => { if (app) await app.close(); });

// The node boxes drawn last frame, by label: [x, y, w, h].
async function nodes() {
  const { buttons } = await callJson(app.page, 'chokepoint_app_json');
  return Object.fromEntries(Object.entries(buttons).filter(([k]) => k.startsWith('graph node '))
    .map(([k, r]) => [k.slice('graph node '.length), r]));
}

// Checks that each node box of `names` is drawn in `png` where the layout puts it: filled in the node colour (blue)
// with its label (near-white).
async function assertNodesDrawn(png, at, names) {
  for (const name of names) {
    const box = await pixelStats(app.page, png, at.at(`graph node ${name}`), [26, 28, 33]);
    assert.ok(box.hues.blue > box.total / 2 && box.bright > 100, `${name} is drawn: ${JSON.stringify(box)}`);
  }
}

function assertApart(boxes) {
  const list = Object.entries(boxes);
  for (let i = 0; i < list.length; ++i)
    for (let j = 0; j < i; ++j) {
      const [[na, a], [nb, b]] = [list[i], list[j]];
      const apart = a[0] >= b[0] + b[2] || b[0] >= a[0] + a[2] || a[1] >= b[1] + b[3] || b[1] >= a[1] + a[3];
      assert.ok(apart, `${na} ${JSON.stringify(a)} and ${nb} ${JSON.stringify(b)} overlap`);
    }
}

test('the movies join query graph: three tables, flat, no label over another', async () => {
  await sendCommand(app.page, { do: 'show', tab: 'Evaluation set' });
  await sendCommand(app.page, { do: 'select_item', set: 'sample_dev.json', item: 14 });
  await nextFrames(app.page);
  const boxes = await nodes();
  assert.equal(Object.keys(boxes).length, 3, JSON.stringify(boxes));
  assertApart(boxes);
  const centres = Object.values(boxes).map((r) => r[1] + r[3] / 2);
  assert.ok(Math.max(...centres) - Math.min(...centres) < 2, `a path lies flat: ${JSON.stringify(boxes)}`);
  const at = await drawnRects(app.page);
  const { png } = await expectTextDrawn(app.page, 'graph_movies_jqg.png', at.panel, 10000);
  await assertNodesDrawn(png, at, Object.keys(boxes));
});

test('the toxicology schema graph: no label over another, and a dragged node follows the mouse', async () => {
  // A command without the database's name, or naming none loaded, says which.
  const notices = () => app.page.evaluate(() => JSON.parse(Module.ccall('chokepoint_notices_json', 'string', [], [])));
  await sendCommand(app.page, { do: 'select_database' });
  await sendCommand(app.page, { do: 'select_database', db_id: 'nowhere' });
  await nextFrames(app.page);
  const errors = (await notices()).filter((n) => n.error).map((n) => n.text);
  assert.ok(errors.includes('select_database: give "db_id", the name of a loaded database'), errors.join('\n'));
  assert.ok(errors.includes("select_database: no database named 'nowhere' is loaded"), errors.join('\n'));
  await sendCommand(app.page, { do: 'select_database', db_id: 'toxicology' });
  await sendCommand(app.page, { do: 'show', tab: 'Schema graph' });
  await nextFrames(app.page);
  const before = await nodes();
  assert.deepEqual(Object.keys(before).sort(), ['atom', 'bond', 'connected', 'molecule']);
  assertApart(before);
  const b = before.bond;
  const [x, y] = [b[0] + b[2] / 2, b[1] + b[3] / 2];
  await app.page.mouse.move(x, y);
  await nextFrames(app.page);
  await app.page.mouse.down();
  await nextFrames(app.page);
  for (let k = 1; k <= 5; ++k) {
    await app.page.mouse.move(x + 12 * k, y + 8 * k);
    await nextFrames(app.page);
  }
  await app.page.mouse.up();
  await nextFrames(app.page);
  const after = await nodes();
  assert.ok(Math.abs(after.bond[0] - b[0] - 60) <= 2 && Math.abs(after.bond[1] - b[1] - 40) <= 2,
    `bond moved with the mouse: ${JSON.stringify(b)} -> ${JSON.stringify(after.bond)}`);
  for (const name of ['atom', 'connected', 'molecule'])
    assert.deepEqual(after[name], before[name], `${name} stayed where it was`);
  // Every node is drawn where the layout says, bond at its new place; where bond was (40 px above its new box, more
  // than a box's height) no label is left behind.
  const at = await drawnRects(app.page);
  const { png } = await expectTextDrawn(app.page, 'graph_schema_dragged.png', at.panel, 2500);
  await assertNodesDrawn(png, at, Object.keys(after));
  const left = { x: Math.ceil(b[0]), y: Math.ceil(b[1]), w: Math.floor(b[2]), h: Math.floor(b[3]) };
  const vacated = await pixelStats(app.page, png, left, [26, 28, 33]);
  assert.ok(vacated.bright < 20, `bond's old place is empty: ${JSON.stringify(vacated)}`);
});

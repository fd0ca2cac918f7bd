// The Quick check tab as a newcomer uses it: a click on its tab, a click into each field, the queries typed on the
// keyboard (and one pasted), and the verdict updating as they type, with no file. Expected values by hand on the
// sample toxicology database: `SELECT DISTINCT element` against `SELECT element` is the same set (BIRD EX 1) but not
// the same bag (Spider EX 0); a query that counts other rows is wrong under both. The check lives in the address's
// fragment: a reload of that address shows it again.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { panelState, holdKeys, clickNamed, nextFrames, untilPanel, waitReady, drawnRects, expectTextDrawn,
  pixelStats } from './browser.mjs';
import { openApp, closeAll } from './fixture.mjs';

const TAB = 'Quick check';
let app;
before(async () => {
  app = await openApp();
  await app.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.url });
});
after(() => closeAll({ app }));

const settled = (what, predicate = () => true) =>
  untilPanel(app.page, TAB, (s) => !s.pending && s.checked && predicate(s), what, 20000);

// Takes the screenshot `name`, checks the verdicts, scores and results are drawn under the query fields, and returns
// the red pixels there (a verdict EX = 0) and the green ones (matched cells) of the gold and the predicted results,
// each drawn in a column under its query field.
async function expectResultsDrawn(name) {
  const at = await drawnRects(app.page);
  const { png, drawn } = await expectTextDrawn(app.page, name, at.below('quick prediction'), 3500);
  const results = at.below('quick regime');
  const green = {};
  for (const [side, field] of [['gold', 'quick gold'], ['pred', 'quick prediction']]) {
    const column = { ...results, x: at.at(field).x, w: at.at(field).w };
    green[side] = (await pixelStats(app.page, png, column, [26, 28, 33])).hues.green;
  }
  return { red: drawn.hues.red, green };
}

async function typeInto(field, text) {
  await clickNamed(app.page, field);
  await holdKeys(app.page, ['Control', 'a']);
  // Select-all is the field's: the page's own text (the status line) is not highlighted with it.
  assert.equal(await app.page.evaluate(() => String(getSelection())), '', 'Ctrl+A selected text of the page');
  await holdKeys(app.page, ['Delete']);
  await app.page.keyboard.type(text, { delay: 15 });
  await nextFrames(app.page);
}

// Long queries go in as a user pastes them (typing one key per frame under the software renderer takes seconds).
async function pasteInto(field, text) {
  await app.page.evaluate((t) => navigator.clipboard.writeText(t), text);
  await clickNamed(app.page, field);
  await holdKeys(app.page, ['Control', 'a']);
  await holdKeys(app.page, ['Control', 'v']);
  await nextFrames(app.page);
}

test('typed queries: set semantics says right, bag semantics says wrong, with the reason and both results', async () => {
  await clickNamed(app.page, `${TAB} panel tab`);
  assert.equal((await panelState(app.page, TAB)).db_id, 'toxicology', 'the first database is picked');
  await typeInto('quick gold', 'SELECT DISTINCT element FROM atom');
  await typeInto('quick prediction', 'SELECT element FROM atom');
  const s = await settled('the check', (x) => x.pred === 'SELECT element FROM atom');
  assert.equal(s.gold, 'SELECT DISTINCT element FROM atom');
  assert.equal(s.bird.ex, true, 'the same set of elements');
  assert.equal(s.spider.ex, false, 'not the same bag: the prediction repeats elements');
  assert.ok(s.spider.reasons.length > 0, 'EX = 0 says why');
  assert.ok(s.bird.pred_rows > s.bird.gold_rows, `${s.bird.pred_rows} rows against ${s.bird.gold_rows}`);
  assert.equal(s.bird.regimes.length, 10, 'every column, cell and extra-column regime');
  for (const r of s.bird.regimes) assert.equal(r.f1, 100, `${r.name}: right under BIRD, so 100`);
  // Spider's EX = 0 in red; under BIRD's EX = 1 every cell counts, coloured on both sides.
  const drawn = await expectResultsDrawn('quick_check.png');
  assert.ok(drawn.red > 600 && drawn.green.gold > 3000 && drawn.green.pred > 3000, JSON.stringify(drawn));
});

test('a wrong prediction scores 0 under both, and its partial scores say how close it came', async () => {
  await typeInto('quick prediction', "SELECT element FROM atom WHERE element = 'cl'");
  const s = await settled('the wrong prediction', (x) => x.pred.endsWith("'cl'"));
  assert.equal(s.bird.ex, false);
  assert.equal(s.spider.ex, false);
  const exact = s.bird.regimes.find((r) => r.name === 'EC-EC-IE');
  assert.ok(exact.exp > 0 && exact.exr > 0 && exact.exr < 100, JSON.stringify(exact));
});

test('a pasted query is checked too, and a broken one says why', async () => {
  await app.page.evaluate(() => navigator.clipboard.writeText('SELECT elemnt\nFROM atom'));
  await clickNamed(app.page, 'quick prediction');
  await holdKeys(app.page, ['Control', 'a']);
  await holdKeys(app.page, ['Control', 'v']);
  const s = await settled('the broken prediction', (x) => x.pred === 'SELECT elemnt\nFROM atom');
  assert.equal(s.bird.ex, false);
  assert.match(s.bird.message, /elemnt/);
});

test('the address keeps the check: a reload shows it again', async () => {
  const url = app.page.url();
  assert.match(url, /#check=/);
  await app.page.goto('about:blank');
  await app.page.goto(url);
  await waitReady(app);
  await clickNamed(app.page, `${TAB} panel tab`);
  const s = await settled('the restored check');
  assert.equal(s.gold, 'SELECT DISTINCT element FROM atom');
  assert.equal(s.pred, 'SELECT elemnt\nFROM atom');
  assert.equal(s.db_id, 'toxicology');
});

test('matched cells are coloured: a prediction with one of the two gold columns marks that column on both sides',
  async () => {
    // Gold: two molecules, id and label (4 cells). Prediction: the same two ids (2 cells). Under EC-EC-IE the id
    // column pairs, its 2 cells match on each side: EXP 100, EXR 50.
    await pasteInto('quick gold', "SELECT molecule_id, label FROM molecule WHERE molecule_id IN ('TR000', 'TR001')");
    await pasteInto('quick prediction', "SELECT molecule_id FROM molecule WHERE molecule_id IN ('TR000', 'TR001')");
    const s = await settled('the partial prediction', (x) => x.pred.startsWith('SELECT molecule_id FROM'));
    assert.equal(s.highlight.regime, 'EC-EC-IE');
    assert.deepEqual([s.highlight.gold_cells, s.highlight.pred_cells], [2, 2]);
    const exact = s.bird.regimes.find((r) => r.name === 'EC-EC-IE');
    assert.deepEqual([exact.exp, exact.exr], [100, 50]);
    await nextFrames(app.page);
    const drawn = await expectResultsDrawn('quick_check_matched.png');
    assert.ok(drawn.green.gold > 800 && drawn.green.pred > 800, `matched cells, both sides: ${JSON.stringify(drawn)}`);
    // A right prediction colours every cell.
    await pasteInto('quick prediction', "SELECT molecule_id, label FROM molecule WHERE molecule_id IN ('TR001', 'TR000')");
    const right = await settled('the right prediction', (x) => x.pred.includes("('TR001', 'TR000')"));
    assert.equal(right.bird.ex, true);
    assert.deepEqual([right.highlight.gold_cells, right.highlight.pred_cells], [4, 4]);
    // The regime picked is kept in the address too: a reload colours under the same one.
    await app.page.evaluate((cmd) => Module.ccall('chokepoint_command', null, ['string'], [JSON.stringify(cmd)]),
      { do: 'quick_check', db: 'toxicology', gold: right.gold, pred: right.pred, regime: 'NC-PC' });
    await settled('the NC-PC check', (x) => x.highlight.regime === 'NC-PC');
    await app.page.waitForFunction(() => decodeURIComponent(location.hash).includes('NC-PC'));
    const url = app.page.url();
    await app.page.goto('about:blank');
    await app.page.goto(url);
    await waitReady(app);
    await clickNamed(app.page, `${TAB} panel tab`);
    const restored = await settled('the restored regime', (x) => x.pred === right.pred);
    assert.equal(restored.highlight.regime, 'NC-PC');
    assert.deepEqual([restored.highlight.gold_cells, restored.highlight.pred_cells], [4, 4]);
  });

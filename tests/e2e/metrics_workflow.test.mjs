// The metrics workflow as a user walks it: upload files, the pickers follow (predictions recognised as
// predictions, never offered as a gold set or opened as a set to browse), the EX semantics follows the files'
// benchmark, Evaluate is clicked, and an item whose only fault is row order says so beside its scores.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { waitReady, repoRoot, sendCommand, panelState, nextFrames, workspaceSettled, clickInPanel, drawnRects,
  expectTextDrawn } from './browser.mjs';
import { tempDir, openApp, closeAll } from './fixture.mjs';

let app;
before(async () => {
  app = await openApp();
});
after(() => closeAll({ app }));

const METRICS = 'Predictions & metrics';
const sets = () => app.page.evaluate(() => JSON.parse(Module.ccall('chokepoint_sets_json', 'string', [], [])));
const upload = async (file) => {
  const name = path.basename(file);
  await app.page.setInputFiles('#chokepoint-file-input', file);
  await app.page.waitForFunction((n) => JSON.parse(Module.ccall('chokepoint_sets_json', 'string', [], []))
    .some((s) => s.name === n), name);
  await nextFrames(app.page);
};

test('a BIRD prediction file is recognised as predictions and becomes the prediction pick', async () => {
  await upload(path.join(repoRoot, 'assets/sets/sample_pred.json'));
  const names = (await sets()).map((s) => s.name);
  const m = await panelState(app.page, METRICS);
  assert.equal(names[m.gold_set], 'sample_dev.json', 'the gold pick stays on the gold set');
  assert.equal(names[m.pred_set], 'sample_pred.json', 'the prediction pick follows the upload');
  assert.equal(m.semantics, 'bird', 'BIRD files: BIRD semantics');
  const browse = await panelState(app.page, 'Evaluation set');
  assert.equal(browse.selected_set, names.indexOf('sample_dev.json'), 'the set browser does not open predictions');
});

test('Spider files switch the semantics; a row-order-only failure is explained after a real click on Evaluate',
  async () => {
    const dir = tempDir('chokepoint-workflow-');
    const gold = [
      { db_id: 'movies', question: 'List the movie titles alphabetically.', query: 'SELECT Title FROM movie ORDER BY Title' },
      { db_id: 'movies', question: 'How many movies are there?', query: 'SELECT count(*) FROM movie' },
    ];
    fs.writeFileSync(path.join(dir, 'spider_gold.json'), JSON.stringify(gold));
    fs.writeFileSync(path.join(dir, 'spider_pred.sql'),
                     'SELECT Title FROM movie ORDER BY Title DESC\nSELECT count(*) FROM movie\n');
    await upload(path.join(dir, 'spider_gold.json'));
    await upload(path.join(dir, 'spider_pred.sql'));
    const names = (await sets()).map((s) => s.name);
    let m = await panelState(app.page, METRICS);
    assert.equal(names[m.gold_set], 'spider_gold.json');
    assert.equal(names[m.pred_set], 'spider_pred.sql');
    assert.equal(m.semantics, 'spider', 'a Spider gold set: Spider semantics');

    await sendCommand(app.page, { do: 'show', tab: METRICS });
    await nextFrames(app.page);
    await clickInPanel(app.page, 40, 85);  // "Evaluate"
    await app.page.waitForFunction((p) => {
      const s = JSON.parse(Module.ccall('chokepoint_panel_json', 'string', ['string'], [p]));
      return s.done === true && s.total === 2;
    }, METRICS, { timeout: 30000 });
    m = await panelState(app.page, METRICS);
    assert.equal(m.summary.scored, 2);
    assert.equal(m.summary.ex, 50);
    const order = m.flagged.find((f) => f.id === '0');
    assert.ok(order, JSON.stringify(m.flagged));
    assert.equal(order.prediction, 'ok');
    assert.match(order.ex_reasons.join(' '), /same rows in another order.*ORDER BY/);
    // Every cell matches (F1 = 1 under every regime) while EX = 0: the reason is what tells them apart.
    await clickInPanel(app.page, 161, 114);  // the Items tab
    await nextFrames(app.page);
    await clickInPanel(app.page, 100, 172);  // the first item (under the list's filter)
    await nextFrames(app.page);
    await nextFrames(app.page);
    m = await panelState(app.page, METRICS);
    assert.deepEqual(m.selected, { id: '0', question: gold[0].question, evidence: '' },
                     'the item\'s details say what it asked');
    // Drawn under the Items tab: the reason (in the notes' orange, counted as yellow) and both results with every cell
    // matched (a green background).
    const one = (await expectTextDrawn(app.page, 'metrics_order_only.png',
      (await drawnRects(app.page)).below('Items tab'), 6000)).drawn;
    assert.ok(one.hues.yellow > 1000 && one.hues.green > 30000, `the reason and cells: ${JSON.stringify(one)}`);
    // The Items list's filter, used as a person would: open the "show" combo, pick "EX = 0".
    await clickInPanel(app.page, 100, 147);
    await clickInPanel(app.page, 40, 192);
    m = await panelState(app.page, METRICS);
    assert.equal(m.item_filter, 1, 'EX = 0 chosen');
    assert.equal(m.items_shown, 1, 'only the order-only item is listed');
    const two = (await expectTextDrawn(app.page, 'metrics_items_filter.png',
      (await drawnRects(app.page)).below('Items tab'), 6000)).drawn;
    assert.ok(two.hues.yellow > 1000, `the reason is still shown: ${JSON.stringify(two)}`);
  });

test('after a reload the choices are back and the last evaluation is there again', async () => {
  await workspaceSettled(app.page);
  await app.page.reload();
  await waitReady(app);
  await app.page.waitForFunction((p) => {
    const s = JSON.parse(Module.ccall('chokepoint_panel_json', 'string', ['string'], [p]));
    return s.done === true;
  }, METRICS, { timeout: 30000 });
  const names = (await sets()).map((s) => s.name);
  const m = await panelState(app.page, METRICS);
  assert.equal(names[m.gold_set], 'spider_gold.json');
  assert.equal(names[m.pred_set], 'spider_pred.sql');
  assert.equal(m.semantics, 'spider');
  assert.equal(m.total, 2);
  assert.equal(m.summary.ex, 50, 'the same result as before the reload');
});

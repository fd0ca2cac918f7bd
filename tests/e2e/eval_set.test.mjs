// The evaluation set panel shows each item's join query graph and filters by its shape; the schema graph highlights
// the selected query's tables; the metrics dashboard exports as PNG.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { startApp, waitReady, pixelStats, artefactDir, sendCommand, panelState, nextFrames } from './browser.mjs';

let app;
const panel = (name) => panelState(app.page, name);
const command = (c) => sendCommand(app.page, c);
const frame = () => nextFrames(app.page);

before(async () => {
  app = await startApp();
  await app.page.goto(app.url);
  await waitReady(app);
});
after(async () => { if (app) await app.close(); });

test('the movies example (thesis 4.1.2) shows the path movie - characters - actor', async () => {
  await command({ do: 'show', tab: 'Evaluation set' });
  await command({ do: 'select_item', set: 'sample_dev.json', item: 14 });
  await frame();
  const s = await panel('Evaluation set');
  assert.equal(s.jqg.nodes.length, 3);
  assert.deepEqual(s.jqg.nodes.map((n) => n.replace(/^T\d \((.*)\)$/, '$1')).sort(), ['actor', 'characters', 'movie']);
  assert.equal(s.jqg.edges.length, 2);
  assert.ok(s.jqg.conditions.some((c) => /MovieID = .*MovieID/.test(c)));
  assert.ok(s.jqg.conditions.some((c) => /ActorID = .*ActorID/.test(c)));
  assert.equal(s.joins[0], 1, 'the toxicology seed joins molecule and atom');
  assert.equal(s.joins[14], 2);
  const png = await app.page.screenshot();
  fs.writeFileSync(path.join(artefactDir, 'eval_set_jqg.png'), png);
  const stats = await pixelStats(app.page, png, { x: 640, y: 100, w: 600, h: 300 }, [26, 28, 33]);
  assert.ok(stats.bright > 500, `the item view is drawn: ${JSON.stringify(stats)}`);
});

test('the schema graph highlights the selected query\'s tables', async () => {
  await command({ do: 'select_database', db_id: 'movies' });
  await command({ do: 'show', tab: 'Schema graph' });
  await frame();
  const g = await panel('Schema graph');
  assert.equal(g.db_id, 'movies');
  assert.deepEqual([...g.highlight].sort(), ['actor', 'characters', 'movie']);
  const png = await app.page.screenshot();
  fs.writeFileSync(path.join(artefactDir, 'schema_graph.png'), png);
  const stats = await pixelStats(app.page, png, { x: 320, y: 80, w: 900, h: 600 }, [26, 28, 33]);
  assert.ok(stats.bright > 300, `the graph is drawn: ${JSON.stringify(stats)}`);
});

test('the metrics dashboard exports as a PNG of what is shown', async () => {
  await command({ do: 'show', tab: 'Predictions & metrics' });
  await frame();
  const [download] = await Promise.all([app.page.waitForEvent('download'), command({ do: 'export_png', file: 'dash.png' })]);
  const file = path.join(artefactDir, 'exported_dashboard.png');
  await download.saveAs(file);
  const bytes = fs.readFileSync(file);
  assert.equal(bytes.subarray(1, 4).toString(), 'PNG');
  const stats = await pixelStats(app.page, bytes, { x: 0, y: 0, w: 600, h: 120 }, [26, 28, 33]);
  assert.ok(stats.bright > 300, `the exported image is not blank: ${JSON.stringify(stats)}`);
});

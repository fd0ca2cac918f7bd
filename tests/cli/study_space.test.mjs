// `chokepoint study feature-space` on the sample set and databases: two systems (one right everywhere, one wrong on
// every third item); its clusters, per-cluster EX, blind spots and estimator figures equal `space clusters` and
// `space estimate` run by hand on the same files, and the paper's Table 8 stands beside ours.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, existsSync, mkdirSync, copyFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cli, assetsDir } from './cli_fixture.mjs';

const root = join(assetsDir, '..', '..', '..');
let dir, set;
const run = (...args) => spawnSync(cli, args, { encoding: 'utf8' });
const lexicon = () => ['--lexicon', join(assetsDir, 'lexicon', 'wordnet.lex')];

before(() => {
  assert.ok(existsSync(cli), `CLI not built: ${cli}`);
  dir = mkdtempSync(join(tmpdir(), 'chokepoint-study-space-'));
  for (const db of ['toxicology', 'movies']) {
    mkdirSync(join(dir, 'db', db), { recursive: true });
    copyFileSync(join(assetsDir, 'db', `${db}.sqlite`), join(dir, 'db', db, `${db}.sqlite`));
  }
  set = join(assetsDir, 'sets', 'sample_dev.json');
  if (!existsSync(set)) set = join(root, 'assets', 'sets', 'sample_dev.json');
  const items = JSON.parse(readFileSync(set, 'utf8'));
  const write = (name, wrong) => writeFileSync(join(dir, name), JSON.stringify(Object.fromEntries(items.map((it, i) =>
    [String(i), `${wrong(i) ? 'SELECT 1' : it.SQL}\t----- bird -----\t${it.db_id}`]))));
  write('right.json', () => false);
  write('third.json', (i) => i % 3 === 0);
});
after(() => { if (dir) rmSync(dir, { recursive: true, force: true }); });

test('feature-space equals space clusters and space estimate run by hand', () => {
  const out = join(dir, 'study');
  const r = run('study', 'feature-space', '--set', set, '--pred', `right=${join(dir, 'right.json')}`, '--pred',
    `third=${join(dir, 'third.json')}`, '--db-root', join(dir, 'db'), ...lexicon(), '--k', '3', '--out', out);
  assert.equal(r.status, 0, r.stderr);
  const s = JSON.parse(r.stdout);
  const clusters = run('space', 'clusters', '--set', set, '--pred', `right=${join(dir, 'right.json')}`, '--pred',
    `third=${join(dir, 'third.json')}`, '--db-root', join(dir, 'db'), ...lexicon(), '--k', '3', '--importance',
    '--out', join(dir, 'clusters.json'));
  assert.equal(clusters.status, 0, clusters.stderr);
  const byHand = JSON.parse(readFileSync(join(dir, 'clusters.json'), 'utf8'));
  assert.equal(s.k, 3);
  assert.equal(s.items, byHand.items);
  const r2 = (x) => Math.round(x * 10000) / 100;
  assert.deepEqual(s.models.map((m) => [m.name, m.ex]), byHand.models.map((m) => [m.name, r2(m.overall.accuracy)]));
  assert.deepEqual(s.models.map((m) => m.blind_spots), byHand.models.map((m) => m.blind_spots));
  assert.equal(s.models[0].ex, 100);
  const report = JSON.parse(readFileSync(join(out, 'report.json'), 'utf8'));
  const table = report.tables.find((t) => t.id === 'clusters');
  assert.deepEqual(table.rows.slice(1).map((row) => row[1]), byHand.clusters.map((c) => c.size));
  // Table 9: the multi-class forest's ranking and each cluster's share of it, as `space clusters --importance` gives.
  const forest = report.tables.find((t) => t.id === 'cluster_features');
  assert.ok(forest, 'the forest table is in the report');
  const names = (fs, n) => fs.slice(0, n).map((f) => f.predicate ?? f.column).join('; ');
  assert.equal(forest.rows[0][2], names(byHand.forest_multiclass.top_features, 5));
  assert.ok(forest.rows[0][2].length > 0, 'the forest ranks some feature');
  assert.deepEqual(forest.rows.slice(1).map((row) => [row[2], row[3]]),
    byHand.clusters.map((c) => [names(c.forest_multiclass_features, 3), names(c.forest_features, 3)]));
  for (const online of [false, true]) {
    const e = run('space', 'estimate', '--set', set, '--pred', join(dir, 'third.json'), '--db-root', join(dir, 'db'),
      ...lexicon(), ...(online ? ['--online'] : []), '--out', join(dir, `estimate-${online}.json`));
    assert.equal(e.status, 0, e.stderr);
    const m = JSON.parse(e.stdout).metrics;
    const mine = s.estimators.find((x) => x.model === 'third' && x.online === online);
    assert.equal(mine.accuracy, r2(m.accuracy), `online ${online}`);
  }
  const est = report.tables.find((t) => t.id === 'estimator');
  assert.equal(est.rows.length, 4, 'two models, offline and online');
  assert.equal(est.published.length, 8);
  assert.equal(report.items.rows.length, s.items);
  const html = readFileSync(join(out, 'report.html'), 'utf8');
  assert.doesNotMatch(html, /https?:/);
});

test('feature-space refuses a model without a name and --k with --elbow', () => {
  let r = run('study', 'feature-space', '--set', set, '--pred', join(dir, 'right.json'), '--db-root', join(dir, 'db'),
    '--out', join(dir, 'x1'));
  assert.equal(r.status, 2);
  assert.match(r.stderr, /give MODEL=FILE/);
  r = run('study', 'feature-space', '--set', set, '--pred', `a=${join(dir, 'right.json')}`, '--db-root',
    join(dir, 'db'), '--k', '3', '--elbow', '2..5', '--out', join(dir, 'x2'));
  assert.equal(r.status, 2);
  assert.match(r.stderr, /give --k or --elbow, not both/);
  for (const d of ['x1', 'x2']) assert.ok(!existsSync(join(dir, d)), d);
});

// 003 Fig. 5 in the study: --umap puts every item on the UMAP map `space clusters --umap` draws (same seed), each dot
// coloured by the item's BIRD difficulty; without it, no map and a note saying how to add one.
test('feature-space --umap maps the items as space clusters --umap does, coloured by difficulty', () => {
  const out = join(dir, 'study-map');
  const r = run('study', 'feature-space', '--set', set, '--pred', `right=${join(dir, 'right.json')}`, '--db-root',
    join(dir, 'db'), ...lexicon(), '--k', '3', '--seed', '4', '--umap', '--out', out);
  assert.equal(r.status, 0, r.stderr);
  const report = JSON.parse(readFileSync(join(out, 'report.json'), 'utf8'));
  const map = report.charts.find((c) => c.id === 'map');
  assert.ok(map, 'the map is in the report');
  assert.equal(map.kind, 'scatter');
  const byHand = run('space', 'clusters', '--set', set, '--db-root', join(dir, 'db'), ...lexicon(), '--k', '3',
    '--seed', '4', '--umap', '--out', join(dir, 'clusters-map.json'));
  assert.equal(byHand.status, 0, byHand.stderr);
  const points = JSON.parse(readFileSync(join(dir, 'clusters-map.json'), 'utf8')).map_umap.points;
  const items = JSON.parse(readFileSync(set, 'utf8'));
  assert.equal(points.length, items.length);
  assert.equal(map.points.length, items.length);
  map.points.forEach(([x, y, g], i) => {
    assert.ok(Math.abs(x - points[i].x) < 1e-3 && Math.abs(y - points[i].y) < 1e-3, `item ${i} at its place`);
    assert.equal(map.categories[g], items[i].difficulty, `item ${i} coloured by its difficulty`);
  });
  assert.deepEqual(map.categories, ['simple', 'moderate', 'challenging']);
  assert.ok(new Set(map.points.map((p) => p[2])).size > 1, 'more than one difficulty on the map');
  assert.match(map.y_label, /^UMAP of the clustered vectors, n_neighbors \d+, min_dist 0.01, 500 epochs, seed 4$/);
  const html = readFileSync(join(out, 'report.html'), 'utf8');
  assert.ok(html.includes('id="chart_map"'), 'the map is drawn in report.html');
  const plain = JSON.parse(readFileSync(join(dir, 'study', 'report.json'), 'utf8'));
  assert.equal(plain.charts.find((c) => c.id === 'map'), undefined);
  assert.ok(plain.notes.some((n) => n.includes('--umap')), 'a note says how to add the map');
});

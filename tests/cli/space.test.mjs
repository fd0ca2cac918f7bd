// `chokepoint space` as a user runs it: compare two hand-written feature files (chi-square, correction, map),
// cluster a feature file (k given, lift), per-model EX per cluster with Wilson intervals and the cost view on a set
// with its database, the correctness estimator's split and output, and one-line errors with exit 2. Every expected
// number is worked out here from the fixture, never read back from the program. The alternative spellings (sets by
// position, `space cluster`, --elbow A..B, --correct from `chokepoint eval` reports) is checked against the --set,
// `space clusters`, --k-max and --pred forms.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync, execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '..', '..');
const cli = process.env.CHOKEPOINT_CLI || join(root, 'build', 'native', 'chokepoint');
let dir;

// Wilson score interval at 95%, written out: (p + z²/2n ± z sqrt(p(1-p)/n + z²/4n²)) / (1 + z²/n).
function wilson(k, n) {
  const z = 1.959963984540054, p = k / n, d = 1 + (z * z) / n;
  const centre = (p + (z * z) / (2 * n)) / d;
  const half = (z * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n))) / d;
  return [Math.max(0, centre - half), Math.min(1, centre + half)];
}

const near = (a, b, eps = 1e-4) => assert.ok(Math.abs(a - b) <= eps, `${a} != ${b}`);

// The shop database: six questions, one whose gold fails (no such table), two models.
const gold = [
  ['How many items are there?', 'SELECT COUNT(*) FROM item'],
  ['What is the highest price?', 'SELECT MAX(price) FROM item'],
  ['List the names of items cheaper than 5.', 'SELECT name FROM item WHERE price < 5'],
  ['What is the average price?', 'SELECT AVG(price) FROM item'],
  ['Which item is the most expensive?', 'SELECT name FROM item ORDER BY price DESC LIMIT 1'],
  ['How many orders are there?', 'SELECT COUNT(*) FROM orders'],
];
// cheap: right on 0, 1, 2; wrong on 3 and 4. dear: right on 0-3; wrong on 4. Item 5's gold fails: unscored.
const cheap = ['SELECT COUNT(*) FROM item', 'SELECT MAX(price) FROM item', 'SELECT name FROM item WHERE price < 5',
  'SELECT MIN(price) FROM item', 'SELECT name FROM item ORDER BY price ASC LIMIT 1', 'SELECT 1'];
const dear = ['SELECT COUNT(id) FROM item', 'SELECT MAX(price) FROM item', 'SELECT name FROM item WHERE 5 > price',
  'SELECT AVG(price) FROM item', 'SELECT name FROM item WHERE id = 1', 'SELECT 1'];

before(() => {
  assert.ok(existsSync(cli), `CLI not built: ${cli}`);
  dir = mkdtempSync(join(tmpdir(), 'chokepoint-space-'));
  // Set A: f080 in 3 of 4 rows, f074 in 2 of 4; set B: f080 in 1 of 4, f074 in 2 of 4; f001 unknown everywhere.
  writeFileSync(join(dir, 'a.csv'), 'key,db_id,f001,f074,f080\n0,x,,1,1\n1,x,,1,1\n2,x,,0,1\n3,x,,0,0\n');
  writeFileSync(join(dir, 'b.csv'), 'key,db_id,f001,f074,f080\n0,y,,1,1\n1,y,,1,0\n2,y,,0,0\n3,y,,0,0\n');
  // Two groups for clustering: rows 0-2 have both features, rows 3-5 neither.
  writeFileSync(join(dir, 'groups.csv'), 'key,db_id,f074,f080\na,x,1,1\nb,x,1,1\nc,x,1,1\nd,x,0,0\ne,x,0,0\nf,x,0,0\n');
  mkdirSync(join(dir, 'db', 'shop'), { recursive: true });
  execFileSync('sqlite3', [join(dir, 'db', 'shop', 'shop.sqlite')], { input:
    `CREATE TABLE item(id INTEGER PRIMARY KEY, name TEXT, price REAL);
     INSERT INTO item VALUES (1, 'pen', 2), (2, 'book', 12), (3, 'cup', 4);` });
  writeFileSync(join(dir, 'shop.json'), JSON.stringify(gold.map(([question, query]) => ({ db_id: 'shop', question, query }))));
  const preds = (sqls) => JSON.stringify(Object.fromEntries(sqls.map((s, i) => [String(i), `${s}\t----- bird -----\tshop`])));
  writeFileSync(join(dir, 'cheap.json'), preds(cheap));
  writeFileSync(join(dir, 'dear.json'), preds(dear));
});
after(() => { if (dir) rmSync(dir, { recursive: true, force: true }); });

const run = (...args) => spawnSync(cli, ['space', ...args], { encoding: 'utf8' });
const report = (name) => JSON.parse(readFileSync(join(dir, name), 'utf8'));

test('compare: prevalence over known cells, chi-square per feature, Bonferroni, and one map point per item', () => {
  const r = run('compare', '--set', join(dir, 'a.csv'), '--set', `B=${join(dir, 'b.csv')}`, '--correction', 'bonferroni',
    '--out', join(dir, 'compare.json'));
  assert.equal(r.status, 0, r.stderr);
  const s = JSON.parse(r.stdout);
  assert.deepEqual(s.sets, [{ name: 'a', items: 4 }, { name: 'B', items: 4 }]);
  assert.equal(s.features_tested, 2, 'f001 is unknown everywhere: left out');
  const c = report('compare.json');
  const [first, second] = c.features;
  // f080: [[3, 1], [1, 3]], every expected count 2, χ² = 4 x (1 / 2) = 2, df 1, p = erfc(1) = 0.157299...
  assert.equal(first.column, 'f080');
  assert.deepEqual(first.prevalence, [0.75, 0.25]);
  near(first.chi2, 2);
  assert.equal(first.df, 1);
  near(first.p, 0.15729920705028513, 1e-9);
  near(first.p_adjusted, 2 * 0.15729920705028513, 1e-9);
  near(first.cramers_v, Math.sqrt(2 / 8));
  // f074: 2 of 4 in both: χ² = 0, p = 1.
  assert.equal(second.column, 'f074');
  near(second.chi2, 0);
  near(second.p, 1, 1e-12);
  assert.equal(c.map.method, 'pca');
  assert.equal(c.map.points.length, 8);
  assert.deepEqual(c.map.points.map((p) => p.set), ['a', 'a', 'a', 'a', 'B', 'B', 'B', 'B']);
  // Identical rows land on the same point (a/0 and a/1 are both 1,1).
  assert.deepEqual([c.map.points[0].x, c.map.points[0].y], [c.map.points[1].x, c.map.points[1].y]);
});

test('compare: an eval set passes its difficulty labels on to the map (003 Figure 5)', () => {
  writeFileSync(join(dir, 'bird.json'), JSON.stringify([
    { question_id: 0, db_id: 'shop', question: 'How many items are there?', evidence: '', SQL: 'SELECT COUNT(*) FROM item', difficulty: 'simple' },
    { question_id: 1, db_id: 'shop', question: 'What is the highest price?', evidence: '', SQL: 'SELECT MAX(price) FROM item', difficulty: 'challenging' },
  ]));
  const r = run('compare', '--set', join(dir, 'a.csv'), '--set', join(dir, 'bird.json'), '--db-root', join(dir, 'db'),
    '--out', join(dir, 'compare_bird.json'));
  assert.equal(r.status, 0, r.stderr);
  const points = report('compare_bird.json').map.points;
  assert.deepEqual(points.map((p) => p.difficulty), [undefined, undefined, undefined, undefined, 'simple', 'challenging']);
});

test('clusters: k given splits the two groups, each explained by lift', () => {
  const r = run('clusters', '--set', join(dir, 'groups.csv'), '--k', '2', '--seed', '3', '--out', join(dir, 'k.json'));
  assert.equal(r.status, 0, r.stderr);
  const c = report('k.json');
  assert.equal(c.k, 2);
  assert.equal(c.k_source, 'given');
  assert.equal(c.inertia, 0, 'every row sits on its centroid');
  const label = Object.fromEntries(c.labels.map((l) => [l.key, l.cluster]));
  assert.equal(label.a, label.b);
  assert.equal(label.a, label.c);
  assert.equal(label.d, label.f);
  assert.notEqual(label.a, label.d);
  // The group with both features: each is in 3 of 3 rows of the cluster and 3 of 6 overall, lift 2; the other group
  // has no feature at least half of it holds, so no explanation.
  const withFeatures = c.clusters[label.a];
  assert.equal(withFeatures.size, 3);
  assert.deepEqual(withFeatures.top_features.map((f) => [f.column, f.in_cluster, f.overall, f.lift]),
    [['f074', 1, 0.5, 2], ['f080', 1, 0.5, 2]]);
  assert.deepEqual(c.clusters[label.d].top_features, []);
  assert.equal(c.clusters[0].forest_features, undefined, 'forest importance only with --importance');
});

test('clusters --importance: each cluster ranks the features that separate it, importances summing to 1', () => {
  const r = run('clusters', '--set', join(dir, 'groups.csv'), '--k', '2', '--importance', '--out', join(dir, 'imp.json'));
  assert.equal(r.status, 0, r.stderr);
  for (const c of report('imp.json').clusters) {
    // Either feature alone separates the groups, so the two share all of the impurity decrease.
    assert.deepEqual(c.forest_features.map((f) => f.column).sort(), ['f074', 'f080']);
    near(c.forest_features.reduce((s, f) => s + f.importance, 0), 1);
  }
  // The paper's reading: one multi-class forest for all clusters, its ranking summing to 1; each cluster gets the
  // ranked features it has more of than the whole set (the two features mark one group, the other group has none).
  const imp = report('imp.json');
  assert.equal(imp.forest_multiclass.trees, 100);
  assert.deepEqual(imp.forest_multiclass.top_features.map((f) => f.column).sort(), ['f074', 'f080']);
  near(imp.forest_multiclass.top_features.reduce((s, f) => s + f.importance, 0), 1);
  const marked = imp.clusters.map((c) => c.forest_multiclass_features.map((f) => f.column).sort());
  assert.deepEqual(marked.map((m) => m.length).sort(), [0, 2], JSON.stringify(marked));
});

test('clusters: the elbow runs when k is not given, and a flat curve falls back to k = 2', () => {
  const r = run('clusters', '--set', join(dir, 'groups.csv'), '--k-max', '4', '--out', join(dir, 'elbow.json'));
  assert.equal(r.status, 0, r.stderr);
  const c = report('elbow.json');
  assert.equal(c.k_source, 'elbow');
  // Two distinct points: inertia 0 from k = 2 on, no knee.
  assert.deepEqual(c.elbow.curve.map((p) => p.inertia), [0, 0, 0]);
  assert.equal(c.elbow.knee, 0);
  assert.equal(c.k, 2);
});

test('clusters with predictions: EX per model from the metrics engine, Wilson intervals, cost view', () => {
  const r = run('clusters', '--set', join(dir, 'shop.json'), '--db-root', join(dir, 'db'), '--k', '1',
    '--pred', `cheap=${join(dir, 'cheap.json')}`, '--pred', `dear=${join(dir, 'dear.json')}`, '--epsilon', '0.25',
    '--out', join(dir, 'models.json'));
  assert.equal(r.status, 0, r.stderr);
  const c = report('models.json');
  assert.equal(c.items, 6);
  const [m1, m2] = c.models;
  // The failing gold leaves 5 scored items: cheap 3 of 5, dear 4 of 5.
  assert.equal(m1.name, 'cheap');
  assert.deepEqual([m1.overall.correct, m1.overall.n], [3, 5]);
  near(m1.overall.accuracy, 0.6);
  near(m1.overall.variance, 0.24);
  const [lo, hi] = wilson(3, 5);
  near(m1.overall.lower, lo);
  near(m1.overall.upper, hi);
  assert.deepEqual([m2.overall.correct, m2.overall.n], [4, 5]);
  // One cluster holds everything: its accuracy is the overall one, never a blind spot.
  assert.equal(m1.clusters[0].blind_spot, false);
  assert.deepEqual(c.universal_blind_spots, []);
  // Cost from the order of --pred: cheap (0) is within 0.25 of dear (0.6 + 0.25 >= 0.8).
  assert.deepEqual(c.cost_view.pairs.map((p) => [p.cheaper, p.dearer]), [['cheap', 'dear']]);
});

test('estimate: a seeded 90/10 split of the scored items, metrics and reliability bins', () => {
  const r = run('estimate', '--set', join(dir, 'shop.json'), '--pred', join(dir, 'dear.json'), '--db-root',
    join(dir, 'db'), '--trees', '20', '--seed', '1', '--out', join(dir, 'estimate.json'));
  assert.equal(r.status, 0, r.stderr);
  const s = JSON.parse(r.stdout);
  // 5 scored items: ceil(0.5) = 1 held out, 4 to train.
  assert.equal(s.train, 4);
  assert.equal(s.test, 1);
  assert.equal(s.trees, 20);
  assert.equal(s.online, false);
  const e = report('estimate.json');
  assert.equal(e.reliability.length, 10);
  assert.equal(e.reliability.reduce((n, b) => n + b.n, 0), 1);
  assert.equal(e.metrics.roc_auc, null, 'one held-out item: AUC undefined');
  const again = run('estimate', '--set', join(dir, 'shop.json'), '--pred', join(dir, 'dear.json'), '--db-root',
    join(dir, 'db'), '--trees', '20', '--seed', '1', '--out', join(dir, 'estimate2.json'));
  assert.equal(again.status, 0, again.stderr);
  assert.deepEqual(report('estimate2.json').test_items, e.test_items, 'same seed, same split and scores');
  const online = run('estimate', '--set', join(dir, 'shop.json'), '--pred', join(dir, 'dear.json'), '--db-root',
    join(dir, 'db'), '--online', '--out', join(dir, 'online.json'));
  assert.equal(online.status, 0, online.stderr);
  const o = JSON.parse(online.stdout);
  assert.equal(o.online, true);
  assert.equal(o.mask, 'aspects');
  assert.ok(o.features < s.features, 'the mask keeps fewer columns');
});

test('bad inputs are one-line errors with exit 2', () => {
  const cases = [
    ['compare', '--set', join(dir, 'a.csv'), '--out', join(dir, 'x.json')],
    ['compare', '--set', join(dir, 'a.csv'), '--set', join(dir, 'b.csv'), '--correction', 'holm', '--out', join(dir, 'x.json')],
    ['clusters', '--set', join(dir, 'groups.csv'), '--pred', `m=${join(dir, 'dear.json')}`, '--out', join(dir, 'x.json')],
    ['clusters', '--set', join(dir, 'groups.csv'), '--k', 'two', '--out', join(dir, 'x.json')],
    ['estimate', '--set', join(dir, 'groups.csv'), '--pred', join(dir, 'dear.json'), '--db-root', join(dir, 'db'), '--out', join(dir, 'x.json')],
    ['compare', '--set', join(dir, 'a.csv'), '--set', join(dir, 'missing.csv'), '--out', join(dir, 'x.json')],
  ];
  for (const args of cases) {
    const r = run(...args);
    assert.equal(r.status, 2, args.join(' '));
    assert.match(r.stderr, /^chokepoint: /);
  }
});

// The alternative spellings: sets by position, `space cluster`, --elbow A..B and --correct.
const evalReport = (pred, out) => {
  // EX per item as `chokepoint eval` scores it, with the semantics --pred uses for this Spider-format gold.
  const r = spawnSync(cli, ['eval', '--gold', join(dir, 'shop.json'), '--pred', join(dir, pred), '--db-root',
    join(dir, 'db'), '--semantics', 'spider', '--out', join(dir, out)], { encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  return join(dir, out);
};
const shopFeatures = () => {
  // The shop set's features as a file: --correct then needs neither the gold nor a database.
  const out = join(dir, 'shop.csv');
  if (!existsSync(out)) {
    const r = spawnSync(cli, ['features', '--set', join(dir, 'shop.json'), '--db-root', join(dir, 'db'), '--out', out],
      { encoding: 'utf8' });
    assert.equal(r.status, 0, r.stderr);
  }
  return out;
};

test('compare: sets by position give the report --set gives', () => {
  const bySet = run('compare', '--set', join(dir, 'a.csv'), '--set', `B=${join(dir, 'b.csv')}`, '--correction', 'bh',
    '--out', join(dir, 'by_set.json'));
  assert.equal(bySet.status, 0, bySet.stderr);
  const byPosition = run('compare', join(dir, 'a.csv'), `B=${join(dir, 'b.csv')}`, '--correction', 'bh',
    '--out', join(dir, 'by_position.json'));
  assert.equal(byPosition.status, 0, byPosition.stderr);
  assert.deepEqual(report('by_position.json'), report('by_set.json'));
  assert.deepEqual(JSON.parse(byPosition.stdout).sets, [{ name: 'a', items: 4 }, { name: 'B', items: 4 }]);
});

test('cluster: another name of clusters, the set by position or by --set', () => {
  const a = run('clusters', '--set', join(dir, 'groups.csv'), '--k', '2', '--seed', '3', '--out', join(dir, 'c1.json'));
  const b = run('cluster', join(dir, 'groups.csv'), '--k', '2', '--seed', '3', '--out', join(dir, 'c2.json'));
  const c = run('cluster', '--set', join(dir, 'groups.csv'), '--k', '2', '--seed', '3', '--out', join(dir, 'c3.json'));
  for (const r of [a, b, c]) assert.equal(r.status, 0, r.stderr);
  assert.deepEqual(report('c2.json'), report('c1.json'));
  assert.deepEqual(report('c3.json'), report('c1.json'));
});

test('cluster --elbow A..B: the curve runs over k = A..B', () => {
  const r = run('cluster', join(dir, 'groups.csv'), '--elbow', '3..5', '--out', join(dir, 'elbow35.json'));
  assert.equal(r.status, 0, r.stderr);
  const c = report('elbow35.json');
  assert.equal(c.k_source, 'elbow');
  assert.deepEqual(c.elbow.range, [3, 5]);
  assert.deepEqual(c.elbow.curve.map((p) => p.k), [3, 4, 5]);
  // --k-max N is --elbow 2..N.
  const kmax = run('cluster', join(dir, 'groups.csv'), '--k-max', '4', '--out', join(dir, 'kmax.json'));
  const range = run('cluster', join(dir, 'groups.csv'), '--elbow', '2..4', '--out', join(dir, 'range.json'));
  assert.equal(kmax.status, 0, kmax.stderr);
  assert.equal(range.status, 0, range.stderr);
  assert.deepEqual(report('range.json'), report('kmax.json'));
  assert.deepEqual(report('kmax.json').elbow.curve.map((p) => p.k), [2, 3, 4]);
});

test('cluster --correct: eval reports give the per-model accuracy --pred gives, on a features file', () => {
  const cheapEval = evalReport('cheap.json', 'cheap_eval.json');
  const dearEval = evalReport('dear.json', 'dear_eval.json');
  const pred = run('clusters', '--set', join(dir, 'shop.json'), '--db-root', join(dir, 'db'), '--k', '2',
    '--pred', `cheap=${join(dir, 'cheap.json')}`, '--pred', `dear=${join(dir, 'dear.json')}`,
    '--out', join(dir, 'by_pred.json'));
  assert.equal(pred.status, 0, pred.stderr);
  // One flag with both models, no --db-root: the set is the features file.
  const correct = run('cluster', shopFeatures(), '--k', '2', '--correct', `cheap=${cheapEval},dear=${dearEval}`,
    '--out', join(dir, 'by_correct.json'));
  assert.equal(correct.status, 0, correct.stderr);
  const p = report('by_pred.json'), c = report('by_correct.json');
  assert.deepEqual(c.labels, p.labels);
  assert.deepEqual(c.models, p.models);
  assert.deepEqual(c.models.map((m) => [m.name, m.overall.correct, m.overall.n]), [['cheap', 3, 5], ['dear', 4, 5]]);
  // Repeated --correct, the same models.
  const repeated = run('cluster', shopFeatures(), '--k', '2', '--correct', `cheap=${cheapEval}`, '--correct',
    `dear=${dearEval}`, '--out', join(dir, 'by_correct2.json'));
  assert.equal(repeated.status, 0, repeated.stderr);
  assert.deepEqual(report('by_correct2.json').models, p.models);
});

test('estimate --correct: the same split, scores and metrics as --pred, the set by position', () => {
  const dearEval = evalReport('dear.json', 'dear_eval_e.json');
  const pred = run('estimate', '--set', join(dir, 'shop.json'), '--pred', join(dir, 'dear.json'), '--db-root',
    join(dir, 'db'), '--trees', '20', '--seed', '1', '--out', join(dir, 'est_pred.json'));
  assert.equal(pred.status, 0, pred.stderr);
  const correct = run('estimate', shopFeatures(), '--correct', dearEval, '--trees', '20', '--seed', '1',
    '--out', join(dir, 'est_correct.json'));
  assert.equal(correct.status, 0, correct.stderr);
  const p = report('est_pred.json'), c = report('est_correct.json');
  for (const field of ['train', 'test', 'test_negatives', 'base_rate', 'metrics', 'test_items', 'negative_features'])
    assert.deepEqual(c[field], p[field], field);
});

test('bad --elbow and --correct values are one clear line with exit 2', () => {
  const out = join(dir, 'x.json');
  writeFileSync(join(dir, 'other_eval.json'), JSON.stringify({ items: [{ id: 'zz', status: 'scored', ex: 1 }] }));
  const cases = [
    [['cluster', join(dir, 'groups.csv'), '--elbow', '5..3', '--out', out], /^chokepoint: --elbow takes a range/],
    [['cluster', join(dir, 'groups.csv'), '--elbow', '2-30', '--out', out], /^chokepoint: --elbow takes a range/],
    [['cluster', join(dir, 'groups.csv'), '--elbow', '0..4', '--out', out], /^chokepoint: --elbow takes a range/],
    [['cluster', join(dir, 'groups.csv'), '--elbow', '2..4', '--k', '2', '--out', out], /^chokepoint: give one of --k/],
    [['cluster', join(dir, 'groups.csv'), '--correct', `m=${join(dir, 'missing.json')}`, '--out', out],
      /^chokepoint: --correct .*missing\.json: /],
    [['cluster', join(dir, 'groups.csv'), '--correct', `m=${join(dir, 'shop.json')}`, '--out', out],
      /^chokepoint: --correct .*shop\.json: not a `chokepoint eval --out` report/],
    [['cluster', join(dir, 'groups.csv'), '--correct', `m=${join(dir, 'a.csv')}`, '--out', out],
      /^chokepoint: --correct .*a\.csv: not JSON/],
    [['cluster', join(dir, 'groups.csv'), '--correct', 'm=', '--out', out], /^chokepoint: --correct takes MODEL=REPORT/],
    [['estimate', join(dir, 'groups.csv'), '--correct', join(dir, 'other_eval.json'), '--out', out],
      /^chokepoint: --correct .*other_eval\.json: none of its 1 items has the key of a row of set 'groups'/],
    [['estimate', join(dir, 'groups.csv'), '--correct', join(dir, 'other_eval.json'), '--pred', join(dir, 'dear.json'),
      '--out', out], /^chokepoint: space estimate takes --correct or --pred, not both/],
  ];
  for (const [args, message] of cases) {
    const r = run(...args);
    assert.equal(r.status, 2, args.join(' '));
    assert.match(r.stderr, message);
    assert.equal(r.stderr.trim().split('\n').length, 1, r.stderr);
  }
});

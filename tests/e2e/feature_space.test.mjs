// The Feature space panel on the built-in sample set and its predictions, plus a second set uploaded as a
// user would: real clicks open the panel's tabs and press Compare, Cluster and Estimate; the comparison (every
// feature's prevalence, chi-square, adjusted p, Cramér's V), the clusters (elbow, knee, sizes, labels, each model's
// accuracy per cluster with its Wilson interval and blind-spot flag) and the estimator (held-out metrics, negative
// features) equal `chokepoint space compare|clusters|estimate` on the same files, databases and lexicon.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { startApp, waitReady, artefactDir, repoRoot, sendCommand, untilPanel, uploadSet, clickNamed, nextFrames, pixelStats, expectTextDrawn, workspaceSettled, wheelChartIntoView } from './browser.mjs';
import { runStudyInTab } from './fixture.mjs';

const cli = process.env.CHOKEPOINT_CLI || path.join(repoRoot, 'build', 'native', 'chokepoint');
const PANEL = 'Feature space';
const SAMPLE = path.join(repoRoot, 'assets', 'sets', 'sample_dev.json');
const PRED = path.join(repoRoot, 'assets', 'sets', 'sample_pred.json');
const LEXICON = path.join(repoRoot, 'build', 'native', 'assets', 'lexicon', 'wordnet.lex');
// A second set with other habits: short counting questions, no joins, numbers and quotes in the questions.
const OTHER = [
  ['How many atoms are there?', 'SELECT COUNT(*) FROM atom'],
  ["How many atoms have the element 'cl'?", "SELECT COUNT(*) FROM atom WHERE element = 'cl'"],
  ['How many bonds are there?', 'SELECT COUNT(*) FROM bond'],
  ["How many bonds are of type '='?", "SELECT COUNT(*) FROM bond WHERE bond_type = '='"],
  ['How many molecules are there?', 'SELECT COUNT(*) FROM molecule'],
  ["How many molecules are labelled '+'?", "SELECT COUNT(*) FROM molecule WHERE label = '+'"],
  ['List 5 atom ids.', 'SELECT atom_id FROM atom LIMIT 5'],
  ['List 3 bond ids.', 'SELECT bond_id FROM bond LIMIT 3'],
  ['How many movies are there?', 'SELECT COUNT(*) FROM movie'],
  ['How many actors are there?', 'SELECT COUNT(*) FROM actor'],
].map(([question, SQL], i) => ({ question_id: 500 + i, db_id: i < 8 ? 'toxicology' : 'movies', question, evidence: '', SQL }));

let app;
let dir;
let studyExpected;  // the CLI's feature-space report, once the second test made it
before(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chokepoint-feature-space-'));
  for (const db of ['toxicology', 'movies']) {
    fs.mkdirSync(path.join(dir, 'db', db), { recursive: true });
    fs.copyFileSync(path.join(repoRoot, 'build', 'native', 'assets', 'db', `${db}.sqlite`), path.join(dir, 'db', db, `${db}.sqlite`));
  }
  fs.writeFileSync(path.join(dir, 'counting.json'), JSON.stringify(OTHER));
  app = await startApp();
  await app.page.goto(app.url);
  await waitReady(app);
});
after(async () => {
  if (app) await app.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

const until = (predicate, what, timeout) => untilPanel(app.page, PANEL, predicate, what, timeout);
const near = (a, b, what, tol = 1e-4) => assert.ok(Math.abs(a - b) <= tol, `${what}: ${a} vs ${b}`);
const space = (args) => {
  const out = path.join(dir, `space_${args[0]}.json`);
  const r = spawnSync(cli, ['space', ...args, '--db-root', path.join(dir, 'db'), '--lexicon', LEXICON, '--out', out],
    { encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  return JSON.parse(fs.readFileSync(out, 'utf8'));
};

test('compare, clusters and estimator from the page equal chokepoint space', async () => {
  await uploadSet(app.page, path.join(dir, 'counting.json'));
  await uploadSet(app.page, PRED);  // the sample's predictions, as a user opens them
  await sendCommand(app.page, { do: 'show', tab: PANEL });

  await clickNamed(app.page, 'Compare tab');
  await sendCommand(app.page, { do: 'space_compare', sets: ['sample_dev.json', 'counting.json'], correction: 'bh' });
  const c = (await until((s) => s.compare, 'the comparison', 120000)).compare;
  fs.writeFileSync(path.join(artefactDir, 'feature_space_compare.png'), await app.page.screenshot());
  const cc = space(['compare', '--set', SAMPLE, '--set', path.join(dir, 'counting.json'), '--correction', 'bh']);
  assert.deepEqual(c.sizes, cc.sets.map((s) => s.items));
  assert.deepEqual(c.features.map((f) => f.id), cc.features.map((f) => f.id), 'the same features in the same order');
  c.features.forEach((f, i) => {
    const o = cc.features[i];
    f.prevalence.forEach((p, s) => near(p, o.prevalence[s], `feature ${f.id} prevalence ${s}`));
    near(f.chi2, o.chi2, `feature ${f.id} chi2`);
    near(f.adjusted_p, o.p_adjusted, `feature ${f.id} adjusted p`, 1e-9);
    near(f.cramers_v, o.cramers_v, `feature ${f.id} V`);
  });
  assert.equal(c.map_points, 38);
  // 003 Fig. 5 colours the map by BIRD's difficulty: the page counts the labels of the mapped items as the CLI's
  // report labels its points (the sample has them; the counting set has none).
  const labels = {};
  for (const p of cc.map.points) labels[p.difficulty ?? 'none'] = (labels[p.difficulty ?? 'none'] ?? 0) + 1;
  assert.deepEqual(c.difficulty, labels);
  assert.ok(Object.keys(labels).some((l) => l !== 'none'), 'the sample has difficulty labels');
  assert.ok(c.features.some((f) => f.adjusted_p < 0.05), 'counting questions differ from the sample somewhere');

  // 003 draws the map with UMAP: a click on the map's UMAP button runs it a row or an epoch at a time, and its fit
  // equals `space compare --umap` on the same sets. The coordinates come out of 500 epochs of descent, where the last
  // digit of exp and pow differs between the two builds' C libraries, so the maps are compared by what they keep of
  // each item's neighbourhood, not point by point.
  await clickNamed(app.page, 'map UMAP');
  const u = (await until((s) => s.compare?.umap && !s.compare.umap.running, 'the UMAP map', 120000)).compare;
  fs.writeFileSync(path.join(artefactDir, 'feature_space_umap.png'), await app.page.screenshot());
  const cu = space(['compare', '--set', SAMPLE, '--set', path.join(dir, 'counting.json'), '--correction', 'bh',
    '--umap']);
  assert.equal(u.projection, 'umap');
  assert.equal(u.umap.points.length, cu.map_umap.points.length);
  assert.equal(u.umap.n_neighbors, cu.map_umap.n_neighbors);
  assert.equal(u.umap.epochs, cu.map_umap.epochs);
  near(u.umap.neighbours_kept.pca, cu.neighbours_kept.pca, 'PCA neighbours kept', 1e-3);
  near(u.umap.neighbours_kept.umap, cu.neighbours_kept.umap, 'UMAP neighbours kept', 0.05);
  assert.ok(u.umap.neighbours_kept.umap > u.umap.neighbours_kept.pca, 'UMAP keeps more of each neighbourhood');
  await clickNamed(app.page, 'map PCA');
  assert.equal((await until((s) => s.compare?.projection === 'pca', 'the PCA map again')).compare.umap.points.length,
    38, 'the UMAP map is kept for the next click');
  // The map is drawn with its legend: the two sets' dots on the chart's own rectangle.
  const compareMap = await wheelChartIntoView(app.page, 'compare-map');
  assert.ok(compareMap.whole, `the compare map in view: ${JSON.stringify(compareMap.rect)}`);
  await expectDotsDrawn('feature_space_compare_map.png', compareMap.rect);

  await clickNamed(app.page, 'Clusters tab');
  await sendCommand(app.page, { do: 'space_clusters', set: 'sample_dev.json', models: ['sample_pred.json'], k: 0,
                                k_max: 6, seed: 0 });
  const k = (await until((s) => s.clusters?.models, 'the clusters', 120000)).clusters;
  fs.writeFileSync(path.join(artefactDir, 'feature_space_clusters.png'), await app.page.screenshot());
  const ck = space(['clusters', '--set', SAMPLE, '--k-max', '6', '--seed', '0', '--pred', `sample_pred=${PRED}`]);
  assert.equal(k.k, ck.k);
  assert.equal(k.knee, ck.elbow.knee);
  k.elbow.forEach((p, i) => near(p.inertia, ck.elbow.curve[i].inertia, `inertia at k=${p.k}`));
  assert.deepEqual(k.sizes, ck.clusters.map((x) => x.size));
  assert.deepEqual(k.labels, ck.labels.map((x) => x.cluster));
  const [pm] = k.models;
  const [cm] = ck.models;
  assert.deepEqual([pm.overall.successes, pm.overall.n], [cm.overall.correct, cm.overall.n]);
  pm.clusters.forEach((x, i) => {
    near(x.p, cm.clusters[i].accuracy, `cluster ${i} accuracy`);
    near(x.lower, cm.clusters[i].lower, `cluster ${i} lower`);
    near(x.upper, cm.clusters[i].upper, `cluster ${i} upper`);
    assert.equal(x.blind_spot, cm.clusters[i].blind_spot, `cluster ${i} flag`);
  });
  // The sample's EX (the Metrics panel's 18 of 28) is the model's overall accuracy here too.
  assert.deepEqual([pm.overall.successes, pm.overall.n], [18, 28]);
  await clickNamed(app.page, 'first cluster');  // its example questions are listed below the table
  await until((s) => s.selected_cluster === 0, 'the selected cluster');
  // The paper's explanation: one multi-class forest, grown a few trees a frame after a click; its ranking and each
  // cluster's share of it equal space clusters --importance.
  await clickNamed(app.page, 'explain by forest');
  const forest = (await until((s) => s.clusters?.forest && !s.clusters.forest.running, 'the forest', 120000))
    .clusters.forest;
  fs.writeFileSync(path.join(artefactDir, 'feature_space_forest.png'), await app.page.screenshot());
  const cf = space(['clusters', '--set', SAMPLE, '--k-max', '6', '--seed', '0', '--importance']);
  assert.ok(cf.forest_multiclass.top_features.length > 0, 'the forest ranks some feature');
  assert.deepEqual(forest.overall.map((f) => f.id), cf.forest_multiclass.top_features.map((f) => f.id));
  forest.overall.forEach((f, i) => near(f.importance, cf.forest_multiclass.top_features[i].importance,
                                        `importance of #${f.id}`));
  assert.deepEqual(forest.per_cluster.map((c) => c.map((f) => f.id)),
                   cf.clusters.map((c) => c.forest_multiclass_features.map((f) => f.id)));
  // Then each cluster's own one-vs-rest forest, stepped a tree at a time: the rankings of --importance's forest_features.
  assert.equal(forest.one_vs_rest.length, cf.clusters.length);
  assert.deepEqual(forest.one_vs_rest.map((c) => c.map((f) => f.id)),
                   cf.clusters.map((c) => c.forest_features.map((f) => f.id)));
  forest.one_vs_rest.forEach((c, k) => c.forEach((f, i) => near(f.importance, cf.clusters[k].forest_features[i].importance,
                                                                `C${k}'s own importance of #${f.id}`)));

  await clickNamed(app.page, 'Estimator tab');
  await sendCommand(app.page, { do: 'space_estimate', set: 'sample_dev.json', model: 'sample_pred.json', trees: 50,
                                seed: 0, online: false });
  const e = (await until((s) => s.estimate, 'the estimator', 120000)).estimate;
  fs.writeFileSync(path.join(artefactDir, 'feature_space_estimator.png'), await app.page.screenshot());
  const ce = space(['estimate', '--set', SAMPLE, '--pred', PRED, '--trees', '50', '--seed', '0']);
  assert.deepEqual([e.train, e.test, e.test_negatives], [ce.train, ce.test, ce.test_negatives]);
  for (const m of ['accuracy', 'precision', 'recall', 'f1', 'brier'])
    if (ce.metrics[m] !== null) near(e[m], ce.metrics[m], m);
  assert.deepEqual(e.negative_features.map((f) => f.id), ce.negative_features.map((f) => f.id));

  // One item's features, each with its value: as `chokepoint features` writes its row.
  await clickNamed(app.page, 'Items tab');
  await sendCommand(app.page, { do: 'space_item', set: 'sample_dev.json', item: 3 });
  const it = (await until((s) => s.item?.key !== undefined && s.item.set === 'sample_dev.json', 'the item')).item;
  fs.writeFileSync(path.join(artefactDir, 'feature_space_item.png'), await app.page.screenshot());
  const csv = path.join(dir, 'features.csv');
  const r = spawnSync(cli, ['features', '--set', SAMPLE, '--db-root', path.join(dir, 'db'), '--lexicon', LEXICON,
    '--out', csv], { encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  const [header, ...lines] = fs.readFileSync(csv, 'utf8').trim().split('\n');
  const names = header.split(',');
  const cells = lines[3].split(',');
  assert.equal(cells[0], it.key);
  const yes = [], no = [];
  names.forEach((n, c) => {
    if (!/^f\d+$/.test(n)) return;
    if (cells[c] === '1') yes.push(Number(n.slice(1)));
    if (cells[c] === '0') no.push(Number(n.slice(1)));
  });
  assert.deepEqual([it.yes, it.no], [yes, no]);
});

// The feature-space study over what the tab computed: the clusters above (k-means over the elbow 2..6, seed 0, with
// both forests) and the estimator offline and online (50 trees), laid out as `chokepoint study feature-space` lays out
// the same files with the same settings.
test('the Studies tab lays out the Feature space tab\'s results as chokepoint study feature-space does', async () => {
  // Clustered again: the forests are gone until asked for, and the study says so.
  await sendCommand(app.page, { do: 'show', tab: PANEL });
  await sendCommand(app.page, { do: 'space_clusters', set: 'sample_dev.json', models: ['sample_pred.json'], k: 0,
                                k_max: 6, seed: 0 });
  await until((s) => s.clusters?.models, 'the clusters', 120000);
  const refused = await runStudyInTab(app.page, { study: 'feature-space' });
  assert.match(refused.error, /the clusters are not explained yet: Feature space > Clusters > Explain by one multi-class forest/);
  assert.equal(refused.report, undefined);
  await sendCommand(app.page, { do: 'show', tab: PANEL });
  await clickNamed(app.page, 'Clusters tab');
  await clickNamed(app.page, 'explain by forest');
  await until((s) => s.clusters?.forest && !s.clusters.forest.running, 'the forests', 120000);
  // The offline estimate of the first test is kept; the online one is missing and the report says so.
  const partial = await runStudyInTab(app.page, { study: 'feature-space' });
  assert.equal(partial.error, '');
  assert.equal(partial.report.notes.at(-1), 'Not estimated in this page, so not in Tables 7 and 8: sample_pred.json ' +
    'online (Feature space > Estimator, on sample_dev.json).');
  await sendCommand(app.page, { do: 'show', tab: PANEL });
  await sendCommand(app.page, { do: 'space_estimate', set: 'sample_dev.json', model: 'sample_pred.json', trees: 50,
                                seed: 0, online: true });
  await until((s) => s.kept_estimates.some((k) => k.online), 'the online estimate', 120000);
  const s = await runStudyInTab(app.page, { study: 'feature-space' });
  assert.equal(s.error, '');
  const out = path.join(dir, 'study');
  const r = spawnSync(cli, ['study', 'feature-space', '--set', SAMPLE, '--pred', `sample_pred.json=${PRED}`, '--db-root',
    path.join(dir, 'db'), '--lexicon', LEXICON, '--elbow', '2..6', '--seed', '0', '--trees', '50', '--out', out],
  { encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  const expected = JSON.parse(fs.readFileSync(path.join(out, 'report.json'), 'utf8'));
  studyExpected = expected;
  assert.deepEqual(s.report.tables.map((t) => t.id), ['clusters', 'cluster_features', 'estimator', 'negative_features']);
  for (const t of expected.tables) assert.deepEqual(s.report.tables.find((x) => x.id === t.id), t, t.id);
  // Not vacuous: both estimates are there, and each cluster has its own forest's features (the last column).
  assert.deepEqual(expected.tables[2].rows.map((row) => row[1]), ['offline', 'online']);
  assert.ok(expected.tables[1].rows.slice(1).every((row) => row[3].length > 0), 'one-vs-rest features per cluster');
  assert.deepEqual(s.report.charts, expected.charts);
  assert.deepEqual(s.report.items, expected.items);
  assert.deepEqual(s.report.notes, expected.notes);
  assert.deepEqual(s.report.inputs.map((i) => i.name), ['set', 'pred sample_pred.json', 'seed',
    'estimate sample_pred.json offline', 'estimate sample_pred.json online']);
  await clickNamed(app.page, 'study feature-space');
  await nextFrames(app.page);
  // The report is drawn under the inputs, not only held: the lower part of the window carries text.
  await expectTextDrawn(app.page, 'studies_feature_space.png', { x: 0, y: 500, w: 1200, h: 280 });

  // Its button leads to the Clusters tab, whichever view of Feature space was open.
  await sendCommand(app.page, { do: 'show', tab: PANEL });
  await clickNamed(app.page, 'Estimator tab');
  await sendCommand(app.page, { do: 'show', tab: 'Studies' });
  await clickNamed(app.page, 'open feature space');
  await app.page.waitForFunction(() => JSON.parse(Module.ccall('chokepoint_app_json', 'string', [], []))
    .buttons?.['explain by forest'], null, { timeout: 10000 });
});

// A map is drawn, not only held: its rectangle of the screenshot has coloured dots (and its legend), not only the
// clear colour.
async function expectDotsDrawn(name, [x, y, w, h]) {
  const png = await app.page.screenshot();
  fs.writeFileSync(path.join(artefactDir, name), png);
  const drawn = await pixelStats(app.page, png, { x, y, w, h }, [26, 28, 33]);
  assert.ok(drawn.notClear > 2000, `dots in ${name}: ${JSON.stringify(drawn)}`);
}

// 003 Fig. 5 in the page: Clusters > Map the items runs UMAP over the clustered vectors (seeded as the clusters are),
// and the study then carries the map `chokepoint study feature-space --umap` draws: the same items, coloured by the
// same difficulties. UMAP's coordinates come out of 500 epochs where the two builds' exp and pow differ in the last
// digit, so the places are compared by each item's nearest items on the two maps.
test('Clusters > Map the items puts the study\'s Fig. 5 map in the page as the CLI draws it', async () => {
  await sendCommand(app.page, { do: 'show', tab: PANEL });
  await clickNamed(app.page, 'Clusters tab');
  await clickNamed(app.page, 'map clusters');
  const mapped = await until((s) => s.clusters?.map && !s.clusters.map.running, 'the clusters\' map', 120000);
  assert.equal(mapped.clusters.map.points, 28);
  assert.equal(mapped.clusters.map.epochs, 500);
  const seen = await wheelChartIntoView(app.page, 'cluster-map');
  assert.ok(seen.whole, 'the map can be scrolled into view');
  await expectDotsDrawn('feature_space_cluster_map.png', seen.rect);
  const s = await runStudyInTab(app.page, { study: 'feature-space' });
  assert.equal(s.error, '');
  const out = path.join(dir, 'study-map');
  const r = spawnSync(cli, ['study', 'feature-space', '--set', SAMPLE, '--pred', `sample_pred.json=${PRED}`, '--db-root',
    path.join(dir, 'db'), '--lexicon', LEXICON, '--elbow', '2..6', '--seed', '0', '--trees', '50', '--umap', '--out',
    out], { encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  const expected = JSON.parse(fs.readFileSync(path.join(out, 'report.json'), 'utf8'));
  studyExpected = expected;
  for (const t of expected.tables) assert.deepEqual(s.report.tables.find((x) => x.id === t.id), t, t.id);
  assert.deepEqual(s.report.notes, expected.notes);
  const mine = s.report.charts.find((c) => c.id === 'map');
  const theirs = expected.charts.find((c) => c.id === 'map');
  assert.ok(mine && theirs, 'both studies draw the map');
  const { points: myPoints, ...myRest } = mine;
  const { points: theirPoints, ...theirRest } = theirs;
  assert.deepEqual(myRest, theirRest, 'the same title, method, kind and groups');
  assert.deepEqual(myPoints.map((p) => p[2]), theirPoints.map((p) => p[2]), 'each item in the same group');
  assert.deepEqual(s.report.charts.filter((c) => c.id !== 'map'), expected.charts.filter((c) => c.id !== 'map'));
  const nearest = (pts, i, k) => pts.map((p, j) => [Math.hypot(p[0] - pts[i][0], p[1] - pts[i][1]), j])
    .filter(([, j]) => j !== i).sort((a, b) => a[0] - b[0] || a[1] - b[1]).slice(0, k).map(([, j]) => j);
  let kept = 0;
  for (let i = 0; i < myPoints.length; ++i) {
    const a = new Set(nearest(myPoints, i, 5));
    kept += nearest(theirPoints, i, 5).filter((j) => a.has(j)).length / 5;
  }
  kept /= myPoints.length;
  console.log(`# Fig. 5 map, page against CLI: ${(100 * kept).toFixed(0)} % of each item's 5 nearest items shared`);
  assert.ok(kept > 0.6, `the two maps keep the same neighbourhoods (${kept.toFixed(2)} of the 5 nearest shared)`);
  await clickNamed(app.page, 'study feature-space');
  const shown = await wheelChartIntoView(app.page, 'study-chart-map');
  assert.ok(shown.whole, 'the study\'s map can be scrolled into view');
  await expectDotsDrawn('studies_feature_space_map.png', shown.rect);
});

// A reload changes nothing: the comparison, the clusters with their forests and both estimates are computed again from
// the same files with the same choices, so the study equals the CLI's again.
test('after a reload the tab\'s results come back and the study is the same', async () => {
  assert.ok(studyExpected, 'the study test ran first');
  const before = await untilPanel(app.page, PANEL, () => true, 'the panel', 10000);
  await workspaceSettled(app.page);
  await app.page.reload();
  await waitReady(app);
  await sendCommand(app.page, { do: 'show', tab: PANEL });
  const back = await until((x) => x.restore?.state === 'done' && x.clusters?.forest && !x.clusters.forest.running &&
    x.kept_estimates.length === 2 && (before.compare?.umap === undefined || (x.compare?.umap && !x.compare.umap.running)) &&
    (before.clusters?.map === undefined || (x.clusters?.map && !x.clusters.map.running)),
  'the restored results', 180000);
  assert.deepEqual(back.restore.notes, []);
  assert.deepEqual(back.kept_estimates, before.kept_estimates);
  assert.deepEqual(back.clusters, before.clusters);
  assert.deepEqual(back.compare, before.compare);
  const s = await runStudyInTab(app.page, { study: 'feature-space' });
  assert.equal(s.error, '');
  for (const t of studyExpected.tables) assert.deepEqual(s.report.tables.find((x) => x.id === t.id), t, t.id);
  assert.deepEqual(s.report.notes, studyExpected.notes);

  // A damaged record is named, not half-read, and the page goes on.
  await app.page.evaluate(() => {
    Module.FS.writeFile('/workspace/feature_space.json', JSON.stringify({ compare: { sets: 7 }, clusters: 'x',
      estimates: [{ set: 'sample_dev.json', model: 3 }] }));
    Module.chokepointWorkspace.persist();
  });
  await workspaceSettled(app.page);
  await app.page.reload();
  await waitReady(app);
  const damaged = await until((x) => x.restore?.state === 'done', 'the record read', 60000);
  assert.deepEqual(damaged.restore.notes, ['the kept comparison is damaged and was not restored',
    'the kept clustering is damaged and was not restored', 'the kept estimate is damaged and was not restored']);
  assert.equal(damaged.clusters, undefined);
  assert.deepEqual(damaged.kept_estimates, []);
});

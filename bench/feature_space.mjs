// SQLSpace in the browser (the wasm timing): Spider dev and BIRD dev (2,568 items) with their tables.json
// uploaded into the app, then the Feature space panel's Compare (the deterministic features of both sets, computed a
// slice of items per frame, then chi-square and the PCA map), the UMAP map of the same items, Clusters on BIRD dev (the elbow over k = 2..10, a few
// k-means restarts a frame) with their forests, and the Estimator on Spider dev against published predictions (a few trees a frame):
// wall time, main-thread work per frame (p50, p99, max, frames over 50 ms), and the comparison natively
// (`chokepoint space compare`). Prints one line per step.
// Usage: node bench/feature_space.mjs [DATA_DIR]   (needs build/native/chokepoint, build/wasm/app, chromium)
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startApp, waitReady, sendCommand, panelState, repoRoot } from '../tests/e2e/browser.mjs';

const data = process.argv[2] || path.join(repoRoot, '..', 'shared', 'data');
const cli = process.env.CHOKEPOINT_CLI || path.join(repoRoot, 'build', 'native', 'chokepoint');
const files = { spider_dev: ['spider', 'dev.json'], spider_tables: ['spider', 'tables.json'], bird_dev: ['bird', 'dev.json'],
                bird_tables: ['bird', 'dev_tables.json'] };
if (!Object.values(files).every(([d, f]) => fs.existsSync(path.join(data, d, f)))) {
  console.log(`Spider and BIRD dev not found under ${data}: skipped`);
  process.exit(0);
}
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chokepoint-feature-space-'));
// Distinct names: the app names a set by its file.
for (const [name, [d, f]] of Object.entries(files)) fs.copyFileSync(path.join(data, d, f), path.join(dir, `${name}.json`));

const lexicon = path.join(repoRoot, 'build', 'native', 'assets', 'lexicon', 'wordnet.lex');
const t0 = Date.now();
// `space compare` takes one --tables: both files' databases in one. Spider's file lists its training databases too,
// one of them (formula_1) under a BIRD dev name: BIRD's schema is the one its set means.
const bird = JSON.parse(fs.readFileSync(path.join(dir, 'bird_tables.json'), 'utf8'));
const birdIds = new Set(bird.map((t) => t.db_id));
const tables = [...JSON.parse(fs.readFileSync(path.join(dir, 'spider_tables.json'), 'utf8'))
  .filter((t) => !birdIds.has(t.db_id)), ...bird];
fs.writeFileSync(path.join(dir, 'all_tables.json'), JSON.stringify(tables));
execFileSync(cli, ['space', 'compare', '--set', path.join(dir, 'spider_dev.json'), '--set', path.join(dir, 'bird_dev.json'),
  '--tables', path.join(dir, 'all_tables.json'), '--lexicon', lexicon, '--out', path.join(dir, 'compare.json')],
{ stdio: 'ignore' });
const t1 = Date.now();
execFileSync(cli, ['space', 'compare', '--set', path.join(dir, 'spider_dev.json'), '--set', path.join(dir, 'bird_dev.json'),
  '--tables', path.join(dir, 'all_tables.json'), '--lexicon', lexicon, '--out', path.join(dir, 'compare_umap.json'),
  '--umap'], { stdio: 'ignore' });
const nu = JSON.parse(fs.readFileSync(path.join(dir, 'compare_umap.json'), 'utf8')).neighbours_kept;
console.log(`native: chokepoint space compare (features of 2,568 items, chi-square, PCA): ${t1 - t0} ms`);
console.log(`native: chokepoint space compare --umap (the same, and UMAP): ${Date.now() - t1} ms; neighbours kept ` +
            `UMAP ${nu.umap}, PCA ${nu.pca}`);

async function measured(app, what, start, done) {
  await app.page.evaluate(() => Module.ccall('chokepoint_frame_work_json', 'string', [], []));  // clears the record
  const s0 = Date.now();
  await start();
  const all = [];
  for (;;) {
    const w = await app.page.evaluate(() => JSON.parse(Module.ccall('chokepoint_frame_work_json', 'string', [], [])));
    all.push(...(w.ms || w));
    if (done(await panelState(app.page, 'Feature space'))) break;
    if (Date.now() - s0 > 600000) throw new Error(`${what} did not finish in 10 minutes`);
    await new Promise((r) => setTimeout(r, 100));
  }
  const wall = Date.now() - s0;
  all.sort((a, b) => a - b);
  const q = (f) => (all.length ? all[Math.min(all.length - 1, Math.floor(f * all.length))] : 0);
  console.log(`browser: ${what}: ${wall} ms; ${all.length} frames, work per frame p50 ${q(0.5).toFixed(1)} ms, ` +
              `p99 ${q(0.99).toFixed(1)} ms, max ${q(1).toFixed(1)} ms, ${all.filter((x) => x > 50).length} over 50 ms`);
}

const app = await startApp();
try {
  await app.page.goto(app.url);
  await waitReady(app);
  for (const name of ['spider_tables', 'bird_tables', 'spider_dev', 'bird_dev'])
    await app.page.setInputFiles('#chokepoint-file-input', path.join(dir, `${name}.json`));
  await app.page.waitForFunction(() => ['spider_dev.json', 'bird_dev.json'].every((n) =>
    JSON.parse(Module.ccall('chokepoint_sets_json', 'string', [], [])).some((s) => s.name === n)), null, { timeout: 120000 });
  await sendCommand(app.page, { do: 'show', tab: 'Feature space' });
  await measured(app, 'Compare (features of 2,568 items, chi-square, PCA)',
    () => sendCommand(app.page, { do: 'space_compare', sets: ['spider_dev.json', 'bird_dev.json'], correction: 'bh' }),
    (s) => s.compare && !s.working);
  const s = await panelState(app.page, 'Feature space');
  console.log(`browser: ${s.compare.features.length} features compared, ` +
              `${s.compare.features.filter((f) => f.adjusted_p < 0.05).length} differ at adjusted p < 0.05`);
  // 003's map: UMAP of the same 2,568 items (50 exact neighbours each, 500 epochs), a row or an epoch at a time.
  await measured(app, 'UMAP map of the compared items (n_neighbors 50, min_dist 0.01, 500 epochs)',
    () => sendCommand(app.page, { do: 'space_map', projection: 'umap' }),
    (x) => (x.compare?.umap && !x.compare.umap.running) || x.error);
  const u = await panelState(app.page, 'Feature space');
  if (u.error) throw new Error(u.error);
  console.log(`browser: of each item's 10 nearest in feature space, kept on the map: UMAP ` +
              `${u.compare.umap.neighbours_kept.umap.toFixed(3)}, PCA ${u.compare.umap.neighbours_kept.pca.toFixed(3)}`);
  await sendCommand(app.page, { do: 'space_map', projection: 'pca' });
  await measured(app, 'Clusters of BIRD dev (elbow k = 2..10, 10 restarts each)',
    () => sendCommand(app.page, { do: 'space_clusters', set: 'bird_dev.json', models: [], k: 0, k_max: 10, seed: 0 }),
    (x) => x.clusters && !x.working);
  const k = await panelState(app.page, 'Feature space');
  console.log(`browser: BIRD dev's knee at k = ${k.clusters.knee}`);
  // 003 §5's explanation: one multi-class 100-tree forest, then each cluster's own one-vs-rest forest, a tree or more
  // a frame.
  await measured(app, `the clusters' forests (multi-class, then one-vs-rest for each of the ${k.clusters.k} clusters)`,
    () => sendCommand(app.page, { do: 'space_forest' }),
    (x) => (x.clusters?.forest && !x.clusters.forest.running) || x.error);

  // The estimator: Spider dev against a published system's predictions, with the Spider databases present (BIRD's
  // are not in the shared data), 200 trees as 003 §6.
  const preds = path.join(data, 'preds', 'spider_dev_codex_fewshot.csv');
  const dbs = [...new Set(JSON.parse(fs.readFileSync(path.join(dir, 'spider_dev.json'), 'utf8')).map((x) => x.db_id))]
    .map((id) => path.join(data, 'spider', 'database', id, `${id}.sqlite`)).filter((f) => fs.existsSync(f));
  if (fs.existsSync(preds) && dbs.length) {
    for (const f of dbs) await app.page.setInputFiles('#chokepoint-file-input', f);
    await app.page.setInputFiles('#chokepoint-file-input', preds);
    await app.page.waitForFunction(() => JSON.parse(Module.ccall('chokepoint_sets_json', 'string', [], []))
      .some((s) => s.name === 'spider_dev_codex_fewshot.csv'), null, { timeout: 120000 });
    await measured(app, `Estimator of Spider dev x codex few-shot (${dbs.length} databases, 200 trees)`,
      () => sendCommand(app.page, { do: 'space_estimate', set: 'spider_dev.json', model: 'spider_dev_codex_fewshot.csv',
                                    trees: 200, seed: 0, online: false }),
      (x) => (x.estimate || x.error) && !x.working);
    const e = await panelState(app.page, 'Feature space');
    if (e.error) throw new Error(e.error);
    // The other databases of Spider dev are the schema-only ones spider_tables.json made (empty tables): their
    // items score too, so this is not `chokepoint space estimate --db-root` (tests/e2e/feature_space.test.mjs checks
    // the app's estimator against the CLI's on the same databases).
    console.log(`browser: estimator held out ${e.estimate.test} items, ROC-AUC ${e.estimate.roc_auc.toFixed(4)}, ` +
                `${e.estimate.negative_features.length} negative features`);
  }
} finally {
  await app.close();
  fs.rmSync(dir, { recursive: true, force: true });
}

// `chokepoint space compare --umap` against umap-js (npm, the reference installed with the browser tests' packages)
// on the same vectors: five groups of binary feature vectors, mapped by both with n_neighbors 15 and min_dist 0.01;
// each map's neighbour preservation (the share of an item's 10 nearest items in feature space that stay among its 10
// nearest on the map) is computed here, in JavaScript, from the points, and ours must keep as much as umap-js's
// within 0.05. The report's own figure for our map must equal the one computed here.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cli, root } from './cli_fixture.mjs';

const require = createRequire(join(root, 'tests', 'e2e', 'package.json'));
let dir;
before(() => { dir = mkdtempSync(join(tmpdir(), 'chokepoint-umap-')); });
after(() => { if (dir) rmSync(dir, { recursive: true, force: true }); });

// mulberry32: a seeded generator, so the data and umap-js's start are the same on every run.
function seeded(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6D2B79F5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// Five groups of 60 rows over 40 binary features: each group's prototype with 10% of its bits flipped per row.
function vectors() {
  const rand = seeded(7);
  const prototypes = Array.from({ length: 5 }, () => Array.from({ length: 40 }, () => (rand() < 0.5 ? 1 : 0)));
  const rows = [];
  for (let g = 0; g < 5; ++g)
    for (let i = 0; i < 60; ++i) rows.push(prototypes[g].map((b) => (rand() < 0.1 ? 1 - b : b)));
  return rows;
}

const dist2 = (a, b) => a.reduce((s, v, i) => s + (v - b[i]) ** 2, 0);
// Each row's k nearest other rows, by distance then index.
const nearest = (points, k) => points.map((p, i) => points.map((q, j) => [j === i ? Infinity : dist2(p, q), j])
  .sort((x, y) => x[0] - y[0] || x[1] - y[1]).slice(0, k).map(([, j]) => j));
function preservation(high, low, k) {
  const a = nearest(high, k), b = nearest(low, k);
  return a.reduce((s, n, i) => s + n.filter((j) => b[i].includes(j)).length / k, 0) / high.length;
}

test('our UMAP keeps as much of each neighbourhood as umap-js, within 0.05', () => {
  const umapDir = join(root, 'tests', 'e2e', 'node_modules', 'umap-js');
  assert.ok(existsSync(umapDir), 'umap-js is installed (make test runs scripts/setup.sh, which installs it)');
  const rows = vectors();
  const header = ['key', 'db_id', ...Array.from({ length: 40 }, (_, c) => `f${String(c + 1).padStart(3, '0')}`)];
  const csv = (part) => [header.join(','), ...part.map(([r, i]) => [`k${i}`, 'db', ...r].join(','))].join('\n') + '\n';
  const indexed = rows.map((r, i) => [r, i]);
  writeFileSync(join(dir, 'a.csv'), csv(indexed.slice(0, 150)));
  writeFileSync(join(dir, 'b.csv'), csv(indexed.slice(150)));
  const r = spawnSync(cli, ['space', 'compare', `A=${join(dir, 'a.csv')}`, `B=${join(dir, 'b.csv')}`, '--umap',
    '--umap-neighbors', '15', '--out', join(dir, 'r.json')], { encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  const report = JSON.parse(readFileSync(join(dir, 'r.json'), 'utf8'));
  assert.deepEqual([report.map_umap.n_neighbors, report.map_umap.min_dist, report.map_umap.points.length], [15, 0.01, 300]);
  const ours = report.map_umap.points.map((p) => [p.x, p.y]);
  const pca = report.map.points.map((p) => [p.x, p.y]);

  const { UMAP } = require('umap-js');
  const reference = new UMAP({ nComponents: 2, nNeighbors: 15, minDist: 0.01, random: seeded(11) }).fit(rows);
  const k = 10;
  const keptOurs = preservation(rows, ours, k), keptReference = preservation(rows, reference, k);
  const keptPca = preservation(rows, pca, k);
  console.log(`neighbours kept (k = 10): ours ${keptOurs.toFixed(3)}, umap-js ${keptReference.toFixed(3)}, ` +
    `PCA ${keptPca.toFixed(3)}`);
  assert.ok(keptOurs >= keptReference - 0.05, `ours ${keptOurs} vs umap-js ${keptReference}`);
  assert.ok(Math.abs(report.neighbours_kept.umap - keptOurs) < 0.02, `${report.neighbours_kept.umap} vs ${keptOurs}`);
});

test('--umap refuses a map it cannot make, saying why', () => {
  writeFileSync(join(dir, 'one.csv'), 'key,db_id,f001\nx,db,1\n');
  writeFileSync(join(dir, 'other.csv'), 'key,db_id,f001\ny,db,0\n');
  const r = spawnSync(cli, ['space', 'compare', join(dir, 'one.csv'), join(dir, 'other.csv'), '--umap', '--out',
    join(dir, 'x.json')], { encoding: 'utf8' });
  assert.equal(r.status, 2);
  assert.match(r.stderr, /--umap: UMAP maps 3 to 20000 items .* these sets have 2/);
});

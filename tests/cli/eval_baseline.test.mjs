// `chokepoint eval --baseline`: the ΔEX transitions of a run against an earlier report, worked out by hand on
// literal queries: one to one by id, many expansions to one seed with --align seed_id, items without a counterpart
// counted apart, and bad baselines refused with a message that names them.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, mkdirSync, copyFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cli, assetsDir } from './cli_fixture.mjs';

let dir;
const path = (...p) => join(dir, ...p);
const bird = (items) => JSON.stringify(items.map(([id, sql, seed]) => ({ question_id: id, db_id: 'movies',
  question: `question ${id}`, evidence: '', SQL: sql, ...(seed === undefined ? {} : { jqe: { seed_id: seed } }) })));
const preds = (sqls) => JSON.stringify(Object.fromEntries(sqls.map((s, i) => [String(i), `${s}\t----- bird -----\tmovies`])));

before(() => {
  dir = mkdtempSync(join(tmpdir(), 'chokepoint-baseline-'));
  mkdirSync(path('db', 'movies'), { recursive: true });
  copyFileSync(join(assetsDir, 'db', 'movies.sqlite'), path('db', 'movies', 'movies.sqlite'));
  // Four items; the first run gets 1 and 3 right, the second 1 and 2.
  writeFileSync(path('gold.json'), bird([[1, 'SELECT 1'], [2, 'SELECT 2'], [3, 'SELECT 3'], [4, 'SELECT 4']]));
  writeFileSync(path('run1.json'), preds(['SELECT 1', 'SELECT 0', 'SELECT 3', 'SELECT 0']));
  writeFileSync(path('run2.json'), preds(['SELECT 1', 'SELECT 2', 'SELECT 0', 'SELECT 0']));
  // Seeds 1 and 2 (1 right, 2 wrong); expansions 10 and 11 of seed 1 (right, wrong) and 12 of seed 2 (right).
  writeFileSync(path('seeds.json'), bird([[1, 'SELECT 1'], [2, 'SELECT 2']]));
  writeFileSync(path('seed_preds.json'), preds(['SELECT 1', 'SELECT 0']));
  writeFileSync(path('expanded.json'), bird([[10, 'SELECT 10', 1], [11, 'SELECT 11', 1], [12, 'SELECT 12', 2]]));
  writeFileSync(path('exp_preds.json'), preds(['SELECT 10', 'SELECT 0', 'SELECT 12']));
});
after(() => { if (dir) rmSync(dir, { recursive: true, force: true }); });

const evaluate = (gold, pred, out, ...extra) => spawnSync(cli, ['eval', '--gold', path(gold), '--pred', path(pred),
  '--db-root', path('db'), '--out', path(out), ...extra], { encoding: 'utf8' });

test('by id: each item 0 -> 1, 1 -> 0 or unchanged, counted in the summary and the report', () => {
  assert.equal(evaluate('gold.json', 'run1.json', 'r1.json').status, 0);
  const r = evaluate('gold.json', 'run2.json', 'r2.json', '--baseline', path('r1.json'));
  assert.equal(r.status, 0, r.stderr);
  const b = JSON.parse(r.stdout).baseline;
  // item 1: 1 -> 1, item 2: 0 -> 1, item 3: 1 -> 0, item 4: 0 -> 0.
  assert.deepEqual([b.n, b.plus, b.minus, b.zero_correct, b.zero_wrong, b.unmatched, b.unscored, b.align],
                   [4, 1, 1, 1, 1, 0, 0, 'id']);
  assert.equal(b.mean_delta, 0);
  assert.deepEqual(JSON.parse(readFileSync(path('r2.json'), 'utf8')).baseline, b);
});

test('--align seed_id: many expansions against their one seed', () => {
  assert.equal(evaluate('seeds.json', 'seed_preds.json', 'seeds_report.json').status, 0);
  const r = evaluate('expanded.json', 'exp_preds.json', 'exp_report.json', '--baseline', path('seeds_report.json'),
                     '--align', 'seed_id');
  assert.equal(r.status, 0, r.stderr);
  const b = JSON.parse(r.stdout).baseline;
  // 10: seed 1 right, right (0 | EX = 1); 11: seed 1 right, wrong (-1); 12: seed 2 wrong, right (+1).
  assert.deepEqual([b.n, b.plus, b.minus, b.zero_correct, b.zero_wrong], [3, 1, 1, 1, 0]);
});

test('items the baseline lacks are counted apart and named, and stderr says what ΔEX is over', () => {
  const r = evaluate('expanded.json', 'exp_preds.json', 'by_id.json', '--baseline', path('seeds_report.json'));
  assert.equal(r.status, 0, r.stderr);
  const b = JSON.parse(r.stdout).baseline;
  assert.deepEqual([b.n, b.unmatched, b.unmatched_ids], [0, 3, ['10', '11', '12']]);
  assert.match(r.stderr, /over 0 pairs; 3 items have no counterpart/);
});

test('a file that is not an eval report, a set without seeds, or --align alone exit 2 naming the problem', () => {
  const notReport = evaluate('gold.json', 'run2.json', 'x.json', '--baseline', path('gold.json'));
  assert.equal(notReport.status, 2);
  assert.match(notReport.stderr, /not a report of chokepoint eval/);
  const noSeeds = evaluate('gold.json', 'run2.json', 'y.json', '--baseline', path('r1.json'), '--align', 'seed_id');
  assert.equal(noSeeds.status, 2);
  assert.match(noSeeds.stderr, /has no jqe\.seed_id/);
  const alone = evaluate('gold.json', 'run2.json', 'z.json', '--align', 'id');
  assert.equal(alone.status, 2);
  assert.match(alone.stderr, /--align pairs items with a --baseline/);
});

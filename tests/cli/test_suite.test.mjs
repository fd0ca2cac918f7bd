// `chokepoint eval --semantics test-suite` (Spider's test-suite evaluator in its default mode: DISTINCT deleted,
// '> =' joined, "order by" anywhere in the gold makes order matter) and `--test-suite` (distilled test suites: every
// DIR/<db_id>/*.sqlite must match), on the sample movies database and an empty database beside it.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, existsSync, mkdirSync, copyFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { assetsDir } from './cli_fixture.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '..', '..');
const cli = process.env.CHOKEPOINT_CLI || join(root, 'build', 'native', 'chokepoint');
let dir;

// 1: count(DISTINCT x) against count(x) of the same two rows: wrong under spider, right once DISTINCT is deleted.
// 2: '> =' is a syntax error in SQLite; the evaluator joins it. 3: ORDER BY only in a subquery of the gold, rows in
// another order: right under spider (bags), wrong under test-suite (lists).
const gold = [
  "SELECT count(DISTINCT x) FROM (SELECT 1 AS x UNION ALL SELECT 1)",
  'SELECT 2 >= 1',
  'SELECT x FROM (SELECT 1 AS x UNION ALL SELECT 2 ORDER BY x)',
];
const pred = [
  'SELECT count(x) FROM (SELECT 1 AS x UNION ALL SELECT 1)',
  'SELECT 2 > = 1',
  'SELECT x FROM (SELECT 2 AS x UNION ALL SELECT 1)',
];
// Distilled suite: movies.sqlite and an empty database (a 0-byte file). count(*) > 0 over sqlite_schema is 1 on
// the first and 0 on the second: "SELECT 1" matches on the first database only.
const suiteGold = ['SELECT count(*) > 0 FROM sqlite_schema', 'SELECT count(*) > 0 FROM sqlite_schema'];
const suitePred = ['SELECT 1', 'SELECT count(*) >= 1 FROM sqlite_schema'];

before(() => {
  assert.ok(existsSync(cli), `CLI not built: ${cli}`);
  dir = mkdtempSync(join(tmpdir(), 'chokepoint-test-suite-'));
  const movies = join(assetsDir, 'db', 'movies.sqlite');
  mkdirSync(join(dir, 'db', 'movies'), { recursive: true });
  copyFileSync(movies, join(dir, 'db', 'movies', 'movies.sqlite'));
  writeFileSync(join(dir, 'db', 'movies', 'movies_1.sqlite'), '');
  writeFileSync(join(dir, 'db', 'movies', 'notes.txt'), 'not a database\n');
  writeFileSync(join(dir, 'gold.sql'), gold.map((g) => `${g}\tmovies`).join('\n') + '\n');
  writeFileSync(join(dir, 'pred.sql'), pred.join('\n') + '\n');
  writeFileSync(join(dir, 'suite_gold.sql'), suiteGold.map((g) => `${g}\tmovies`).join('\n') + '\n');
  writeFileSync(join(dir, 'suite_pred.sql'), suitePred.join('\n') + '\n');
});
after(() => { if (dir) rmSync(dir, { recursive: true, force: true }); });

const evaluate = (g, p, ...args) => {
  const out = join(dir, `report-${args.join('_').replace(/[^a-z-]/g, '')}.json`);
  const r = spawnSync(cli, ['eval', '--gold', join(dir, g), '--pred', join(dir, p), '--db-root', join(dir, 'db'),
    '--out', out, '--regimes', 'EC-EC-IE', ...args], { encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  return { summary: JSON.parse(r.stdout), report: JSON.parse(readFileSync(out, 'utf8')) };
};

test('--semantics test-suite runs the rewritten queries and says what ran', () => {
  const spider = evaluate('gold.sql', 'pred.sql', '--semantics', 'spider');
  assert.deepEqual(spider.report.items.map((i) => i.ex), [0, 0, 1]);
  assert.equal(spider.report.items[1].pred_status, 'error');
  const ts = evaluate('gold.sql', 'pred.sql', '--semantics', 'test-suite');
  assert.equal(ts.summary.semantics, 'test-suite');
  assert.equal(ts.report.semantics, 'test-suite');
  assert.deepEqual(ts.report.items.map((i) => i.ex), [1, 1, 0]);
  assert.equal(ts.report.items[0].executed_gold_sql, 'SELECT count( x) FROM (SELECT 1 AS x UNION ALL SELECT 1)');
  assert.equal(ts.report.items[1].executed_pred_sql, 'SELECT 2 >= 1');
  assert.equal(ts.report.items[2].executed_gold_sql, undefined);  // ran as given
});

test('--test-suite: right only if right on every database of the folder', () => {
  const single = evaluate('suite_gold.sql', 'suite_pred.sql', '--semantics', 'spider');
  assert.deepEqual(single.report.items.map((i) => i.ex), [1, 1]);
  assert.equal(single.report.items[0].test_suite_databases, undefined);
  const suite = evaluate('suite_gold.sql', 'suite_pred.sql', '--semantics', 'spider', '--test-suite');
  assert.deepEqual(suite.report.items.map((i) => i.ex), [0, 1]);
  assert.equal(suite.report.items[0].test_suite_databases, 2);
  assert.equal(suite.report.items[0].test_suite_failed_database, 'movies_1.sqlite');
  assert.equal(suite.report.items[1].test_suite_databases, 2);
  assert.equal(suite.report.items[1].test_suite_failed_database, undefined);
});

test('an unknown semantics is a one-line error, exit 2', () => {
  const r = spawnSync(cli, ['eval', '--gold', join(dir, 'gold.sql'), '--pred', join(dir, 'pred.sql'), '--db-root',
    join(dir, 'db'), '--out', join(dir, 'x.json'), '--semantics', 'testsuite'], { encoding: 'utf8' });
  assert.equal(r.status, 2);
  assert.match(r.stderr, /^chokepoint: --semantics 'testsuite' is not one of bird, spider, test-suite/);
});

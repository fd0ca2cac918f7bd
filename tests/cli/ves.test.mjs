// `chokepoint ves` on a database where one query is provably slower (a full scan of 50,000 rows against an index
// lookup): fields of the summary and the per-item report, a wrong prediction scoring 0, and one-line input errors.
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

const scan = 'SELECT id, v FROM t WHERE k + 0 = 700';  // `k + 0` hides k from its index: a full scan
const lookup = 'SELECT id, v FROM t WHERE k = 700';
const wrong = 'SELECT id, v FROM t WHERE k = 701';
const failing = 'SELECT nope FROM t';

before(() => {
  assert.ok(existsSync(cli), `CLI not built: ${cli}`);
  dir = mkdtempSync(join(tmpdir(), 'chokepoint-ves-'));
  mkdirSync(join(dir, 'db', 'big'), { recursive: true });
  execFileSync('sqlite3', [join(dir, 'db', 'big', 'big.sqlite')], { input:
    `CREATE TABLE t(id INTEGER PRIMARY KEY, k INTEGER, v TEXT);
     WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 50000)
       INSERT INTO t SELECT i, i * 7 % 50021, 'row ' || i FROM n;
     CREATE INDEX t_k ON t(k);` });
  writeFileSync(join(dir, 'gold.sql'), [scan, scan, scan].map((g) => `${g}\tbig`).join('\n') + '\n');
  writeFileSync(join(dir, 'pred.sql'), [lookup, wrong, failing].join('\n') + '\n');
});
after(() => { if (dir) rmSync(dir, { recursive: true, force: true }); });

const ves = (...args) => spawnSync(cli, ['ves', ...args], { encoding: 'utf8' });
const standard = (out, ...more) => ['--gold', join(dir, 'gold.sql'), '--pred', join(dir, 'pred.sql'), '--db-root',
  join(dir, 'db'), '--out', out, '--iterations', '5', ...more];

test('summary: VES, C-VES, R-VES, the spread of gold against itself and how it was timed', () => {
  const out = join(dir, 'v.json');
  const r = ves(...standard(out, '--reward', '--plans'));
  assert.equal(r.status, 0, r.stderr);
  const s = JSON.parse(r.stdout);
  assert.equal(s.n, 3);
  assert.equal(s.correct, 1);
  assert.equal(s.iterations, 5);
  assert.equal(s.timing, 'step');
  assert.ok(s.clock_resolution_ns > 0);
  assert.ok(s.min_span_ns >= 1e6);
  assert.ok(s.c_ves > 100, `the index lookup is faster: C-VES ${s.c_ves}`);
  assert.ok(Math.abs(s.ves - s.c_ves / 3) < 0.02, 'VES = EX x C-VES');
  assert.equal(s.spread.items, 3);
  // Within its own spread of 100 (generous: five runs on a loaded machine may hold one slow outlier).
  assert.ok(Math.abs(s.spread.self_ves - 100) < Math.max(30, 300 * s.spread.self_cv),
    `gold against itself: ${s.spread.self_ves} (cv ${s.spread.self_cv})`);
  assert.ok(s.spread.self_cv >= 0 && s.spread.self_score_sd >= 0);
  assert.ok(s.harness.wall_ms >= s.harness.stepped_ms);
  assert.deepEqual(Object.values(s.rewards).reduce((a, b) => a + b, 0), 3);
  assert.equal(s.rewards['0'], 2);

  const report = JSON.parse(readFileSync(out, 'utf8'));
  const [fast, bad, failed] = report.items;
  assert.equal(fast.correct, true);
  assert.equal(fast.timing.ratios.length, 5);
  assert.ok(fast.timing.kept >= 1 && fast.timing.kept <= 5);
  assert.ok(fast.timing.mean_ratio > 1 && fast.score > 100);
  assert.equal(fast.timing.gold.ms.length, 5);
  assert.ok(fast.timing.pred.repetitions > 1, 'a lookup is repeated to fill a span');
  assert.ok(fast.timing.gold.vm_steps > 100 * fast.timing.pred.vm_steps);
  assert.deepEqual(fast.plans, { gold: ['SCAN t'], pred: ['SEARCH t USING INDEX t_k (k=?)'] });
  assert.equal(bad.ex, 0);
  assert.equal(bad.score, 0);
  assert.equal(bad.reward, 0);
  assert.equal(bad.timing, undefined, 'a wrong prediction is not timed');
  assert.equal(failed.pred_status, 'error');
  assert.equal(failed.score, 0);
  assert.match(failed.plans.pred_error, /no such column: nope/);
});

test('--bird-timing times the first step only, and says so', () => {
  const r = ves(...standard(join(dir, 'b.json'), '--bird-timing', '--no-self'));
  assert.equal(r.status, 0, r.stderr);
  const s = JSON.parse(r.stdout);
  assert.equal(s.timing, 'bird-execute');
  assert.equal(s.spread.items, 0);
  assert.equal(s.correct, 1);
});

test('bad input is a one-line error and exit 2', () => {
  const out = join(dir, 'x.json');
  const cases = [
    [['--gold', join(dir, 'gold.sql'), '--pred', join(dir, 'pred.sql'), '--out', out], /missing arguments/],
    [standard(out).map((a) => (a === join(dir, 'db') ? join(dir, 'nowhere') : a)), /--db-root .*nowhere: not a directory/],
    [standard(out).map((a) => (a === join(dir, 'db') ? dir : a)), /3 of 3 items have no database under .*\(big\)/],
    [[...standard(out).map((a) => (a === join(dir, 'db') ? dir : a)), '--skip-missing'],
      /no database of the gold set could be opened/],
    [[...standard(out), '--iterations', '0'], /--iterations '0' is out of range \(accepted: 1 to 100000\)/],
    [[...standard(out), '--iterations', 'ten'], /--iterations 'ten' is not a whole number of iterations/],
  ];
  writeFileSync(join(dir, 'broken.json'), '[{"question": "q", "SQL": ');
  cases.push([standard(out).map((a) => (a === join(dir, 'pred.sql') ? join(dir, 'broken.json') : a)),
    /broken\.json: /]);
  for (const [args, message] of cases) {
    const r = ves(...args);
    assert.equal(r.status, 2, `${args.join(' ')}\n${r.stderr}`);
    assert.match(r.stderr, /^chokepoint: /);
    assert.match(r.stderr, message);
    assert.equal(r.stdout, '');
  }
  assert.ok(!existsSync(out));
});

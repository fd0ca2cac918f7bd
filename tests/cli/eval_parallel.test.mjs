// `chokepoint eval --jobs N` and `--shard k/n` + `chokepoint merge`: however the pairs are split (threads, or shard
// processes merged afterwards), REPORT.json, the CSV and the stdout summary are the single run's, byte for byte.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, existsSync, mkdirSync, copyFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { assetsDir } from './cli_fixture.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '..', '..');
const cli = resolve(process.env.CHOKEPOINT_CLI || join(root, 'build', 'native', 'chokepoint'));  // run elsewhere
let dir;

// Golds on the movie sample: joins, groups, order, a subquery, and one gold that fails (reported, not scored).
const golds = [
  'SELECT Title FROM movie WHERE Rating > 7',
  'SELECT count(*) FROM actor',
  'SELECT T1.Name FROM actor AS T1 JOIN characters AS T2 ON T1.ActorID = T2.ActorID WHERE T2.CreditOrder = 1',
  'SELECT Genre, avg(Budget) FROM movie GROUP BY Genre',
  'SELECT Title, Gross FROM movie ORDER BY Gross DESC LIMIT 3',
  "SELECT Name FROM actor WHERE Gender = 'Male'",
  'SELECT DISTINCT BirthCountry FROM actor',
  'SELECT T2.Title, T1.CharacterName FROM characters AS T1 JOIN movie AS T2 ON T1.MovieID = T2.MovieID',
  'SELECT max(Runtime) FROM movie',
  'SELECT MPAARating, count(*) FROM movie GROUP BY MPAARating HAVING count(*) > 1',
  'SELECT Name FROM actor WHERE ActorID IN (SELECT ActorID FROM characters GROUP BY ActorID HAVING count(*) > 1)',
  'SELECT nonsense FROM movie',
];
// Each gold meets, in turn, itself, a near miss, a broken query and its columns swapped or distinct-ed.
const variants = [
  (g) => g,
  (g) => g.replace(/ FROM /, ', 1 FROM '),
  () => 'SELECT FROM movie',
  (g) => g.replace(/^SELECT /, 'SELECT DISTINCT '),
];
const pairs = [];
// 160 pairs: more items than the report writes in one piece (with --jobs, a long array's elements are written on
// the threads).
for (let i = 0; i < 160; ++i) {
  const gold = golds[i % golds.length];
  pairs.push([gold, variants[(i >> 2) % variants.length](gold), 'movies']);
}
pairs.push(['SELECT 1', 'SELECT 1', 'nowhere']);  // no database: skipped (--skip-missing), reported, not scored

before(() => {
  assert.ok(existsSync(cli), `CLI not built: ${cli}`);
  dir = mkdtempSync(join(tmpdir(), 'chokepoint-eval-parallel-'));
  mkdirSync(join(dir, 'db', 'movies'), { recursive: true });
  const movies = join(assetsDir, 'db', 'movies.sqlite');
  copyFileSync(movies, join(dir, 'db', 'movies', 'movies.sqlite'));
  copyFileSync(movies, join(dir, 'db', 'movies', 'movies_copy.sqlite'));  // a test suite of two with --test-suite
  writeFileSync(join(dir, 'gold.sql'), pairs.map(([g, , db]) => `${g}\t${db}`).join('\n') + '\n');
  writeFileSync(join(dir, 'pred.sql'), pairs.map(([, p]) => p).join('\n') + '\n');
});
after(() => { if (dir) rmSync(dir, { recursive: true, force: true }); });

const evalArgs = (...args) =>
  ['eval', '--gold', 'gold.sql', '--pred', 'pred.sql', '--db-root', 'db', '--skip-missing', ...args];
const run = (args) => spawnSync(cli, args, { cwd: dir, encoding: 'utf8' });
const read = (name) => readFileSync(join(dir, name), 'utf8');
// Shard processes at the same time, as a job array would start them.
const runAll = (argLists) => Promise.all(argLists.map((args) => new Promise((done) => {
  const child = spawn(cli, args, { cwd: dir });
  let stderr = '';
  child.stderr.on('data', (d) => { stderr += d; });
  child.on('close', (status) => done({ status, stderr }));
})));

const configurations = {
  plain: ['--explain', '--group-by', 'joins'],
  suites: ['--test-suite', '--semantics', 'test-suite', '--where', 'joins = 0', '--em', 'spider-parser'],
};

for (const [name, options] of Object.entries(configurations)) {
  test(`--jobs 2 and 3 write the --jobs 1 report, CSV and summary byte for byte (${name})`, () => {
    const one = run(evalArgs(...options, '--out', `${name}-1.json`, '--csv', `${name}-1.csv`));
    assert.equal(one.status, 0, one.stderr);
    assert.match(one.stderr, /^chokepoint: skipping 1 of \d+ items: no database under db for 1 db_id missing \(nowhere\)\n$/);
    const report = JSON.parse(read(`${name}-1.json`));
    assert.ok(report.items.length >= 25);
    if (name === 'plain') assert.ok(report.items.length > 64, 'items are written on the threads');
    assert.ok(report.items.some((i) => i.ex === 1) && report.items.some((i) => i.ex === 0));
    // The item fields the worker's codec leaves out travel in shards too: test-suite rewrites and suites.
    if (name === 'suites') {
      assert.ok(report.items.some((i) => i.executed_pred_sql && i.test_suite_databases === 2));
      assert.ok(report.scenario.selected < report.scenario.of, '--where leaves pairs out: shards go by gold position');
    }
    // Nothing in the report depends on how long a query took (timeout_ms is the limit, not a time).
    const timed = JSON.stringify(report).match(/"[a-z_]*(_ms|_seconds|elapsed)[a-z_]*"/g) || [];
    assert.deepEqual([...new Set(timed)], ['"timeout_ms"']);
    for (const jobs of ['2', '3']) {
      const r = run(evalArgs(...options, '--out', `${name}-${jobs}.json`, '--csv', `${name}-${jobs}.csv`,
        '--jobs', jobs));
      assert.equal(r.status, 0, r.stderr);
      assert.equal(read(`${name}-${jobs}.json`), read(`${name}-1.json`), `--jobs ${jobs}`);
      assert.equal(read(`${name}-${jobs}.csv`), read(`${name}-1.csv`), `--jobs ${jobs} CSV`);
      assert.equal(r.stdout, one.stdout, `--jobs ${jobs} summary`);
      assert.equal(r.stderr, one.stderr, 'no progress line when stderr is not a terminal');
    }
  });

  test(`three shards run apart and merged in any order are the single run (${name})`, async () => {
    const one = run(evalArgs(...options, '--out', `${name}-single.json`, '--csv', `${name}-single.csv`));
    assert.equal(one.status, 0, one.stderr);
    const shards = await runAll([1, 2, 3].map((k) =>
      evalArgs(...options, '--shard', `${k}/3`, '--jobs', k === 2 ? '2' : '1', '--out', `${name}-s${k}.json`)));
    for (const s of shards) assert.equal(s.status, 0, s.stderr);
    const positions = [1, 2, 3].map((k) => JSON.parse(read(`${name}-s${k}.json`)).items.map((i) => i.position));
    for (const [k, ps] of positions.entries()) {
      assert.ok(ps.every((p) => p % 3 === k), `shard ${k + 1}/3: p % 3 = ${k}`);
    }
    const m = run(['merge', '--out', `${name}-merged.json`, '--csv', `${name}-merged.csv`,
      `${name}-s3.json`, `${name}-s1.json`, `${name}-s2.json`]);
    assert.equal(m.status, 0, m.stderr);
    assert.equal(read(`${name}-merged.json`), read(`${name}-single.json`));
    assert.equal(read(`${name}-merged.csv`), read(`${name}-single.csv`));
    assert.equal(m.stdout, one.stdout);
  });
}

test('merge refuses a missing shard, a shard given twice, shards of other arguments or changed inputs, exit 2', () => {
  for (const k of [1, 2]) assert.equal(run(evalArgs('--shard', `${k}/2`, '--out', `r${k}.json`)).status, 0);
  assert.equal(run(evalArgs('--shard', '2/2', '--timeout-ms', '4000', '--out', 'other.json')).status, 0);
  const cases = [
    [['r1.json'], /missing shard 2\/2/],
    [['r1.json', 'r2.json', 'r1.json'], /shard 1\/2 is given twice \('r1.json' and 'r1.json'\)/],
    [['r1.json', 'other.json'], /not shards of one run: their eval arguments differ/],
    [['r1.json', 'gold.sql'], /'gold.sql' is not a shard of chokepoint eval/],
  ];
  for (const [files, message] of cases) {
    const r = run(['merge', '--out', 'm.json', ...files]);
    assert.equal(r.status, 2, files.join(' '));
    assert.match(r.stderr, message);
  }
  writeFileSync(join(dir, 'pred-changed.sql'), read('pred.sql'));
  const shard = (k) => run(evalArgs('--shard', `${k}/2`, '--out', `c${k}.json`)
    .map((a) => (a === 'pred.sql' ? 'pred-changed.sql' : a)));
  assert.equal(shard(1).status, 0);
  assert.equal(shard(2).status, 0);
  writeFileSync(join(dir, 'pred-changed.sql'), read('pred.sql').replace(/^[^\n]*/, 'SELECT 2'));
  const r = run(['merge', '--out', 'm.json', 'c1.json', 'c2.json']);
  assert.equal(r.status, 2);
  assert.match(r.stderr, /'pred-changed.sql' is not the file the shards read/);
});

test('--jobs and --shard take only what they document, exit 2', () => {
  for (const [flag, value] of [['--jobs', '0'], ['--jobs', '65'], ['--jobs', 'two'], ['--shard', '0/3'],
    ['--shard', '4/3'], ['--shard', '3'], ['--shard', '1/x']]) {
    const r = run(evalArgs(flag, value, '--out', 'x.json'));
    assert.equal(r.status, 2, `${flag} ${value}`);
    assert.match(r.stderr, new RegExp(`^chokepoint: ${flag} (takes|'${value}' is)`));
  }
  const csv = run(evalArgs('--shard', '1/2', '--csv', 'x.csv', '--out', 'x.json'));
  assert.equal(csv.status, 2);
  assert.match(csv.stderr, /give it to chokepoint merge/);
});

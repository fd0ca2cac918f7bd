// `chokepoint mutate --shard k/n` + `chokepoint merge`: three shard processes, merged in any order, give the report
// and stdout summary (SQLMorph Table X) of the single run byte for byte, and merge refuses shards that are not one
// run's.
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

before(() => {
  assert.ok(existsSync(cli), `CLI not built: ${cli}`);
  dir = mkdtempSync(join(tmpdir(), 'chokepoint-mutate-shards-'));
  for (const db of ['movies', 'toxicology']) {
    mkdirSync(join(dir, 'db', db), { recursive: true });
    copyFileSync(join(assetsDir, 'db', `${db}.sqlite`), join(dir, 'db', db, `${db}.sqlite`));
  }
  // The sample set's golds on both databases, plus golds that fail, do not parse or have no database (skipped, with
  // --skip-missing).
  const golds = readFileSync(join(root, 'assets', 'sets', 'sample_gold.sql'), 'utf8').trim().split('\n');
  golds.splice(4, 0, 'SELECT Title FROM movie WHERE Rating > 7 AND abs(-9223372036854775808) > 0\tmovies');
  golds.splice(8, 0, 'SELEC Title FROM movie\tmovies');
  golds.push('SELECT 1\tnowhere');
  writeFileSync(join(dir, 'gold.sql'), golds.join('\n') + '\n');
});
after(() => { if (dir) rmSync(dir, { recursive: true, force: true }); });

const mutateArgs = (...args) => ['mutate', '--gold', 'gold.sql', '--db-root', 'db', '--skip-missing', ...args];
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
  defaults: [],
  options: ['--regimes', 'EC-EC-IE,SC-PC-IE,NC-PC', '--semantics', 'spider', '--drop-equivalent', '--table',
    '--operators', 'where_remove,join_break,add_star_wildcard,limit_decrease,aggregation_swap'],
};

for (const [name, options] of Object.entries(configurations)) {
  test(`three shards run apart and merged in any order are the single run (${name})`, async () => {
    const one = run(mutateArgs(...options, '--out', `${name}-single.json`));
    assert.equal(one.status, 0, one.stderr);
    const report = JSON.parse(read(`${name}-single.json`));
    assert.ok(report.mutants.length > 50, 'enough mutants to spread over the shards');
    assert.equal(report.skipped.length, 3, 'the failing gold, the unparsed one and the one without a database');
    const shards = await runAll([1, 2, 3].map((k) => mutateArgs(...options, '--shard', `${k}/3`,
      '--out', `${name}-s${k}.json`)));
    for (const s of shards) assert.equal(s.status, 0, s.stderr);
    for (const k of [1, 2, 3]) {
      const shard = JSON.parse(read(`${name}-s${k}.json`));
      assert.equal(shard.command, 'mutate');
      assert.ok(shard.items.every((i) => i.position % 3 === k - 1), `shard ${k}/3: p % 3 = ${k - 1}`);
    }
    const m = run(['merge', '--out', `${name}-merged.json`, `${name}-s3.json`, `${name}-s1.json`, `${name}-s2.json`]);
    assert.equal(m.status, 0, m.stderr);
    assert.equal(read(`${name}-merged.json`), read(`${name}-single.json`));
    assert.equal(m.stdout, one.stdout);
    assert.equal(m.stderr, one.stderr, 'the --table text too');
  });
}

test('merge refuses a missing shard, a duplicate, shards of other arguments, commands or gold contents, exit 2',
  () => {
    for (const k of [1, 2]) assert.equal(run(mutateArgs('--shard', `${k}/2`, '--out', `m${k}.json`)).status, 0);
    assert.equal(run(mutateArgs('--shard', '2/2', '--timeout-ms', '4000', '--out', 'other.json')).status, 0);
    const pred = readFileSync(join(dir, 'gold.sql'), 'utf8').split('\n').map((l) => l.split('\t')[0]).join('\n');
    writeFileSync(join(dir, 'pred.sql'), pred);
    assert.equal(run(['eval', '--gold', 'gold.sql', '--pred', 'pred.sql', '--db-root', 'db', '--skip-missing',
      '--shard', '2/2', '--out', 'eval2.json']).status, 0);
    const cases = [
      [['m2.json'], /missing shard 1\/2/],
      [['m1.json', 'm2.json', 'm2.json'], /shard 2\/2 is given twice \('m2.json' and 'm2.json'\)/],
      [['m1.json', 'other.json'], /not shards of one run: their mutate arguments differ/],
      [['m1.json', 'eval2.json'], /not shards of one run: their commands \(eval, mutate\) differ/],
      [['m1.json', 'gold.sql'], /'gold.sql' is not a shard of chokepoint/],
    ];
    for (const [files, message] of cases) {
      const r = run(['merge', '--out', 'm.json', ...files]);
      assert.equal(r.status, 2, files.join(' '));
      assert.match(r.stderr, message);
      assert.ok(!existsSync(join(dir, 'm.json')), 'nothing written');
    }
    const csv = run(['merge', '--out', 'm.json', '--csv', 'm.csv', 'm1.json', 'm2.json']);
    assert.equal(csv.status, 2);
    assert.match(csv.stderr, /--csv is eval's/);
    writeFileSync(join(dir, 'gold.sql'), read('gold.sql').replace('SELECT 1\tnowhere', 'SELECT 2\tnowhere'));
    const changed = run(['merge', '--out', 'm.json', 'm1.json', 'm2.json']);
    assert.equal(changed.status, 2);
    assert.match(changed.stderr, /'gold.sql' is not the file the shards read/);
    writeFileSync(join(dir, 'gold.sql'), read('gold.sql').replace('SELECT 2\tnowhere', 'SELECT 1\tnowhere'));
    assert.equal(run(['merge', '--out', 'm.json', 'm1.json', 'm2.json']).status, 0, 'the same content again');
  });

test('mutate --shard takes only k/n, exit 2', () => {
  for (const value of ['0/3', '4/3', '3', '1/x']) {
    const r = run(mutateArgs('--shard', value, '--out', 'x.json'));
    assert.equal(r.status, 2, value);
    assert.match(r.stderr, /^chokepoint: --shard takes/);
  }
});

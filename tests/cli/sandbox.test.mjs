// The sandbox through the native CLI: the hostile corpus (tests/hostile/hostile_sql.txt) as a prediction file, as
// gold files and as a database's stored schema, through every command that runs SQL. After each run: no file at the
// path the SQL chose, no file beside the databases, the evaluated database and another database on the machine
// byte for byte as before, no crash, and where a report lists items, each hostile item says why it was refused.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync, execFileSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, writeFileSync, readFileSync, rmSync, existsSync, readdirSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join, dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '..', '..');
const cli = process.env.CHOKEPOINT_CLI || join(root, 'build', 'native', 'chokepoint');
let dir, dbRoot, dbFile, otherFile, target, outside, corpus;

const digest = (f) => createHash('sha256').update(readFileSync(f)).digest('hex');
const listing = (d) => readdirSync(d).sort();

before(() => {
  assert.ok(existsSync(cli), `CLI not built: ${cli}`);
  dir = mkdtempSync(join(tmpdir(), 'chokepoint-sandbox-cli-'));
  dbRoot = join(dir, 'db');
  mkdirSync(join(dbRoot, 'concert'), { recursive: true });
  dbFile = join(dbRoot, 'concert', 'concert.sqlite');
  execFileSync('sqlite3', [dbFile], { input:
    'CREATE TABLE t(a INTEGER PRIMARY KEY, b TEXT); INSERT INTO t VALUES (1, \'x\'), (2, \'y\');' +
    'CREATE VIEW v AS SELECT a FROM t;' });
  outside = join(dir, 'outside');
  mkdirSync(outside);
  otherFile = join(outside, 'other.sqlite');
  execFileSync('sqlite3', [otherFile], { input: "CREATE TABLE secrets(s); INSERT INTO secrets VALUES ('private');" });
  target = join(outside, 'authorized_keys');
  corpus = readFileSync(join(root, 'tests', 'hostile', 'hostile_sql.txt'), 'utf8').split('\n')
    .filter((l) => l && !l.startsWith('#'))
    .map((l) => l.replaceAll('@TARGET_DIR@', outside).replaceAll('@TARGET@', target).replaceAll('@OTHER@', otherFile));
  assert.ok(corpus.length > 250);
});

after(() => { if (dir) rmSync(dir, { recursive: true, force: true }); });

function run(args) {
  return spawnSync(cli, args, { encoding: 'utf8', timeout: 300000, maxBuffer: 256 << 20 });
}

// What must hold after any command: nothing written outside, nothing beside the database, no byte changed.
function assertUntouched(r, before) {
  assert.equal(r.signal, null, `no crash (stderr: ${(r.stderr || '').slice(0, 300)})`);
  assert.ok(!existsSync(target), 'no file at the path the SQL chose');
  assert.deepEqual(listing(outside), ['other.sqlite']);
  assert.deepEqual(listing(join(dbRoot, 'concert')), ['concert.sqlite']);
  assert.equal(digest(dbFile), before.db, 'the evaluated database is byte for byte the same');
  assert.equal(digest(otherFile), before.other, 'the other database is byte for byte the same');
}

function files(lines, name) {
  const gold = join(dir, `${name}-gold.sql`);
  const pred = join(dir, `${name}-pred.sql`);
  writeFileSync(gold, lines.map(() => 'SELECT a FROM t\tconcert').join('\n') + '\n');
  writeFileSync(pred, lines.join('\n') + '\n');
  return { gold, pred };
}

test('eval: every hostile prediction is an error item that says why, nothing is touched', () => {
  const before = { db: digest(dbFile), other: digest(otherFile) };
  const { gold, pred } = files(corpus, 'eval');
  const out = join(dir, 'eval.json');
  const r = run(['eval', '--gold', gold, '--pred', pred, '--db-root', dbRoot, '--out', out, '--timeout-ms', '2000']);
  assert.equal(r.status, 0, r.stderr);
  assertUntouched(r, before);
  const items = JSON.parse(readFileSync(out, 'utf8')).items;
  assert.equal(items.length, corpus.length);
  const refused = items.filter((it) => /^prediction: refused: /.test(it.message || ''));
  items.forEach((it, i) => {
    assert.notEqual(it.pred_status, 'ok', `${corpus[i]} ran`);
    assert.ok((it.message || '').length > 0, `${corpus[i]} has no reason`);
    assert.equal(it.ex, 0);
  });
  assert.ok(refused.length > 200, `most items refused by the sandbox (${refused.length})`);
  assert.equal(items[corpus.indexOf('PRAGMA query_only=0')].message,
               'prediction: refused: PRAGMA query_only = 0 is not allowed: evaluated SQL may only read (SELECT)');
});

test('eval --jobs 2 and --test-suite: the same refusals on every thread and every suite database', () => {
  const before = { db: digest(dbFile), other: digest(otherFile) };
  const { gold, pred } = files(corpus, 'jobs');
  for (const extra of [['--jobs', '2'], ['--test-suite']]) {
    const out = join(dir, `jobs-${extra[0]}.json`);
    const r = run(['eval', '--gold', gold, '--pred', pred, '--db-root', dbRoot, '--out', out, ...extra]);
    assert.equal(r.status, 0, r.stderr);
    assertUntouched(r, before);
    const items = JSON.parse(readFileSync(out, 'utf8')).items;
    assert.ok(items.every((it) => it.ex === 0 && it.pred_status !== 'ok'));
  }
});

test('ves, errors: hostile predictions never run', () => {
  const before = { db: digest(dbFile), other: digest(otherFile) };
  const { gold, pred } = files(corpus, 'ves');
  const ves = run(['ves', '--gold', gold, '--pred', pred, '--db-root', dbRoot, '--out', join(dir, 'ves.json'),
                   '--iterations', '2']);
  assert.equal(ves.status, 0, ves.stderr);
  assertUntouched(ves, before);
  assert.equal(JSON.parse(ves.stdout).correct, 0);
  const errors = run(['errors', '--gold', gold, '--pred', pred, '--db-root', dbRoot, '--out', join(dir, 'errors.json')]);
  assert.equal(errors.status, 0, errors.stderr);
  assertUntouched(errors, before);
  assert.equal(JSON.parse(errors.stdout).failed, corpus.length);
});

test('mutate, audit, sql check: hostile gold files never run either', () => {
  const before = { db: digest(dbFile), other: digest(otherFile) };
  const gold = join(dir, 'hostile-gold.sql');
  writeFileSync(gold, corpus.map((l) => `${l}\tconcert`).join('\n') + '\n');
  const mutate = run(['mutate', '--gold', gold, '--db-root', dbRoot, '--out', join(dir, 'mutate.json')]);
  assert.ok(mutate.status === 0 || mutate.status === 2, mutate.stderr);
  assertUntouched(mutate, before);
  const audit = run(['audit', '--set', gold, '--db-root', dbRoot, '--out', join(dir, 'audit.json')]);
  assert.ok(audit.status === 0 || audit.status === 2, audit.stderr);
  assertUntouched(audit, before);
  const check = run(['sql', 'check', gold, '--db-root', dbRoot]);
  assertUntouched(check, before);
  const failures = JSON.parse(check.stdout).failures;
  assert.ok(failures.some((f) => /refused: /.test(f.message)), 'the prepare check names the refusal');
});

test('study shared-failures and mutation-sensitivity: hostile predictions and golds never run', () => {
  const before = { db: digest(dbFile), other: digest(otherFile) };
  const { gold, pred } = files(corpus, 'study');
  const shared = run(['study', 'shared-failures', '--gold', gold, '--pred', `A=${pred}`, '--pred', `B=${pred}`,
    '--db-root', dbRoot, '--out', join(dir, 'study-shared'), '--regimes', 'EC-EC-IE']);
  assert.equal(shared.status, 0, shared.stderr);
  assertUntouched(shared, before);
  assert.equal(JSON.parse(shared.stdout).common_failures, corpus.length, 'every hostile prediction is a failure');
  const hostileGold = join(dir, 'study-hostile-gold.sql');
  writeFileSync(hostileGold, corpus.map((l) => `${l}\tconcert`).join('\n') + '\n');
  const mutation = run(['study', 'mutation-sensitivity', '--gold', hostileGold, '--db-root', dbRoot, '--out',
    join(dir, 'study-mutation')]);
  assert.ok(mutation.status === 0 || mutation.status === 2, mutation.stderr);
  assertUntouched(mutation, before);
  if (mutation.status === 0) assert.equal(JSON.parse(mutation.stdout).mutants, 0, 'no hostile gold ran, no mutant');
});

test('a tables.json whose column types carry statements builds schemas and creates no file', () => {
  const before = { db: digest(dbFile), other: digest(otherFile) };
  const tables = join(dir, 'tables.json');
  writeFileSync(tables, JSON.stringify([{
    db_id: 'concert', table_names_original: ['t'], table_names: ['t'],
    column_names_original: [[-1, '*'], [0, 'a'], [0, 'b']], column_names: [[-1, '*'], [0, 'a'], [0, 'b']],
    column_types: ['text', `INT); ATTACH 'file:${target}?mode=rwc' AS x; CREATE TABLE x.p(q`, 'text'],
    primary_keys: [1], foreign_keys: [],
  }]));
  const gold = join(dir, 'tables-gold.sql');
  writeFileSync(gold, ['SELECT a FROM t\tconcert', `ATTACH 'file:${target}?mode=rwc' AS y\tconcert`].join('\n') + '\n');
  const r = run(['sql', 'check', gold, '--tables', tables]);
  assertUntouched(r, before);
  const report = JSON.parse(r.stdout);
  assert.equal(report.prepared, 1, r.stdout);  // the schema built, with the type read as INTEGER
  assert.equal(report.failures.length, 1);
  assert.equal(report.failures[0].line, 2);
});

test('testsuite: a database whose stored schema carries extra statements rebuilds without running them', () => {
  const hostileRoot = join(dir, 'hostile-db');
  mkdirSync(join(hostileRoot, 'concert'), { recursive: true });
  const hostile = join(hostileRoot, 'concert', 'concert.sqlite');
  execFileSync('sqlite3', [hostile], { input:
    "CREATE TABLE t(a INTEGER PRIMARY KEY, b TEXT); INSERT INTO t VALUES (1, 'x'), (2, 'y');" +
    'PRAGMA writable_schema = ON;' +
    `UPDATE sqlite_schema SET sql = 'CREATE TABLE t(a INTEGER PRIMARY KEY, b TEXT); ATTACH ''${target}'' AS x; ` +
    "CREATE TABLE x.p AS SELECT 1' WHERE name = 't';" });
  const before = { db: digest(dbFile), other: digest(otherFile) };
  const hostileBefore = digest(hostile);
  const set = join(dir, 'suite-gold.sql');
  writeFileSync(set, 'SELECT b FROM t WHERE a > 1\tconcert\n');
  const out = join(dir, 'suite');
  const r = run(['testsuite', '--set', set, '--db-root', hostileRoot, '--out', out, '--attempts', '2']);
  assert.equal(r.status, 0, r.stderr);
  assertUntouched(r, before);
  assert.equal(digest(hostile), hostileBefore);
  assert.ok(existsSync(join(out, 'concert', 'concert.sqlite')), 'the test database was written where it belongs');
});

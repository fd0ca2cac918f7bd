// `chokepoint testsuite` on a small Spider-style fixture: a BIRD-layout db_root and manifest.json come out, every
// table within --rows, keys, UNIQUE, NOT NULL and foreign keys kept (SQLite's own checks), sizes that match the files,
// the same bytes for the same seed, the manifest's covered items and mutants told apart in step, the same mutants
// counted on the original and on the suite, a database the root lacks named, and one-line input errors.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync, execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, existsSync, mkdirSync, writeFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '..', '..');
const cli = process.env.CHOKEPOINT_CLI || join(root, 'build', 'native', 'chokepoint');
let dir;

const items = [
  { db_id: 'concert', question: 'Singers older than 40?', query: 'SELECT name FROM singer WHERE age > 40' },
  { db_id: 'concert', question: 'Concerts in 2014?', query: 'SELECT count(*) FROM concert WHERE year = 2014' },
  { db_id: 'concert', question: 'Who sang in 2014?',
    query: 'SELECT T1.name FROM singer AS T1 JOIN concert AS T2 ON T1.id = T2.singer_id WHERE T2.year = 2014' },
  { db_id: 'absent', question: 'q', query: 'SELECT 1' },
];

before(() => {
  assert.ok(existsSync(cli), `CLI not built: ${cli}`);
  dir = mkdtempSync(join(tmpdir(), 'chokepoint-testsuite-'));
  mkdirSync(join(dir, 'db', 'concert'), { recursive: true });
  execFileSync('sqlite3', [join(dir, 'db', 'concert', 'concert.sqlite')], { input: `
    CREATE TABLE singer(id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, age INT, country TEXT);
    CREATE TABLE concert(cid INTEGER PRIMARY KEY, singer_id INTEGER NOT NULL REFERENCES singer(id), year INT);
    INSERT INTO singer VALUES (1, 'Joe', 52, 'US'), (2, 'Rose', 41, 'FR'), (3, 'Tribal King', 25, 'FR');
    INSERT INTO concert VALUES (1, 1, 2014), (2, 2, 2015), (3, 3, 2014);` });
  writeFileSync(join(dir, 'dev.json'), JSON.stringify(items));
  writeFileSync(join(dir, 'broken.json'), '[{"db_id": ');
});
after(() => { if (dir) rmSync(dir, { recursive: true, force: true }); });

const testsuite = (...args) => spawnSync(cli, ['testsuite', ...args], { encoding: 'utf8' });
const sql = (file, query) => execFileSync('sqlite3', [file, query], { encoding: 'utf8' }).trim();
const build = (out, ...extra) => testsuite('--set', join(dir, 'dev.json'), '--db-root', join(dir, 'db'), '--out', out,
  '--rows', '6', '--skip-missing', ...extra);

test('writes a BIRD-layout db_root and a manifest whose sizes are the files\'', () => {
  const out = join(dir, 'suite');
  const refused = testsuite('--set', join(dir, 'dev.json'), '--db-root', join(dir, 'db'), '--out', out);
  assert.equal(refused.status, 2, 'a database the root lacks stops the build without --skip-missing');
  assert.match(refused.stderr, /^chokepoint: 1 of 4 items has no database under .*\(absent\)/);
  const r = build(out);
  assert.equal(r.status, 0, r.stderr);
  const s = JSON.parse(r.stdout);
  const file = join(out, 'concert', 'concert.sqlite');
  assert.ok(existsSync(file));
  assert.equal(s.n, 4);
  assert.equal(s.items, 3);
  assert.equal(s.databases, 1);
  assert.deepEqual(s.databases_missing, ['absent']);
  assert.equal(s.bytes_total, statSync(file).size);
  const m = JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8'));
  assert.equal(m.seed, 1);
  assert.equal(m.rows, 6);
  assert.equal(m.databases.length, 1);
  assert.equal(m.databases[0].file, 'concert/concert.sqlite');
  assert.equal(m.databases[0].bytes, statSync(file).size);
  assert.equal(m.databases[0].items, 3);
  assert.ok(m.databases[0].items_covered.length >= 1);
  assert.ok(m.databases[0].mutants_distinguished >= m.databases[0].items_covered.length);
  assert.equal(s.items_covered, m.databases[0].items_covered.length);
});

test('tables hold at most --rows rows and keep keys, UNIQUE, NOT NULL and foreign keys', () => {
  const file = join(dir, 'suite', 'concert', 'concert.sqlite');
  for (const t of ['singer', 'concert']) {
    const n = Number(sql(file, `SELECT count(*) FROM ${t}`));
    assert.ok(n >= 1 && n <= 6, `${t}: ${n} rows`);
  }
  assert.equal(sql(file, 'SELECT count(*) - count(DISTINCT name) FROM singer'), '0');
  assert.equal(sql(file, 'SELECT count(*) FROM singer WHERE name IS NULL'), '0');
  assert.equal(sql(file, 'SELECT count(*) FROM concert WHERE singer_id IS NULL'), '0');
  assert.equal(sql(file, 'SELECT count(*) FROM pragma_foreign_key_check'), '0');
  assert.equal(sql(file, 'SELECT count(*) FROM concert WHERE singer_id NOT IN (SELECT id FROM singer)'), '0');
});

test('the same seed gives the same bytes', () => {
  const r = build(join(dir, 'again'));
  assert.equal(r.status, 0, r.stderr);
  assert.deepEqual(readFileSync(join(dir, 'again', 'concert', 'concert.sqlite')),
    readFileSync(join(dir, 'suite', 'concert', 'concert.sqlite')));
  assert.equal(readFileSync(join(dir, 'again', 'manifest.json'), 'utf8'),
    readFileSync(join(dir, 'suite', 'manifest.json'), 'utf8'));
});

test('discrimination of the original and of the suite count the same mutants', () => {
  const s = JSON.parse(build(join(dir, 'third')).stdout);
  const { original, testsuite: suite } = s.discrimination;
  assert.equal(original.mutants, suite.mutants);
  assert.ok(original.mutants > 0);
  assert.equal(suite.share, suite.distinguished / suite.mutants);
  assert.equal(original.golds, 3);
  // SR: the share of the three golds that return a row; on the original all three do.
  assert.equal(s.sr.original, 100);
});

test('bad input exits 2 with one clear line', () => {
  const set = ['--set', join(dir, 'dev.json')];
  const cases = [
    [[...set, '--db-root', join(dir, 'db')], /missing arguments/],
    [[...set, '--db-root', join(dir, 'nowhere'), '--out', join(dir, 'x')], /--db-root .*no such folder/],
    [[...set, '--db-root', join(dir, 'db'), '--out', join(dir, 'x'), '--rows', '0'], /--rows '0' is out of range \(accepted: 1 to 10000\)/],
    [[...set, '--db-root', join(dir, 'db'), '--out', join(dir, 'x'), '--seed', 'abc'], /--seed 'abc' is not a whole number/],
    [['--set', join(dir, 'broken.json'), '--db-root', join(dir, 'db'), '--out', join(dir, 'x')], /broken\.json/],
  ];
  for (const [args, message] of cases) {
    const r = testsuite(...args);
    assert.equal(r.status, 2, `${args.join(' ')}: ${r.stderr}`);
    assert.match(r.stderr, message);
  }
});

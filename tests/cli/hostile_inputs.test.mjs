// Untrusted inputs through the native CLI, as a user would hand them over: each gives a clear one-line error and
// exit code 2 (or, for predictions that are merely hostile, a report that says what happened to each item), never a
// crash, no partial output file, and the database unchanged. Time and memory figures are in bench/hostile_bench.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync, execFileSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, writeFileSync, readFileSync, rmSync, existsSync, openSync, ftruncateSync,
  closeSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join, dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '..', '..');
const cli = process.env.CHOKEPOINT_CLI || join(root, 'build', 'native', 'chokepoint');
let dir;
let dbFile;

const GOLD = [
  'SELECT name FROM singer\tconcert',
  'SELECT count(*) FROM singer\tconcert',
  'SELECT country FROM singer ORDER BY age\tconcert',
  'SELECT max(age) FROM singer\tconcert',
  'SELECT name FROM singer WHERE age > 30\tconcert',
  'SELECT name, country FROM singer\tconcert',
];

before(() => {
  assert.ok(existsSync(cli), `CLI not built: ${cli}`);
  dir = mkdtempSync(join(tmpdir(), 'chokepoint-hostile-cli-'));
  mkdirSync(join(dir, 'db', 'concert'), { recursive: true });
  dbFile = join(dir, 'db', 'concert', 'concert.sqlite');
  execFileSync('sqlite3', [dbFile], { input:
    "CREATE TABLE singer(id INTEGER PRIMARY KEY, name TEXT, country TEXT, age INT);" +
    "INSERT INTO singer VALUES (1,'Joe','France',52),(2,'Ann','Netherlands',32),(3,'Tim','France',41);" });
  writeFileSync(join(dir, 'gold.sql'), GOLD.join('\n') + '\n');
});

after(() => { if (dir) rmSync(dir, { recursive: true, force: true }); });

const digest = (f) => createHash('sha256').update(readFileSync(f)).digest('hex');

function evalWith(predFile, extra = []) {
  const out = join(dir, `report-${Math.random().toString(36).slice(2)}.json`);
  const r = spawnSync(cli, ['eval', '--gold', join(dir, 'gold.sql'), '--pred', predFile, '--db-root', join(dir, 'db'),
                            '--out', out, '--regimes', 'EC-EC-IE,EC-PC-IE,SC-EC-IE,SC-PC-IE,NC-PC,NC-EC',
                            ...extra], { encoding: 'utf8', timeout: 120000, maxBuffer: 64 << 20 });
  return { ...r, out };
}

function assertRefused(r, pattern) {
  assert.equal(r.status, 2, `exit code 2; stderr: ${r.stderr.slice(0, 300)}`);
  assert.equal(r.signal, null, 'no crash');
  const lines = r.stderr.trim().split('\n');
  assert.equal(lines.length, 1, `one line: ${r.stderr.slice(0, 500)}`);
  assert.match(lines[0], pattern);
  assert.ok(!existsSync(r.out), 'no report written');
}

test('hostile predictions: every item reported with its reason, the database unchanged', () => {
  const before = digest(dbFile);
  const preds = [
    "SELECT printf('%.*c', 900000000, 'x')",
    'SELECT randomblob(900000000)',
    "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT printf('%.*c', 16000000, 'x') FROM c",
    'WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT x FROM c',
    'WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n WHERE x < 1000) SELECT count(*) FROM n a, n b, n c',
    "ATTACH DATABASE 'x.db' AS x",
  ];
  writeFileSync(join(dir, 'hostile.sql'), preds.join('\n') + '\n');
  const r = evalWith(join(dir, 'hostile.sql'), ['--timeout-ms', '1500', '--explain']);
  assert.equal(r.status, 0, r.stderr);
  const report = JSON.parse(readFileSync(r.out, 'utf8'));
  const items = report.items;
  assert.equal(items.length, 6);
  assert.equal(items[0].pred_status, 'error');
  assert.match(items[0].message, /too big.*16 MiB/);
  assert.equal(items[1].pred_status, 'error');
  assert.match(items[2].truncation, /prediction: size cap of 64 MiB/);
  assert.match(items[3].truncation, /prediction: row cap of 100000 rows/);
  assert.equal(items[4].pred_status, 'timeout');
  assert.match(items[4].message, /time limit of 1500 ms/);
  assert.equal(items[5].pred_status, 'error');
  assert.equal(digest(dbFile), before, 'the database file is byte for byte the same');
  assert.ok(!existsSync(join(dir, 'db', 'concert', 'x.db')) && !existsSync('x.db'), 'ATTACH created nothing');
});

test('a set or prediction file over the size limit is refused by its size, before it is read', () => {
  const big = join(dir, 'huge.json');
  const fd = openSync(big, 'w');
  ftruncateSync(fd, 1 << 30);  // 1 GB, sparse: costs no disk
  closeSync(fd);
  assertRefused(evalWith(big), /huge\.json is 1073\.7 MB; files of this kind may be at most 67\.1 MB/);
});

test('a 100 MB single line is refused by size; a 20 MB prediction line is refused as too big to run', () => {
  writeFileSync(join(dir, 'line100.sql'), 'SELECT ' + 'x'.repeat(100 << 20) + '\n');
  assertRefused(evalWith(join(dir, 'line100.sql')), /at most 67\.1 MB/);
  const lines = GOLD.map(() => 'SELECT 1');
  lines[0] = "SELECT '" + 'y'.repeat(20 << 20) + "'";
  writeFileSync(join(dir, 'line20.sql'), lines.join('\n') + '\n');
  const r = evalWith(join(dir, 'line20.sql'));
  assert.equal(r.status, 0, r.stderr);
  const report = JSON.parse(readFileSync(r.out, 'utf8'));
  assert.equal(report.items[0].pred_status, 'error');
  assert.match(report.items[0].message, /too big/);
});

test('invalid UTF-8 and deeply nested JSON give one clear line and exit 2', () => {
  writeFileSync(join(dir, 'bad_utf8.json'), Buffer.concat([Buffer.from('{"0": "SELECT \''), Buffer.from([0xff, 0xfe]),
                                                           Buffer.from('\'"}')]));
  assertRefused(evalWith(join(dir, 'bad_utf8.json')), /bad_utf8\.json/);
  writeFileSync(join(dir, 'nested.json'), '['.repeat(200000) + ']'.repeat(200000));
  assertRefused(evalWith(join(dir, 'nested.json')), /nested\.json/);
});

test('a corrupt database file is reported for its items; the run goes on', () => {
  mkdirSync(join(dir, 'db2', 'concert'), { recursive: true });
  const bytes = readFileSync(dbFile);
  bytes.fill(0x5a, 100, Math.min(bytes.length, 4096));  // header kept, first page destroyed
  writeFileSync(join(dir, 'db2', 'concert', 'concert.sqlite'), bytes);
  const out = join(dir, 'corrupt-report.json');
  const r = spawnSync(cli, ['eval', '--gold', join(dir, 'gold.sql'), '--pred', join(dir, 'gold.sql'),
                            '--db-root', join(dir, 'db2'), '--out', out], { encoding: 'utf8', timeout: 60000 });
  assert.equal(r.signal, null, 'no crash');
  assert.ok(r.status === 0 || r.status === 2, `exit ${r.status}: ${r.stderr}`);
  if (r.status === 0) {
    const report = JSON.parse(readFileSync(out, 'utf8'));
    for (const it of report.items) assert.notEqual(it.status, 'scored', JSON.stringify(it));
  } else {
    assert.match(r.stderr, /concert/);
  }
});

test('a 2 GB database file is read page by page: the run scores as on the small copy, nothing loads the whole file', () => {
  // The small database's pages, then zeros up to 2 GiB (sparse: no disk). SQLite trusts the page count in the header,
  // so a reader that loaded the file whole would be the only thing to notice its size.
  mkdirSync(join(dir, 'db2g', 'concert'), { recursive: true });
  const big = join(dir, 'db2g', 'concert', 'concert.sqlite');
  writeFileSync(big, readFileSync(dbFile));
  const fd = openSync(big, 'r+');
  ftruncateSync(fd, 2 ** 31);
  closeSync(fd);
  const small = evalWith(join(dir, 'gold.sql'));
  const out = join(dir, 'report-2g.json');
  const r = spawnSync('/usr/bin/time', ['-f', '%M', cli, 'eval', '--gold', join(dir, 'gold.sql'), '--pred',
                                        join(dir, 'gold.sql'), '--db-root', join(dir, 'db2g'), '--out', out,
                                        '--regimes', 'EC-EC-IE,EC-PC-IE,SC-EC-IE,SC-PC-IE,NC-PC,NC-EC'],
                      { encoding: 'utf8', timeout: 120000 });
  assert.equal(r.status, 0, r.stderr);
  assert.equal(small.status, 0, small.stderr);
  assert.deepEqual(JSON.parse(r.stdout), JSON.parse(small.stdout));
  assert.equal(JSON.parse(r.stdout).ex, 100);
  const peakKb = Number(r.stderr.trim().split('\n').pop());
  assert.ok(peakKb < 256 * 1024, `peak memory ${peakKb} kB: the file was not read whole`);
});

test('views that recurse, endless and huge views, and triggers: each item says what happened, the file unchanged', () => {
  mkdirSync(join(dir, 'dbv', 'concert'), { recursive: true });
  const file = join(dir, 'dbv', 'concert', 'concert.sqlite');
  execFileSync('sqlite3', [file], { input:
    'CREATE TABLE singer(id INTEGER PRIMARY KEY, name TEXT);' +
    "INSERT INTO singer VALUES (1,'Joe'),(2,'Ann');" +
    'CREATE VIEW v1 AS SELECT * FROM v2; CREATE VIEW v2 AS SELECT * FROM v1;' +
    'CREATE VIEW endless AS WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT x FROM c;' +
    'CREATE VIEW huge AS WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n WHERE x < 3000) ' +
    '  SELECT count(*) AS k FROM n a, n b, n c;' +
    'CREATE TABLE log(t TEXT);' +
    "CREATE TRIGGER tr AFTER INSERT ON singer BEGIN INSERT INTO log VALUES ('x'); END;" });
  const before = digest(file);
  writeFileSync(join(dir, 'views_gold.sql'), ['SELECT * FROM v1\tconcert', 'SELECT name FROM singer\tconcert',
    'SELECT name FROM singer\tconcert', 'SELECT count(*) FROM singer\tconcert'].join('\n') + '\n');
  writeFileSync(join(dir, 'views_pred.sql'), ['SELECT 1', 'SELECT x FROM endless', 'SELECT k FROM huge',
    "INSERT INTO singer VALUES (3, 'Tim')"].join('\n') + '\n');
  const out = join(dir, 'views-report.json');
  const t0 = Date.now();
  const r = spawnSync(cli, ['eval', '--gold', join(dir, 'views_gold.sql'), '--pred', join(dir, 'views_pred.sql'),
                            '--db-root', join(dir, 'dbv'), '--out', out, '--timeout-ms', '1500'],
                      { encoding: 'utf8', timeout: 60000 });
  assert.equal(r.status, 0, r.stderr);
  assert.ok(Date.now() - t0 < 30000, 'bounded by the item limits');
  const items = JSON.parse(readFileSync(out, 'utf8')).items;
  assert.equal(items[0].status, 'gold_error');
  assert.match(items[0].message, /circularly defined/);
  assert.match(items[1].truncation, /row cap of 100000 rows/);
  assert.equal(items[2].pred_status, 'timeout', JSON.stringify(items[2]));
  assert.equal(items[3].pred_status, 'error');
  assert.match(items[3].message, /readonly|read-only|not allowed/);
  assert.equal(digest(file), before, 'the database, trigger and log table unchanged');
});

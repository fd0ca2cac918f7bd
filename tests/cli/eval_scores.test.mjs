// `chokepoint eval` scores other evaluators have, on queries of literal rows whose scores are worked out by hand:
// Soft-F1 (BIRD mini-dev), QVT (NL2SQL360), scenario filters (--where) and groups by a characteristic (--group-by).
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

// 1: the right rows in another order (EX 1 under BIRD's sets; Soft-F1 pairs rows by position: 0).
// 2: an extra column (EX 0; Soft-F1 0.8). 3: the same gold as 2 spelt differently, right (EX 1, Soft-F1 1).
// 4: right (EX 1, Soft-F1 1). QVT: one group of two (items 2 and 3), one right: 50.
const gold = [
  "SELECT 1 AS x, 'a' AS y UNION ALL SELECT 2, 'b'",
  "SELECT 1, 'a'",
  "select 1 ,  'a'",
  'SELECT 3',
];
const pred = ["SELECT 2, 'b' UNION ALL SELECT 1, 'a'", "SELECT 1, 'a', 'x'", "SELECT 1, 'a'", 'SELECT 3'];

before(() => {
  assert.ok(existsSync(cli), `CLI not built: ${cli}`);
  dir = mkdtempSync(join(tmpdir(), 'chokepoint-eval-scores-'));
  mkdirSync(join(dir, 'db', 'movies'), { recursive: true });
  copyFileSync(join(assetsDir, 'db', 'movies.sqlite'), join(dir, 'db', 'movies', 'movies.sqlite'));
  writeFileSync(join(dir, 'gold.sql'), gold.map((g) => `${g}\tmovies`).join('\n') + '\n');
  writeFileSync(join(dir, 'pred.sql'), pred.join('\n') + '\n');
});
after(() => { if (dir) rmSync(dir, { recursive: true, force: true }); });

const evaluate = (...args) => spawnSync(cli, ['eval', '--gold', join(dir, 'gold.sql'), '--pred', join(dir, 'pred.sql'),
  '--db-root', join(dir, 'db'), '--semantics', 'bird', ...args], { encoding: 'utf8' });

test('Soft-F1 and QVT beside EX, per item and in the summary', () => {
  const out = join(dir, 'r.json');
  const r = evaluate('--out', out);
  assert.equal(r.status, 0, r.stderr);
  const summary = JSON.parse(r.stdout);
  assert.equal(summary.ex, 75);
  assert.equal(summary.soft_f1, 70);
  assert.equal(summary.qvt, 50);
  const report = JSON.parse(readFileSync(out, 'utf8'));
  assert.deepEqual(report.items.map((i) => i.ex), [1, 0, 1, 1]);
  assert.deepEqual(report.items.map((i) => i.soft_f1), [0, 0.8, 1, 1]);
  assert.deepEqual(report.qvt, { qvt: 50, groups: 1, items: 2 });
});

test('--where keeps the scenario, --group-by breaks it down', () => {
  const out = join(dir, 'w.json');
  const r = evaluate('--out', out, '--where', 'select_fields = 2 && set_operations = 0', '--group-by', 'count_join');
  assert.equal(r.status, 0, r.stderr);
  const summary = JSON.parse(r.stdout);
  assert.equal(summary.n, 2);
  assert.equal(summary.ex, 50);
  assert.deepEqual(summary.scenario, { where: 'select_fields = 2 && set_operations = 0', selected: 2, of: 4,
    gold_unparsed: 0 });
  const report = JSON.parse(readFileSync(out, 'utf8'));
  assert.deepEqual(report.items.map((i) => i.id), ['1', '2']);  // ids of the kept pairs, by their gold positions
  assert.equal(report.groups.by, 'joins');

  const g = join(dir, 'g.json');
  assert.equal(evaluate('--out', g, '--group-by', 'select_fields').status, 0);
  const groups = JSON.parse(readFileSync(g, 'utf8')).groups.values;
  assert.deepEqual(groups.map((v) => [v.value, v.n, v.ex]), [[1, 1, 100], [2, 3, 66.67]]);
});

test('a filter that does not parse is a one-line error naming what was expected, exit 2', () => {
  for (const [where, msg] of [['jions > 1', /unknown characteristic 'jions'/], ['joins >', /expected a whole number/],
    ['joins > 1 &&', /expected a characteristic name/]]) {
    const out = join(dir, 'bad.json');
    const r = evaluate('--out', out, '--where', where);
    assert.equal(r.status, 2, where);
    assert.match(r.stderr, /^chokepoint: --where: scenario filter: /);
    assert.match(r.stderr, msg);
    assert.ok(!existsSync(out));
  }
  const r = evaluate('--out', join(dir, 'bad.json'), '--group-by', 'nothing');
  assert.equal(r.status, 2);
  assert.match(r.stderr, /--group-by: unknown characteristic 'nothing'/);
});

test('--em: Spider exact match with our parser and with Spider\'s, which rejects INNER JOIN', () => {
  const g = join(dir, 'em_gold.sql');
  const p = join(dir, 'em_pred.sql');
  const goldSql = 'SELECT T1.Title FROM movie AS T1 JOIN characters AS T2 ON T1.MovieID = T2.MovieID WHERE T1.Budget > 100';
  writeFileSync(g, `${goldSql}\tmovies\n${goldSql}\tmovies\n`);
  // 1: the same query with other aliases, INNER JOIN and another value (EM ignores values); 2: a different query.
  writeFileSync(p, 'SELECT m.Title FROM movie AS m INNER JOIN characters AS c ON m.MovieID = c.MovieID WHERE m.Budget > 5\n' +
    'SELECT Title FROM movie\n');
  for (const [mode, em, items] of [['ours', 50, [1, 0]], ['spider-parser', 0, [0, 0]]]) {
    const out = join(dir, `em_${mode}.json`);
    const r = spawnSync(cli, ['eval', '--gold', g, '--pred', p, '--db-root', join(dir, 'db'), '--out', out, '--em', mode],
      { encoding: 'utf8' });
    assert.equal(r.status, 0, r.stderr);
    const summary = JSON.parse(r.stdout);
    assert.equal(summary.em, em, mode);
    assert.equal(summary.em_ours, 50);
    assert.equal(summary.em_spider_parser, 0);
    assert.equal(summary.spider_parser_rejected, 1);
    const report = JSON.parse(readFileSync(out, 'utf8'));
    assert.deepEqual(report.items.map((i) => i.em), items);
    // Spider's counting rules: WHERE and one join are two components of the first kind, nothing else -> medium.
    assert.deepEqual(report.items.map((i) => i.hardness), ['medium', 'medium']);
    assert.match(report.items[0].spider_parser_error, /inner/);
    assert.equal(report.by_level.by, 'hardness');
    assert.deepEqual(report.by_level.levels.map((l) => [l.level, l.em_n, l.em]), [['medium', 2, em]]);
  }
  const bad = spawnSync(cli, ['eval', '--gold', g, '--pred', p, '--db-root', join(dir, 'db'), '--out', join(dir, 'x.json'),
    '--em', 'sloppy'], { encoding: 'utf8' });
  assert.equal(bad.status, 2);
  assert.match(bad.stderr, /^chokepoint: --em '.*' is not one of ours, spider-parser/);
});

test('--validate-gold names each defective gold and the ceiling, no prediction needed', () => {
  const g = join(dir, 'validate_gold.sql');
  const golds = [
    'SELECT count(*) FROM movie',                                                            // clean
    "WITH t AS (SELECT 'a' AS n, 1 AS s UNION ALL SELECT 'b', 1 UNION ALL SELECT 'c', 0) " +
      'SELECT n FROM t ORDER BY s DESC LIMIT 1',  // tie: 'a' and 'b' share the first place
    'SELECT nope FROM movie',                                                                // error
    'SELECT Title FROM movie WHERE 0',                                                       // empty
  ];
  writeFileSync(g, golds.map((q) => `${q}\tmovies`).join('\n') + `\nSELECT 1\tnowhere\n`);
  const out = join(dir, 'validate.json');
  const refused = spawnSync(cli, ['eval', '--validate-gold', '--gold', g, '--db-root', join(dir, 'db'), '--out', out],
    { encoding: 'utf8' });
  assert.equal(refused.status, 2, 'a gold without its database stops the check');
  assert.match(refused.stderr, /1 of 5 items has no database under .*\(nowhere\).*--skip-missing/);
  const r = spawnSync(cli, ['eval', '--validate-gold', '--gold', g, '--db-root', join(dir, 'db'), '--out', out,
    '--skip-missing'], { encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  const summary = JSON.parse(r.stdout);
  assert.equal(summary.n, 5);
  assert.equal(summary.achievable, 3);  // clean, tie (it repeats), empty
  assert.equal(summary.ceiling, 60);
  assert.equal(summary.defects.tie_dependent, 1);
  assert.equal(summary.defects.error, 1);
  assert.equal(summary.defects.empty, 1);
  assert.equal(summary.defects.no_database, 1);
  const report = JSON.parse(readFileSync(out, 'utf8'));
  assert.deepEqual(report.items.map((i) => [i.id, i.defects]),
    [['1', ['tie_dependent']], ['2', ['error']], ['3', ['empty']], ['4', ['no_database']]]);
  assert.match(report.items[1].message, /nope/);
});

// `chokepoint eval` with several gold answers per question (statements separated by ';'), numeric tolerance
// (--abs-tol, --rel-tol) and tie-aware ordering (--tie-aware), on queries of literal rows.
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

// Ties: x = 2 and x = 3 share the key 9, and LIMIT 2 keeps one of them; which one is SQLite's choice.
const tied = 'SELECT x FROM (SELECT 1 AS x, 10 AS k UNION ALL SELECT 2, 9 UNION ALL SELECT 3, 9) ORDER BY k DESC LIMIT 2';
const pairs = [
  ['SELECT 1; SELECT 2', 'SELECT 2'],              // the second answer matches
  ["SELECT 'a;b'; SELECT 3", "SELECT 'a;b'"],      // the first does (';' inside a string splits nothing)
  ['SELECT nope FROM movies_nowhere; SELECT 4', 'SELECT 4'],  // the first fails, the second runs: scored
  ['SELECT 0.1 + 0.2', 'SELECT 0.3'],              // equal with --abs-tol 1e-9
  ['SELECT 100', 'SELECT 101'],                    // equal with --rel-tol 0.01
  ['SELECT 1', "SELECT '1.0'"],                    // text never equals a number
  [tied, 'SELECT 1 UNION ALL SELECT 2'],
  [tied, 'SELECT 1 UNION ALL SELECT 3'],
];

before(() => {
  assert.ok(existsSync(cli), `CLI not built: ${cli}`);
  dir = mkdtempSync(join(tmpdir(), 'chokepoint-eval-golds-'));
  mkdirSync(join(dir, 'db', 'movies'), { recursive: true });
  copyFileSync(join(assetsDir, 'db', 'movies.sqlite'), join(dir, 'db', 'movies', 'movies.sqlite'));
  writeFileSync(join(dir, 'gold.sql'), pairs.map(([g]) => `${g}\tmovies`).join('\n') + '\n');
  writeFileSync(join(dir, 'pred.sql'), pairs.map(([, p]) => p).join('\n') + '\n');
});
after(() => { if (dir) rmSync(dir, { recursive: true, force: true }); });

const evaluate = (name, ...args) => {
  const out = join(dir, name);
  const r = spawnSync(cli, ['eval', '--gold', join(dir, 'gold.sql'), '--pred', join(dir, 'pred.sql'),
    '--db-root', join(dir, 'db'), '--semantics', 'bird', '--out', out, ...args], { encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  return JSON.parse(readFileSync(out, 'utf8')).items;
};

test('any gold answer matching makes EX 1, and the item says which', () => {
  const items = evaluate('plain.json');
  assert.deepEqual(items.slice(0, 3).map((i) => [i.status, i.ex, i.golds, i.matched_gold]),
    [['scored', 1, 2, 1], ['scored', 1, 2, 0], ['scored', 1, 2, 1]]);
  assert.deepEqual(items.slice(3, 6).map((i) => i.ex), [0, 0, 0]);
  // Without --tie-aware exactly one of the two tie members matches SQLite's own pick, and nothing is flagged.
  assert.equal(items[6].ex + items[7].ex, 1);
  assert.ok(items.every((i) => i.tie_dependent === undefined && i.tie_accepted === undefined));
  assert.equal(items[3].golds, undefined);  // one gold: no golds/matched_gold in the item
});

test('--abs-tol and --rel-tol let numbers differ, never text from a number', () => {
  assert.deepEqual(evaluate('abs.json', '--abs-tol', '1e-9').slice(3, 6).map((i) => i.ex), [1, 0, 0]);
  // 1 % of 0.3 covers 0.1 + 0.2 too.
  assert.deepEqual(evaluate('rel.json', '--rel-tol', '0.01').slice(3, 6).map((i) => i.ex), [1, 1, 0]);
  assert.deepEqual(evaluate('rel2.json', '--rel-tol', '0.001').slice(3, 6).map((i) => i.ex), [1, 0, 0]);
});

test('--tie-aware accepts the other member of the tie and flags it', () => {
  const items = evaluate('ties.json', '--tie-aware');
  assert.deepEqual(items.slice(6).map((i) => [i.ex, i.tie_dependent]), [[1, true], [1, true]]);
  assert.equal(items.slice(6).filter((i) => i.tie_accepted).length, 1);
  assert.ok(items.slice(0, 6).every((i) => i.tie_dependent === undefined));
});

test('a tolerance that is not a number of at least 0 is a one-line error, exit 2', () => {
  for (const [flag, value] of [['--abs-tol', '-1'], ['--rel-tol', 'x'], ['--abs-tol', '1e-3z']]) {
    const r = spawnSync(cli, ['eval', '--gold', join(dir, 'gold.sql'), '--pred', join(dir, 'pred.sql'),
      '--db-root', join(dir, 'db'), '--out', join(dir, 'bad.json'), flag, value], { encoding: 'utf8' });
    assert.equal(r.status, 2, `${flag} ${value}`);
    assert.match(r.stderr, new RegExp(`^chokepoint: ${flag} '${value}' is (not a number|out of range) \\(accepted: 0 or more\\)`));
  }
});

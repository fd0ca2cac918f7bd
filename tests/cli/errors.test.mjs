// `chokepoint errors` on the sample toxicology database with one prediction made for each kind of failure: the
// counts per System Error kind and Result Error subcategory are the ones the predictions were written to have,
// and each failed item carries its evidence. The right prediction is not listed.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync, rmSync, existsSync, mkdirSync, copyFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { assetsDir } from './cli_fixture.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '..', '..');
const cli = process.env.CHOKEPOINT_CLI || join(root, 'build', 'native', 'chokepoint');
let dir;

// [gold, prediction, expected kind]
const CASES = [
  ["SELECT COUNT(*) FROM atom WHERE element = 'cl'", 'SELECT COUNT(*) FROM bond', 'table_query/incorrect'],
  ["SELECT element FROM atom WHERE molecule_id = 'TR000'", "SELECT atom_id FROM atom WHERE molecule_id = 'TR000'",
    'column_selection/incorrect'],
  ["SELECT T1.element FROM atom AS T1 JOIN connected AS T2 ON T1.atom_id = T2.atom_id WHERE T2.bond_id = 'TR000_1_2'",
    "SELECT T1.element FROM atom AS T1 JOIN connected AS T2 ON T1.molecule_id = T2.atom_id WHERE T2.bond_id = 'TR000_1_2'",
    'join_columns'],
  ["SELECT COUNT(*) FROM atom WHERE element = 'cl'", "SELECT COUNT(*) FROM atom WHERE element = 'h'", 'condition_filter'],
  ['SELECT COUNT(DISTINCT element) FROM atom', 'SELECT COUNT(element) FROM atom', 'data_processing'],
  ['SELECT COUNT(*) FROM atom', 'SELECT COUNT(*) FROM atoms', 'no such table'],
  ['SELECT COUNT(*) FROM atom', 'SELECT COUNT(nme) FROM atom', 'no such column'],
  ['SELECT COUNT(*) FROM bond', 'SELECT COUNT(*) FROM bond', null],
];

before(() => {
  assert.ok(existsSync(cli), `CLI not built: ${cli}`);
  dir = mkdtempSync(join(tmpdir(), 'chokepoint-errors-'));
  mkdirSync(join(dir, 'db', 'toxicology'), { recursive: true });
  copyFileSync(join(assetsDir, 'db', 'toxicology.sqlite'), join(dir, 'db', 'toxicology', 'toxicology.sqlite'));
  writeFileSync(join(dir, 'gold.sql'), CASES.map(([g]) => `${g}\ttoxicology`).join('\n') + '\n');
  writeFileSync(join(dir, 'pred.sql'), CASES.map(([, p]) => p).join('\n') + '\n');
});
after(() => { if (dir) rmSync(dir, { recursive: true, force: true }); });

test('one failed prediction of each kind is classified as written', () => {
  const out = join(dir, 'errors.json');
  const r = spawnSync(cli, ['errors', '--gold', join(dir, 'gold.sql'), '--pred', join(dir, 'pred.sql'), '--db-root',
    join(dir, 'db'), '--out', out], { encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  const summary = JSON.parse(r.stdout);
  assert.equal(summary.n, CASES.length);
  assert.equal(summary.failed, CASES.length - 1);
  assert.deepEqual(summary.system_errors, { 'no such column': 1, 'no such table': 1 });
  assert.deepEqual(summary.result_errors, {
    table_query: 1, 'table_query/incorrect': 1, column_selection: 1, 'column_selection/incorrect': 1,
    join_columns: 1, condition_filter: 1, data_processing: 1,
  });
  const report = JSON.parse(readFileSync(out, 'utf8'));
  for (const [i, [, , expected]] of CASES.entries()) {
    const item = report.items.find((x) => x.id === String(i));
    if (!expected) { assert.equal(item, undefined, 'the right prediction is not listed'); continue; }
    const got = item.direction ? `${item.kind}/${item.direction}` : item.kind;
    assert.equal(got, expected, `item ${i}: ${JSON.stringify(item)}`);
    assert.ok(item.evidence.length > 0 && item.evidence[0].length > 0);
  }
});

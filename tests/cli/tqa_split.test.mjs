// `chokepoint tqa split` on a made-up benchmark of six databases, each four tables in a chain a - b - c - d: the
// databases whose queries join three tables and those whose queries join four form the two k-means clusters, the
// larger one is split by whole databases into test, dev and train, and the parts' files hold exactly their
// databases' queries. Counts are made by hand from the fixture below.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cli } from './cli_fixture.mjs';

let dir;
const run = (...args) => spawnSync(cli, args, { encoding: 'utf8' });
// Databases d0..d3 ask three-table joins (4 queries each), d4 and d5 four-table joins (3 each), every database
// also one single-table query (left out: below three nodes).
const DBS = ['d0', 'd1', 'd2', 'd3', 'd4', 'd5'];
const THREE = 'SELECT count(*) FROM a JOIN b ON a.id = b.a_id JOIN c ON b.id = c.b_id';
const FOUR = `${THREE} JOIN d ON c.id = d.c_id`;

before(() => {
  dir = mkdtempSync(join(tmpdir(), 'chokepoint-tqa-split-'));
  const tables = DBS.map((db) => ({
    db_id: db,
    table_names_original: ['a', 'b', 'c', 'd'],
    table_names: ['a', 'b', 'c', 'd'],
    column_names_original: [[-1, '*'], [0, 'id'], [1, 'id'], [1, 'a_id'], [2, 'id'], [2, 'b_id'], [3, 'id'],
      [3, 'c_id']],
    column_names: [[-1, '*'], [0, 'id'], [1, 'id'], [1, 'a id'], [2, 'id'], [2, 'b id'], [3, 'id'], [3, 'c id']],
    column_types: ['text', 'number', 'number', 'number', 'number', 'number', 'number', 'number'],
    primary_keys: [1, 2, 4, 6],
    foreign_keys: [[3, 1], [5, 2], [7, 4]],
  }));
  writeFileSync(join(dir, 'tables.json'), JSON.stringify(tables));
  const items = [];
  for (const db of DBS) {
    const joined = db === 'd4' || db === 'd5' ? FOUR : THREE;
    const n = db === 'd4' || db === 'd5' ? 3 : 4;
    for (let k = 0; k < n; ++k) items.push({ db_id: db, question: `q${items.length}`, evidence: '', SQL: joined });
    items.push({ db_id: db, question: `q${items.length}`, evidence: '', SQL: 'SELECT count(*) FROM a' });
  }
  items.forEach((it, i) => { it.question_id = i; it.difficulty = 'simple'; });
  writeFileSync(join(dir, 'set.json'), JSON.stringify(items));
});
after(() => { if (dir) rmSync(dir, { recursive: true, force: true }); });

test('two clusters by node counts; the larger split by whole databases; the files hold their queries', () => {
  const out = join(dir, 'split');
  const r = run('tqa', 'split', '--gold', join(dir, 'set.json'), '--tables', join(dir, 'tables.json'), '--out', out);
  assert.equal(r.status, 0, r.stderr);
  const s = JSON.parse(r.stdout);
  assert.equal(s.items, 28);
  assert.equal(s.left_out.below_min_nodes, 6);
  const clusters = s.clusters.map((c) => [...c.db_ids].sort().join(',')).sort();
  assert.deepEqual(clusters, ['d0,d1,d2,d3', 'd4,d5']);
  const parts = ['train', 'dev', 'test'].map((p) => s.split[p]);
  assert.deepEqual(parts.flatMap((p) => p.db_ids).sort(), ['d0', 'd1', 'd2', 'd3'], 'the larger cluster, each once');
  assert.equal(parts.reduce((n, p) => n + p.queries, 0), 16);
  for (const p of parts) assert.equal(p.queries, p.db_ids.length * 4);
  assert.ok(s.split.test.databases >= 1 && s.split.dev.databases >= 1 && s.split.train.databases >= 1);
  for (const name of ['train', 'dev', 'test']) {
    const file = JSON.parse(readFileSync(join(out, `${name}.json`), 'utf8'));
    assert.equal(file.length, s.split[name].queries, name);
    assert.ok(file.every((it) => s.split[name].db_ids.includes(it.db_id) && it.SQL === THREE), name);
  }
  assert.deepEqual(JSON.parse(readFileSync(join(out, 'split.json'), 'utf8')).split, s.split);
  const again = run('tqa', 'split', '--gold', join(dir, 'set.json'), '--tables', join(dir, 'tables.json'));
  assert.deepEqual(JSON.parse(again.stdout).split, s.split, 'the same seed, the same split');
});

test('malformed or missing inputs are refused naming them', () => {
  const share = run('tqa', 'split', '--gold', join(dir, 'set.json'), '--tables', join(dir, 'tables.json'),
    '--test-share', '1.5');
  assert.equal(share.status, 2);
  assert.match(share.stderr, /--test-share/);
  const none = run('tqa', 'split', '--gold', join(dir, 'set.json'));
  assert.equal(none.status, 2);
  assert.match(none.stderr, /missing arguments/);
});

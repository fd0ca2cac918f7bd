// `chokepoint features` as a user runs it: the Table 1 example of 003 through the CLI (subquery, aggregate,
// correlated subquery, alias = 1; JOIN, CASE = 0), the sample set with its databases, CSV and JSONL holding the same
// cells, the online mask, the catalogue, and one-line errors with exit 2 (an --llm-config
// file that is not there; the LLM features themselves are in tests/llm_server/cli_features_llm.test.mjs).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync, execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, existsSync, mkdirSync, copyFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { assetsDir } from './cli_fixture.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '..', '..');
const cli = process.env.CHOKEPOINT_CLI || join(root, 'build', 'native', 'chokepoint');
const sample = join(root, 'assets', 'sets', 'sample_dev.json');
let dir;

const table1 = 'SELECT COUNT(*) FROM employee e WHERE salary > (SELECT AVG(salary) FROM employee WHERE dept_id = e.dept_id)';

before(() => {
  assert.ok(existsSync(cli), `CLI not built: ${cli}`);
  dir = mkdtempSync(join(tmpdir(), 'chokepoint-features-'));
  for (const db of ['toxicology', 'movies']) {
    mkdirSync(join(dir, 'db', db), { recursive: true });
    copyFileSync(join(assetsDir, 'db', `${db}.sqlite`), join(dir, 'db', db, `${db}.sqlite`));
  }
  mkdirSync(join(dir, 'db', 'company'), { recursive: true });
  execFileSync('sqlite3', [join(dir, 'db', 'company', 'company.sqlite')], { input:
    `CREATE TABLE department(dept_id INTEGER PRIMARY KEY, name TEXT);
     CREATE TABLE employee(id INTEGER PRIMARY KEY, name TEXT, salary REAL, dept_id INTEGER REFERENCES department);` });
  writeFileSync(join(dir, 'company.json'), JSON.stringify([
    { db_id: 'company', question: "How many employees earn more than their department's average salary?", query: table1 },
    { db_id: 'company', question: "List the names of employees in 'Sales' or 'R&D' with a salary > 5000.",
      query: "SELECT T1.name FROM employee AS T1 JOIN department AS T2 ON T1.dept_id = T2.dept_id WHERE (T2.name = 'Sales' OR T2.name = 'R&D') AND T1.salary > 5000" },
    { db_id: 'company', question: 'Which salaries are the highest?', query: 'SELECT FROM WHERE' },
  ]));
});
after(() => { if (dir) rmSync(dir, { recursive: true, force: true }); });

const run = (...args) => spawnSync(cli, ['features', ...args], { encoding: 'utf8' });

function readCsv(path) {
  const [header, ...rows] = readFileSync(path, 'utf8').trim().split('\n').map((l) => l.split(','));
  return rows.map((cells) => Object.fromEntries(header.map((h, i) => [h, cells[i]])));
}

test('the Table 1 example: subquery, aggregate, correlated subquery and alias are 1; JOIN and CASE 0', () => {
  const out = join(dir, 'company.csv');
  const r = run('--set', join(dir, 'company.json'), '--db-root', join(dir, 'db'), '--out', out);
  assert.equal(r.status, 0, r.stderr);
  const s = JSON.parse(r.stdout);
  assert.equal(s.items, 3);
  assert.equal(s.features, 187);
  assert.equal(s.deterministic, 73);
  assert.equal(s.llm_undecided, 114);
  assert.equal(s.sql_unparsed, 1);
  assert.match(s.note, /LLM/);
  const [t1, join2, broken] = readCsv(out);
  assert.equal(t1.key, '0');
  assert.equal(t1.db_id, 'company');
  for (const f of ['f074', 'f077', 'f089', 'f104', 'f109', 'f090']) assert.equal(t1[f], '1', f);
  for (const f of ['f080', 'f097', 'f110']) assert.equal(t1[f], '0', f);
  assert.equal(t1.f001, '', 'an LLM feature stays unknown');
  assert.equal(t1.f182, '1', '"salary" names a column');
  // The second: a join, OR inside AND (complex condition), a quoted value, symbols, a number compared.
  for (const f of ['f080', 'f085', 'f101', 'f113', 'f055', 'f039', 'f073', 'f070', 'f124']) assert.equal(join2[f], '1', f);
  // The third does not parse: its SQL features are unknown, its question features are not.
  assert.equal(broken.f074, '');
  assert.equal(broken.f063, '1');
});

test('the sample set: CSV and JSONL carry the same cells; the online mask keeps 121 columns and never reads SQL', () => {
  const csv = join(dir, 'sample.csv'), jsonl = join(dir, 'sample.jsonl'), online = join(dir, 'online.csv');
  const a = run('--set', sample, '--db-root', join(dir, 'db'), '--out', csv);
  assert.equal(a.status, 0, a.stderr);
  assert.equal(JSON.parse(a.stdout).items, 28);
  const b = run('--set', sample, '--db-root', join(dir, 'db'), '--out', jsonl);
  assert.equal(b.status, 0, b.stderr);
  const [header, ...lines] = readFileSync(jsonl, 'utf8').trim().split('\n').map((l) => JSON.parse(l));
  assert.equal(header.columns.length, 187);
  const rows = readCsv(csv);
  assert.equal(lines.length, rows.length);
  lines.forEach((line, i) => {
    assert.equal(line.key, rows[i].key);
    for (const c of header.columns) assert.equal(line.features[c] === undefined ? '' : String(line.features[c]), rows[i][c]);
  });
  const o = run('--set', join(dir, 'company.json'), '--db-root', join(dir, 'db'), '--out', online, '--online');
  assert.equal(o.status, 0, o.stderr);
  const s = JSON.parse(o.stdout);
  assert.equal(s.features, 121);
  assert.equal(s.mask, 'aspects');
  assert.equal(s.sql_unparsed, 0);
  assert.equal(s.deterministic, 30);
  const onlineRows = readCsv(online);
  assert.equal(Object.keys(onlineRows[0]).length, 2 + 121);
  assert.equal(onlineRows[0].f074, undefined, 'no SQL-syntax column online');
  const n = run('--set', join(dir, 'company.json'), '--tables', '/nonexistent.json', '--out', online);
  assert.equal(n.status, 2);
  const m = run('--set', join(dir, 'company.json'), '--db-root', join(dir, 'db'), '--out', online, '--online',
    '--online-mask', 'no-sql');
  assert.equal(JSON.parse(m.stdout).features, 89);
});

test('--catalogue lists the 187 features with their deciders and definitions', () => {
  const r = run('--catalogue');
  assert.equal(r.status, 0, r.stderr);
  const list = JSON.parse(r.stdout);
  assert.equal(list.length, 187);
  assert.equal(list.filter((f) => f.decider !== 'llm').length, 73);
  assert.equal(list.filter((f) => f.online).length, 121);
  const f104 = list.find((f) => f.id === 104);
  assert.equal(f104.predicate, 'uses a correlated subquery');
  assert.equal(f104.decider, 'sql');
  assert.match(f104.definition, /enclosing query/);
});

test('bad input: one line, exit 2; an --llm-config file that is not there is named', () => {
  const llm = run('--set', sample, '--db-root', join(dir, 'db'), '--out', join(dir, 'x.csv'), '--llm-config', 'c.json');
  assert.equal(llm.status, 2);
  assert.match(llm.stderr, /c\.json/);
  const missing = run('--set', sample, '--out', join(dir, 'x.csv'));
  assert.equal(missing.status, 2);
  assert.match(missing.stderr, /missing arguments/);
  const mask = run('--set', sample, '--db-root', join(dir, 'db'), '--out', join(dir, 'x.csv'), '--online-mask', 'all');
  assert.equal(mask.status, 2);
  assert.match(mask.stderr, /--online-mask 'all' is not one of aspects, no-sql/);
  const set = run('--set', join(dir, 'nope.json'), '--db-root', join(dir, 'db'), '--out', join(dir, 'x.csv'));
  assert.equal(set.status, 2);
  assert.equal(set.stderr.trim().split('\n').length, 1);
});

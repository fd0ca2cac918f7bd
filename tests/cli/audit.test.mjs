// `chokepoint audit` on a BIRD-style set over a fixture database with planted defects (orphan bonds, a padded
// airport name, a case-only literal, card_games 357's NULL filter): the summary per kind, the findings with the
// question ids they affect, a key only tables.json labels, a database the root lacks, and one-line input errors.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync, execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '..', '..');
const cli = process.env.CHOKEPOINT_CLI || join(root, 'build', 'native', 'chokepoint');
let dir;

const items = [
  { question_id: 286, db_id: 'tox', question: 'How many bonds are in molecules labelled \'+\'?', evidence: '',
    SQL: 'SELECT count(*) FROM bond AS T1 JOIN molecule AS T2 ON T1.molecule_id = T2.molecule_id WHERE T2.label = \'+\'',
    difficulty: 'simple' },
  { question_id: 300, db_id: 'tox', question: 'Which elements do the atoms have?', evidence: '',
    SQL: 'SELECT T1.element FROM atom AS T1 JOIN molecule AS T2 ON T1.molecule_id = T2.molecule_id',
    difficulty: 'simple' },
  { question_id: 197, db_id: 'tox', question: 'Which city and country is the Alton airport at?', evidence: '',
    SQL: 'SELECT City, Country FROM airports WHERE AirportName = "Alton"', difficulty: 'simple' },
  { question_id: 198, db_id: 'tox', question: 'What is the code of the airport?', evidence: 'name is \'ALBANY\'',
    SQL: 'SELECT AirportCode FROM airports WHERE AirportName = \'ALBANY\'', difficulty: 'simple' },
  { question_id: 357, db_id: 'tox', question: 'What type of promotion is of card \'Duress\'?', evidence: '',
    SQL: 'SELECT promoTypes FROM cards WHERE name = \'Duress\' AND promoTypes IS NOT NULL', difficulty: 'simple' },
  { question_id: 900, db_id: 'elsewhere', question: 'q', evidence: '', SQL: 'SELECT 1', difficulty: 'simple' },
];

before(() => {
  assert.ok(existsSync(cli), `CLI not built: ${cli}`);
  dir = mkdtempSync(join(tmpdir(), 'chokepoint-audit-'));
  mkdirSync(join(dir, 'db', 'tox'), { recursive: true });
  execFileSync('sqlite3', [join(dir, 'db', 'tox', 'tox.sqlite')], { input: `
    CREATE TABLE molecule(molecule_id TEXT PRIMARY KEY, label TEXT);
    CREATE TABLE bond(bond_id TEXT PRIMARY KEY, molecule_id TEXT REFERENCES molecule(molecule_id));
    CREATE TABLE atom(atom_id TEXT PRIMARY KEY, molecule_id TEXT, element TEXT);
    INSERT INTO molecule VALUES ('TR000', '+'), ('TR001', '-');
    INSERT INTO bond VALUES ('b1', 'TR000'), ('b2', 'TR404'), ('b3', 'TR405');
    INSERT INTO atom VALUES ('a1', 'TR000', 'c'), ('a2', 'TR999', 'o');
    CREATE TABLE airports(City TEXT, AirportCode TEXT PRIMARY KEY, AirportName TEXT, Country TEXT);
    INSERT INTO airports VALUES ('Alton', 'ALN', 'Alton ', 'United States'), ('Albany', 'ALB', 'Albany', 'United States');
    CREATE TABLE cards(id INTEGER PRIMARY KEY, name TEXT, promoTypes TEXT);
    INSERT INTO cards VALUES (1, 'Duress', NULL), (2, 'Duress', 'arenaleague');` });
  writeFileSync(join(dir, 'dev.json'), JSON.stringify(items));
  // tables.json labels atom.molecule_id -> molecule.molecule_id, which the database does not declare.
  const tables = [['molecule', ['molecule_id', 'label']], ['bond', ['bond_id', 'molecule_id']],
    ['atom', ['atom_id', 'molecule_id', 'element']], ['airports', ['City', 'AirportCode', 'AirportName', 'Country']],
    ['cards', ['id', 'name', 'promoTypes']]];
  const columns = [[-1, '*']];
  tables.forEach(([, cols], t) => cols.forEach((c) => columns.push([t, c])));
  const index = (t, c) => columns.findIndex(([ti, name]) => ti === t && name === c);
  writeFileSync(join(dir, 'tables.json'), JSON.stringify([{
    db_id: 'tox', table_names_original: tables.map(([n]) => n), table_names: tables.map(([n]) => n),
    column_names_original: columns, column_names: columns, column_types: columns.map(() => 'text'),
    primary_keys: [index(0, 'molecule_id')], foreign_keys: [[index(2, 'molecule_id'), index(0, 'molecule_id')]] }]));
  writeFileSync(join(dir, 'broken.json'), '[{"question_id": 1, "db_id": ');
});
after(() => { if (dir) rmSync(dir, { recursive: true, force: true }); });

const audit = (...args) => spawnSync(cli, ['audit', ...args], { encoding: 'utf8' });

test('summary per kind and findings naming the question ids they affect', () => {
  const out = join(dir, 'a.json');
  const refused = audit('--set', join(dir, 'dev.json'), '--db-root', join(dir, 'db'), '--out', out);
  assert.equal(refused.status, 2, 'a database the root lacks stops the audit');
  assert.match(refused.stderr, /^chokepoint: 1 of 6 items has no database under .*: 1 db_id missing \(elsewhere\)/);
  const r = audit('--set', join(dir, 'dev.json'), '--db-root', join(dir, 'db'), '--out', out, '--skip-missing');
  assert.equal(r.status, 0, r.stderr);
  const s = JSON.parse(r.stdout);
  assert.equal(s.n, 6);
  assert.equal(s.databases, 1);
  assert.deepEqual(s.databases_missing, ['elsewhere']);
  assert.match(r.stderr, /elsewhere/);
  assert.deepEqual(s.by_kind, {
    fk_orphans: { findings: 1, items: 1 },
    padded_values: { findings: 1, items: 2 },
    literal_mismatch: { findings: 3, items: 2 },  // 'ALBANY' differs from City's 'Albany' too
    null_sensitive_gold: { findings: 1, items: 1 },
  });
  assert.equal(s.items_affected, 4);
  assert.equal(s.incomplete, 0);

  const report = JSON.parse(readFileSync(out, 'utf8'));
  const find = (kind, column, part = '') =>
    report.findings.find((f) => f.kind === kind && f.column === column && f.detail.includes(part));
  const orphans = find('fk_orphans', 'molecule_id');
  assert.equal(orphans.table, 'bond');
  assert.equal(orphans.count, 2);
  assert.deepEqual(orphans.examples, ['TR404', 'TR405']);
  assert.deepEqual(orphans.items, ['286']);
  assert.deepEqual(find('padded_values', 'AirportName').items, ['197', '198']);
  assert.deepEqual(find('literal_mismatch', 'AirportName', 'Alton').items, ['197']);
  assert.equal(find('literal_mismatch', 'AirportName', 'Alton').detail, '\'Alton\' matches only after trimming');
  assert.equal(find('literal_mismatch', 'AirportName', 'ALBANY').detail, '\'ALBANY\' matches only up to case');
  const nulls = find('null_sensitive_gold', 'promoTypes');
  assert.equal(nulls.detail, 'IS NOT NULL removed');
  assert.deepEqual(nulls.items, ['357']);
  assert.deepEqual(report.incomplete_checks, []);
});

test('--tables audits the keys tables.json labels as well', () => {
  const r = audit('--set', join(dir, 'dev.json'), '--db-root', join(dir, 'db'), '--out', join(dir, 'b.json'),
    '--tables', join(dir, 'tables.json'), '--max-examples', '1', '--skip-missing');
  assert.equal(r.status, 0, r.stderr);
  assert.equal(JSON.parse(r.stdout).by_kind.fk_orphans.findings, 2);
  const report = JSON.parse(readFileSync(join(dir, 'b.json'), 'utf8'));
  const atom = report.findings.find((f) => f.kind === 'fk_orphans' && f.table === 'atom');
  assert.equal(atom.detail, '-> molecule(molecule_id), labelled');
  assert.deepEqual(atom.items, ['300']);
  assert.deepEqual(atom.examples, ['TR999']);
  assert.equal(report.findings.find((f) => f.table === 'bond').examples.length, 1);
});

test('bad inputs: one line and exit code 2', () => {
  const cases = [
    [['--set', join(dir, 'dev.json'), '--db-root', join(dir, 'nowhere'), '--out', join(dir, 'x.json')],
      /--db-root .*nowhere: no such folder/],
    [['--set', join(dir, 'broken.json'), '--db-root', join(dir, 'db'), '--out', join(dir, 'x.json')], /broken\.json: /],
    [['--set', join(dir, 'missing.json'), '--db-root', join(dir, 'db'), '--out', join(dir, 'x.json')], /missing\.json/],
    [['--set', join(dir, 'dev.json'), '--db-root', join(dir, 'db')], /missing arguments/],
    [['--set', join(dir, 'dev.json'), '--db-root', join(dir, 'db'), '--out', join(dir, 'x.json'), '--timeout-ms', 'x'],
      /--timeout-ms 'x' is not a whole number of milliseconds/],
  ];
  for (const [args, message] of cases) {
    const r = audit(...args);
    assert.equal(r.status, 2, args.join(' '));
    assert.match(r.stderr.split('\n')[0], message);
    assert.equal(r.stdout, '');
  }
  assert.ok(!existsSync(join(dir, 'x.json')));
});

// `chokepoint retrieval` (001 Table VIII) against the loopback fake endpoint: two items in O/O, L/O and O/L (L/L
// missing, named and skipped), the original schema from --tables and the de-naturalised one from DIR/tables.json;
// TCSL and SCSL taught their answers (fenced JSON, bullets, prose, commas, names of the other schema dropped and
// counted, an unreadable answer), FPR and SLR and the deltas against O/O computed by hand; Full-Schema sends nothing
// and needs no --llm-config; a rerun with the replay store sends no request; the layout `tqa denat` writes
// (DIR/databases) is read; bad inputs exit 2 with a clear message.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { startFakeLlm } from './start_server.mjs';
import { root, run, scratchDir, removeDir } from './cli_fixture.mjs';

let llm, dir;

// Original schema: molecule(molecule_id, label), atom(atom_id, molecule_id, element); de-naturalised: mol(mol_id,
// lbl), atm(atm_id, mol_id, elem). Five columns either way.
const tablesJson = (names) => JSON.stringify([{
  db_id: 'toxicology', table_names_original: names.slice(0, 2), table_names: names.slice(0, 2),
  column_names_original: [[-1, '*'], [0, names[2]], [0, names[3]], [1, names[4]], [1, names[2]], [1, names[5]]],
  column_names: [[-1, '*'], [0, 'id'], [0, 'label'], [1, 'atom id'], [1, 'id'], [1, 'element']],
  column_types: ['text', 'text', 'text', 'text', 'text', 'text'], primary_keys: [1, 3], foreign_keys: [[4, 1]],
}]);
const Q1 = 'How many atoms are chlorine?';
const Q2 = 'Which molecules contain chlorine?';
const Q1L = 'How many atm are chlorine?';
const Q2L = 'Which mol contain chlorine?';
const SQL1 = "SELECT COUNT(*) FROM atom WHERE element = 'cl'";  // gold: atom.element
const SQL2 = "SELECT DISTINCT m.label FROM molecule m JOIN atom a ON m.molecule_id = a.molecule_id WHERE a.element = 'cl'";
const SQL1L = "SELECT COUNT(*) FROM atm WHERE elem = 'cl'";
const SQL2L = 'SELECT DISTINCT m.lbl FROM mol m JOIN atm a ON m.mol_id = a.mol_id WHERE a.elem = \'cl\'';
const item = (id, question, SQL) => ({ question_id: id, db_id: 'toxicology', question, evidence: '', SQL });

// Taught answers: O/O and O/L share their questions, so one answer names both spellings and each variant drops the
// other's names.
const ANSWERS = {
  // SCSL
  [`Question: ${Q1}\n\nWhich columns would`]: '```json\n["atom.element", "atm.elem", "atom.atom_id"]\n```',
  [`Question: ${Q2}\n\nWhich columns would`]: '- molecule.label\n- atom.element\n- mol.lbl\n- atm.elem\n- atm.mol_id',
  [`Question: ${Q1L}\n\nWhich columns would`]: 'I cannot find such a column.',
  [`Question: ${Q2L}\n\nWhich columns would`]: '["molecule.label", "atom.element", "atom.atom_id"]',
  // TCSL, step 1
  [`Question: ${Q1}\n\nWhich tables`]: '["atom", "atm"]',
  [`Question: ${Q2}\n\nWhich tables`]: 'Tables: molecule, mol',
  [`Question: ${Q1L}\n\nWhich tables`]: 'atom',
  [`Question: ${Q2L}\n\nWhich tables`]: 'None of these.',
  // TCSL, step 2
  [`Question: ${Q1}\n\nWhich columns of these tables`]: '["atom.element", "atm.elem"]',
  [`Question: ${Q2}\n\nWhich columns of these tables`]: 'molecule.label, molecule.molecule_id, atom.element, mol.lbl',
  [`Question: ${Q1L}\n\nWhich columns of these tables`]: '["atom.element", "atom.atom_id", "atom.molecule_id"]',
};

const requests = () => llm.requests();
const near = (a, b, what) => assert.ok(Math.abs(a - b) < 1e-9, `${what}: ${a} vs ${b}`);
const cell = (s, approach, variant) => s.table_viii.find((r) => r.approach === approach).cells[variant];

before(async () => {
  dir = scratchDir('chokepoint-retrieval-');
  const v = join(dir, 'variants');
  mkdirSync(v);
  writeFileSync(join(dir, 'tables.json'), tablesJson(['molecule', 'atom', 'molecule_id', 'label', 'atom_id', 'element']));
  writeFileSync(join(v, 'tables.json'), tablesJson(['mol', 'atm', 'mol_id', 'lbl', 'atm_id', 'elem']));
  writeFileSync(join(v, 'O_O.json'), JSON.stringify([item(0, Q1, SQL1), item(1, Q2, SQL2)]));
  writeFileSync(join(v, 'L_O.json'), JSON.stringify([item(0, Q1L, SQL1), item(1, Q2L, SQL2)]));
  writeFileSync(join(v, 'O_L.json'), JSON.stringify([item(0, Q1, SQL1L), item(1, Q2, SQL2L)]));
  mkdirSync(join(dir, 'empty'));
  writeFileSync(join(dir, 'empty', 'readme.txt'), 'no variants here');
  llm = await startFakeLlm(120000);
  writeFileSync(join(dir, 'llm.json'), llm.config('fake-retriever'));
  await llm.teach(ANSWERS);
});
after(() => {
  llm?.kill();
  removeDir(dir);
});

const retrievalArgs = (out, extra) => ['retrieval', '--variants', join(dir, 'variants'), '--tables',
  join(dir, 'tables.json'), '--out', out, ...extra];

test('Full-Schema needs no model and sends nothing; L/L is named as missing', async () => {
  const r = await run(retrievalArgs(join(dir, 'full.json'), ['--approach', 'full-schema']));
  assert.equal(r.code, 0, r.stderr);
  const s = JSON.parse(r.stdout);
  assert.deepEqual(s.variants, ['O/O', 'L/O', 'O/L']);
  assert.match(s.missing['L/L'], /L_L\.json not found/);
  assert.match(r.stderr, /variant L\/L skipped: .*L_L\.json not found/);
  for (const v of ['O/O', 'L/O', 'O/L']) {
    const c = cell(s, 'full-schema', v);
    // Item 1 uses 1 of the 5 columns, item 2 uses 4: FPR (4/5 + 1/5) / 2 per query, 5/10 pooled; SLR 100.
    near(c.fpr, 50, `${v} fpr`);
    near(c.fpr_pooled, 50, `${v} fpr_pooled`);
    near(c.slr, 100, `${v} slr`);
    assert.equal(c.n, 2);
  }
  near(cell(s, 'full-schema', 'O/L').delta_slr, 0, 'delta');
  assert.equal(cell(s, 'full-schema', 'O/O').delta_fpr, undefined, 'O/O has no delta against itself');
  assert.equal(s.usage.network_calls, 0);
  assert.equal(await requests(), 0);
  assert.match(r.stderr, /Table VIII: FPR \/ SLR \(%\), change against O\/O in points\napproach +O\/O +L\/O +O\/L\nfull-schema +50\.0 \/ 100\.0 +50\.0 \(\+0\.0\) \/ 100\.0 \(\+0\.0\)/);
  const items = JSON.parse(readFileSync(join(dir, 'full.json'), 'utf8')).items;
  assert.deepEqual(items.find((i) => i.variant === 'O/L' && i.id === '1').gold_columns,
    ['atm.elem', 'atm.mol_id', 'mol.lbl', 'mol.mol_id']);
});

test('--preview counts the prompts and sends nothing', async () => {
  const r = await run(retrievalArgs(join(dir, 'p.json'), ['--llm-config', join(dir, 'llm.json'), '--preview', '--fk']));
  assert.equal(r.code, 0, r.stderr);
  const p = JSON.parse(r.stdout);
  assert.deepEqual([p.calls, p.second_round_at_most, p.model, p.fk], [12, 6, 'fake-retriever', true]);
  assert.equal(p.prompts.length, 12);
  assert.deepEqual(p.later_rounds.map((l) => [l.round, l.calls_at_most]), [['tcsl columns', 6]]);
  const tables = p.prompts.find((q) => q.id.endsWith(' tables')).prompt;
  const columns = p.prompts.find((q) => q.id.endsWith(' columns')).prompt;
  assert.ok(tables.includes('# atom(atom_id, molecule_id, element);'), tables);
  assert.ok(columns.includes('- atom.element (text)\n'), columns);
  assert.ok(columns.includes('Foreign keys: atom.molecule_id = molecule.molecule_id'), columns);
  assert.equal(await requests(), 0, 'the preview sent nothing');
});

test('TCSL and SCSL: FPR, SLR and deltas against O/O as computed by hand; a rerun replays', async () => {
  const out = join(dir, 'llm-run.json');
  const args = retrievalArgs(out, ['--approach', 'tcsl', '--approach', 'scsl', '--llm-config', join(dir, 'llm.json'),
    '--replay', join(dir, 'replay.sqlite')]);
  const first = await run(args);
  assert.equal(first.code, 0, first.stderr);
  const s = JSON.parse(first.stdout);
  assert.deepEqual(s.approaches, ['tcsl', 'scsl']);
  // 3 variants × 2 items × (TCSL tables + SCSL columns) = 12, then TCSL's columns for the 5 readable table answers.
  assert.deepEqual([s.usage.network_calls, s.usage.replayed], [17, 0]);
  assert.equal(await requests(), 17);

  // SCSL. O/O: {atom.element, atom.atom_id} (FPR 1/2, complete), {molecule.label, atom.element} (FPR 0, incomplete).
  let c = cell(s, 'scsl', 'O/O');
  near(c.fpr, 25, 'scsl O/O fpr');
  near(c.fpr_pooled, 25, 'scsl O/O pooled');
  near(c.slr, 50, 'scsl O/O slr');
  assert.equal(c.dropped_names, 1 + 3);  // atm.elem; mol.lbl, atm.elem, atm.mol_id
  // O/L: {atm.elem} (FPR 0, complete), {mol.lbl, atm.elem, atm.mol_id} (FPR 0, mol.mol_id missing).
  c = cell(s, 'scsl', 'O/L');
  near(c.fpr, 0, 'scsl O/L fpr');
  near(c.slr, 50, 'scsl O/L slr');
  near(c.delta_fpr, -25, 'scsl O/L delta fpr');
  near(c.delta_slr, 0, 'scsl O/L delta slr');
  assert.equal(c.dropped_names, 2 + 2);
  // L/O: an unreadable answer (nothing retrieved, no FPR), {molecule.label, atom.element, atom.atom_id} (FPR 1/3).
  c = cell(s, 'scsl', 'L/O');
  near(c.fpr, 100 / 3, 'scsl L/O fpr');
  near(c.slr, 0, 'scsl L/O slr');
  near(c.delta_fpr, 100 / 3 - 25, 'scsl L/O delta fpr');
  near(c.delta_slr, -50, 'scsl L/O delta slr');
  assert.equal(c.fpr_items, 1);
  assert.deepEqual(c.outcomes, { linked: 1, unreadable: 1, no_answer: 0, no_schema: 0, gold_unusable: 0 });

  // TCSL. O/O: atom -> {atom.element} (complete); molecule -> {molecule.label, molecule.molecule_id} (incomplete;
  // atom.element is outside the picked table and dropped, as is mol.lbl).
  c = cell(s, 'tcsl', 'O/O');
  near(c.fpr, 0, 'tcsl O/O fpr');
  near(c.slr, 50, 'tcsl O/O slr');
  assert.equal(c.dropped_names, 1 + 2);
  c = cell(s, 'tcsl', 'O/L');
  near(c.fpr, 0, 'tcsl O/L fpr');
  near(c.slr, 50, 'tcsl O/L slr');
  assert.equal(c.dropped_names, 1 + 3);
  // L/O: atom -> {atom.element, atom.atom_id, atom.molecule_id} (FPR 2/3, complete); no table read (SLR miss).
  c = cell(s, 'tcsl', 'L/O');
  near(c.fpr, 200 / 3, 'tcsl L/O fpr');
  near(c.slr, 50, 'tcsl L/O slr');
  near(c.delta_fpr, 200 / 3, 'tcsl L/O delta fpr');
  near(c.delta_slr, 0, 'tcsl L/O delta slr');
  assert.deepEqual(c.outcomes, { linked: 1, unreadable: 1, no_answer: 0, no_schema: 0, gold_unusable: 0 });

  const items = JSON.parse(readFileSync(out, 'utf8')).items;
  const find = (variant, approach, id) => items.find((i) => i.variant === variant && i.approach === approach && i.id === id);
  assert.deepEqual(find('O/L', 'tcsl', '1').picked_tables, ['mol']);
  assert.deepEqual(find('O/L', 'tcsl', '1').retrieved_columns, ['mol.lbl']);
  assert.match(find('O/O', 'tcsl', '1').note, /^columns-in-tables: dropped atom\.element, mol\.lbl$/);
  assert.match(find('L/O', 'tcsl', '1').note, /^tables: the answer names no table of the schema/);
  assert.match(find('L/O', 'scsl', '0').note, /^columns: the answer names no column of the schema/);
  assert.equal(find('O/O', 'scsl', '0').fpr, 50);
  assert.equal(find('O/O', 'scsl', '1').all_gold_retrieved, false);

  const again = await run(args);
  assert.equal(again.code, 0, again.stderr);
  const s2 = JSON.parse(again.stdout);
  assert.deepEqual([s2.usage.network_calls, s2.usage.replayed], [0, 17]);
  assert.deepEqual(s2.table_viii, s.table_viii);
  assert.equal(await requests(), 17, 'the rerun sent no request');
});

test('study retrieval: the same calls and scores as a report folder, Table VIII beside ours', async () => {
  const out = join(dir, 'study-retrieval');
  const r = await run(['study', 'retrieval', '--variants', join(dir, 'variants'), '--tables', join(dir, 'tables.json'),
    '--out', out, '--approach', 'tcsl,scsl,full-schema', '--llm-config', join(dir, 'llm.json'), '--replay',
    join(dir, 'replay.sqlite')]);
  assert.equal(r.code, 0, r.stderr);
  const s = JSON.parse(r.stdout);
  assert.deepEqual([s.usage.network_calls, s.usage.replayed], [0, 17], 'every answer came from the replay store');
  const report = JSON.parse(readFileSync(join(out, 'report.json'), 'utf8'));
  const table = report.tables.find((t) => t.id === 'retrieval');
  // The paper's column order: Full-Schema, SCSL, TCSL; one row per setting present.
  assert.deepEqual(table.columns, ['setting', 'Full-Schema FPR (%)', 'Full-Schema SLR (%)', 'SCSL FPR (%)',
    'SCSL SLR (%)', 'TCSL FPR (%)', 'TCSL SLR (%)']);
  assert.deepEqual(table.rows.map((row) => row[0]), ['O/O', 'L/O', 'O/L']);
  const round2 = (x) => Math.round(x * 100) / 100;
  for (const [i, v] of ['O/O', 'L/O', 'O/L'].entries())
    ['full-schema', 'scsl', 'tcsl'].forEach((a, k) => {
      const c = cell(s, a, v);
      assert.equal(table.rows[i][1 + 2 * k], c.fpr_items ? round2(c.fpr) : 'n/a', `${a} ${v} FPR`);
      assert.equal(table.rows[i][2 + 2 * k], round2(c.slr), `${a} ${v} SLR`);
    });
  assert.deepEqual(table.published.map((p) => p.cells), [
    ['O/O', 90.1, 99.5, 29.9, 15, 13.7, 27.4], ['L/O', 88, 30.4, 29.2, 11.7, 14.3, 21.4],
    ['O/L', 90.1, 96.4, 34.1, 9.8, 16.4, 25.4], ['L/L', 88.2, 28.2, 33.8, 14.1, 16.1, 20.1]]);
  const change = report.tables.find((t) => t.id === 'change');
  assert.equal(change.rows[0][3], round2(cell(s, 'scsl', 'L/O').delta_fpr));
  assert.ok(report.notes.some((n) => /Setting L\/L skipped: .*L_L\.json not found/.test(n)), report.notes.join('\n'));
  // One item row per item, approach and setting: 2 items x 3 approaches x 3 settings.
  assert.equal(report.items.rows.length, 18);
  const html = readFileSync(join(out, 'report.html'), 'utf8');
  assert.doesNotMatch(html, /https?:/);
  assert.ok(html.includes(table.title));
  // The folder rule: a folder that holds files is refused before anything is sent.
  const again = await run(['study', 'retrieval', '--variants', join(dir, 'variants'), '--tables',
    join(dir, 'tables.json'), '--out', out, '--approach', 'full-schema']);
  assert.equal(again.code, 2);
  assert.match(again.stderr, /exists and is not empty/);
  assert.equal(await requests(), 17, 'the study sent no request');
});

test('reads the layout `tqa denat` writes: renamed schemas from DIR/databases', async (t) => {
  const sample = JSON.parse(readFileSync(join(root, 'assets', 'sets', 'sample_dev.json'), 'utf8'))
    .filter((it) => it.db_id === 'toxicology');
  mkdirSync(join(dir, 'db', 'toxicology'), { recursive: true });
  try {
    execFileSync('sqlite3', [join(dir, 'db', 'toxicology', 'toxicology.sqlite')],
                 { input: readFileSync(join(root, 'assets', 'db', 'toxicology.sql')) });
  } catch {
    t.skip('sqlite3 is not installed');
    return;
  }
  writeFileSync(join(dir, 'sample.json'), JSON.stringify(sample));
  const denat = await run(['tqa', 'denat', '--set', join(dir, 'sample.json'), '--db-root', join(dir, 'db'), '--out',
    join(dir, 'denat')]);
  if (denat.code !== 0 && /lexicon|wordnet/i.test(denat.stderr)) {
    t.skip(`tqa denat has no lexicon here: ${denat.stderr.trim()}`);
    return;
  }
  assert.equal(denat.code, 0, denat.stderr);
  const r = await run(['retrieval', '--variants', join(dir, 'denat'), '--db-root', join(dir, 'db'), '--out',
    join(dir, 'denat-r.json'), '--approach', 'full-schema']);
  assert.equal(r.code, 0, r.stderr);
  const s = JSON.parse(r.stdout);
  assert.deepEqual(s.variants, ['O/O', 'L/O', 'O/L', 'L/L']);
  const oo = cell(s, 'full-schema', 'O/O');
  assert.ok(oo.n > 0);
  for (const v of ['L/O', 'O/L', 'L/L']) {
    const c = cell(s, 'full-schema', v);
    near(c.slr, 100, `${v} slr`);
    near(c.delta_fpr, 0, `${v}: renaming keeps every column and the gold's`);
  }
  const items = JSON.parse(readFileSync(join(dir, 'denat-r.json'), 'utf8')).items;
  const ol = items.find((i) => i.variant === 'O/L');
  const oo0 = items.find((i) => i.variant === 'O/O' && i.id === ol.id);
  assert.equal(ol.gold_columns.length, oo0.gold_columns.length);
  assert.notDeepEqual(ol.gold_columns, oo0.gold_columns, 'O/L is scored on the renamed schema');
});

test('bad inputs exit 2 with a message saying what is wrong', async () => {
  const unknown = await run(retrievalArgs(join(dir, 'x.json'), ['--approach', 'hybrid']));
  assert.equal(unknown.code, 2);
  assert.match(unknown.stderr, /unknown retrieval approach 'hybrid' \(full-schema, tcsl or scsl\)/);
  const noModel = await run(retrievalArgs(join(dir, 'x.json'), ['--approach', 'scsl']));
  assert.equal(noModel.code, 2);
  assert.match(noModel.stderr, /--llm-config CONFIG\.json is needed/);
  const empty = await run(['retrieval', '--variants', join(dir, 'empty'), '--tables', join(dir, 'tables.json'),
    '--out', join(dir, 'x.json'), '--approach', 'full-schema']);
  assert.equal(empty.code, 2);
  assert.match(empty.stderr, /holds none of O_O\.json, L_O\.json, O_L\.json, L_L\.json/);
  const nowhere = await run(['retrieval', '--variants', join(dir, 'nowhere'), '--tables', join(dir, 'tables.json'),
    '--out', join(dir, 'x.json'), '--approach', 'full-schema']);
  assert.equal(nowhere.code, 2);
  assert.match(nowhere.stderr, /--variants .*nowhere: not a folder/);
  const missing = await run(['retrieval', '--variants', join(dir, 'variants'), '--out', join(dir, 'x.json')]);
  assert.equal(missing.code, 2);
  assert.match(missing.stderr, /missing arguments/);
  const limit = await run(retrievalArgs(join(dir, 'x.json'), ['--approach', 'full-schema', '--limit', 'ten']));
  assert.equal(limit.code, 2);
  assert.match(limit.stderr, /--limit 'ten' is not a whole number of items/);
  assert.equal(await requests(), 17, 'no bad input sent anything');
});

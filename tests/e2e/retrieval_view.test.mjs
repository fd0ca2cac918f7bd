// The Retrieval tab of the Run a model panel (001 Table VIII) against the loopback LLM server, taught
// the answers of tests/llm_server/cli_retrieval.test.mjs: O/O and L/O sets on the sample toxicology database and an
// O/L set on a renamed copy (mol, atm, lbl, elem), all uploaded as a user would; a real click opens the tab and
// confirms; nothing is sent before Confirm; Full-Schema sends nothing; every cell of the page's Table VIII (FPR, SLR
// and the changes against O/O) and the last run's items equal what `chokepoint retrieval` reports on the same files
// and server; one cell is also computed by hand; a second TCSL run is answered by the replay store.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync, execFileSync } from 'node:child_process';
import { artefactDir, sendCommand, untilPanel, uploadSet, clickNamed, pixelStats, workspaceSettled,
  waitReady, expectTextDrawn } from './browser.mjs';
import { cli, tempDir, copyDb, openApp, closeAll, runStudyInTab } from './fixture.mjs';
import { startFakeLlm, useFakeLlm } from './llm_fixture.mjs';

const PANEL = 'Run a model';
const Q1 = 'How many atoms are chlorine?';
const Q2 = 'Which molecules contain chlorine?';
const Q1L = 'How many atm are chlorine?';
const Q2L = 'Which mol contain chlorine?';
const SQL1 = "SELECT COUNT(*) FROM atom WHERE element = 'cl'";
const SQL2 = "SELECT DISTINCT m.label FROM molecule m JOIN atom a ON m.molecule_id = a.molecule_id WHERE a.element = 'cl'";
const SQL1L = "SELECT COUNT(*) FROM atm WHERE elem = 'cl'";
const SQL2L = "SELECT DISTINCT m.lbl FROM mol m JOIN atm a ON m.mol_id = a.mol_id WHERE a.elem = 'cl'";
const item = (id, db, question, SQL) => ({ question_id: id, db_id: db, question, evidence: '', SQL });
// O/O and O/L share their questions, so one answer names both spellings and each variant drops the other's names.
const ANSWERS = {
  [`Question: ${Q1}\n\nWhich columns would`]: '```json\n["atom.element", "atm.elem", "atom.atom_id"]\n```',
  [`Question: ${Q2}\n\nWhich columns would`]: '- molecule.label\n- atom.element\n- mol.lbl\n- atm.elem\n- atm.mol_id',
  [`Question: ${Q1L}\n\nWhich columns would`]: 'I cannot find such a column.',
  [`Question: ${Q2L}\n\nWhich columns would`]: '["molecule.label", "atom.element", "atom.atom_id"]',
  [`Question: ${Q1}\n\nWhich tables`]: '["atom", "atm"]',
  [`Question: ${Q2}\n\nWhich tables`]: 'Tables: molecule, mol, atom, atm',
  [`Question: ${Q1L}\n\nWhich tables`]: 'atom',
  [`Question: ${Q2L}\n\nWhich tables`]: 'None of these.',
  [`Question: ${Q1}\n\nWhich columns of these tables`]: '["atom.element", "atm.elem"]',
  [`Question: ${Q2}\n\nWhich columns of these tables`]:
    'molecule.label, molecule.molecule_id, atom.element, atom.molecule_id, mol.lbl, mol.mol_id, atm.mol_id',
  [`Question: ${Q1L}\n\nWhich columns of these tables`]: '["atom.element", "atom.atom_id", "atom.molecule_id"]',
};

let app, llm, dir;

before(async () => {
  llm = await startFakeLlm(300000);
  await llm.teach(ANSWERS);
  dir = tempDir('chokepoint-retrieval-view-');
  const v = path.join(dir, 'variants');
  fs.mkdirSync(path.join(v, 'databases', 'tox_l'), { recursive: true });
  copyDb(dir, 'toxicology');
  // The de-naturalised copy: tables and columns renamed as `tqa denat` would, foreign keys following.
  const renamed = path.join(dir, 'tox_l.sqlite');
  fs.copyFileSync(path.join(dir, 'db', 'toxicology', 'toxicology.sqlite'), renamed);
  execFileSync('sqlite3', [renamed, 'ALTER TABLE molecule RENAME TO mol; ALTER TABLE mol RENAME COLUMN molecule_id TO mol_id; '
    + 'ALTER TABLE mol RENAME COLUMN label TO lbl; ALTER TABLE atom RENAME TO atm; '
    + 'ALTER TABLE atm RENAME COLUMN molecule_id TO mol_id; ALTER TABLE atm RENAME COLUMN element TO elem;']);
  fs.copyFileSync(renamed, path.join(v, 'databases', 'tox_l', 'tox_l.sqlite'));
  const sets = {
    O_O: [item(0, 'toxicology', Q1, SQL1), item(1, 'toxicology', Q2, SQL2)],
    L_O: [item(0, 'toxicology', Q1L, SQL1), item(1, 'toxicology', Q2L, SQL2)],
    O_L: [item(0, 'tox_l', Q1, SQL1L), item(1, 'tox_l', Q2, SQL2L)],
  };
  for (const [name, items] of Object.entries(sets)) fs.writeFileSync(path.join(v, `${name}.json`), JSON.stringify(items));
  fs.writeFileSync(path.join(dir, 'llm.json'), llm.config('fake-retriever', { temperature: 0 }));
  app = await openApp();
});
after(() => closeAll({ app, llm, dir }));

const until = (predicate, what, timeout) => untilPanel(app.page, PANEL, predicate, what, timeout);
const near = (a, b, what) => assert.ok(Math.abs(a - b) < 1e-9, `${what}: ${a} vs ${b}`);

// One run from the tab: the choices, "Retrieve...", the preview and Confirm (none for Full-Schema); returns the view.
async function retrieve(approach, set, variant, runs) {
  await sendCommand(app.page, { do: 'retrieval_run', approach, set, ...(variant ? { variant } : {}) });
  if (approach !== 'full-schema') {
    const p = (await until((s) => s.retrieval?.preview, `the ${approach} preview of ${set}`)).retrieval.preview;
    assert.equal(p.calls, 2, 'one first-round prompt per question');
    assert.equal(p.second_round_at_most, approach === 'tcsl' ? 2 : 0);
    await clickNamed(app.page, 'retrieval confirm');
  }
  return (await until((s) => s.retrieval?.done && !s.retrieval.running && s.retrieval.summary?.approach === approach
    && s.retrieval.summary.variant === (variant || 'O/O') && runs(s.retrieval), `${approach} on ${set}`)).retrieval;
}

test('Table VIII from the page: every cell and the deltas equal chokepoint retrieval, then a replayed rerun', async () => {
  for (const f of ['O_O.json', 'L_O.json', 'O_L.json']) await uploadSet(app.page, path.join(dir, 'variants', f));
  await app.page.setInputFiles('#chokepoint-file-input', path.join(dir, 'tox_l.sqlite'));
  await useFakeLlm(app.page, llm, 'fake-retriever');
  await sendCommand(app.page, { do: 'show', tab: PANEL });
  await clickNamed(app.page, 'Retrieval tab');

  // Full-Schema asks nothing.
  const start = (await llm.stats()).chat;
  const full = await retrieve('full-schema', 'O_O.json', null, () => true);
  assert.equal(full.summary.slr, 100, 'every column retrieved: every gold column too');
  assert.equal((await llm.stats()).chat, start);

  // TCSL on O/O by clicks: nothing is sent before Confirm.
  await sendCommand(app.page, { do: 'retrieval_run', approach: 'tcsl', set: 'O_O.json' });
  await until((s) => s.retrieval?.preview, 'the TCSL preview');
  assert.equal((await llm.stats()).chat, start, 'nothing is sent before Confirm');
  await clickNamed(app.page, 'retrieval confirm');
  await until((s) => s.retrieval?.done && s.retrieval.summary?.approach === 'tcsl', 'TCSL on O/O');
  assert.equal((await llm.stats()).chat, start + 4, 'two tables prompts, then two columns prompts');

  const scsl = await retrieve('scsl', 'O_O.json', null, () => true);
  // By hand: Q1 keeps atom.element and atom.atom_id (atm.elem is the other schema's): FPR 1/2, all gold; Q2 keeps
  // molecule.label and atom.element of its four gold columns: FPR 0, not all. FPR 25%, SLR 50%.
  near(scsl.summary.fpr, 25, 'SCSL O/O FPR');
  near(scsl.summary.slr, 50, 'SCSL O/O SLR');
  for (const a of ['full-schema', 'tcsl', 'scsl']) {
    await retrieve(a, 'L_O.json', 'L/O', () => true);
    await retrieve(a, 'O_L.json', 'O/L', () => true);
  }
  const view = (await until((s) => s.retrieval?.table_viii?.every((r) => Object.keys(r.cells).length === 3),
    'the full table')).retrieval;
  fs.writeFileSync(path.join(artefactDir, 'retrieval_view.png'), await app.page.screenshot());

  const out = path.join(dir, 'retrieval.json');
  const r = spawnSync(cli, ['retrieval', '--variants', path.join(dir, 'variants'), '--db-root', path.join(dir, 'db'),
    '--llm-config', path.join(dir, 'llm.json'), '--out', out], { encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  const viaCli = JSON.parse(r.stdout);
  assert.deepEqual(view.table_viii.map((row) => row.approach), viaCli.table_viii.map((row) => row.approach));
  for (const row of viaCli.table_viii) {
    const mine = view.table_viii.find((x) => x.approach === row.approach).cells;
    for (const [variant, c] of Object.entries(row.cells)) {
      const m = mine[variant];
      assert.ok(m, `${row.approach} ${variant} is on the page`);
      for (const k of ['n', 'fpr', 'fpr_pooled', 'slr', 'fpr_items', 'delta_fpr', 'delta_slr'])
        if (c[k] !== undefined) near(m[k], c[k], `${row.approach} ${variant} ${k}`);
    }
  }
  const cliItems = JSON.parse(fs.readFileSync(out, 'utf8')).items
    .filter((i) => i.variant === 'O/L' && i.approach === 'scsl');
  assert.deepEqual(view.items.map((i) => [String(i.id), i.outcome, i.gold_columns, i.retrieved_columns]),
                   cliItems.map((i) => [String(i.id), i.outcome, i.gold_columns, i.retrieved_columns]));

  // The Studies tab lays the same cells out as `chokepoint study retrieval` does on the same files: Table VIII with
  // the paper's rows, the change against O/O, both charts and every cell's items.
  await sendCommand(app.page, { do: 'show', tab: 'Studies' });
  await clickNamed(app.page, 'study retrieval');
  await clickNamed(app.page, 'run the study');
  const study = (await untilPanel(app.page, 'Studies', (s) => s.report?.study === 'retrieval',
    'the retrieval study')).report;
  const studyOut = path.join(dir, 'study-retrieval');
  const rs = spawnSync(cli, ['study', 'retrieval', '--variants', path.join(dir, 'variants'), '--db-root',
    path.join(dir, 'db'), '--llm-config', path.join(dir, 'llm.json'), '--approach', 'full-schema,scsl,tcsl',
    '--out', studyOut], { encoding: 'utf8' });
  assert.equal(rs.status, 0, rs.stderr);
  const cliStudy = JSON.parse(fs.readFileSync(path.join(studyOut, 'report.json'), 'utf8'));
  for (const part of ['study', 'title', 'tables', 'charts', 'items'])
    assert.deepEqual(study[part], cliStudy[part], part);
  // The notes differ only in why L/L is absent: no L_L.json for the CLI, no run labelled L/L on the page.
  const general = (notes) => notes.filter((n) => !n.startsWith('Setting '));
  assert.deepEqual(general(study.notes), general(cliStudy.notes));
  assert.deepEqual(study.notes.filter((n) => n.startsWith('Setting ')),
    ['Setting L/L skipped: no retrieval ran on a set labelled L/L.']);
  assert.match(cliStudy.notes.find((n) => n.startsWith('Setting ')), /^Setting L\/L skipped: .*L_L.json not found/);
  assert.equal(study.items.rows.length, 3 * 3 * 2, 'two items per setting and approach');
  assert.deepEqual(study.inputs.map((i) => [i.name, i.value]),
    [['O/O', 'O_O.json'], ['L/O', 'L_O.json'], ['O/L', 'O_L.json'], ['fk', 'no']]);
  // The report is drawn, not only held: the lower half of the window (its notes and Table VIII) carries text.
  await expectTextDrawn(app.page, 'retrieval_study.png', { x: 0, y: 400, w: 1200, h: 380 });
  // A reload changes nothing: the tab's cells come back from the workspace with their items, and the study laid out
  // from them is the same, without a call.
  const sentBefore = (await llm.stats()).chat;
  await workspaceSettled(app.page);
  await app.page.reload();
  await waitReady(app);
  await useFakeLlm(app.page, llm, 'fake-retriever');
  const reloaded = (await runStudyInTab(app.page, { study: 'retrieval' })).report;
  assert.ok(reloaded, 'the study has its cells after a reload');
  for (const part of ['study', 'title', 'tables', 'charts', 'items', 'notes'])
    assert.deepEqual(reloaded[part], study[part], `${part} after a reload`);
  assert.equal((await llm.stats()).chat, sentBefore, 'nothing was asked again');
  // Its button leads back to the Retrieval tab, whichever tab of Run a model was open.
  await sendCommand(app.page, { do: 'show', tab: PANEL });
  await clickNamed(app.page, 'Schema linking tab');
  await sendCommand(app.page, { do: 'show', tab: 'Studies' });
  await clickNamed(app.page, 'open retrieval');
  await app.page.waitForFunction(() => JSON.parse(Module.ccall('chokepoint_app_json', 'string', [], []))
    .buttons?.['retrieve columns'], null, { timeout: 10000 });

  // TCSL again: both rounds are in the page's replay store.
  const mid = (await llm.stats()).chat;
  await sendCommand(app.page, { do: 'retrieval_run', approach: 'tcsl', set: 'O_O.json', variant: 'O/O' });
  const again = (await until((s) => s.retrieval?.preview, 'the replayed preview')).retrieval.preview;
  assert.equal(again.network_calls, 0);
  await clickNamed(app.page, 'retrieval confirm');
  const replayed = (await until((s) => s.retrieval?.done && s.retrieval.summary?.approach === 'tcsl',
    'the replayed run')).retrieval;
  assert.deepEqual(replayed.summary.usage, { network_calls: 0, replayed: 4 });
  near(replayed.table_viii.find((x) => x.approach === 'tcsl').cells['O/O'].fpr,
       viaCli.table_viii.find((x) => x.approach === 'tcsl').cells['O/O'].fpr, 'replayed TCSL O/O FPR');
  assert.equal((await llm.stats()).chat, mid, 'no request reached the server');

  // A cell retrieved by another model: the study refuses to lay the two models out as one.
  await useFakeLlm(app.page, llm, 'other-retriever');
  await retrieve('scsl', 'L_O.json', 'L/O', () => true);
  await sendCommand(app.page, { do: 'show', tab: 'Studies' });
  const started = (await untilPanel(app.page, 'Studies', () => true, 'the tab')).started;
  await sendCommand(app.page, { do: 'study_run', study: 'retrieval' });
  const refused = await untilPanel(app.page, 'Studies', (s) => s.started > started && s.error, 'the refusal');
  assert.match(refused.error, /retrieved by two models \((fake|other)-retriever, (fake|other)-retriever\): run every/);
  assert.equal(refused.report, undefined, 'no report of mixed cells');
});

// The Synthesis tab of the Test databases panel against the loopback LLM server, taught the answers of
// tests/llm_server/synsql_fixture.mjs (the critic rejects A.9's first data once, then accepts): the database, the set
// and a prediction file uploaded as a user would; a real click opens the tab and confirms; nothing is sent before
// Confirm; each question's outcome, rounds, critic averages, selector and gold rows equal `chokepoint synth` on the
// same files and server; the agreement of the predictions (EX on both databases, delta, AR, confusion) equals
// `chokepoint agreement` on the CLI's output, and is checked by hand; a second run is answered by the replay store;
// a click on a question shows its rounds and its synthetic tables beside the original ones.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync, execFileSync } from 'node:child_process';
import { DDL, QA, HA, GA, QB, GB, synthAnswers } from '../llm_server/synsql_fixture.mjs';
import { artefactDir, sendCommand, untilPanel, uploadSet, clickNamed, nextFrames, pixelStats, expectTextDrawn } from './browser.mjs';
import { cli, tempDir, openApp, closeAll, runStudyInTab } from './fixture.mjs';
import { startFakeLlm, useFakeLlm } from './llm_fixture.mjs';

const PANEL = 'Test databases';
// A: its gold; B: a wrong country. On the original (one circuit, no race) both return nothing, as their golds do.
const PREDS = [GA, GB.replace("'Monaco'", "'Japan'")];

let app, llm, dir;

before(async () => {
  llm = await startFakeLlm(300000);
  await llm.teach(synthAnswers());
  dir = tempDir('chokepoint-synthesis-view-');
  fs.mkdirSync(path.join(dir, 'db', 'formula_1'), { recursive: true });
  execFileSync('sqlite3', [path.join(dir, 'db', 'formula_1', 'formula_1.sqlite')], { input: DDL });
  fs.copyFileSync(path.join(dir, 'db', 'formula_1', 'formula_1.sqlite'), path.join(dir, 'formula_1.sqlite'));
  fs.writeFileSync(path.join(dir, 'synth_dev.json'), JSON.stringify([
    { question_id: 1000, db_id: 'formula_1', question: QA, evidence: HA, SQL: GA },
    { question_id: 1001, db_id: 'formula_1', question: QB, evidence: '', SQL: GB },
    { question_id: 1002, db_id: 'nowhere', question: 'Anything?', evidence: '', SQL: 'SELECT 1' },
  ]));
  fs.writeFileSync(path.join(dir, 'synth_pred.sql'), PREDS.join('\n') + '\nSELECT 1\n');
  fs.writeFileSync(path.join(dir, 'llm.json'), llm.config('fake-synth', { temperature: 0 }));
  app = await openApp();
});
after(() => closeAll({ app, llm, dir }));

const until = (predicate, what, timeout) => untilPanel(app.page, PANEL, predicate, what, timeout);
const near = (a, b, what) => assert.ok(Math.abs(a - b) < 1e-9, `${what}: ${a} vs ${b}`);

test('SynSQL from the page equals chokepoint synth and agreement, and a second run is replayed', async () => {
  await app.page.setInputFiles('#chokepoint-file-input', path.join(dir, 'formula_1.sqlite'));
  await uploadSet(app.page, path.join(dir, 'synth_dev.json'));
  await uploadSet(app.page, path.join(dir, 'synth_pred.sql'));
  await useFakeLlm(app.page, llm, 'fake-synth');
  await sendCommand(app.page, { do: 'show', tab: PANEL });
  await clickNamed(app.page, 'Synthesis tab');
  await sendCommand(app.page, { do: 'synth_run', set: 'synth_dev.json', pred: 'synth_pred.sql', limit: 3 });
  const p = (await until((s) => s.synthesis?.preview, 'the preview')).synthesis.preview;
  assert.deepEqual([p.items, p.method, p.calls_at_least, p.calls_at_most, p.model], [2, 'synsql', 12, 20, 'fake-synth']);
  assert.equal((await llm.stats()).requests, 0, 'nothing is sent before Confirm');
  await clickNamed(app.page, 'synthesize confirm');
  const s = (await until((x) => x.synthesis?.done, 'the synthesis', 120000)).synthesis;
  assert.equal((await llm.stats()).requests, 14, 'A: 3 + 1 + 2 x 2; B: 3 + 1 + 2');
  assert.deepEqual([s.summary.items, s.summary.accepted, s.summary.databases], [2, 2, 2]);
  const [a, b, none] = s.items;
  assert.deepEqual([a.outcome, a.chosen_round, a.rounds.map((r) => r.average), a.gold_rows], ['accepted', 2, [5, 9], 1]);
  assert.deepEqual([b.outcome, b.rounds.map((r) => r.average)], ['accepted', [8]]);
  assert.equal(none.outcome, 'no_schema');
  fs.writeFileSync(path.join(artefactDir, 'synthesis_view.png'), await app.page.screenshot());

  // The CLI on the same files and server.
  const out = path.join(dir, 'synsql');
  const r = spawnSync(cli, ['synth', '--set', path.join(dir, 'synth_dev.json'), '--db-root', path.join(dir, 'db'),
    '--llm-config', path.join(dir, 'llm.json'), '--out', out], { encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  const m = JSON.parse(fs.readFileSync(path.join(out, 'manifest.json'), 'utf8'));
  const viaCli = JSON.parse(r.stdout);
  for (const k of ['accepted', 'not_accepted', 'failed', 'rounds_used', 'criteria']) assert.deepEqual(s.summary[k], viaCli[k], k);
  assert.equal(s.summary.success_rate, viaCli.success_rate);
  assert.deepEqual(s.summary.success, viaCli.success, 'Fig. 4: the same classes of failure');
  for (let i = 0; i < 2; ++i) {
    const page = s.items[i];
    const c = m.items[i];
    assert.deepEqual([page.id, page.synthetic_db_id, page.outcome, page.chosen_round, page.gold_rows],
                     [c.id, c.synthetic_db_id, c.outcome, c.chosen_round, c.gold_rows]);
    assert.deepEqual(page.rounds.map((x) => x.average), c.rounds.map((x) => x.review.average));
    assert.deepEqual(page.selector.expanded, c.selector.expanded);
    assert.deepEqual(page.selector.added_by_key_rule, c.selector.added_by_key_rule);
  }

  // Agreement, by hand: on the original both predictions match their empty golds (EX 1, 1); on the synthetic data
  // A still matches and B returns the Japanese race instead of Monaco's (EX 1, 0): TP 1, FN 1, delta 50.
  const g = s.agreement;
  assert.deepEqual([g.reference, g.confusion], [2, { tp: 1, tn: 0, fp: 0, fn: 1 }]);
  near(g.ex_original, 100, 'EX original');
  near(g.ex_test, 50, 'EX synthetic');
  near(g.delta, 50, 'delta');
  const ag = path.join(dir, 'agreement.json');
  const r2 = spawnSync(cli, ['agreement', '--gold', path.join(out, 'set.json'), '--pred', path.join(dir, 'synth_pred.sql'),
    '--db-root', path.join(out, 'original'), '--test-db-root', out, '--out', ag, '--skip-missing'],
  { encoding: 'utf8' });  // one question's database does not exist on purpose: the page counts it apart too
  assert.equal(r2.status, 0, r2.stderr);
  const { root, suite, buckets, by_semantics: bySemantics, discrimination, ...cliAgreement } =
    JSON.parse(r2.stdout).test_roots[0];
  assert.equal(suite, false, 'a root of one database per question');
  assert.deepEqual(g, cliAgreement, 'the same agreement summary, field by field');

  // The synsql study over this run in the Studies tab: the CLI's study with the run's folder as the test root.
  const study = await runStudyInTab(app.page, { study: 'synsql' });
  assert.equal(study.error, '');
  const studyOut = path.join(dir, 'synsql_study');
  const r3 = spawnSync(cli, ['study', 'synsql', '--gold', path.join(out, 'set.json'), '--pred',
    `synth_pred.sql=${path.join(dir, 'synth_pred.sql')}`, '--db-root', path.join(out, 'original'), '--test-db-root',
    `synsql=${out}`, '--skip-missing', '--out', studyOut], { encoding: 'utf8' });
  assert.equal(r3.status, 0, r3.stderr);
  const expected = JSON.parse(fs.readFileSync(path.join(studyOut, 'report.json'), 'utf8'));
  for (const t of expected.tables) assert.deepEqual(study.report.tables.find((x) => x.id === t.id), t, t.id);
  assert.deepEqual(study.report.tables.map((t) => t.id), expected.tables.map((t) => t.id));
  // Fig. 4 read from the run's manifest: both questions answered, so no failure to class.
  assert.deepEqual(expected.tables.find((t) => t.id === 'failures')?.rows, [['synsql', 2, 100, 0, 0, 0, 0, 0]]);
  assert.deepEqual(study.report.charts, expected.charts);
  assert.deepEqual(study.report.items, expected.items);
  // The same notes; the last names the CLI's flag, which the page has no use for.
  assert.deepEqual(study.report.notes.slice(0, -1), expected.notes.slice(0, -1));
  assert.equal(study.report.notes.at(-1), '1 items have no original database and are left out of every figure.');
  assert.equal(expected.notes.at(-1), '1 items have no original database and are left out of every figure (--skip-missing).');
  const cell = JSON.parse(r3.stdout).cells[0];
  assert.deepEqual([cell.method, cell.system, cell.ex_original, cell.ex_test, cell.delta], ['synsql', 'synth_pred.sql',
    100, 50, 50], 'the figures checked by hand above');
  await clickNamed(app.page, 'study synsql');
  await nextFrames(app.page);
  // The report is drawn under the inputs, not only held: the lower part of the window carries text.
  await expectTextDrawn(app.page, 'studies_synsql.png', { x: 0, y: 500, w: 1200, h: 280 });
  await clickNamed(app.page, 'open synthesis');
  await app.page.waitForFunction(() => JSON.parse(Module.ccall('chokepoint_app_json', 'string', [], []))
    .buttons?.['first synthesized question'], null, { timeout: 10000 });

  // A click on the first question: its rounds and its tables beside the original's.
  await clickNamed(app.page, 'first synthesized question');
  await until((x) => x.synthesis?.selected === 0, 'the selected question');
  fs.writeFileSync(path.join(artefactDir, 'synthesis_question.png'), await app.page.screenshot());

  // Again: every call is in the page's replay store.
  const mid = (await llm.stats()).requests;
  await sendCommand(app.page, { do: 'synth_run', set: 'synth_dev.json', limit: 3 });
  const again = (await until((x) => x.synthesis?.preview, 'the second preview')).synthesis.preview;
  assert.equal(again.network_calls_first, 0);
  await sendCommand(app.page, { do: 'synth_confirm' });
  const replayed = (await until((x) => x.synthesis?.done, 'the replayed synthesis', 120000)).synthesis;
  assert.deepEqual(replayed.summary.usage, { network_calls: 0, replayed: 14 });
  assert.deepEqual(replayed.items.map((i) => i.outcome), s.items.map((i) => i.outcome));
  assert.equal((await llm.stats()).requests, mid, 'no request reached the server');
});

// The test-suite baseline (SynSQL's TSA) beside the run: a real click distils one suite per question, a unit of work a
// frame; its manifest equals `chokepoint testsuite distill` on the CLI's run, the suite kills at least as many mutants
// as its best single database, and the synsql study sets it beside the synthesis as `study synsql
// --test-suite-root tsa=...` does. A new synthesis drops it from the study.
test('a distilled test suite from the page equals testsuite distill, and the study has it beside the synthesis', async () => {
  await sendCommand(app.page, { do: 'show', tab: PANEL });
  await until((x) => x.synthesis?.done, 'the finished synthesis');
  await clickNamed(app.page, 'distil test suite');
  const progress = await until((x) => x.synthesis?.suite?.running || x.synthesis?.suite?.done, 'the suite started');
  assert.equal(progress.synthesis.suite.error, '');
  const run = (await until((x) => x.synthesis?.suite?.done, 'the suite', 120000)).synthesis.suite;
  assert.equal(run.error, '');
  assert.equal(run.draws_made, 2 * 64, 'two questions with an original, 64 draws each');
  assert.match(run.folder, /synth_dev_synsql_tsa$/);
  fs.writeFileSync(path.join(artefactDir, 'synthesis_suite.png'), await app.page.screenshot());

  const out = path.join(dir, 'synsql');
  const suiteOut = path.join(dir, 'tsa');
  const r = spawnSync(cli, ['testsuite', 'distill', '--gold', path.join(out, 'set.json'), '--db-root',
    path.join(out, 'original'), '--out', suiteOut, '--skip-missing'], { encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  const { set: cliSet, ...viaCli } = JSON.parse(r.stdout);
  const { set: pageSet, ...page } = run.manifest;
  assert.deepEqual(page, viaCli, 'the same draws kept, the same mutants killed, question by question');
  assert.deepEqual(viaCli.databases_missing, ['nowhere__q1002']);
  assert.ok(viaCli.mutants > 0, 'the golds have mutants');
  for (const d of viaCli.databases) {
    assert.ok(d.killed_by_suite >= d.killed_by_best_single, `${d.db_id}: the suite kills at least its best database's`);
    assert.equal(d.members.reduce((n, m) => n + m.newly_killed, 0), d.killed_by_suite, d.db_id);
    for (const m of d.members) assert.ok(fs.existsSync(path.join(suiteOut, m.file)), m.file);
  }

  const study = await runStudyInTab(app.page, { study: 'synsql' });
  assert.equal(study.error, '');
  const studyOut = path.join(dir, 'synsql_study_tsa');
  const r2 = spawnSync(cli, ['study', 'synsql', '--gold', path.join(out, 'set.json'), '--pred',
    `synth_pred.sql=${path.join(dir, 'synth_pred.sql')}`, '--db-root', path.join(out, 'original'), '--test-db-root',
    `synsql=${out}`, '--test-suite-root', `tsa=${suiteOut}`, '--skip-missing', '--out', studyOut], { encoding: 'utf8' });
  assert.equal(r2.status, 0, r2.stderr);
  const expected = JSON.parse(fs.readFileSync(path.join(studyOut, 'report.json'), 'utf8'));
  assert.deepEqual(study.report.tables.map((t) => t.id), expected.tables.map((t) => t.id));
  for (const t of expected.tables) assert.deepEqual(study.report.tables.find((x) => x.id === t.id), t, t.id);
  assert.deepEqual(study.report.items, expected.items);
  assert.deepEqual(study.report.charts, expected.charts);
  assert.deepEqual(study.report.notes.slice(0, -1), expected.notes.slice(0, -1));
  assert.ok(study.report.notes.some((n) => /^tsa is a distilled test suite \(\d+ databases over 2 db_ids\)/.test(n)),
    study.report.notes.join('\n'));
  const cells = JSON.parse(r2.stdout).cells;
  assert.deepEqual(cells.map((c) => c.method), ['synsql', 'tsa']);
  assert.ok(expected.items.columns.includes('synth_pred.sql tsa'), JSON.stringify(expected.items.columns));
});

// SynSQL's Table 4 rows and the critic's ablation are a choice of the tab, as `synth --ablation` is of the CLI: without
// the critic each question is one synthesis, accepted as it comes, and the page's run equals the CLI's.
test('an ablation from the page (no critic) equals chokepoint synth --ablation no_critic', async () => {
  await sendCommand(app.page, { do: 'show', tab: 'Test databases' });
  await sendCommand(app.page, { do: 'synth_run', set: 'synth_dev.json', limit: 3, ablation: 'no_critic' });
  const p = (await until((s) => s.synthesis?.preview, 'the preview')).synthesis.preview;
  assert.equal(p.ablation, 'no_critic');
  await sendCommand(app.page, { do: 'synth_confirm' });
  const s = (await until((x) => x.synthesis?.done, 'the ablated synthesis', 120000)).synthesis;
  assert.equal(s.error, '');
  assert.match(s.folder, /synth_dev_synsql_no_critic$/);
  assert.equal(s.suite.done, false, 'a new synthesis starts without a suite');
  const out = path.join(dir, 'no_critic');
  const r = spawnSync(cli, ['synth', '--set', path.join(dir, 'synth_dev.json'), '--db-root', path.join(dir, 'db'),
    '--llm-config', path.join(dir, 'llm.json'), '--out', out, '--ablation', 'no_critic'], { encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  const viaCli = JSON.parse(r.stdout);
  assert.deepEqual([p.calls_at_least, p.calls_at_most], [2 * 5, 2 * 5], 'three selections, the expansion, one synthesis');
  for (const k of ['accepted', 'not_accepted', 'failed', 'rounds_used', 'criteria', 'success']) assert.deepEqual(s.summary[k], viaCli[k], k);
  assert.deepEqual(viaCli.criteria, {}, 'no critic: nothing scored');
  const m = JSON.parse(fs.readFileSync(path.join(out, 'manifest.json'), 'utf8'));
  for (let i = 0; i < 2; ++i)
    assert.deepEqual([s.items[i].outcome, s.items[i].rounds.length, s.items[i].gold_rows],
      [m.items[i].outcome, m.items[i].rounds.length, m.items[i].gold_rows], `question ${i}`);
});

// SynSQL Table 3 in the page: a file of the humans' verdicts, opened like any other, gives the synsql study its
// disagreements table, equal to `chokepoint study synsql --labels` on the same run (the no-critic one above).
test('human labels opened in the page give Table 3, as study synsql --labels does', async () => {
  const labels = path.join(dir, 'synth_labels.json');
  fs.writeFileSync(labels, JSON.stringify({ 1000: true, 1001: false }));
  await app.page.setInputFiles('#chokepoint-file-input', labels);
  await until((x) => x.synthesis?.labels === 'synth_labels.json', 'the labels');
  const study = await runStudyInTab(app.page, { study: 'synsql' });
  assert.equal(study.error, '');
  const studyOut = path.join(dir, 'synsql_study_labels');
  const out = path.join(dir, 'no_critic');
  const r = spawnSync(cli, ['study', 'synsql', '--gold', path.join(out, 'set.json'), '--pred',
    `synth_pred.sql=${path.join(dir, 'synth_pred.sql')}`, '--db-root', path.join(out, 'original'), '--test-db-root',
    `synsql_no_critic=${out}`, '--skip-missing', '--labels', labels, '--out', studyOut], { encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  const expected = JSON.parse(fs.readFileSync(path.join(studyOut, 'report.json'), 'utf8'));
  const table3 = expected.tables.find((t) => t.id === 'disagreements');
  assert.ok(table3, expected.tables.map((t) => t.id).join(', '));
  assert.equal(table3.rows[0][2], 2, 'both questions labelled');
  assert.deepEqual(study.report.tables.find((t) => t.id === 'disagreements'), table3);
  for (const t of expected.tables) assert.deepEqual(study.report.tables.find((x) => x.id === t.id), t, t.id);
  assert.deepEqual(study.report.tables.map((t) => t.id), expected.tables.map((t) => t.id));

  // A label naming a question the run does not have is refused by the study, naming the file.
  fs.writeFileSync(labels, JSON.stringify({ 1000: true, 4242: false }));
  await app.page.setInputFiles('#chokepoint-file-input', labels);
  await app.page.waitForTimeout(300);
  const refused = await runStudyInTab(app.page, { study: 'synsql' });
  assert.match(refused.error, /synth_labels\.json: .*4242/);
});

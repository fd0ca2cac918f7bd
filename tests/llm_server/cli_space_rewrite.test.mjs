// `chokepoint space rewrite` against the loopback fake endpoint: the rewriter taught one answer per (item, feature)
// prompt (a rewrite answered wrong then right, INVALID, a rewrite the model answers without SQL), the text-to-SQL
// answers taught per rewritten question, EX by the metrics engine on toxicology; Acc@1, Acc@3 and Table 4 computed by
// hand for --items wrong with a negative-features list, for --items predicted with an estimator's report and with a
// forest trained on another set (--train-set), and the feature-space study's Tables 3 and 4 from such a report; a rerun with the replay store sends no request; --preview sends nothing; a failing endpoint exits 1 with a clear message;
// bad inputs exit 2.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startFakeLlm } from './start_server.mjs';
import { root, cli, run, scratchDir, copyDb, removeDir, writeBirdPredictions, assetsDir } from './cli_fixture.mjs';

const lexiconAsset = join(assetsDir, 'lexicon', 'wordnet.lex');

let llm, dir;

const SCHEMA = 'toxicology | molecule : molecule_id, label | atom : atom_id, molecule_id, element | bond : bond_id, ' +
  'molecule_id, bond_type | connected : atom_id, atom_id2, bond_id';
const DOUBLE = "SELECT DISTINCT m.label FROM molecule m JOIN bond b ON m.molecule_id = b.molecule_id WHERE b.bond_type = '='";
// [question, gold, prediction]: item 0 right, the others wrong.
const ITEMS = [
  ['How many atoms are chlorine?', "SELECT COUNT(*) FROM atom WHERE element = 'cl'", "SELECT COUNT(*) FROM atom WHERE element = 'cl'"],
  ['Which molecules have a double bond?', DOUBLE, 'SELECT 1'],
  ['What elements are in molecule TR000?', "SELECT DISTINCT element FROM atom WHERE molecule_id = 'TR000'", 'SELECT 2'],
  ['How many bonds are there?', 'SELECT COUNT(*) FROM bond', 'SELECT 3'],
];
// Features by hand (f039 harmful, f009 helpful, f117 harmful, in that order): item 1 gets all three rewrites, item 2
// only f117 (it has f009 already, lacks f039), item 3 only f009 (unknown reads No), item 0 f039 (when chosen).
const FEATURES = 'key,db_id,f009,f039,f117\n0,toxicology,1,1,0\n1,toxicology,0,1,1\n2,toxicology,1,0,1\n3,toxicology,,,0\n';
const NEGATIVE = [{ column: 'f039', more_common_in: 'wrong' }, { id: 9, more_common_in: 'right' },
  { column: 'f117', more_common_in: 'wrong' }];
// [item, feature, rewriter's answer, the question read from it, the model's SQL for it (null: none asked)]
const REWRITES = [
  [1, 39, '```\nWhich molecules contain a bond of double type?\n```', 'Which molecules contain a bond of double type?',
    'SELECT molecule_id FROM molecule'],
  [1, 9, 'INVALID', null, null],
  [1, 117, 'Rewritten question: "List the labels of molecules that have a double bond."',
    'List the labels of molecules that have a double bond.', DOUBLE],
  [2, 117, 'Which distinct elements occur in the molecule TR000?', 'Which distinct elements occur in the molecule TR000?',
    "SELECT DISTINCT element FROM atom WHERE molecule_id = 'TR000'"],
  [3, 9, '```text\nCount the bonds, each bond row once.\n```', 'Count the bonds, each bond row once.',
    'I cannot write that query.'],
  [0, 39, 'How many chlorine atoms exist?', 'How many chlorine atoms exist?', 'SELECT 0'],
];

const requests = () => llm.requests();
const near = (a, b, what) => assert.ok(Math.abs(a - b) < 1e-4, `${what}: ${a} vs ${b}`);

before(async () => {
  dir = scratchDir('chokepoint-space-rewrite-');
  copyDb(dir, 'toxicology');
  writeFileSync(join(dir, 'dev.json'), JSON.stringify(ITEMS.map(([q, g], i) => ({
    question_id: i, db_id: 'toxicology', question: q, evidence: '', SQL: g }))));
  writeBirdPredictions(join(dir, 'pred.json'), ITEMS.map(([, , p]) => p));
  writeFileSync(join(dir, 'features.csv'), FEATURES);
  writeFileSync(join(dir, 'negative.json'), JSON.stringify(NEGATIVE));
  // A training set where the model fails exactly when f117 is there (every combination of the three, twice).
  const train = [];
  let trainFeatures = 'key,db_id,f009,f039,f117\n';
  for (let i = 0; i < 16; i++) {
    const [f009, f039, f117] = [i & 1, (i >> 1) & 1, (i >> 2) & 1];
    train.push({ question_id: i, db_id: 'toxicology', question: `Training question ${i}?`, evidence: '',
      SQL: 'SELECT COUNT(*) FROM atom', pred: f117 ? 'SELECT 0' : 'SELECT COUNT(*) FROM atom' });
    trainFeatures += `${i},toxicology,${f009},${f039},${f117}\n`;
  }
  writeFileSync(join(dir, 'train.json'), JSON.stringify(train.map(({ pred, ...item }) => item)));
  writeFileSync(join(dir, 'train_pred.json'), JSON.stringify(Object.fromEntries(train.map((t) => [
    String(t.question_id), `${t.pred}\t----- bird -----\ttoxicology`]))));
  writeFileSync(join(dir, 'train_features.csv'), trainFeatures);
  writeFileSync(join(dir, 'estimate.json'), JSON.stringify({ negative_features: NEGATIVE, test_items: [
    { key: '0', correct: true, p_correct: 0.3 }, { key: '1', correct: false, p_correct: 0.2 },
    { key: '3', correct: false, p_correct: 0.8 }] }));
  llm = await startFakeLlm(120000);
  writeFileSync(join(dir, 'rewriter.json'), llm.config('fake-rewriter'));
  writeFileSync(join(dir, 'model.json'), llm.config('fake-model'));
  writeFileSync(join(dir, 'fail.json'), llm.config('fail-401'));

  // Each rewrite prompt in full, rendered from the template as the CLI renders it, is taught its answer.
  const catalogue = JSON.parse(execFileSync(cli, ['features', '--catalogue'], { encoding: 'utf8' }));
  const predicate = (id) => catalogue.find((f) => f.id === id).predicate;
  const template = readFileSync(join(root, 'prompts', 'sqlspace_rewrite.mustache'), 'utf8');
  const answers = {};
  const sql = {};
  for (const [item, feature, answer, question, model] of REWRITES) {
    const remove = NEGATIVE.find((f) => f.id === feature || f.column === `f${String(feature).padStart(3, '0')}`)
      .more_common_in === 'wrong';
    const vars = { direction: remove ? 'no longer has' : 'has', predicate: predicate(feature), schema: SCHEMA,
      question: ITEMS[item][0] };
    answers[template.replace(/\{\{(\w+)\}\}/g, (_, v) => vars[v]).trim()] = answer;
    if (model !== null) sql[question] = model;
  }
  await llm.teach(answers);
  await llm.teachSql(sql);
});
after(() => {
  llm?.kill();
  removeDir(dir);
});

// The rewriter is rewriter.json unless `extra` names another (--llm-config is given once).
const rewriteArgs = (out, extra) => ['space', 'rewrite', '--set', join(dir, 'dev.json'), '--pred', join(dir, 'pred.json'),
  '--db-root', join(dir, 'db'), '--features', join(dir, 'features.csv'),
  ...(extra.includes('--llm-config') ? [] : ['--llm-config', join(dir, 'rewriter.json')]),
  '--t2s-config', join(dir, 'model.json'), '--out', out, ...extra];

test('--preview prints the calls and a rewrite prompt and sends nothing', async () => {
  const r = await run(rewriteArgs(join(dir, 'p.json'), ['--negative-features', join(dir, 'negative.json'), '--preview',
    '--rows', '2']));
  assert.equal(r.code, 0, r.stderr);
  const p = JSON.parse(r.stdout);
  assert.deepEqual([p.items, p.chosen, p.calls, p.rewriter, p.model, p.t2s_model],
    [4, 3, 5, 'fake-rewriter', 'fake-rewriter', 'fake-model']);
  assert.deepEqual(p.later_rounds.map((l) => [l.round, l.calls_at_most]), [['text-to-SQL', 5]]);
  assert.equal(p.prompts.length, 5);
  assert.ok(p.prompts[0].prompt.includes('no longer has the following property'));
  assert.ok(p.prompts[0].prompt.includes('Question: Which molecules have a double bond?'));
  assert.ok(p.example_t2s.includes('(the rewritten question)'), p.example_t2s);
  assert.match(p.example_t2s, /TR000/, '--rows 2 shows example rows');
  assert.equal(await requests(), 0, 'the preview sent nothing');
});

test('--items wrong: Acc@1 and Acc@3 by hand against no rewriting; a rerun replays', async () => {
  const out = join(dir, 'wrong.json');
  const args = rewriteArgs(out, ['--negative-features', join(dir, 'negative.json'), '--replay', join(dir, 'w.sqlite')]);
  const first = await run(args);
  assert.equal(first.code, 0, first.stderr);
  const s = JSON.parse(first.stdout);
  // Item 0 right and kept; item 1: rewrite 1 wrong, 2 INVALID (keeps EX 0), 3 right; item 2: its one rewrite
  // right; item 3: its rewrite answered without SQL. No rewriting 1/4, Acc@1 2/4 (0, 2), Acc@3 3/4 (0, 1, 2).
  assert.deepEqual([s.n, s.items_rule, s.chosen, s.rewritten, s.rewrites, s.invalid, s.unreadable, s.failed],
    [4, 'wrong', 3, 3, 5, 1, 0, 0]);
  near(s.no_rewriting, 0.25, 'no rewriting');
  near(s.acc_at_1, 0.5, 'Acc@1');
  near(s.acc_at_3, 0.75, 'Acc@3');
  assert.deepEqual(s.table4, { estimator_right: { rewrite_right: 3, rewrite_wrong: 1 },
    estimator_wrong: { rewrite_right: 0, rewrite_wrong: 0 } });
  assert.deepEqual([s.usage.rewrite.network_calls, s.usage.t2s.network_calls, s.usage.replayed], [5, 4, 0]);
  assert.equal(await requests(), 9);
  const items = JSON.parse(readFileSync(out, 'utf8')).items;
  assert.deepEqual(items[1].rewrites.map((a) => [a.rank, a.feature, a.mode, a.state, a.ex]), [
    [1, 'f039', 'remove', 'rewritten', false], [2, 'f009', 'add', 'invalid', null], [3, 'f117', 'remove', 'rewritten', true]]);
  assert.equal(items[1].rewrites[2].question, 'List the labels of molecules that have a double bond.');
  assert.deepEqual([items[3].rewrites[0].state, items[3].rewrites[0].ex], ['no_sql', false]);
  assert.deepEqual(items[0].rewrites, []);

  const again = await run(args);
  assert.equal(again.code, 0, again.stderr);
  const s2 = JSON.parse(again.stdout);
  assert.deepEqual([s2.usage.network_calls, s2.usage.replayed], [0, 9]);
  near(s2.acc_at_3, 0.75, 'replayed Acc@3');
  assert.equal(await requests(), 9, 'the rerun sent no request');
});

test('study feature-space --rewrite: Tables 3 and 4 from the --items wrong report, beside the paper\'s', async () => {
  // The report of the test above: no rewriting 1/4, Acc@1 2/4, Acc@3 3/4; the "estimator" (here the oracle's choice)
  // right on all four items, three of them right at Acc@3.
  const out = join(dir, 'study');
  const study = (rewrite, o = out) => run(['study', 'feature-space', '--set', join(dir, 'dev.json'), '--pred',
    `model=${join(dir, 'pred.json')}`, '--db-root', join(dir, 'db'), '--lexicon', lexiconAsset, '--k', '2', '--rewrite',
    rewrite, '--out', o]);
  const r = await study(`model=${join(dir, 'wrong.json')}`);
  assert.equal(r.code, 0, r.stderr);
  assert.deepEqual(JSON.parse(r.stdout).rewriting, [{ model: 'model', n: 4, no_rewriting: 25, acc_at_1: 50, acc_at_3: 75 }]);
  const report = JSON.parse(readFileSync(join(out, 'report.json'), 'utf8'));
  const acc = report.tables.find((t) => t.id === 'rewriting');
  assert.deepEqual(acc.rows, [['model', 'the wrong items (an oracle)', 'fake-rewriter', 4, 3, 3, 25, 50, 75]]);
  assert.deepEqual(acc.published.map((p) => [p.source, p.cells[0], p.cells[6], p.cells[7], p.cells[8]]), [
    ['SQLSpace Table 3 (Bird-Dev)', 'code-gemma-7b', 31.2, 31.9, 37.7],
    ['SQLSpace Table 3 (Bird-Dev)', 'deepseek-coder-7b', 23.5, 24.3, 30.8]]);
  const split = report.tables.find((t) => t.id === 'rewriting_outcomes');
  assert.deepEqual(split.rows, [['model', 'right', 4, 75, 25], ['model', 'wrong', 0, 0, 0]]);
  assert.equal(split.published.length, 4);
  assert.ok(readFileSync(join(out, 'rewriting_outcomes.csv'), 'utf8').includes('rewrite right (%)'));
  assert.ok(!report.notes.some((n) => n.includes('need a rewriting run')), 'no note asking for a run');

  // A model not among --pred, a report of another set, and a damaged one are refused before anything is written.
  let bad = await study(`other=${join(dir, 'wrong.json')}`, join(dir, 'bad1'));
  assert.equal(bad.code, 2);
  assert.match(bad.stderr, /'other' is not a model of --pred/);
  const other = JSON.parse(readFileSync(join(dir, 'wrong.json'), 'utf8'));
  other.items[2].key = 'q-elsewhere';
  writeFileSync(join(dir, 'other_set.json'), JSON.stringify(other));
  bad = await study(`model=${join(dir, 'other_set.json')}`, join(dir, 'bad2'));
  assert.equal(bad.code, 2);
  assert.match(bad.stderr, /other_set\.json: the item 'q-elsewhere' is not an item of/);
  delete other.table4;
  writeFileSync(join(dir, 'damaged.json'), JSON.stringify(other));
  bad = await study(`model=${join(dir, 'damaged.json')}`, join(dir, 'bad3'));
  assert.equal(bad.code, 2);
  assert.match(bad.stderr, /damaged\.json: no whole number "table4\.estimator_right\.rewrite_right"/);
  for (const d of ['bad1', 'bad2', 'bad3']) assert.ok(!existsSync(join(dir, d)), `${d} was not written`);
});

test('--items predicted from an estimator report: its held-out items, p_correct < 0.5 rewritten; Table 4 by hand', async () => {
  const before = await requests();
  const r = await run(rewriteArgs(join(dir, 'predicted.json'), ['--estimate', join(dir, 'estimate.json'), '--top', '3',
    '--rows', '2']));
  assert.equal(r.code, 0, r.stderr);
  const s = JSON.parse(r.stdout);
  // Held out: 0 (0.3, right), 1 (0.2, wrong), 3 (0.8, wrong). Chosen: 0 and 1. Item 0's rewrite is answered wrong.
  // No rewriting 1/3; Acc@1 0; Acc@3 1/3 (item 1). Estimator right on 1 (rewrite right); wrong on 0 (chosen but
  // right; its rewrite wrong) and 3 (kept, wrong).
  assert.deepEqual([s.n, s.items_rule, s.chosen, s.rewrites], [3, 'predicted', 2, 4]);
  near(s.no_rewriting, 1 / 3, 'no rewriting');
  near(s.acc_at_1, 0, 'Acc@1');
  near(s.acc_at_3, 1 / 3, 'Acc@3');
  assert.deepEqual(s.table4, { estimator_right: { rewrite_right: 1, rewrite_wrong: 0 },
    estimator_wrong: { rewrite_right: 0, rewrite_wrong: 2 } });
  assert.equal(await requests() - before, 4 + 3, 'without --replay every call is sent');
  assert.equal(s.format, 'SimpleDDL-MD-Chat');
});

test('--train-set: a forest trained on another set predicts every item; those predicted to fail are rewritten', async () => {
  const r = await run(rewriteArgs(join(dir, 'transfer.json'), ['--negative-features', join(dir, 'negative.json'),
    '--train-set', join(dir, 'train.json'), '--train-pred', join(dir, 'train_pred.json'), '--train-features',
    join(dir, 'train_features.csv'), '--trees', '50', '--seed', '7', '--replay', join(dir, 'w.sqlite')]));
  assert.equal(r.code, 0, r.stderr);
  const s = JSON.parse(r.stdout);
  // Trained: wrong exactly when f117. Items 1 and 2 have f117: chosen. Items 0 (right) and 3 (wrong) are kept.
  // No rewriting 1/4; Acc@1 2/4 (0, 2); Acc@3 3/4 (0, 1, 2); the estimator is wrong only on item 3.
  assert.deepEqual([s.n, s.items_rule, s.estimator, s.trained_on, s.chosen, s.rewrites],
    [4, 'predicted', 'trained on --train-set', 16, 2, 4]);
  near(s.no_rewriting, 0.25, 'no rewriting');
  near(s.acc_at_1, 0.5, 'Acc@1');
  near(s.acc_at_3, 0.75, 'Acc@3');
  assert.deepEqual(s.table4, { estimator_right: { rewrite_right: 3, rewrite_wrong: 0 },
    estimator_wrong: { rewrite_right: 0, rewrite_wrong: 1 } });
  assert.deepEqual([s.usage.network_calls, s.usage.replayed], [0, 7], 'the same prompts were answered before');
  const items = JSON.parse(readFileSync(join(dir, 'transfer.json'), 'utf8')).items;
  assert.ok(items[1].p_correct < 0.5 && items[0].p_correct > 0.5, JSON.stringify(items.map((i) => i.p_correct)));
});

test('a failing endpoint: exit 1 with a clear message; the rewrites keep the original EX', async () => {
  const r = await run(rewriteArgs(join(dir, 'fail.json.out'), ['--negative-features', join(dir, 'negative.json'),
    '--llm-config', join(dir, 'fail.json'), '--limit', '2']));
  assert.equal(r.code, 1, r.stderr);
  assert.match(r.stderr, /space rewrite: 3 of 3 model calls unanswered: 3 failed \(first: 1 \/ rewrite 1 f039: .*401/);
  const s = JSON.parse(r.stdout);
  assert.deepEqual([s.n, s.failed, s.usage.t2s.network_calls], [2, 3, 0]);
  near(s.acc_at_3, s.no_rewriting, 'nothing changed');
});

test('bad inputs exit 2 with a message saying what is wrong', async () => {
  const both = await run(rewriteArgs(join(dir, 'x.json'), ['--estimate', join(dir, 'estimate.json'),
    '--negative-features', join(dir, 'negative.json')]));
  assert.equal(both.code, 2);
  assert.match(both.stderr, /one of --estimate and --negative-features/);
  const predicted = await run(rewriteArgs(join(dir, 'x.json'), ['--negative-features', join(dir, 'negative.json'),
    '--items', 'predicted']));
  assert.equal(predicted.code, 2);
  assert.match(predicted.stderr, /--items predicted needs --estimate/);
  const rule = await run(rewriteArgs(join(dir, 'x.json'), ['--negative-features', join(dir, 'negative.json'),
    '--items', 'some']));
  assert.equal(rule.code, 2);
  assert.match(rule.stderr, /--items 'some' is not one of predicted, wrong, all/);
  writeFileSync(join(dir, 'empty.json'), '[]');
  const empty = await run(rewriteArgs(join(dir, 'x.json'), ['--negative-features', join(dir, 'empty.json')]));
  assert.equal(empty.code, 2);
  assert.match(empty.stderr, /empty\.json: the list of negative features is empty/);
});

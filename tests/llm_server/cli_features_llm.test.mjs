// `chokepoint features --llm-config` against the loopback fake endpoint: the SQL Syntax and Database Reasoning
// aspects asked with the rule features too (--agreement), each prompt taught its answer (fenced JSON, loose keys,
// an unreadable answer), the filled matrix and the rule-vs-LLM agreement (accuracy, Cohen's kappa) checked against
// values computed by hand; a rerun with the replay store sends no request; --preview sends nothing; a failing
// endpoint exits 1 with a clear message and the rules' matrix; bad inputs exit 2.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { startFakeLlm } from './start_server.mjs';
import { run, scratchDir, copyDb, removeDir } from './cli_fixture.mjs';

let llm, dir;

const SCHEMA = 'toxicology | molecule : molecule_id, label | atom : atom_id, molecule_id, element | bond : bond_id, ' +
  'molecule_id, bond_type | connected : atom_id, atom_id2, bond_id';
const ITEMS = [
  ['How many atoms are chlorine or carbon?', "SELECT COUNT(*) FROM atom WHERE element = 'cl' OR element = 'c'"],
  ['Which molecules have a double bond?',
    "SELECT DISTINCT m.label FROM molecule m JOIN bond b ON m.molecule_id = b.molecule_id WHERE b.bond_type = '='"],
];
// The rules on these queries: JOIN (f080) 0 1, OR (f085) 1 0, aggregate (f089) 1 0, WHERE (f090) 1 1.
const SQL_ANSWERS = [
  'Here you go:\n```json\n{"f080": "Yes", "F-085": "no", "f089": "yes.", "f090": true, "f999": "Yes"}\n```',
  '{"f080": "Yes", "f085": "No", "f089": "No", "f090": "Yes", "f091": "maybe"}',
];
const REASONING_ANSWERS = ['{"f172": "Yes", "f173": "No"}', 'I am not sure about these properties.'];

const requests = () => llm.requests();
const near = (a, b, what) => assert.ok(Math.abs(a - b) < 1e-4, `${what}: ${a} vs ${b}`);
const csvRows = (file) => {
  const [header, ...rows] = readFileSync(file, 'utf8').trim().split('\n').map((l) => l.split(','));
  return rows.map((r) => Object.fromEntries(header.map((h, i) => [h, r[i]])));
};

before(async () => {
  dir = scratchDir('chokepoint-features-llm-');
  copyDb(dir, 'toxicology');
  writeFileSync(join(dir, 'dev.json'), JSON.stringify(ITEMS.map(([q, g], i) => ({
    question_id: i, db_id: 'toxicology', question: q, evidence: '', SQL: g }))));
  llm = await startFakeLlm(120000);
  writeFileSync(join(dir, 'llm.json'), llm.config('fake-evaluator'));
  writeFileSync(join(dir, 'fail.json'), llm.config('fail-401'));
  const answers = {};
  ITEMS.forEach(([q, sql], i) => {
    answers[`SQL query: ${sql}\n\nProperties`] = SQL_ANSWERS[i];
    answers[`Database schema: ${SCHEMA}\nQuestion: ${q}`] = REASONING_ANSWERS[i];
  });
  await llm.teach(answers);
});
after(() => {
  llm?.kill();
  removeDir(dir);
});

const featuresArgs = (out, extra) => ['features', '--set', join(dir, 'dev.json'), '--db-root', join(dir, 'db'), '--out',
  out, ...extra];

test('--preview prints the calls and one prompt per aspect and sends nothing', async () => {
  const r = await run(featuresArgs(join(dir, 'p.csv'), ['--llm-config', join(dir, 'llm.json'), '--preview']));
  assert.equal(r.code, 0, r.stderr);
  const p = JSON.parse(r.stdout);
  // Per item: 52 Syntax, 24 Example Semantics, 26 Pragmatics and 12 Database Reasoning LLM features, ten a prompt:
  // 6 + 3 + 3 + 2 = 14 prompts and 114 cells.
  assert.deepEqual([p.calls, p.items, p.cells, p.batch, p.model], [28, 2, 228, 10, 'fake-evaluator']);
  assert.deepEqual(Object.keys(p.examples), ['syntax', 'example_semantics', 'pragmatics', 'database_reasoning']);
  assert.ok(p.examples.syntax.includes('Question: How many atoms are chlorine or carbon?'));
  assert.ok(!p.examples.syntax.includes('SELECT'), 'Syntax shows the question only');
  assert.ok(p.examples.database_reasoning.includes(`Database schema: ${SCHEMA}`));
  assert.match(r.stderr, /features: 28 prompts for 2 items/);
  assert.equal(existsSync(join(dir, 'p.csv')), false, 'nothing written');
  assert.equal(await requests(), 0, 'the preview sent nothing');
});

test('SQL Syntax and Database Reasoning with --agreement: filled matrix and Table 6 by hand; a rerun replays', async () => {
  const out = join(dir, 'f.csv');
  const args = featuresArgs(out, ['--llm-config', join(dir, 'llm.json'), '--aspects', 'sql_syntax,database-reasoning',
    '--agreement', '--batch', '40', '--replay', join(dir, 'f.sqlite')]);
  const first = await run(args);
  assert.equal(first.code, 0, first.stderr);
  const s = JSON.parse(first.stdout);
  // Two prompts per item (40 SQL features; 12 LLM + 4 rule Database Reasoning features); item 1's second unreadable.
  assert.deepEqual([s.llm.prompts, s.llm.answered, s.llm.unreadable, s.llm.failed], [4, 3, 1, 0]);
  assert.deepEqual([s.llm.cells_asked, s.llm.cells_answered, s.llm.cells_filled], [112, 10, 2]);
  assert.deepEqual([s.llm.usage.network_calls, s.llm.usage.replayed], [4, 0]);
  assert.match(s.llm.notes[0], /^1 database_reasoning: the answer holds no JSON object/);
  assert.equal(await requests(), 4);

  const rows = csvRows(out);
  assert.deepEqual([rows[0].f172, rows[0].f173, rows[1].f172], ['1', '0', ''], 'LLM answers fill unknown cells');
  assert.deepEqual([rows[0].f080, rows[0].f089], ['0', '1'], 'the rules keep their answers');

  // Per feature (rule vs LLM): #80 0/1 vs 1/1: accuracy 1/2, kappa 0 (p_e = 1/2); #85 1/0 vs 0/0: 1/2, kappa 0;
  // #89 1/0 vs 1/0: 1, kappa 1; #90 1/1 vs 1/1: 1, kappa undefined. Pooled over 8 cells: 6 agree, p_o = 3/4,
  // rule and LLM each say yes 5 of 8 times: p_e = 25/64 + 9/64 = 17/32, kappa = (3/4 - 17/32) / (15/32) = 7/15.
  const report = JSON.parse(readFileSync(join(dir, 'f_agreement.json'), 'utf8'));
  const byId = Object.fromEntries(report.features.map((f) => [f.id, f]));
  assert.deepEqual(report.features.map((f) => f.id), [80, 85, 89, 90]);
  near(byId[80].accuracy, 0.5, '#80 accuracy');
  near(byId[80].kappa, 0, '#80 kappa');
  assert.deepEqual([byId[80].rule_no_llm_yes, byId[85].rule_yes_llm_no], [1, 1]);
  near(byId[89].kappa, 1, '#89 kappa');
  assert.equal(byId[90].kappa, null);
  assert.equal(report.aspects.length, 1);
  const sql = report.aspects[0];
  assert.deepEqual([sql.aspect, sql.features, sql.pooled.n], ['sql_syntax', 4, 8]);
  near(sql.pooled.accuracy, 0.75, 'pooled accuracy');
  near(sql.mean_accuracy, 0.75, 'mean accuracy');
  near(sql.pooled.kappa, 7 / 15, 'pooled kappa');
  near(s.agreement.aspects[0].kappa, 7 / 15, 'summary kappa');

  const before = readFileSync(out, 'utf8');
  const again = await run(args);
  assert.equal(again.code, 0, again.stderr);
  const s2 = JSON.parse(again.stdout);
  assert.deepEqual([s2.llm.usage.network_calls, s2.llm.usage.replayed], [0, 4]);
  assert.equal(readFileSync(out, 'utf8'), before, 'the replayed run writes the same matrix');
  assert.equal(await requests(), 4, 'the rerun sent no request');
});

test('a failing endpoint: exit 1 with a clear message, the rules\' matrix written, the LLM cells unknown', async () => {
  const before = await requests();
  const out = join(dir, 'fail.jsonl');
  const r = await run(featuresArgs(out, ['--llm-config', join(dir, 'fail.json'), '--aspects', 'pragmatics',
    '--batch', '40', '--limit', '1']));
  assert.equal(r.code, 1, r.stderr);
  assert.match(r.stderr,
    /features: 1 of 1 model calls unanswered: 1 failed \(first: 0 \/ features pragmatics f\d{3}-f\d{3}: .*401/);
  const s = JSON.parse(r.stdout);
  assert.deepEqual([s.items, s.llm.failed, s.llm.cells_filled], [1, 1, 0]);
  assert.ok(await requests() > before);
  const lines = readFileSync(out, 'utf8').trim().split('\n');
  assert.equal(lines.length, 2, 'header and one item');
  assert.equal(JSON.parse(lines[1]).features.f080, 0, 'the rules still decide');
});

test('bad inputs exit 2 with a message saying what is wrong', async () => {
  const aspect = await run(featuresArgs(join(dir, 'x.csv'), ['--llm-config', join(dir, 'llm.json'), '--aspects', 'semantics']));
  assert.equal(aspect.code, 2);
  assert.match(aspect.stderr, /--aspects: unknown aspect 'semantics' \(syntax, sql_syntax, example_semantics/);
  const alone = await run(featuresArgs(join(dir, 'x.csv'), ['--agreement']));
  assert.equal(alone.code, 2);
  assert.match(alone.stderr, /--agreement goes with --llm-config/);
  const batch = await run(featuresArgs(join(dir, 'x.csv'), ['--llm-config', join(dir, 'llm.json'), '--batch', '0']));
  assert.equal(batch.code, 2);
  assert.match(batch.stderr, /--batch '0' is out of range \(accepted: 1 to 1000\)/);
  const config = await run(featuresArgs(join(dir, 'x.csv'), ['--llm-config', join(dir, 'missing.json')]));
  assert.equal(config.code, 2);
  assert.match(config.stderr, /missing\.json/);
});

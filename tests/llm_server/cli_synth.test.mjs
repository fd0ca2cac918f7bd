// `chokepoint synth` against the loopback fake endpoint: the whole SynSQL loop (three selections, an expansion, a
// critic that rejects A.9's first data once and accepts the second), its databases as a BIRD db_root on which the gold
// queries return rows (A.9's 'Austin'; a 'MONACO' re-cased to the question's 'Monaco') and `eval` and `agreement` run
// unchanged (DIR/original: the original databases under the synthetic ids); a rerun replayed with zero requests;
// --preview sending nothing; vanilla on the full schema from --tables; a failing endpoint (a clear error, the other
// items written, a rerun resuming); a slow one; bad inputs.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync, existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { startFakeLlm } from './start_server.mjs';
import { run, scratchDir, removeDir } from './cli_fixture.mjs';
import { DDL, QA, HA, GA, QB, GB, FEEDBACK, critic, synthAnswers } from './synsql_fixture.mjs';

let llm, dir;

const requests = () => llm.requests();
const sqlite = (file, sql) => execFileSync('sqlite3', [file, sql], { encoding: 'utf8' }).trim();

before(async () => {
  dir = scratchDir('chokepoint-synth-');
  mkdirSync(join(dir, 'db', 'formula_1'), { recursive: true });
  execFileSync('sqlite3', [join(dir, 'db', 'formula_1', 'formula_1.sqlite')], { input: DDL });
  writeFileSync(join(dir, 'dev.json'), JSON.stringify([
    { question_id: 1000, db_id: 'formula_1', question: QA, evidence: HA, SQL: GA },
    { question_id: 1001, db_id: 'formula_1', question: QB, evidence: '', SQL: GB },
    { question_id: 1002, db_id: 'nowhere', question: 'Anything?', evidence: '', SQL: 'SELECT 1' },
  ]));
  writeFileSync(join(dir, 'tables.json'), JSON.stringify([{
    db_id: 'formula_1', table_names_original: ['circuits', 'races'], table_names: ['circuits', 'races'],
    column_names_original: [[-1, '*'], [0, 'circuitId'], [0, 'name'], [0, 'location'], [0, 'country'],
      [1, 'raceId'], [1, 'year'], [1, 'circuitId'], [1, 'name'], [1, 'date']],
    column_names: [[-1, '*'], [0, 'circuit id'], [0, 'name'], [0, 'location'], [0, 'country'],
      [1, 'race id'], [1, 'year'], [1, 'circuit id'], [1, 'name'], [1, 'date']],
    column_types: ['text', 'number', 'text', 'text', 'text', 'number', 'number', 'number', 'text', 'text'],
    primary_keys: [1, 5], foreign_keys: [[7, 1]],
  }]));
  llm = await startFakeLlm(120000);
  writeFileSync(join(dir, 'llm.json'), llm.config('fake-synth'));
  writeFileSync(join(dir, 'llm1.json'), llm.config('fake-synth', { concurrency: 1 }));
  writeFileSync(join(dir, 'fail.json'), llm.config('fail-401'));
  await llm.teach(synthAnswers());
});
after(() => {
  llm?.kill();
  removeDir(dir);
});

// The model is llm.json unless `extra` names another (--llm-config is given once).
const synthArgs = (out, extra = []) => ['synth', '--set', join(dir, 'dev.json'), '--db-root', join(dir, 'db'),
  ...(extra.includes('--llm-config') ? [] : ['--llm-config', join(dir, 'llm.json')]), '--out', out, ...extra];

test('--preview says what would be sent and sends nothing', async () => {
  const r = await run(synthArgs(join(dir, 'preview'), ['--preview']));
  assert.equal(r.code, 0, r.stderr);
  const p = JSON.parse(r.stdout);
  assert.deepEqual([p.items, p.method, p.calls_at_least, p.calls_at_most, p.model], [2, 'synsql', 12, 20, 'fake-synth']);
  // The first calls: three selections per question; then the expansion, and the synthesizer and critic rounds.
  assert.equal(p.prompts.length, 6);
  assert.equal(p.calls, 6);
  assert.deepEqual(p.later_rounds.map((l) => [l.round, l.calls_at_most]), [['expand', 2], ['synthesize', 6],
    ['critique', 6]]);
  assert.ok(p.prompts[0].prompt.includes(`Question: ${QA}`));
  assert.ok(p.prompts[0].prompt.includes('CREATE TABLE "drivers"'), 'the selector sees the full schema');
  assert.match(r.stderr, /synth: 2 questions \(synsql\), 12 to 20 calls/);
  assert.equal(existsSync(join(dir, 'preview')), false);
  assert.equal(await requests(), 0, 'the preview sent nothing');
});

test('SynSQL: the critic rejects once, then accepts; the databases answer the gold queries; a rerun replays', async () => {
  const out = join(dir, 'synsql');
  const args = synthArgs(out, ['--replay', join(dir, 'synsql.sqlite')]);
  const first = await run(args);
  assert.equal(first.code, 0, first.stderr);
  const s = JSON.parse(first.stdout);
  assert.deepEqual([s.n, s.items, s.databases, s.accepted, s.not_accepted, s.failed, s.no_schema],
    [3, 2, 2, 2, 0, 0, 1]);
  assert.equal(s.rounds_used, 3);
  assert.equal(s.success_rate, 1);
  // Fig. 4's breakdown: both questions answered, so no failure to class.
  assert.deepEqual(s.success, { n: 2, sr: 100, cc: 9, success: 2, failures: 0, selector_omission: 0,
    misinterpretation: 0, no_database: 0, gold_unresolved: 0 });
  assert.equal(s.usage.network_calls, 14);  // A: 3 + 1 + 2 × 2; B: 3 + 1 + 2
  assert.equal(await requests(), 14);
  assert.equal(s.criteria.hint_alignment, 9, 'only A was asked about its hint');
  assert.equal(s.criteria.key_integrity, 8.5);
  assert.equal(s.mean_columns, 9);  // A.9's 2 tables and 9 columns; B: the third expansion column adds drivers

  const m = JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8'));
  assert.deepEqual([m.method, m.model, m.rounds, m.threshold], ['synsql', 'fake-synth', 3, 8]);
  assert.deepEqual(m.temperatures.selection, [0, 0.3, 0.7]);
  const [a, b, none] = m.items;
  assert.deepEqual([a.id, a.synthetic_db_id, a.outcome, a.chosen_round], ['1000', 'formula_1__q1000', 'accepted', 2]);
  assert.equal(a.rounds.length, 2);
  assert.deepEqual([a.rounds[0].review.average, a.rounds[0].accepted], [5, false]);
  assert.ok(a.rounds[1].feedback_given.includes(FEEDBACK));
  assert.deepEqual([a.rounds[1].review.average, a.rounds[1].accepted, a.rounds[1].validation.rows_kept], [9, true, 20]);
  assert.deepEqual([a.tables, a.columns], [2, 9], 'A.9: 2 tables, 9 columns');
  assert.deepEqual(a.selector.expanded, ['races.name', 'circuits.name', 'races.year']);
  assert.deepEqual(a.selector.added_by_key_rule, ['races.raceId']);
  assert.deepEqual(a.calls.map((c) => c.label), ['select t=0', 'select t=0.3', 'select t=0.7', 'expand',
    'synthesize round 1', 'critique round 1', 'synthesize round 2', 'critique round 2']);
  assert.ok(a.calls.every((c) => /^[0-9a-f]{64}$/.test(c.replay_key) && c.ok && !c.replayed));
  assert.equal(a.gold_rows, 1);
  assert.deepEqual(a.success, { verdict: 'success', missing: [], columns: 9 });
  assert.deepEqual(b.selector.expanded, ['circuits.name', 'races.year', 'drivers.surname'], 'at most 3');
  assert.deepEqual(b.selector.added_by_key_rule,
    ['circuits.circuitId', 'races.raceId', 'drivers.driverId', 'races.circuitId']);
  assert.equal(b.rounds[0].review.scores.hint_alignment, undefined, 'no evidence: no Hint Alignment');
  const kinds = b.rounds[0].validation.changes.map((c) => c.kind);
  assert.deepEqual(kinds, ['case_aligned', 'foreign_key']);
  assert.deepEqual([none.outcome, none.database], ['no_schema', undefined]);

  // A BIRD db_root: one real SQLite file per question, the gold query non-empty on it.
  const fileA = join(out, 'formula_1__q1000', 'formula_1__q1000.sqlite');
  assert.equal(sqlite(fileA, GA), 'Austin');
  assert.equal(sqlite(fileA, "SELECT group_concat(name) FROM sqlite_master WHERE type = 'table'"), 'circuits,races');
  assert.equal(sqlite(join(out, 'formula_1__q1001', 'formula_1__q1001.sqlite'), GB), 'Monaco Grand Prix');
  const set = JSON.parse(readFileSync(join(out, 'set.json'), 'utf8'));
  assert.deepEqual(set.map((i) => i.db_id), ['formula_1__q1000', 'formula_1__q1001', 'nowhere__q1002']);
  // `eval` runs on it unchanged: the gold queries as predictions are right on both databases (the question without
  // a schema has no database: --skip-missing).
  writeFileSync(join(dir, 'pred.sql'), [GA, GB, 'SELECT 1'].join('\n') + '\n');
  const ev = await run(['eval', '--gold', join(out, 'set.json'), '--pred', join(dir, 'pred.sql'), '--db-root', out,
    '--out', join(dir, 'eval.json'), '--skip-missing']);
  assert.ok(ev.code === 0 || ev.code === 1, ev.stderr);
  const items = JSON.parse(readFileSync(join(dir, 'eval.json'), 'utf8')).items;
  assert.deepEqual(items.slice(0, 2).map((i) => i.ex), [1, 1]);
  // So does `agreement`, with DIR/original as the original db_root under the same ids.
  const ag = await run(['agreement', '--gold', join(out, 'set.json'), '--pred', join(dir, 'pred.sql'), '--db-root',
    join(out, 'original'), '--test-db-root', out, '--out', join(dir, 'agreement.json'), '--skip-missing']);
  assert.equal(ag.code, 0, ag.stderr);
  const agreement = JSON.parse(ag.stdout);
  const [t] = agreement.test_roots;
  assert.deepEqual([agreement.no_original_database, t.n, t.no_test_database, t.sr, t.original_sr], [1, 2, 0, 100, 0],
    'the fixture\'s original has no races: both golds are empty there, non-empty on their synthetic databases');
  assert.ok(t.discrimination.share > agreement.original.discrimination.share);

  const again = await run(args);
  assert.equal(again.code, 0, again.stderr);
  const s2 = JSON.parse(again.stdout);
  assert.deepEqual([s2.usage.network_calls, s2.usage.replayed, s2.accepted, s2.rounds_used], [0, 14, 2, 3]);
  assert.equal(await requests(), 14, 'the rerun sent no request');
  const m2 = JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8'));
  assert.ok(m2.items[0].calls.every((c) => c.replayed));
  assert.equal(sqlite(fileA, GA), 'Austin');
});

test('vanilla: one synthesizer call per question on the full schema from --tables, no critic', async () => {
  const before = await requests();
  const out = join(dir, 'vanilla');
  const r = await run(['synth', '--set', join(dir, 'dev.json'), '--tables', join(dir, 'tables.json'), '--llm-config',
    join(dir, 'llm.json'), '--out', out, '--method', 'vanilla']);
  assert.equal(r.code, 0, r.stderr);
  const s = JSON.parse(r.stdout);
  assert.deepEqual([s.method, s.items, s.generated, s.accepted, s.rounds_used, s.usage.network_calls],
    ['vanilla', 2, 2, 0, 2, 2]);
  assert.deepEqual(s.criteria, {});
  assert.equal(await requests(), before + 2);
  const m = JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8'));
  assert.equal(m.items[0].selector, undefined);
  assert.equal(m.items[0].rounds[0].review, null);
  assert.equal(m.threshold, null);
  const file = join(out, 'formula_1__q1000', 'formula_1__q1000.sqlite');
  assert.equal(sqlite(file, GA), 'Silverstone');
  assert.equal(sqlite(file, "SELECT count(*) FROM sqlite_master WHERE type = 'table'"), '2');  // tables.json's two
});

test('a failing endpoint: a clear error, the other questions written, a rerun resumes the failed one', async () => {
  const failed = await run(synthArgs(join(dir, 'fail'), ['--llm-config', join(dir, 'fail.json')]));
  assert.equal(failed.code, 1, failed.stderr);
  assert.match(failed.stderr, /2 of 2 questions failed \(first: 1000: select t=0: .*401/);
  const s = JSON.parse(failed.stdout);
  assert.deepEqual([s.failed, s.databases], [2, 0]);
  // Failures Fig. 4 has no bar for (no data to run the gold on) are counted apart, not as the selector's or the
  // model's misreading.
  assert.deepEqual([s.success.n, s.success.failures, s.success.no_database, s.success.selector_omission,
    s.success.misinterpretation], [2, 2, 2, 0, 0]);
  assert.equal(JSON.parse(readFileSync(join(dir, 'fail', 'manifest.json'), 'utf8')).items[0].outcome, 'failed');

  // One request refused (the first, with one call in flight at a time): only question 1000 fails.
  const out = join(dir, 'resume');
  const args = synthArgs(out, ['--llm-config', join(dir, 'llm1.json')]);
  await llm.api('/control', { mode: '401', times: 1 });
  const before = await requests();
  const first = await run(args);
  assert.equal(first.code, 1, first.stderr);
  const s1 = JSON.parse(first.stdout);
  assert.deepEqual([s1.failed, s1.accepted, s1.databases], [1, 1, 1]);
  assert.deepEqual([s1.success.success, s1.success.no_database], [1, 1]);
  assert.ok(existsSync(join(out, 'formula_1__q1001', 'formula_1__q1001.sqlite')), 'the done question is kept');
  assert.equal(existsSync(join(out, 'formula_1__q1000')), false);
  // The rerun replays what was answered (from DIR/replay.sqlite) and asks only the failed question's calls.
  const mid = await requests();
  assert.equal(mid - before, 1 + 2 + 6, 'the refused call, the failed question\'s other selections, question 1001');
  const second = await run(args);
  assert.equal(second.code, 0, second.stderr);
  const s2 = JSON.parse(second.stdout);
  // Question 1000 asks its refused selection, the expansion and two rounds; its other selections are replayed.
  assert.deepEqual([s2.failed, s2.accepted, s2.databases, s2.usage.network_calls], [0, 2, 2, 6]);
  assert.equal(s2.usage.replayed, 2 + 6);
});

test('a slow endpoint: the time limit ends each question with a clear message', async () => {
  const out = join(dir, 'slow');
  writeFileSync(join(dir, 'slow.json'), llm.config('slow-3000', { timeout_ms: 300 }));
  const r = await run(synthArgs(out, ['--llm-config', join(dir, 'slow.json'), '--limit', '1']));
  assert.equal(r.code, 1, r.stderr);
  assert.match(r.stderr, /1 of 1 question failed \(first: 1000: select t=0: no answer from .* within the time limit/);
  assert.equal(JSON.parse(r.stdout).failed, 1);
});

test('bad inputs exit 2 with a clear message', async () => {
  const bad = async (extra, pattern) => {
    const r = await run(synthArgs(join(dir, 'bad'), extra));
    assert.equal(r.code, 2, r.stderr);
    assert.match(r.stderr, pattern);
  };
  await bad(['--method', 'tsa'], /--method 'tsa' is not one of synsql, vanilla/);
  await bad(['--rounds', '0'], /--rounds '0' is out of range \(accepted: 1 to 99\)/);
  await bad(['--threshold', 'high'], /--threshold 'high' is not a number \(accepted: 1 to 10\)/);
  const r = await run(['synth', '--set', join(dir, 'dev.json'), '--out', join(dir, 'bad')]);
  assert.equal(r.code, 2);
  assert.match(r.stderr, /missing arguments/);
});

test('--ablation: the preview counts each ablation\'s own calls, and the oracle schema asks no selector', async () => {
  const preview = async (ablation) => {
    const r = await run(synthArgs(join(dir, `preview-${ablation}`), ['--preview', '--ablation', ablation]));
    assert.equal(r.code, 0, r.stderr);
    return JSON.parse(r.stdout);
  };
  const before = await requests();
  // Two questions. No critic: 3 selections + 1 expansion + 1 synthesizer call each.
  const noCritic = await preview('no_critic');
  assert.deepEqual([noCritic.calls_at_least, noCritic.calls_at_most], [10, 10]);
  assert.deepEqual(noCritic.later_rounds.map((l) => [l.round, l.calls_at_most]), [['expand', 2], ['synthesize', 2]]);
  // Oracle schema: no selector, no expansion; the first calls are the synthesizer's, then up to 2 more rounds of it
  // and up to 3 critic calls each.
  const oracle = await preview('oracle_schema');
  assert.deepEqual([oracle.calls_at_least, oracle.calls_at_most], [4, 12]);
  assert.equal(oracle.prompts.length, 2);
  assert.match(oracle.prompts[0].prompt, /INSERT/i, 'the first call writes data');
  assert.deepEqual(oracle.later_rounds.map((l) => [l.round, l.calls_at_most]), [['synthesize', 4], ['critique', 6]]);
  // One selection and no expansion.
  const single = await preview('no_ensemble_expansion');
  assert.deepEqual([single.calls_at_least, single.prompts.length], [6, 2]);
  assert.equal(await requests(), before, 'previews send nothing');

  const vanilla = await run(synthArgs(join(dir, 'vanilla-ablation'), ['--method', 'vanilla', '--ablation', 'no_critic']));
  assert.equal(vanilla.code, 2);
  assert.match(vanilla.stderr, /--ablation no_critic changes SynSQL's loop; vanilla has no selector or critic/);
});

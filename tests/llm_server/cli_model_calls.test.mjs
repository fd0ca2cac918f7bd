// Every command that calls a model, one row each, against the loopback fake endpoint: they share one skeleton
// (cli/model_calls.h). For each: --preview sends nothing and lists every prompt of the first round (as many as its
// `calls`); a run and a rerun with the same --replay file: the rerun sends nothing; --max-calls 1 on a run that needs
// more stops the calls, finishes the work and exits 1 saying so; --help lists the shared flags and the exit-code rule.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { startFakeLlm } from './start_server.mjs';
import { run as runCli, scratchDir, copyDb, removeDir, writeBirdPredictions } from './cli_fixture.mjs';

let llm, dir;
const run = (args) => runCli(args, { timeout: 120000 });

// Four toxicology items: predictions 0 and 1 wrong (a filter, an aggregate: Result Errors the model is asked
// about), 2 and 3 right.
const ITEMS = [
  ['How many atoms are chlorine?', 'cl means chlorine', "SELECT COUNT(*) FROM atom WHERE element = 'cl'",
    "SELECT COUNT(*) FROM atom WHERE element = 'h'"],
  ['How many distinct elements are there?', '', 'SELECT COUNT(DISTINCT element) FROM atom',
    'SELECT COUNT(element) FROM atom'],
  ['Which element comes first alphabetically?', '', 'SELECT MIN(element) FROM atom', 'SELECT MIN(element) FROM atom'],
  ['How many bonds are there?', '', 'SELECT COUNT(*) FROM bond', 'SELECT COUNT(*) FROM bond'],
];
const SHARED_FLAGS = ['--preview', '--replay', '--max-calls', '--max-tokens', '--concurrency', '--request-timeout-ms'];

const path = (...parts) => join(dir, ...parts);
const config = () => path('llm.json');
const gold = () => path('dev.json');

// Each model-calling command with a minimal valid argument list; `out` is a fresh folder for the run's outputs.
// `none` marks a command whose first round is empty by design (eval's embeddings come after its queries ran).
const COMMANDS = [
  { name: 'predict', args: (out) => ['predict', '--set', gold(), '--db-root', path('db'), '--llm-config', config(),
    '--out', join(out, 'pred.json')] },
  { name: 'debug', args: (out) => ['debug', '--gold', gold(), '--pred', path('pred.json'), '--db-root', path('db'),
    '--llm-config', config(), '--out', join(out, 'debug.json')], later: ['round 2'] },
  { name: 'errors', args: (out) => ['errors', '--gold', gold(), '--pred', path('pred.json'), '--db-root', path('db'),
    '--llm-config', config(), '--out', join(out, 'errors.json')] },
  { name: 'jqe', args: (out) => ['jqe', '--set', gold(), '--db-root', path('db'), '--llm-config', config(),
    '--out', join(out, 'jqe.json')], later: ['evidence'] },
  { name: 'tqa denat', args: (out) => ['tqa', 'denat', '--set', gold(), '--db-root', path('db'), '--llm-config',
    config(), '--out', join(out, 'denat')], later: ['questions', 'evidence'] },
  { name: 'describe', args: (out) => ['describe', '--gold', gold(), '--llm-config', config(), '--out',
    join(out, 'describe.json')], later: ['judge'] },
  { name: 'optimize', args: (out) => ['optimize', '--gold', gold(), '--pred', path('pred.json'), '--db-root',
    path('db'), '--llm-config', config(), '--variant', 'with-y', '--iterations', '1', '--out',
    join(out, 'optimize.json')] },
  { name: 'link', args: (out) => ['link', '--gold', gold(), '--db-root', path('db'), '--llm-config', config(),
    '--method', 'zero-shot', '--out', join(out, 'link.json')] },
  { name: 'retrieval', args: (out) => ['retrieval', '--variants', path('variants'), '--db-root', path('db'),
    '--approach', 'tcsl', '--llm-config', config(), '--out', join(out, 'retrieval.json')], later: ['tcsl columns'] },
  { name: 'judge', args: (out) => ['judge', '--gold', gold(), '--pred', path('pred.json'), '--db-root', path('db'),
    '--llm-config', config(), '--out', join(out, 'judge.json')] },
  { name: 'features', args: (out) => ['features', '--set', gold(), '--db-root', path('db'), '--llm-config', config(),
    '--aspects', 'syntax', '--out', join(out, 'features.csv')] },
  { name: 'synth', args: (out) => ['synth', '--gold', gold(), '--db-root', path('db'), '--llm-config', config(),
    '--method', 'vanilla', '--out', join(out, 'synth')] },
  { name: 'space rewrite', args: (out) => ['space', 'rewrite', '--gold', gold(), '--pred', path('pred.json'),
    '--db-root', path('db'), '--llm-config', config(), '--negative-features', path('negative.json'), '--features',
    path('features.csv'), '--items', 'wrong', '--out', join(out, 'rewrite.json')], later: ['text-to-SQL'] },
  { name: 'eval', args: (out) => ['eval', '--gold', gold(), '--pred', path('pred.json'), '--db-root', path('db'),
    '--llm-config', config(), '--out', join(out, 'eval.json')], later: ['embeddings'], none: true },
];

before(async () => {
  dir = scratchDir('chokepoint-model-calls-');
  copyDb(dir, 'toxicology');
  const set = ITEMS.map(([question, evidence, sql], i) => ({ question_id: i, db_id: 'toxicology', question, evidence,
    SQL: sql, difficulty: 'simple' }));
  writeFileSync(gold(), JSON.stringify(set));
  writeBirdPredictions(path('pred.json'), ITEMS.map(([, , , pred]) => pred));
  mkdirSync(path('variants'));
  writeFileSync(path('variants', 'O_O.json'), JSON.stringify(set));
  // space rewrite: both wrong items have f039 (commoner among failures) and lack f009 (commoner among successes).
  writeFileSync(path('negative.json'), JSON.stringify([{ column: 'f039', more_common_in: 'wrong' },
    { column: 'f009', more_common_in: 'right' }]));
  writeFileSync(path('features.csv'), 'key,db_id,f009,f039\n' +
    ITEMS.map((_, i) => `${i},toxicology,0,1`).join('\n') + '\n');
  llm = await startFakeLlm(600000);
  writeFileSync(config(), llm.config('fake-model'));
  // synth's synthesizer gets rows it can keep; every other prompt the server's own answer.
  await llm.teach({ '\n\nWrite the INSERT': "INSERT INTO molecule (molecule_id, label) VALUES ('TR900', '+');" });
});
after(() => {
  llm?.kill();
  removeDir(dir);
});

let runs = 0;
const freshOut = () => {
  const out = path(`out${++runs}`);
  mkdirSync(out);
  return out;
};

for (const c of COMMANDS) {
  test(`${c.name}: --preview sends nothing and lists every first-round prompt`, async () => {
    const before = await llm.requests();
    const out = freshOut();
    const replay = path(`${c.name.replace(' ', '_')}-preview.sqlite`);
    const r = await run([...c.args(out), '--preview', '--replay', replay]);
    assert.equal(r.code, 0, r.stderr);
    const p = JSON.parse(r.stdout);
    assert.equal(await llm.requests(), before, 'the preview sent nothing');
    assert.equal(p.prompts.length, p.calls);
    if (c.none) {
      assert.equal(p.calls, 0);
    } else {
      assert.ok(p.calls > 0, 'something to send');
      for (const q of p.prompts) assert.ok(q.id.length > 0 && q.prompt.length > 0, JSON.stringify(q));
      assert.equal(new Set(p.prompts.map((q) => q.id)).size, p.calls, 'every prompt has its own id');
    }
    assert.equal(p.model, 'fake-model');
    assert.equal(p.destination, llm.baseUrl);
    assert.equal(p.replayed + p.network_calls, p.calls);
    assert.ok(p.estimated_prompt_tokens >= (c.none ? 0 : p.calls));
    for (const round of c.later ?? []) {
      const later = p.later_rounds.find((l) => l.round === round);
      assert.ok(later && later.calls_at_most > 0 && later.what.length > 0, `${round}: ${JSON.stringify(p.later_rounds)}`);
    }
    assert.equal(existsSync(replay), false, 'a preview writes no replay file');
  });

  test(`${c.name}: a rerun with the same --replay sends nothing`, async () => {
    const replay = path(`${c.name.replace(' ', '_')}.sqlite`);
    const before = await llm.requests();
    const first = await run([...c.args(freshOut()), '--replay', replay]);
    assert.equal(first.code, 0, first.stderr);
    const sent = (await llm.requests()) - before;
    assert.ok(sent > 0, 'the first run asked the model');
    const calls = JSON.parse(first.stdout).model_calls;
    assert.equal(calls.requests, sent);
    assert.deepEqual([calls.failed, calls.cut_by_budget, calls.budget], [0, 0, null]);

    const again = await run([...c.args(freshOut()), '--replay', replay]);
    assert.equal(again.code, 0, again.stderr);
    assert.equal(await llm.requests(), before + sent, 'the rerun sent nothing');
    const replayed = JSON.parse(again.stdout).model_calls;
    assert.equal(replayed.requests, 0);
    assert.equal(replayed.replayed, replayed.calls);
  });

  test(`${c.name}: --max-calls 1 stops the calls, finishes the work and exits 1 saying so`, async () => {
    const before = await llm.requests();
    const r = await run([...c.args(freshOut()), '--max-calls', '1']);
    assert.equal(r.code, 1, r.stderr);
    assert.equal(await llm.requests(), before + 1, 'one request, no more');
    assert.match(r.stderr, /cut by --max-calls 1/);
    const calls = JSON.parse(r.stdout).model_calls;
    assert.equal(calls.budget, '--max-calls 1');
    assert.equal(calls.requests, 1);
    const cut = calls.cut_by_budget + (calls.embedding_texts?.cut_by_budget ?? 0);
    assert.ok(cut > 0, JSON.stringify(calls));
  });

  test(`${c.name}: --help lists the shared flags and says the exit codes`, async () => {
    const r = await run([...c.name.split(' '), '--help']);
    assert.equal(r.code, 0);
    for (const flag of SHARED_FLAGS) assert.match(r.stdout, new RegExp(`\\n  ${flag}\\s`), flag);
    assert.match(r.stdout.replace(/\n/g, ' '), /Exit code 0 when every model call was answered .* 1 when the work finished but some calls failed or were cut by --max-calls or --max-tokens .* 2 on bad input/);
  });
}

test('the model-call flags need a model where it is optional', async () => {
  for (const command of [['errors', '--gold', gold(), '--pred', path('pred.json'), '--db-root', path('db')],
    ['eval', '--gold', gold(), '--pred', path('pred.json'), '--db-root', path('db')],
    ['tqa', 'denat', '--set', gold(), '--db-root', path('db')]]) {
    const r = await run([...command, '--out', path('x'), '--max-calls', '2']);
    assert.equal(r.code, 2, command[0]);
    assert.equal(r.stderr, 'chokepoint: --max-calls goes with --llm-config (it governs the model\'s calls)\n');
  }
});

test('--max-tokens counts over every round: a budget smaller than the first prompt sends nothing', async () => {
  const before = await llm.requests();
  const out = freshOut();
  const r = await run([...COMMANDS.find((c) => c.name === 'judge').args(out), '--max-tokens', '1']);
  assert.equal(r.code, 1, r.stderr);
  assert.equal(await llm.requests(), before);
  const s = JSON.parse(r.stdout);
  assert.deepEqual([s.model_calls.calls, s.model_calls.cut_by_budget, s.model_calls.budget], [4, 4, '--max-tokens 1']);
  assert.match(r.stderr, /judge: 4 of 4 model calls unanswered: 4 cut by --max-tokens 1/);
  // The report is written with what was answered: every item keeps its EX.
  assert.equal(JSON.parse(readFileSync(join(out, 'judge.json'), 'utf8')).judge.no_answer, 4);
});

// `chokepoint errors --llm-config` against the loopback fake endpoint taught to answer the error-category prompt
// (prompts/t2s_error_category.mustache) for the sample toxicology database's failed predictions: only the Result
// Errors the rules put into condition_filter or data_processing are asked; an agreeing answer decides as the rule
// did, a disagreeing one changes the count, an unreadable one keeps the rule's decision, each with its evidence line;
// and a rerun with the replay store sends no request.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startFakeLlm } from './start_server.mjs';
import { run, scratchDir, copyDb, removeDir } from './cli_fixture.mjs';

let llm, dir;

// [gold, prediction, the rule's category]: one failure of each kind, as in tests/cli/errors.test.mjs, with a second
// data_processing case.
const CASES = [
  ["SELECT COUNT(*) FROM atom WHERE element = 'cl'", 'SELECT COUNT(*) FROM bond', 'table_query'],
  ["SELECT element FROM atom WHERE molecule_id = 'TR000'", "SELECT atom_id FROM atom WHERE molecule_id = 'TR000'",
    'column_selection'],
  ["SELECT T1.element FROM atom AS T1 JOIN connected AS T2 ON T1.atom_id = T2.atom_id WHERE T2.bond_id = 'TR000_1_2'",
    "SELECT T1.element FROM atom AS T1 JOIN connected AS T2 ON T1.molecule_id = T2.atom_id WHERE T2.bond_id = 'TR000_1_2'",
    'join_columns'],
  ["SELECT COUNT(*) FROM atom WHERE element = 'cl'", "SELECT COUNT(*) FROM atom WHERE element = 'h'", 'condition_filter'],
  ['SELECT COUNT(DISTINCT element) FROM atom', 'SELECT COUNT(element) FROM atom', 'data_processing'],
  ['SELECT MIN(element) FROM atom', 'SELECT MAX(element) FROM atom', 'data_processing'],
  ['SELECT COUNT(*) FROM atom', 'SELECT COUNT(*) FROM atoms', 'no such table'],
  ['SELECT COUNT(*) FROM bond', 'SELECT COUNT(*) FROM bond', null],
];
// The classifier's answers, keyed by the prediction as the prompt shows it: item 3 agrees with the rule (in its own
// spelling), item 4 disagrees, item 5 is unreadable.
const TAUGHT = {
  [`The query with the mistake:\n${CASES[3][1]}\n`]: '**Condition Filter**: it counts hydrogen, not chlorine.',
  [`The query with the mistake:\n${CASES[4][1]}\n`]: 'condition_filter\nDuplicate elements should be filtered out.',
  [`The query with the mistake:\n${CASES[5][1]}\n`]: 'Both queries look fine to me.',
};

const requests = () => llm.requests();

before(async () => {
  dir = scratchDir('chokepoint-errors-llm-');
  copyDb(dir, 'toxicology');
  writeFileSync(join(dir, 'gold.sql'), CASES.map(([g]) => `${g}\ttoxicology`).join('\n') + '\n');
  writeFileSync(join(dir, 'pred.sql'), CASES.map(([, p]) => p).join('\n') + '\n');
  llm = await startFakeLlm(120000);
  writeFileSync(join(dir, 'llm.json'), llm.config('fake-classifier'));
  await llm.teach(TAUGHT);
});
after(() => {
  llm?.kill();
  removeDir(dir);
});

const errorsArgs = (out, extra = []) => ['errors', '--gold', join(dir, 'gold.sql'), '--pred', join(dir, 'pred.sql'),
  '--db-root', join(dir, 'db'), '--out', out, ...extra];

test('without the model, the rules decide: one condition_filter, two data_processing', async () => {
  const out = join(dir, 'rules.json');
  const r = await run(errorsArgs(out));
  assert.equal(r.code, 0, r.stderr);
  const s = JSON.parse(r.stdout);
  assert.deepEqual([s.result_errors.condition_filter, s.result_errors.data_processing], [1, 2]);
  assert.equal(s.llm, undefined);
  assert.ok(JSON.parse(readFileSync(out, 'utf8')).items.every((x) => x.decided_by === 'rule'));
});

test('the model decides condition_filter vs data_processing where its answer is readable; a rerun replays', async () => {
  const out = join(dir, 'errors_llm.json');
  const args = errorsArgs(out, ['--llm-config', join(dir, 'llm.json'), '--replay', join(dir, 'replay.sqlite')]);
  const first = await run(args);
  assert.equal(first.code, 0, first.stderr);
  assert.match(first.stderr, /errors: 3 prompts to http:\/\/127\.0\.0\.1:\d+\/v1/);
  const s = JSON.parse(first.stdout);
  assert.equal(s.failed, CASES.length - 1);
  assert.deepEqual(s.system_errors, { 'no such table': 1 });
  // Item 4 moved from data_processing to condition_filter; the first three subcategories are untouched.
  assert.deepEqual(s.result_errors, {
    table_query: 1, 'table_query/incorrect': 1, column_selection: 1, 'column_selection/incorrect': 1,
    join_columns: 1, condition_filter: 2, data_processing: 1,
  });
  assert.deepEqual(s.llm, { model: 'fake-classifier', asked: 3, agreed: 1, changed: 1, unreadable: 1, no_answer: 0,
                            usage: { network_calls: 3, replayed: 0 } });
  assert.equal(await requests(), 3, 'one request per item asked');

  const items = Object.fromEntries(JSON.parse(readFileSync(out, 'utf8')).items.map((x) => [x.id, x]));
  assert.deepEqual([items['3'].kind, items['3'].decided_by, items['3'].llm], ['condition_filter', 'llm', 'agreed']);
  assert.equal(items['3'].evidence.at(-1), 'LLM (fake-classifier): condition_filter — it counts hydrogen, not chlorine.');
  assert.deepEqual([items['4'].kind, items['4'].decided_by, items['4'].llm], ['condition_filter', 'llm', 'changed']);
  assert.equal(items['4'].evidence.at(-1),
               'LLM (fake-classifier): condition_filter — Duplicate elements should be filtered out. ' +
               '(the rule said data_processing)');
  assert.deepEqual([items['5'].kind, items['5'].decided_by, items['5'].llm], ['data_processing', 'rule', 'unreadable']);
  assert.match(items['5'].evidence.at(-1), /^LLM \(fake-classifier\): unreadable answer "Both queries look fine to me\."/);
  assert.match(items['5'].evidence.at(-1), /the rule's decision stands$/);
  for (const id of ['0', '1', '2', '6']) {
    assert.equal(items[id].decided_by, 'rule', id);
    assert.equal(items[id].llm, undefined, `item ${id} is not asked`);
  }

  const again = await run(args);
  assert.equal(again.code, 0, again.stderr);
  const s2 = JSON.parse(again.stdout);
  assert.deepEqual(s2.llm.usage, { network_calls: 0, replayed: 3 });
  assert.deepEqual(s2.result_errors, s.result_errors);
  assert.equal(await requests(), 3, 'the rerun sent no request');
});

test('--replay without --llm-config is a one-line error', async () => {
  const r = await run(errorsArgs(join(dir, 'x.json'), ['--replay', join(dir, 'replay.sqlite')]));
  assert.equal(r.code, 2);
  assert.match(r.stderr, /^chokepoint: --replay goes with --llm-config/);
});

// `chokepoint judge` against the loopback fake endpoint, taught a verdict per prediction: a strict "incorrect" on an
// EX = 1 item is a false positive, a lenient "correct" on an EX = 0 item a false negative, an unreadable answer
// leaves EX, a failed prediction is never asked; the summary gives both accuracies and Cohen's kappa; --preview
// sends nothing; --only strict asks only the matches; a rerun with the replay store sends no request.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startFakeLlm } from './start_server.mjs';
import { run, scratchDir, copyDb, removeDir, writeBirdPredictions } from './cli_fixture.mjs';

let llm, dir;

// [gold, prediction, EX, the judge's taught answer (null: not asked)]
const CASES = [
  ["SELECT COUNT(*) FROM atom WHERE element = 'cl'", "SELECT COUNT(atom_id) FROM atom WHERE element = 'cl'", true,
    'incorrect\nCOUNT(atom_id) skips atoms without an id on another database.'],
  ['SELECT COUNT(*) FROM bond', 'SELECT COUNT(*) FROM bond', true, 'Correct - the same count on any database.'],
  ["SELECT element FROM atom WHERE atom_id = 'TR000_1'", "SELECT atom_id, element FROM atom WHERE atom_id = 'TR000_1'",
    false, '**Verdict:** correct\nThe extra id column does not change the answer.'],
  ["SELECT COUNT(*) FROM atom WHERE element = 'cl'", "SELECT COUNT(*) FROM atom WHERE element = 'h'", false,
    'incorrect\nIt counts hydrogen, not chlorine.'],
  ['SELECT MIN(element) FROM atom', 'SELECT MAX(element) FROM atom', false, 'Both queries look fine to me.'],
  ['SELECT COUNT(*) FROM atom', 'SELECT COUNT(*) FROM atoms', false, null],
];
const TAUGHT = Object.fromEntries(CASES.filter((c) => c[3] !== null).map(([, p, , a]) => [`Answer to judge:\n${p}\n`, a]));

const requests = () => llm.requests();

before(async () => {
  dir = scratchDir('chokepoint-judge-');
  copyDb(dir, 'toxicology');
  // A BIRD JSON set, so questions and evidence reach the prompt.
  writeFileSync(join(dir, 'dev.json'), JSON.stringify(CASES.map(([g], i) => ({
    question_id: i, db_id: 'toxicology', question: `Question number ${i}?`, evidence: `hint ${i}`, SQL: g,
  }))));
  writeBirdPredictions(join(dir, 'pred.json'), CASES.map(([, p]) => p));
  llm = await startFakeLlm(120000);
  writeFileSync(join(dir, 'llm.json'), llm.config('fake-judge'));
  await llm.teach(TAUGHT);
});
after(() => {
  llm?.kill();
  removeDir(dir);
});

const judgeArgs = (out, extra = []) => ['judge', '--gold', join(dir, 'dev.json'), '--pred', join(dir, 'pred.json'),
  '--db-root', join(dir, 'db'), '--out', out, '--llm-config', join(dir, 'llm.json'), ...extra];

test('--preview says what would be sent and sends nothing', async () => {
  const r = await run(judgeArgs(join(dir, 'preview.json'), ['--preview']));
  assert.equal(r.code, 0, r.stderr);
  const p = JSON.parse(r.stdout);
  assert.deepEqual([p.calls, p.strict, p.lenient, p.model], [5, 2, 3, 'fake-judge']);
  assert.match(p.destination, /^http:\/\/127\.0\.0\.1:\d+\/v1/);
  assert.ok(p.estimated_prompt_tokens > 0);
  // Every prompt, each kind as its id says, with the question, evidence, schema, both queries and both results.
  assert.equal(p.prompts.length, 5);
  const strict = p.prompts.filter((q) => q.id.endsWith(' / judge strict'));
  assert.equal(strict.length, 2);
  for (const q of strict) assert.match(q.prompt, /Be strict/);
  for (const q of p.prompts.filter((x) => x.id.endsWith(' / judge lenient'))) assert.match(q.prompt, /Be lenient/);
  assert.equal(strict[0].id, '0 / judge strict');
  for (const part of ['Question: Question number 0?', 'Evidence: hint 0', 'CREATE TABLE', CASES[0][0], CASES[0][1],
    '(1 row)']) assert.ok(strict[0].prompt.includes(part), part);
  assert.match(r.stderr, /judge: 5 prompts \(2 strict, 3 lenient\) to http:\/\/127\.0\.0\.1/);
  assert.equal(await requests(), 0, 'the preview sent nothing');
});

test('flips both ways, leaves EX on an unreadable answer, never asks a failed prediction; a rerun replays', async () => {
  const out = join(dir, 'judge.json');
  const args = judgeArgs(out, ['--replay', join(dir, 'replay.sqlite')]);
  const first = await run(args);
  assert.equal(first.code, 0, first.stderr);
  const s = JSON.parse(first.stdout);
  assert.deepEqual([s.n, s.scored], [6, 6]);
  assert.deepEqual(s.judge, { model: 'fake-judge', asked: 5, agreed: 2, false_positives: 1, false_negatives: 1,
                              unreadable: 1, no_answer: 0, usage: { network_calls: 5, replayed: 0 } });
  // EX: items 0, 1 of 6. Judged: 1 and 2 (item 4 keeps its EX 0; item 5 failed and stays 0).
  assert.ok(Math.abs(s.ex - 100 * 2 / 6) < 1e-9);
  assert.ok(Math.abs(s.judged_accuracy - 100 * 2 / 6) < 1e-9);
  // Readable verdicts 0..3: EX 1,1,0,0 against 0,1,1,0: p_o = 0.5 = p_e, kappa 0.
  assert.equal(s.kappa_items, 4);
  assert.ok(Math.abs(s.kappa) < 1e-12);
  assert.equal(await requests(), 5);

  const items = Object.fromEntries(JSON.parse(readFileSync(out, 'utf8')).items.map((x) => [x.id, x]));
  assert.deepEqual(Object.keys(items).sort(), ['0', '1', '2', '3', '4']);
  assert.deepEqual([items['0'].mode, items['0'].outcome, items['0'].judged], ['strict', 'flipped', false]);
  assert.equal(items['0'].reason, 'COUNT(atom_id) skips atoms without an id on another database.');
  assert.deepEqual([items['1'].mode, items['1'].outcome, items['1'].judged], ['strict', 'agreed', true]);
  assert.equal(items['1'].reason, 'the same count on any database.');
  assert.deepEqual([items['2'].mode, items['2'].outcome, items['2'].judged], ['lenient', 'flipped', true]);
  assert.deepEqual([items['3'].outcome, items['3'].judged], ['agreed', false]);
  assert.deepEqual([items['4'].outcome, items['4'].judged], ['unreadable', false]);
  assert.match(items['4'].reason, /EX stands$/);

  const again = await run(args);
  assert.equal(again.code, 0, again.stderr);
  const s2 = JSON.parse(again.stdout);
  assert.deepEqual(s2.judge.usage, { network_calls: 0, replayed: 5 });
  assert.equal(s2.judge.false_positives, 1);
  assert.equal(await requests(), 5, 'the rerun sent no request');
});

test('--only strict asks only the EX = 1 items', async () => {
  const r = await run(judgeArgs(join(dir, 'strict.json'), ['--only', 'strict', '--replay', join(dir, 'replay.sqlite')]));
  assert.equal(r.code, 0, r.stderr);
  const s = JSON.parse(r.stdout);
  assert.deepEqual([s.judge.asked, s.judge.false_positives, s.judge.false_negatives], [2, 1, 0]);
});

test('bad arguments are one-line errors', async () => {
  const noConfig = await run(['judge', '--gold', join(dir, 'dev.json'), '--pred', join(dir, 'pred.json'), '--db-root',
    join(dir, 'db'), '--out', join(dir, 'x.json')]);
  assert.equal(noConfig.code, 2);
  assert.match(noConfig.stderr, /missing arguments/);
  const badOnly = await run(judgeArgs(join(dir, 'x.json'), ['--only', 'both']));
  assert.equal(badOnly.code, 2);
  assert.match(badOnly.stderr, /--only 'both' is not one of strict, lenient/);
  const badRows = await run(judgeArgs(join(dir, 'x.json'), ['--max-rows', '1000']));
  assert.equal(badRows.code, 2);
  assert.match(badRows.stderr, /--max-rows '1000' is out of range \(accepted: 0 to 50\)/, '--max-rows: an alias of --excerpt-rows');
});

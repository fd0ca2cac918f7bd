// `chokepoint describe` (SQL-to-Text, 004 §4.4) against the loopback fake endpoint, taught a question per query and
// a True/False per pair of questions: ROUGE of the model's question against the item's, the judge in both orders
// and their average, the cosine of the endpoint's embeddings, and (with --pred) how well "judged different"
// predicts EX = 0; an answer without a question is counted as unreadable; --preview sends nothing; a rerun with the
// replay store sends no request (chat or embeddings); bad input exits 2 with the reason.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startFakeLlm } from './start_server.mjs';
import { run, scratchDir, copyDb, removeDir, writeBirdPredictions } from './cli_fixture.mjs';
import { CL, DESCRIBE_CASES as CASES, describeAnswers } from './shared_cases.mjs';

let llm, dir;
const stats = () => llm.stats();

before(async () => {
  dir = scratchDir('chokepoint-describe-');
  copyDb(dir, 'toxicology');
  writeFileSync(join(dir, 'dev.json'), JSON.stringify(CASES.map(([q, g], i) => ({
    question_id: i, db_id: 'toxicology', question: q, evidence: i === 0 ? "cl means chlorine" : '', SQL: g,
  }))));
  writeBirdPredictions(join(dir, 'pred.json'), CASES.map(([, , p]) => p));
  writeFileSync(join(dir, 'broken.json'), '[{"question_id": 0, "db_id": ');
  llm = await startFakeLlm(120000);
  writeFileSync(join(dir, 'llm.json'), llm.config('fake-describer'));
  await llm.teach(describeAnswers());
});
after(() => {
  llm?.kill();
  removeDir(dir);
});

const checkArgs = (out, extra = []) => ['describe', '--gold', join(dir, 'dev.json'), '--pred', join(dir, 'pred.json'),
  '--db-root', join(dir, 'db'), '--out', out, '--llm-config', join(dir, 'llm.json'), ...extra];

// The fake server's vector for a text (tests/llm_server/server.mjs embed), and the cosine, computed here.
const embed = (t) => {
  const h = createHash('sha256').update(t).digest('hex');
  return Array.from({ length: 8 }, (_, i) => (parseInt(h.slice(i * 4, i * 4 + 4), 16) / 65535) * 2 - 1);
};
const cosine = (a, b) => {
  const dot = a.reduce((s, x, i) => s + x * b[i], 0);
  return dot / Math.sqrt(a.reduce((s, x) => s + x * x, 0) * b.reduce((s, x) => s + x * x, 0));
};

test('--preview says what would be sent and sends nothing', async () => {
  const before = (await stats()).requests;
  const r = await run(checkArgs(join(dir, 'preview.json'), ['--preview', '--embedding-model', 'fake-embed']));
  assert.equal(r.code, 0, r.stderr);
  const p = JSON.parse(r.stdout);
  assert.deepEqual([p.mode, p.calls, p.prompts.length, p.embedding_texts_at_most, p.model],
                   ['check_predictions', 5, 5, 10, 'fake-describer']);
  assert.deepEqual(p.later_rounds.map((l) => [l.round, l.calls_at_most]), [['judge', 10], ['embeddings', 1]]);
  assert.equal(p.prompts[0].id, '0 / describe');
  assert.ok(p.prompts[0].prompt.includes(`SQL: ${CL}`) && p.prompts[0].prompt.includes('cl means chlorine'));
  assert.match(r.stderr, /describe: 5 prompts to http:\/\/127\.0\.0\.1:\d+/);
  assert.equal((await stats()).requests, before, 'the preview sent nothing');
});

test('checks predictions: ROUGE, both orders of the judge, the cosine and "judged different" against EX', async () => {
  const out = join(dir, 'check.json');
  const replay = join(dir, 'replay.sqlite');
  const before = await stats();
  const r = await run(checkArgs(out, ['--embedding-model', 'fake-embed', '--replay', replay]));
  assert.equal(r.code, 0, r.stderr);
  const s = JSON.parse(r.stdout);
  assert.deepEqual([s.n, s.described, s.unreadable], [5, 4, 1]);
  // Judge: forward True, False, False, False (25%); backward True, False, True, False (50%).
  assert.equal(s.judge.forward, 25);
  assert.equal(s.judge.backward, 50);
  assert.equal(s.judge.average, 37.5);
  // EX is 1, 0, 0, 1 for the four described items. Both orders different: item 1 (EX 0) and 3 (EX 1).
  const both = s.check.different_both;
  assert.deepEqual([both.items, both.true_positive, both.false_positive, both.false_negative, both.true_negative],
                   [4, 1, 1, 1, 1]);
  assert.equal(both.precision, 50);
  assert.equal(both.recall, 50);
  const either = s.check.different_either;  // items 1, 2 and 3
  assert.deepEqual([either.true_positive, either.false_positive, either.false_negative], [2, 1, 0]);
  assert.equal(either.recall, 100);
  assert.ok(Math.abs(either.precision - 200 / 3) < 1e-9);
  const items = JSON.parse(readFileSync(out, 'utf8')).items;
  // Item 0: "how many chlorine atoms are there" against "how many atoms are chlorine": all 5 reference words.
  assert.equal(items[0].generated, 'How many chlorine atoms are there?');
  assert.equal(items[0].rouge1_recall, 1);
  assert.ok(Math.abs(items[0].rouge1_f1 - 2 * (5 / 6) / (1 + 5 / 6)) < 1e-12);
  assert.equal(items[1].generated, 'How many hydrogen atoms are there?');  // the Markdown label is read
  assert.equal(items[4].generated, null);
  assert.match(items[4].error, /no line of the answer gives a question/);
  assert.equal(items[4].ex, false);
  // Cosines of the endpoint's vectors, labelled as such.
  assert.equal(s.cosine_items, 4);
  assert.match(s.cosine_label, /endpoint embeddings: fake-embed \(not BERTScore\)/);
  assert.ok(Math.abs(items[0].cosine - cosine(embed(items[0].generated), embed(CASES[0][0]))) < 1e-9);
  const after = await stats();
  assert.equal(after.chat - before.chat, 5 + 8);  // 5 descriptions, 2 verdicts for each of 4 questions
  assert.ok(after.embeddings - before.embeddings >= 1);
  assert.equal(s.usage.network_calls, after.requests - before.requests);

  // Replayed: the same report, nothing sent.
  const again = await run(checkArgs(join(dir, 'check2.json'), ['--embedding-model', 'fake-embed', '--replay', replay]));
  assert.equal(again.code, 0, again.stderr);
  const s2 = JSON.parse(again.stdout);
  assert.equal((await stats()).requests, after.requests, 'a replayed run sends nothing');
  assert.equal(s2.usage.network_calls, 0);
  assert.equal(s2.usage.replayed, 5 + 8 + s2.usage.embeddings.replayed);
  assert.ok(s2.usage.embeddings.replayed >= 7);
  assert.deepEqual([s2.model_calls.calls, s2.model_calls.replayed, s2.model_calls.requests], [13, 13, 0]);
  assert.equal(s2.model_calls.embedding_texts.replayed, s2.model_calls.embedding_texts.texts);
  assert.deepEqual({ ...s2, usage: null, model_calls: null }, { ...s, usage: null, model_calls: null });
});

test('describes the gold queries without --pred (the paper task), without a judge when told', async () => {
  await llm.teach({
    [`SQL: ${CL}\n`]: 'question: How many chlorine atoms are there?',
    'SQL: SELECT MIN(element) FROM atom\n': 'question: Which element comes first alphabetically?',
  });
  const before = await stats();
  const r = await run(['describe', '--gold', join(dir, 'dev.json'), '--out', join(dir, 'gold.json'), '--llm-config',
    join(dir, 'llm.json'), '--no-judge']);
  assert.equal(r.code, 0, r.stderr);
  const s = JSON.parse(r.stdout);
  assert.equal(s.mode, 'describe_gold');
  assert.equal(s.n, 5);
  assert.equal(s.judge, undefined);
  assert.equal(s.check, undefined);
  // One prompt per item; the two chlorine items share theirs, which the run's replay store may answer once.
  assert.equal(s.usage.describe.network_calls + s.usage.describe.replayed, 5);
  assert.equal((await stats()).chat - before.chat, s.usage.network_calls);
  const items = JSON.parse(readFileSync(join(dir, 'gold.json'), 'utf8')).items;
  assert.equal(items[2].generated, 'Which element comes first alphabetically?');
  assert.equal(items[2].rouge1_f1, 1);
  assert.equal(items[2].rougeL_f1, 1);
});

test('bad input: --pred without --db-root, a broken set, an unknown config', async () => {
  const a = await run(['describe', '--gold', join(dir, 'dev.json'), '--pred', join(dir, 'pred.json'), '--out',
    join(dir, 'x.json'), '--llm-config', join(dir, 'llm.json')]);
  assert.equal(a.code, 2);
  assert.match(a.stderr, /--pred needs --db-root/);
  const b = await run(['describe', '--gold', join(dir, 'broken.json'), '--out', join(dir, 'x.json'), '--llm-config',
    join(dir, 'llm.json')]);
  assert.equal(b.code, 2);
  assert.match(b.stderr, /chokepoint: /);
  const c = await run(['describe', '--gold', join(dir, 'dev.json'), '--out', join(dir, 'x.json'), '--llm-config',
    join(dir, 'missing.json')]);
  assert.equal(c.code, 2);
  assert.match(c.stderr, /missing\.json/);
  const d = await run(['describe', '--gold', join(dir, 'dev.json'), '--out', join(dir, 'x.json')]);
  assert.equal(d.code, 2);
  assert.match(d.stderr, /missing arguments/);
});

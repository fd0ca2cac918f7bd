// `chokepoint link` against the loopback fake endpoint: zero-shot with a top-k cut and few-shot ∪ PreSQL, each
// taught its answers (a fenced JSON list, prose, a list naming no table, SQL in a fence), scored by hand (RES,
// Subset and Exact Match, column recall and precision); a rerun with the replay store sends no request; --preview
// sends nothing and shows the foreign keys under --fk (schema from --tables); bad inputs exit 2 with a clear message.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startFakeLlm } from './start_server.mjs';
import { run, scratchDir, copyDb, removeDir } from './cli_fixture.mjs';
import { LINK_ITEMS as ITEMS, linkAnswers } from './shared_cases.mjs';

let llm, dir;
const requests = () => llm.requests();
const near = (a, b, what) => assert.ok(Math.abs(a - b) < 1e-9, `${what}: ${a} vs ${b}`);

before(async () => {
  dir = scratchDir('chokepoint-link-');
  copyDb(dir, 'toxicology');
  const set = ITEMS.map(([q, g], i) => ({ question_id: i, db_id: 'toxicology', question: q, evidence: '', SQL: g }));
  set.push({ question_id: 3, db_id: 'nowhere', question: 'Anything?', evidence: '', SQL: 'SELECT 1' });
  writeFileSync(join(dir, 'dev.json'), JSON.stringify(set));
  writeFileSync(join(dir, 'broken.json'), '[{"question_id": 0, "db_id": ');
  writeFileSync(join(dir, 'tables.json'), JSON.stringify([{
    db_id: 'toxicology', table_names_original: ['molecule', 'atom'], table_names: ['molecule', 'atom'],
    column_names_original: [[-1, '*'], [0, 'molecule_id'], [0, 'label'], [1, 'atom_id'], [1, 'molecule_id'], [1, 'element']],
    column_names: [[-1, '*'], [0, 'molecule id'], [0, 'label'], [1, 'atom id'], [1, 'molecule id'], [1, 'element']],
    column_types: ['text', 'text', 'text', 'text', 'text', 'text'], primary_keys: [1, 3], foreign_keys: [[4, 1]],
  }]));
  llm = await startFakeLlm(120000);
  writeFileSync(join(dir, 'llm.json'), llm.config('fake-linker'));
  const { answers, sql } = linkAnswers();
  await llm.teach(answers);
  await llm.teachSql(sql);
});
after(() => {
  llm?.kill();
  removeDir(dir);
});

const linkArgs = (out, extra) => ['link', '--set', join(dir, 'dev.json'), '--db-root', join(dir, 'db'), '--out', out,
  '--llm-config', join(dir, 'llm.json'), ...extra];

test('--preview says what would be sent and sends nothing; --fk shows the foreign keys', async () => {
  const r = await run(['link', '--set', join(dir, 'dev.json'), '--tables', join(dir, 'tables.json'), '--out',
    join(dir, 'p.json'), '--llm-config', join(dir, 'llm.json'), '--method', 'few-shot+presql', '--fk', '--preview']);
  assert.equal(r.code, 0, r.stderr);
  const p = JSON.parse(r.stdout);
  assert.deepEqual([p.calls, p.method, p.fk, p.model], [6, 'few-shot+presql', true, 'fake-linker']);
  assert.equal(p.prompts.length, 6);
  const fewShot = p.prompts.find((q) => q.id.endsWith(' / link few-shot')).prompt;
  assert.ok(fewShot.includes('# atom(atom_id, molecule_id, element);'), fewShot);
  assert.ok(fewShot.includes('# foreign keys: atom.molecule_id = molecule.molecule_id;'));
  assert.ok(p.prompts.find((q) => q.id.endsWith(' / link presql')).prompt.includes('### SQL:'));
  assert.match(r.stderr, /link: 6 prompts \(few-shot\+presql, with foreign keys\)/);
  assert.equal(await requests(), 0, 'the preview sent nothing');
});

test('zero-shot with --top-k 2: RES, subset and exact match as computed by hand; a rerun replays', async () => {
  const out = join(dir, 'zero.json');
  const args = linkArgs(out, ['--method', 'zero-shot', '--top-k', '2', '--replay', join(dir, 'zero.sqlite')]);
  const first = await run(args);
  assert.equal(first.code, 0, first.stderr);
  const s = JSON.parse(first.stdout);
  assert.deepEqual([s.n, s.scored, s.method, s.fk, s.top_k], [4, 3, 'zero-shot', false, 2]);
  // Item 0: {atom} in [atom, molecule]: sqrt(1/2); item 1: exact; item 2: atom missing.
  near(s.res, (Math.SQRT1_2 + 1 + 0) / 3, 'res');
  near(s.subset_match, 2 / 3, 'subset');
  near(s.exact_match, 1 / 3, 'exact');
  // Each retrieval has 5 columns: recall 1, 1, 0; precision 1/5, 4/5, 0.
  near(s.column_recall, 2 / 3, 'column recall');
  near(s.column_precision, 1 / 3, 'column precision');
  assert.deepEqual(s.outcomes, { linked: 3, unreadable: 0, no_answer: 0, no_schema: 1, gold_unusable: 0 });
  assert.deepEqual([s.usage.network_calls, s.usage.replayed], [3, 0]);
  assert.equal(await requests(), 3);
  const items = JSON.parse(readFileSync(out, 'utf8')).items;
  assert.deepEqual(items[0].retrieved_tables, ['atom', 'molecule']);
  assert.deepEqual(items[1].gold_columns, ['bond.bond_type', 'bond.molecule_id', 'molecule.label', 'molecule.molecule_id']);
  assert.deepEqual(items[2].retrieved_tables, ['molecule', 'connected']);
  assert.equal(items[3].outcome, 'no_schema');

  const again = await run(args);
  assert.equal(again.code, 0, again.stderr);
  const s2 = JSON.parse(again.stdout);
  assert.deepEqual([s2.usage.network_calls, s2.usage.replayed], [0, 3]);
  near(s2.res, s.res, 'replayed res');
  assert.equal(await requests(), 3, 'the rerun sent no request');
});

test('few-shot+presql: the union of both retrievals; an unreadable few-shot answer leaves PreSQL\'s; replayed', async () => {
  const before = await requests();
  const out = join(dir, 'union.json');
  const args = linkArgs(out, ['--method', 'few-shot+presql', '--replay', join(dir, 'union.sqlite')]);
  const first = await run(args);
  assert.equal(first.code, 0, first.stderr);
  const s = JSON.parse(first.stdout);
  near(s.res, (1 + 1 + Math.SQRT1_2) / 3, 'res');
  near(s.subset_match, 1, 'subset');
  near(s.exact_match, 2 / 3, 'exact');
  assert.deepEqual(s.outcomes, { linked: 2, unreadable: 1, no_answer: 0, no_schema: 1, gold_unusable: 0 });
  assert.equal(s.usage.network_calls, 6);
  assert.equal(await requests(), before + 6);
  const items = JSON.parse(readFileSync(out, 'utf8')).items;
  assert.deepEqual(items[1].retrieved_tables, ['molecule', 'bond']);
  assert.deepEqual(items[2].retrieved_tables, ['atom', 'molecule']);
  assert.match(items[2].note, /^few-shot: the answer names no table of the schema/);

  const again = await run(args);
  assert.equal(again.code, 0, again.stderr);
  assert.deepEqual([JSON.parse(again.stdout).usage.network_calls, JSON.parse(again.stdout).usage.replayed], [0, 6]);
  assert.equal(await requests(), before + 6, 'the rerun sent no request');
});

test('bad inputs exit 2 with a message saying what is wrong', async () => {
  const unknown = await run(linkArgs(join(dir, 'x.json'), ['--method', 'two-shot']));
  assert.equal(unknown.code, 2);
  assert.match(unknown.stderr, /--method 'two-shot' is not one of zero-shot, few-shot, presql, few-shot\+presql/);
  const broken = await run(['link', '--set', join(dir, 'broken.json'), '--db-root', join(dir, 'db'), '--out',
    join(dir, 'x.json'), '--llm-config', join(dir, 'llm.json'), '--method', 'zero-shot']);
  assert.equal(broken.code, 2);
  assert.match(broken.stderr, /broken\.json: /);
  const topk = await run(linkArgs(join(dir, 'x.json'), ['--method', 'few-shot', '--top-k', '3']));
  assert.equal(topk.code, 2);
  assert.match(topk.stderr, /--top-k cuts the zero-shot ranking/);
  const missing = await run(['link', '--set', join(dir, 'dev.json'), '--out', join(dir, 'x.json')]);
  assert.equal(missing.code, 2);
  assert.match(missing.stderr, /missing arguments/);
});

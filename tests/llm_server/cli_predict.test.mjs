// `chokepoint predict` then `chokepoint eval` against the loopback fake endpoint taught the answers: two right (one
// in a code fence, one after "SQL:"), one wrong, one without SQL. The predictions file is what `eval` reads as it is,
// the EX is the one those answers imply, the answer without SQL is counted as such, and a rerun with the replay
// store sends no request. --formats all writes one file pair per format of 004.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startFakeLlm } from './start_server.mjs';
import { run, scratchDir, copyDb, removeDir, sampleSet } from './cli_fixture.mjs';

let llm, dir, gold;
const stats = () => llm.stats();

before(async () => {
  dir = scratchDir('chokepoint-predict-');
  copyDb(dir, 'toxicology');
  copyDb(dir, 'movies');
  gold = sampleSet().slice(0, 4);
  writeFileSync(join(dir, 'gold.json'), JSON.stringify(gold));
  llm = await startFakeLlm(120000);
  writeFileSync(join(dir, 'llm.json'), llm.config('fake-sql'));
  await llm.teachSql({
    [gold[0].question]: `Here you go:\n\n\`\`\`sql\n${gold[0].SQL}\n\`\`\`\nIt counts them.`,
    [gold[1].question]: `SQL: ${gold[1].SQL}`,
    [gold[2].question]: "SELECT 'no such bond type'",
    [gold[3].question]: 'I cannot answer this from the schema.',
  });
});
after(() => {
  llm?.kill();
  removeDir(dir);
});

test('predict, then eval: EX as the answers imply; the answer without SQL is counted; a rerun replays', async () => {
  const pred = join(dir, 'pred.json');
  const args = ['predict', '--set', join(dir, 'gold.json'), '--db-root', join(dir, 'db'), '--llm-config',
    join(dir, 'llm.json'), '--out', pred, '--replay', join(dir, 'replay.sqlite'), '--rows', '2', '--fk'];
  const first = await run(args);
  assert.equal(first.code, 1, `one item has no SQL: ${first.stderr}`);
  assert.match(first.stderr, /predict: 4 prompts \(1 format\) to http:\/\/127\.0\.0\.1:\d+\/v1/);
  const summary = JSON.parse(first.stdout);
  const f = summary.formats['SimpleDDL-MD-Chat'];
  assert.deepEqual([f.items, f.ok, f.no_sql, f.llm_error], [4, 3, 1, 0]);
  assert.deepEqual([f.ex_bird, f.ex_spider], [50, 50], 'scored at once, as eval scores it below');
  assert.equal(summary.usage.network_calls, 4);
  const dict = JSON.parse(readFileSync(pred, 'utf8'));
  assert.equal(dict['0'], `${gold[0].SQL}\t----- bird -----\ttoxicology`, 'the fenced query, exactly');
  assert.equal(dict['3'], '\t----- bird -----\ttoxicology', 'no SQL: an empty query');
  assert.equal(readFileSync(join(dir, 'pred.txt'), 'utf8').split('\n')[1], gold[1].SQL);

  const evaluated = await run(['eval', '--gold', join(dir, 'gold.json'), '--pred', pred, '--db-root', join(dir, 'db'),
    '--out', join(dir, 'report.json')]);
  assert.equal(evaluated.code, 0, evaluated.stderr);
  const ev = JSON.parse(evaluated.stdout);
  assert.equal(ev.n, 4);
  assert.equal(ev.ex, 50, 'two of four right');
  // 004 Table 4's breakdown: item 0 reads molecule and atom; items 1-3 one table each (2's subquery reads bond).
  const byTables = JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8')).by_gold_tables;
  assert.deepEqual(byTables, [{ tables: '1', n: 3, ex: 33.33 }, { tables: '2', n: 1, ex: 100 },
                              { tables: '3', n: 0, ex: 0 }, { tables: '>3', n: 0, ex: 0 }]);

  const before = (await stats()).chat;
  const again = await run(args);
  assert.equal(again.code, 1);
  assert.equal(JSON.parse(again.stdout).usage.replayed, 4);
  assert.equal((await stats()).chat, before, 'the rerun sent nothing');
  assert.equal(readFileSync(pred, 'utf8'), JSON.stringify(dict, null, 4) + '\n');
});

test('--formats all writes a prediction pair per format, and Complete prompts end in SELECT', async () => {
  const out = join(dir, 'all.json');
  const r = await run(['predict', '--set', join(dir, 'gold.json'), '--db-root', join(dir, 'db'), '--llm-config',
    join(dir, 'llm.json'), '--out', out, '--formats', 'all', '--limit', '2']);
  assert.equal(r.code, 0, r.stderr);
  const summary = JSON.parse(r.stdout);
  assert.equal(Object.keys(summary.formats).length, 12);
  for (const [name, f] of Object.entries(summary.formats)) {
    assert.equal(f.ok, 2, name);
    assert.equal(f.out, join(dir, `all.${name}.json`));
    const dict = JSON.parse(readFileSync(f.out, 'utf8'));
    assert.equal(dict['1'], `${gold[1].SQL}\t----- bird -----\ttoxicology`, name);
  }
});

test('bad input: an unknown format and a missing config are one-line errors, exit 2', async () => {
  for (const extra of [['--format', 'DDL-XML-Chat'], ['--llm-config', join(dir, 'none.json')]]) {
    const r = await run(['predict', '--set', join(dir, 'gold.json'), '--db-root', join(dir, 'db'), '--llm-config',
      join(dir, 'llm.json'), '--out', join(dir, 'x.json'), ...extra]);
    assert.equal(r.code, 2, r.stderr);
    assert.match(r.stderr, /^chokepoint: /);
  }
});

test('debug: the wrong predictions go back with the strategy\'s information; rounds count fixes and errors', async () => {
  // Now the model knows better for the wrong one, and still has nothing for the other.
  const answers = { [gold[2].question]: `\`\`\`sql\n${gold[2].SQL}\n\`\`\``, [gold[3].question]: 'Still no idea.' };
  await llm.teachSql(answers);
  const out = join(dir, 'debug.json');
  const r = await run(['debug', '--gold', join(dir, 'gold.json'), '--pred', join(dir, 'pred.json'), '--db-root',
    join(dir, 'db'), '--llm-config', join(dir, 'llm.json'), '--out', out, '--strategy', 'comment', '--rounds', '2']);
  assert.equal(r.code, 0, r.stderr);
  const s = JSON.parse(r.stdout);
  assert.equal(s.wrong, 2);
  assert.deepEqual(s.rounds.map((x) => [x.round, x.attempted, x.fixed, x.still_wrong]),
                   [[0, 0, 0, 2], [1, 2, 1, 1], [2, 1, 0, 1]]);
  // Before: the empty prediction is a System Error, the wrong value a Result Error; after, only the empty one.
  assert.deepEqual([s.rounds[0].system_errors, s.rounds[0].result_errors], [1, 1]);
  assert.deepEqual([s.rounds[2].system_errors, s.rounds[2].result_errors], [1, 0]);
  // Figure 5: the Result Errors of each round by subcategory, adding up to result_errors.
  for (const row of s.rounds)
    assert.equal(Object.values(row.result_error_kinds).reduce((a, b) => a + b, 0), row.result_errors);
  assert.equal(Object.keys(s.rounds[0].result_error_kinds).length, 1);
  assert.equal(s.rounds[2].ex_over_wrong, 50);
  const report = JSON.parse(readFileSync(out, 'utf8'));
  const fixed = report.items.find((x) => x.id === '2');
  assert.equal(fixed.rounds[0].sql, gold[2].SQL);
  assert.equal(fixed.rounds[0].ex, true);
});

test('debug --strategy all: the five strategies side by side on the same wrong predictions (004 Fig. 4)', async () => {
  // The same taught answers as above: whatever a strategy shows, item 2's question gets the right query back and
  // item 3's gets no query.
  const out = join(dir, 'debug_all.json');
  const r = await run(['debug', '--gold', join(dir, 'gold.json'), '--pred', join(dir, 'pred.json'), '--db-root',
    join(dir, 'db'), '--llm-config', join(dir, 'llm.json'), '--out', out, '--strategy', 'all', '--rounds', '1']);
  assert.equal(r.code, 0, r.stderr);
  const s = JSON.parse(r.stdout);
  assert.equal(s.strategy, 'all');
  assert.equal(s.wrong, 2);
  assert.deepEqual(s.strategies.map((x) => x.strategy),
    ['regenerate', 'wrong_sql', 'system_error', 'all_errors', 'comment']);
  for (const x of s.strategies)
    assert.deepEqual(x.rounds.map((row) => [row.round, row.attempted, row.fixed, row.still_wrong]),
      [[0, 0, 0, 2], [1, 2, 1, 1]], x.strategy);
  const report = JSON.parse(readFileSync(out, 'utf8'));
  assert.equal(report.items.length, 10, 'two debugged items per strategy');
  assert.deepEqual([...new Set(report.items.map((x) => x.strategy))].length, 5);
});

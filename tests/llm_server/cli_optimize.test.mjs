// `chokepoint optimize` (SQL optimisation, 004 §4.3) against the loopback fake endpoint, on a database where the
// stage-one queries scan 50,000 rows and an index lookup returns the same rows: a rewrite that keeps Y's result
// replaces it and scores above the baseline, one that changes the result is refused (Y stays), a wrong Y is never
// sent, `direct` takes the model's query (none when the answer has none); two models make two columns; --preview
// sends nothing; a rerun with the replay store sends no request; bad input exits 2.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { startFakeLlm } from './start_server.mjs';
import { run as runCli, scratchDir, removeDir, writeBirdPredictions, writeScanDatabase } from './cli_fixture.mjs';
import { OPT_GOLD as GOLD, OPT_LOOKUP as LOOKUP, OPT_CASES as CASES, optimizeAnswers } from './shared_cases.mjs';

let llm, dir;
const run = (args) => runCli(args, { timeout: 120000 });
const stats = () => llm.stats();

before(async () => {
  dir = scratchDir('chokepoint-optimize-');
  mkdirSync(join(dir, 'db', 'big'), { recursive: true });
  writeScanDatabase(join(dir, 'db', 'big', 'big.sqlite'));
  writeFileSync(join(dir, 'dev.json'), JSON.stringify(CASES.map(([q], i) => ({
    question_id: i, db_id: 'big', question: q, evidence: '', SQL: GOLD }))));
  writeBirdPredictions(join(dir, 'y.json'), CASES.map(([, y]) => y), 'big');
  llm = await startFakeLlm(300000);
  for (const model of ['fake-a', 'fake-b']) writeFileSync(join(dir, `${model}.json`), llm.config(model));
  const { answers, sql } = optimizeAnswers();
  await llm.teach(answers);
  await llm.teachSql(sql);
});
after(() => {
  llm?.kill();
  removeDir(dir);
});

const args = (out, extra = []) => ['optimize', '--gold', join(dir, 'dev.json'), '--pred', join(dir, 'y.json'),
  '--db-root', join(dir, 'db'), '--out', out, '--llm-config', join(dir, 'fake-a.json'), '--iterations', '5', ...extra];

test('--preview counts the calls per variant and sends nothing', async () => {
  const before = (await stats()).requests;
  const r = await run(args(join(dir, 'p.json'), ['--preview', '--llm-config', join(dir, 'fake-b.json')]));
  assert.equal(r.code, 0, r.stderr);
  const p = JSON.parse(r.stdout);
  // Two correct Ys for each two-stage variant, every item for direct; two models.
  assert.deepEqual(p.calls_per_model, { 'with-y': 2, 'with-y+s': 2, 'with-y+s+q': 2, demo: 2, 'demo+comments': 2, direct: 3 });
  assert.equal(p.calls, 2 * 13);
  assert.deepEqual(p.models.map((m) => m.model), ['fake-a', 'fake-b']);
  assert.equal(p.prompts.length, p.calls);
  const first = (variant) => p.prompts.find((q) => q.id.endsWith(` / optimize ${variant}`)).prompt;
  assert.ok(p.prompts[0].id.startsWith('fake-a / '), 'each prompt names its model');
  assert.ok(first('with-y').includes(`### Query: ${GOLD}`));
  assert.ok(!first('with-y').includes('# t(id, k, v)') && first('with-y+s').includes('t(id, k, v)'));
  assert.ok(first('direct').includes('### Which rows have key 700?'));
  assert.equal((await stats()).requests, before, 'the preview sent nothing');
});

test('rewrites kept only with Y\'s result, VES per variant and model beside the baseline; a rerun replays', async () => {
  const replay = join(dir, 'replay.sqlite');
  const before = (await stats()).chat;
  const out = join(dir, 'opt.json');
  const r = await run(args(out, ['--variant', 'with-y', '--variant', 'direct', '--llm-config', join(dir, 'fake-b.json'),
    '--replay', replay]));
  assert.equal(r.code, 0, r.stderr);
  const s = JSON.parse(r.stdout);
  assert.equal(s.n, 3);
  assert.deepEqual([s.baseline.correct, s.baseline.scored], [2, 3]);
  assert.deepEqual(s.table.map((c) => [c.variant, c.model]),
    [['with-y', 'fake-a'], ['with-y', 'fake-b'], ['direct', 'fake-a'], ['direct', 'fake-b']]);
  const withY = s.table[0];
  assert.deepEqual([withY.accepted, withY.changed_result, withY.not_asked, withY.correct], [1, 1, 1, 2]);
  // The accepted lookup is far faster than the scan it replaced; the refused rewrite left its Y (a scan) in place.
  assert.ok(withY.c_ves > s.baseline.c_ves, `${withY.c_ves} > ${s.baseline.c_ves}`);
  assert.ok(Math.abs(withY.ves - withY.c_ves * 2 / 3) < 1e-6, 'VES = EX x C-VES');
  // As 004 scores it, the rewrite that changed a correct Y's result replaces it: one correct item fewer, and VES
  // falls below the safe view's (the paper's finding about rewrites that break correct SQL).
  assert.deepEqual([withY.as_published.correct, withY.as_published.rewrites_not_kept], [1, 1]);
  assert.ok(withY.as_published.ves < withY.ves, `${withY.as_published.ves} < ${withY.ves}`);
  const direct = s.table[2];
  assert.deepEqual([direct.generated, direct.no_sql, direct.correct], [2, 1, 2]);
  assert.deepEqual([direct.as_published.correct, direct.as_published.rewrites_not_kept], [2, 0],
    'one stage: the generated query is the final one either way');
  const items = JSON.parse(readFileSync(out, 'utf8')).items.filter((it) => it.model === 'fake-a');
  const byKey = Object.fromEntries(items.map((it) => [`${it.variant}/${it.id}`, it]));
  assert.equal(byKey['with-y/0'].outcome, 'accepted');
  assert.equal(byKey['with-y/0'].final, LOOKUP);
  assert.ok(byKey['with-y/0'].score > 100);
  assert.equal(byKey['with-y/1'].outcome, 'changed_result');
  assert.equal(byKey['with-y/1'].final, CASES[1][1]);
  assert.equal(byKey['with-y/2'].outcome, 'not_asked');
  assert.equal(byKey['with-y/2'].correct, false);
  assert.equal(byKey['direct/1'].outcome, 'no_sql');
  assert.equal(byKey['direct/2'].final, 'SELECT id, v FROM t WHERE k = 700 AND id > 0');
  assert.equal((await stats()).chat - before, 2 * (2 + 3));
  assert.equal(s.usage.network_calls, 10);

  const again = await run(args(join(dir, 'opt2.json'), ['--variant', 'with-y', '--variant', 'direct', '--llm-config',
    join(dir, 'fake-b.json'), '--replay', replay]));
  assert.equal(again.code, 0, again.stderr);
  const s2 = JSON.parse(again.stdout);
  assert.deepEqual([s2.usage.network_calls, s2.usage.replayed], [0, 10]);
  assert.equal((await stats()).chat - before, 10, 'a replayed run sends nothing');
  assert.deepEqual(s2.table.map((c) => [c.accepted, c.changed_result, c.generated, c.correct]),
                   s.table.map((c) => [c.accepted, c.changed_result, c.generated, c.correct]));
});

test('bad input: an unknown variant, no predictions, a database root without the database', async () => {
  const a = await run(args(join(dir, 'x.json'), ['--variant', 'with-q']));
  assert.equal(a.code, 2);
  assert.match(a.stderr, /--variant 'with-q' is not one of with-y, with-y\+s/);
  const b = await run(['optimize', '--gold', join(dir, 'dev.json'), '--db-root', join(dir, 'db'), '--out',
    join(dir, 'x.json'), '--llm-config', join(dir, 'fake-a.json')]);
  assert.equal(b.code, 2);
  assert.match(b.stderr, /missing arguments/);
  mkdirSync(join(dir, 'empty'), { recursive: true });
  const c = await run(['optimize', '--gold', join(dir, 'dev.json'), '--pred', join(dir, 'y.json'), '--db-root',
    join(dir, 'empty'), '--out', join(dir, 'x.json'), '--llm-config', join(dir, 'fake-a.json')]);
  assert.equal(c.code, 2);
  assert.match(c.stderr, /3 of 3 items have no database under .*empty: 1 db_id missing \(big\)/);
  const d = await run(['optimize', '--gold', join(dir, 'dev.json'), '--pred', join(dir, 'y.json'), '--db-root',
    join(dir, 'empty'), '--out', join(dir, 'x.json'), '--llm-config', join(dir, 'fake-a.json'), '--skip-missing']);
  assert.equal(d.code, 2);
  assert.match(d.stderr, /no database of the gold set could be opened/);
});

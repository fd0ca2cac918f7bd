// `chokepoint study llm-tasks` against the loopback fake endpoint, on the sample set and its two databases: the
// study's tables equal the figures of predict, errors, debug, optimize, describe and link run by hand on the same
// files (the replay store makes the hand runs answer as the study's did); a budget that cuts calls gives exit 1 and
// a note per model; bad input exits 2 before anything is sent.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startFakeLlm } from './start_server.mjs';
import { run as runCli, scratchDir, copyDb, removeDir, sampleSet, root } from './cli_fixture.mjs';

let llm, dir;
const run = (args) => runCli(args, { timeout: 240000 });
const gold = join(root, 'assets', 'sets', 'sample_dev.json');

before(async () => {
  dir = scratchDir('chokepoint-llm-tasks-');
  copyDb(dir, 'toxicology');
  copyDb(dir, 'movies');
  llm = await startFakeLlm(600000);
  for (const model of ['fake-a', 'fake-b']) writeFileSync(join(dir, `${model}.json`), llm.config(model));
  // Two in three answers are the gold query; the others do not run (a System Error to debug).
  await llm.teachSql(Object.fromEntries(sampleSet().map((x, i) => [x.question, i % 3 ? x.SQL : 'SELECT nope FROM'])));
});
after(() => {
  llm?.kill();
  removeDir(dir);
});

const studyArgs = (out, extra = []) => ['study', 'llm-tasks', '--gold', gold, '--db-root', join(dir, 'db'),
  '--llm-config', join(dir, 'fake-a.json'), '--llm-config', join(dir, 'fake-b.json'), '--out', out,
  '--format', 'SimpleDDL-MD-Chat', '--format', 'DDL-MD-Chat', '--strategy', 'comment', '--rounds', '1',
  '--variant', 'direct', '--iterations', '1', '--link-method', 'presql', '--no-judge',
  '--replay', join(dir, 'replay.sqlite'), ...extra];

const table = (report, id) => report.tables.find((t) => t.id === id);
const column = (t, name) => t.columns.indexOf(name);
const round2 = (x) => Math.round(x * 100) / 100;

test('every table equals the commands run by hand on the same files', async () => {
  const out = join(dir, 'study');
  const r = await run(studyArgs(out));
  assert.equal(r.code, 0, r.stderr);
  const s = JSON.parse(r.stdout);
  assert.equal(s.items, 28);
  assert.deepEqual(s.models.map((m) => m.name), ['fake-a', 'fake-b']);
  const report = JSON.parse(readFileSync(join(out, 'report.json'), 'utf8'));
  for (const f of ['report.html', 'formats.csv', 'errors.csv', 'debug_rounds.csv', 'optimization.csv',
    'sql_to_text.csv', 'linking_res.csv', 'linking_matches.csv', 'items.csv', 'steps/errors.fake-a.json'])
    assert.ok(existsSync(join(out, f)), f);

  // By hand, from the same replay store: no request is sent.
  const before = await llm.requests();
  const hand = join(dir, 'hand');
  const replay = ['--replay', join(dir, 'replay.sqlite')];
  const p = await run(['predict', '--gold', gold, '--db-root', join(dir, 'db'), '--llm-config', join(dir, 'fake-a.json'),
    '--llm-config', join(dir, 'fake-b.json'), '--format', 'SimpleDDL-MD-Chat', '--format', 'DDL-MD-Chat',
    '--out', `${hand}-pred.json`, ...replay]);
  assert.equal(p.code, 0, p.stderr);
  const predicted = JSON.parse(p.stdout);
  const formats = table(report, 'formats');
  for (const model of ['fake-a', 'fake-b'])
    for (const f of ['SimpleDDL-MD-Chat', 'DDL-MD-Chat']) {
      const row = formats.rows.find((x) => x[0] === f);
      assert.equal(row[column(formats, model)], round2(predicted.models[model].formats[f].ex_bird), `${model} ${f}`);
    }
  const predA = predicted.models['fake-a'].formats['SimpleDDL-MD-Chat'].out;
  const common = ['--gold', gold, '--pred', predA, '--db-root', join(dir, 'db'), '--llm-config', join(dir, 'fake-a.json'),
    ...replay];

  const e = await run(['errors', ...common, '--out', `${hand}-errors.json`]);
  assert.equal(e.code, 0, e.stderr);
  const errors = JSON.parse(e.stdout);
  assert.equal(errors.failed, 10);
  const et = table(report, 'errors');
  const wrongRow = et.rows.find((x) => x[1] === 'wrong (EX = 0)');
  assert.equal(wrongRow[column(et, 'fake-a')], errors.failed);
  for (const [kind, n] of Object.entries(errors.system_errors))
    assert.equal(et.rows.find((x) => x[0] === 'System Error' && x[1] === kind)[column(et, 'fake-a')], n, kind);

  const d = await run(['debug', ...common, '--out', `${hand}-debug.json`, '--strategy', 'comment', '--rounds', '1']);
  assert.equal(d.code, 0, d.stderr);
  const debug = JSON.parse(d.stdout);
  const ds = table(report, 'debug_strategies');
  assert.deepEqual(ds.rows.map((x) => x[0]), ['comment']);
  assert.equal(ds.rows[0][column(ds, 'fake-a')], round2(debug.rounds.at(-1).ex_over_wrong));
  const dr = table(report, 'debug_rounds');
  const sys0 = dr.rows.find((x) => x[0] === 0 && x[1] === 'System Errors');
  assert.equal(sys0[column(dr, 'fake-a')], debug.rounds[0].system_errors);

  // Table 5: fake-b debugging fake-a's wrong SQL is `debug` with fake-b's config on fake-a's predictions; fake-a on
  // its own is its self-debugging's round 1.
  const x = await run(['debug', '--gold', gold, '--pred', predA, '--db-root', join(dir, 'db'), '--llm-config',
    join(dir, 'fake-b.json'), ...replay, '--out', `${hand}-cross.json`, '--strategy', 'comment', '--rounds', '1']);
  assert.equal(x.code, 0, x.stderr);
  const cross = JSON.parse(x.stdout);
  const ct = table(report, 'cross_debug');
  const cellOf = (debugging, strategy, generator) =>
    ct.rows.find((row) => row[0] === debugging && row[1] === strategy)[column(ct, generator)];
  assert.equal(cellOf('fake-b', 'comment', 'fake-a'), round2(cross.rounds.find((r) => r.round === 1).ex_over_wrong));
  assert.equal(cellOf('fake-a', 'comment', 'fake-a'), round2(debug.rounds.find((r) => r.round === 1).ex_over_wrong));
  assert.equal(typeof cellOf('fake-a', 'comment', 'fake-b'), 'number');
  assert.ok(existsSync(join(out, 'steps', 'debug.fake-b.on.fake-a.json')));
  assert.equal(cellOf('SQLCoder-34B (004)', 'regenerate', 'Codellama-34B (004)'), 12.42);
  assert.equal(cellOf('InternLM-70B (004)', 'regenerate', 'InternLM-70B (004)'), 0.63);
  assert.equal(cellOf('SQLCoder-34B (004)', 'regenerate', 'fake-a'), '', 'the paper has no cell for our models');

  const o = await run(['optimize', ...common, '--out', `${hand}-opt.json`, '--variant', 'direct', '--iterations', '1']);
  assert.equal(o.code, 0, o.stderr);
  const opt = JSON.parse(o.stdout);
  const ot = table(report, 'optimization');
  const directPub = ot.rows.find((x) => x[0] === 'direct' && x[1] === 'VES (as 004)');
  // VES is a timing: the hand run times the queries again, so only the count-based figures must match exactly.
  assert.equal(typeof directPub[column(ot, 'fake-a')], 'number');
  assert.equal(directPub[column(ot, 'ChatGPT (004)')], 39.26);
  const baseline = ot.rows.find((x) => x[0] === 'baseline' && x[1] === 'VES');
  assert.ok(Math.abs(baseline[column(ot, 'fake-a')] - opt.baseline.ves) < 15, 'baseline VES of the same queries');
  const studyOpt = JSON.parse(readFileSync(join(out, 'steps', 'optimize.fake-a.json'), 'utf8'));
  assert.deepEqual(studyOpt.table.map((c) => [c.variant, c.correct, c.as_published.correct]),
    opt.table.map((c) => [c.variant, c.correct, c.as_published.correct]));

  const ds2 = await run(['describe', '--gold', gold, '--llm-config', join(dir, 'fake-a.json'), '--no-judge',
    '--out', `${hand}-describe.json`, ...replay]);
  assert.equal(ds2.code, 0, ds2.stderr);
  const described = JSON.parse(ds2.stdout);
  const st = table(report, 'sql_to_text');
  assert.equal(st.rows.find((x) => x[0] === 'ROUGE-L')[column(st, 'fake-a')], round2(100 * described.rouge.rougeL.f1));
  assert.equal(st.rows.find((x) => x[0] === 'ROUGE-1')[column(st, 'ChatGPT (004)')], 42.8);

  const l = await run(['link', '--gold', gold, '--db-root', join(dir, 'db'), '--llm-config', join(dir, 'fake-b.json'),
    '--method', 'presql', '--fk', '--out', `${hand}-link.json`, ...replay]);
  assert.equal(l.code, 0, l.stderr);
  const linked = JSON.parse(l.stdout);
  const lt = table(report, 'linking_res');
  assert.equal(lt.rows.find((x) => x[0] === 'presql')[column(lt, 'fake-b w/ fk')], round2(100 * linked.res));
  const lm = table(report, 'linking_matches');
  assert.equal(lm.rows.find((x) => x[0] === 'presql' && x[1] === 'exact match')[column(lm, 'fake-b w/ fk')],
    round2(100 * linked.exact_match));
  assert.equal(await llm.requests(), before, 'the hand runs were answered from the replay store');

  // The radar (Fig. 2) has the five tasks and one line per model, and stdout says the same values.
  const radar = report.charts.find((c) => c.id === 'tasks');
  assert.equal(radar.kind, 'radar');
  assert.equal(radar.categories.length, 5);
  assert.deepEqual(radar.series.map((x) => x.name), ['fake-a', 'fake-b']);
  assert.equal(radar.series[0].values[0], s.models[0].ex);
  assert.equal(radar.series[1].values[4], s.models[1].best_res);
  // Items: each item's verdict on the main format, the wrong ones by their error's kind.
  assert.equal(report.items.rows.length, 28);
  assert.equal(report.items.rows.filter((x) => x[2] === '1').length, 28 - errors.failed);
  const html = readFileSync(join(out, 'report.html'), 'utf8');
  assert.ok(html.includes('(004 Table 3)') && html.includes('<polygon'), 'the page has the tables and the radar');
});

test('a budget that cuts calls exits 1 and the report says how many per model', async () => {
  const out = join(dir, 'cut');
  const r = await run(['study', 'llm-tasks', '--gold', gold, '--db-root', join(dir, 'db'), '--llm-config',
    join(dir, 'fake-a.json'), '--out', out, '--task', 'sql-to-text', '--no-judge', '--max-calls', '5']);
  assert.equal(r.code, 1, r.stderr);
  const s = JSON.parse(r.stdout);
  assert.ok(s.models[0].failed_calls > 0, JSON.stringify(s.models[0]));
  const report = JSON.parse(readFileSync(join(out, 'report.json'), 'utf8'));
  assert.ok(report.notes.some((n) => n.startsWith(`fake-a: ${s.models[0].failed_calls} model calls failed or were cut`)),
    report.notes.join('\n'));
  assert.deepEqual(report.tables.map((t) => t.id), ['formats', 'gold_tables', 'errors', 'sql_to_text']);
});

test('--preview sends and writes nothing: predict, describe and link exactly, the steps after them bounded', async () => {
  const before = await llm.requests();
  const out = join(dir, 'preview');
  const r = await run(studyArgs(out, ['--preview']));
  assert.equal(r.code, 0, r.stderr);
  assert.equal(await llm.requests(), before, 'nothing is sent');
  assert.ok(!existsSync(out), 'nothing is written');
  const p = JSON.parse(r.stdout);
  // The exact parts are each command's own --preview on the same files.
  const preview = async (args) => {
    const x = await run([...args, '--preview']);
    assert.equal(x.code, 0, x.stderr);
    return JSON.parse(x.stdout);
  };
  const pred = await preview(['predict', '--gold', gold, '--db-root', join(dir, 'db'), '--llm-config',
    join(dir, 'fake-a.json'), '--llm-config', join(dir, 'fake-b.json'), '--format', 'SimpleDDL-MD-Chat', '--format',
    'DDL-MD-Chat', '--out', join(dir, 'p.json')]);
  let calls = pred.calls;
  for (const model of ['fake-a', 'fake-b']) {
    const config = join(dir, `${model}.json`);
    calls += (await preview(['describe', '--gold', gold, '--llm-config', config, '--no-judge', '--out',
      join(dir, 'd.json')])).calls;
    for (const fk of [[], ['--fk']])
      calls += (await preview(['link', '--gold', gold, '--db-root', join(dir, 'db'), '--llm-config', config,
        '--method', 'presql', ...fk, '--out', join(dir, 'l.json')])).calls;
  }
  assert.equal(p.calls, calls);
  assert.equal(p.prompts.length, calls);
  assert.deepEqual(p.steps.map((x) => `${x.step} ${x.model}`), ['predict every model', 'describe fake-a',
    'link fake-a', 'link fake-a', 'describe fake-b', 'link fake-b', 'link fake-b']);
  // The bounds: 28 items; one strategy (comment), one round, one variant (direct); two models debug each other.
  const bound = (round) => p.later_rounds.find((x) => x.round === round)?.calls_at_most;
  assert.equal(bound('errors fake-a'), 28);
  assert.equal(bound('debug fake-b'), 28);
  assert.equal(bound('optimize fake-a'), 28);
  assert.equal(bound('cross-debug'), 28 * 2);
});

test('bad input exits 2 naming it, before anything is sent', async () => {
  const before = await llm.requests();
  const base = ['study', 'llm-tasks', '--gold', gold, '--db-root', join(dir, 'db'), '--llm-config',
    join(dir, 'fake-a.json')];
  const cases = [
    [[...base, '--out', join(dir, 'x1'), '--format', 'SimpleDDL-XML-Chat'], /--format 'SimpleDDL-XML-Chat'/],
    [[...base, '--out', join(dir, 'x2'), '--task', 'dreaming'], /--task/],
    [[...base, '--out', join(dir, 'x3'), '--format', 'DDL-MD-Chat', '--formats', 'all'], /not both/],
    [['study', 'llm-tasks', '--gold', gold, '--db-root', join(dir, 'db'), '--out', join(dir, 'x4')],
      /missing --llm-config/],
    [[...base, '--out', join(dir, 'study')], /study/],  // holds the first test's report
  ];
  for (const [args, message] of cases) {
    const r = await run(args);
    assert.equal(r.code, 2, `${args.join(' ')}\n${r.stdout}`);
    assert.match(r.stderr, message);
  }
  assert.equal(await llm.requests(), before);
});

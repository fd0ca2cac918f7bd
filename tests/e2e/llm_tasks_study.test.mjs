// The llm-tasks study in the Studies tab, laid out from what the page ran as a user runs 004's tasks one at a time
// against the loopback LLM server: Run a model on the sample set (its first format evaluated in Metrics), the Errors
// tab with the model asked about its categories, a debugging round by each of the five strategies, the Optimise and
// SQL-to-Text tabs, and PreSQL schema linking. Its tables equal `chokepoint study llm-tasks` with the same choices on the same files and server;
// VES is a timing, so for optimisation only what is counted must match. Before every task is run the study says
// which are missing; after a reload, the table and the schema linking come back from the workspace.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { artefactDir, sendCommand, untilPanel, clickNamed, nextFrames, pixelStats, waitReady, workspaceSettled,
  wheelChartIntoView, expectTextDrawn, panelState } from './browser.mjs';
import { cli, copyDb, tempDir, openApp, closeAll, runStudyInTab, METRICS } from './fixture.mjs';
import { startFakeLlm, useFakeLlm } from './llm_fixture.mjs';

const RUN = 'Run a model';
const MODEL = 'fake-tasks';
const FORMAT = 'SimpleDDL-MD-Chat';
const goldFile = path.join(path.dirname(cli), 'assets', 'sets', 'sample_dev.json');
const gold = JSON.parse(fs.readFileSync(goldFile, 'utf8'));

let app, llm, dir;

before(async () => {
  llm = await startFakeLlm(600000);
  // Two in three answers are the gold; one in three does not run (a System Error); the second item filters on another
  // bond type (a Result Error the model is asked about: condition_filter or data_processing).
  await llm.teachSql(Object.fromEntries(gold.map((x, i) => [x.question,
    i === 1 ? x.SQL.replace("'#'", "'='") : i % 3 === 0 ? 'SELECT nope FROM' : x.SQL])));
  dir = tempDir('chokepoint-llm-tasks-study-');
  copyDb(dir, 'toxicology');
  copyDb(dir, 'movies');
  fs.writeFileSync(path.join(dir, 'model.json'), llm.config(MODEL, { temperature: 0 }));
  app = await openApp();
});
after(() => closeAll({ app, llm, dir }));

const inPanel = (panel, predicate, what, timeout = 120000) => untilPanel(app.page, panel, predicate, what, timeout);

// The tables as the paper lays them out, without the optimisation's timings; the radar without its VES axis.
const counted = (report) => ({
  tables: report.tables.filter((t) => t.id !== 'optimization'),
  optimisation_rows: report.tables.find((t) => t.id === 'optimization')?.rows.map((r) => [r[0], r[1]]),
  radar: report.charts.filter((c) => c.kind === 'radar').map((c) => ({
    axes: c.axes, series: c.series.map((s) => ({ name: s.name, values: s.values.filter((_, i) => i !== 2) })) })),
  items: report.items,
});

test('the five tasks run in the page give the study chokepoint study llm-tasks gives', async () => {
  await useFakeLlm(app.page, llm, MODEL);
  let s = await runStudyInTab(app.page, { study: 'llm-tasks' });
  assert.match(s.error, /no model run yet: Run a model/);

  // Text-to-SQL: one format; the page evaluates it in Metrics when done.
  await sendCommand(app.page, { do: 'show', tab: RUN });
  await sendCommand(app.page, { do: 'run_model', set: 'sample_dev.json', formats: [FORMAT] });
  await inPanel(RUN, (x) => x.preview, 'the preview');
  await sendCommand(app.page, { do: 'run_model_confirm' });
  await inPanel(RUN, (x) => x.running === false && x.answered === gold.length && x.model_table?.pending === 0 &&
    x.model_table.rows[0]?.ex[0] !== null, 'the run and its table');
  await sendCommand(app.page, { do: 'show', tab: METRICS });
  await clickNamed(app.page, 'Errors tab');
  const label = `sample_dev.json vs sample_dev.${FORMAT}.pred.json`;
  await inPanel(METRICS, (x) => x.done && x.label === label && x.errors?.complete, 'the evaluation and its errors');

  // Only Text-to-SQL so far: the study lays it out and names the four tasks not run.
  s = await runStudyInTab(app.page, { study: 'llm-tasks' });
  assert.equal(s.error, '');
  const missing = s.report.notes.find((n) => n.startsWith('Not run in this page'));
  for (const task of ['debugging', 'optimisation', 'SQL-to-Text', 'schema linking'])
    assert.ok(missing.includes(task), `${task} named in: ${missing}`);
  const byRules = /condition_filter vs data_processing was decided by the rules/;
  assert.ok(s.report.notes.some((n) => byRules.test(n)), 'the model was not asked yet');

  // The model's say on condition_filter vs data_processing, then the four later tasks.
  await sendCommand(app.page, { do: 'show', tab: METRICS });
  await sendCommand(app.page, { do: 'error_categories' });
  await inPanel(METRICS, (x) => x.error_category?.preview || x.error_category?.error, 'the categories preview');
  await sendCommand(app.page, { do: 'error_categories_confirm' });
  await inPanel(METRICS, (x) => x.error_category?.done || x.error_category?.error, 'the categories');
  // The five strategies side by side (004 Fig. 4): the preview holds every strategy's first round.
  await sendCommand(app.page, { do: 'debug_run', strategy: 'all', rounds: 1 });
  const debugPreview = (await inPanel(METRICS, (x) => x.debug?.preview, 'the debugging preview')).debug.preview;
  assert.equal(debugPreview.calls, 5 * 11, 'one prompt per wrong prediction and strategy');
  await sendCommand(app.page, { do: 'debug_confirm' });
  const debugged = (await inPanel(METRICS, (x) => x.debug?.done === true, 'the debugging rounds')).debug;
  assert.deepEqual(debugged.strategies.map((d) => d.strategy),
    ['regenerate', 'wrong_sql', 'system_error', 'all_errors', 'comment']);
  await sendCommand(app.page, { do: 'optimize_run', variants: ['direct'], iterations: 1 });
  await inPanel(METRICS, (x) => x.optimize?.preview, 'the optimisation preview');
  await sendCommand(app.page, { do: 'optimize_confirm' });
  const optimised = (await inPanel(METRICS, (x) => x.optimize?.done, 'the optimisation')).optimize;
  await sendCommand(app.page, { do: 'describe_run', subject: 'gold', judge: false });
  await inPanel(METRICS, (x) => x.describe?.preview, 'the SQL-to-Text preview');
  await sendCommand(app.page, { do: 'describe_confirm' });
  await inPanel(METRICS, (x) => x.describe?.done, 'SQL-to-Text');
  await sendCommand(app.page, { do: 'show', tab: RUN });
  await sendCommand(app.page, { do: 'link_run', method: 'presql', fk: false });
  await inPanel(RUN, (x) => x.linking?.preview, 'the linking preview');
  await sendCommand(app.page, { do: 'link_confirm' });
  await inPanel(RUN, (x) => x.linking?.done && x.linking.rows.length === 1, 'the linking run');

  s = await runStudyInTab(app.page, { study: 'llm-tasks' });
  assert.equal(s.error, '');
  assert.equal(s.report.notes.find((n) => n.startsWith('Not run in this page')), undefined, s.report.notes.join('\n'));
  assert.ok(!s.report.notes.some((n) => byRules.test(n)), 'the model was asked');

  // The same tasks from the command line, on the same files and endpoint.
  const out = path.join(dir, 'cli');
  const r = spawnSync(cli, ['study', 'llm-tasks', '--gold', goldFile, '--db-root', path.join(dir, 'db'),
    '--llm-config', path.join(dir, 'model.json'), '--out', out, '--format', FORMAT, '--task', 'debugging',
    '--task', 'optimization', '--task', 'sql-to-text', '--task', 'schema-linking', '--strategy', 'all',
    '--rounds', '1', '--variant', 'direct', '--iterations', '1', '--link-method', 'presql', '--link-fk', 'without',
    '--no-judge'], { encoding: 'utf8', timeout: 240000 });
  assert.equal(r.status, 0, r.stderr);
  const expected = JSON.parse(fs.readFileSync(path.join(out, 'report.json'), 'utf8'));
  assert.deepEqual(counted(s.report), counted(expected));
  // By the fixture: 10 System Errors and 1 Result Error of the 28 items.
  const errors = s.report.tables.find((t) => t.id === 'errors');
  const wrong = errors.rows.find((x) => x[1] === 'wrong (EX = 0)');
  assert.equal(wrong[errors.columns.indexOf(MODEL)], 11);
  // Optimisation: the counted figures equal the CLI's step report.
  const viaCli = JSON.parse(fs.readFileSync(path.join(out, 'steps', `optimize.${MODEL}.json`), 'utf8'));
  assert.deepEqual(optimised.rows.map((x) => [x.variant, x.correct, x.as_published.correct,
    x.as_published.rewrites_not_kept]), viaCli.table.map((x) => [x.variant, x.correct, x.as_published.correct,
    x.as_published.rewrites_not_kept]));

  await clickNamed(app.page, 'study llm-tasks');
  await nextFrames(app.page);
  // The report is drawn under the inputs, not only held: the lower part of the window carries text.
  await expectTextDrawn(app.page, 'studies_llm_tasks.png', { x: 0, y: 500, w: 1200, h: 280 });

  // At a projector's size the radar of the five tasks (004 Fig. 2) is drawn whole once the wheel brings it into view.
  await app.page.setViewportSize({ width: 1920, height: 1080 });
  await nextFrames(app.page);
  const { rect, whole } = await wheelChartIntoView(app.page, 'study-chart-tasks');
  assert.ok(whole && rect[2] > 300 && rect[3] > 300, `the radar is drawn whole: ${JSON.stringify(rect)}`);
  fs.writeFileSync(path.join(artefactDir, 'studies_llm_tasks_1920.png'), await app.page.screenshot());
  await app.page.setViewportSize({ width: 1280, height: 800 });

  // A reload: Run a model's table, the schema linking rows and the Metrics tabs' debugging, optimisation and
  // SQL-to-Text runs come back from the workspace, and the evaluation runs again: the study is the same.
  await workspaceSettled(app.page);
  await app.page.reload();
  await waitReady(app);
  await workspaceSettled(app.page);
  await sendCommand(app.page, { do: 'show', tab: METRICS });
  await clickNamed(app.page, 'Errors tab');
  await inPanel(METRICS, (x) => x.done && x.label === label && x.errors?.complete, 'the evaluation again');
  await inPanel(RUN, (x) => x.linking?.rows?.length === 1 && x.model_table?.pending === 0, 'the run back');
  const back = await runStudyInTab(app.page, { study: 'llm-tasks' });
  assert.equal(back.error, '');
  const table = (report, id) => report.tables.find((t) => t.id === id);
  for (const id of ['formats', 'gold_tables', 'errors', 'linking_res', 'linking_matches'])
    assert.deepEqual(table(back.report, id), table(s.report, id), id);
  assert.deepEqual(counted(back.report), counted(s.report));
  assert.deepEqual(table(back.report, 'optimization'), table(s.report, 'optimization'), 'the timings kept, not retaken');
  assert.equal(back.report.notes.find((n) => n.startsWith('Not run in this page')), undefined,
               back.report.notes.join('\n'));
  assert.ok(back.report.notes.some((n) => /^Restored from this browser's workspace.*: debugging, optimisation, SQL-to-Text\.$/
    .test(n)), back.report.notes.join('\n'));
  assert.ok(back.report.notes.some((n) => /its failed calls are not known here/.test(n)), 'what a reload cannot tell');
  // Each tab shows its restored run, the same figures as before the reload.
  const m = await panelState(app.page, METRICS);
  assert.equal(m.debug.restored?.model, MODEL);
  assert.deepEqual(m.debug.restored.report.strategies.map((x) => [x.strategy, x.wrong, x.rounds.at(-1).still_wrong]),
                   debugged.strategies.map((x) => [x.strategy, x.wrong, x.rounds.at(-1).still_wrong]));
  assert.deepEqual(m.optimize.restored?.report.rows, optimised.rows);
  assert.equal(m.describe.restored?.report.subject, 'gold');
  await sendCommand(app.page, { do: 'show', tab: METRICS });
  await clickNamed(app.page, 'Errors tab');
  await nextFrames(app.page);
  // The debugging section is below the fold: the wheel brings it up, as a person scrolls.
  await app.page.mouse.move(640, 760);
  for (let i = 0; i < 4; ++i) {
    await app.page.mouse.wheel(0, 400);
    await nextFrames(app.page);
  }
  await expectTextDrawn(app.page, 'llm_tasks_debug_restored.png', { x: 0, y: 400, w: 1000, h: 380 });
  for (const [tab, file] of [['Optimise tab', 'llm_tasks_optimise_restored.png'],
    ['SQL-to-Text tab', 'llm_tasks_describe_restored.png']]) {
    for (let i = 0; i < 4; ++i) {  // back up to the row of tabs
      await app.page.mouse.wheel(0, -400);
      await nextFrames(app.page);
    }
    await clickNamed(app.page, tab);
    await nextFrames(app.page);
    await expectTextDrawn(app.page, file, { x: 0, y: 260, w: 1000, h: 200 });
  }
});

test('a damaged record of the tasks is not read: they are named as not run and the page goes on', async () => {
  const read = () => app.page.evaluate(() => Module.FS.readFile('/workspace/llm_tasks.json', { encoding: 'utf8' }));
  const kept = JSON.parse(await read());
  assert.ok(kept.debug && kept.optimize && kept.describe, Object.keys(kept).join(', '));
  // Each record still names this evaluation, so it would be read, but one of its fields is of another kind.
  kept.debug.rounds = 'many';
  kept.optimize.model = 5;
  kept.describe.report.subject = 7;
  await app.page.evaluate((t) => {
    Module.FS.writeFile('/workspace/llm_tasks.json', t);
    Module.chokepointWorkspace.persist();
  }, JSON.stringify(kept));
  await workspaceSettled(app.page);
  await app.page.reload();
  await waitReady(app);
  await workspaceSettled(app.page);
  await sendCommand(app.page, { do: 'show', tab: METRICS });
  await clickNamed(app.page, 'Errors tab');
  await inPanel(METRICS, (x) => x.done && x.errors?.complete, 'the evaluation again');
  const s = await runStudyInTab(app.page, { study: 'llm-tasks' });
  assert.equal(s.error, '');
  const notRun = s.report.notes.find((n) => n.startsWith('Not run in this page')) ?? '';
  for (const task of ['debugging', 'optimisation', 'SQL-to-Text']) assert.ok(notRun.includes(task), notRun);
  const m = await panelState(app.page, METRICS);
  assert.equal(m.debug.restored, undefined);
  assert.equal(m.optimize.restored, undefined);
  assert.equal(m.describe.restored, undefined);
  // The tabs draw without their restored runs, and the page still answers.
  await sendCommand(app.page, { do: 'show', tab: METRICS });
  await nextFrames(app.page);
  for (const tab of ['Optimise tab', 'SQL-to-Text tab']) {
    await clickNamed(app.page, tab);
    await nextFrames(app.page);
  }
  assert.equal((await panelState(app.page, METRICS)).done, true);
});

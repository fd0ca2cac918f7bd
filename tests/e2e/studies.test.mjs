// The Studies tab against `chokepoint study`: the same files (the CLI's study fixture) uploaded to the page give the
// same tables, charts and per-item rows as the CLI's report.json, for every study that runs as one step; a study is
// rerun by a real click on "Run the study"; refusals name what is wrong; report.html is offered as a download.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { artefactDir, sendCommand, untilPanel, uploadSet, clickNamed, nextFrames, wheelChartIntoView, drawnRects,
  expectTextDrawn, pixelStats } from './browser.mjs';
import { tempDir, openApp, closeAll, cli, copyDb, runStudyInTab } from './fixture.mjs';
import { startFakeLlm } from './llm_fixture.mjs';
import { writeStudyFiles } from '../cli/study_fixture.mjs';

const TAB = 'Studies';
let app, dir;

before(async () => {
  dir = tempDir('chokepoint-studies-page-');
  writeStudyFiles(dir);
  copyDb(dir);
  app = await openApp();
  for (const f of ['seeds.json', 'pred_seeds.json', 'expanded.json', 'pred_expansions.json', 'gold.json', 'A.sql',
    'B.sql', 'C.sql'])
    await uploadSet(app.page, path.join(dir, f));
});
after(() => closeAll({ app, dir }));

// The CLI's report.json for the same study.
function cliReport(name, ...args) {
  const out = path.join(dir, `cli-${name}`);
  const r = spawnSync(cli, ['study', name, ...args, '--db-root', path.join(dir, 'db'), '--out', out],
    { encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  return JSON.parse(fs.readFileSync(path.join(out, 'report.json'), 'utf8'));
}

// Everything a report computes; the inputs name files, which differ between the page and the disk.
const computed = ({ study, title, notes, tables, charts, items }) => ({ study, title, notes, tables, charts, items });

const runInTab = (command) => runStudyInTab(app.page, command);

test('shared-failures in the tab gives the CLI report, and a click on Run the study gives it again', async () => {
  const s = await runInTab({ study: 'shared-failures', gold: 'gold.json', systems: ['A.sql', 'B.sql', 'C.sql'] });
  assert.equal(s.error, '');
  const expected = cliReport('shared-failures', '--gold', path.join(dir, 'gold.json'),
    '--pred', `A.sql=${path.join(dir, 'A.sql')}`, '--pred', `B.sql=${path.join(dir, 'B.sql')}`,
    '--pred', `C.sql=${path.join(dir, 'C.sql')}`);
  assert.deepEqual(computed(s.report), computed(expected));
  assert.ok(s.report.tables.length >= 2, 'the tables are there');
  assert.deepEqual(s.report.inputs.map((i) => i.name),
    ['gold', 'pred A.sql', 'pred B.sql', 'pred C.sql', 'semantics', 'timeout-ms']);

  await clickNamed(app.page, 'run the study');
  const again = await untilPanel(app.page, TAB, (x) => x.started > s.started && x.report && !x.running, 'the rerun',
    120000);
  assert.deepEqual(computed(again.report), computed(expected));
  // The report is drawn under the button (its first lines; the rest lies below the window).
  await expectTextDrawn(app.page, 'studies_shared_failures.png', (await drawnRects(app.page)).below('run the study'),
    1200);

  const [download] = await Promise.all([app.page.waitForEvent('download'), clickNamed(app.page, 'save study report')]);
  assert.equal(download.suggestedFilename(), 'shared-failures-report.html');
  const html = fs.readFileSync(await download.path(), 'utf8');
  assert.match(html, /^<!DOCTYPE html>/i);
  assert.doesNotMatch(html, /<script[^>]+src=|<link[^>]+href=/i, 'no external asset');
  // Opened as a colleague would, from a file in a browser: no request but the file itself, every table and chart.
  const file = path.join(dir, 'sent-report.html');
  fs.writeFileSync(file, html);
  const reader = await app.context.newPage();
  const requests = [];
  reader.on('request', (r) => requests.push(r.url()));
  await reader.goto(`file://${file}`);
  assert.deepEqual(requests, [`file://${file}`]);
  const shown = await reader.evaluate(() => ({
    text: document.body.innerText, tables: document.querySelectorAll('table').length,
    charts: document.querySelectorAll('svg').length,
  }));
  for (const t of expected.tables) assert.ok(shown.text.includes(t.title), t.title);
  assert.equal(shown.tables, expected.tables.length + 1, 'one HTML table per report table, and the per-item rows');
  assert.equal(shown.charts, expected.charts.length);
  const shot = await reader.screenshot({ fullPage: false });
  fs.writeFileSync(path.join(artefactDir, 'studies_report_html.png'), shot);
  const view = reader.viewportSize();
  await reader.close();
  await app.page.bringToFront();  // a page in the background gets no animation frames: the app would stall
  // What the colleague sees is drawn: text and charts on the page's white (decoded in the app's page: the report's
  // own page allows no data: image).
  const seen = await pixelStats(app.page, shot, { x: 0, y: 0, w: view.width, h: view.height }, [255, 255, 255]);
  assert.ok(seen.notClear > 40000, `the report is drawn: ${JSON.stringify(seen)}`);
});

test('jqe-delta in the tab gives the CLI report (transitions, EX by joins and shapes)', async () => {
  const s = await runInTab({ study: 'jqe-delta', seeds: 'seeds.json', pred_seeds: 'pred_seeds.json',
    expansions: 'expanded.json', pred_expansions: 'pred_expansions.json' });
  assert.equal(s.error, '');
  const expected = cliReport('jqe-delta', '--seeds', path.join(dir, 'seeds.json'),
    '--expansions', path.join(dir, 'expanded.json'), '--pred-seeds', path.join(dir, 'pred_seeds.json'),
    '--pred-expansions', path.join(dir, 'pred_expansions.json'));
  assert.deepEqual(computed(s.report), computed(expected));
  const transitions = s.report.tables.find((t) => t.id === 'transitions');
  assert.ok(transitions, JSON.stringify(s.report.tables.map((t) => t.id)));
  await nextFrames(app.page);
  await expectTextDrawn(app.page, 'studies_jqe_delta.png', (await drawnRects(app.page)).below('run the study'), 2500);
});

test('mutation-sensitivity chosen by a click and run in the tab gives the CLI report (Table X)', async () => {
  await sendCommand(app.page, { do: 'show', tab: TAB });
  await clickNamed(app.page, 'study mutation-sensitivity');
  const chosen = await untilPanel(app.page, TAB, (x) => x.choice.study === 'mutation-sensitivity', 'the choice');
  assert.equal(chosen.choice.study, 'mutation-sensitivity');
  const s = await runInTab({ study: 'mutation-sensitivity', gold: 'gold.json', drop_equivalent: true });
  assert.equal(s.error, '');
  const expected = cliReport('mutation-sensitivity', '--gold', path.join(dir, 'gold.json'), '--drop-equivalent');
  assert.deepEqual(computed(s.report), computed(expected));
  const table = s.report.tables.find((t) => t.id === 'sensitivity');
  assert.equal(table.published.length, 15, 'the paper beside ours');
  assert.ok(s.report.items.rows.length > 0, 'one row per mutant');
  await nextFrames(app.page);
  await expectTextDrawn(app.page, 'studies_mutation.png', (await drawnRects(app.page)).below('run the study'), 6000);
});

test('refusals name what is wrong and run nothing', async () => {
  let s = await runInTab({ study: 'shared-failures', gold: 'gold.json', systems: ['A.sql'] });
  assert.match(s.error, /at least two prediction files/);
  assert.equal(s.report, undefined);
  s = await runInTab({ study: 'shared-failures', gold: 'A.sql', systems: ['B.sql', 'C.sql'] });
  assert.match(s.error, /the gold set 'A.sql' is a prediction file, not a gold set/);
  s = await runInTab({ study: 'jqe-delta', seeds: 'seeds.json', pred_seeds: 'pred_seeds.json',
    expansions: 'gold.json', pred_expansions: 'A.sql' });
  assert.match(s.error, /gold.json: item 0 has no jqe.seed_id/);
  s = await runInTab({ study: 'llm-tasks' });
  assert.match(s.error, /no model run yet: Run a model, choose the set and its formats, Preview and Confirm/);
  s = await runInTab({ study: 'synsql' });
  assert.match(s.error, /no synthesis has finished: Test databases > Synthesis, choose a gold set and a prediction set/);
  s = await runInTab({ study: 'denat-delta' });
  assert.match(s.error, /no de-naturalised variant's four settings are in the Sets tab/);
  s = await runInTab({ study: 'feature-space' });
  assert.match(s.error, /no clusters yet: Feature space > Clusters, choose a gold set and one or more prediction sets/);
  s = await runInTab({ study: 'retrieval' });
  assert.match(s.error, /no retrieval has run: run one in Run a model > Retrieval/);
  s = await runInTab({ study: 'shared-failure' });
  assert.match(s.error, /unknown study 'shared-failure'; the closest is 'shared-failures'/);
});

test('Predictions & metrics: the seeds pinned, the expansions delta EX by seed is what study jqe-delta counts', async () => {
  const METRICS = 'Predictions & metrics';
  await sendCommand(app.page, { do: 'show', tab: METRICS });
  await sendCommand(app.page, { do: 'evaluate', gold: 'seeds.json', pred: 'pred_seeds.json', semantics: 'bird' });
  await untilPanel(app.page, METRICS, (s) => s.done && s.label === 'seeds.json vs pred_seeds.json', 'the seeds', 60000);
  await clickNamed(app.page, 'pin baseline');  // a real click on the button
  await sendCommand(app.page, { do: 'evaluate', gold: 'expanded.json', pred: 'pred_expansions.json',
                                semantics: 'bird' });
  const m = await untilPanel(app.page, METRICS,
    (s) => s.done && s.label === 'expanded.json vs pred_expansions.json' && s.delta, 'the delta', 60000);
  const out = path.join(dir, 'cli-delta');
  const r = spawnSync(cli, ['study', 'jqe-delta', '--seeds', path.join(dir, 'seeds.json'),
    '--expansions', path.join(dir, 'expanded.json'), '--pred-seeds', path.join(dir, 'pred_seeds.json'),
    '--pred-expansions', path.join(dir, 'pred_expansions.json'), '--db-root', path.join(dir, 'db'), '--out', out],
  { encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  const { transitions } = JSON.parse(r.stdout);
  const d = m.delta;
  assert.equal(d.align, 'seed_id', JSON.stringify(d));
  assert.deepEqual({ plus: d.plus, minus: d.minus, zero_correct: d.zero_correct, zero_wrong: d.zero_wrong },
    { plus: transitions.plus, minus: transitions.minus, zero_correct: transitions.zero_correct,
      zero_wrong: transitions.zero_wrong });
  // By the fixture: 7 expansions of 4 seeds; seed 14's gold fails, so its expansion is counted apart, not as EX = 0.
  assert.deepEqual([d.n, d.plus, d.minus, d.zero_correct, d.zero_wrong, d.unscored, d.unmatched],
    [6, 1, 1, 2, 2, 1, 0]);
  await nextFrames(app.page);
  await expectTextDrawn(app.page, 'metrics_delta_by_seed.png', (await drawnRects(app.page)).below('Summary tab'), 7000);
});

test('a report.json of the CLI opens in the tab: the same tables, the radar drawn, refusals named', async () => {
  // chokepoint study llm-tasks against the loopback fake endpoint, on the sample set and its databases.
  const llm = await startFakeLlm(120000);
  try {
    copyDb(dir, 'movies');
    fs.writeFileSync(path.join(dir, 'model.json'), llm.config('fake-model'));
    const gold = path.join(path.dirname(cli), 'assets', 'sets', 'sample_dev.json');
    const out = path.join(dir, 'cli-llm-tasks');
    const r = spawnSync(cli, ['study', 'llm-tasks', '--gold', gold, '--db-root', path.join(dir, 'db'),
      '--llm-config', path.join(dir, 'model.json'), '--out', out, '--task', 'schema-linking', '--task', 'sql-to-text',
      '--link-method', 'presql', '--no-judge'], { encoding: 'utf8' });
    assert.equal(r.status, 0, r.stderr);
    const expected = JSON.parse(fs.readFileSync(path.join(out, 'report.json'), 'utf8'));
    await sendCommand(app.page, { do: 'show', tab: TAB });
    await app.page.setInputFiles('#chokepoint-file-input', path.join(out, 'report.json'));
    const s = await untilPanel(app.page, TAB, (x) => x.opened_from === 'report.json' && x.report, 'the report');
    assert.deepEqual(computed(s.report), computed(expected));
    assert.deepEqual(s.report.inputs, expected.inputs);
    assert.equal(s.report.charts[0].kind, 'radar');
    // The radar is drawn: scroll (a real wheel) until the whole of it is in the window, read from the page's layout.
    const { rect, whole } = await wheelChartIntoView(app.page, 'study-chart-tasks');
    assert.ok(whole && rect[2] > 300 && rect[3] > 300, `the radar is drawn whole: ${JSON.stringify(rect)}`);
    await nextFrames(app.page);
    // The report's tables are drawn, and in the radar's rectangle its rings, spokes and axis names (on the chart's
    // own background, the clear colour) and the model's series in blue.
    const at = await drawnRects(app.page);
    const { png } = await expectTextDrawn(app.page, 'studies_opened_report.png', at.panel, 7000);
    const radar = await pixelStats(app.page, png, at.at('study-chart-tasks'), [26, 28, 33]);
    assert.ok(radar.notClear > 5000 && radar.bright > 400 && radar.hues.blue > 150,
      `the radar: ${JSON.stringify(radar)}`);

    // A report with a chart kind this version does not know is refused, naming the file and the field; the shown
    // report stays.
    const bad = structuredClone(expected);
    bad.charts[0].kind = 'pie';
    fs.writeFileSync(path.join(dir, 'bad-report.json'), JSON.stringify(bad));
    await app.page.setInputFiles('#chokepoint-file-input', path.join(dir, 'bad-report.json'));
    await app.page.waitForFunction(() => JSON.parse(Module.ccall('chokepoint_notices_json', 'string', [], []))
      .some((n) => n.text.includes('bad-report.json: not a study report this version reads: chart 1: unknown kind')));
    const after = await untilPanel(app.page, TAB, () => true, 'the tab');
    assert.equal(after.opened_from, 'report.json');
  } finally {
    llm.kill();
  }
});

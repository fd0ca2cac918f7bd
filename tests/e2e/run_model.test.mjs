// Run a model from the page: the loopback LLM server, taught to answer the text-to-SQL prompts (three
// right, one wrong, one without SQL, one untaught), stands in for the endpoint. The privacy preview comes first and
// nothing is sent before Confirm (a real click); the answers become prediction sets in BIRD's format; the Metrics
// panel evaluates the first format at once and its EX is the one the fixture implies; after a reload the same run is
// answered by the replay store with zero new requests, and the format x model table (004 Table 3) is back with it.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { waitReady, repoRoot, sendCommand, panelState, nextFrames, clickAt, workspaceSettled, drawnRects,
  expectTextDrawn, pixelStats } from './browser.mjs';
import { openApp, closeAll } from './fixture.mjs';
import { startFakeLlm, useFakeLlm } from './llm_fixture.mjs';

let app, llm;
before(async () => {
  llm = await startFakeLlm(300000);
  app = await openApp();
});
after(() => closeAll({ app, llm }));

const RUN = 'Run a model';
const METRICS = 'Predictions & metrics';
const FORMATS = ['SimpleDDL-MD-Chat', 'DDL-Coding-Chat'];
const api = (p, body) => llm.api(p, body);
// The format x model table as the panel's state gives it, once nothing is left to score.
const tableDone = (s) => s.model_table && s.model_table.pending === 0 && s.model_table.rows &&
  s.model_table.rows.length > 0 && s.model_table.rows.some((r) => r.ex.some((x) => x !== null));
let tableAfterFirstRun = null;
const gold = JSON.parse(fs.readFileSync(path.join(repoRoot, 'assets/sets/sample_dev.json'), 'utf8')).slice(0, 6);

async function until(name, predicate, what, timeout = 60000) {
  const start = Date.now();
  for (;;) {
    const s = await panelState(app.page, name);
    if (predicate(s)) return s;
    if (Date.now() - start > timeout) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(s).slice(0, 1500)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

// Takes the screenshot `name` and checks that the tab drew over `minBright` text pixels under its tab row (its form of
// choices alone draws about 7,300), and its Confirm button with its label when `confirm`; returns the counts under the
// tab row.
async function expectRunDrawn(name, minBright, confirm) {
  const at = await drawnRects(app.page);
  const { png, drawn } = await expectTextDrawn(app.page, name, at.below('Text-to-SQL tab'), minBright);
  if (confirm) {
    const button = await pixelStats(app.page, png, at.at('Confirm and send'), [26, 28, 33]);
    assert.ok(button.bright > 100, `the Confirm button carries its label in ${name}: ${JSON.stringify(button)}`);
  }
  return drawn;
}

async function setUp() {
  await useFakeLlm(app.page, llm, 'fake-chat');
  await sendCommand(app.page, { do: 'show', tab: RUN });
  await sendCommand(app.page, { do: 'run_model', set: 'sample_dev.json', formats: FORMATS, limit: 6,
                                input_price: 1, output_price: 2 });
  return until(RUN, (s) => s.preview, 'the preview');
}

test('preview, confirm by a click, predictions scored by the Metrics panel with the EX the fixture implies', async () => {
  // Items 0-2 answered right (in a fence, with prose), 3 wrong, 4 without SQL, 5 not taught ("SELECT 1").
  await api('/sql', { answers: {
    [gold[0].question]: 'Here is the query:\n```sql\n' + gold[0].SQL + '\n```\nIt counts the molecules.',
    [gold[1].question]: 'SQL: ' + gold[1].SQL,
    [gold[2].question]: '```\n' + gold[2].SQL + ';\n```',
    [gold[3].question]: "SELECT element FROM atom WHERE molecule_id = 'TR000'",
    [gold[4].question]: 'I cannot answer this from the schema.',
  } });
  const before = await api('/stats');
  const p = await setUp();
  assert.equal(p.preview.calls, 12, '6 items x 2 formats');
  assert.equal(p.preview.network_calls, 12);
  assert.match(p.preview.destination, new RegExp(`127\\.0\\.0\\.1:${llm.port}`));
  assert.ok(p.preview.estimated_tokens > 0);
  assert.ok(p.preview.estimated_cost > 0, 'a cost at the prices given');
  for (const f of FORMATS) assert.ok(p.preview.first_prompt[f].includes(gold[0].question), `${f} shows its prompt`);
  assert.ok(p.preview.first_prompt['DDL-Coding-Chat'].includes('CREATE TABLE'), 'DDL in the Coding format');
  await nextFrames(app.page);
  await expectRunDrawn('run_model_preview.png', 10000, true);
  assert.equal((await api('/stats')).chat, before.chat, 'nothing is sent before Confirm');

  const box = await app.page.evaluate(() => JSON.parse(Module.ccall('chokepoint_app_json', 'string', [], [])).buttons);
  const confirm = box && box['Confirm and send'];
  assert.ok(confirm, `the Confirm button is on screen: ${JSON.stringify(box)}`);
  await clickAt(app.page, confirm[0] + confirm[2] / 2, confirm[1] + confirm[3] / 2);
  const done = await until(RUN, (s) => s.total === 12 && s.running === false && s.answered === 12, 'the run');
  assert.equal(done.ok, 10);
  assert.equal(done.no_sql, 2);
  assert.equal(done.llm_error, 0);
  assert.equal(done.gold, 'sample_dev.first6.json', 'the first 6 items are the gold they are scored against');
  assert.equal(done.usage.network_calls, 12);
  assert.deepEqual(done.published, FORMATS.map((f) => `sample_dev.${f}.pred.json`));
  assert.equal((await api('/stats')).chat - before.chat, 12);

  const m = await until(METRICS, (s) => s.done && s.label === 'sample_dev.first6.json vs sample_dev.SimpleDDL-MD-Chat.pred.json',
                        'the evaluation');
  assert.equal(m.total, 6);
  assert.equal(m.summary.ex, 50, `3 of 6 right: ${JSON.stringify(m.summary)}`);
  const table = (await until(RUN, tableDone, 'the format x model table')).model_table;
  assert.deepEqual(table.columns, ['fake-chat']);
  assert.deepEqual(table.rows, FORMATS.map((f) => ({ format: f, ex: [50] })), 'both formats got the same answers');
  tableAfterFirstRun = table;
  await sendCommand(app.page, { do: 'show', tab: RUN });
  await nextFrames(app.page);
  const drawn = await expectRunDrawn('run_model_done.png', 15000);
  assert.ok(drawn.hues.yellow > 3000, `the finished run's bar (yellow): ${JSON.stringify(drawn)}`);
});

test('after a reload the same run is answered by the replay store: zero new requests', async () => {
  await workspaceSettled(app.page);
  await app.page.reload();
  await waitReady(app);
  await sendCommand(app.page, { do: 'show', tab: RUN });
  const back = (await until(RUN, tableDone, 'the format x model table, back')).model_table;
  assert.deepEqual([back.gold, back.columns, back.rows],
                   [tableAfterFirstRun.gold, tableAfterFirstRun.columns, tableAfterFirstRun.rows],
                   'the table is back as it was before the reload');
  const before = await api('/stats');
  const p = await setUp();
  assert.equal(p.preview.network_calls, 0, 'every prompt is in the replay store');
  await sendCommand(app.page, { do: 'run_model_confirm' });
  const done = await until(RUN, (s) => s.answered === 12 && s.running === false, 'the replayed run');
  assert.equal(done.usage.replayed, 12);
  assert.equal(done.usage.network_calls, 0);
  assert.equal(done.ok, 10);
  assert.equal((await api('/stats')).chat, before.chat, 'no request reached the server');
});

test('the thirteenth format: a template of your own is checked, run, scored, and kept across a reload', async () => {
  await useFakeLlm(app.page, llm, 'fake-chat');
  await sendCommand(app.page, { do: 'show', tab: RUN });
  // An unknown variable is named and nothing is planned.
  await sendCommand(app.page, { do: 'run_model', set: 'sample_dev.json', formats: [], limit: 6,
                                template: { source: 'Tables: {{tables}}\n{{question}}', schema: 'DDL', postfix: 'Chat' } });
  const bad = await until(RUN, (s) => s.error !== '', 'the template error');
  assert.match(bad.error, /unknown variable \{\{tables\}\}/);
  assert.equal(bad.preview, undefined, 'no preview for a template that cannot be used');

  const source = 'Answer with one SQLite query.\nTables:\n{{schema}}\n### Question: {{question}}\n### SQL:{{completion}}';
  await sendCommand(app.page, { do: 'run_model', set: 'sample_dev.json', formats: [], limit: 6,
                                template: { source, schema: 'DDL', postfix: 'Chat' } });
  const p = await until(RUN, (s) => s.preview, 'the preview of the template');
  assert.equal(p.preview.calls, 6);
  const prompt = p.preview.first_prompt.Custom;
  assert.ok(prompt.startsWith('Answer with one SQLite query.\nTables:\nCREATE TABLE '), prompt);
  assert.ok(prompt.includes(`### Question: ${gold[0].question}`), 'the question, as the template places it');
  await nextFrames(app.page);
  await expectRunDrawn('run_model_template.png', 10000, true);
  await sendCommand(app.page, { do: 'run_model_confirm' });
  const done = await until(RUN, (s) => s.total === 6 && s.running === false && s.answered === 6, 'the run');
  assert.deepEqual(done.published, ['sample_dev.Custom.pred.json']);
  const m = await until(METRICS, (s) => s.done && s.label === 'sample_dev.first6.json vs sample_dev.Custom.pred.json',
                        'the evaluation');
  assert.equal(m.summary.ex, 50, 'the server answers the same questions as in the first test');

  await workspaceSettled(app.page);
  await app.page.reload();
  await waitReady(app);
  await sendCommand(app.page, { do: 'show', tab: RUN });
  await nextFrames(app.page);
  const kept = await panelState(app.page, RUN);
  assert.equal(kept.template.use, true, 'still chosen after a reload');
  assert.equal(kept.template.source, source);
  assert.deepEqual(kept.template.problems, []);
});

test('a reload in the middle of a run keeps every answer received; after Confirm only the rest is asked for', async () => {
  // A slow model, one call at a time, so the page reloads with some answers in and others not.
  await useFakeLlm(app.page, llm, 'slow-700', { concurrency: 1 });
  await sendCommand(app.page, { do: 'show', tab: RUN });
  await sendCommand(app.page, { do: 'run_model', set: 'sample_dev.json', formats: ['SimpleDDL-MD-Chat'], limit: 6,
                                template: false });
  const p = await until(RUN, (s) => s.preview, 'the preview');
  assert.equal(p.preview.network_calls, 6, 'a model not asked before: every prompt is sent');
  await sendCommand(app.page, { do: 'run_model_confirm' });
  await until(RUN, (s) => s.answered >= 2, 'two answers', 30000);
  await workspaceSettled(app.page);
  const before = await panelState(app.page, RUN);
  assert.ok(before.answered < 6, `the run is still going when the page reloads (${before.answered} of 6)`);

  await app.page.reload();
  await waitReady(app);
  await sendCommand(app.page, { do: 'show', tab: RUN });
  const back = await until(RUN, (s) => s.preview && s.interrupted !== '', 'the interrupted run, back');
  const kept = back.answered;
  assert.ok(kept >= before.answered, `every answer received before the reload is kept (${kept} >= ${before.answered})`);
  assert.ok(kept < 6);
  assert.equal(back.usage.network_calls, 0, 'nothing was sent to take them back');
  assert.equal(back.usage.replayed, kept);
  assert.equal(back.preview.calls, 6 - kept, 'the preview lists only what is missing');
  assert.equal(back.preview.network_calls, 6 - kept);
  assert.match(back.interrupted, new RegExp(`^A reload interrupted this run: ${kept} of 6 answers had arrived`));
  assert.deepEqual([back.source, back.limit, back.formats], ['sample_dev.json', 6, ['SimpleDDL-MD-Chat']],
                   'the choices came back with it');
  await nextFrames(app.page);
  const interrupted = await expectRunDrawn('run_model_interrupted.png', 10000, true);
  assert.ok(interrupted.hues.yellow > 1200, `the interruption is said (orange): ${JSON.stringify(interrupted)}`);
  // Calls the page sent before the reload may still reach the server: let them land before counting.
  await new Promise((r) => setTimeout(r, 1500));
  const sentBefore = (await api('/stats')).chat;

  const box = await app.page.evaluate(() => JSON.parse(Module.ccall('chokepoint_app_json', 'string', [], [])).buttons);
  const confirm = box['Confirm and send'];
  assert.ok(confirm, 'the Confirm button is on screen');
  await clickAt(app.page, confirm[0] + confirm[2] / 2, confirm[1] + confirm[3] / 2);
  const done = await until(RUN, (s) => s.answered === 6 && s.running === false, 'the rest of the run', 60000);
  assert.equal(done.usage.network_calls, 6 - kept);
  assert.equal((await api('/stats')).chat - sentBefore, 6 - kept, 'the server was asked only for the rest');
  // The same answers as the first test's run (the server answers by question): 5 with SQL, 1 without.
  assert.deepEqual([done.ok, done.no_sql, done.llm_error], [5, 1, 0]);
  const label = 'sample_dev.first6.json vs sample_dev.SimpleDDL-MD-Chat.pred.json';
  const m = await until(METRICS, (s) => s.done && s.label === label, 'the evaluation');
  assert.equal(m.summary.ex, 50);

  // Another reload: the finished run's sets and its evaluation are back from the workspace, and nothing is sent.
  await workspaceSettled(app.page);
  const sentDone = (await api('/stats')).chat;
  await app.page.reload();
  await waitReady(app);
  await sendCommand(app.page, { do: 'show', tab: RUN });
  const finished = await until(RUN, (s) => s.published.length === 1, 'the finished run, back');
  assert.deepEqual(finished.published, ['sample_dev.SimpleDDL-MD-Chat.pred.json']);
  assert.equal(finished.gold, 'sample_dev.first6.json');
  assert.equal(finished.interrupted, '');
  const again = await until(METRICS, (s) => s.done && s.label === label, 'the evaluation, back');
  assert.equal(again.summary.ex, 50);
  assert.deepEqual(again.stale, []);
  const table = (await until(RUN, tableDone, 'the format x model table, back')).model_table;
  // A column per model of the page's runs; this run's model asked only SimpleDDL-MD-Chat, so its other cells are empty.
  assert.deepEqual(table.columns, ['fake-chat', 'slow-700']);
  assert.deepEqual(table.rows.find((r) => r.format === 'SimpleDDL-MD-Chat'), { format: 'SimpleDDL-MD-Chat', ex: [50, 50] });
  assert.deepEqual(table.rows.find((r) => r.format === 'DDL-Coding-Chat'), { format: 'DDL-Coding-Chat', ex: [50, null] });
  assert.equal((await api('/stats')).chat, sentDone, 'no request after the reload');
  await nextFrames(app.page);
  await expectRunDrawn('run_model_kept.png', 9500);
});

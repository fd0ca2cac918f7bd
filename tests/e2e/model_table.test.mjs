// 004 Table 3 in the app: two model runs on the same first four items of the sample set, with a
// different model chosen in the LLM tab before each, fill a format x model table of EX in BIRD semantics. The
// loopback server is taught other answers before the second run, so each column holds the EX its run's answers
// imply (2 of 4 right, then 3 of 4); a run on another number of items starts a new table.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';

import { repoRoot, sendCommand, nextFrames, untilPanel, drawnRects, expectTextDrawn } from './browser.mjs';
import { openApp, closeAll } from './fixture.mjs';
import { startFakeLlm, useFakeLlm } from './llm_fixture.mjs';

let app, llm;
before(async () => {
  llm = await startFakeLlm(300000);
  app = await openApp();
});
after(() => closeAll({ app, llm }));

const until = (predicate, what, timeout) => untilPanel(app.page, RUN, predicate, what, timeout);

const RUN = 'Run a model';
const FORMATS = ['SimpleDDL-MD-Chat', 'DDL-HTML-Complete'];
const api = (p, body) => llm.api(p, body);
const gold = JSON.parse(fs.readFileSync(path.join(repoRoot, 'assets/sets/sample_dev.json'), 'utf8')).slice(0, 4);

// Teaches right answers for the first `right` items and a wrong query for the others. The same whole query answers
// both formats: a Complete answer that already starts with SELECT is read as it is (core/llm/sql_answer.h).
async function teach(right) {
  const answers = {};
  gold.forEach((g, i) => {
    answers[g.question] = i < right ? g.SQL : "SELECT 'wrong'";
  });
  await api('/sql', { answers });
}

async function run(model, limit = 4) {
  await useFakeLlm(app.page, llm, model);
  await sendCommand(app.page, { do: 'show', tab: RUN });
  await sendCommand(app.page, { do: 'run_model', set: 'sample_dev.json', formats: FORMATS, limit });
  await until((s) => s.preview, 'the preview');
  await sendCommand(app.page, { do: 'run_model_confirm' });
  return until((s) => s.running === false && s.answered === FORMATS.length * limit && s.model_table?.pending === 0 &&
    s.model_table.columns.includes(model) && s.model_table.rows.every((r) => r.ex[s.model_table.columns.indexOf(model)] !== null),
  `the run of ${model} and its cells`);
}

test('two models fill a format x model table with the EX their answers imply', async () => {
  await teach(2);
  const first = await run('fake-a');
  assert.deepEqual(first.model_table.columns, ['fake-a']);
  assert.equal(first.model_table.gold, 'sample_dev.first4.json');
  await teach(3);
  const second = await run('fake-b');
  const t = second.model_table;
  assert.equal(t.semantics, 'bird');
  assert.deepEqual(t.columns, ['fake-a', 'fake-b']);
  const cells = Object.fromEntries(t.rows.map((r) => [r.format, r.ex]));
  assert.deepEqual(cells['SimpleDDL-MD-Chat'], [50, 75]);
  assert.deepEqual(cells['DDL-HTML-Complete'], [50, 75]);
  await nextFrames(app.page);
  // Under the tab's form (about 7,000 text pixels alone) the run's full progress bar (yellow), its predictions, the
  // format x model table and the answers are drawn.
  const { drawn } = await expectTextDrawn(app.page, 'model_table.png',
    (await drawnRects(app.page)).below('Text-to-SQL tab'), 15000);
  assert.ok(drawn.hues.yellow > 3000, `the finished run's bar: ${JSON.stringify(drawn)}`);

  // Another number of items is another gold: a new table.
  const third = await run('fake-a', 2);
  assert.equal(third.model_table.gold, 'sample_dev.first2.json');
  assert.deepEqual(third.model_table.columns, ['fake-a']);
});

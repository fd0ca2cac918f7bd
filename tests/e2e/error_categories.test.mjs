// The Errors tab's model classifier against the loopback LLM server, taught the answers of
// tests/llm_server/cli_errors_llm.test.mjs: a real click on "Ask a model..." opens the preview and sends nothing;
// after a click on Confirm only the Result Errors the rules left to condition_filter or data_processing were asked,
// the counts and each item's category and deciding source equal what `chokepoint errors --llm-config` reports on
// the same files against the same server; asking again sends nothing (the decided items are not asked twice).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { sendCommand, untilPanel, uploadSet, clickNamed, drawnRects, expectTextDrawn } from './browser.mjs';
import { cli, tempDir, copyDb, writeBirdPredictions, openApp, closeAll } from './fixture.mjs';
import { startFakeLlm, useFakeLlm } from './llm_fixture.mjs';

const METRICS = 'Predictions & metrics';
const CASES = [
  ["SELECT COUNT(*) FROM atom WHERE element = 'cl'", 'SELECT COUNT(*) FROM bond'],
  ["SELECT element FROM atom WHERE molecule_id = 'TR000'", "SELECT atom_id FROM atom WHERE molecule_id = 'TR000'"],
  ["SELECT COUNT(*) FROM atom WHERE element = 'cl'", "SELECT COUNT(*) FROM atom WHERE element = 'h'"],
  ['SELECT COUNT(DISTINCT element) FROM atom', 'SELECT COUNT(element) FROM atom'],
  ['SELECT MIN(element) FROM atom', 'SELECT MAX(element) FROM atom'],
  ['SELECT COUNT(*) FROM atom', 'SELECT COUNT(*) FROM atoms'],
  ['SELECT COUNT(*) FROM bond', 'SELECT COUNT(*) FROM bond'],
];
// Item 2 agrees with the rule, item 3 disagrees, item 4 is unreadable.
const TAUGHT = {
  [`The query with the mistake:\n${CASES[2][1]}\n`]: '**Condition Filter**: it counts hydrogen, not chlorine.',
  [`The query with the mistake:\n${CASES[3][1]}\n`]: 'condition_filter\nDuplicate elements should be filtered out.',
  [`The query with the mistake:\n${CASES[4][1]}\n`]: 'Both queries look fine to me.',
};

let app, llm, dir;

before(async () => {
  llm = await startFakeLlm(300000);
  await llm.teach(TAUGHT);
  dir = tempDir('chokepoint-categories-');
  fs.writeFileSync(path.join(dir, 'cat_gold.json'), JSON.stringify(CASES.map(([g], i) => ({
    question_id: i, db_id: 'toxicology', question: `Question ${i}?`, evidence: '', SQL: g })), null, 1));
  writeBirdPredictions(path.join(dir, 'cat_pred.json'), CASES.map(([, p]) => p));
  copyDb(dir, 'toxicology');
  fs.writeFileSync(path.join(dir, 'llm.json'), llm.config('fake-classifier', { temperature: 0 }));
  app = await openApp();
});
after(() => closeAll({ app, llm, dir }));

const until = (predicate, what, timeout) => untilPanel(app.page, METRICS, predicate, what, timeout);
const upload = (name) => uploadSet(app.page, path.join(dir, name));
const click = (name) => clickNamed(app.page, name);

test('the model decides condition filter vs data processing from the page as the CLI does', async () => {
  await upload('cat_gold.json');
  await upload('cat_pred.json');
  await sendCommand(app.page, { do: 'show', tab: METRICS });
  await sendCommand(app.page, { do: 'evaluate', gold: 'cat_gold.json', pred: 'cat_pred.json', semantics: 'bird' });
  const rules = await until((s) => s.done && s.errors?.complete, 'the rules');
  assert.deepEqual(rules.errors.counts, { condition_filter: 1, data_processing: 2, column_selection: 1, table_query: 1,
    'no such table': 1 });
  await useFakeLlm(app.page, llm, 'fake-classifier');
  const before = (await llm.stats()).chat;
  await click('Errors tab');
  await click('ask error categories');
  const previewed = await until((s) => s.error_category?.preview, 'the preview');
  assert.equal(previewed.error_category.preview.calls, 3, 'only the condition_filter and data_processing items');
  assert.equal((await llm.stats()).chat, before, 'nothing is sent before Confirm');
  await click('error categories confirm');
  const s = await until((x) => x.error_category?.done, 'the answers');
  assert.equal((await llm.stats()).chat, before + 3);
  assert.deepEqual(s.error_category.outcomes, { agreed: 1, changed: 1, unreadable: 1, no_answer: 0 });
  // The outcome and the failed items with their categories are drawn under the button.
  await expectTextDrawn(app.page, 'error_categories.png', (await drawnRects(app.page)).below('ask error categories'));

  const out = path.join(dir, 'errors.json');
  const r = spawnSync(cli, ['errors', '--gold', path.join(dir, 'cat_gold.json'), '--pred', path.join(dir, 'cat_pred.json'),
    '--db-root', path.join(dir, 'db'), '--llm-config', path.join(dir, 'llm.json'), '--out', out], { encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  const report = JSON.parse(fs.readFileSync(out, 'utf8'));
  const viaCli = Object.fromEntries(report.items.map((i) => [String(i.id), [i.kind, i.decided_by]]));
  const inApp = Object.fromEntries(s.errors.items.map((i) => [String(i.id), [i.kind, i.decided_by]]));
  assert.deepEqual(inApp, viaCli);
  assert.equal(inApp['3'][0], 'condition_filter', 'the model changed item 3');
  assert.equal(inApp['4'][1], 'rule', 'the unreadable answer left the rule');
  assert.ok(s.errors.items.find((i) => i.id === '3').evidence.some((line) => /LLM \(fake-classifier\)/.test(line)));

  // Asking again: the decided items are not asked, the unreadable one is, from the replay store.
  const mid = (await llm.stats()).chat;
  await sendCommand(app.page, { do: 'error_categories' });
  const again = await until((x) => x.error_category?.preview, 'the second preview');
  assert.equal(again.error_category.preview.calls, 1);
  assert.equal(again.error_category.preview.network_calls, 0);
  await sendCommand(app.page, { do: 'error_categories_confirm' });
  await until((x) => x.error_category?.done, 'the second answers');
  assert.equal((await llm.stats()).chat, mid, 'no request reached the server');
});

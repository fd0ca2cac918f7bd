// Schema linking in the Run a model panel against the loopback LLM server, taught the
// answers of tests/llm_server/cli_link.test.mjs: a real click opens its tab; nothing is
// sent before Confirm; RES, Subset and Exact Match and every item's gold and retrieved tables equal what `chokepoint
// link` reports on the same set and server, for zero-shot with a top-k cut and for few-shot + PreSQL; each finished
// run adds a row; a second run of the same method is answered by the replay store.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { sendCommand, untilPanel, uploadSet, clickNamed, drawnRects, expectTextDrawn } from './browser.mjs';
import { cli, tempDir, copyDb, openApp, closeAll } from './fixture.mjs';
import { startFakeLlm, useFakeLlm } from './llm_fixture.mjs';
import { LINK_ITEMS as ITEMS, linkAnswers } from '../llm_server/shared_cases.mjs';

const PANEL = 'Run a model';
let app, llm, dir;

before(async () => {
  llm = await startFakeLlm(300000);
  const { answers, sql } = linkAnswers();
  await llm.teach(answers);
  await llm.teachSql(sql);
  dir = tempDir('chokepoint-linking-view-');
  fs.writeFileSync(path.join(dir, 'link_dev.json'), JSON.stringify(ITEMS.map(([q, g], i) => ({
    question_id: i, db_id: 'toxicology', question: q, evidence: '', SQL: g }))));
  copyDb(dir, 'toxicology');
  fs.writeFileSync(path.join(dir, 'llm.json'), llm.config('fake-linker', { temperature: 0 }));
  app = await openApp();
});
after(() => closeAll({ app, llm, dir }));

const until = (predicate, what, timeout) => untilPanel(app.page, PANEL, predicate, what, timeout);
const viaCli = (extra) => {
  const out = path.join(dir, `link_${extra.join('_').replace(/\W/g, '')}.json`);
  const r = spawnSync(cli, ['link', '--set', path.join(dir, 'link_dev.json'), '--db-root', path.join(dir, 'db'), '--out',
    out, '--llm-config', path.join(dir, 'llm.json'), ...extra], { encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  return { summary: JSON.parse(r.stdout), items: JSON.parse(fs.readFileSync(out, 'utf8')).items };
};

test('schema linking from the page: preview, Confirm, the CLI\'s scores per method, a row per run', async () => {
  await uploadSet(app.page, path.join(dir, 'link_dev.json'));
  await useFakeLlm(app.page, llm, 'fake-linker');
  await sendCommand(app.page, { do: 'show', tab: PANEL });
  const before = (await llm.stats()).chat;
  await clickNamed(app.page, 'Schema linking tab');
  await sendCommand(app.page, { do: 'link_run', method: 'zero-shot', top_k: 2, set: 'link_dev.json' });
  const previewed = (await until((s) => s.linking?.preview, 'the linking preview')).linking.preview;
  assert.equal(previewed.calls, 3);
  assert.equal((await llm.stats()).chat, before, 'nothing is sent before Confirm');
  await clickNamed(app.page, 'link confirm');
  const zero = (await until((s) => s.linking?.done, 'the zero-shot scores')).linking;
  // The scores and the items are drawn under the button, each retrieved table coloured by the gold query: green
  // used, red not used (both occur here).
  const one = (await expectTextDrawn(app.page, 'linking_view.png',
    (await drawnRects(app.page)).below('link tables'), 2000)).drawn;
  assert.ok(one.hues.green > 150 && one.hues.red > 250, `the tables are coloured: ${JSON.stringify(one)}`);
  const cliZero = viaCli(['--method', 'zero-shot', '--top-k', '2']);
  for (const k of ['scored', 'res', 'subset_match', 'exact_match', 'column_recall', 'column_precision'])
    assert.ok(Math.abs(zero.summary[k] - cliZero.summary[k]) < 1e-12, `${k}: ${zero.summary[k]} vs ${cliZero.summary[k]}`);
  assert.deepEqual(zero.items.map((i) => [i.id, i.outcome, i.gold_tables, i.retrieved_tables]),
                   cliZero.items.map((i) => [String(i.id), i.outcome, i.gold_tables, i.retrieved_tables]));
  assert.deepEqual(zero.items[0].retrieved_tables, ['atom', 'molecule'], 'the top-2 cut');

  await sendCommand(app.page, { do: 'link_run', method: 'few-shot+presql' });
  await until((s) => s.linking?.preview, 'the second preview');
  await sendCommand(app.page, { do: 'link_confirm' });
  const both = (await until((s) => s.linking?.done && s.linking.rows.length === 2, 'the few-shot + PreSQL scores')).linking;
  const cliBoth = viaCli(['--method', 'few-shot+presql']);
  for (const k of ['res', 'subset_match', 'exact_match', 'column_recall'])
    assert.ok(Math.abs(both.summary[k] - cliBoth.summary[k]) < 1e-12, k);
  assert.deepEqual(both.rows.map((r) => [r.method, r.top_k]), [['zero-shot', 2], ['few-shot+presql', 0]]);
  const two = (await expectTextDrawn(app.page, 'linking_view_rows.png',
    (await drawnRects(app.page)).below('link tables'), 2500)).drawn;
  assert.ok(two.hues.green > 150 && two.hues.red > 80, `the tables are coloured: ${JSON.stringify(two)}`);

  // The same method again: every prompt is in the page's replay store.
  const mid = (await llm.stats()).chat;
  await sendCommand(app.page, { do: 'link_run', method: 'zero-shot', top_k: 2 });
  const again = (await until((s) => s.linking?.preview, 'the third preview')).linking.preview;
  assert.equal(again.network_calls, 0);
  await sendCommand(app.page, { do: 'link_confirm' });
  const replayed = (await until((s) => s.linking?.done && s.linking.rows.length === 3, 'the replayed run')).linking;
  assert.equal(replayed.summary.res, zero.summary.res);
  assert.equal((await llm.stats()).chat, mid, 'no request reached the server');
});

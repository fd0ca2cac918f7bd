// The SQL-to-Text tab against the loopback LLM server, taught a question per predicted query
// and a True/False per pair of questions (the cases of tests/llm_server/cli_describe.test.mjs): real clicks on the
// tab, "Describe..." and "Confirm and send"; nothing is sent before Confirm; ROUGE, the judge per order and the check
// of predictions equal what `chokepoint describe` reports on the same files against the same server; after a reload
// the same run is answered by the replay store with no new request.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { waitReady, sendCommand, workspaceSettled, untilPanel, clickNamed, drawnRects, expectTextDrawn,
  pixelStats } from './browser.mjs';
import { cli, tempDir, copyDb, writeBirdPredictions, openApp, closeAll, evaluateSets, METRICS } from './fixture.mjs';
import { startFakeLlm, useFakeLlm } from './llm_fixture.mjs';
import { DESCRIBE_CASES as CASES, describeAnswers } from '../llm_server/shared_cases.mjs';

let app, llm, dir;

before(async () => {
  llm = await startFakeLlm(300000);
  await llm.teach(describeAnswers());
  dir = tempDir('chokepoint-describe-view-');
  fs.writeFileSync(path.join(dir, 'describe_gold.json'), JSON.stringify(CASES.map(([q, g], i) => ({
    question_id: i, db_id: 'toxicology', question: q, evidence: i === 0 ? 'cl means chlorine' : '', SQL: g })), null, 1));
  writeBirdPredictions(path.join(dir, 'describe_pred.json'), CASES.map(([, , p]) => p));
  copyDb(dir, 'toxicology');
  fs.writeFileSync(path.join(dir, 'llm.json'), llm.config('fake-describer', { temperature: 0 }));
  app = await openApp();
});
after(() => closeAll({ app, llm, dir }));

const until = (predicate, what, timeout) => untilPanel(app.page, METRICS, predicate, what, timeout);
// Takes the screenshot `name` and checks that the tab drew under its buttons (the preview, or the scores) at least
// `minBright` text pixels; returns the screenshot and where things were drawn.
async function expectDrawnUnderButtons(name, minBright) {
  const at = await drawnRects(app.page);
  return { at, ...(await expectTextDrawn(app.page, name, at.below('describe embeddings'), minBright)) };
}

async function evaluated() {
  await evaluateSets(app.page, dir, 'describe_gold.json', 'describe_pred.json');
  await useFakeLlm(app.page, llm, 'fake-describer');
}

test('SQL-to-Text from the page: preview, Confirm, the CLI\'s scores, and a replay after a reload', async () => {
  await evaluated();
  const before = (await llm.stats()).chat;
  await clickNamed(app.page, 'SQL-to-Text tab');
  await clickNamed(app.page, 'describe queries');
  const previewed = await until((s) => s.describe?.preview, 'the preview');
  assert.deepEqual([previewed.describe.preview.calls, previewed.describe.preview.judge_calls_at_most], [5, 10]);
  assert.match(previewed.describe.preview.destination, new RegExp(`127\\.0\\.0\\.1:${llm.port}`));
  assert.equal((await llm.stats()).chat, before, 'nothing is sent before Confirm');
  const shown = await expectDrawnUnderButtons('describe_preview.png', 5000);
  const confirm = await pixelStats(app.page, shown.png, shown.at.at('describe confirm'), [26, 28, 33]);
  assert.ok(confirm.bright > 100, `the Confirm button carries its label: ${JSON.stringify(confirm)}`);
  await clickNamed(app.page, 'describe confirm');
  const s = (await until((x) => x.describe?.done, 'the descriptions and verdicts')).describe;
  assert.equal((await llm.stats()).chat, before + 5 + 8, '5 descriptions, 2 verdicts for each of 4 questions');
  await expectDrawnUnderButtons('describe_view.png', 5000);

  const out = path.join(dir, 'describe.json');
  const r = spawnSync(cli, ['describe', '--gold', path.join(dir, 'describe_gold.json'), '--pred',
    path.join(dir, 'describe_pred.json'), '--db-root', path.join(dir, 'db'), '--llm-config', path.join(dir, 'llm.json'),
    '--out', out], { encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  const viaCli = JSON.parse(r.stdout);
  assert.deepEqual([s.summary.n, s.summary.described, s.summary.unreadable],
                   [viaCli.n, viaCli.described, viaCli.unreadable]);
  assert.deepEqual(s.summary.rouge, viaCli.rouge);
  for (const k of ['forward', 'backward', 'average', 'unreadable']) assert.equal(s.summary.judge[k], viaCli.judge[k], k);
  assert.deepEqual(s.summary.check, viaCli.check);
  assert.equal(s.summary.check.different_both.precision, 50);
  const cliItems = JSON.parse(fs.readFileSync(out, 'utf8')).items;
  assert.deepEqual(s.items.map((i) => [i.id, i.generated, i.same_forward, i.same_backward, i.ex]),
                   cliItems.map((i) => [i.id, i.generated, i.same_forward, i.same_backward, i.ex]));

  // A reload: the same run comes from the workspace's replay store.
  await workspaceSettled(app.page);
  const mid = (await llm.stats()).chat;
  await app.page.reload();
  await waitReady(app);
  await evaluated();
  await sendCommand(app.page, { do: 'describe_run' });
  const again = await until((x) => x.describe?.preview, 'the second preview');
  assert.equal(again.describe.preview.network_calls, 0, 'every describe prompt is in the replay store');
  await sendCommand(app.page, { do: 'describe_confirm' });
  const replayed = (await until((x) => x.describe?.done, 'the replayed run')).describe;
  assert.deepEqual(replayed.summary.check, s.summary.check);
  assert.deepEqual(replayed.summary.usage, { network_calls: 0, replayed: 13 });
  assert.equal((await llm.stats()).chat, mid, 'no request reached the server');
});

test('SQL-to-Text with the embedding cosine: a click turns it on, the CLI\'s cosines, replayed after a reload', async () => {
  // The page of the test above: evaluated, its describe and judge answers in the replay store.
  const before = await llm.stats();
  await clickNamed(app.page, 'SQL-to-Text tab');
  await clickNamed(app.page, 'describe embeddings');
  await clickNamed(app.page, 'describe queries');
  const previewed = (await until((s) => s.describe?.preview, 'the preview with embeddings')).describe.preview;
  assert.equal(previewed.embedding_texts_at_most, 10, 'both questions of each of 5 queries at most');
  assert.equal((await llm.stats()).embeddings, before.embeddings, 'nothing is sent before Confirm');
  await clickNamed(app.page, 'describe confirm');
  const s = (await until((x) => x.describe?.done, 'the cosines')).describe;
  const after = await llm.stats();
  assert.equal(after.chat, before.chat, 'descriptions and verdicts come from the replay store');
  assert.ok(after.embeddings > before.embeddings, 'the vectors were fetched from the endpoint');
  assert.equal(s.summary.cosine_items, 4, 'the 4 described items');
  assert.match(s.summary.cosine_label, /endpoint embeddings: fake-describer \(not BERTScore\)/);
  await expectDrawnUnderButtons('describe_embeddings.png', 5000);

  const out = path.join(dir, 'describe_embed.json');
  const r = spawnSync(cli, ['describe', '--gold', path.join(dir, 'describe_gold.json'), '--pred',
    path.join(dir, 'describe_pred.json'), '--db-root', path.join(dir, 'db'), '--llm-config', path.join(dir, 'llm.json'),
    '--embedding-model', 'fake-describer', '--out', out], { encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  const viaCli = JSON.parse(r.stdout);
  assert.ok(Math.abs(s.summary.cosine - viaCli.cosine) < 1e-12, `${s.summary.cosine} vs ${viaCli.cosine}`);
  assert.equal(s.summary.cosine_items, viaCli.cosine_items);
  const cliItems = JSON.parse(fs.readFileSync(out, 'utf8')).items;
  assert.deepEqual(s.items.map((i) => [i.id, i.cosine === undefined ? null : Math.round(i.cosine * 1e9)]),
                   cliItems.map((i) => [i.id, i.cosine === undefined ? null : Math.round(i.cosine * 1e9)]));
  // Different pairs of questions give different cosines: the value is not a constant.
  assert.ok(new Set(s.items.filter((i) => i.cosine !== undefined).map((i) => i.cosine)).size > 1);

  await workspaceSettled(app.page);
  const mid = await llm.stats();
  await app.page.reload();
  await waitReady(app);
  await evaluated();
  await sendCommand(app.page, { do: 'describe_run', embeddings: true });
  await until((x) => x.describe?.preview, 'the preview after the reload');
  await sendCommand(app.page, { do: 'describe_confirm' });
  const replayed = (await until((x) => x.describe?.done, 'the replayed cosines')).describe;
  assert.equal(replayed.summary.cosine, s.summary.cosine);
  assert.equal(replayed.summary.embeddings.network_calls, 0);
  assert.ok(replayed.summary.embeddings.replayed >= 7, 'the 7 distinct questions (items 0 and 1 share theirs)');
  const end = await llm.stats();
  assert.deepEqual([end.chat, end.embeddings], [mid.chat, mid.embeddings], 'no request reached the server');
});

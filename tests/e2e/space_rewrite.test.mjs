// Question rewriting (003 Appendix H) in the Feature space panel's Estimator view, against the loopback LLM server.
// A set where the model fails every counting question and gets every listing one right, so the estimator has
// negative features to rewrite around; the estimate, then "Rewrite..." for the held-out items it expects to fail.
// The rewriter is taught one rewritten question per item, and the text-to-SQL answer on each rewrite is the gold
// query, except for every eighth item, which gets a wrong one. Nothing is sent before Confirm; Acc@1, Acc@3, Table 4 and every
// rewrite's state and EX equal `chokepoint space estimate` then `space rewrite --estimate` on the same files,
// databases, lexicon and server; a second run is answered by the replay store. The Studies tab then lays the run out
// as SQLSpace Tables 3 and 4, as `chokepoint study feature-space --rewrite` does from the CLI's report.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { artefactDir, repoRoot, sendCommand, untilPanel, uploadSet, clickNamed, nextFrames, pixelStats, expectTextDrawn, waitReady, workspaceSettled } from './browser.mjs';
import { cli, copyDb, tempDir, openApp, closeAll, writeBirdPredictions, runStudyInTab } from './fixture.mjs';
import { startFakeLlm, useFakeLlm } from './llm_fixture.mjs';

const PANEL = 'Feature space';
const LEXICON = path.join(repoRoot, 'build', 'native', 'assets', 'lexicon', 'wordnet.lex');
const molecule = (k) => `TR0${String(k).padStart(2, '0')}`;
const ELEMENTS = ['cl', 'h', 'o'];
// 30 counting questions and 30 listing ones, interleaved. The model answers the gold to the listing ones and 0 to
// the counting ones, which is right where the molecule has no atom of that element: the estimator learns which kind
// fails, with the exceptions the data gives, so that it leans on the features.
const gold = [];
for (let k = 0; k < 30; k++) {
  const m = molecule(k % 10), el = ELEMENTS[Math.floor(k / 10)];
  gold.push({ question: `How many atoms of molecule ${m} have element ${el}?`,
    SQL: `SELECT COUNT(*) FROM atom WHERE molecule_id = '${m}' AND element = '${el}'`, wrong: true });
  gold.push({ question: `List the bond ids of molecule ${molecule(k)}.`,
    SQL: `SELECT bond_id FROM bond WHERE molecule_id = '${molecule(k)}'`, wrong: false });
}
// "number 1 please" is not part of "number 10 please": each rewrite is found by its own text.
const rewriteOf = (i) => `Tell me, rewritten question number ${i} please`;

let app, llm, dir;
let studyExpected;  // the CLI's feature-space study with the rewriting run, once the second test made it

before(async () => {
  llm = await startFakeLlm(300000);
  await llm.teach(Object.fromEntries(gold.map((g, i) => [g.question, `\`\`\`\n${rewriteOf(i)}\n\`\`\``])));
  await llm.teachSql(Object.fromEntries(gold.map((g, i) => [rewriteOf(i), i % 8 === 0 ? 'SELECT -1' : g.SQL])));
  dir = tempDir('chokepoint-space-rewrite-');
  copyDb(dir, 'toxicology');
  fs.writeFileSync(path.join(dir, 'rw_dev.json'), JSON.stringify(gold.map((g, i) => ({
    question_id: i, db_id: 'toxicology', question: g.question, evidence: '', SQL: g.SQL }))));
  writeBirdPredictions(path.join(dir, 'rw_pred.json'), gold.map((g) => (g.wrong ? 'SELECT 0' : g.SQL)));
  fs.writeFileSync(path.join(dir, 'llm.json'), llm.config('fake-rewriter', { temperature: 0 }));
  app = await openApp();
});
after(() => closeAll({ app, llm, dir }));

const until = (predicate, what, timeout = 120000) => untilPanel(app.page, PANEL, predicate, what, timeout);

test('rewriting from the Estimator view equals chokepoint space rewrite, and a rerun is replayed', async () => {
  await uploadSet(app.page, path.join(dir, 'rw_dev.json'));
  await uploadSet(app.page, path.join(dir, 'rw_pred.json'));
  await useFakeLlm(app.page, llm, 'fake-rewriter');
  await sendCommand(app.page, { do: 'show', tab: PANEL });
  await clickNamed(app.page, 'Estimator tab');
  let s = await until((x) => true, 'the panel');
  assert.match(s.rewrite.error, /^$/);
  await sendCommand(app.page, { do: 'space_rewrite' });
  s = await until((x) => x.rewrite.error !== '', 'the refusal');
  assert.match(s.rewrite.error, /estimate first/);

  await sendCommand(app.page, { do: 'space_estimate', set: 'rw_dev.json', model: 'rw_pred.json', trees: 50,
                                seed: 0, online: false });
  await until((x) => x.estimate, 'the estimate');
  const before = (await llm.stats()).chat;
  await nextFrames(app.page);
  await clickNamed(app.page, 'rewrite questions');  // a real click on "Rewrite..."
  const p = (await until((x) => x.rewrite.preview, 'the preview')).rewrite.preview;
  assert.ok(p.chosen > 0 && p.calls >= p.chosen, JSON.stringify(p));
  assert.equal((await llm.stats()).chat, before, 'nothing is sent before Confirm');
  await clickNamed(app.page, 'rewrite confirm');
  const r = (await until((x) => x.rewrite.done, 'the rewrites')).rewrite;
  assert.equal(r.error, '');

  const estimate = path.join(dir, 'estimate.json');
  const SET = path.join(dir, 'rw_dev.json'), PRED = path.join(dir, 'rw_pred.json');
  const e = spawnSync(cli, ['space', 'estimate', '--set', SET, '--pred', PRED, '--trees', '50', '--seed', '0',
    '--db-root', path.join(dir, 'db'), '--lexicon', LEXICON, '--out', estimate], { encoding: 'utf8' });
  assert.equal(e.status, 0, e.stderr);
  const c = spawnSync(cli, ['space', 'rewrite', '--gold', SET, '--pred', PRED, '--db-root', path.join(dir, 'db'),
    '--llm-config', path.join(dir, 'llm.json'), '--estimate', estimate, '--lexicon', LEXICON,
    '--out', path.join(dir, 'rewrite.json')], { encoding: 'utf8', timeout: 120000 });
  assert.equal(c.status, 0, c.stderr);
  const viaCli = JSON.parse(c.stdout);
  const figures = (x) => ({ n: x.n, chosen: x.chosen, rewritten: x.rewritten, rewrites: x.rewrites,
    rewrites_scored: x.rewrites_scored, invalid: x.invalid, unreadable: x.unreadable, failed: x.failed,
    no_rewriting: x.no_rewriting, acc_at_1: x.acc_at_1, acc_at_3: x.acc_at_3, table4: x.table4 });
  assert.deepEqual(figures(r.summary), figures(viaCli));
  const cliItems = JSON.parse(fs.readFileSync(path.join(dir, 'rewrite.json'), 'utf8')).items;
  const rows = (items) => items.map((it) => [it.key, it.chosen, it.original_ex,
    it.rewrites.map((a) => [a.rank, a.feature, a.mode, a.state, a.question ?? null, a.ex])]);
  assert.deepEqual(rows(r.items), rows(cliItems));
  // By the teaching: every rewrite was read and answered, and the even items' rewrites are right.
  assert.equal(r.summary.rewrites_scored, r.summary.rewrites);
  for (const it of r.items)
    for (const a of it.rewrites) assert.equal(a.ex, Number(it.key) % 8 !== 0, `${it.key} #${a.rank}`);
  const outcomes = r.items.flatMap((it) => it.rewrites.map((a) => a.ex));
  assert.ok(outcomes.includes(true) && outcomes.includes(false), `rewrites right and wrong: ${outcomes}`);
  assert.ok(r.items.some((it) => it.rewrites.some((a) => a.mode === 'remove')) &&
    r.items.some((it) => it.rewrites.some((a) => a.mode === 'add')), 'features removed and added');
  assert.ok(r.summary.acc_at_3 > r.summary.no_rewriting, 'the right rewrites lift the chosen wrong items');

  await nextFrames(app.page);
  await expectTextDrawn(app.page, 'space_rewrite.png', { x: 0, y: 400, w: 1200, h: 380 });

  // Again: both batches come from the replay store.
  const mid = (await llm.stats()).chat;
  await sendCommand(app.page, { do: 'space_rewrite' });
  const again = (await until((x) => x.rewrite.preview, 'the second preview')).rewrite.preview;
  assert.equal(again.network_calls, 0);
  await sendCommand(app.page, { do: 'space_rewrite_confirm' });
  const replayed = (await until((x) => x.rewrite.done, 'the replayed rewrites')).rewrite;
  assert.deepEqual(figures(replayed.summary), figures(r.summary));
  assert.deepEqual(replayed.summary.usage.network_calls, 0);
  assert.equal((await llm.stats()).chat, mid, 'no request reached the server');
});

test('the feature-space study in the Studies tab has the rewriting run as Tables 3 and 4, as the CLI has it', async () => {
  const SET = path.join(dir, 'rw_dev.json'), PRED = path.join(dir, 'rw_pred.json');
  assert.ok(fs.existsSync(path.join(dir, 'rewrite.json')), 'the first test wrote the CLI\'s rewriting report');
  await sendCommand(app.page, { do: 'show', tab: PANEL });
  await sendCommand(app.page, { do: 'space_clusters', set: 'rw_dev.json', models: ['rw_pred.json'], k: 2, seed: 0 });
  await until((x) => x.clusters?.models, 'the clusters');
  await clickNamed(app.page, 'Clusters tab');
  await clickNamed(app.page, 'explain by forest');
  await until((x) => x.clusters?.forest && !x.clusters.forest.running, 'the forests');
  await sendCommand(app.page, { do: 'space_estimate', set: 'rw_dev.json', model: 'rw_pred.json', trees: 50,
                                seed: 0, online: true });
  await until((x) => x.kept_estimates.some((k) => k.online), 'the online estimate');
  const s = await runStudyInTab(app.page, { study: 'feature-space' });
  assert.equal(s.error, '');
  const out = path.join(dir, 'study');
  const r = spawnSync(cli, ['study', 'feature-space', '--set', SET, '--pred', `rw_pred.json=${PRED}`, '--db-root',
    path.join(dir, 'db'), '--lexicon', LEXICON, '--k', '2', '--seed', '0', '--trees', '50', '--rewrite',
    `rw_pred.json=${path.join(dir, 'rewrite.json')}`, '--out', out], { encoding: 'utf8', timeout: 120000 });
  assert.equal(r.status, 0, r.stderr);
  const expected = JSON.parse(fs.readFileSync(path.join(out, 'report.json'), 'utf8'));
  studyExpected = expected;
  assert.deepEqual(s.report.tables.map((t) => t.id), ['clusters', 'cluster_features', 'estimator', 'negative_features',
    'rewriting', 'rewriting_outcomes']);
  for (const t of expected.tables) assert.deepEqual(s.report.tables.find((x) => x.id === t.id), t, t.id);
  assert.deepEqual(s.report.notes, expected.notes);
  // Not vacuous: the rows are the run's own figures (the CLI's report, in percent), beside the paper's.
  const viaCli = JSON.parse(fs.readFileSync(path.join(dir, 'rewrite.json'), 'utf8'));
  const pct = (x) => Math.round(x * 10000) / 100;
  const acc = expected.tables.find((t) => t.id === 'rewriting');
  assert.deepEqual(acc.rows, [['rw_pred.json', "the estimator's expected failures", 'fake-rewriter', viaCli.n,
    viaCli.chosen, viaCli.rewritten, pct(viaCli.no_rewriting), pct(viaCli.acc_at_1), pct(viaCli.acc_at_3)]]);
  assert.ok(acc.rows[0][8] > acc.rows[0][6], 'Acc@3 above no rewriting, as the teaching makes it');
  assert.equal(acc.published.length, 2);
  const split = expected.tables.find((t) => t.id === 'rewriting_outcomes');
  const t4 = viaCli.table4;
  const share = (k) => Math.round((10000 * k) / viaCli.n) / 100;
  assert.deepEqual(split.rows.map((row) => row.slice(2)), [
    [t4.estimator_right.rewrite_right + t4.estimator_right.rewrite_wrong, share(t4.estimator_right.rewrite_right),
      share(t4.estimator_right.rewrite_wrong)],
    [t4.estimator_wrong.rewrite_right + t4.estimator_wrong.rewrite_wrong, share(t4.estimator_wrong.rewrite_right),
      share(t4.estimator_wrong.rewrite_wrong)]]);
  assert.ok(s.report.inputs.some((i) => i.name === 'rewrite rw_pred.json'), JSON.stringify(s.report.inputs));
  await clickNamed(app.page, 'study feature-space');
  await nextFrames(app.page);
  await expectTextDrawn(app.page, 'studies_feature_space_rewriting.png', { x: 0, y: 500, w: 1200, h: 280 });
});

// A reload changes nothing: the finished rewriting run comes back from the workspace with every figure and rewrite
// (nothing is asked of the server again), and the study still has it as Tables 3 and 4.
test('after a reload the rewriting run is back and the study still has Tables 3 and 4', async () => {
  assert.ok(studyExpected, 'the study test ran first');
  await sendCommand(app.page, { do: 'show', tab: PANEL });
  const before = (await until((x) => x.rewrite.done, 'the finished run')).rewrite;
  const calls = (await llm.stats()).chat;
  await workspaceSettled(app.page);
  await app.page.reload();
  await waitReady(app);
  await useFakeLlm(app.page, llm, 'fake-rewriter');
  await sendCommand(app.page, { do: 'show', tab: PANEL });
  const back = await until((x) => x.restore?.state === 'done' && x.rewrite.done && x.clusters?.forest &&
    !x.clusters.forest.running && x.kept_estimates.length === 2, 'the restored run and results', 180000);
  assert.deepEqual(back.restore.notes, []);
  for (const key of ['set', 'model', 'online', 'top', 'cancelled', 'summary', 'items'])
    assert.deepEqual(back.rewrite[key], before[key], key);
  assert.ok(back.rewrite.items.length > 0 && back.rewrite.items.some((it) => it.rewrites.length > 0));
  assert.equal((await llm.stats()).chat, calls, 'nothing was asked again');
  const s = await runStudyInTab(app.page, { study: 'feature-space' });
  assert.equal(s.error, '');
  for (const id of ['rewriting', 'rewriting_outcomes'])
    assert.deepEqual(s.report.tables.find((t) => t.id === id), studyExpected.tables.find((t) => t.id === id), id);
  assert.deepEqual(s.report.notes, studyExpected.notes);

  // A run under way at the reload is named, not run again on its own; a damaged record is named, not half-read.
  const reloadWith = async (record) => {
    await app.page.evaluate((text) => {
      Module.FS.writeFile('/workspace/rewrite_run.json', text);
      Module.chokepointWorkspace.persist();
    }, record);
    await workspaceSettled(app.page);
    await app.page.reload();
    await waitReady(app);
    await sendCommand(app.page, { do: 'show', tab: PANEL });
    return until((x) => x.restore?.state === 'done', 'the records read', 180000);
  };
  const underWay = await reloadWith(JSON.stringify({ state: 'under_way', set: 'rw_dev.json', model: 'rw_pred.json' }));
  assert.ok(underWay.restore.notes.includes('a rewriting run of rw_pred.json on rw_dev.json was under way when the ' +
    'page was reloaded: Feature space > Estimator > Rewrite... again (the replay store answers every call already ' +
    'answered)'), JSON.stringify(underWay.restore.notes));
  assert.equal(underWay.rewrite.done, false);
  const damaged = await reloadWith(JSON.stringify({ state: 'done', set: 'rw_dev.json', summary: 'x' }));
  assert.ok(damaged.restore.notes.includes('the kept rewriting run (/workspace/rewrite_run.json) is damaged and was ' +
    'not restored'), JSON.stringify(damaged.restore.notes));
  assert.equal(damaged.rewrite.done, false);
});

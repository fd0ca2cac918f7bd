// The tqa-augment study in the page against `chokepoint tqa augment` and `chokepoint study tqa-augment` on the same
// set and the same loopback fake endpoint (tests/llm_server/server.mjs answers from the prompt alone, so the page and
// the CLI get the same rewrites). The Strategies view's run over every linker item of sample_dev.json adds four sets
// to the Sets tab and offers augment_report.json; one system's prediction files on those sets, uploaded as a user
// would, give the Studies tab the CLI's tables, charts and per-item rows.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { artefactDir, sendCommand, untilPanel, uploadSet, clickNamed, nextFrames, pixelStats, workspaceSettled,
  waitReady, expectTextDrawn } from './browser.mjs';
import { tempDir, openApp, closeAll, cli, copyDb, runStudyInTab } from './fixture.mjs';
import { startFakeLlm, useFakeLlm } from './llm_fixture.mjs';

const TQA = 'Text augmentation';
const TAB = 'Studies';
const VARIANTS = ['original', 'SR', 'BT', 'CA'];
let app, dir, llm;

before(async () => {
  dir = tempDir('chokepoint-augment-page-');
  copyDb(dir, 'toxicology');
  copyDb(dir, 'movies');
  llm = await startFakeLlm(300000);
  fs.writeFileSync(path.join(dir, 'llm.json'), llm.config('fake-augmenter'));
  app = await openApp();
  await useFakeLlm(app.page, llm, 'fake-augmenter');
});
after(() => closeAll({ app, llm, dir }));

const computed = ({ study, title, tables, charts, items }) => ({ study, title, tables, charts, items });

const runStudy = (command) => runStudyInTab(app.page, command);

test('before any augmentation the study is refused, saying how to make one', async () => {
  const s = await runStudy({ study: 'tqa-augment' });
  assert.match(s.error, /no augmentation of a whole set has finished: Text augmentation > Strategies > Run on every/);
  assert.equal(s.report, undefined);
});

test('the whole set augmented in the page gives the CLI\'s sets, report and study', async () => {
  // The page: the panel analyses the selected set (sample_dev.json), then every linker item is augmented.
  await sendCommand(app.page, { do: 'show', tab: TQA });
  await untilPanel(app.page, TQA, (s) => s.lexicon.status === 'failed' || s.analysis?.done, 'the linker analysis');
  await sendCommand(app.page, { do: 'tqa_augment' });
  const preview = await untilPanel(app.page, TQA, (s) => s.augmentation_error || s.augmentation?.preview, 'preview');
  assert.equal(preview.augmentation_error, undefined);
  assert.equal(preview.augmentation.whole_set, true);
  await sendCommand(app.page, { do: 'tqa_augment_confirm' });
  const done = await untilPanel(app.page, TQA,
    (s) => s.augmentation_error || (s.augmentation?.finished && s.augmentation.published.length), 'the run', 120000);
  assert.equal(done.augmentation_error, undefined);
  assert.deepEqual(done.augmentation.published, VARIANTS.map((v) => `sample_dev.${v}.json`));
  const sets = await app.page.evaluate(() => JSON.parse(Module.ccall('chokepoint_sets_json', 'string', [], [])));
  for (const v of VARIANTS) assert.ok(sets.some((s) => s.name === `sample_dev.${v}.json` && !s.predictions), v);

  // The CLI on the same set and endpoint.
  const out = path.join(dir, 'aug');
  const gold = path.join(path.dirname(cli), 'assets', 'sets', 'sample_dev.json');
  const r = spawnSync(cli, ['tqa', 'augment', '--gold', gold, '--db-root', path.join(dir, 'db'), '--llm-config',
    path.join(dir, 'llm.json'), '--lexicon', path.join(path.dirname(cli), 'assets', 'lexicon', 'wordnet.lex'),
    '--out', out], { encoding: 'utf8' });
  assert.ok(r.status === 0 || r.status === 1, r.stderr);  // 1: the fake's synonym lists are unusable, as the page's
  const cliReport = JSON.parse(fs.readFileSync(path.join(out, 'augment_report.json'), 'utf8'));

  // augment_report.json downloaded by a real click on the Strategies view's button.
  await sendCommand(app.page, { do: 'tqa_select', key: '14', view: 'strategies' });
  const [download] = await Promise.all([app.page.waitForEvent('download'),
    clickNamed(app.page, 'download augment report')]);
  assert.equal(download.suggestedFilename(), 'sample_dev.augment_report.json');
  const pageReport = JSON.parse(fs.readFileSync(await download.path(), 'utf8'));
  for (const key of ['items', 'linker_items', 'augmented', 'strategies', 'hiding_rule', 'hiding', 'attributes',
    'failed_rewrites', 'items_detail'])
    assert.deepEqual(pageReport[key], cliReport[key], key);
  assert.equal(pageReport.model, 'fake-augmenter');
  assert.ok(pageReport.augmented > 1, 'more than one item was augmented');
  fs.mkdirSync(artefactDir, { recursive: true });
  await nextFrames(app.page);
  const published = await app.page.screenshot();
  fs.writeFileSync(path.join(artefactDir, 'tqa_augment_published.png'), published);
  // The hiding table and the added sets are drawn: the band under the tab row carries text.
  const band = await pixelStats(app.page, published, { x: 0, y: 200, w: 1200, h: 160 }, [26, 28, 33]);
  assert.ok(band.bright > 1000, `text under the strategies' buttons: ${JSON.stringify(band)}`);

  // One system: right on every original item, wrong on the first SR item, wrong on every CA item after the first,
  // right on BT. Its files are made from the CLI's sets and uploaded to the page.
  const wrongAt = { original: () => false, SR: (i) => i === 0, BT: () => false, CA: (i) => i > 0 };
  const preds = {};
  const cliPreds = [];
  for (const v of VARIANTS) {
    const items = JSON.parse(fs.readFileSync(path.join(out, `${v}.json`), 'utf8'));
    const file = path.join(dir, `m.${v}.pred.json`);
    fs.writeFileSync(file, JSON.stringify(Object.fromEntries(items.map((it, i) =>
      [String(i), `${wrongAt[v](i) ? "SELECT 'wrong'" : it.SQL}\t----- bird -----\t${it.db_id}`]))));
    await uploadSet(app.page, file);
    preds[v] = path.basename(file);
    cliPreds.push('--pred', `m:${v}=${file}`);
  }

  // The study chosen by a real click in the catalogue; a system row added by a real click.
  await sendCommand(app.page, { do: 'show', tab: TAB });
  await clickNamed(app.page, 'study tqa-augment');
  await untilPanel(app.page, TAB, (s) => s.choice.study === 'tqa-augment', 'the choice');
  await clickNamed(app.page, 'add variant system');
  const chosen = await untilPanel(app.page, TAB, (s) => s.choice.variant_systems.length === 1, 'the system row');
  assert.deepEqual(chosen.choice.variant_systems, [{ name: 'system 1', preds: {} }]);

  const s = await runStudy({ study: 'tqa-augment', variant_systems: [{ name: 'm', preds }] });
  assert.equal(s.error, '');
  const studyOut = path.join(dir, 'study');
  const c = spawnSync(cli, ['study', 'tqa-augment', '--variants', out, ...cliPreds, '--db-root', path.join(dir, 'db'),
    '--out', studyOut], { encoding: 'utf8' });
  assert.equal(c.status, 0, c.stderr);
  const expected = JSON.parse(fs.readFileSync(path.join(studyOut, 'report.json'), 'utf8'));
  assert.deepEqual(computed(s.report), computed(expected));
  assert.deepEqual(s.report.notes, expected.notes);
  assert.deepEqual(s.report.tables.map((t) => t.id), ['hiding', 'ex', 'delta', 'attributes']);
  assert.deepEqual(s.report.inputs.map((i) => i.name),
    ['augmentation', 'pred m original', 'pred m SR', 'pred m BT', 'pred m CA', 'semantics', 'timeout-ms']);
  // By the files: ΔEX of SR has one -1, of CA one -1 per item after the first.
  const summary = JSON.parse(c.stdout);
  const n = summary.items;
  assert.deepEqual(summary.systems[0].delta.SR, { n, plus: 0, minus: 1, zero_correct: n - 1, zero_wrong: 0 });
  assert.deepEqual(summary.systems[0].delta.CA, { n, plus: 0, minus: n - 1, zero_correct: 1, zero_wrong: 0 });

  await nextFrames(app.page);
  // The report is drawn, not only held: the lower half of the window carries text.
  await expectTextDrawn(app.page, 'studies_tqa_augment.png', { x: 0, y: 400, w: 1200, h: 380 });

  // A reload changes nothing: the augmentation's report and sets, and the uploaded predictions, come back from the
  // workspace, and the study gives the same report.
  await workspaceSettled(app.page);
  await app.page.reload();
  await waitReady(app);
  await useFakeLlm(app.page, llm, 'fake-augmenter');
  const again = await runStudy({ study: 'tqa-augment', variant_systems: [{ name: 'm', preds }] });
  assert.equal(again.error, '');
  assert.deepEqual(computed(again.report), computed(expected));

  // A system with the original questions only is refused, naming it.
  const refused = await runStudy({ study: 'tqa-augment', variant_systems: [{ name: 'm', preds: { original:
    preds.original } }] });
  assert.match(refused.error, /system 'm' has only original predictions; give SR, BT or CA too/);
});

// Thesis Table 4.9 from the page: the Schema linking tab run on two of the augmentation's sets, and the study looks for
// each augmented item's linker table among the tables retrieved, as `study tqa-augment --linked` does with what
// `chokepoint link` wrote for the same sets and endpoint.
test('Table 4.9: the linker table among what the Schema linking tab retrieved, equal to study --linked', async () => {
  const out = path.join(dir, 'aug');
  const detail = JSON.parse(fs.readFileSync(path.join(out, 'augment_report.json'), 'utf8')).items_detail;
  const linkerOf = Object.fromEntries(detail.map((d) => [d.id, d.linker_table]));
  const sets = Object.fromEntries(['original', 'BT'].map((v) =>
    [v, JSON.parse(fs.readFileSync(path.join(out, `${v}.json`), 'utf8'))]));
  // The linker ranks the linker table alone for every original question but the first; for the back-translated
  // questions it names a table no schema has (an answer read, so a miss).
  const answers = {};
  sets.original.forEach((it, i) => {
    answers[`Question: ${it.question}`] = JSON.stringify(i === 0 ? ['nowhere'] : [linkerOf[String(it.question_id)]]);
  });
  sets.BT.forEach((it) => { answers[`Question: ${it.question}`] = '["nowhere"]'; });
  await llm.teach(answers);

  const PANEL = 'Run a model';
  await sendCommand(app.page, { do: 'show', tab: PANEL });
  for (const [k, v] of ['BT', 'original'].entries()) {
    await sendCommand(app.page, { do: 'link_run', method: 'zero-shot', set: `sample_dev.${v}.json` });
    await untilPanel(app.page, PANEL, (s) => s.linking?.preview, `the ${v} linking preview`);
    await sendCommand(app.page, { do: 'link_confirm' });
    await untilPanel(app.page, PANEL, (s) => s.linking?.done && s.linking.rows.length === k + 1, `the ${v} linking`);
  }
  const preds = Object.fromEntries(VARIANTS.map((v) => [v, `m.${v}.pred.json`]));
  await sendCommand(app.page, { do: 'show', tab: TAB });
  const s = await runStudy({ study: 'tqa-augment', variant_systems: [{ name: 'm', preds }] });
  assert.equal(s.error, '');

  const linked = [];
  for (const v of ['BT', 'original']) {
    const file = path.join(dir, `link_${v}.json`);
    const l = spawnSync(cli, ['link', '--gold', path.join(out, `${v}.json`), '--db-root', path.join(dir, 'db'),
      '--llm-config', path.join(dir, 'llm.json'), '--method', 'zero-shot', '--out', file], { encoding: 'utf8' });
    assert.equal(l.status, 0, l.stderr);
    linked.push('--linked', `${v}=${file}`);
  }
  const cliPreds = VARIANTS.flatMap((v) => ['--pred', `m:${v}=${path.join(dir, `m.${v}.pred.json`)}`]);
  const studyOut = path.join(dir, 'study-linked');
  const c = spawnSync(cli, ['study', 'tqa-augment', '--variants', out, ...cliPreds, ...linked, '--db-root',
    path.join(dir, 'db'), '--out', studyOut], { encoding: 'utf8' });
  assert.equal(c.status, 0, c.stderr);
  const n = sets.original.length;
  assert.deepEqual(JSON.parse(c.stdout).linker_presence, {
    original: { retrieved: n - 1, missed: 1, no_retrieval: 0 },
    BT: { retrieved: 0, missed: n, no_retrieval: 0 },
  });
  const expected = JSON.parse(fs.readFileSync(path.join(studyOut, 'report.json'), 'utf8'));
  assert.deepEqual(s.report.tables.map((t) => t.id), ['hiding', 'ex', 'delta', 'attributes', 'linker_presence']);
  assert.deepEqual(computed(s.report), computed(expected));
  assert.deepEqual(s.report.inputs.filter((i) => i.name.startsWith('linked')).map((i) => i.name),
    ['linked original', 'linked BT']);
  assert.match(s.report.inputs.find((i) => i.name === 'linked BT').value,
    /Schema linking run \(zero-shot\) on sample_dev\.BT\.json/);
  await clickNamed(app.page, 'study tqa-augment');
  await nextFrames(app.page);
  // The report is drawn under the inputs, not only held: the lower part of the window carries text.
  await expectTextDrawn(app.page, 'studies_tqa_augment_linked.png', { x: 0, y: 500, w: 1200, h: 280 });

  // A reload changes nothing: the linking rows and each set's retrieved tables come back from the workspace, and
  // the study lays out the same Table 4.9 with nothing linked again.
  await workspaceSettled(app.page);
  await app.page.reload();
  await waitReady(app);
  await workspaceSettled(app.page);
  const back = await untilPanel(app.page, PANEL, (x) => x.linking?.rows?.length === 2, 'the linking rows back');
  assert.deepEqual(back.linking.rows.map((r) => [r.set, r.method]),
    [['sample_dev.BT.json', 'zero-shot'], ['sample_dev.original.json', 'zero-shot']]);
  const reloaded = await runStudy({ study: 'tqa-augment', variant_systems: [{ name: 'm', preds }] });
  assert.equal(reloaded.error, '');
  assert.deepEqual(computed(reloaded.report), computed(expected));

  // The Retrieval tab on the back-translated set (Full-Schema: every table, no call) takes BT's place in Table 4.9,
  // as `chokepoint retrieval --gold BT.json --approach full-schema` does for `--linked BT=R.json`: every linker table
  // is retrieved.
  await sendCommand(app.page, { do: 'show', tab: PANEL });
  await sendCommand(app.page, { do: 'retrieval_run', approach: 'full-schema', variant: 'O/O', set: 'sample_dev.BT.json' });
  await untilPanel(app.page, PANEL, (x) => x.retrieval?.done && x.retrieval.summary?.approach === 'full-schema',
    'the Full-Schema retrieval');
  await sendCommand(app.page, { do: 'show', tab: TAB });
  const retrieved = await runStudy({ study: 'tqa-augment', variant_systems: [{ name: 'm', preds }] });
  assert.equal(retrieved.error, '');
  const rFile = path.join(dir, 'retrieval_BT.json');
  const q = spawnSync(cli, ['retrieval', '--gold', path.join(out, 'BT.json'), '--db-root', path.join(dir, 'db'),
    '--approach', 'full-schema', '--out', rFile], { encoding: 'utf8' });
  assert.equal(q.status, 0, q.stderr);
  const viaRetrievalOut = path.join(dir, 'study-retrieved');
  const c2 = spawnSync(cli, ['study', 'tqa-augment', '--variants', out, ...cliPreds, '--linked',
    `original=${path.join(dir, 'link_original.json')}`, '--linked', `BT=${rFile}`, '--db-root', path.join(dir, 'db'),
    '--out', viaRetrievalOut], { encoding: 'utf8' });
  assert.equal(c2.status, 0, c2.stderr);
  assert.deepEqual(JSON.parse(c2.stdout).linker_presence.BT, { retrieved: n, missed: 0, no_retrieval: 0 });
  const expectedRetrieved = JSON.parse(fs.readFileSync(path.join(viaRetrievalOut, 'report.json'), 'utf8'));
  assert.deepEqual(computed(retrieved.report), computed(expectedRetrieved));
  assert.match(retrieved.report.inputs.find((i) => i.name === 'linked BT').value,
    /Retrieval run \(full-schema\) on sample_dev\.BT\.json/);
});

// A damaged record of the Studies tab's sources in the workspace (three sets instead of four, or no JSON at all) is
// ignored whole after a reload: the study says no augmentation has finished, never lays out half a source.
test('a damaged study-sources record is ignored whole', async () => {
  for (const text of [JSON.stringify({ 'tqa-augment': { label: 'x', published: ['a.json', 'b.json', 'c.json'],
    report: '{}' } }), 'not json {']) {
    await app.page.evaluate((t) => {
      Module.FS.writeFile('/workspace/study_sources.json', t);
      Module.chokepointWorkspace.persist();
    }, text);
    await workspaceSettled(app.page);
    await app.page.reload();
    await waitReady(app);
    const s = await runStudy({ study: 'tqa-augment' });
    assert.match(s.error, /no augmentation of a whole set has finished/, text);
    assert.equal(s.report, undefined);
  }
});

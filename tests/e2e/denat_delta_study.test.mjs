// The denat-delta study in the page against `chokepoint tqa denat` and `chokepoint study denat-delta` on the same
// items and database. The page de-naturalises toxicology from the sample set (the heuristic and the deterministic
// abbreviator: no LLM), a real click adds the variant's four settings as sets, and one system's prediction files on
// them, uploaded as a user would, give the Studies tab the CLI's Table VII, naturalness table, charts and item rows.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { artefactDir, sendCommand, untilPanel, uploadSet, clickNamed, nextFrames, pixelStats, workspaceSettled,
  waitReady, expectTextDrawn } from './browser.mjs';
import { tempDir, openApp, closeAll, cli, copyDb, runStudyInTab } from './fixture.mjs';

const TQA = 'Text augmentation';
const TAB = 'Studies';
const SETTINGS = ['O/O', 'L/O', 'O/L', 'L/L'];
const stem = (s) => s.replace('/', '_');
let app, dir;

before(async () => {
  dir = tempDir('chokepoint-denat-page-');
  copyDb(dir, 'toxicology');
  app = await openApp();
});
after(() => closeAll({ app, dir }));

const computed = ({ study, title, notes, tables, charts, items }) => ({ study, title, notes, tables, charts, items });

const runStudy = (command) => runStudyInTab(app.page, command);

test('before any variant the study is refused, saying how to make one', async () => {
  const s = await runStudy({ study: 'denat-delta' });
  assert.match(s.error, /no de-naturalised variant's four settings are in the Sets tab: Text augmentation > /);
});

test('a variant made in the page gives the CLI\'s four sets and its Table VII', async () => {
  await sendCommand(app.page, { do: 'show', tab: TQA });
  await untilPanel(app.page, TQA, (s) => s.lexicon.status === 'failed' || s.analysis?.done, 'the lexicon');
  await sendCommand(app.page, { do: 'tqa_variant', db: 'toxicology', set: 'sample_dev.json', setting: 'L/L' });
  const made = await untilPanel(app.page, TQA, (s) => s.variant_error || (s.variant && !s.variant.running),
    'the variant', 120000);
  assert.equal(made.variant.error, '');
  assert.equal(made.variant.kept, 14);
  // Before the settings are added, the study says what is missing.
  const early = await runStudy({ study: 'denat-delta', variant_systems: [] });
  assert.match(early.error, /no de-naturalised variant's four settings are in the Sets tab/);

  await sendCommand(app.page, { do: 'show', tab: TQA });
  await clickNamed(app.page, 'add denat settings');
  const published = (await untilPanel(app.page, TQA, (s) => s.variant.settings_published.length === 4,
    'the four sets')).variant.settings_published;
  assert.deepEqual(published, SETTINGS.map((s) => `toxicology_denat.${stem(s)}.json`));
  await nextFrames(app.page);
  fs.mkdirSync(artefactDir, { recursive: true });
  // The view is drawn: the rename plan's table and the kept items carry text.
  await expectTextDrawn(app.page, 'tqa_denat_settings.png', { x: 0, y: 230, w: 1200, h: 500 });

  // The CLI on the sample set's toxicology items.
  const sample = JSON.parse(fs.readFileSync(path.join(path.dirname(cli), 'assets', 'sets', 'sample_dev.json'), 'utf8'));
  fs.writeFileSync(path.join(dir, 'tox.json'), JSON.stringify(sample.filter((i) => i.db_id === 'toxicology')));
  const lexicon = path.join(path.dirname(cli), 'assets', 'lexicon', 'wordnet.lex');
  const out = path.join(dir, 'denat');
  const r = spawnSync(cli, ['tqa', 'denat', '--gold', path.join(dir, 'tox.json'), '--db-root', path.join(dir, 'db'),
    '--out', out, '--lexicon', lexicon], { encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);

  // The page's sets are the CLI's, but for the renamed settings' db_id (the page names the variant apart).
  for (const [k, setting] of SETTINGS.entries()) {
    const page = JSON.parse(await app.page.evaluate((p) => Module.FS.readFile(p, { encoding: 'utf8' }),
      `/workspace/files/${published[k]}`));  // kept in the workspace, so a reload brings the sets back
    const mine = JSON.parse(fs.readFileSync(path.join(out, `${stem(setting)}.json`), 'utf8'));
    assert.deepEqual(page.map((i) => [i.question_id, i.question, i.evidence, i.SQL]),
      mine.map((i) => [i.question_id, i.question, i.evidence, i.SQL]), setting);
    assert.ok(page.every((i) => i.db_id === (k < 2 ? 'toxicology' : 'toxicology_denat')), setting);
  }

  // System m: right on every O/O item; wrong on item 0 in L/O, on items 0 and 1 in O/L, on every item after 2 in L/L.
  const wrongAt = { 'O/O': () => false, 'L/O': (i) => i === 0, 'O/L': (i) => i < 2, 'L/L': (i) => i > 2 };
  const preds = {};
  const cliPreds = [];
  for (const [k, setting] of SETTINGS.entries()) {
    const items = JSON.parse(fs.readFileSync(path.join(out, `${stem(setting)}.json`), 'utf8'));
    const write = (file, dbId) => fs.writeFileSync(file, JSON.stringify(Object.fromEntries(items.map((it, i) =>
      [String(i), `${wrongAt[setting](i) ? "SELECT 'wrong'" : it.SQL}\t----- bird -----\t${dbId}`]))));
    const pageFile = path.join(dir, `m.${stem(setting)}.pred.json`);
    write(pageFile, k < 2 ? 'toxicology' : 'toxicology_denat');
    await uploadSet(app.page, pageFile);
    preds[setting] = path.basename(pageFile);
    const cliFile = path.join(dir, `cli-m.${stem(setting)}.pred.json`);
    write(cliFile, 'toxicology');
    cliPreds.push('--pred', `m:${stem(setting)}=${cliFile}`);
  }

  await sendCommand(app.page, { do: 'show', tab: TAB });
  await clickNamed(app.page, 'study denat-delta');
  await untilPanel(app.page, TAB, (s) => s.choice.study === 'denat-delta', 'the choice');
  const s = await runStudy({ study: 'denat-delta', variant_systems: [{ name: 'm', preds }] });
  assert.equal(s.error, '');
  const studyOut = path.join(dir, 'study');
  const c = spawnSync(cli, ['study', 'denat-delta', '--variants', out, ...cliPreds, '--db-root', path.join(dir, 'db'),
    '--lexicon', lexicon, '--out', studyOut], { encoding: 'utf8' });
  assert.equal(c.status, 0, c.stderr);
  const expected = JSON.parse(fs.readFileSync(path.join(studyOut, 'report.json'), 'utf8'));
  assert.deepEqual(computed(s.report), computed(expected));
  assert.deepEqual(s.report.inputs.map((i) => i.name),
    ['variant', 'pred m O/O', 'pred m L/O', 'pred m O/L', 'pred m L/L', 'semantics', 'timeout-ms']);
  // By the files: 14 items right in O/O; ΔEX on them is -1/14, -2/14 and -11/14 as percent changes.
  const summary = JSON.parse(c.stdout);
  assert.equal(summary.systems[0].oo_correct, 14);
  for (const [setting, lost] of [['L/O', 1], ['O/L', 2], ['L/L', 11]])
    assert.ok(Math.abs(summary.systems[0].delta[setting] - (-100 * lost / 14)) < 0.01,
      `${setting}: ${JSON.stringify(summary.systems[0].delta)}`);
  assert.ok(summary.naturalness.after, 'the names after renaming are classified too');

  await nextFrames(app.page);
  await expectTextDrawn(app.page, 'studies_denat_delta.png', { x: 0, y: 400, w: 1200, h: 380 });

  // A reload changes nothing: the variant's plan and its four sets, and the uploaded predictions, come back from the
  // workspace, and the study gives the same report.
  await workspaceSettled(app.page);
  await app.page.reload();
  await waitReady(app);
  // The lexicon is fetched on demand, not at page load: the study asks for it and says so, then runs.
  const waiting = await runStudy({ study: 'denat-delta', variant_systems: [{ name: 'm', preds }] });
  assert.match(waiting.error, /the WordNet lexicon \(for the naturalness table\) is loading/);
  await untilPanel(app.page, TQA, (x) => x.lexicon.status === 'loaded', 'the lexicon');
  const again = await runStudy({ study: 'denat-delta', variant_systems: [{ name: 'm', preds }] });
  assert.equal(again.error, '');
  assert.deepEqual(computed(again.report), computed(expected));

  const refused = await runStudy({ study: 'denat-delta', variant_systems: [{ name: 'm', preds: { 'O/O': preds['O/O'] } }] });
  assert.match(refused.error, /system 'm' has only O\/O predictions; give L\/O, O\/L or L\/L too/);
});

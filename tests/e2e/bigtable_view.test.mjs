// Run a model > BigTable: BigTable-0.2k built in the page from the sample set by clicks (the subset of each number of
// gold tables, the filter values changed, the tables and columns renamed) is the set `chokepoint bigtable --no-expand`
// writes from the same set and databases, byte for byte but for the renamed copies' db_ids (the page's databases share
// one name space), with the same Table 2 beside the paper's and the same renamed tables; without renaming it is the
// set of `--no-rename`. A reload brings the set and the renamed copies back. With a model (the loopback fake server)
// the >3 stratum is topped up by expansions behind the privacy preview, as `chokepoint bigtable --llm-config` does,
// and the model classifies the names to rename behind a second preview, as the CLI's `tqa denat --llm-config` does.
// A reload in the middle of a build starts it again with the same choices, and leaves no half-made database.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { sendCommand, untilPanel, clickNamed, nextFrames, expectTextDrawn, repoRoot, workspaceSettled,
  waitReady } from './browser.mjs';
import { cli, copyDb, tempDir, openApp, closeAll } from './fixture.mjs';
import { startFakeLlm, useFakeLlm } from './llm_fixture.mjs';

const RUN = 'Run a model';
const gold = path.join(repoRoot, 'assets/sets/sample_dev.json');
let app, dir, llm;
before(async () => {
  dir = tempDir('chokepoint-bigtable-view-');
  copyDb(dir, 'toxicology');
  copyDb(dir, 'movies');
  llm = await startFakeLlm(300000);
  fs.writeFileSync(path.join(dir, 'model.json'), llm.config('fake-writer', { temperature: 0 }));
  app = await openApp();
});
after(() => closeAll({ app, llm, dir }));

const bigtableCli = (out, ...flags) => {
  const r = spawnSync(cli, ['bigtable', '--gold', gold, '--db-root', path.join(dir, 'db'), '--out', out, '--no-expand',
    '--timeout-ms', '1000', ...flags], { encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  return JSON.parse(r.stdout);
};
const pageFile = (p) => app.page.evaluate((f) => Module.FS.readFile(f, { encoding: 'utf8' }), p);
const call = async (name) => JSON.parse(await app.page.evaluate((n) => Module.ccall(n, 'string', [], []), name));
const tablesOf = (db) => spawnSync('sqlite3', ['-readonly', db, "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name"],
  { encoding: 'utf8' }).stdout.trim().split('\n');

test('BigTable built by a click equals the CLI\'s renamed set and Table 2, and comes back after a reload', async () => {
  await sendCommand(app.page, { do: 'show', tab: RUN });
  await clickNamed(app.page, 'BigTable tab');
  await nextFrames(app.page);
  await clickNamed(app.page, 'Build BigTable');  // the sample set, 50 per number of tables, seed 1, all three steps
  const b = (await untilPanel(app.page, RUN, (x) => x.bigtable?.done === true, 'the build', 120000)).bigtable;
  assert.equal(b.error, '');
  assert.equal(b.source, 'sample_dev.json');
  assert.equal(b.published, 'sample_dev.bigtable.json');
  assert.ok(b.filter_changed > 0, 'some filter values changed');
  assert.deepEqual(b.databases, ['movies_bigtable', 'toxicology_bigtable']);
  // Every three-table item is in the subset already: none is left to expand.
  assert.equal(b.expansion, null);
  assert.ok(b.notes.some((n) => /the >3 stratum is 50 items short and no three-table item is left to expand/.test(n)),
    b.notes.join('\n'));

  const out = path.join(dir, 'cli');
  const summary = bigtableCli(out);
  assert.deepEqual(b.strata, summary.strata);
  assert.equal(b.items, summary.items);
  assert.deepEqual(b.renamed, summary.renamed);
  assert.equal(b.filter_changed, summary.filter_changed);
  assert.deepEqual(b.filter_unchanged, summary.filter_unchanged);
  // Kept in the workspace beside the user's files, as the page's other made sets are.
  assert.match(b.path, /^\/workspace\/.*sample_dev\.bigtable\.json$/);
  const built = await pageFile(b.path);
  assert.equal(built.replace(/"db_id": "(\w+)_bigtable"/g, '"db_id": "$1"'),
    fs.readFileSync(path.join(out, 'bigtable.json'), 'utf8'), 'the same set, byte for byte, but for the db_ids');
  // The renamed copies are databases of the page with the CLI's renamed tables.
  const dbs = await call('chokepoint_summary_json');
  for (const id of ['movies', 'toxicology']) {
    const copy = dbs.find((d) => d.db_id === `${id}_bigtable`);
    assert.ok(copy, `${id}_bigtable is a database of the page`);
    assert.deepEqual(copy.tables.map((t) => t.name).sort(), tablesOf(path.join(out, 'databases', id, `${id}.sqlite`)));
    assert.notDeepEqual(copy.tables.map((t) => t.name).sort(), tablesOf(path.join(dir, 'db', id, `${id}.sqlite`)));
  }
  const sets = await call('chokepoint_sets_json');
  assert.ok(sets.some((s) => s.name === 'sample_dev.bigtable.json'), JSON.stringify(sets.map((s) => s.name)));
  await nextFrames(app.page);
  await expectTextDrawn(app.page, 'bigtable_view.png', { x: 0, y: 150, w: 1000, h: 300 });

  // A reload reopens the set and the renamed copies from the workspace.
  await workspaceSettled(app.page);
  await app.page.reload();
  await waitReady(app);
  await app.page.waitForFunction(() => JSON.parse(Module.ccall('chokepoint_summary_json', 'string', [], []))
    .some((d) => d.db_id === 'toxicology_bigtable'), null, { timeout: 30000 });
  const after = await call('chokepoint_summary_json');
  assert.ok(after.some((d) => d.db_id === 'movies_bigtable'));
  assert.ok((await call('chokepoint_sets_json')).some((s) => s.name === 'sample_dev.bigtable.json'));
});

test('without renaming it is the CLI\'s --no-rename set, byte for byte', async () => {
  await sendCommand(app.page, { do: 'show', tab: RUN });
  await sendCommand(app.page, { do: 'bigtable_build', set: 'sample_dev.json', rename: false, per_stratum: 3 });
  const b = (await untilPanel(app.page, RUN, (x) => x.bigtable?.done === true && x.bigtable.rename === false,
    'the build', 60000)).bigtable;
  assert.equal(b.error, '');
  assert.deepEqual(b.databases, []);
  assert.equal(b.renamed, null);
  // No model is set up in the LLM tab: the >3 stratum stays short, as the CLI's does without --llm-config.
  assert.equal(b.expansion, null);
  assert.ok(b.notes.some((n) => /the >3 stratum is 3 items short; expanding .*needs the LLM tab's model/.test(n)),
    b.notes.join('\n'));
  const out = path.join(dir, 'cli-no-rename');
  const summary = bigtableCli(out, '--no-rename', '--per-stratum', '3');
  assert.deepEqual(b.strata, summary.strata);
  assert.equal(b.filter_changed, summary.filter_changed);
  assert.equal(await pageFile(b.path), fs.readFileSync(path.join(out, 'bigtable.json'), 'utf8'));
});

test('with a model: the >3 stratum is topped up after the preview, as the CLI\'s --llm-config tops it up', async () => {
  await useFakeLlm(app.page, llm, 'fake-writer');
  await sendCommand(app.page, { do: 'show', tab: RUN });
  await clickNamed(app.page, 'BigTable tab');
  await sendCommand(app.page, { do: 'bigtable_build', set: 'sample_dev.json', per_stratum: 3, rename: false,
    expand: true });
  const seen = await llm.requests();
  const previewing = (await untilPanel(app.page, RUN, (x) => x.bigtable?.expansion?.stage === 'preview',
    'the preview', 60000)).bigtable;
  assert.ok(previewing.expansion.seeds > 0);
  assert.ok(previewing.expansion.batch.preview.calls >= previewing.expansion.expansions, 'every prompt is listed');
  assert.equal(await llm.requests(), seen, 'nothing is sent before Confirm');
  await nextFrames(app.page);
  await expectTextDrawn(app.page, 'bigtable_expansion_preview.png', { x: 0, y: 150, w: 1000, h: 300 });
  await clickNamed(app.page, 'BigTable expansion confirm');
  const b = (await untilPanel(app.page, RUN, (x) => x.bigtable?.done === true && x.bigtable.expand === true,
    'the build', 120000)).bigtable;
  assert.equal(b.error, '');
  assert.equal(b.expansion.stage, 'done');
  assert.equal(b.expanded, 3);
  assert.deepEqual(b.strata.map((x) => x.items), [3, 3, 3, 3]);

  const out = path.join(dir, 'cli-model');
  const r = spawnSync(cli, ['bigtable', '--gold', gold, '--db-root', path.join(dir, 'db'), '--out', out, '--per-stratum',
    '3', '--no-rename', '--timeout-ms', '1000', '--llm-config', path.join(dir, 'model.json')], { encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  const summary = JSON.parse(r.stdout);
  assert.equal(summary.expanded, b.expanded);
  assert.deepEqual(b.strata, summary.strata);
  assert.equal(b.filter_changed, summary.filter_changed);
  assert.equal(await pageFile(b.path), fs.readFileSync(path.join(out, 'bigtable.json'), 'utf8'),
    'the same set with the same expansions and questions, byte for byte');
});

test('with a model: the rename step asks it after its preview, and the set is the CLI\'s --llm-config set', async () => {
  await useFakeLlm(app.page, llm, 'fake-writer');
  await sendCommand(app.page, { do: 'show', tab: RUN });
  await clickNamed(app.page, 'BigTable tab');
  await sendCommand(app.page, { do: 'bigtable_build', set: 'sample_dev.json', per_stratum: 3, rename: true,
    rename_by_model: true, expand: false });
  const seen = await llm.requests();
  const previewing = (await untilPanel(app.page, RUN, (x) => x.bigtable?.rename_preview,
    'the rename preview', 60000)).bigtable;
  assert.equal(previewing.rename_model, 'fake-writer');
  assert.ok(previewing.rename_preview.calls > 0, JSON.stringify(previewing.rename_preview));
  assert.match(previewing.rename_preview.prompts[0].prompt, /N1, N2, N3/, 'a naturalness prompt is listed');
  await nextFrames(app.page);
  assert.equal(await llm.requests(), seen, 'nothing is sent before Confirm');
  await expectTextDrawn(app.page, 'bigtable_rename_preview.png', { x: 0, y: 150, w: 1000, h: 300 });
  await clickNamed(app.page, 'BigTable rename confirm');
  const b = (await untilPanel(app.page, RUN, (x) => x.bigtable?.done === true && x.bigtable.rename_model !== '',
    'the build', 120000)).bigtable;
  assert.equal(b.error, '');
  assert.ok(b.rename_llm.naturalness.from_llm > 0, JSON.stringify(b.rename_llm));
  assert.equal(b.rename_llm.naturalness.fallback, 0);
  assert.ok(b.notes.some((n) => n.startsWith("Names classified by the LLM tab's model (fake-writer)")), b.notes.join('\n'));
  assert.ok(await llm.requests() > seen);

  const out = path.join(dir, 'cli-rename-model');
  const summary = bigtableCli(out, '--per-stratum', '3', '--llm-config', path.join(dir, 'model.json'));
  assert.deepEqual(b.strata, summary.strata);
  assert.deepEqual(b.renamed, summary.renamed);
  const built = await pageFile(b.path);
  assert.equal(built.replace(/"db_id": "(\w+)_bigtable\d*"/g, '"db_id": "$1"'),
    fs.readFileSync(path.join(out, 'bigtable.json'), 'utf8'), 'the same set, byte for byte, but for the db_ids');
  // The model's levels, not the heuristic's, decided the names: the copies' tables are the CLI's with the model and
  // not those of the build without it (the first test's CLI run).
  const dbs = await call('chokepoint_summary_json');
  assert.ok(b.databases.length > 0);
  let differs = 0;
  for (const made of b.databases) {
    const id = made.replace(/_bigtable\d*$/, '');
    const copy = dbs.find((d) => d.db_id === made);
    assert.ok(copy, `${made} is a database of the page`);
    const withModel = tablesOf(path.join(out, 'databases', id, `${id}.sqlite`));
    assert.deepEqual(copy.tables.map((t) => t.name).sort(), withModel, made);
    const heuristic = tablesOf(path.join(dir, 'cli', 'databases', id, `${id}.sqlite`));
    if (JSON.stringify(withModel) !== JSON.stringify(heuristic)) ++differs;
  }
  assert.ok(differs > 0, 'the model renames other tables than the heuristic');
});

test('a reload in the middle of a build starts it again with its choices; no half-made copy is left', async () => {
  await useFakeLlm(app.page, llm, 'fake-writer');
  await sendCommand(app.page, { do: 'show', tab: RUN });
  await clickNamed(app.page, 'BigTable tab');
  await sendCommand(app.page, { do: 'bigtable_build', set: 'sample_dev.json', per_stratum: 2, seed: 7, rename: true,
    rename_by_model: true, expand: false });
  await untilPanel(app.page, RUN, (x) => x.bigtable?.rename_preview, 'the rename preview', 60000);
  const before = (await call('chokepoint_summary_json')).map((d) => d.db_id).sort();
  await workspaceSettled(app.page);
  await app.page.reload();
  await waitReady(app);
  const again = (await untilPanel(app.page, RUN, (x) => x.bigtable?.rename_preview, 'the preview after the reload',
    60000)).bigtable;
  assert.equal(again.per_stratum, 2);
  assert.equal(again.seed, 7);
  assert.equal(again.expand, false);
  assert.equal(again.source, 'sample_dev.json');
  assert.match(again.notes[0], /^Started again after a reload, from the start with the same choices/);
  // The copies being renamed were written outside the workspace: the reload brought back no half-made database.
  assert.deepEqual((await call('chokepoint_summary_json')).map((d) => d.db_id).sort(), before);
  const seen = await llm.requests();
  await nextFrames(app.page);
  assert.equal(await llm.requests(), seen, 'nothing is sent before Confirm, after the reload too');
  await sendCommand(app.page, { do: 'show', tab: RUN });
  await clickNamed(app.page, 'BigTable tab');
  await nextFrames(app.page);
  await clickNamed(app.page, 'BigTable rename confirm');
  const b = (await untilPanel(app.page, RUN, (x) => x.bigtable?.done === true && x.bigtable.seed === 7,
    'the build', 120000)).bigtable;
  assert.equal(b.error, '');
  const out = path.join(dir, 'cli-resumed');
  const summary = bigtableCli(out, '--per-stratum', '2', '--seed', '7', '--llm-config', path.join(dir, 'model.json'));
  assert.deepEqual(b.strata, summary.strata);
  assert.equal((await pageFile(b.path)).replace(/"db_id": "(\w+)_bigtable\d*"/g, '"db_id": "$1"'),
    fs.readFileSync(path.join(out, 'bigtable.json'), 'utf8'), 'the set the CLI builds with the same choices');
  // Once built, the record is gone: another reload starts nothing.
  await workspaceSettled(app.page);
  await app.page.reload();
  await waitReady(app);
  await workspaceSettled(app.page);  // the record is looked for once the workspace's files are back
  await nextFrames(app.page);
  const after = JSON.parse(await app.page.evaluate(() => Module.ccall('chokepoint_panel_json', 'string', ['string'],
    ['Run a model']))).bigtable;
  assert.equal(after.running, false);
  assert.ok(!after.notes.some((n) => /Started again/.test(n)), after.notes.join('\n'));
});

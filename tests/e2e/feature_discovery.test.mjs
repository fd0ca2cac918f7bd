// The Feature space panel's Discover tab against the loopback fake endpoint, as a user works it: six items of the
// sample uploaded, the LLM tab's model set, real clicks on the tab, Describe..., Propose..., Confirm, Save and Add.
// Each preview counts what `chokepoint space describe|propose --preview` counts and sends nothing; the descriptions
// and the kept and dropped predicates (PREDICATES.json, downloaded) equal the CLI's on the same set and model; the
// added predicates become features 188 on, which the LLM features tab's preview then asks as `chokepoint features
// --predicates` does, and after a reload, when they come back from the workspace; "Remove them" forgets them.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { artefactDir, repoRoot, sendCommand, untilPanel, uploadSet, clickNamed, waitReady, workspaceSettled,
  pixelStats } from './browser.mjs';
import { tempDir, openApp, closeAll, cli, copyDb } from './fixture.mjs';
import { startFakeLlm, useFakeLlm } from './llm_fixture.mjs';

const PANEL = 'Feature space';
const SET = 'discover_dev.json';
const MODEL = 'fake-proposer';
// One answer for every proposal prompt: bullets, numbering, "The example", periods, and near repeats to drop.
const PROPOSED = '- uses a nested subquery.\n- asks for a count of rows\n- The example uses a JOIN\n' +
  '- uses a nested sub query\n1. mentions a specific date\n* contains a JOIN clause';

let app, llm, dir;
before(async () => {
  dir = tempDir('chokepoint-discover-');
  copyDb(dir, 'toxicology');
  copyDb(dir, 'movies');
  const sample = JSON.parse(fs.readFileSync(path.join(repoRoot, 'assets', 'sets', 'sample_dev.json'), 'utf8'));
  fs.writeFileSync(path.join(dir, SET), JSON.stringify(sample.slice(0, 6)));
  llm = await startFakeLlm(300000);
  await llm.teach({ 'short properties that an example may or may not have': PROPOSED });
  fs.writeFileSync(path.join(dir, 'llm.json'), llm.config(MODEL, { temperature: 0 }));
  app = await openApp();
});
after(() => closeAll({ app, llm, dir }));

const until = (predicate, what, timeout) => untilPanel(app.page, PANEL, predicate, what, timeout);
const chokepoint = (args) => {
  const r = spawnSync(cli, args, { encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  return JSON.parse(r.stdout);
};

test('describe, propose, save and add from the page equal chokepoint space describe|propose', async () => {
  await uploadSet(app.page, path.join(dir, SET));
  await useFakeLlm(app.page, llm, MODEL);
  await sendCommand(app.page, { do: 'show', tab: PANEL });
  await clickNamed(app.page, 'Discover tab');
  await sendCommand(app.page, { do: 'space_discover', set: SET, iterations: 2, sample: 4 });

  // Step 1: the preview counts what the CLI's does, and nothing leaves before Confirm.
  await clickNamed(app.page, 'discover describe');
  const p = (await until((s) => s.discover?.preview, 'the describe preview')).discover.preview;
  const descFile = path.join(dir, 'desc.jsonl');
  const describeArgs = ['space', 'describe', '--gold', path.join(dir, SET), '--db-root', path.join(dir, 'db'),
    '--llm-config', path.join(dir, 'llm.json'), '--out', descFile];
  const cp = chokepoint([...describeArgs, '--preview']);
  assert.equal(p.calls, cp.calls);
  assert.equal(p.calls, 30, 'six items, five aspects');
  assert.equal(await llm.requests(), 0, 'nothing is sent before Confirm');
  fs.writeFileSync(path.join(artefactDir, 'feature_discovery_preview.png'), await app.page.screenshot());
  await clickNamed(app.page, 'discover confirm');
  const d = (await until((s) => s.discover?.descriptions && !s.discover.running, 'the descriptions')).discover;
  const cd = chokepoint(describeArgs);
  assert.deepEqual([d.descriptions.prompts, d.descriptions.described, d.descriptions.failed, d.descriptions.skipped],
    [cd.prompts, cd.described, cd.failed, cd.skipped]);
  assert.deepEqual(d.descriptions.by_aspect, cd.by_aspect);

  // Step 2: two samples of four descriptions per aspect; the same prompts as the CLI's over the CLI's descriptions
  // (the fake model answers a prompt the same way every time), so the same kept and dropped predicates.
  await clickNamed(app.page, 'discover propose');
  const pp = (await until((s) => s.discover?.asking === 'propose' && s.discover.preview, 'the propose preview'))
    .discover.preview;
  assert.equal(pp.calls, 10, 'five aspects, two calls each');
  const before = await llm.requests();
  await clickNamed(app.page, 'discover confirm');
  const r = (await until((s) => s.discover?.proposals && !s.discover.running, 'the proposals')).discover;
  assert.equal(await llm.requests() - before, 10);
  const predFile = path.join(dir, 'predicates.json');
  const cpr = chokepoint(['space', 'propose', '--descriptions', descFile, '--llm-config', path.join(dir, 'llm.json'),
    '--out', predFile, '--iterations', '2', '--sample', '4']);
  assert.deepEqual([r.proposals.prompts, r.proposals.proposed, r.proposals.kept, r.proposals.dropped],
    [cpr.prompts, cpr.proposed, cpr.kept, cpr.dropped]);
  const file = JSON.parse(fs.readFileSync(predFile, 'utf8'));
  assert.deepEqual(r.proposals.file, file);
  assert.ok(file.predicates.some((x) => x.predicate === 'uses a nested subquery'), JSON.stringify(file.predicates));
  assert.ok(file.dropped.some((x) => x.predicate === 'uses a nested sub query' && x.repeats === 'uses a nested subquery'));
  fs.writeFileSync(path.join(artefactDir, 'feature_discovery.png'), await app.page.screenshot());

  // Save: the downloaded PREDICATES.json is the CLI's file.
  const [download] = await Promise.all([app.page.waitForEvent('download'), clickNamed(app.page, 'discover save')]);
  assert.equal(download.suggestedFilename(), 'predicates.json');
  assert.deepEqual(JSON.parse(fs.readFileSync(await download.path(), 'utf8')), file);

  // A second proposer (003 used two): the same plan proposed by another model of the LLM tab pools both models'
  // answers, deduplicated together, as `space propose --llm-config A --llm-config B` does. The fake answers both the
  // same way, so every proposal of the second repeats one of the first's: the kept ones do not change.
  await useFakeLlm(app.page, llm, 'second-proposer');
  await clickNamed(app.page, 'discover propose');
  await until((s) => s.discover?.asking === 'propose' && s.discover.preview, 'the second propose preview');
  await clickNamed(app.page, 'discover confirm');
  const two = (await until((s) => s.discover?.proposals?.proposers?.length === 2 && !s.discover.running,
    'the second proposer')).discover.proposals;
  assert.deepEqual(two.proposers, [MODEL, 'second-proposer']);
  fs.writeFileSync(path.join(dir, 'llm2.json'), llm.config('second-proposer', { temperature: 0 }));
  const pred2 = path.join(dir, 'predicates2.json');
  const cpr2 = chokepoint(['space', 'propose', '--descriptions', descFile, '--llm-config', path.join(dir, 'llm.json'),
    '--llm-config', path.join(dir, 'llm2.json'), '--out', pred2, '--iterations', '2', '--sample', '4']);
  assert.deepEqual([two.prompts, two.proposed, two.kept, two.dropped],
    [cpr2.prompts, cpr2.proposed, cpr2.kept, cpr2.dropped]);
  assert.deepEqual(two.file, JSON.parse(fs.readFileSync(pred2, 'utf8')));
  assert.equal(two.proposed, 2 * r.proposals.proposed);
  assert.deepEqual(two.file.predicates, file.predicates, 'the second proposer only repeats the first');
  assert.ok(two.file.dropped.some((x) => x.proposer === 'second-proposer'));
  const twoShot = await app.page.screenshot();
  fs.writeFileSync(path.join(artefactDir, 'feature_discovery_two_proposers.png'), twoShot);
  // The kept table is drawn, with its proposer column: its band carries text.
  const kept = await pixelStats(app.page, twoShot, { x: 0, y: 300, w: 1200, h: 200 }, [26, 28, 33]);
  assert.ok(kept.bright > 1000, `text in the kept predicates' table: ${JSON.stringify(kept)}`);
  await useFakeLlm(app.page, llm, MODEL);

  // Add: the kept ones become features 188 on; the LLM features tab then plans them as `features --predicates`.
  await clickNamed(app.page, 'discover add');
  const added = (await until((s) => s.discover?.added?.length, 'the added features')).discover.added;
  assert.deepEqual(added, file.predicates.map((_, i) => 188 + i));
  await clickNamed(app.page, 'LLM features tab');
  await sendCommand(app.page, { do: 'space_llm', set: SET, batch: 10 });
  const lp = (await until((s) => s.llm?.preview, 'the LLM features preview', 120000)).llm.preview;
  const cf = chokepoint(['features', '--set', path.join(dir, SET), '--db-root', path.join(dir, 'db'), '--out',
    path.join(dir, 'f.csv'), '--llm-config', path.join(dir, 'llm.json'), '--predicates', predFile, '--preview']);
  assert.deepEqual([lp.calls, lp.cells], [cf.calls, cf.cells]);
  const without = chokepoint(['features', '--set', path.join(dir, SET), '--db-root', path.join(dir, 'db'), '--out',
    path.join(dir, 'g.csv'), '--llm-config', path.join(dir, 'llm.json'), '--preview']);
  assert.equal(lp.cells - without.cells, 6 * file.predicates.length, 'every added predicate asked of every item');
  await clickNamed(app.page, 'llm features discard');

  // A reload gives the same catalogue: the added predicates come back from the workspace with the same ids.
  await workspaceSettled(app.page);
  await app.page.reload();
  await waitReady(app);
  await sendCommand(app.page, { do: 'show', tab: PANEL });
  await clickNamed(app.page, 'Discover tab');
  assert.deepEqual((await until((s) => s.discover, 'the tab after the reload')).discover.catalogue_added, added);
  await useFakeLlm(app.page, llm, MODEL);
  await clickNamed(app.page, 'LLM features tab');
  await sendCommand(app.page, { do: 'space_llm', set: SET, batch: 10 });
  const again = (await until((s) => s.llm?.preview, 'the preview after the reload', 120000)).llm.preview;
  assert.deepEqual([again.calls, again.cells], [cf.calls, cf.cells]);
  await clickNamed(app.page, 'llm features discard');
  fs.writeFileSync(path.join(artefactDir, 'feature_discovery_reloaded.png'), await app.page.screenshot());

  // "Remove them": back to the 187, in the workspace too.
  await clickNamed(app.page, 'Discover tab');
  await clickNamed(app.page, 'discover remove');
  assert.deepEqual((await until((s) => s.discover?.catalogue_added?.length === 0, 'the removal')).discover
    .catalogue_added, []);
  await workspaceSettled(app.page);
  await app.page.reload();
  await waitReady(app);
  assert.deepEqual((await until((s) => s.discover, 'the tab after a second reload')).discover.catalogue_added, []);

  // A damaged file in the workspace (one good predicate, then an unknown aspect) is ignored whole, never half-applied.
  await app.page.evaluate(() => {
    Module.FS.writeFile('/workspace/feature_predicates.json', JSON.stringify({ predicates: [
      { aspect: 'syntax', predicate: 'asks for a count of rows' }, { aspect: 'astrology', predicate: 'x' }] }));
    Module.chokepointWorkspace.persist();
  });
  await workspaceSettled(app.page);
  await app.page.reload();
  await waitReady(app);
  const damaged = (await until((s) => s.discover, 'the tab with a damaged file')).discover;
  assert.deepEqual(damaged.catalogue_added, []);
  assert.equal(damaged.error, '');
});

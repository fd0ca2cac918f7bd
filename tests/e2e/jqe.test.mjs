// The teaching flow: the thesis' toxicology seed (000 §3.1.2, item 0 of the built-in sample set) is
// expanded step by step in the browser, with real SQLite in wasm. Expected values are the thesis' own: candidate
// tables bond and connected; join conditions JC1..JC4; six combinations of which {JC1, JC2} is redundant (either
// condition is implied by the seed's join and the other); five expansions (i)-(v) with the join columns of
// tests/unit/jqe/thesis_example_test.cpp (the thesis prints (i) and (ii) with swapped columns, notes §2.3-2), each
// returning one count row (5, 5, 5, 5 and 1 molecules per the sample database's header).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { startApp, waitReady, pixelStats, artefactDir, repoRoot, sendCommand, sendCommands, panelState, clickNamed, clickInPanel, expectTextDrawn } from './browser.mjs';
import { cli, tempDir, openApp, closeAll } from './fixture.mjs';

let app;
before(async () => {
  app = await openApp();
});
after(() => closeAll({ app }));

const PANEL = 'Join query expansion';
const state = () => panelState(app.page, PANEL);
const command = (c) => sendCommand(app.page, c);
// Commands apply at the start of the next frame: wait until the state says the step for `item` is there.
async function stepFor(cmd) {
  await app.page.evaluate(() => { window.__jqeBefore = Module.ccall('chokepoint_panel_json', 'string', ['string'], ['Join query expansion']); });
  await command(cmd);
  await app.page.waitForFunction(() => Module.ccall('chokepoint_panel_json', 'string', ['string'], ['Join query expansion']) !== window.__jqeBefore,
                                 null, { timeout: 30000 });
  return state();
}

// SQL compared as token sequences, so the printer's spacing is not part of the expectation.
const tokens = (sql) => sql.match(/"[^"]*"|'[^']*'|[A-Za-z0-9_.]+|<=|>=|<>|!=|[^\sA-Za-z0-9_.]/g);
const HEAD = 'SELECT COUNT(DISTINCT molecule.molecule_id) FROM molecule JOIN atom ON atom.molecule_id = molecule.molecule_id ';
const TAIL = ' WHERE molecule.label = "-" AND atom.element = "cl"';
const THESIS = [
  ['bond: {JC1}', 'JOIN bond ON bond.molecule_id = molecule.molecule_id', 5],
  ['bond: {JC2}', 'JOIN bond ON bond.molecule_id = atom.molecule_id', 5],
  ['connected: {JC3}', 'JOIN connected ON connected.atom_id = atom.atom_id', 5],
  ['connected: {JC4}', 'JOIN connected ON connected.atom_id2 = atom.atom_id', 5],
  ['connected: {JC3, JC4}', 'JOIN connected ON connected.atom_id = atom.atom_id AND connected.atom_id2 = atom.atom_id', 1],
];

test('step through the toxicology seed: candidates, six combinations, {JC1, JC2} redundant, five expansions', async () => {
  await command({ do: 'show', tab: PANEL });
  // The thesis enumerates by ascending complexity and keeps all five (no cap per pattern).
  const s = await stepFor({ do: 'jqe_step', set: 'sample_dev.json', item: 0, order: 'complexity:asc', per_pattern: 0 });
  const v = s.step;
  assert.ok(v, `a step view: ${JSON.stringify(s)}`);
  assert.equal(v.error, '');
  assert.equal(v.db_id, 'toxicology');
  assert.deepEqual(v.jqg_nodes, ['molecule', 'atom']);
  assert.equal(v.nodes, 2);
  assert.equal(v.edges, 1);

  assert.deepEqual(v.candidates.map((c) => c.table), ['bond', 'connected']);
  const jc = v.candidates.flatMap((c) => c.conditions.map((k) => `${k.label} ${k.text}`));
  assert.deepEqual(jc, ['JC1 bond.molecule_id = molecule.molecule_id', 'JC2 bond.molecule_id = atom.molecule_id',
                        'JC3 connected.atom_id = atom.atom_id', 'JC4 connected.atom_id2 = atom.atom_id']);

  assert.deepEqual(v.combinations.map((c) => c.label),
                   ['bond: {JC1}', 'bond: {JC2}', 'connected: {JC3}', 'connected: {JC4}', 'bond: {JC1, JC2}',
                    'connected: {JC3, JC4}']);
  const redundant = v.combinations.filter((c) => c.verdict === 'redundant');
  assert.deepEqual(redundant.map((c) => c.label), ['bond: {JC1, JC2}']);
  // Each of JC1, JC2 follows from the other plus the seed's join atom.molecule_id = molecule.molecule_id; the reason
  // names the one the checker found first.
  assert.match(redundant[0].why, /^JC[12] \(bond\.molecule_id = (molecule|atom)\.molecule_id\) is implied by transitivity/,
               'the reason names the implied condition');
  assert.equal(v.combinations.filter((c) => c.verdict === 'kept').length, 5);

  assert.equal(v.expansions.length, 5);
  for (let i = 0; i < 5; ++i) {
    const [label, join, count] = THESIS[i];
    const e = v.expansions[i];
    assert.equal(e.label, label, `expansion ${i + 1}`);
    assert.deepEqual(tokens(e.sql), tokens(HEAD + join + TAIL), `expansion ${i + 1} SQL: ${e.sql}`);
    assert.equal(e.added, join, 'the diff against the seed shows exactly the added join');
    assert.equal(e.removed, '', 'nothing of the seed is removed');
    assert.equal(e.nodes, 3);
    assert.equal(e.result.status, 'ok', e.result.message);
    assert.equal(e.result.rows, 1, 'a count query returns one row');
    assert.equal(e.result.first, String(count), `expansion ${i + 1} counts ${count} molecules: ${JSON.stringify(e.result)}`);
  }

  await app.page.waitForTimeout(300);
  const png = await app.page.screenshot();
  fs.writeFileSync(path.join(artefactDir, 'jqe_step.png'), png);
  const stats = await pixelStats(app.page, png, { x: 0, y: 120, w: 1280, h: 600 }, [26, 28, 33]);
  assert.ok(stats.bright > 3000 && stats.notClear > 20000, `the step view is drawn: ${JSON.stringify(stats)}`);
});

test('one per pattern: the sample set already holds a three-table path, so every expansion is pruned', async () => {
  // Item 6 of the sample set joins bond, connected and atom in a path: the (3, 2) path class is full at n = 1.
  const s = await stepFor({ do: 'jqe_step', set: 'sample_dev.json', item: 0, order: 'complexity:asc', per_pattern: 1,
                            count_set: true });
  assert.equal(s.step.expansions.length, 0);
  assert.deepEqual(s.step.combinations.map((c) => c.verdict),
                   ['isomorphic', 'isomorphic', 'isomorphic', 'isomorphic', 'redundant', 'isomorphic']);
  // Alone (the seed's own class only), the first expansion takes the class and the rest are pruned.
  const alone = await stepFor({ do: 'jqe_step', set: 'sample_dev.json', item: 0, order: 'complexity:asc', per_pattern: 1,
                                count_set: false });
  assert.deepEqual(alone.step.combinations.map((c) => c.verdict),
                   ['kept', 'isomorphic', 'isomorphic', 'isomorphic', 'redundant', 'isomorphic']);
  assert.equal(alone.step.expansions[0].added, THESIS[0][1]);
});

// The CLI on the same set and databases, for the batch comparison; null when the native build is absent.
function cliSummary() {
  const cli = process.env.CHOKEPOINT_CLI || path.join(repoRoot, 'build/native/chokepoint');
  if (!fs.existsSync(cli)) return null;
  const dir = tempDir('jqe-e2e-');
  for (const db of ['toxicology', 'movies']) {
    fs.mkdirSync(path.join(dir, db));
    execFileSync('sqlite3', [path.join(dir, db, `${db}.sqlite`)],
                 { input: fs.readFileSync(path.join(repoRoot, 'assets/db', `${db}.sql`)) });
  }
  const out = execFileSync(cli, ['jqe', '--set', path.join(repoRoot, 'assets/sets/sample_dev.json'), '--db-root', dir,
                                 '--out', path.join(dir, 'out.json')]);
  return JSON.parse(out.toString());
}

test('batch over the sample set: progress to the end, report charts, same counts as the CLI', async () => {
  await command({ do: 'jqe_batch', set: 'sample_dev.json', order: 'complexity:desc', per_pattern: 1, count_set: true });
  await app.page.waitForFunction(() => {
    const s = JSON.parse(Module.ccall('chokepoint_panel_json', 'string', ['string'], ['Join query expansion']));
    return s.batch && s.batch.done && s.batch.summary;
  }, null, { timeout: 60000 });
  const b = (await state()).batch;
  assert.equal(b.total, 28);
  assert.equal(b.expanded, 28);
  assert.equal(b.cancelled, false);
  assert.equal(b.summary.seeds, 28);
  assert.ok(b.summary.expansion > 0, 'some expansions kept');
  assert.ok(b.shapes_before.length > 0 && b.shapes_expansion.length > 0);
  console.log(`# JQE batch over 28 seeds: kept ${b.summary.expansion}, generated ${b.summary.generated}, ` +
              `longest unit of work ${b.longest_unit_ms.toFixed(1)} ms, total work ${b.work_ms.toFixed(0)} ms`);
  const cli = cliSummary();
  if (cli) {
    for (const k of ['seeds', 'seeds_expandable', 'generated', 'expansion', 'pruned', 'redundant', 'avg_degree_before',
                     'avg_degree_expansion', 'cyclic_pct_before', 'cyclic_pct_expansion'])
      assert.deepEqual(b.summary[k], cli[k], `${k}: browser ${b.summary[k]}, CLI ${cli[k]}`);
    assert.deepEqual(b.summary.pruned_by_reason, cli.pruned_by_reason);
    assert.ok(b.summary.unnesting, 'the unnesting of CTEs and FROM-subqueries is counted');
    assert.deepEqual(b.summary.unnesting, cli.unnesting);
  } else {
    console.log('# no native chokepoint CLI: batch not compared with it');
  }
  await command({ do: 'show', tab: PANEL });
  await command({ do: 'jqe_view', view: 'batch' });
  await app.page.waitForTimeout(400);
  await expectTextDrawn(app.page, 'jqe_batch.png', { x: 0, y: 120, w: 1280, h: 600 });
});

test('a batch that reaches the decision limit stops with a message and keeps what it decided', async () => {
  await command({ do: 'jqe_batch', set: 'sample_dev.json', per_pattern: 0, order: 'complexity:asc', max_decisions: 10 });
  await app.page.waitForFunction(() => {
    const s = JSON.parse(Module.ccall('chokepoint_panel_json', 'string', ['string'], ['Join query expansion']));
    return s.batch && s.batch.done && s.batch.summary;
  }, null, { timeout: 30000 });
  const s = await state();
  assert.match(s.batch.stopped, /^stopped after 10 recorded decisions/);
  assert.equal(s.batch.summary.generated + s.batch.summary.redundant, 10, 'the ten decisions are reported');
  assert.equal(s.preferences.max_decisions, 10);
  await command({ do: 'jqe_batch', set: 'sample_dev.json', per_pattern: 1, order: 'complexity:desc', max_decisions: 3000000 });
  await app.page.waitForFunction(() => {
    const s = JSON.parse(Module.ccall('chokepoint_panel_json', 'string', ['string'], ['Join query expansion']));
    return s.batch && s.batch.done && s.batch.summary;
  }, null, { timeout: 30000 });
  assert.equal((await state()).batch.stopped, '', 'a normal run is not stopped');
});

test('a batch can be cancelled and the app keeps working', async () => {
  // The Cancel reaches the page in the frame the batch starts, so the batch is cancelled before it could finish.
  await sendCommands(app.page, [{ do: 'jqe_batch', set: 'sample_dev.json', per_pattern: 0, order: 'complexity:asc' },
    { do: 'jqe_batch', cancel: true }]);
  await app.page.waitForFunction(() => {
    const s = JSON.parse(Module.ccall('chokepoint_panel_json', 'string', ['string'], ['Join query expansion']));
    return s.batch && s.batch.done;
  }, null, { timeout: 30000 });
  const b = (await state()).batch;
  assert.equal(b.cancelled, true);
  assert.ok(b.expanded < b.total, `cancelled before the end (${b.expanded} / ${b.total})`);
  const s = await stepFor({ do: 'jqe_step', set: 'sample_dev.json', item: 4, per_pattern: 0 });
  assert.equal(s.step.error, '');
  assert.ok(s.step.candidates.length > 0);
});

test("the Help's toxicology example with the default settings, stepped through by clicking, shows what the Help says",
  async () => {
    // A fresh page: nothing set by the tests above.
    const fresh = await startApp();
    try {
      await fresh.page.goto(fresh.url);
      await waitReady(fresh);
      await clickNamed(fresh.page, 'Join query expansion panel tab');  // where the tab bar draws it
      await fresh.page.waitForTimeout(100);
      await clickInPanel(fresh.page, 848, 89);  // "Step through" with the default set and seed (item 0)
      await fresh.page.waitForFunction(() => {
        const s = JSON.parse(Module.ccall('chokepoint_panel_json', 'string', ['string'], ['Join query expansion']));
        return s.step && s.step.combinations && s.step.combinations.length > 0;
      }, null, { timeout: 30000 });
      const s = await panelState(fresh.page, PANEL);
      // The Help: candidates bond and connected, {JC1, JC2} redundant, kept expansions ranked, at most n per shape.
      assert.deepEqual(s.step.candidates.map((c) => c.table).sort(), ['bond', 'connected']);
      assert.equal(s.step.combinations.length, 6);
      assert.equal(s.step.combinations.find((c) => c.label === 'bond: {JC1, JC2}').verdict, 'redundant');
      assert.ok(s.step.expansions.length >= 1, `the default settings keep an expansion: ${JSON.stringify(s.prefs)}`);
      await fresh.page.waitForTimeout(100);
      fs.writeFileSync(path.join(artefactDir, 'jqe_help_example_defaults.png'), await fresh.page.screenshot());
      // Walk through the decisions one at a time, as a teacher would: start, two steps on, one back.
      const reveal = async () => (await panelState(fresh.page, PANEL)).reveal;
      await clickInPanel(fresh.page, 570, 163);  // "Walk through the decisions"
      assert.equal(await reveal(), 1);
      fs.writeFileSync(path.join(artefactDir, 'jqe_walk_start.png'), await fresh.page.screenshot());
      await clickInPanel(fresh.page, 591, 163);  // "next >"
      await clickInPanel(fresh.page, 591, 163);
      assert.equal(await reveal(), 3);
      await clickInPanel(fresh.page, 517, 163);  // "< previous"
      assert.equal(await reveal(), 2, 'the second decision: {JC3, JC4} kept');
      fs.writeFileSync(path.join(artefactDir, 'jqe_walk_second.png'), await fresh.page.screenshot());
    } finally {
      await fresh.close();
    }
  });

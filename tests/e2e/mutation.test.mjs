// The Mutation lab in the browser (SQLMorph §VI-C-1): the thesis' toxicology seed (item 0 of the sample set) gets the
// single-error mutants of Table IX on the real sample database in wasm. Expectations are read off the query by hand:
// it has one JOIN ... ON, a WHERE of two equality predicates joined by AND, one aggregate and no star, HAVING or
// LIMIT; so the WHERE and join operators must fire and the HAVING and LIMIT operators cannot. Dropping the WHERE
// clause counts every molecule that has atoms instead of the non-carcinogenic ones with chlorine: EX must be 0.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { pixelStats, artefactDir, sendCommand, panelState } from './browser.mjs';
import { openApp, closeAll } from './fixture.mjs';

let app;
before(async () => {
  app = await openApp();
});
after(() => closeAll({ app }));

const PANEL = 'Mutation lab';
const state = () => panelState(app.page, PANEL);
const command = (c) => sendCommand(app.page, c);
const waitScored = () => app.page.waitForFunction(() => {
  const s = JSON.parse(Module.ccall('chokepoint_panel_json', 'string', ['string'], ['Mutation lab']));
  return s.done === true && s.total > 0;
}, null, { timeout: 60000 });

test('every operator proposes its mutants of the toxicology seed, each scored with EX and EXP/EXR/F1', async () => {
  await command({ do: 'show', tab: PANEL });
  await command({ do: 'mutation_lab', set: 'sample_dev.json', item: 0, semantics: 'bird',
                  regimes: ['EC-EC-IE', 'SC-EC-IE'] });
  await waitScored();
  const s = await state();
  assert.equal(s.error, '');
  assert.equal(s.db_id, 'toxicology');
  assert.deepEqual(s.regimes, ['EC-EC-IE', 'SC-EC-IE']);
  assert.equal(s.operators.length, 15, 'the 15 operators of SQLMorph Table IX are listed');
  const names = new Set(s.operators.map((o) => o.op));
  assert.equal(s.scored, s.total);
  for (const m of s.mutants) {
    assert.ok(names.has(m.op), `mutant operator ${m.op} is a Table IX operator`);
    assert.ok(m.description.length > 0, `${m.op} describes its edit`);
    assert.ok(m.added.length + m.removed.length > 0, `${m.op}: the diff against the gold shows the edit`);
    assert.equal(m.status, 'scored');
    assert.ok(m.ex === 0 || m.ex === 1);
    for (const r of ['EC-EC-IE', 'SC-EC-IE']) {
      const v = m.scores[r];
      assert.ok(v && v.f1 >= 0 && v.f1 <= 1, `${m.op} has ${r} scores`);
      if (m.ex === 1) assert.equal(v.f1, 1, 'EX = 1 forces EXP = EXR = 1 (SQLMorph §VI)');
    }
  }
  const fired = s.operators.filter((o) => o.mutants > 0).map((o) => o.op);
  for (const op of ['where_predicate_delete', 'where_condition_flip', 'where_remove', 'join_break', 'join_type_to_left'])
    assert.ok(fired.includes(op), `${op} fires on the seed (fired: ${fired.join(', ')})`);
  assert.ok(fired.length >= 5);
  for (const op of ['having_condition_flip', 'having_remove', 'limit_increase', 'limit_decrease', 'where_strengthen',
                    'where_weaken', 'projection_drop'])
    assert.ok(!fired.includes(op), `${op} has no edit site in the seed`);
  // Two predicates: one deletion and one flip each.
  assert.equal(s.mutants.filter((m) => m.op === 'where_predicate_delete').length, 2);
  assert.equal(s.mutants.filter((m) => m.op === 'where_condition_flip').length, 2);

  const dropWhere = s.mutants.findIndex((m) => m.op === 'where_remove');
  const m = s.mutants[dropWhere];
  assert.equal(m.removed, 'WHERE molecule.label = "-" AND atom.element = "cl"');
  assert.equal(m.added, '');
  assert.equal(m.pred_status, 'ok');
  assert.equal(m.ex, 0, 'without its WHERE clause the count differs from the gold');

  await command({ do: 'mutation_lab', select: dropWhere });
  await app.page.waitForFunction((k) => JSON.parse(Module.ccall('chokepoint_panel_json', 'string', ['string'], ['Mutation lab'])).selected === k,
                                 dropWhere);
  await app.page.waitForTimeout(300);
  const png = await app.page.screenshot();
  fs.writeFileSync(path.join(artefactDir, 'mutation_lab.png'), png);
  const stats = await pixelStats(app.page, png, { x: 0, y: 120, w: 1280, h: 600 }, [26, 28, 33]);
  assert.ok(stats.bright > 3000 && stats.notClear > 20000, `the lab is drawn: ${JSON.stringify(stats)}`);
});

test('a GROUP BY ... HAVING gold gets the HAVING operators', async () => {
  // Item 7: SELECT molecule_id, COUNT(atom_id) FROM atom GROUP BY molecule_id HAVING COUNT(atom_id) > 8
  await command({ do: 'mutation_lab', set: 'sample_dev.json', item: 7 });
  await app.page.waitForFunction(() => {
    const s = JSON.parse(Module.ccall('chokepoint_panel_json', 'string', ['string'], ['Mutation lab']));
    return s.done === true && s.item === 7;
  }, null, { timeout: 60000 });
  const s = await state();
  const fired = s.operators.filter((o) => o.mutants > 0).map((o) => o.op);
  for (const op of ['having_condition_flip', 'having_remove', 'projection_drop'])
    assert.ok(fired.includes(op), `${op} fires (fired: ${fired.join(', ')})`);
  const flip = s.mutants.find((m) => m.op === 'having_condition_flip');
  assert.equal(flip.removed, '>');
  assert.equal(flip.added, '<');
});

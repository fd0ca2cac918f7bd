// The gold check of the Metrics panel: before any prediction exists, a real click opens "Check the
// gold set" and runs it; the report (ceiling, defect counts, the defective golds with their defects) equals what
// `chokepoint eval --validate-gold` reports on the same file and database under the same limit, and the counts are also
// computed by hand: a clean gold, a tie cut by ORDER BY ... LIMIT, an error, an empty result, a runaway recursive
// query stopped at the limit (the page stays responsive) and a gold whose database is not loaded. After an evaluation
// the same report is in the "Gold check" tab.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { sendCommand, untilPanel, uploadSet, clickNamed, drawnRects, expectTextDrawn } from './browser.mjs';
import { cli, tempDir, copyDb, openApp, closeAll } from './fixture.mjs';

const METRICS = 'Predictions & metrics';
const GOLDS = [
  ['SELECT count(*) FROM atom', 'toxicology'],  // clean
  ["WITH t AS (SELECT 'a' AS n, 1 AS s UNION ALL SELECT 'b', 1 UNION ALL SELECT 'c', 0) " +
    'SELECT n FROM t ORDER BY s DESC LIMIT 1', 'toxicology'],  // 'a' and 'b' tie for the first place
  ['SELECT nope FROM atom', 'toxicology'],  // error
  ["SELECT element FROM atom WHERE element = 'no such element'", 'toxicology'],  // empty
  ['WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT count(*) FROM c', 'toxicology'],  // slow
  ['SELECT 1', 'nowhere'],  // no database
];

let app;
let dir;
before(async () => {
  dir = tempDir('chokepoint-gold-check-');
  fs.writeFileSync(path.join(dir, 'check_gold.sql'), GOLDS.map(([q, db]) => `${q}\t${db}`).join('\n') + '\n');
  copyDb(dir, 'toxicology');
  app = await openApp();
});
after(() => closeAll({ app, dir }));

const until = (predicate, what, timeout) => untilPanel(app.page, METRICS, predicate, what, timeout);

test('the gold check from the page equals eval --validate-gold, before and after an evaluation', async () => {
  await uploadSet(app.page, path.join(dir, 'check_gold.sql'));
  await sendCommand(app.page, { do: 'show', tab: METRICS });
  await clickNamed(app.page, 'Check the gold set');
  // The limit and semantics the check runs under, then its button by a click.
  await sendCommand(app.page, { do: 'gold_check', gold: 'check_gold.sql', semantics: 'bird', timeout_ms: 300 });
  const first = (await until((s) => s.gold_check?.done, 'the first check')).gold_check;
  await clickNamed(app.page, 'check golds');
  const s = (await until((x) => x.gold_check?.done && x.gold_check.checked === 6, 'the clicked check')).gold_check;
  // The report (ceiling, defect counts, the defective golds) is drawn under the button.
  await expectTextDrawn(app.page, 'gold_check.png', (await drawnRects(app.page)).below('check golds'), 3500);
  assert.deepEqual([s.n, s.achievable, s.ceiling, s.timeout_ms], [6, 3, 50, 300], 'clean, tie and empty are achievable');
  assert.deepEqual(s.defects, { error: 1, slow: 1, no_database: 1, empty: 1, truncated: 0, non_deterministic: 0,
                                tie_dependent: 1 });
  assert.deepEqual(first.items.map((i) => [i.id, i.defects]), s.items.map((i) => [i.id, i.defects]));

  const out = path.join(dir, 'validate.json');
  const r = spawnSync(cli, ['eval', '--validate-gold', '--gold', path.join(dir, 'check_gold.sql'), '--db-root',
    path.join(dir, 'db'), '--timeout-ms', '300', '--out', out, '--skip-missing'], { encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  const viaCli = JSON.parse(fs.readFileSync(out, 'utf8'));
  assert.deepEqual([s.n, s.achievable, s.ceiling, s.defects], [viaCli.n, viaCli.achievable, viaCli.ceiling,
                                                                viaCli.defects]);
  assert.deepEqual(s.items.map((i) => [i.id, i.db_id, i.defects, i.rows, i.achievable]),
                   viaCli.items.map((i) => [i.id, i.db_id, i.defects, i.rows, i.achievable]));
  assert.match(s.items.find((i) => i.defects.includes('error')).message, /nope/);

  // With a run, the report is the last tab's.
  await sendCommand(app.page, { do: 'evaluate', gold: 'check_gold.sql', pred: 'check_gold.sql', semantics: 'bird' });
  await until((x) => x.done && x.queued === false, 'the evaluation');
  await clickNamed(app.page, 'Gold check tab');
  const kept = (await until((x) => x.gold_check?.done, 'the tab')).gold_check;
  assert.equal(kept.ceiling, 50);
  await expectTextDrawn(app.page, 'gold_check_tab.png', (await drawnRects(app.page)).below('check golds'), 3500);
});

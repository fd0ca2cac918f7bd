// The Audit tab of the Test databases panel on the fixture of tests/cli/audit.test.mjs (orphan bonds,
// a padded airport name, a case-only literal, card_games 357's NULL filter), uploaded as a user would: a real click on
// the tab and on "Audit"; the per-kind counts are also computed by hand; every finding (kind, table, column, detail,
// count, examples, items) equals `chokepoint audit` on the same files; a database of the set that is not loaded is
// named; a click on a finding lists its items.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync, execFileSync } from 'node:child_process';
import { sendCommand, untilPanel, uploadSet, clickNamed, drawnRects, expectTextDrawn, pixelStats } from './browser.mjs';
import { cli, tempDir, openApp, closeAll } from './fixture.mjs';

const PANEL = 'Test databases';
const ITEMS = [
  { question_id: 286, db_id: 'tox', question: 'How many bonds are in molecules labelled \'+\'?', evidence: '',
    SQL: 'SELECT count(*) FROM bond AS T1 JOIN molecule AS T2 ON T1.molecule_id = T2.molecule_id WHERE T2.label = \'+\'' },
  { question_id: 197, db_id: 'tox', question: 'Which city and country is the Alton airport at?', evidence: '',
    SQL: 'SELECT City, Country FROM airports WHERE AirportName = "Alton"' },
  { question_id: 198, db_id: 'tox', question: 'What is the code of the airport?', evidence: 'name is \'ALBANY\'',
    SQL: 'SELECT AirportCode FROM airports WHERE AirportName = \'ALBANY\'' },
  { question_id: 357, db_id: 'tox', question: 'What type of promotion is of card \'Duress\'?', evidence: '',
    SQL: 'SELECT promoTypes FROM cards WHERE name = \'Duress\' AND promoTypes IS NOT NULL' },
  { question_id: 900, db_id: 'elsewhere', question: 'q', evidence: '', SQL: 'SELECT 1' },
];

let app;
let dir;
before(async () => {
  dir = tempDir('chokepoint-audit-view-');
  fs.mkdirSync(path.join(dir, 'db', 'tox'), { recursive: true });
  execFileSync('sqlite3', [path.join(dir, 'db', 'tox', 'tox.sqlite')], { input: `
    CREATE TABLE molecule(molecule_id TEXT PRIMARY KEY, label TEXT);
    CREATE TABLE bond(bond_id TEXT PRIMARY KEY, molecule_id TEXT REFERENCES molecule(molecule_id));
    INSERT INTO molecule VALUES ('TR000', '+'), ('TR001', '-');
    INSERT INTO bond VALUES ('b1', 'TR000'), ('b2', 'TR404'), ('b3', 'TR405');
    CREATE TABLE airports(City TEXT, AirportCode TEXT PRIMARY KEY, AirportName TEXT, Country TEXT);
    INSERT INTO airports VALUES ('Alton', 'ALN', 'Alton ', 'United States'), ('Albany', 'ALB', 'Albany', 'United States');
    CREATE TABLE cards(id INTEGER PRIMARY KEY, name TEXT, promoTypes TEXT);
    INSERT INTO cards VALUES (1, 'Duress', NULL), (2, 'Duress', 'arenaleague');` });
  fs.copyFileSync(path.join(dir, 'db', 'tox', 'tox.sqlite'), path.join(dir, 'tox.sqlite'));
  fs.writeFileSync(path.join(dir, 'audit_dev.json'), JSON.stringify(ITEMS));
  app = await openApp();
});
after(() => closeAll({ app, dir }));

const until = (predicate, what, timeout) => untilPanel(app.page, PANEL, predicate, what, timeout);

test('the audit from the page finds the planted defects, equal to chokepoint audit, and lists a finding\'s items', async () => {
  await app.page.setInputFiles('#chokepoint-file-input', path.join(dir, 'tox.sqlite'));
  await uploadSet(app.page, path.join(dir, 'audit_dev.json'));
  await sendCommand(app.page, { do: 'show', tab: PANEL });
  await clickNamed(app.page, 'Audit tab');
  await sendCommand(app.page, { do: 'audit_run', set: 'audit_dev.json' });
  await until((s) => s.audit?.done, 'the first audit');
  await clickNamed(app.page, 'audit databases');  // the button again, by a click: the same report
  const a = (await until((s) => s.audit?.done && s.audit.databases === 1, 'the clicked audit')).audit;
  // By hand: bond.molecule_id has 2 orphans (TR404, TR405) named by item 286; "Alton " is padded (item 197 reads
  // AirportName); 'Alton' matches only after trimming and 'ALBANY' only up to case (items 197, 198); item 357's
  // promoTypes IS NOT NULL changes its result when removed.
  assert.deepEqual(Object.fromEntries(Object.entries(a.by_kind).map(([k, v]) => [k, v.findings > 0])),
    { fk_orphans: true, padded_values: true, literal_mismatch: true, null_sensitive_gold: true });
  const orphans = a.findings.find((f) => f.kind === 'fk_orphans');
  assert.deepEqual([orphans.table, orphans.column, orphans.count, orphans.items], ['bond', 'molecule_id', 2, ['286']]);
  assert.deepEqual(a.databases_missing, ['elsewhere']);

  const out = path.join(dir, 'audit.json');
  // The set names a database the folder lacks on purpose: the page lists it as missing, the CLI skips it when told.
  const r = spawnSync(cli, ['audit', '--gold', path.join(dir, 'audit_dev.json'), '--db-root', path.join(dir, 'db'),
    '--out', out, '--skip-missing'], { encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  const viaCli = JSON.parse(fs.readFileSync(out, 'utf8'));
  assert.deepEqual(a.by_kind, viaCli.by_kind);
  assert.deepEqual([a.items_affected, a.golds_unparsed, a.golds_failed, a.queries],
                   [viaCli.items_affected, viaCli.golds_unparsed, viaCli.golds_failed, viaCli.queries]);
  const shape = (f) => [f.kind, f.db_id, f.table, f.column, f.detail, f.count, f.examples, f.items];
  assert.deepEqual(a.findings.map(shape), viaCli.findings.map(shape));

  await clickNamed(app.page, 'first audit finding');
  const picked = (await until((s) => s.audit?.selected === 0, 'the selected finding')).audit;
  assert.equal(picked.findings[0].kind, 'fk_orphans');
  // The findings and the picked one's items are drawn under the Audit button; the picked row is highlighted.
  const at = await drawnRects(app.page);
  const { png } = await expectTextDrawn(app.page, 'audit_view.png', at.below('audit databases'), 3000);
  const row = await pixelStats(app.page, png, at.at('first audit finding'), [26, 28, 33]);
  assert.ok(row.hues.blue > row.total / 2, `the picked finding is highlighted: ${JSON.stringify(row)}`);
});

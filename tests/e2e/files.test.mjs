// Opening files in the app: a real SQLite database and an evaluation set are loaded and survive a reload (IndexedDB
// workspace); a corrupt database and a malformed JSON file give clear messages and break nothing.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { waitReady, callJson, workspaceSettled, drawnRects, expectTextDrawn, pixelStats } from './browser.mjs';
import { tempDir, openApp, closeAll } from './fixture.mjs';

let app;
let dir;
const call = (fn) => callJson(app.page, fn);

before(async () => {
  dir = tempDir('chokepoint-e2e-');
  execFileSync('sqlite3', [path.join(dir, 'library.sqlite'),
    'CREATE TABLE author(id INTEGER PRIMARY KEY, name TEXT); CREATE TABLE book(id INTEGER PRIMARY KEY, ' +
    'author_id INTEGER REFERENCES author(id), title TEXT); INSERT INTO author VALUES (1, \'Ann\'), (2, \'Bo\'); ' +
    'INSERT INTO book VALUES (1, 1, \'X\'), (2, 1, \'Y\'), (3, 2, \'Z\');']);
  fs.writeFileSync(path.join(dir, 'broken.sqlite'), 'SQLite format 3\0' + 'garbage'.repeat(200));
  fs.writeFileSync(path.join(dir, 'notes.sqlite'), 'just text, not a database');
  fs.writeFileSync(path.join(dir, 'bad.json'), '[{"question": "unterminated');
  fs.writeFileSync(path.join(dir, 'library_gold.sql'), 'SELECT count(*) FROM book\tlibrary\nSELECT name FROM author\tlibrary\n');
  app = await openApp();
});
after(() => closeAll({ app, dir }));

async function upload(name) {
  await app.page.setInputFiles('#chokepoint-file-input', path.join(dir, name));
}

test('an uploaded SQLite database is read in wasm and listed with its tables and row counts', async () => {
  await upload('library.sqlite');
  await app.page.waitForFunction(() => JSON.parse(Module.ccall('chokepoint_summary_json', 'string', [], []))
    .some((d) => d.db_id === 'library'));
  const lib = (await call('chokepoint_summary_json')).find((d) => d.db_id === 'library');
  assert.equal(lib.origin, 'upload');
  const book = lib.tables.find((t) => t.name === 'book');
  assert.equal(book.rows, 3);
  assert.deepEqual(book.foreign_keys[0].columns, ['author_id']);
});

// A database over 8 MiB opens with its tables listed at once and its rows counted afterwards, a slice a frame: the
// counts the page ends with are sqlite3's own.
test('a big uploaded database lists its tables first, then the row counts sqlite3 gives', async () => {
  const file = path.join(dir, 'ledger.sqlite');
  execFileSync('sqlite3', [file, `CREATE TABLE account(id INTEGER PRIMARY KEY, name TEXT);
    CREATE TABLE entry(id INTEGER PRIMARY KEY, account_id INTEGER REFERENCES account(id), memo TEXT);
    CREATE TABLE tag(name TEXT PRIMARY KEY, n INTEGER) WITHOUT ROWID;
    WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 300)
      INSERT INTO account SELECT i, 'a' || i FROM n;
    WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 60000)
      INSERT INTO entry SELECT i * 3, 1 + i % 300, hex(randomblob(100)) FROM n;
    WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 500)
      INSERT INTO tag SELECT 't' || i, i FROM n;`]);
  assert.ok(fs.statSync(file).size > 8 * 1048576, 'the file is over the size counted later');
  const expected = Object.fromEntries(['account', 'entry', 'tag'].map((t) =>
    [t, Number(execFileSync('sqlite3', [file, `SELECT count(*) FROM ${t}`], { encoding: 'utf8' }).trim())]));
  await upload('ledger.sqlite');
  await app.page.waitForFunction(() => JSON.parse(Module.ccall('chokepoint_summary_json', 'string', [], []))
    .some((d) => d.db_id === 'ledger'));
  await app.page.waitForFunction(() => JSON.parse(Module.ccall('chokepoint_summary_json', 'string', [], []))
    .some((d) => d.db_id === 'ledger' && d.counting_rows === false), null, { timeout: 60000 });
  const ledger = (await call('chokepoint_summary_json')).find((d) => d.db_id === 'ledger');
  assert.deepEqual(Object.fromEntries(ledger.tables.map((t) => [t.name, t.rows])), expected);
  assert.equal(expected.entry, 60000);
});

test('a gold file becomes an evaluation set', async () => {
  await upload('library_gold.sql');
  await app.page.waitForFunction(() => JSON.parse(Module.ccall('chokepoint_sets_json', 'string', [], []))
    .some((s) => s.name === 'library_gold.sql'));
  const sets = await call('chokepoint_sets_json');
  assert.equal(sets.find((s) => s.name === 'library_gold.sql').items, 2);
});

test('corrupt and non-SQLite files and malformed JSON give clear messages', async () => {
  for (const f of ['broken.sqlite', 'notes.sqlite', 'bad.json']) await upload(f);
  await app.page.waitForFunction(() => JSON.parse(Module.ccall('chokepoint_notices_json', 'string', [], []))
    .filter((n) => n.error).length >= 3, null, { timeout: 20000 });
  const errors = (await call('chokepoint_notices_json')).filter((n) => n.error).map((n) => n.text);
  assert.ok(errors.some((e) => e.startsWith('broken.sqlite') && /not a readable SQLite database|malformed/.test(e)), errors.join('\n'));
  assert.ok(errors.some((e) => e.startsWith('notes.sqlite') && e.includes('not a SQLite database')), errors.join('\n'));
  assert.ok(errors.some((e) => e.startsWith('bad.json')), errors.join('\n'));
  // The app is still alive and drawing: the open panel carries text, and the last error is said above the tabs in the
  // error colour.
  const at = await drawnRects(app.page);
  const { png } = await expectTextDrawn(app.page, 'files_after_errors.png', at.panel, 3000);
  const head = await pixelStats(app.page, png, at.head, [26, 28, 33]);
  assert.ok(head.hues.red > 800, `the error is said above the tabs: ${JSON.stringify(head)}`);
  const still = await call('chokepoint_summary_json');
  assert.ok(still.some((d) => d.db_id === 'toxicology'));
});

test('loaded files survive a reload through the IndexedDB workspace', async () => {
  await workspaceSettled(app.page);
  await app.page.reload();
  await waitReady(app);
  const dbs = await call('chokepoint_summary_json');
  const lib = dbs.find((d) => d.db_id === 'library');
  assert.ok(lib, 'library is back after the reload');
  assert.equal(lib.origin, 'workspace');
  const sets = await call('chokepoint_sets_json');
  assert.ok(sets.some((s) => s.name === 'library_gold.sql'));
  assert.ok(!dbs.some((d) => d.db_id === 'broken'), 'a file that failed to open was not kept');
});

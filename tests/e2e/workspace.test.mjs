// The workspace as a whole: export to one file, clear, import it again and find everything back; a damaged archive
// is refused and changes nothing.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { sendCommand, panelState, callJson } from './browser.mjs';
import { tempDir, openApp, closeAll } from './fixture.mjs';

let app;
let dir;
const panel = (name) => panelState(app.page, name);
const summary = () => app.page.evaluate(() => JSON.parse(Module.ccall('chokepoint_summary_json', 'string', [], [])));
const command = (c) => sendCommand(app.page, c);
const notices = () => app.page.evaluate(() => JSON.parse(Module.ccall('chokepoint_notices_json', 'string', [], [])));

before(async () => {
  dir = tempDir('chokepoint-ws-');
  execFileSync('sqlite3', [path.join(dir, 'garden.sqlite'),
    "CREATE TABLE plant(id INTEGER PRIMARY KEY, name TEXT); INSERT INTO plant VALUES (1, 'fern'), (2, 'moss');"]);
  fs.writeFileSync(path.join(dir, 'garden_gold.sql'), 'SELECT name FROM plant\tgarden\n');
  fs.writeFileSync(path.join(dir, 'broken.chokepoint'), 'SQLite format 3\0' + 'x'.repeat(3000));
  app = await openApp();
});
after(() => closeAll({ app, dir }));

test('export, clear and import bring the workspace back', async () => {
  await app.page.setInputFiles('#chokepoint-file-input', [path.join(dir, 'garden.sqlite'), path.join(dir, 'garden_gold.sql')]);
  await app.page.waitForFunction(() => JSON.parse(Module.ccall('chokepoint_panel_json', 'string', ['string'], ['Workspace']))
    .files.length >= 2);
  const [download] = await Promise.all([app.page.waitForEvent('download'), command({ do: 'workspace_export' })]);
  const archive = path.join(dir, 'saved.chokepoint');
  await download.saveAs(archive);
  const listed = execFileSync('sqlite3', [archive, 'SELECT path FROM files ORDER BY path']).toString();
  assert.match(listed, /files\/garden\.sqlite/);
  assert.match(listed, /files\/garden_gold\.sql/);

  await command({ do: 'workspace_clear' });
  await app.page.waitForFunction(() => JSON.parse(Module.ccall('chokepoint_panel_json', 'string', ['string'], ['Workspace']))
    .files.length === 0);
  assert.ok(!(await summary()).some((d) => d.db_id === 'garden'), 'cleared databases are closed');

  await app.page.setInputFiles('#chokepoint-file-input', archive);
  await app.page.waitForFunction(() => JSON.parse(Module.ccall('chokepoint_summary_json', 'string', [], []))
    .some((d) => d.db_id === 'garden'));
  const sets = await callJson(app.page, 'chokepoint_sets_json');
  assert.ok(sets.some((s) => s.name === 'garden_gold.sql'));
  const ws = await panel('Workspace');
  assert.equal(ws.files.length, 2);
});

test('a damaged archive is refused and the workspace is unchanged', async () => {
  const before = (await panel('Workspace')).files;
  await app.page.setInputFiles('#chokepoint-file-input', path.join(dir, 'broken.chokepoint'));
  await app.page.waitForFunction(() => JSON.parse(Module.ccall('chokepoint_notices_json', 'string', [], []))
    .some((n) => n.error && n.text.startsWith('import failed')));
  assert.deepEqual((await panel('Workspace')).files, before);
  assert.ok((await summary()).some((d) => d.db_id === 'garden'));
});

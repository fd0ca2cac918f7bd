// The workspace when a database is bigger than the browser lets the page store: it must not take every file uploaded
// after it down at the next reload. Here the page's quota is made small (Chromium's Storage.overrideQuotaForOrigin),
// a file larger than it is uploaded, then smaller ones: the big one is said not to be kept at upload, the smaller ones
// are, and after a reload they are back. A big file is read with progress and can be cancelled with a click; files
// kept by the old IDBFS workspace move into the new store.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { startApp, waitReady, callJson, clickAt, sendCommand, panelState, workspaceSettled, nextFrames, drawnRects,
  expectTextDrawn } from './browser.mjs';

let app;
let dir;
const QUOTA = 24 * 1048576;

function database(name, rows) {
  execFileSync('sqlite3', [path.join(dir, name), `CREATE TABLE note(id INTEGER PRIMARY KEY, body TEXT);
    WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${rows})
    INSERT INTO note SELECT i, hex(randomblob(150)) FROM n;`]);
}
const report = () => app.page.evaluate(() => JSON.parse(Module.chokepointWorkspace.report()));
const databases = async () => (await callJson(app.page, 'chokepoint_summary_json')).map((d) => d.db_id);
const upload = (...names) => app.page.setInputFiles('#chokepoint-file-input', names.map((n) => path.join(dir, n)));

before(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chokepoint-quota-'));
  database('huge.sqlite', 130000);   // ~41 MB: over the quota
  database('small.sqlite', 200);     // ~70 KB
  database('slow.sqlite', 700000);   // ~220 MB: read for a few seconds, long enough to cancel
  fs.writeFileSync(path.join(dir, 'small_gold.sql'), 'SELECT count(*) FROM note\tsmall\n');
  app = await startApp();
  await app.page.goto(app.url);
  await waitReady(app);
  const cdp = await app.context.newCDPSession(app.page);
  await cdp.send('Storage.overrideQuotaForOrigin', { origin: new URL(app.url).origin, quotaSize: QUOTA });
});
after(async () => {
  if (app) await app.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

test('a file over the quota is said not to be kept at upload, and takes no other file down', async () => {
  assert.ok(fs.statSync(path.join(dir, 'huge.sqlite')).size > QUOTA);
  await upload('huge.sqlite');
  await app.page.waitForFunction(() => JSON.parse(Module.ccall('chokepoint_summary_json', 'string', [], []))
    .some((d) => d.db_id === 'huge'), null, { timeout: 30000 });
  let r = await workspaceSettled(app.page);
  const huge = r.files.find((f) => f.path === '/workspace/files/huge.sqlite');
  assert.equal(huge.state, 'too_large', JSON.stringify(huge));
  const notices = await callJson(app.page, 'chokepoint_notices_json');
  const said = notices.find((n) => n.error && n.text.startsWith('huge.sqlite is open, but it is too large'));
  assert.ok(said, `the user is told at upload: ${JSON.stringify(notices.slice(-3))}`);
  assert.match(said.text, /will not be there after a reload/);

  await upload('small.sqlite', 'small_gold.sql');
  r = await workspaceSettled(app.page, 20000, ['/workspace/files/small.sqlite', '/workspace/files/small_gold.sql']);
  for (const name of ['small.sqlite', 'small_gold.sql'])
    assert.equal(r.files.find((f) => f.path === `/workspace/files/${name}`)?.state, 'saved', JSON.stringify(r.files));
  await sendCommand(app.page, { do: 'show', tab: 'Workspace' });
  await app.page.waitForTimeout(300);
  // The tab lists the files kept, and says in red that the big one is not (its state, and the notice).
  const { drawn } = await expectTextDrawn(app.page, 'workspace_quota.png', (await drawnRects(app.page)).panel, 3500);
  assert.ok(drawn.hues.red > 1000, `the file not kept is said: ${JSON.stringify(drawn)}`);
  const told = (await callJson(app.page, 'chokepoint_notices_json')).filter((n) => n.text.startsWith('huge.sqlite is open'));
  assert.equal(told.length, 1, 'said once, not again at every later save');
  const panel = await panelState(app.page, 'Workspace');
  assert.equal(panel.kept.find((f) => f.path.endsWith('huge.sqlite')).state, 'too_large');

  await app.page.reload();
  await waitReady(app);
  const dbs = await databases();
  assert.ok(dbs.includes('small'), `the smaller database is back: ${dbs}`);
  assert.ok(!dbs.includes('huge'), 'the file that could not be kept is not');
  const sets = (await callJson(app.page, 'chokepoint_sets_json')).map((s) => s.name);
  assert.ok(sets.includes('small_gold.sql'), `the gold file uploaded after it is back: ${sets}`);
});

test('a big file is read with progress and a click on Cancel stops it, keeping nothing', async () => {
  await upload('slow.sqlite');
  await app.page.waitForFunction(() => JSON.parse(Module.chokepointWorkspace.report()).loads.some((l) => l.done > 0),
                                 null, { timeout: 20000, polling: 20 });
  const during = await report();
  const load = during.loads.find((l) => l.path === '/workspace/files/slow.sqlite');
  assert.ok(load && load.done < load.total, JSON.stringify(during.loads));
  // The progress line is drawn under the title: what is read, and the Cancel button (the only blue above the tabs).
  // The line is added at the page's next look at the store (every 6 frames): a few frames first.
  for (let i = 0; i < 3; ++i) await nextFrames(app.page);
  const { drawn } = await expectTextDrawn(app.page, 'workspace_loading.png', (await drawnRects(app.page)).head, 500);
  assert.ok(drawn.hues.blue > 300, `the Cancel button is drawn: ${JSON.stringify(drawn)}`);
  await clickAt(app.page, 318, 37);  // the Cancel button beside the progress bar, under the title
  await app.page.waitForFunction(() => JSON.parse(Module.chokepointWorkspace.report()).loads.length === 0, null,
                                 { timeout: 20000 });
  await app.page.waitForTimeout(300);
  assert.ok(!(await databases()).includes('slow'), 'the cancelled database was not opened');
  const r = await workspaceSettled(app.page);
  assert.ok(!r.files.some((f) => f.path.endsWith('slow.sqlite')), 'and not kept');
  const left = await app.page.evaluate(() => FS.readdir('/uploads').concat(FS.readdir('/workspace/files')));
  assert.ok(!left.some((n) => n.includes('slow')), `no partial file is left: ${left}`);
  const notices = await callJson(app.page, 'chokepoint_notices_json');
  assert.ok(notices.some((n) => n.text === 'stopped reading slow.sqlite'), JSON.stringify(notices.slice(-3)));
});

test('files kept by the old IDBFS workspace move into the store and open', async () => {
  await app.page.evaluate(async () => {
    const db = await new Promise((ok, fail) => {
      const r = indexedDB.open('/workspace', 21);
      r.onupgradeneeded = () => r.result.createObjectStore('FILE_DATA').createIndex('timestamp', 'timestamp');
      r.onsuccess = () => ok(r.result);
      r.onerror = fail;
    });
    const tx = db.transaction('FILE_DATA', 'readwrite');
    const store = tx.objectStore('FILE_DATA');
    store.put({ timestamp: new Date(), mode: 16877 }, '/workspace/files');
    store.put({ timestamp: new Date(), mode: 33206,
                contents: new TextEncoder().encode('SELECT 1\tsmall\nSELECT 2\tsmall\n') }, '/workspace/files/old_gold.sql');
    await new Promise((ok) => { tx.oncomplete = ok; });
    db.close();
  });
  await app.page.reload();
  await waitReady(app);
  const sets = await callJson(app.page, 'chokepoint_sets_json');
  assert.equal(sets.find((s) => s.name === 'old_gold.sql')?.items, 2, 'the old file is open');
  const names = await app.page.evaluate(async () => (await indexedDB.databases()).map((d) => d.name));
  assert.ok(!names.includes('/workspace'), `the old database is gone: ${names}`);
  const r = await workspaceSettled(app.page);
  assert.equal(r.files.find((f) => f.path === '/workspace/files/old_gold.sql')?.state, 'saved');
});

// Opening big SQLite databases in the app (issue 20): for 50, 150 and 350 MB databases made with the sqlite3 CLI,
// the time from choosing the file to its tables being listed, the longest gap between two frames while it is read
// and opened (goal: none over 100 ms), the JS heap afterwards, and the same after a reload (the file reopened from the
// workspace). Prints one table. Usage: node bench/big_databases.mjs [SIZES_MB...]   (needs build/wasm/app, chromium)
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startApp, waitReady, workspaceSettled } from '../tests/e2e/browser.mjs';

const sizes = process.argv.slice(2).map(Number).filter((n) => n > 0);
if (!sizes.length) sizes.push(50, 150, 350);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chokepoint-bigdb-'));

function makeDatabase(mb) {
  const file = path.join(dir, `big${mb}.sqlite`);
  const rows = Math.round((mb * 1048576) / 330);  // ~330 bytes per row with its b-tree share
  execFileSync('sqlite3', [file, `CREATE TABLE customer(id INTEGER PRIMARY KEY, name TEXT, city TEXT);
    CREATE TABLE orders(id INTEGER PRIMARY KEY, customer_id INTEGER REFERENCES customer(id), note TEXT);
    WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 1000)
      INSERT INTO customer SELECT i, 'c' || i, 'city' || (i % 50) FROM n;
    WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${rows})
      INSERT INTO orders SELECT i, 1 + i % 1000, hex(randomblob(150)) FROM n;`]);
  return file;
}

// Longest gap between animation frames from now on, in ms.
const watchFrames = (page) => page.evaluate(() => {
  const f = window.__frames = { max: 0, last: performance.now(), on: true };
  const tick = (t) => { f.max = Math.max(f.max, t - f.last); f.last = t; if (f.on) requestAnimationFrame(tick); };
  requestAnimationFrame(tick);
});
const longestFrame = (page) => page.evaluate(() => { window.__frames.on = false; return window.__frames.max; });
const heapMb = (page) => page.evaluate(() => (performance.memory ? performance.memory.usedJSHeapSize / 1048576 : -1));
const listed = (page, id) => page.waitForFunction((db) => JSON.parse(Module.ccall('chokepoint_summary_json', 'string',
  [], [])).some((d) => d.db_id === db), id, { timeout: 600000, polling: 50 });

const rows = [];
for (const mb of sizes) {
  const file = makeDatabase(mb);
  const id = path.basename(file, '.sqlite');
  const app = await startApp();
  try {
    await app.page.goto(app.url);
    await waitReady(app);
    await watchFrames(app.page);
    const t0 = Date.now();
    await app.page.setInputFiles('#chokepoint-file-input', file);
    await listed(app.page, id);
    const open = (Date.now() - t0) / 1000;
    const frame = await longestFrame(app.page);
    const heap = await heapMb(app.page);
    const report = await workspaceSettled(app.page, 600000);
    const kept = report.files.find((f) => f.path.endsWith(path.basename(file)));
    const t1 = Date.now();
    await app.page.reload();
    await waitReady(app);
    await watchFrames(app.page);
    let reopen = '-', reframe = '-';
    if (kept && kept.state === 'saved') {
      await listed(app.page, id);
      reopen = ((Date.now() - t1) / 1000).toFixed(1);
      reframe = (await longestFrame(app.page)).toFixed(0);
    }
    rows.push([`${mb} MB`, open.toFixed(1), frame.toFixed(0), heap.toFixed(0), kept ? kept.state : 'absent', reopen, reframe]);
  } finally {
    await app.close();
    fs.rmSync(file, { force: true });
  }
}
fs.rmSync(dir, { recursive: true, force: true });
const head = ['database', 'open s', 'longest frame ms', 'JS heap MB', 'kept', 'reopen after reload s', 'longest frame ms'];
console.log(head.join(' | '));
for (const r of rows) console.log(r.join(' | '));

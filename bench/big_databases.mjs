// Opening big SQLite databases in the app: for 50, 150 and 350 MB databases made with the sqlite3 CLI,
// the time from choosing the file to its tables being listed, the longest gap between two frames while it is read
// and opened (goal: none over 100 ms) beside the longest frame of the app's own work on the main thread (the rest
// of a gap is the browser's: reading the file, compositing, the machine's other work), the JS heap afterwards, and the same after a reload (the file reopened from the
// workspace). Then an evaluation on it: four items, one a full scan, run in the evaluation worker, which
// mounts the uploaded file rather than copying it: the time, and the longest main-thread frame meanwhile (goal: none
// over 50 ms). A size written "2048s" is a 50 MB database padded with zeros to 2 GiB (sparse: no disk; SQLite reads
// only the pages its header counts), so a 2 GB upload is measured too.
// With --busy-core, a busy loop holds one of the machine's cores throughout (bench/busy_core.mjs): the same goals on a
// machine doing other work. Prints one table.
// Usage: node bench/big_databases.mjs [--busy-core] [SIZES_MB...]   (needs build/wasm/app, chromium)
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startApp, waitReady, workspaceSettled, sendCommand } from '../tests/e2e/browser.mjs';
import { startBusyCore } from './busy_core.mjs';

const sizes = process.argv.slice(2).filter((a) => /^\d+s?$/.test(a));
const unknown = process.argv.slice(2).filter((a) => !/^\d+s?$/.test(a) && a !== '--busy-core');
if (unknown.length) {
  console.error(`unknown argument ${unknown[0]}; usage: node bench/big_databases.mjs [--busy-core] [SIZES_MB...]`);
  process.exit(2);
}
const busy = process.argv.includes('--busy-core') ? startBusyCore() : null;
if (!sizes.length) sizes.push('50', '150', '350');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chokepoint-bigdb-'));

function makeDatabase(size) {
  const sparse = size.endsWith('s');
  const mb = sparse ? 50 : Number(size);
  const file = path.join(dir, `big${size.replace('s', 'sparse')}.sqlite`);
  const rows = Math.round((mb * 1048576) / 330);  // ~330 bytes per row with its b-tree share
  execFileSync('sqlite3', [file, `CREATE TABLE customer(id INTEGER PRIMARY KEY, name TEXT, city TEXT);
    CREATE TABLE orders(id INTEGER PRIMARY KEY, customer_id INTEGER REFERENCES customer(id), note TEXT);
    WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 1000)
      INSERT INTO customer SELECT i, 'c' || i, 'city' || (i % 50) FROM n;
    WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${rows})
      INSERT INTO orders SELECT i, 1 + i % 1000, hex(randomblob(150)) FROM n;`]);
  if (sparse) fs.truncateSync(file, parseInt(size, 10) * 1048576);
  return file;
}

// Gold and predictions on the database `id`: EX 3 of 4 (the last prediction counts the wrong city).
function makeSet(id) {
  const gold = path.join(dir, `${id}_gold.sql`), pred = path.join(dir, `${id}_pred.sql`);
  const g = ['SELECT count(*) FROM orders', 'SELECT name FROM customer WHERE id = 7',
             'SELECT count(*) FROM orders WHERE customer_id = 7', "SELECT count(*) FROM customer WHERE city = 'city3'"];
  const p = ['SELECT count(id) FROM orders', "SELECT name FROM customer WHERE name = 'c7'",
             'SELECT count(*) FROM orders o JOIN customer c ON c.id = o.customer_id WHERE c.id = 7',
             "SELECT count(*) FROM customer WHERE city = 'city4' OR city = 'city3'"];
  fs.writeFileSync(gold, g.map((q) => `${q}\t${id}`).join('\n') + '\n');
  fs.writeFileSync(pred, p.join('\n') + '\n');
  return [gold, pred];
}

// Longest gap between animation frames from now on, in ms.
const watchFrames = (page) => page.evaluate(() => {
  const f = window.__frames = { max: 0, last: performance.now(), on: true };
  const tick = (t) => { f.max = Math.max(f.max, t - f.last); f.last = t; if (f.on) requestAnimationFrame(tick); };
  requestAnimationFrame(tick);
});
const longestFrame = (page) => page.evaluate(() => { window.__frames.on = false; return window.__frames.max; });
// The longest main-thread frame of the app's own (chokepoint_frame_work_json: ms of work per frame since the last read).
const longestWork = (json) => Math.max(0, ...JSON.parse(json));
const heapMb = (page) => page.evaluate(() => (performance.memory ? performance.memory.usedJSHeapSize / 1048576 : -1));
const listed = (page, id) => page.waitForFunction((db) => JSON.parse(Module.ccall('chokepoint_summary_json', 'string',
  [], [])).some((d) => d.db_id === db), id, { timeout: 600000, polling: 50 });

// What each of the app's frames over 50 ms spent its time on (the page's slow-frame log, since its last reading).
async function slowFrames(page, what) {
  const slow = await page.evaluate(() => JSON.parse(Module.ccall('chokepoint_slow_frames_json', 'string', [], [])));
  for (const f of slow) {
    if (f.ms <= 50) continue;
    const parts = Object.entries(f.parts).sort((a, b) => b[1] - a[1]).map(([k, v]) => `${k} ${v.toFixed(0)} ms`);
    console.log(`${what}: frame ${f.frame} took ${f.ms.toFixed(0)} ms${parts.length ? `: ${parts.join(', ')}` : ''}`);
  }
}

const rows = [];
for (const mb of sizes) {
  const file = makeDatabase(mb);
  const id = path.basename(file, '.sqlite');
  const [gold, pred] = makeSet(id);
  const app = await startApp();
  try {
    await app.page.goto(app.url);
    await waitReady(app);
    // The page's start (its two start steps and first frames, web/main.cpp) is read and named apart, so the lines for
    // the opening below hold only the frames after the file was chosen.
    await slowFrames(app.page, `${mb} MB, page start`);
    await watchFrames(app.page);
    await app.page.evaluate(() => Module.ccall('chokepoint_frame_work_json', 'string', [], []));
    const t0 = Date.now();
    await app.page.setInputFiles('#chokepoint-file-input', file);
    await listed(app.page, id);
    const open = (Date.now() - t0) / 1000;
    const frame = await longestFrame(app.page);
    const openWork = longestWork(await app.page.evaluate(() => Module.ccall('chokepoint_frame_work_json', 'string', [], [])));
    await slowFrames(app.page, `${mb} MB, open`);
    const heap = await heapMb(app.page);
    // The evaluation, in the worker on the mounted file.
    await app.page.setInputFiles('#chokepoint-file-input', [gold, pred]);
    await app.page.waitForFunction((n) => JSON.parse(Module.ccall('chokepoint_sets_json', 'string', [], []))
      .filter((s) => s.name.startsWith(n)).length === 2, id);
    await app.page.evaluate(() => Module.ccall('chokepoint_frame_work_json', 'string', [], []));
    const t2 = Date.now();
    await sendCommand(app.page, { do: 'evaluate', gold: path.basename(gold), pred: path.basename(pred), timeout_ms: 60000 });
    const mounted = await app.page.waitForFunction(() => cpEvalWorker.databases.length > 0 || null, null,
                                                   { timeout: 60000, polling: 10 })
      .then(() => app.page.evaluate(() => cpEvalWorker.databases.every((d) => d.blob instanceof Blob)));
    await app.page.waitForFunction(() => {
      const m = JSON.parse(Module.ccall('chokepoint_panel_json', 'string', ['string'], ['Predictions & metrics']));
      return m.done === true && m.queued === false;
    }, null, { timeout: 600000, polling: 50 });
    const evalS = (Date.now() - t2) / 1000;
    const m = JSON.parse(await app.page.evaluate(() => Module.ccall('chokepoint_panel_json', 'string', ['string'],
                                                                      ['Predictions & metrics'])));
    const work = JSON.parse(await app.page.evaluate(() => Module.ccall('chokepoint_frame_work_json', 'string', [], [])));
    await slowFrames(app.page, `${mb} MB, evaluation`);
    if (m.summary.ex !== 75 || m.evaluated_in !== 'worker') throw new Error(`evaluation on ${id}: ${JSON.stringify(m.summary)}`);
    const evaluation = `${evalS.toFixed(1)} s, EX ${m.summary.ex}, ${mounted ? 'mounted' : 'copied'}, ` +
      `longest frame ${Math.max(...work).toFixed(0)} ms`;
    const report = await workspaceSettled(app.page, 600000);
    const kept = report.files.find((f) => f.path.endsWith(path.basename(file)));
    const t1 = Date.now();
    await app.page.reload();
    await waitReady(app);
    await watchFrames(app.page);
    await app.page.evaluate(() => Module.ccall('chokepoint_frame_work_json', 'string', [], []));
    let reopen = '-', reframe = '-';
    if (kept && kept.state === 'saved') {
      await listed(app.page, id);
      reopen = ((Date.now() - t1) / 1000).toFixed(1);
      reframe = `${(await longestFrame(app.page)).toFixed(0)} / ` +
        longestWork(await app.page.evaluate(() => Module.ccall('chokepoint_frame_work_json', 'string', [], []))).toFixed(0);
    }
    rows.push([`${mb} MB`, open.toFixed(1), `${frame.toFixed(0)} / ${openWork.toFixed(0)}`, heap.toFixed(0), evaluation, kept ? kept.state : 'absent',
               reopen, reframe]);
  } finally {
    await app.close();
    for (const f of [file, gold, pred]) fs.rmSync(f, { force: true });
  }
}
fs.rmSync(dir, { recursive: true, force: true });
busy?.stop();
if (busy) console.log('(one core held by a busy loop throughout)');
const head = ['database', 'open s', 'longest gap / frame work ms', 'JS heap MB', 'evaluation (worker)', 'kept',
              'reopen after reload s', 'longest gap / frame work ms'];
console.log(head.join(' | '));
for (const r of rows) console.log(r.join(' | '));

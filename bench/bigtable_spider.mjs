// BigTable-0.2k (004 §3.3) from Spider dev in the browser, as a user builds it: dev.json and the Spider dev databases
// at hand uploaded into the app, then Run a model > BigTable with the subset, the filter change and the rename (no
// expansion: that step asks a model). The same build by `chokepoint bigtable --no-expand` on the same files: wall
// time of both, the page's main-thread work per frame while it builds (p50, p99, max, frames over 50 ms), and whether
// the page's set equals the CLI's byte for byte but for the renamed copies' db_ids, with the same Table 2 counts.
// Prints one line per figure; exits 1 when the two sets differ.
// Usage: node bench/bigtable_spider.mjs [DATA_DIR]   (needs build/native/chokepoint, build/wasm/app, chromium)
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startApp, waitReady, sendCommand, panelState, repoRoot } from '../tests/e2e/browser.mjs';

const data = process.argv[2] || path.join(repoRoot, '..', 'shared', 'data');
const cli = process.env.CHOKEPOINT_CLI || path.join(repoRoot, 'build', 'native', 'chokepoint');
const spider = path.join(data, 'spider');
if (!fs.existsSync(path.join(spider, 'dev.json')) || !fs.existsSync(path.join(spider, 'database'))) {
  console.log(`Spider dev not found under ${data}: skipped`);
  process.exit(0);
}
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chokepoint-bigtable-spider-'));
const gold = path.join(dir, 'spider_dev.json');  // the app names a set by its file
fs.copyFileSync(path.join(spider, 'dev.json'), gold);
const databases = fs.readdirSync(path.join(spider, 'database'))
  .map((id) => path.join(spider, 'database', id, `${id}.sqlite`)).filter((f) => fs.existsSync(f));
const items = JSON.parse(fs.readFileSync(gold, 'utf8'));
const present = new Set(databases.map((f) => path.basename(f, '.sqlite')));
console.log(`Spider dev: ${items.length} items, ${items.filter((it) => present.has(it.db_id)).length} of them on the ` +
            `${databases.length} databases at hand`);

const out = path.join(dir, 'cli');
const t0 = Date.now();
const r = spawnSync(cli, ['bigtable', '--gold', gold, '--db-root', path.join(spider, 'database'), '--out', out,
  '--no-expand'], { encoding: 'utf8' });
const cliMs = Date.now() - t0;
if (r.status !== 0) {
  console.log(`chokepoint bigtable failed (exit ${r.status}): ${r.stderr}`);
  process.exit(1);
}
const viaCli = JSON.parse(r.stdout);
console.log(`native: chokepoint bigtable --no-expand: ${cliMs} ms; ${viaCli.items} items, strata ` +
            `${JSON.stringify(viaCli.strata)}, ${viaCli.filter_changed} filter values changed`);

const app = await startApp();
let same = false;
try {
  await app.page.goto(app.url);
  await waitReady(app);
  // What each frame over 50 ms spent its time on (the page's own slow-frame log, since its last reading).
  const slowFrames = async (what) => {
    const slow = await app.page.evaluate(() => JSON.parse(Module.ccall('chokepoint_slow_frames_json', 'string', [], [])));
    for (const f of slow) {
      if (f.ms <= 50) continue;
      const parts = Object.entries(f.parts).map(([k, v]) => `${k} ${v.toFixed(0)} ms`).join(', ');
      console.log(`browser: ${what}: frame ${f.frame} took ${f.ms.toFixed(0)} ms${parts ? `: ${parts}` : ''}`);
    }
  };
  await slowFrames('start-up');
  await app.page.setInputFiles('#chokepoint-file-input', databases);
  await app.page.waitForFunction((ids) => {
    const summary = JSON.parse(Module.ccall('chokepoint_summary_json', 'string', [], []));
    return ids.every((id) => summary.some((d) => d.db_id === id));
  }, [...present], { timeout: 120000 });
  await slowFrames(`the ${databases.length} databases chosen at once`);
  await app.page.setInputFiles('#chokepoint-file-input', gold);
  await app.page.waitForFunction(() => JSON.parse(Module.ccall('chokepoint_sets_json', 'string', [], []))
    .some((s) => s.name === 'spider_dev.json'), null, { timeout: 120000 });
  await slowFrames('spider_dev.json chosen');
  await sendCommand(app.page, { do: 'show', tab: 'Run a model' });
  await app.page.evaluate(() => Module.ccall('chokepoint_frame_work_json', 'string', [], []));  // clears the record
  const s0 = Date.now();
  await sendCommand(app.page, { do: 'bigtable_build', set: 'spider_dev.json', per_stratum: 50, seed: 1,
                                filter_change: true, rename: true, expand: false });
  const work = [];
  let b;
  for (;;) {
    const w = await app.page.evaluate(() => JSON.parse(Module.ccall('chokepoint_frame_work_json', 'string', [], [])));
    work.push(...(w.ms || w));
    b = (await panelState(app.page, 'Run a model')).bigtable;
    if (b?.done || b?.error) break;
    if (Date.now() - s0 > 600000) throw new Error('the build did not finish in 10 minutes');
    await new Promise((res) => setTimeout(res, 100));
  }
  const wall = Date.now() - s0;
  await slowFrames('the build');
  if (b.error) throw new Error(`the page's build: ${b.error}`);
  work.sort((x, y) => x - y);
  const q = (f) => (work.length ? work[Math.min(work.length - 1, Math.floor(f * work.length))] : 0);
  console.log(`browser: BigTable build: ${wall} ms; ${work.length} frames, work per frame p50 ${q(0.5).toFixed(1)} ms, ` +
              `p99 ${q(0.99).toFixed(1)} ms, max ${q(1).toFixed(1)} ms, ${work.filter((x) => x > 50).length} over 50 ms`);
  const built = await app.page.evaluate((f) => Module.FS.readFile(f, { encoding: 'utf8' }), b.path);
  const cliSet = fs.readFileSync(path.join(out, 'bigtable.json'), 'utf8');
  // Objects compared whatever their keys' order (the page's JSON sorts them).
  const canonical = (v) => JSON.stringify(v, (k, x) => (x && typeof x === 'object' && !Array.isArray(x)
    ? Object.fromEntries(Object.keys(x).sort().map((key) => [key, x[key]])) : x));
  const differences = [
    built.replace(/"db_id": "([\w-]+)_bigtable"/g, '"db_id": "$1"') === cliSet ? '' : 'the set',
    canonical(b.strata) === canonical(viaCli.strata) ? '' : 'Table 2',
    b.items === viaCli.items ? '' : 'the item count',
    b.filter_changed === viaCli.filter_changed ? '' : 'the filter changes',
    canonical(b.renamed) === canonical(viaCli.renamed) ? '' : 'the renamed names',
  ].filter(Boolean);
  same = differences.length === 0;
  if (!same) {
    const a = built.split('\n'), c = cliSet.split('\n');
    const line = a.findIndex((x, i) => x.replace(/_bigtable"/, '"') !== c[i]);
    console.log(`differs: ${differences.join(', ')}; the sets' first differing line ${line + 1}: page ` +
                `${a[line]} | CLI ${c[line]}`);
  }
  console.log(`browser: ${b.items} items, strata ${JSON.stringify(b.strata)}, ${b.filter_changed} filter values ` +
              `changed, ${b.databases.length} renamed databases; the CLI's set and Table 2 counts: ` +
              `${same ? 'equal' : 'DIFFERENT'}`);
  for (const n of b.notes) console.log(`browser note: ${n}`);
} finally {
  await app.close();
  fs.rmSync(dir, { recursive: true, force: true });
}
process.exit(same ? 0 : 1);

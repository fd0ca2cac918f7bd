// The Studies tab in the browser (the wasm timing of bench/studies.sh's native figures): shared-failures on Spider dev
// with the published Codex predictions given as two systems (the shared data holds one published Spider system), and
// jqe-delta on the sample set and `chokepoint jqe`'s expansions of it (the golds stand in for both prediction files).
// Each study is run by the tab's own command on uploaded files: wall time from the command to the report, the main
// thread's work per frame meanwhile (p50, p99, max, frames over 50 ms: the goal is none), and the report's headline
// numbers. Prints one line per study.
// Usage: node bench/studies_browser.mjs [DATA_DIR]   (needs build/native/chokepoint, build/wasm/app, chromium)
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startApp, waitReady, sendCommand, panelState, repoRoot } from '../tests/e2e/browser.mjs';

const data = process.argv[2] || path.join(repoRoot, '..', 'shared', 'data');
const cli = process.env.CHOKEPOINT_CLI || path.join(repoRoot, 'build', 'native', 'chokepoint');
const TAB = 'Studies';
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chokepoint-studies-bench-'));

const upload = (app, file) => app.page.setInputFiles('#chokepoint-file-input', file);
const setsLoaded = (app, names) => app.page.waitForFunction((wanted) => wanted.every((n) =>
  JSON.parse(Module.ccall('chokepoint_sets_json', 'string', [], [])).some((s) => s.name === n)), names,
{ timeout: 120000 });

// Runs one study by the tab's command; returns its final panel state after printing the timing line.
async function timed(app, what, command) {
  await sendCommand(app.page, { do: 'show', tab: TAB });
  const before = (await panelState(app.page, TAB)).started;
  await app.page.evaluate(() => Module.ccall('chokepoint_frame_work_json', 'string', [], []));  // clears the record
  const s0 = Date.now();
  await sendCommand(app.page, { do: 'study_run', ...command });
  const work = [];
  let s;
  for (;;) {
    work.push(...await app.page.evaluate(() => JSON.parse(Module.ccall('chokepoint_frame_work_json', 'string', [],
      []))));
    s = await panelState(app.page, TAB);
    if (s.started > before && !s.running && (s.report || s.error)) break;
    if (Date.now() - s0 > 600000) throw new Error(`${what} did not finish in 10 minutes`);
    await new Promise((r) => setTimeout(r, 50));
  }
  const wall = Date.now() - s0;
  if (s.error) throw new Error(`${what}: ${s.error}`);
  work.sort((a, b) => a - b);
  const q = (f) => (work.length ? work[Math.min(work.length - 1, Math.floor(f * work.length))] : 0);
  console.log(`browser: ${what}: ${wall} ms; ${work.length} frames, work per frame p50 ${q(0.5).toFixed(1)} ms, ` +
              `p99 ${q(0.99).toFixed(1)} ms, max ${q(1).toFixed(1)} ms, ${work.filter((x) => x > 50).length} over 50 ms`);
  return s;
}

const app = await startApp();
try {
  await app.page.goto(app.url);
  await waitReady(app);

  const spider = path.join(data, 'spider');
  const codex = path.join(data, 'preds', 'spider_dev_codex_fewshot.csv');
  if (fs.existsSync(path.join(spider, 'dev_gold.sql')) && fs.existsSync(codex)) {
    const ids = [...new Set(fs.readFileSync(path.join(spider, 'dev_gold.sql'), 'utf8').split('\n')
      .filter((l) => l.includes('\t')).map((l) => l.split('\t').pop().trim()))];
    const dbs = ids.map((id) => path.join(spider, 'database', id, `${id}.sqlite`)).filter((f) => fs.existsSync(f));
    for (const f of dbs) await upload(app, f);
    // The app names a set by its file: the one system twice under two names.
    fs.copyFileSync(path.join(spider, 'dev_gold.sql'), path.join(dir, 'spider_dev_gold.sql'));
    fs.copyFileSync(codex, path.join(dir, 'codex.csv'));
    fs.copyFileSync(codex, path.join(dir, 'codex-again.csv'));
    for (const f of ['spider_dev_gold.sql', 'codex.csv', 'codex-again.csv']) await upload(app, path.join(dir, f));
    await setsLoaded(app, ['spider_dev_gold.sql', 'codex.csv', 'codex-again.csv']);
    const s = await timed(app, `shared-failures, Spider dev x 2 systems (${dbs.length} of ${ids.length} databases)`,
      { study: 'shared-failures', gold: 'spider_dev_gold.sql', systems: ['codex.csv', 'codex-again.csv'] });
    console.log(`browser: shared-failures report: ${s.report.tables.length} tables, ${s.report.items.rows.length} ` +
                `item rows; ${s.report.notes.join(' ')}`);
  } else {
    console.log(`shared-failures: no Spider dev gold or Codex predictions under ${data}; skipped`);
  }

  // jqe-delta on the sample set: the databases are the app's built-in samples.
  const sample = path.join(repoRoot, 'assets', 'sets', 'sample_dev.json');
  fs.mkdirSync(path.join(dir, 'db', 'toxicology'), { recursive: true });
  fs.mkdirSync(path.join(dir, 'db', 'movies'), { recursive: true });
  for (const db of ['toxicology', 'movies'])
    fs.copyFileSync(path.join(repoRoot, 'build', 'native', 'assets', 'db', `${db}.sqlite`),
      path.join(dir, 'db', db, `${db}.sqlite`));
  execFileSync(cli, ['jqe', '--set', sample, '--db-root', path.join(dir, 'db'), '--out', path.join(dir, 'expanded.json')],
    { stdio: 'ignore' });
  // The golds as predictions, in BIRD's prediction format (position -> "SQL\t----- bird -----\tdb_id").
  const asPredictions = (items) => JSON.stringify(Object.fromEntries(items.map((x, i) =>
    [String(i), `${x.SQL}\t----- bird -----\t${x.db_id}`])));
  fs.copyFileSync(sample, path.join(dir, 'seeds.json'));
  fs.writeFileSync(path.join(dir, 'pred_seeds.json'), asPredictions(JSON.parse(fs.readFileSync(sample, 'utf8'))));
  fs.writeFileSync(path.join(dir, 'pred_expansions.json'),
    asPredictions(JSON.parse(fs.readFileSync(path.join(dir, 'expanded.json'), 'utf8'))));
  for (const f of ['seeds.json', 'pred_seeds.json', 'expanded.json', 'pred_expansions.json'])
    await upload(app, path.join(dir, f));
  await setsLoaded(app, ['seeds.json', 'pred_seeds.json', 'expanded.json', 'pred_expansions.json']);
  const j = await timed(app, 'jqe-delta, sample set and its expansions', {
    study: 'jqe-delta', seeds: 'seeds.json', pred_seeds: 'pred_seeds.json', expansions: 'expanded.json',
    pred_expansions: 'pred_expansions.json',
  });
  console.log(`browser: jqe-delta report: ${j.report.tables.length} tables; transitions table first row ` +
              JSON.stringify(j.report.tables.find((t) => t.id === 'transitions')?.rows[0] ?? []));
} finally {
  await app.close();
  fs.rmSync(dir, { recursive: true, force: true });
}

// A whole BIRD dev run (1,534 items, SimpleDDL-MD-Chat) against the loopback LLM server, end to end:
// the server is taught an answer for every question (the gold query in a code fence with prose for two items in
// three, a wrong query for the third), then
//   CLI:     chokepoint predict --set dev.json --tables dev_tables.json: wall time, per item, and how many answers
//            gave SQL;
//   browser: the same set and schemas uploaded into the app, the run started from the Run a model panel and
//            confirmed, then evaluated by the Metrics panel on the schema-only databases: wall time of the run, the
//            longest main-thread work in one frame while it ran (goal: no frame over 50 ms) and the longest gap
//            between two frames; then the Metrics panel's evaluation (eval s, from the run's end to the panel's
//            done, which waits for the gold facts: joins, characteristics, EM) and the page-thread time the facts
//            took (facts ms).
// Both run 8 calls at once (the LLM settings' concurrency). A second browser run is answered by the replay store (0
// network calls); a third, replayed too, runs while a busy loop holds one of the machine's cores (goal: still no frame
// over 50 ms). Prints one table.
// Usage: node bench/model_run.mjs [BIRD_DIR]   (needs build/native/chokepoint, build/wasm/app, chromium)
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startFakeLlmServer } from '../tests/llm_server/start_server.mjs';
import { startApp, waitReady, sendCommand, panelState, repoRoot } from '../tests/e2e/browser.mjs';
import { startBusyCore } from './busy_core.mjs';

const bird = process.argv[2] || path.join(repoRoot, '..', 'shared', 'data', 'bird');
const cli = process.env.CHOKEPOINT_CLI || path.join(repoRoot, 'build', 'native', 'chokepoint');
if (!fs.existsSync(path.join(bird, 'dev.json'))) {
  console.log(`BIRD dev not found under ${bird}: skipped`);
  process.exit(0);
}
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chokepoint-model-run-'));
const set = JSON.parse(fs.readFileSync(path.join(bird, 'dev.json'), 'utf8'));
const { process: server, port } = await startFakeLlmServer(['--lifetime-ms', '3600000']);
const api = (p, body) => fetch(`http://127.0.0.1:${port}${p}`, body === undefined ? {} : {
  method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) }).then((r) => r.json());
// Longer questions first, so a question that is part of another never answers the other's prompt.
const answers = {};
[...set].map((it, i) => [it, i]).sort((a, b) => b[0].question.length - a[0].question.length).forEach(([it, i]) => {
  answers[it.question] = i % 3 === 2 ? 'SELECT 1' : `Here is the query:\n\`\`\`sql\n${it.SQL}\n\`\`\`\nDone.`;
});
await api('/sql', { answers });
const rows = [];

// CLI
{
  const config = path.join(dir, 'llm.json');
  fs.writeFileSync(config, JSON.stringify({ provider: 'custom', base_url: `http://127.0.0.1:${port}/v1`, model: 'fake',
                                            concurrency: 8 }));
  const before = await api('/stats');
  const t0 = Date.now();
  let out = '';
  try {
    out = execFileSync(cli, ['predict', '--set', path.join(bird, 'dev.json'), '--tables', path.join(bird, 'dev_tables.json'),
      '--llm-config', config, '--out', path.join(dir, 'pred.json')], { encoding: 'utf8', maxBuffer: 1 << 26,
      stdio: ['ignore', 'pipe', 'ignore'] });
  } catch (e) {
    out = e.stdout;  // exit 1: some answers had no SQL
  }
  const s = (Object.values(JSON.parse(out).formats || {})[0]) || {};
  const ms = Date.now() - t0;
  rows.push({ where: 'CLI', items: s.items, sql: s.ok, wall: ms, per: ms / set.length, requests: (await api('/stats')).chat - before.chat });
}

// Browser
const app = await startApp();
try {
  await app.page.goto(app.url);
  await waitReady(app);
  for (const f of ['dev_tables.json', 'dev.json']) {
    await app.page.setInputFiles('#chokepoint-file-input', path.join(bird, f));
  }
  await app.page.waitForFunction(() => JSON.parse(Module.ccall('chokepoint_sets_json', 'string', [], []))
    .some((s) => s.name === 'dev.json'), null, { timeout: 120000 });
  await sendCommand(app.page, { do: 'llm_settings', provider: 'custom', base_url: `http://127.0.0.1:${port}/v1`,
                                model: 'fake', temperature: 0, timeout_ms: 30000, concurrency: 8 });
  for (const pass of ['browser', 'browser, replayed', 'replayed, 1 core busy']) {
    const busy = pass.includes('busy') ? startBusyCore() : null;
    const before = await api('/stats');
    await sendCommand(app.page, { do: 'show', tab: 'Run a model' });
    await sendCommand(app.page, { do: 'run_model', set: 'dev.json', formats: ['SimpleDDL-MD-Chat'], evaluate: true });
    await app.page.waitForFunction(() => JSON.parse(Module.ccall('chokepoint_panel_json', 'string', ['string'],
      ['Run a model'])).preview, null, { timeout: 120000 });
    await app.page.evaluate(() => {
      Module.ccall('chokepoint_frame_work_json', 'string', [], []);  // clears what came before
      Module.ccall('chokepoint_slow_frames_json', 'string', [], []);
      const f = window.__frames = { max: 0, last: performance.now(), on: true, work: 0 };
      const tick = (t) => { f.max = Math.max(f.max, t - f.last); f.last = t; if (f.on) requestAnimationFrame(tick); };
      requestAnimationFrame(tick);
    });
    const t0 = Date.now();
    await sendCommand(app.page, { do: 'run_model_confirm' });
    let work = 0;
    const all = [];
    for (;;) {
      const w = await app.page.evaluate(() => JSON.parse(Module.ccall('chokepoint_frame_work_json', 'string', [], [])));
      for (const ms of (w.ms || w)) { work = Math.max(work, ms); all.push(ms); }
      const s = await panelState(app.page, 'Run a model');
      if (s.total === set.length && s.answered === set.length && s.running === false) break;
      if (Date.now() - t0 > 1800000) throw new Error('the run did not finish in 30 minutes');
      await new Promise((r) => setTimeout(r, 250));
    }
    const ms = Date.now() - t0;
    busy?.stop();
    all.sort((a, b) => a - b);
    const q = (f) => (all.length ? all[Math.min(all.length - 1, Math.floor(f * all.length))] : 0);
    const over = all.filter((x) => x > 50).length;
    console.log(`${pass}: ${all.length} frames, main-thread work per frame p50 ${q(0.5).toFixed(1)} ms, ` +
                `p95 ${q(0.95).toFixed(1)} ms, p99 ${q(0.99).toFixed(1)} ms, ${over} over 50 ms`);
    const gap = await app.page.evaluate(() => { window.__frames.on = false; return window.__frames.max; });
    const s = await panelState(app.page, 'Run a model');
    // The Metrics panel evaluates the predictions on the schema-only databases (empty tables): its time, too.
    const e0 = Date.now();
    await app.page.waitForFunction(() => {
      const m = JSON.parse(Module.ccall('chokepoint_panel_json', 'string', ['string'], ['Predictions & metrics']));
      return m.done === true && m.queued === false && m.total === 1534;
    }, null, { timeout: 1800000, polling: 250 });
    const facts = (await panelState(app.page, 'Predictions & metrics')).facts || {};
    // Where the slowest frames' time went (the parts over 1 ms of each frame over 40 ms).
    const slow = await app.page.evaluate(() => JSON.parse(Module.ccall('chokepoint_slow_frames_json', 'string', [], [])));
    slow.sort((a, b) => b.ms - a.ms);
    for (const f of slow.slice(0, 5)) {
      const parts = Object.entries(f.parts).sort((a, b) => b[1] - a[1]).map(([k, v]) => `${k} ${v.toFixed(1)}`);
      console.log(`${pass}: slow frame ${f.frame}: ${f.ms.toFixed(1)} ms (${parts.join(', ') || 'no part over 1 ms'})`);
    }
    rows.push({ where: pass, items: s.total, sql: s.ok, wall: ms, per: ms / set.length, work, gap,
                eval: Date.now() - e0, facts: facts.ms, requests: (await api('/stats')).chat - before.chat, replayed: s.usage.replayed });
  }
} finally {
  await app.close();
  server.kill();
  fs.rmSync(dir, { recursive: true, force: true });
}

const pad = (v, n) => String(v).padStart(n);
console.log(`${'run'.padEnd(22)} ${pad('items', 6)} ${pad('SQL', 6)} ${pad('wall s', 8)} ${pad('ms/item', 8)} ` +
            `${pad('requests', 9)} ${pad('replayed', 9)} ${pad('max frame work ms', 18)} ${pad('max frame gap ms', 17)} ${pad('eval s', 7)} ` +
            `${pad('facts ms', 9)}`);
for (const r of rows)
  console.log(`${r.where.padEnd(22)} ${pad(r.items, 6)} ${pad(r.sql, 6)} ${pad((r.wall / 1000).toFixed(1), 8)} ` +
              `${pad(r.per.toFixed(2), 8)} ${pad(r.requests, 9)} ${pad(r.replayed ?? '-', 9)} ` +
              `${pad(r.work === undefined ? '-' : r.work.toFixed(1), 18)} ${pad(r.gap === undefined ? '-' : r.gap.toFixed(1), 17)} ` +
              `${pad(r.eval === undefined ? '-' : (r.eval / 1000).toFixed(1), 7)} ` +
              `${pad(r.facts === undefined ? '-' : r.facts.toFixed(0), 9)}`);

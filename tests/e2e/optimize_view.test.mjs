// The Optimise tab (issue 14 items 2 and 7) against the loopback LLM server, on a database where the predictions
// scan 50,000 rows and an index lookup returns the same rows (the cases of tests/llm_server/cli_optimize.test.mjs):
// real clicks on the tab, "Optimise..." and "Confirm and send"; nothing is sent before Confirm; a rewrite that keeps
// the prediction's result replaces it and beats the baseline, one that changes it is refused, a wrong prediction is
// never sent; each item's outcome and final query equal `chokepoint optimize` on the same files and server; a second
// run is answered by the replay store.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync, spawnSync } from 'node:child_process';
import { startFakeLlmServer } from '../llm_server/start_server.mjs';
import { startApp, waitReady, artefactDir, repoRoot, sendCommand, untilPanel, uploadSet, clickNamed } from './browser.mjs';

const cli = process.env.CHOKEPOINT_CLI || path.join(repoRoot, 'build', 'native', 'chokepoint');
const METRICS = 'Predictions & metrics';
const GOLD = 'SELECT id, v FROM t WHERE k + 0 = 700';
const LOOKUP = 'SELECT id, v FROM t WHERE k = 700';
const CASES = [
  ['Which rows have key 700?', GOLD, `\`\`\`sql\n${LOOKUP};\n\`\`\``, `SQL: ${LOOKUP}`],
  ['Which rows carry key seven hundred?', 'SELECT id, v FROM t WHERE k * 1 = 700', 'SELECT id, v FROM t WHERE k = 701',
    'I cannot write this one.'],
  ['List the ids and values for key 700.', 'SELECT id FROM t WHERE k = 700', 'SELECT id FROM t WHERE k = 700',
    'SELECT id, v FROM t WHERE k = 700 AND id > 0'],
];

let app;
let server;
let port;
let dir;
const api = (p, body) => fetch(`http://127.0.0.1:${port}${p}`, body === undefined ? {} : {
  method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) }).then((r) => r.json());

before(async () => {
  ({ process: server, port } = await startFakeLlmServer(['--lifetime-ms', '300000']));
  await api('/answers', { answers: Object.fromEntries(CASES.map(([, y, r]) => [`### Query: ${y}\n`, r])) });
  await api('/sql', { answers: Object.fromEntries(CASES.map(([q, , , d]) => [q, d])) });
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chokepoint-optimize-view-'));
  fs.mkdirSync(path.join(dir, 'db', 'optscan'), { recursive: true });
  execFileSync('sqlite3', [path.join(dir, 'db', 'optscan', 'optscan.sqlite')], { input:
    `CREATE TABLE t(id INTEGER PRIMARY KEY, k INTEGER, v TEXT);
     WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 50000)
       INSERT INTO t SELECT i, i * 7 % 50021, 'row ' || i FROM n;
     CREATE INDEX t_k ON t(k);` });
  fs.writeFileSync(path.join(dir, 'opt_gold.json'), JSON.stringify(CASES.map(([q], i) => ({
    question_id: i, db_id: 'optscan', question: q, evidence: '', SQL: GOLD }))));
  fs.writeFileSync(path.join(dir, 'opt_y.json'), JSON.stringify(Object.fromEntries(
    CASES.map(([, y], i) => [String(i), `${y}\t----- bird -----\toptscan`]))));
  fs.writeFileSync(path.join(dir, 'llm.json'), JSON.stringify({ provider: 'custom', base_url: `http://127.0.0.1:${port}/v1`,
    model: 'fake-optimizer', temperature: 0 }));
  app = await startApp();
  await app.page.goto(app.url);
  await waitReady(app);
});
after(async () => {
  if (app) await app.close();
  server?.kill();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

const until = (predicate, what, timeout) => untilPanel(app.page, METRICS, predicate, what, timeout);

test('optimisation from the page: preview, Confirm, outcomes equal to the CLI\'s, faster than the baseline', async () => {
  await app.page.setInputFiles('#chokepoint-file-input', path.join(dir, 'db', 'optscan', 'optscan.sqlite'));
  await app.page.waitForFunction(() => JSON.parse(Module.ccall('chokepoint_summary_json', 'string', [], []))
    .some((d) => d.db_id === 'optscan'), null, { timeout: 60000 });
  await uploadSet(app.page, path.join(dir, 'opt_gold.json'));
  await uploadSet(app.page, path.join(dir, 'opt_y.json'));
  await sendCommand(app.page, { do: 'show', tab: METRICS });
  await sendCommand(app.page, { do: 'evaluate', gold: 'opt_gold.json', pred: 'opt_y.json', semantics: 'bird' });
  await until((s) => s.done && s.queued === false, 'the evaluation');
  await sendCommand(app.page, { do: 'llm_settings', provider: 'custom', base_url: `http://127.0.0.1:${port}/v1`,
                                model: 'fake-optimizer', temperature: 0, timeout_ms: 4000 });
  const before = (await api('/stats')).chat;
  await clickNamed(app.page, 'Optimise tab');
  // Two variants: the other four unticked by clicks; 10 runs of each query (the default).
  for (const v of ['with-y+s', 'with-y+s+q', 'demo', 'demo+comments']) await clickNamed(app.page, `optimise variant ${v}`);
  await clickNamed(app.page, 'optimise queries');
  const previewed = (await until((s) => s.optimize?.preview, 'the preview')).optimize.preview;
  assert.deepEqual(previewed.per_variant, { 'with-y': 2, direct: 3 }, 'two correct predictions; direct asks all');
  assert.equal((await api('/stats')).chat, before, 'nothing is sent before Confirm');
  await clickNamed(app.page, 'optimise confirm');
  const o = (await until((x) => x.optimize?.done, 'the rewrites and timings', 120000)).optimize;
  assert.equal((await api('/stats')).chat, before + 5);
  fs.writeFileSync(path.join(artefactDir, 'optimize_view.png'), await app.page.screenshot());
  const [withY, direct] = o.rows;
  assert.deepEqual([withY.variant, withY.accepted, withY.changed_result, withY.not_asked, withY.correct],
                   ['with-y', 1, 1, 1, 2]);
  assert.ok(withY.c_ves > o.baseline.c_ves, `${withY.c_ves} > ${o.baseline.c_ves}`);
  assert.deepEqual([direct.generated, direct.no_sql, direct.correct], [2, 1, 2]);

  const r = spawnSync(cli, ['optimize', '--gold', path.join(dir, 'opt_gold.json'), '--pred', path.join(dir, 'opt_y.json'),
    '--db-root', path.join(dir, 'db'), '--out', path.join(dir, 'o.json'), '--llm-config', path.join(dir, 'llm.json'),
    '--variant', 'with-y', '--variant', 'direct', '--iterations', '10'], { encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  const cliItems = JSON.parse(fs.readFileSync(path.join(dir, 'o.json'), 'utf8')).items;
  assert.deepEqual(o.items.map((i) => [i.variant, i.id, i.outcome, i.final]),
                   cliItems.map((i) => [i.variant, i.id, i.outcome, i.final]));
  const viaCli = JSON.parse(r.stdout);
  assert.deepEqual(o.rows.map((x) => [x.accepted, x.changed_result, x.generated, x.no_sql, x.correct]),
                   viaCli.table.map((x) => [x.accepted, x.changed_result, x.generated, x.no_sql, x.correct]));

  // Again: every prompt is in the page's replay store; the same outcomes, no request.
  const mid = (await api('/stats')).chat;
  await sendCommand(app.page, { do: 'optimize_run', variants: ['with-y', 'direct'], iterations: 5 });
  const again = (await until((x) => x.optimize?.preview, 'the second preview')).optimize.preview;
  assert.equal(again.network_calls, 0);
  await sendCommand(app.page, { do: 'optimize_confirm' });
  const replayed = (await until((x) => x.optimize?.done, 'the replayed run', 120000)).optimize;
  assert.deepEqual(replayed.items.map((i) => [i.variant, i.id, i.outcome, i.final]),
                   o.items.map((i) => [i.variant, i.id, i.outcome, i.final]));
  assert.deepEqual(replayed.usage, { network_calls: 0, replayed: 5 });
  assert.equal((await api('/stats')).chat, mid, 'no request reached the server');
});

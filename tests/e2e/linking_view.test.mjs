// Schema linking in the Run a model panel (issue 14 items 4 and 7) against the loopback LLM server, taught the
// answers of tests/llm_server/cli_link.test.mjs: a real click opens its tab; nothing is
// sent before Confirm; RES, Subset and Exact Match and every item's gold and retrieved tables equal what `chokepoint
// link` reports on the same set and server, for zero-shot with a top-k cut and for few-shot + PreSQL; each finished
// run adds a row; a second run of the same method is answered by the replay store.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { startFakeLlmServer } from '../llm_server/start_server.mjs';
import { startApp, waitReady, artefactDir, repoRoot, sendCommand, untilPanel, uploadSet, clickNamed } from './browser.mjs';

const cli = process.env.CHOKEPOINT_CLI || path.join(repoRoot, 'build', 'native', 'chokepoint');
const PANEL = 'Run a model';
// [question, gold, zero-shot ranking, few-shot answer, PreSQL answer]
const ITEMS = [
  ['How many atoms are chlorine?', "SELECT COUNT(*) FROM atom WHERE element = 'cl'",
    '```json\n["atom", "molecule", "bond", "connected"]\n```', '["atom"]',
    "SELECT COUNT(*) FROM atom WHERE element = 'cl'"],
  ['Which molecules have a double bond?',
    "SELECT DISTINCT m.label FROM molecule m JOIN bond b ON m.molecule_id = b.molecule_id WHERE b.bond_type = '='",
    '["bond", "molecule", "atom", "connected"]', 'Tables: ["molecule"]',
    "```sql\nSELECT m.label FROM molecule m JOIN bond b ON m.molecule_id = b.molecule_id WHERE b.bond_type = '='\n```"],
  ['What elements are in molecule TR000?', "SELECT DISTINCT element FROM atom WHERE molecule_id = 'TR000'",
    'I think: molecule, connected', 'None of these tables fits.',
    "SELECT element FROM atom JOIN molecule USING (molecule_id) WHERE molecule_id = 'TR000'"],
];

let app;
let server;
let port;
let dir;
const api = (p, body) => fetch(`http://127.0.0.1:${port}${p}`, body === undefined ? {} : {
  method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) }).then((r) => r.json());

before(async () => {
  ({ process: server, port } = await startFakeLlmServer(['--lifetime-ms', '300000']));
  const answers = {};
  for (const [q, , zero, few] of ITEMS) {
    answers[`Question: ${q}\n\nRank`] = zero;
    answers[`Question: ${q}\nTables:`] = few;
  }
  await api('/answers', { answers });
  await api('/sql', { answers: Object.fromEntries(ITEMS.map(([q, , , , pre]) => [q, pre])) });
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chokepoint-linking-view-'));
  fs.writeFileSync(path.join(dir, 'link_dev.json'), JSON.stringify(ITEMS.map(([q, g], i) => ({
    question_id: i, db_id: 'toxicology', question: q, evidence: '', SQL: g }))));
  fs.mkdirSync(path.join(dir, 'db', 'toxicology'), { recursive: true });
  fs.copyFileSync(path.join(repoRoot, 'build', 'native', 'assets', 'db', 'toxicology.sqlite'),
    path.join(dir, 'db', 'toxicology', 'toxicology.sqlite'));
  fs.writeFileSync(path.join(dir, 'llm.json'), JSON.stringify({ provider: 'custom', base_url: `http://127.0.0.1:${port}/v1`,
    model: 'fake-linker', temperature: 0 }));
  app = await startApp();
  await app.page.goto(app.url);
  await waitReady(app);
});
after(async () => {
  if (app) await app.close();
  server?.kill();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

const until = (predicate, what, timeout) => untilPanel(app.page, PANEL, predicate, what, timeout);
const viaCli = (extra) => {
  const out = path.join(dir, `link_${extra.join('_').replace(/\W/g, '')}.json`);
  const r = spawnSync(cli, ['link', '--set', path.join(dir, 'link_dev.json'), '--db-root', path.join(dir, 'db'), '--out',
    out, '--llm-config', path.join(dir, 'llm.json'), ...extra], { encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  return { summary: JSON.parse(r.stdout), items: JSON.parse(fs.readFileSync(out, 'utf8')).items };
};

test('schema linking from the page: preview, Confirm, the CLI\'s scores per method, a row per run', async () => {
  await uploadSet(app.page, path.join(dir, 'link_dev.json'));
  await sendCommand(app.page, { do: 'llm_settings', provider: 'custom', base_url: `http://127.0.0.1:${port}/v1`,
                                model: 'fake-linker', temperature: 0, timeout_ms: 4000 });
  await sendCommand(app.page, { do: 'show', tab: PANEL });
  const before = (await api('/stats')).chat;
  await clickNamed(app.page, 'Schema linking tab');
  await sendCommand(app.page, { do: 'link_run', method: 'zero-shot', top_k: 2, set: 'link_dev.json' });
  const previewed = (await until((s) => s.linking?.preview, 'the linking preview')).linking.preview;
  assert.equal(previewed.calls, 3);
  assert.equal((await api('/stats')).chat, before, 'nothing is sent before Confirm');
  await clickNamed(app.page, 'link confirm');
  const zero = (await until((s) => s.linking?.done, 'the zero-shot scores')).linking;
  fs.writeFileSync(path.join(artefactDir, 'linking_view.png'), await app.page.screenshot());
  const cliZero = viaCli(['--method', 'zero-shot', '--top-k', '2']);
  for (const k of ['scored', 'res', 'subset_match', 'exact_match', 'column_recall', 'column_precision'])
    assert.ok(Math.abs(zero.summary[k] - cliZero.summary[k]) < 1e-12, `${k}: ${zero.summary[k]} vs ${cliZero.summary[k]}`);
  assert.deepEqual(zero.items.map((i) => [i.id, i.outcome, i.gold_tables, i.retrieved_tables]),
                   cliZero.items.map((i) => [String(i.id), i.outcome, i.gold_tables, i.retrieved_tables]));
  assert.deepEqual(zero.items[0].retrieved_tables, ['atom', 'molecule'], 'the top-2 cut');

  await sendCommand(app.page, { do: 'link_run', method: 'few-shot+presql' });
  await until((s) => s.linking?.preview, 'the second preview');
  await sendCommand(app.page, { do: 'link_confirm' });
  const both = (await until((s) => s.linking?.done && s.linking.rows.length === 2, 'the few-shot + PreSQL scores')).linking;
  const cliBoth = viaCli(['--method', 'few-shot+presql']);
  for (const k of ['res', 'subset_match', 'exact_match', 'column_recall'])
    assert.ok(Math.abs(both.summary[k] - cliBoth.summary[k]) < 1e-12, k);
  assert.deepEqual(both.rows.map((r) => [r.method, r.top_k]), [['zero-shot', 2], ['few-shot+presql', 0]]);
  fs.writeFileSync(path.join(artefactDir, 'linking_view_rows.png'), await app.page.screenshot());

  // The same method again: every prompt is in the page's replay store.
  const mid = (await api('/stats')).chat;
  await sendCommand(app.page, { do: 'link_run', method: 'zero-shot', top_k: 2 });
  const again = (await until((s) => s.linking?.preview, 'the third preview')).linking.preview;
  assert.equal(again.network_calls, 0);
  await sendCommand(app.page, { do: 'link_confirm' });
  const replayed = (await until((s) => s.linking?.done && s.linking.rows.length === 3, 'the replayed run')).linking;
  assert.equal(replayed.summary.res, zero.summary.res);
  assert.equal((await api('/stats')).chat, mid, 'no request reached the server');
});

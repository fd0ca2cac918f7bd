// The Feature space panel's LLM features tab against the loopback fake endpoint, as a user works it: a set uploaded,
// the LLM tab's model set, real clicks on the tab, "Ask the model...", "Discard" and "Confirm and send". The preview
// counts what `chokepoint features --preview` counts and sends nothing; the SQL Syntax and Database Reasoning run
// with the rule features (the answers of tests/llm_server/cli_features_llm.test.mjs: fenced JSON, loose keys, one
// unreadable answer) gives the CLI's summary, its filled matrix cell for cell and its rule-vs-LLM agreement (the
// pooled kappa 7/15 worked by hand there); the Items view says which cells the model decided; after a reload the
// same run is answered by the workspace's replay store with no request.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { startApp, waitReady, repoRoot, sendCommand, untilPanel, uploadSet, clickNamed, workspaceSettled, drawnRects,
  expectTextDrawn, pixelStats } from './browser.mjs';
import { startFakeLlmServer } from '../llm_server/start_server.mjs';

const cli = process.env.CHOKEPOINT_CLI || path.join(repoRoot, 'build', 'native', 'chokepoint');
const PANEL = 'Feature space';
const SET = 'llm_features_dev.json';
const SCHEMA = 'toxicology | molecule : molecule_id, label | atom : atom_id, molecule_id, element | bond : bond_id, ' +
  'molecule_id, bond_type | connected : atom_id, atom_id2, bond_id';
const ITEMS = [
  ['How many atoms are chlorine or carbon?', "SELECT COUNT(*) FROM atom WHERE element = 'cl' OR element = 'c'"],
  ['Which molecules have a double bond?',
    "SELECT DISTINCT m.label FROM molecule m JOIN bond b ON m.molecule_id = b.molecule_id WHERE b.bond_type = '='"],
];
const SQL_ANSWERS = [
  'Here you go:\n```json\n{"f080": "Yes", "F-085": "no", "f089": "yes.", "f090": true, "f999": "Yes"}\n```',
  '{"f080": "Yes", "f085": "No", "f089": "No", "f090": "Yes", "f091": "maybe"}',
];
const REASONING_ANSWERS = ['{"f172": "Yes", "f173": "No"}', 'I am not sure about these properties.'];

let app;
let server;
let port;
let dir;
const api = (p, body) => fetch(`http://127.0.0.1:${port}${p}`, body === undefined ? {} : {
  method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) }).then((r) => r.json());
const requests = async () => (await api('/stats')).requests;
const until = (predicate, what, timeout) => untilPanel(app.page, PANEL, predicate, what, timeout);
const near = (a, b, what, tol = 1e-9) => assert.ok(Math.abs(a - b) <= tol, `${what}: ${a} vs ${b}`);

before(async () => {
  ({ process: server, port } = await startFakeLlmServer(['--lifetime-ms', '300000']));
  const answers = {};
  ITEMS.forEach(([q, sql], i) => {
    answers[`SQL query: ${sql}\n\nProperties`] = SQL_ANSWERS[i];
    answers[`Database schema: ${SCHEMA}\nQuestion: ${q}`] = REASONING_ANSWERS[i];
  });
  await api('/answers', { answers });
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chokepoint-feature-space-llm-'));
  fs.writeFileSync(path.join(dir, SET), JSON.stringify(ITEMS.map(([q, g], i) => ({
    question_id: i, db_id: 'toxicology', question: q, evidence: '', SQL: g }))));
  fs.mkdirSync(path.join(dir, 'db', 'toxicology'), { recursive: true });
  fs.copyFileSync(path.join(repoRoot, 'build', 'native', 'assets', 'db', 'toxicology.sqlite'),
    path.join(dir, 'db', 'toxicology', 'toxicology.sqlite'));
  fs.writeFileSync(path.join(dir, 'llm.json'), JSON.stringify({ provider: 'custom', base_url: `http://127.0.0.1:${port}/v1`,
    model: 'fake-evaluator', temperature: 0 }));
  app = await startApp();
  await app.page.goto(app.url);
  await waitReady(app);
});
after(async () => {
  if (app) await app.close();
  server?.kill();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

async function opened() {
  await uploadSet(app.page, path.join(dir, SET));
  await sendCommand(app.page, { do: 'llm_settings', provider: 'custom', base_url: `http://127.0.0.1:${port}/v1`,
                                model: 'fake-evaluator', temperature: 0, timeout_ms: 4000 });
  await sendCommand(app.page, { do: 'show', tab: PANEL });
  await clickNamed(app.page, 'LLM features tab');
}

const SQL_AND_REASONING = { do: 'space_llm', set: SET, aspects: ['sql_syntax', 'database_reasoning'], batch: 40,
  agreement: true, online: false };

test('LLM features from the page: preview, Confirm, the CLI\'s cells and agreement, a replay after a reload', async () => {
  await opened();
  // The defaults (every aspect, ten features a prompt) as `chokepoint features --preview` counts them.
  await sendCommand(app.page, { do: 'space_llm', set: SET, ask: false });  // the set combo's choice
  await clickNamed(app.page, 'llm features ask');
  const p = (await until((s) => s.llm?.preview, 'the preview')).llm.preview;
  const cliPreview = spawnSync(cli, ['features', '--set', path.join(dir, SET), '--db-root', path.join(dir, 'db'),
    '--out', path.join(dir, 'p.csv'), '--llm-config', path.join(dir, 'llm.json'), '--preview'], { encoding: 'utf8' });
  assert.equal(cliPreview.status, 0, cliPreview.stderr);
  const c = JSON.parse(cliPreview.stdout);
  assert.deepEqual([p.calls, p.items, p.cells], [c.calls, c.items, c.cells]);
  assert.deepEqual([p.calls, p.cells, p.network_calls], [28, 228, 28]);
  assert.deepEqual(Object.keys(p.examples).sort(), Object.keys(c.examples).sort());
  for (const aspect of Object.keys(c.examples)) assert.equal(p.examples[aspect], c.examples[aspect], aspect);
  assert.match(p.destination, new RegExp(`127\\.0\\.0\\.1:${port}`));
  assert.equal(await requests(), 0, 'nothing is sent before Confirm');
  // The preview is drawn under the button that asked for it, with the Confirm button.
  const at = await drawnRects(app.page);
  const shown = await expectTextDrawn(app.page, 'feature_space_llm_preview.png', at.below('llm features ask'), 5000);
  const confirm = await pixelStats(app.page, shown.png, at.at('llm features confirm'), [26, 28, 33]);
  assert.ok(confirm.bright > 100, `the Confirm button carries its label: ${JSON.stringify(confirm)}`);
  await clickNamed(app.page, 'llm features discard');
  assert.equal((await until((s) => !s.llm?.preview, 'the preview discarded')).llm.done, false);

  await sendCommand(app.page, SQL_AND_REASONING);
  const p2 = (await until((s) => s.llm?.preview, 'the second preview')).llm.preview;
  assert.equal(p2.calls, 4, 'two prompts an item');
  await clickNamed(app.page, 'llm features confirm');
  const s = (await until((x) => x.llm?.done, 'the answers')).llm;
  assert.equal(await requests(), 4);
  // The run's counts and the agreement table are drawn under the button.
  await expectTextDrawn(app.page, 'feature_space_llm.png', (await drawnRects(app.page)).below('llm features ask'),
    2500);

  const out = path.join(dir, 'f.csv');
  const r = spawnSync(cli, ['features', '--set', path.join(dir, SET), '--db-root', path.join(dir, 'db'), '--out', out,
    '--llm-config', path.join(dir, 'llm.json'), '--aspects', 'sql_syntax,database_reasoning', '--agreement',
    '--batch', '40'], { encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  const viaCli = JSON.parse(r.stdout);
  for (const k of ['prompts', 'answered', 'unreadable', 'failed', 'cells_asked', 'cells_answered', 'cells_filled'])
    assert.equal(s.summary[k], viaCli.llm[k], k);
  assert.deepEqual([s.summary.prompts, s.summary.unreadable, s.summary.cells_filled], [4, 1, 2]);
  assert.deepEqual(s.summary.notes, viaCli.llm.notes);
  assert.equal(s.summary.usage.network_calls, 4);

  const report = JSON.parse(fs.readFileSync(path.join(dir, 'f_agreement.json'), 'utf8'));
  assert.deepEqual(s.agreement.features.map((f) => f.id), report.features.map((f) => f.id));
  s.agreement.features.forEach((f, i) => {
    const o = report.features[i];
    for (const k of ['n', 'both_yes', 'both_no', 'rule_yes_llm_no', 'rule_no_llm_yes']) assert.equal(f[k], o[k], `#${f.id} ${k}`);
    if (o.kappa === null) assert.equal(f.kappa, null);
    else near(f.kappa, o.kappa, `#${f.id} kappa`, 1e-4);  // the CLI rounds to 4 places
  });
  assert.equal(s.agreement.aspects[0].aspect, 'sql_syntax');
  near(s.agreement.aspects[0].kappa, 7 / 15, 'pooled kappa worked by hand');
  near(s.agreement.aspects[0].accuracy, 0.75, 'pooled accuracy');

  // The filled matrix, cell for cell, against the CLI's CSV.
  const [header, ...rows] = fs.readFileSync(out, 'utf8').trim().split('\n').map((l) => l.split(','));
  for (const [i, row] of rows.entries()) {
    await sendCommand(app.page, { do: 'space_item', set: SET, item: i, known_only: true });
    const item = (await until((x) => x.item?.key === String(i), `item ${i}`)).item;
    const cells = Object.fromEntries(header.map((h, k) => [h, row[k]]));
    for (const h of header.slice(2)) {
      const id = Number(h.slice(1));
      const app1 = item.yes.includes(id) ? '1' : item.no.includes(id) ? '0' : '';
      assert.equal(app1, cells[h], `item ${i} ${h}`);
    }
    if (i === 0) {
      assert.ok(item.decided_by_model.includes(172) && item.decided_by_model.includes(173), 'the model decided f172, f173');
      await clickNamed(app.page, 'Items tab');
      await expectTextDrawn(app.page, 'feature_space_llm_item.png', (await drawnRects(app.page)).below('Items tab'),
        15000);  // the item's features, a line each
      await clickNamed(app.page, 'LLM features tab');
    } else {
      assert.ok(!item.decided_by_model.includes(172), 'the unreadable answer decided nothing');
    }
  }

  // A reload: the same run is answered by the workspace's replay store.
  await workspaceSettled(app.page);
  const mid = await requests();
  await app.page.reload();
  await waitReady(app);
  await opened();
  await sendCommand(app.page, SQL_AND_REASONING);
  const again = (await until((x) => x.llm?.preview, 'the preview after the reload')).llm.preview;
  assert.equal(again.network_calls, 0, 'every prompt is in the replay store');
  await sendCommand(app.page, { do: 'space_llm_confirm' });
  const replayed = (await until((x) => x.llm?.done, 'the replayed answers')).llm;
  assert.equal(replayed.summary.usage.replayed, 4);
  assert.equal(replayed.summary.cells_filled, s.summary.cells_filled);
  assert.deepEqual(replayed.agreement, s.agreement);
  assert.equal(await requests(), mid, 'no request reached the server');
});

test('a failing endpoint: the cells stay unknown and the tab says why', async () => {
  await api('/control', { mode: '500', times: 100 });
  await sendCommand(app.page, { do: 'llm_settings', provider: 'custom', base_url: `http://127.0.0.1:${port}/v1`,
                                model: 'fake-evaluator-2', temperature: 0, timeout_ms: 2000 });
  await sendCommand(app.page, { do: 'space_llm', set: SET, aspects: ['pragmatics'], batch: 40, agreement: false });
  await until((x) => x.llm?.preview, 'the preview');
  await sendCommand(app.page, { do: 'space_llm_confirm' });
  const s = (await until((x) => x.llm?.done, 'the failed calls', 120000)).llm;
  await api('/control', { mode: '500', times: 0 });
  assert.equal(s.summary.failed, s.summary.prompts);
  assert.equal(s.summary.cells_filled, 0);
  assert.ok(s.summary.notes.length > 0 && s.summary.notes.every((n) => n.length > 0));
});

// SC with the endpoint's embeddings in the browser: the descriptors of every pair are fetched from the loopback fake
// endpoint (tests/llm_server/server.mjs, deterministic vectors from a hash of the text) before anything is scored,
// but only after the privacy preview has shown them and the user said send (nothing leaves before; "do not send"
// keeps them on the machine); the SC numbers equal the CLI's `eval --llm-config` against the same server, a second
// run is served from the session cache, and an unreachable endpoint stops the run with the LLM layer's message.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { startFakeLlmServer } from '../llm_server/start_server.mjs';
import { startApp, waitReady, repoRoot, sendCommand, panelState } from './browser.mjs';

let app, server, port;
before(async () => {
  ({ process: server, port } = await startFakeLlmServer(['--lifetime-ms', '180000']));

  app = await startApp();
  await app.page.goto(app.url);
  await waitReady(app);
  await app.page.setInputFiles('#chokepoint-file-input', path.join(repoRoot, 'assets/sets/sample_pred.json'));
  await app.page.waitForFunction(() => JSON.parse(Module.ccall('chokepoint_sets_json', 'string', [], []))
    .some((s) => s.name === 'sample_pred.json'));
});
after(async () => { if (app) await app.close(); server?.kill(); });

const metrics = () => panelState(app.page, 'Predictions & metrics');
const command = (c) => sendCommand(app.page, c);
const stats = () => fetch(`http://127.0.0.1:${port}/stats`).then((r) => r.json());
const REGIMES = ['SC-EC-IE', 'SC-PC-IE'];

const settled = () => app.page.waitForFunction(() => {
  const m = JSON.parse(Module.ccall('chokepoint_panel_json', 'string', ['string'], ['Predictions & metrics']));
  return !m.queued && (m.done === true || (!m.running && m.error) || (m.embeddings && m.embeddings.awaiting_confirmation));
}, null, { timeout: 60000 }).then(metrics);

// Runs an evaluation and waits for that run (not the previous one) to finish, fail or show its privacy preview;
// answers the preview with `send` (true, false, or null to leave it open) and waits again.
async function evaluate(baseUrl, model = '', send = true) {
  await command({ do: 'llm_settings', provider: 'custom', base_url: baseUrl, model: 'fake-embed', timeout_ms: 3000 });
  await command({ do: 'evaluate', gold: 'sample_dev.json', pred: 'sample_pred.json', semantics: 'bird',
                  regimes: REGIMES, embeddings: true, embedding_model: model });
  let m = await settled();
  if (m.embeddings && m.embeddings.awaiting_confirmation && send !== null) {
    await command({ do: 'sc_embeddings', send });
    m = await settled();
  }
  return m;
}

test('the descriptors are shown before anything is sent; "do not send" keeps them on the machine', async () => {
  const before = await stats();
  const preview = await evaluate(`http://127.0.0.1:${port}/v1`, 'fake-embed', null);
  assert.equal(preview.embeddings.awaiting_confirmation, true);
  assert.ok(preview.embeddings.to_send > 0);
  assert.equal(preview.embeddings.destination, `http://127.0.0.1:${port}/v1/embeddings`);
  await app.page.waitForTimeout(300);
  assert.equal((await stats()).embeddings, before.embeddings, 'nothing was sent before the user said so');
  await command({ do: 'sc_embeddings', send: false });
  const declined = await settled();
  assert.equal(declined.running, false);
  assert.match(declined.error, /not sent/, JSON.stringify(declined));
  assert.equal((await stats()).embeddings, before.embeddings, 'declined: nothing was sent');
});

test('SC scores with the endpoint embeddings equal the CLI with the same endpoint; a rerun uses the cache', async (t) => {
  const before = await stats();
  const m = await evaluate(`http://127.0.0.1:${port}/v1`);
  assert.equal(m.error, '');
  assert.match(m.sc_embedding, /^endpoint embeddings: fake-embed at http:\/\/127\.0\.0\.1/);
  assert.ok(m.embeddings.descriptors > 0, 'descriptors of the wrong pairs were gathered');
  const after = await stats();
  assert.ok(after.embeddings > before.embeddings, 'the endpoint was asked for vectors');
  assert.equal(after.embeddings - before.embeddings, m.embeddings.network_calls);
  assert.equal(m.summary.n, 28);

  const cli = process.env.CHOKEPOINT_CLI || path.join(repoRoot, 'build/native/chokepoint');
  const assets = path.join(repoRoot, 'build/native/assets/db');
  if (!fs.existsSync(cli) || !fs.existsSync(assets)) {
    t.diagnostic('native build not present: not compared with the CLI');
  } else {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chokepoint-sc-'));
    for (const db of ['toxicology', 'movies']) {
      fs.mkdirSync(path.join(dir, db));
      fs.copyFileSync(path.join(assets, `${db}.sqlite`), path.join(dir, db, `${db}.sqlite`));
    }
    const cfg = path.join(dir, 'llm.json');
    fs.writeFileSync(cfg, JSON.stringify({ provider: 'custom', base_url: `http://127.0.0.1:${port}/v1`, model: 'fake-embed' }));
    const fromCli = JSON.parse(execFileSync(cli, ['eval', '--gold', path.join(repoRoot, 'assets/sets/sample_dev.json'),
      '--pred', path.join(repoRoot, 'assets/sets/sample_pred.json'), '--db-root', dir, '--regimes', REGIMES.join(','),
      '--llm-config', cfg, '--out', path.join(dir, 'report.json')]).toString());
    const local = JSON.parse(execFileSync(cli, ['eval', '--gold', path.join(repoRoot, 'assets/sets/sample_dev.json'),
      '--pred', path.join(repoRoot, 'assets/sets/sample_pred.json'), '--db-root', dir, '--regimes', REGIMES.join(','),
      '--out', path.join(dir, 'local.json')]).toString());
    fs.rmSync(dir, { recursive: true, force: true });
    for (const r of REGIMES) assert.deepEqual(m.summary.regimes[r], fromCli.regimes[r], r);
    // The fake vectors are unrelated to the texts' meaning: the numbers must differ from the local trigram cosine,
    // or the endpoint was not really used.
    assert.notDeepEqual(REGIMES.map((r) => m.summary.regimes[r]), REGIMES.map((r) => local.regimes[r]));
  }

  const again = await stats();
  const m2 = await evaluate(`http://127.0.0.1:${port}/v1`);
  assert.equal(m2.error, '');
  assert.deepEqual(m2.summary.regimes, m.summary.regimes);
  assert.equal((await stats()).embeddings, again.embeddings, 'the second run was served from the cache');
});

test('an unreachable endpoint stops the run with a message and the app keeps working', async () => {
  // A model whose vectors are not cached yet, so the run must reach the endpoint.
  const failed = await evaluate('http://127.0.0.1:9/v1', 'other-embed');
  assert.equal(failed.running, false);
  assert.equal(failed.done, false);
  assert.match(failed.error, /SC embeddings from other-embed: could not reach/);
  assert.match(failed.error, /nothing was scored/);
  const status = await app.page.evaluate(() => Module.ccall('chokepoint_summary_json', 'string', [], []));
  assert.ok(status.includes('toxicology'), 'the app still answers');
  // With the endpoint back, the same model works.
  const ok = await evaluate(`http://127.0.0.1:${port}/v1`, 'other-embed');
  assert.equal(ok.error, '');
  assert.equal(ok.done, true);
});

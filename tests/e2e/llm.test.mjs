// The LLM layer in the browser against the loopback fake endpoint (tests/llm_server/server.mjs): settings through
// page commands, the privacy preview before anything is sent, JQE question generation for the sample set's
// expansions reaching the Evaluation set panel, the replay store answering after a reload without calls, the key
// absent from the workspace (files and IndexedDB) and from exports, and every failure mode (401, 429 with
// Retry-After, 500, slow, malformed JSON, missing CORS) showing its message without losing finished work.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startFakeLlmServer } from '../llm_server/start_server.mjs';
import fs from 'node:fs';
import path from 'node:path';
import { startApp, waitReady, pixelStats, artefactDir, sendCommand, panelState, callJson, workspaceSettled } from './browser.mjs';

const KEY = 'sk-e2e-SECRET-90210';
let app;
let server;
let port;

before(async () => {
  ({ process: server, port } = await startFakeLlmServer(['--key', KEY, '--lifetime-ms', '300000']));

  app = await startApp();
  await app.page.goto(app.url);
  await waitReady(app);
});
after(async () => {
  if (app) await app.close();
  server?.kill();
});

const api = (p, body) => fetch(`http://127.0.0.1:${port}${p}`, body === undefined ? {} : {
  method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) }).then((r) => r.json());
const stats = () => api('/stats');
const arm = (mode, times, delay_ms = 0) => api('/control', { mode, times, delay_ms });
const command = (c) => sendCommand(app.page, c);
const panel = (name) => panelState(app.page, name);
const sets = () => callJson(app.page, 'chokepoint_sets_json');
async function until(name, predicate, timeout = 30000, what = 'condition') {
  const start = Date.now();
  for (;;) {
    const state = await panel(name);
    if (predicate(state)) return state;
    if (Date.now() - start > timeout) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(state).slice(0, 1500)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
const finished = (s) => s.job && s.job.phase === 'finished' && !s.preview;
const settings = (extra = {}) => command({ do: 'llm_settings', provider: 'custom', base_url: `http://127.0.0.1:${port}/v1`,
                                          model: 'fake-chat', temperature: 0, timeout_ms: 4000, ...extra });
async function shot(name) {
  await app.page.waitForTimeout(250);
  const png = await app.page.screenshot();
  fs.writeFileSync(path.join(artefactDir, name), png);
  return png;
}
// Every byte the page keeps: the /workspace tree of the file system and the IndexedDB it is synced to.
async function workspaceBytesContain(secret) {
  return app.page.evaluate(async (secret) => {
    const hits = [];
    const walk = (dir) => {
      for (const name of FS.readdir(dir)) {
        if (name === '.' || name === '..') continue;
        const p = dir + '/' + name;
        const st = FS.stat(p);
        if (FS.isDir(st.mode)) walk(p);
        else if (new TextDecoder('latin1').decode(FS.readFile(p)).includes(secret)) hits.push(p);
      }
    };
    walk('/workspace');
    const names = (await indexedDB.databases()).map((d) => d.name);
    for (const name of names) {
      const db = await new Promise((ok, fail) => { const r = indexedDB.open(name); r.onsuccess = () => ok(r.result); r.onerror = fail; });
      for (const store of db.objectStoreNames) {
        const values = await new Promise((ok) => {
          const r = db.transaction(store).objectStore(store).getAll();
          r.onsuccess = () => ok(r.result);
        });
        for (const v of values) {
          // The workspace store keeps Blobs (web/bridge/pre/workspace.js); older IDBFS records kept bytes.
          const bytes = v && v.blob ? new TextDecoder('latin1').decode(await v.blob.arrayBuffer())
            : v && v.contents ? new TextDecoder('latin1').decode(v.contents) : JSON.stringify(v);
          if (bytes.includes(secret)) hits.push(`indexedDB ${name}/${store}`);
        }
      }
      db.close();
    }
    return { hits, databases: names };
  }, secret);
}

let expansions = 0;

test('settings, connection test, privacy preview before any call, questions reach the evaluation set', async () => {
  await settings({ key: KEY, seed: 1 });
  await command({ do: 'show', tab: 'LLM' });
  await command({ do: 'llm_test_connection' });
  const llm = await until('LLM', (s) => s.test.message && !s.test.running, 15000, 'connection test');
  assert.equal(llm.test.ok, true, llm.test.message);
  assert.match(llm.test.message, /answered 'pong'/);
  assert.equal(llm.settings.has_key, true);
  assert.ok(!JSON.stringify(llm).includes(KEY), 'the panel state never carries the key');
  const settingsPng = await shot('llm_settings.png');
  const px = await pixelStats(app.page, settingsPng, { x: 0, y: 40, w: 700, h: 200 }, [26, 28, 33]);
  assert.ok(px.bright > 500, `the settings form is drawn: ${JSON.stringify(px)}`);

  const before = await stats();
  await command({ do: 'show', tab: 'Questions' });
  await command({ do: 'questions_prepare', set: 'sample_dev.json' });
  const prepared = await until('Questions', (s) => s.preview || s.error, 30000, 'preview');
  assert.equal(prepared.error, '');
  expansions = prepared.expansions;
  assert.ok(expansions >= 1, 'JQE expanded the sample set');
  // Every sample item is BIRD-style (has evidence): a question and an evidence call per expansion.
  assert.equal(prepared.preview.calls.length, 2 * expansions);
  assert.equal(prepared.preview.network_calls, 2 * expansions);
  assert.ok(prepared.preview.estimated_tokens > 100);
  assert.match(prepared.preview.endpoint, new RegExp(`127.0.0.1:${port}`));
  const q0 = prepared.preview.calls[0];
  assert.match(q0.prompt, /CREATE TABLE/, 'the schema is in the prompt');
  assert.ok(prepared.preview.calls.some((c) => c.id.endsWith('/ evidence') && c.prompt.includes('{{question}}')));
  assert.ok(!JSON.stringify(prepared.preview).includes(KEY));
  await shot('llm_preview.png');
  await app.page.waitForTimeout(500);
  const still = await stats();
  assert.equal(still.requests, before.requests, 'nothing was sent before confirm');
  assert.equal(still.preflight, before.preflight, 'not even a CORS preflight');

  await command({ do: 'questions_confirm' });
  const done = await until('Questions', finished, 30000, 'questions job');
  assert.equal(done.job.done, expansions);
  assert.equal(done.job.failed, 0);
  assert.equal(done.job.network_calls, 2 * expansions);
  const after = await stats();
  assert.equal(after.chat - before.chat, 2 * expansions, 'one request per planned call');
  for (const it of done.job.items) {
    assert.match(it.question, /^Which records match request [0-9a-f]{8} with value \d+\?$/);
    assert.match(it.evidence, /^value \d+ refers to code = '[0-9a-f]{6}'$/);
  }
  const expanded = (await sets()).find((s) => s.name === 'sample_dev.expanded.json');
  assert.ok(expanded, 'the expanded set is in the Evaluation set panel');
  assert.equal(expanded.items, expansions);

  await command({ do: 'questions_label', id: done.job.items[0].id, label: 'aligned' });
  await until('Questions', (s) => s.job.items[0].label === 'aligned', 5000, 'label');
  if (expansions > 1) await command({ do: 'questions_label', id: done.job.items[1].id, label: 'loses_intent' });
  const marked = await until('Questions', (s) => s.human_check.marked === Math.min(2, expansions), 5000, 'marks');
  // The human check's shares are over the marked pairs; the unmarked ones are counted apart.
  assert.equal(marked.human_check.items, expansions);
  assert.equal(marked.human_check.unmarked, expansions - marked.human_check.marked);
  assert.equal(marked.human_check.aligned, expansions > 1 ? 50 : 100);
  assert.equal(marked.human_check.loses_intent, expansions > 1 ? 50 : 0);
  await shot('llm_questions.png');

  const log = (await panel('LLM')).log;
  assert.ok(log.length >= 1 + 2 * expansions);
  for (const e of log) {
    assert.ok(!e.request.includes(KEY) && !e.response.includes(KEY), 'the call log never shows the key');
    assert.match(e.request, /Authorization: \[redacted\]/i);
  }
  await command({ do: 'show', tab: 'LLM' });
  await command({ do: 'llm_select_log', index: 1 });
  await shot('llm_call_log.png');
});

test('after a reload the replay store answers without calls; the key is in no workspace file or export', async () => {
  await workspaceSettled(app.page);
  await app.page.waitForTimeout(500);
  await app.page.reload();
  await waitReady(app);
  const llm = await until('LLM', (s) => s.settings, 5000, 'LLM panel');
  assert.equal(llm.settings.model, 'fake-chat', 'settings other than the key are remembered');
  assert.equal(llm.settings.has_key, false, 'the key was not remembered');
  assert.ok(llm.replay.records >= 2 * expansions, `replay store survived: ${JSON.stringify(llm.replay)}`);
  assert.equal(llm.replay.error, '');
  const stored = await app.page.evaluate(() => JSON.stringify(window.localStorage));
  assert.ok(!stored.includes(KEY));

  const before = await stats();
  await command({ do: 'show', tab: 'Questions' });
  await command({ do: 'questions_prepare', set: 'sample_dev.json' });
  const prepared = await until('Questions', (s) => s.preview || s.error, 30000, 'preview');
  assert.equal(prepared.preview.network_calls, 0, 'every prompt, evidence included, is in the replay store');
  await command({ do: 'questions_confirm' });
  const done = await until('Questions', finished, 30000, 'replayed job');
  assert.equal(done.job.done, expansions);
  assert.equal(done.job.network_calls, 0);
  assert.equal(done.job.replayed, 2 * expansions);
  assert.ok(done.job.items.every((it) => it.replayed));
  const after = await stats();
  assert.equal(after.requests, before.requests, 'the fake server received no call');
  assert.equal(after.preflight, before.preflight);

  // Remembering the key puts it in localStorage, and only there.
  await settings({ key: KEY, remember: true });
  await app.page.waitForTimeout(100);
  assert.ok((await app.page.evaluate(() => window.localStorage.getItem('chokepoint.llm_settings'))).includes(KEY));
  await settings({ remember: false });
  await app.page.waitForTimeout(100);
  assert.ok(!(await app.page.evaluate(() => window.localStorage.getItem('chokepoint.llm_settings'))).includes(KEY));

  const ws = await workspaceBytesContain(KEY);
  assert.deepEqual(ws.hits, [], `key found in ${ws.hits.join(', ')}`);
  assert.ok(ws.databases.length >= 1, 'the workspace IndexedDB was inspected');
  const replayHasPrompts = await workspaceBytesContain('CREATE TABLE');
  assert.ok(replayHasPrompts.hits.some((h) => h.includes('llm_replay')), 'the replay file does hold the prompts');

  const [download] = await Promise.all([app.page.waitForEvent('download', { timeout: 10000 }),
                                        command({ do: 'questions_export' })]);
  const exported = fs.readFileSync(await download.path(), 'utf8');
  assert.ok(!exported.includes(KEY), 'the export has no key');
  const items = JSON.parse(exported);
  assert.equal(items.length, expansions);
  assert.ok(items.every((it) => it.question_status === 'generated' && it.SQL && it.evidence));
});

// Each mode runs with a fresh seed, so its prompts miss the replay store and really go to the server.
const MODES = [
  { mode: '401', times: 1, message: /401 Unauthorized: the API key was refused/, fails: true },
  { mode: '429', times: 1, message: /429 Too Many Requests: rate limit reached; the server asked to wait 1000 ms/, fails: false },
  { mode: '500', times: 1, message: /500: the server failed/, fails: false },
  { mode: 'slow', times: 1, delay: 3000, message: /within the time limit/, fails: false },
  { mode: 'malformed', times: 1, message: /is not a valid response/, fails: true },
  { mode: 'nocors', times: 1, message: /CORS refusal/, fails: true },
];

test('every failure mode shows its message and loses no work', async () => {
  await settings({ key: KEY, timeout_ms: 1500 });
  await command({ do: 'show', tab: 'Questions' });
  for (const [i, m] of MODES.entries()) {
    await settings({ seed: 100 + i, timeout_ms: 1500 });
    const logBefore = (await panel('LLM')).log.length;
    await command({ do: 'questions_prepare', set: 'sample_dev.json' });
    const prepared = await until('Questions', (s) => s.preview, 30000, `${m.mode}: preview`);
    assert.equal(prepared.preview.network_calls, 2 * expansions, `${m.mode}: fresh seed, nothing replayed`);
    await arm(m.mode, m.times, m.delay || 0);
    await command({ do: 'questions_confirm' });
    const first = await until('Questions', finished, 45000, `${m.mode}: job`);
    const log = (await panel('LLM')).log.slice(logBefore);
    assert.ok(log.some((e) => m.message.test(e.error)), `${m.mode}: call log shows ${m.message}: ${JSON.stringify(log.map((e) => e.error))}`);
    if (!m.fails) {
      // Retryable: the scheduler waited and asked again; nothing failed.
      assert.equal(first.job.failed, 0, `${m.mode}: ${first.job.last_error}`);
      assert.ok(first.job.retries >= 1, `${m.mode}: retried`);
    } else {
      assert.ok(first.job.failed >= 1, `${m.mode}: an item failed`);
      assert.match(first.job.last_error, m.message, `${m.mode}: the status line shows the message`);
      assert.ok(first.job.items.filter((it) => it.status === 'failed').every((it) => m.message.test(it.error)));
      const kept = first.job.done;
      const published = (await sets()).find((s) => s.name === 'sample_dev.expanded.json');
      assert.equal(published.items, kept, `${m.mode}: finished pairs are published`);
      await arm('ok', 0);
      const before = await stats();
      await command({ do: 'questions_retry' });
      const retry = await until('Questions', (s) => s.preview, 10000, `${m.mode}: retry preview`);
      await command({ do: 'questions_confirm' });
      const second = await until('Questions', finished, 45000, `${m.mode}: retry`);
      assert.equal(second.job.failed, 0, `${m.mode}: ${second.job.last_error}`);
      const after = await stats();
      assert.equal(after.requests - before.requests, retry.preview.network_calls,
                   `${m.mode}: the retry sends only what was missing`);
    }
    const final = await panel('Questions');
    assert.equal(final.job.done, expansions, `${m.mode}: every question in the end`);
    assert.equal((await sets()).find((s) => s.name === 'sample_dev.expanded.json').items, expansions);
  }
  await arm('ok', 0);
  await shot('llm_failures.png');
});

// `chokepoint llm test` against the loopback fake endpoint (server.mjs): success for both protocols and one
// specific message per failure mode, with the key never printed. Run: node --test tests/llm_server/
// The CLI defaults to build/native/chokepoint; CHOKEPOINT_CLI overrides it.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startFakeLlmServer } from './start_server.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '..', '..');
const cli = process.env.CHOKEPOINT_CLI || join(root, 'build', 'native', 'chokepoint');
const KEY = 'sk-test-SECRET-7731';
let server;
let port;
let dir;

before(async () => {
  assert.ok(existsSync(cli), `CLI not built: ${cli}`);
  dir = mkdtempSync(join(tmpdir(), 'chokepoint-llm-'));
  ({ process: server, port } = await startFakeLlmServer(['--key', KEY, '--lifetime-ms', '60000']));
});

after(() => {
  server?.kill();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

function config(name, fields) {
  const path = join(dir, name + '.json');
  writeFileSync(path, JSON.stringify(fields));
  return path;
}

function openai(model, extra = {}) {
  return { provider: 'custom', base_url: `http://127.0.0.1:${port}/v1`, model, key_env: 'TEST_LLM_KEY', ...extra };
}

function run(configPath, extraArgs = []) {
  return new Promise((ok) => {
    execFile(cli, ['llm', 'test', '--llm-config', configPath, ...extraArgs],
      { env: { ...process.env, TEST_LLM_KEY: KEY }, timeout: 20000 },
      (error, stdout, stderr) => ok({ code: error ? error.code : 0, stdout, stderr }));
  });
}

function assertNoKey(r) {
  assert.ok(!r.stdout.includes(KEY) && !r.stderr.includes(KEY), 'the key was printed');
}

async function stats() {
  const res = await fetch(`http://127.0.0.1:${port}/stats`);
  return res.json();
}

test('OpenAI-compatible endpoint answers: model, latency and reply, exit 0', async () => {
  const r = await run(config('ok', openai('tiny-model')));
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stdout, /^model: tiny-model$/m);
  assert.match(r.stdout, /^latency_ms: \d+$/m);
  assert.match(r.stdout, /^reply: pong$/m);
  assertNoKey(r);
});

test('Anthropic endpoint answers through /v1/messages with x-api-key', async () => {
  const before = (await stats()).messages;
  const r = await run(config('anthropic', { provider: 'anthropic', base_url: `http://127.0.0.1:${port}`,
                                            model: 'claude-test', key: KEY }));
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stdout, /^reply: pong$/m);
  assert.equal((await stats()).messages, before + 1);
  assertNoKey(r);
});

test('wrong key: 401 with advice, exit 1, key not printed', async () => {
  const r = await run(config('badkey', { ...openai('m'), key_env: undefined, key: 'sk-wrong-key-123' }));
  assert.equal(r.code, 1);
  assert.match(r.stdout, /^error: unauthorized$/m);
  assert.match(r.stderr, /401 Unauthorized: the API key was refused/);
  assert.ok(!r.stderr.includes('sk-wrong-key-123'));
});

test('403 forbidden', async () => {
  const r = await run(config('403', openai('fail-403')));
  assert.equal(r.code, 1);
  assert.match(r.stderr, /403 Forbidden/);
});

test('404 names the missing model', async () => {
  const r = await run(config('404', openai('fail-404')));
  assert.equal(r.code, 1);
  assert.match(r.stdout, /^error: model_not_found$/m);
  assert.match(r.stderr, /model 'fail-404' not found/);
});

test('429 reports the Retry-After wait', async () => {
  const r = await run(config('429', openai('fail-429')));
  assert.equal(r.code, 1);
  assert.match(r.stdout, /^error: rate_limited$/m);
  assert.match(r.stderr, /429 Too Many Requests.*wait 1000 ms/);
});

test('500 is a server error', async () => {
  const r = await run(config('500', openai('fail-500')));
  assert.equal(r.code, 1);
  assert.match(r.stdout, /^error: server_error$/m);
  assert.match(r.stderr, /500: the server failed/);
});

test('armed failure through the control endpoint applies to the next request only', async () => {
  await fetch(`http://127.0.0.1:${port}/control`, { method: 'POST', body: JSON.stringify({ mode: '500', times: 1 }) });
  const first = await run(config('armed', openai('m')));
  assert.equal(first.code, 1);
  const second = await run(config('armed', openai('m')));
  assert.equal(second.code, 0, second.stderr);
});

test('malformed JSON on 200', async () => {
  const r = await run(config('malformed', openai('fail-malformed')));
  assert.equal(r.code, 1);
  assert.match(r.stdout, /^error: malformed_response$/m);
  assert.match(r.stderr, /not a valid response: not JSON/);
});

test('slow answer beyond --timeout-ms is a timeout', async () => {
  const r = await run(config('slow', openai('slow-3000')), ['--timeout-ms', '300']);
  assert.equal(r.code, 1);
  assert.match(r.stdout, /^error: timeout$/m);
  assert.match(r.stderr, /within the time limit/);
});

test('missing CORS headers do not matter natively (CORS is a browser rule)', async () => {
  await fetch(`http://127.0.0.1:${port}/control`, {
    method: 'POST', body: JSON.stringify({ mode: 'nocors', times: 1 }) });
  const r = await run(config('nocors', openai('m')));
  assert.equal(r.code, 0, r.stderr);
});

test('nothing listening: unreachable with configuration advice', async () => {
  const r = await run(config('down', { provider: 'ollama', base_url: 'http://127.0.0.1:9/v1', model: 'llama3' }));
  assert.equal(r.code, 1);
  assert.match(r.stdout, /^error: unreachable$/m);
  assert.match(r.stderr, /could not reach http:\/\/127\.0\.0\.1:9\/v1.*OLLAMA_ORIGINS/);
});

test('bad config is an input error (exit 2) and sends nothing', async () => {
  const before = (await stats()).requests;
  const r = await run(config('bad', { provider: 'openia', model: 'm' }));
  assert.equal(r.code, 2);
  assert.match(r.stderr, /unknown provider 'openia'/);
  const unset = await run(config('unset', { ...openai('m'), key_env: 'NO_SUCH_VARIABLE_X' }));
  assert.equal(unset.code, 2);
  assert.match(unset.stderr, /NO_SUCH_VARIABLE_X is not set/);
  assert.equal((await stats()).requests, before);
});

test('a 20 MB answer is cut off at 16 MiB with a clear error, exit 1', async () => {
  const r = await run(config('huge', openai('fail-huge')));
  assert.equal(r.code, 1, r.stderr);
  assert.match(r.stderr, /larger than 16 MiB/);
});

test('an answer that never ends stops at the time limit, exit 1', async () => {
  const start = Date.now();
  const r = await run(config('endless', openai('fail-endless')), ['--timeout-ms', '1500']);
  assert.equal(r.code, 1, r.stderr);
  assert.match(r.stdout + r.stderr, /timed out|timeout/i);
  assert.ok(Date.now() - start < 15000, 'bounded by the time limit, not by the server');
});

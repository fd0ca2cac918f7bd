// Starts the loopback fake endpoint (server.mjs) as a child process and resolves with its port once it listens.
// Shared by the CLI tests here and the browser tests in tests/e2e.
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));

// args: extra server flags, e.g. ['--key', KEY, '--lifetime-ms', '60000']. Returns { process, port }.
export function startFakeLlmServer(args = []) {
  const child = spawn(process.execPath, [join(here, 'server.mjs'), ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((ok, fail) => {
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
      if (out.includes('\n')) ok({ process: child, port: JSON.parse(out.split('\n')[0]).port });
    });
    child.on('exit', () => fail(new Error('fake LLM server exited early')));
  });
}

// The server as the tests use it: started with a lifetime, taught its answers (POST /answers for plain prompts, POST
// /sql for text-to-SQL ones; each fails the test unless the server took them), its counters (GET /stats), any other
// call (api: a GET without a body, else a POST), the base URL and llm.json a config names, and kill.
export async function startFakeLlm(lifetimeMs) {
  const { process: child, port } = await startFakeLlmServer(['--lifetime-ms', String(lifetimeMs)]);
  const url = (p) => `http://127.0.0.1:${port}${p}`;
  const send = (p, body) => fetch(url(p), body === undefined ? {} : {
    method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  const teach = async (p, answers) => {
    const r = await send(p, { answers });
    if (r.status !== 200) throw new Error(`POST ${p} answered ${r.status}: ${await r.text()}`);
  };
  const stats = async () => (await send('/stats')).json();
  return {
    process: child, port, baseUrl: url('/v1'),
    api: async (p, body) => (await send(p, body)).json(),
    teach: (answers) => teach('/answers', answers),
    teachSql: (answers) => teach('/sql', answers),
    stats,
    requests: async () => (await stats()).requests,
    bodies: async () => (await (await send('/bodies')).json()).bodies,
    // The text of an llm.json naming this server: { provider: 'custom', base_url, model, ...extra }.
    config: (model, extra = {}) => JSON.stringify({ provider: 'custom', base_url: url('/v1'), model, ...extra }),
    kill: () => child.kill(),
  };
}

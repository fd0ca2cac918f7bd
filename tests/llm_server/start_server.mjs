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

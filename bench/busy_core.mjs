// A busy loop holding one core, for the benches that measure the app on a machine doing other work: a node process
// spinning until it is stopped, or until its parent (the bench) is gone.
import { spawn } from 'node:child_process';

const SPIN = `const parent = ${process.pid};
for (let i = 0; ; ++i) if ((i & 0xffffff) === 0 && process.ppid !== parent) process.exit(0);`;

export function startBusyCore() {
  const child = spawn(process.execPath, ['-e', SPIN], { stdio: 'ignore' });
  return { stop() { child.kill('SIGKILL'); } };
}

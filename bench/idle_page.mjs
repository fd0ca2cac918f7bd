// What an idle page costs the machine: the app opened and left alone, then the CPU time of every Chromium process
// over 10 s (ps's cumulative times, so run it on an otherwise idle machine), and the frames run and drawn meanwhile.
// Usage: node bench/idle_page.mjs   (needs build/wasm/app, chromium)
import { execSync } from 'node:child_process';
import { startApp, waitReady, callJson } from '../tests/e2e/browser.mjs';

const chromiumCpuSeconds = () =>
  Number(execSync("ps -eo comm,times | awk '/chrom/ { s += $2 } END { print s + 0 }'").toString());
const app = await startApp();
try {
  await app.page.goto(app.url);
  await waitReady(app);
  await new Promise((r) => setTimeout(r, 3000));  // start-up's own frames
  const cpu0 = chromiumCpuSeconds(), frames0 = await callJson(app.page, 'chokepoint_frames_json'), t0 = Date.now();
  await new Promise((r) => setTimeout(r, 10000));
  const cpu = chromiumCpuSeconds() - cpu0, frames = await callJson(app.page, 'chokepoint_frames_json');
  const seconds = (Date.now() - t0) / 1000;
  console.log(`idle page over ${seconds.toFixed(1)} s: Chromium used ${cpu} CPU-seconds; ` +
              `${frames.frames - frames0.frames} frames run, ${frames.drawn - frames0.drawn} drawn`);
} finally {
  await app.close();
}

// The first usable frame of the app and its parts, cold (the browser's cache off, a new profile) and warm (a reload
// with the cache), in Chromium headless on this machine. The parts come from the page itself: resource timings of
// the downloads and the performance marks the app sets (web/main.cpp: "main", "ui", "files opened", "fonts
// rasterised", "shaders and fonts uploaded", "frame 1", "frame 2", "ready"). The first usable frame is "frame 2":
// the sample databases are listed on the canvas. It also prints the page's longest main-thread task before the first
// usable frame, and between it and "ready", from the browser's Long Tasks API (a task of 50 ms or more; none is
// printed as 0). Usage:
//   node bench/first_frame.mjs [--service-worker] [--busy-core] [runs] [APP_DIR] [FILE...]
//     --service-worker: the page may register its service worker, as a visitor's browser lets it (by default the
//     bench blocks it, like the tests that do not test it); a cold run is then a true first visit;
//     --busy-core: a busy loop holds one of the machine's cores throughout (bench/busy_core.mjs);
//     runs: default 5, medians printed; APP_DIR: the built app, or a `make dist` folder, whose brotli copies
//     scripts/serve.mjs sends; FILE...: a returning user's start: these files are opened first (they stay in the
//     page's workspace), and both starts measured are reloads of that page (cold: cache off), which opens them again.
import { startApp, waitReady, workspaceSettled, appDir } from '../tests/e2e/browser.mjs';
import { startBusyCore } from './busy_core.mjs';

const flags = process.argv.slice(2).filter((a) => a.startsWith('--'));
const args = process.argv.slice(2).filter((a) => !a.startsWith('--'));
for (const f of flags) {
  if (f !== '--service-worker' && f !== '--busy-core') {
    console.error(`first_frame: unknown flag ${f} (known: --service-worker, --busy-core)`);
    process.exit(2);
  }
}
const serviceWorkers = flags.includes('--service-worker') ? 'allow' : 'block';
const runs = Number(args[0] || 5);
if (!Number.isInteger(runs) || runs < 1) {
  console.error(`first_frame: runs must be a whole number of at least 1, got '${args[0]}'`);
  process.exit(2);
}
const dir = args[1] || appDir;
const workspace = args.slice(2);

// Every long task of the page from its first script on, kept where measure() reads it.
const watchLongTasks = () => {
  window.__longTasks = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__longTasks.push({ start: e.startTime, duration: e.duration });
  }).observe({ type: 'longtask' });
};

async function measure(page) {
  return page.evaluate(() => {
    const res = Object.fromEntries(performance.getEntriesByType('resource').map((r) => [r.name.split('/').pop(),
      { start: r.startTime, end: r.responseEnd, bytes: r.transferSize, body: r.encodedBodySize }]));
    const marks = Object.fromEntries(performance.getEntriesByType('mark').filter((m) => m.name.startsWith('chokepoint:'))
      .map((m) => [m.name.slice('chokepoint:'.length), m.startTime]));
    const nav = performance.getEntriesByType('navigation')[0];
    return { html: nav.responseEnd, res, marks, longTasks: window.__longTasks || [] };
  });
}

function parts(m) {
  const get = (name) => m.marks[name] ?? NaN;
  const longest = (from, to) => Math.max(0, ...m.longTasks.filter((t) => t.start >= from && t.start < to)
    .map((t) => t.duration));
  const wasm = m.res['chokepoint.wasm'], data = m.res['chokepoint.data'], js = m.res['chokepoint.js'];
  return {
    'page (html) received': m.html,
    'chokepoint.js received': js?.end ?? NaN,
    'chokepoint.data received': data?.end ?? NaN,
    'chokepoint.wasm received': wasm?.end ?? NaN,
    'pre-run (wasm compiled and instantiated)': get('pre-run'),
    'downloads and workspace ready': get('downloads and workspace ready'),
    'main() entered': get('main'),
    'WebGL context and ImGui set up': get('ui'),
    'samples listed, their files and the workspace\'s queued': get('files opened'),
    'font atlas rasterised': get('fonts rasterised'),
    'shaders compiled and the atlas uploaded': get('shaders and fonts uploaded'),
    'ImGui\'s measuring frame (not drawn)': get('frame 1'),
    'first usable frame (frame 2)': get('frame 2'),
    'longest task before the first usable frame': longest(0, get('frame 2')),
    'longest task from the first usable frame to ready': longest(get('frame 2'), get('ready')),
  };
}

const median = (xs) => { const s = [...xs].sort((a, b) => a - b); return s[Math.floor(s.length / 2)]; };

const cold = [], warm = [];
let bytes = 0;
const busy = flags.includes('--busy-core') ? startBusyCore() : null;
for (let i = 0; i < runs; ++i) {
  const app = await startApp({ dir, serviceWorkers });
  try {
    await app.context.addInitScript(watchLongTasks);
    const cdp = await app.page.context().newCDPSession(app.page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    if (workspace.length) {
      await app.page.goto(app.url);
      await waitReady(app);
      const opened = () => app.page.evaluate(() => ['chokepoint_summary_json', 'chokepoint_sets_json']
        .reduce((n, f) => n + JSON.parse(Module.ccall(f, 'string', [], [])).length, 0));
      const before = await opened();
      await app.page.setInputFiles('#chokepoint-file-input', workspace);
      while (await opened() < before + workspace.length) await new Promise((r) => setTimeout(r, 100));
      await workspaceSettled(app.page, 120000);  // every file kept in the workspace before the reload
      await app.page.reload();
    } else {
      await app.page.goto(app.url);
    }
    await waitReady(app, 120000);
    const m = await measure(app.page);
    cold.push(parts(m));
    bytes = Object.values(m.res).reduce((a, r) => a + (r.bytes || 0), 0);
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: false });
    await app.page.reload();
    await waitReady(app, 120000);
    warm.push(parts(await measure(app.page)));
  } finally {
    await app.close();
  }
}
busy?.stop();
console.log(`# first usable frame, ms since navigation start (medians of ${runs} runs; cold: cache off; warm: a reload)` +
            (workspace.length ? `; the workspace holds ${workspace.length} files` : '') +
            (serviceWorkers === 'allow' ? '; the service worker allowed' : '') +
            (busy ? '; one core held by a busy loop throughout' : ''));
console.log('| moment | cold | warm |');
console.log('|---|---:|---:|');
for (const k of Object.keys(cold[0]))
  console.log(`| ${k} | ${median(cold.map((c) => c[k])).toFixed(0)} | ${median(warm.map((c) => c[k])).toFixed(0)} |`);
console.log(`# bytes transferred at start-up (cold, ${dir}): ${bytes}`);

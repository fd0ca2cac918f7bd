// The folder `make dist` writes works on any static host, from a sub-path: served here by a stock static server
// (Python's http.server, which knows nothing of the app) under /some/sub/path/, the app starts, lists its tabs,
// loads the lexicon, asks for nothing outside that path, and starts again with the network cut. The brotli and gzip
// copies beside the files are the files, and a host that sends them (scripts/serve.mjs) starts the app on brotli.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, appDir, repoRoot, drawnRects, expectTextDrawn } from './browser.mjs';

const SUB = '/some/sub/path/';
let root, out, server, browser, context, page, base;
const requests = [];

// Starts `python3 -m http.server` on a free port and resolves with the port it prints.
function startStaticServer(dir) {
  return new Promise((resolve, reject) => {
    const p = spawn('python3', ['-u', '-m', 'http.server', '0', '--bind', '127.0.0.1', '--directory', dir],
                    { stdio: ['ignore', 'pipe', 'pipe'] });
    let seen = '';
    const timer = setTimeout(() => reject(new Error(`http.server did not start: ${seen}`)), 15000);
    p.stdout.on('data', (d) => {
      seen += d;
      const m = seen.match(/port (\d+)/);
      if (m) {
        clearTimeout(timer);
        resolve({ process: p, port: Number(m[1]) });
      }
    });
    p.stderr.on('data', (d) => { seen += d; });
    p.on('error', reject);
  });
}

before(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'chokepoint-dist-'));
  out = path.join(root, ...SUB.split('/').filter(Boolean));
  // The same script `make dist` runs.
  execFileSync('bash', [path.join(repoRoot, 'scripts/dist.sh'), appDir, out], { stdio: 'pipe' });
  server = await startStaticServer(root);
  base = `http://127.0.0.1:${server.port}`;
  browser = await chromium.launch({ executablePath: process.env.CHROMIUM || '/usr/bin/chromium', headless: true,
                                    args: CHROMIUM_ARGS });
  context = await browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'allow' });
  page = await context.newPage();
  page.on('request', (r) => requests.push(r.url()));
});
after(async () => {
  await browser?.close();
  server?.process.kill();
  if (root) fs.rmSync(root, { recursive: true, force: true });
});

const ready = () => page.waitForFunction(() => window.chokepoint && window.chokepoint.ready === true, null,
                                         { timeout: 60000 });
const appJson = async () => JSON.parse(await page.evaluate(() => Module.ccall('chokepoint_app_json', 'string', [], [])));

test('dist.sh refuses an app folder that lacks a file, naming it', () => {
  const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'chokepoint-noapp-'));
  try {
    assert.throws(() => execFileSync('bash', [path.join(repoRoot, 'scripts/dist.sh'), empty, path.join(empty, 'o')],
                                     { stdio: 'pipe' }),
                  (e) => e.status === 2 && /index\.html is missing/.test(String(e.stderr)));
  } finally {
    fs.rmSync(empty, { recursive: true, force: true });
  }
});

test('served from a sub-path by a stock static server, the app starts and lists its tabs', async () => {
  await page.goto(base + SUB);
  await ready();
  const status = await page.textContent('#status');
  assert.ok(status.includes('toxicology') && status.includes('movies'), status);
  const app = await appJson();
  assert.equal(app.failure, '');
  // In the order they are drawn: Databases first, Help last.
  assert.equal(app.tabs[0], 'Databases', JSON.stringify(app.tabs));
  assert.equal(app.tabs.at(-1), 'Help', JSON.stringify(app.tabs));
  for (const tab of ['Schema graph', 'Evaluation set', 'Join query expansion', 'LLM', 'Workspace']) {
    assert.ok(app.tabs.includes(tab), `${tab} among ${JSON.stringify(app.tabs)}`);
  }
  assert.equal(new Set(app.tabs).size, app.tabs.length, 'each tab once');
  // And draws: the open tab (Databases) lists the sample databases' schema under the tabs.
  await expectTextDrawn(page, 'static_host.png', (await drawnRects(page)).panel, 4000);
});

test('the lexicon is fetched from beside the page', async () => {
  const r = await page.evaluate(async () => {
    const res = await fetch('wordnet.lex');
    return { ok: res.ok, url: res.url, bytes: (await res.arrayBuffer()).byteLength };
  });
  assert.ok(r.ok && r.bytes > 1000000, JSON.stringify(r));
  assert.equal(new URL(r.url).pathname, SUB + 'wordnet.lex');
});

test('every request stays under the sub-path, and the app starts again offline', async () => {
  await page.waitForFunction(async () => {
    if (!navigator.serviceWorker.controller) return false;
    for (const k of await caches.keys()) if (await (await caches.open(k)).match('chokepoint.wasm')) return true;
    return false;
  }, null, { timeout: 30000, polling: 250 });
  const scope = await page.evaluate(async () => (await navigator.serviceWorker.getRegistration()).scope);
  assert.equal(new URL(scope).pathname, SUB, 'the service worker is scoped to the folder');
  await page.reload();
  await ready();
  await context.setOffline(true);
  await page.reload();
  await ready();
  await context.setOffline(false);
  const outside = requests.filter((u) => !u.startsWith(base + SUB) && !u.startsWith('data:') && !u.startsWith('blob:'));
  assert.deepEqual(outside, [], 'requests outside the sub-path');
  assert.ok(requests.length >= 9, `${requests.length} requests seen`);
});

test('the pre-compressed copies are the files, and a host that sends them starts the app on brotli', async () => {
  const zlib = await import('node:zlib');
  const names = fs.readdirSync(out);
  for (const f of ['chokepoint.wasm', 'chokepoint.data', 'chokepoint.js']) {
    assert.ok(names.includes(`${f}.br`) && names.includes(`${f}.gz`), `${f} has both copies: ${names}`);
  }
  for (const n of names.filter((x) => /\.(br|gz)$/.test(x))) {
    const original = fs.readFileSync(path.join(out, n.replace(/\.(br|gz)$/, '')));
    const copy = fs.readFileSync(path.join(out, n));
    const back = n.endsWith('.br') ? zlib.brotliDecompressSync(copy) : zlib.gunzipSync(copy);
    assert.ok(back.equals(original), `${n} decompresses to its file`);
    assert.ok(copy.length < original.length, `${n} is smaller than its file`);
  }
  const { serve } = await import(path.join(repoRoot, 'scripts/serve.mjs'));
  const host = await serve(out, 0);
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const p = await ctx.newPage();
    const encodings = {};
    p.on('response', async (r) => {
      encodings[new URL(r.url()).pathname] = (await r.allHeaders())['content-encoding'] || '';
    });
    await p.goto(`http://127.0.0.1:${host.address().port}/`);
    await p.waitForFunction(() => window.chokepoint && window.chokepoint.ready === true, null, { timeout: 60000 });
    const app = JSON.parse(await p.evaluate(() => Module.ccall('chokepoint_app_json', 'string', [], [])));
    assert.equal(app.failure, '');
    assert.equal(app.tabs[0], 'Databases');
    for (const f of ['/chokepoint.wasm', '/chokepoint.data', '/chokepoint.js']) {
      assert.equal(encodings[f], 'br', `${f} arrived as brotli: ${JSON.stringify(encodings)}`);
    }
  } finally {
    await ctx.close();
    host.close();
  }
});

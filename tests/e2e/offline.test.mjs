// Works offline after the first load: the service worker keeps the app's files, so a reload with the network cut
// still starts the app with its sample databases.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startApp, waitReady } from './browser.mjs';

let app;
before(async () => { app = await startApp({ serviceWorkers: 'allow' }); });
after(async () => { if (app) await app.close(); });

test('after one visit the app starts with the network cut', async () => {
  await app.page.goto(app.url);
  await waitReady(app);
  // The worker caches on install and on every fetch; wait until it controls the page and holds the wasm.
  await app.page.waitForFunction(async () => {
    if (!navigator.serviceWorker.controller) return false;
    const keys = await caches.keys();
    for (const k of keys) {
      const c = await caches.open(k);
      if (await c.match('chokepoint.wasm')) return true;
    }
    return false;
  }, null, { timeout: 30000, polling: 250 });
  // The worker is registered once the app is ready, so its copying of every file does not compete with the start.
  const marks = await app.page.evaluate(() => Object.fromEntries(performance.getEntriesByType('mark')
    .filter((m) => m.name.startsWith('chokepoint:')).map((m) => [m.name.slice('chokepoint:'.length), m.startTime])));
  assert.ok(marks['service worker registered'] >= marks.ready,
            `service worker registered at ${marks['service worker registered']} ms, ready at ${marks.ready} ms`);
  await app.page.reload();  // let the controlled page fetch through the worker once
  await waitReady(app);
  await app.context.setOffline(true);
  await app.page.reload();
  await waitReady(app);
  const status = await app.page.textContent('#status');
  assert.ok(status.includes('toxicology') && status.includes('movies'), status);
  await app.context.setOffline(false);
});

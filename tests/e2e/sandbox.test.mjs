// The sandbox in the page: the hostile corpus (tests/hostile/hostile_sql.txt) as a prediction set evaluated in the
// evaluation worker and timed on the page's own thread (the Efficiency tab), a hostile workspace archive imported,
// and a privacy preview whose settings change before Confirm. After each: no new file in the page's file system, the
// sample database byte for byte the same, each item refused with its reason, nothing sent that was not previewed.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { repoRoot, sendCommand, untilPanel, uploadSet, clickNamed } from './browser.mjs';
import { tempDir, openApp, closeAll, METRICS } from './fixture.mjs';
import { startFakeLlm } from '../llm_server/start_server.mjs';

let app, dir, llm;
const TARGET = '/workspace/files/authorized_keys';

before(async () => {
  dir = tempDir('chokepoint-sandbox-page-');
  const corpus = fs.readFileSync(path.join(repoRoot, 'tests/hostile/hostile_sql.txt'), 'utf8').split('\n')
    .filter((l) => l && !l.startsWith('#') && !l.startsWith('PRAGMA') && !l.startsWith('SELECT 1;'))
    .map((l) => l.replaceAll('@TARGET_DIR@', '/workspace/files').replaceAll('@TARGET@', TARGET)
      .replaceAll('@OTHER@', '/workspace/llm_replay.sqlite')).slice(0, 100);  // the panel lists the first 100
  assert.equal(corpus.length, 100);
  fs.writeFileSync(path.join(dir, 'hostile_gold.sql'),
    corpus.map(() => 'SELECT count(*) FROM atom\ttoxicology').join('\n') + '\n');
  fs.writeFileSync(path.join(dir, 'hostile_pred.sql'), corpus.join('\n') + '\n');
  app = await openApp();
  llm = await startFakeLlm(600000);
});
after(() => closeAll({ app, llm, dir }));

// Every file of the page's file system under the folders a query could reach, with its size, and a digest of the
// sample database.
async function fileSystem() {
  return app.page.evaluate(async () => {
    const out = {};
    const walk = (d) => {
      let names = [];
      try { names = Module.FS.readdir(d); } catch { return; }
      for (const n of names) {
        if (n === '.' || n === '..') continue;
        const p = `${d}/${n}`;
        const st = Module.FS.stat(p);
        if (Module.FS.isDir(st.mode)) walk(p); else out[p] = st.size;
      }
    };
    for (const d of ['/workspace', '/tmp', '/assets', '/uploads', '/home']) walk(d);
    const bytes = Module.FS.readFile('/assets/db/toxicology.sqlite');
    const digest = await crypto.subtle.digest('SHA-256', bytes);
    return { files: out, db: Array.from(new Uint8Array(digest)).map((b) => b.toString(16).padStart(2, '0')).join('') };
  });
}

// The files of the page but the app's own runs store, which a finished run writes to (and whose journal exists only
// while a write is under way, so a snapshot may or may not catch it).
function withoutRunStore(files) {
  return Object.fromEntries(Object.entries(files).filter(([p]) => !p.startsWith('/workspace/runs.sqlite')));
}

test('the hostile corpus evaluated in the worker: every item refused with its reason, no file, no byte changed', async () => {
  await uploadSet(app.page, path.join(dir, 'hostile_gold.sql'));
  await uploadSet(app.page, path.join(dir, 'hostile_pred.sql'));
  const before = await fileSystem();
  await sendCommand(app.page, { do: 'show', tab: METRICS });
  await sendCommand(app.page, { do: 'evaluate', gold: 'hostile_gold.sql', pred: 'hostile_pred.sql', semantics: 'bird' });
  const m = await untilPanel(app.page, METRICS, (s) => s.done && s.queued === false, 'the evaluation', 120000);
  assert.equal(m.evaluated_in, 'worker');
  assert.equal(m.summary.ex, 0);
  assert.equal(m.summary.pred_errors, m.total, JSON.stringify(m.summary));
  assert.equal(m.flagged.length, m.total);
  for (const f of m.flagged) assert.notEqual(f.prediction, 'ok', JSON.stringify(f));
  const refused = m.flagged.filter((f) => /refused: /.test(f.message));
  assert.ok(refused.length >= 50, `${refused.length} items say the sandbox refused them`);
  assert.ok(m.flagged.some((f) => /refused: VACUUM is not allowed/.test(f.message)));
  assert.ok(m.flagged.some((f) => /refused: ATTACH/.test(f.message)));
  const after = await fileSystem();
  assert.equal(after.db, before.db, 'the sample database is byte for byte the same');
  // The one new file is the app's own store of finished runs (with its rollback journal while it writes); nothing
  // the SQL named.
  assert.ok(after.files['/workspace/runs.sqlite'] > 0, 'the finished run was kept in the runs store');
  assert.deepEqual(withoutRunStore(after.files), withoutRunStore(before.files),
    'no file appeared or changed in the page');

  // The Efficiency tab runs the correct predictions on the page's own thread: there are none, and nothing runs.
  await clickNamed(app.page, 'Efficiency tab');
  await clickNamed(app.page, 'time the predictions');
  const s = await untilPanel(app.page, METRICS, (x) => x.efficiency?.done, 'the timing', 120000);
  assert.equal(s.efficiency.summary.correct, 0);
  assert.deepEqual(withoutRunStore((await fileSystem()).files), withoutRunStore(before.files));
  assert.ok(!Object.keys(after.files).some((f) => f.endsWith('authorized_keys')));
});

test('a hostile workspace archive is refused whole, and the workspace is unchanged', async () => {
  const before = await fileSystem();
  const archive = path.join(dir, 'hostile.chokepoint');
  execFileSync('sqlite3', [archive], { input:
    'CREATE TABLE files(path TEXT PRIMARY KEY, bytes BLOB NOT NULL); CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT);' +
    "INSERT INTO meta VALUES ('format', 'chokepoint-workspace-1'); INSERT INTO files VALUES ('files/a.json', x'7B7D');" +
    'CREATE VIEW big AS WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n) SELECT zeroblob(1000000) FROM n;' });
  await app.page.setInputFiles('#chokepoint-file-input', archive);
  await app.page.waitForFunction(() => JSON.parse(Module.ccall('chokepoint_notices_json', 'string', [], []))
    .some((n) => /import failed/.test(n.text)), null, { timeout: 30000 }).catch(() => {});
  const notices = JSON.parse(await app.page.evaluate(() => Module.ccall('chokepoint_notices_json', 'string', [], [])));
  assert.ok(notices.some((n) => /import failed, the workspace is unchanged: the archive holds a view \(big\)/.test(n.text)),
    JSON.stringify(notices.slice(-3)));
  // The upload itself lands in /uploads, as every upload does; the workspace is as it was.
  const { '/uploads/hostile.chokepoint': upload, ...others } = (await fileSystem()).files;
  assert.ok(upload > 0);
  assert.deepEqual(withoutRunStore(others), withoutRunStore(before.files));
});

test('a preview is void once the settings change: Confirm sends nothing to the new destination', async () => {
  await sendCommand(app.page, { do: 'llm_settings', provider: 'custom', base_url: llm.baseUrl, model: 'm1' });
  await sendCommand(app.page, { do: 'show', tab: 'Text augmentation' });
  await sendCommand(app.page, { do: 'tqa_analyze', set: 'sample_dev.json' });
  await untilPanel(app.page, 'Text augmentation', (s) => s.analysis?.done, 'the linker analysis', 120000);
  await sendCommand(app.page, { do: 'tqa_augment' });
  const p = await untilPanel(app.page, 'Text augmentation', (s) => s.augmentation?.preview, 'the preview');
  assert.ok(p.augmentation.preview.calls > 0);
  assert.equal(p.augmentation.preview.prompts.length, p.augmentation.preview.calls, 'every prompt is listed');
  assert.match(p.augmentation.preview.destination, /model m1/);
  const sent = await llm.requests();
  await sendCommand(app.page, { do: 'llm_settings', provider: 'custom', base_url: llm.baseUrl, model: 'm2' });
  await sendCommand(app.page, { do: 'tqa_augment_confirm' });
  const s = await untilPanel(app.page, 'Text augmentation', (x) => x.augmentation_error, 'the refusal');
  assert.match(s.augmentation_error, /the LLM settings changed after the preview .*model m1.*model m2.*nothing was sent/);
  await new Promise((r) => setTimeout(r, 500));
  assert.equal(await llm.requests(), sent, 'no request reached the endpoint');
});

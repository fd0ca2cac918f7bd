// The metrics flow in the browser: the sample predictions are evaluated against the sample gold set in wasm, a
// few items per frame, and the dashboard shows the result. The sample set was written with 18 of its 28
// predictions correct under BIRD's set semantics (assets/README.md), so EX must be 18/28.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import os from 'node:os';
import { execFileSync } from 'node:child_process';
import { pixelStats, artefactDir, repoRoot, sendCommand, panelState } from './browser.mjs';
import { cli, tempDir, openApp, closeAll } from './fixture.mjs';

let app;
before(async () => {
  app = await openApp();
});
after(() => closeAll({ app }));

const metrics = () => panelState(app.page, 'Predictions & metrics');
const command = (c) => sendCommand(app.page, c);

test('evaluating the sample predictions gives EX 18/28 and fine-grained metrics per regime', async () => {
  await app.page.setInputFiles('#chokepoint-file-input', path.join(process.cwd(), '../../assets/sets/sample_pred.json'));
  await app.page.waitForFunction(() => JSON.parse(Module.ccall('chokepoint_sets_json', 'string', [], []))
    .some((s) => s.name === 'sample_pred.json'));
  await command({ do: 'show', tab: 'Predictions & metrics' });
  await command({ do: 'evaluate', gold: 'sample_dev.json', pred: 'sample_pred.json', semantics: 'bird',
                  regimes: ['EC-EC-IE', 'EC-PC-IE', 'SC-EC-IE', 'SC-PC-IE', 'NC-PC'] });
  await app.page.waitForFunction(() => {
    const m = JSON.parse(Module.ccall('chokepoint_panel_json', 'string', ['string'], ['Predictions & metrics']));
    return m.done === true;
  }, null, { timeout: 60000 });
  const m = await metrics();
  assert.equal(m.total, 28);
  assert.equal(m.summary.n, 28);
  assert.equal(m.summary.gold_errors, 0);
  assert.equal(m.summary.pred_errors, 1, 'one prediction refers to a column that does not exist');
  assert.ok(Math.abs(m.summary.ex - (100 * 18) / 28) < 0.01, `EX ${m.summary.ex}`);
  for (const r of ['EC-EC-IE', 'EC-PC-IE', 'SC-EC-IE', 'SC-PC-IE', 'NC-PC']) {
    const v = m.summary.regimes[r];
    assert.ok(v, `regime ${r} reported`);
    // EX = 1 forces EXP = EXR = 1, so every mean is at least EX, and wrong items add partial credit.
    assert.ok(v.f1 >= m.summary.ex - 0.01 && v.f1 <= 100, `${r} F1 ${v.f1}`);
  }
  // Partial cell matching can only credit more than exact cell matching.
  assert.ok(m.summary.regimes['EC-PC-IE'].exr >= m.summary.regimes['EC-EC-IE'].exr);
  await app.page.waitForTimeout(200);
  const png = await app.page.screenshot();
  fs.writeFileSync(path.join(artefactDir, 'metrics_dashboard.png'), png);
  const stats = await pixelStats(app.page, png, { x: 0, y: 60, w: 900, h: 400 }, [26, 28, 33]);
  assert.ok(stats.bright > 800, `the dashboard is drawn: ${JSON.stringify(stats)}`);
});

test("the numbers shown equal the CLI's for the same files", async (t) => {
  const cli = process.env.CHOKEPOINT_CLI || path.join(repoRoot, 'build/native/chokepoint');
  const assets = path.join(repoRoot, 'build/native/assets/db');
  if (!fs.existsSync(cli) || !fs.existsSync(assets)) { t.skip('native build not present'); return; }
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'chokepoint-dbroot-'));
  for (const db of ['toxicology', 'movies']) {
    fs.mkdirSync(path.join(root, db));
    fs.copyFileSync(path.join(assets, `${db}.sqlite`), path.join(root, db, `${db}.sqlite`));
  }
  const out = execFileSync(cli, ['eval', '--gold', path.join(repoRoot, 'assets/sets/sample_dev.json'),
    '--pred', path.join(repoRoot, 'assets/sets/sample_pred.json'), '--db-root', root, '--semantics', 'bird',
    '--out', path.join(root, 'report.json')]).toString();
  const fromCli = JSON.parse(out);
  const fromApp = (await metrics()).summary;
  fs.rmSync(root, { recursive: true, force: true });
  assert.equal(fromApp.n, fromCli.n);
  assert.equal(fromApp.ex, fromCli.ex);
  assert.equal(fromApp.pred_errors, fromCli.pred_errors);
  for (const r of Object.keys(fromCli.regimes)) assert.deepEqual(fromApp.regimes[r], fromCli.regimes[r], r);
});

test('a prediction that runs forever is stopped at the time limit and the app keeps working', async () => {
  const dir = tempDir('chokepoint-runaway-');
  fs.writeFileSync(path.join(dir, 'runaway_gold.sql'), 'SELECT count(*) FROM molecule\ttoxicology\n');
  fs.writeFileSync(path.join(dir, 'runaway_pred.sql'),
    'SELECT count(*) FROM atom a, atom b, atom c, atom d, connected e\n');
  await app.page.setInputFiles('#chokepoint-file-input', [path.join(dir, 'runaway_gold.sql'), path.join(dir, 'runaway_pred.sql')]);
  await app.page.waitForFunction(() => JSON.parse(Module.ccall('chokepoint_sets_json', 'string', [], []))
    .filter((s) => s.name.startsWith('runaway_')).length === 2);
  await command({ do: 'evaluate', gold: 'runaway_gold.sql', pred: 'runaway_pred.sql', timeout_ms: 500 });
  await app.page.waitForFunction(() => {
    const m = JSON.parse(Module.ccall('chokepoint_panel_json', 'string', ['string'], ['Predictions & metrics']));
    return m.done === true && m.label === 'runaway_gold.sql vs runaway_pred.sql';
  }, null, { timeout: 30000 });
  const m = await metrics();
  assert.equal(m.summary.timeouts, 1);
  assert.equal(m.summary.ex, 0);
  const status = await app.page.evaluate(() => Module.ccall('chokepoint_summary_json', 'string', [], []));
  assert.ok(status.includes('toxicology'), 'the app still answers');
  fs.rmSync(dir, { recursive: true, force: true });
});

test('a Spider database and a gold/prediction pair uploaded through the file picker score as the CLI does', async (t) => {
  const spider = path.join(repoRoot, '../shared/data/spider');
  const db = path.join(spider, 'database/concert_singer/concert_singer.sqlite');
  const cli = process.env.CHOKEPOINT_CLI || path.join(repoRoot, 'build/native/chokepoint');
  if (!fs.existsSync(db) || !fs.existsSync(cli)) { t.skip('no ../shared/data or native build'); return; }
  const dir = tempDir('chokepoint-spider-');
  const gold = fs.readFileSync(path.join(spider, 'dev_gold.sql'), 'utf8').split('\n')
    .filter((l) => l.endsWith('\tconcert_singer'));
  // Predictions: the gold itself for even items; for odd items a plausible error (the first column dropped from
  // a multi-column SELECT, else the WHERE clause removed, else the gold unchanged).
  const preds = gold.map((l, i) => {
    const sql = l.split('\t')[0];
    if (i % 2 === 0) return sql;
    const m = sql.match(/^SELECT\s+([^,]+),\s*(.*?)\s+FROM\s/i);
    if (m) return sql.replace(m[0], `SELECT ${m[2]} FROM `);
    return sql.replace(/\s+WHERE\s+.*$/i, '');
  });
  fs.writeFileSync(path.join(dir, 'concert_gold.sql'), gold.join('\n') + '\n');
  fs.writeFileSync(path.join(dir, 'concert_pred.sql'), preds.join('\n') + '\n');
  await app.page.setInputFiles('#chokepoint-file-input',
    [db, path.join(dir, 'concert_gold.sql'), path.join(dir, 'concert_pred.sql')]);
  await app.page.waitForFunction(() => JSON.parse(Module.ccall('chokepoint_sets_json', 'string', [], []))
    .filter((s) => s.name.startsWith('concert_')).length === 2 &&
    JSON.parse(Module.ccall('chokepoint_summary_json', 'string', [], [])).some((d) => d.db_id === 'concert_singer'));
  await command({ do: 'evaluate', gold: 'concert_gold.sql', pred: 'concert_pred.sql', semantics: 'spider' });
  await app.page.waitForFunction(() => {
    const m = JSON.parse(Module.ccall('chokepoint_panel_json', 'string', ['string'], ['Predictions & metrics']));
    return m.done === true && m.label === 'concert_gold.sql vs concert_pred.sql';
  }, null, { timeout: 60000 });
  const fromApp = (await metrics()).summary;
  fs.mkdirSync(path.join(dir, 'root/concert_singer'), { recursive: true });
  fs.copyFileSync(db, path.join(dir, 'root/concert_singer/concert_singer.sqlite'));
  const fromCli = JSON.parse(execFileSync(cli, ['eval', '--gold', path.join(dir, 'concert_gold.sql'), '--pred',
    path.join(dir, 'concert_pred.sql'), '--db-root', path.join(dir, 'root'), '--semantics', 'spider',
    '--out', path.join(dir, 'report.json')]).toString());
  fs.rmSync(dir, { recursive: true, force: true });
  assert.equal(fromApp.n, gold.length);
  assert.ok(fromApp.ex > 0 && fromApp.ex < 100, `some predictions are wrong: EX ${fromApp.ex}`);
  assert.equal(fromApp.ex, fromCli.ex);
  for (const r of Object.keys(fromCli.regimes)) assert.deepEqual(fromApp.regimes[r], fromCli.regimes[r], r);
  const png = await app.page.screenshot();
  fs.writeFileSync(path.join(artefactDir, 'metrics_spider.png'), png);
  const stats = await pixelStats(app.page, png, { x: 0, y: 60, w: 900, h: 300 }, [26, 28, 33]);
  assert.ok(stats.bright > 800, `the dashboard is drawn: ${JSON.stringify(stats)}`);
});

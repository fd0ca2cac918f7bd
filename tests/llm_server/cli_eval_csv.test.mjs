// `chokepoint eval --csv`: one row per item of the sample set, agreeing with the JSON report item by item
// (status, EX, the prediction's failure), with SQL containing commas and quotes kept intact by the quoting.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, readFileSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '..', '..');
const cli = process.env.CHOKEPOINT_CLI || join(root, 'build', 'native', 'chokepoint');
let dir;

// RFC 4180 rows: quoted fields may hold commas, doubled quotes and newlines.
function parseCsv(text) {
  const rows = [];
  let row = [], field = '', quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') { field += '"'; i++; }
      else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') { row.push(field); field = ''; }
    else if (c === '\n') { row.push(field); rows.push(row); row = []; field = ''; }
    else field += c;
  }
  return rows;
}

before(() => {
  assert.ok(existsSync(cli), `CLI not built: ${cli}`);
  dir = mkdtempSync(join(tmpdir(), 'chokepoint-csv-'));
  for (const db of ['toxicology', 'movies']) {
    mkdirSync(join(dir, 'db', db), { recursive: true });
    execFileSync('sqlite3', [join(dir, 'db', db, `${db}.sqlite`)],
                 { input: readFileSync(join(root, 'assets', 'db', `${db}.sql`)) });
  }
});

after(() => { if (dir) rmSync(dir, { recursive: true, force: true }); });

test('eval --csv writes one row per item that agrees with the JSON report', () => {
  const sets = join(root, 'assets', 'sets');
  execFileSync(cli, ['eval', '--gold', join(sets, 'sample_dev.json'), '--pred', join(sets, 'sample_pred.json'),
                     '--db-root', join(dir, 'db'), '--out', join(dir, 'report.json'), '--csv', join(dir, 'items.csv'),
                     '--regimes', 'EC-EC-IE,NC-PC']);
  const report = JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8'));
  const gold = JSON.parse(readFileSync(join(sets, 'sample_dev.json'), 'utf8'));
  const rows = parseCsv(readFileSync(join(dir, 'items.csv'), 'utf8'));
  const header = rows[0];
  assert.deepEqual(header, ['id', 'db_id', 'difficulty', 'joins', 'status', 'prediction', 'ex',
                            'EC-EC-IE EXP', 'EC-EC-IE EXR', 'EC-EC-IE F1', 'NC-PC EXP', 'NC-PC EXR', 'NC-PC F1',
                            'gold_sql', 'pred_sql', 'message']);
  assert.equal(rows.length - 1, gold.length);
  assert.equal(report.items.length, gold.length);
  let failed = 0;
  rows.slice(1).forEach((r, i) => {
    const field = (name) => r[header.indexOf(name)];
    assert.equal(field('db_id'), gold[i].db_id);
    assert.equal(field('gold_sql'), gold[i].SQL);
    assert.equal(field('difficulty'), gold[i].difficulty ?? '');
    assert.equal(field('ex'), report.items[i].ex ? '1' : '0');
    assert.equal(field('status'), report.items[i].status);
    assert.ok(Number(field('joins')) >= 0, `joins of item ${i}: ${field('joins')}`);
    if (field('prediction') !== 'ok') {
      failed++;
      assert.equal(field('NC-PC F1'), '0.000000');
      assert.ok(field('message').startsWith('prediction: '), field('message'));
    }
  });
  assert.equal(failed, report.summary.pred_errors + report.summary.timeouts);
});

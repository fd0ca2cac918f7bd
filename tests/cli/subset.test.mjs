// `chokepoint subset` as a user runs it on the sample set: the subset file loads as a set, holds the items of the
// strata the summary reports, repeats byte for byte for a seed, and bad arguments give a one-line error, exit 2.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, existsSync, mkdirSync, copyFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { assetsDir } from './cli_fixture.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '..', '..');
const cli = process.env.CHOKEPOINT_CLI || join(root, 'build', 'native', 'chokepoint');
const set = join(root, 'assets', 'sets', 'sample_dev.json');
let dir;

before(() => {
  assert.ok(existsSync(cli), `CLI not built: ${cli}`);
  dir = mkdtempSync(join(tmpdir(), 'chokepoint-subset-'));
  for (const db of ['toxicology', 'movies']) {
    mkdirSync(join(dir, 'db', db), { recursive: true });
    copyFileSync(join(assetsDir, 'db', `${db}.sqlite`), join(dir, 'db', db, `${db}.sqlite`));
  }
});
after(() => { if (dir) rmSync(dir, { recursive: true, force: true }); });

const run = (...args) => spawnSync(cli, ['subset', ...args], { encoding: 'utf8' });

test('a seeded subset of the sample set: strata as reported, the same bytes for the same seed', () => {
  const out = join(dir, 'a.json');
  const r = run('--set', set, '--db-root', join(dir, 'db'), '--out', out, '--per-stratum', '3', '--seed', '5');
  assert.equal(r.status, 0, r.stderr);
  const summary = JSON.parse(r.stdout);
  assert.deepEqual(summary.strata.map((s) => s.tables), ['1', '2', '3', '>3']);
  const taken = summary.strata.reduce((n, s) => n + s.taken, 0);
  for (const s of summary.strata) assert.equal(s.taken, Math.min(3, s.available));
  const subset = JSON.parse(readFileSync(out, 'utf8'));
  assert.equal(subset.length, taken);
  assert.equal(summary.items, taken);
  const all = JSON.parse(readFileSync(set, 'utf8'));
  for (const item of subset) assert.ok(all.some((g) => g.SQL === item.SQL && g.db_id === item.db_id), 'items come from the set');
  const again = join(dir, 'b.json');
  assert.equal(run('--set', set, '--db-root', join(dir, 'db'), '--out', again, '--per-stratum', '3', '--seed', '5')
    .status, 0);
  assert.equal(readFileSync(again, 'utf8'), readFileSync(out, 'utf8'));
});

test('bad arguments: one line on stderr, exit 2, no file', () => {
  const out = join(dir, 'c.json');
  for (const args of [['--set', set, '--out', out], ['--set', join(dir, 'none.json'), '--db-root', dir, '--out', out],
    ['--set', set, '--db-root', dir, '--out', out, '--per-stratum', '0']]) {
    const r = run(...args);
    assert.equal(r.status, 2, JSON.stringify(args));
    assert.match(r.stderr, /^chokepoint: /);
    assert.ok(!existsSync(out));
  }
});

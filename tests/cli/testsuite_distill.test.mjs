// `chokepoint testsuite distill` on the sample set: per database a suite of at most K random databases kept by the
// greedy cover of the mutants they kill; the suite kills at least as many mutants as its best single database, the
// files are real databases in the layout `eval --test-suite` reads, the same seed gives the same bytes, and
// `eval --test-suite` on the suite scores every item.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, copyFileSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cli, root, assetsDir } from './cli_fixture.mjs';

let dir;
const run = (...args) => spawnSync(cli, args, { encoding: 'utf8', timeout: 300000 });
const SET = join(root, 'assets', 'sets', 'sample_dev.json');

before(() => {
  dir = mkdtempSync(join(tmpdir(), 'chokepoint-distill-'));
  for (const db of ['toxicology', 'movies']) {
    mkdirSync(join(dir, 'db', db), { recursive: true });
    copyFileSync(join(assetsDir, 'db', `${db}.sqlite`), join(dir, 'db', db, `${db}.sqlite`));
  }
});
after(() => { if (dir) rmSync(dir, { recursive: true, force: true }); });

const distill = (name, ...flags) => run('testsuite', 'distill', '--gold', SET, '--db-root', join(dir, 'db'), '--out',
  join(dir, name), '--draws', '12', '--databases', '3', ...flags);

test('the suite kills at least as many mutants as its best database, in files eval --test-suite reads', () => {
  const r = distill('suite');
  assert.equal(r.status, 0, r.stderr);
  const s = JSON.parse(r.stdout);
  assert.deepEqual(s.databases.map((d) => d.db_id), ['movies', 'toxicology']);
  assert.ok(s.mutants > 0);
  for (const d of s.databases) {
    assert.ok(d.suite >= 1 && d.suite <= 3, `${d.db_id}: ${d.suite} databases`);
    assert.ok(d.killed_by_suite >= d.killed_by_best_single, JSON.stringify(d));
    assert.ok(d.killed_by_suite <= d.killable && d.killable <= d.mutants, JSON.stringify(d));
    assert.equal(d.members.reduce((n, m) => n + m.newly_killed, 0), d.killed_by_suite, 'the cover adds up');
    const files = readdirSync(join(dir, 'suite', d.db_id)).sort();
    assert.equal(files.length, d.suite);
    assert.equal(files[0], `${d.db_id}.sqlite`, 'the best single database under the name one-database tools open');
    const tables = spawnSync('sqlite3', [join(dir, 'suite', d.db_id, files[0]), '.tables'], { encoding: 'utf8' });
    assert.equal(tables.status, 0);
    assert.ok(tables.stdout.trim().length > 0, 'a real database with tables');
  }
  assert.equal(s.killed_by_suite, s.databases.reduce((n, d) => n + d.killed_by_suite, 0));
  assert.deepEqual(JSON.parse(readFileSync(join(dir, 'suite', 'manifest.json'), 'utf8')), s);

  const again = distill('again');
  assert.equal(again.status, 0, again.stderr);
  for (const d of s.databases)
    for (const f of readdirSync(join(dir, 'suite', d.db_id)))
      assert.ok(readFileSync(join(dir, 'suite', d.db_id, f)).equals(readFileSync(join(dir, 'again', d.db_id, f))),
        `${d.db_id}/${f}: the same seed, the same bytes`);

  const gold = join(root, 'assets', 'sets', 'sample_gold.sql');
  const e = run('eval', '--gold', gold, '--pred', gold, '--db-root', join(dir, 'suite'), '--test-suite', '--out',
    join(dir, 'eval.json'));
  assert.equal(e.status, 0, e.stderr);
  const summary = JSON.parse(e.stdout);
  assert.deepEqual([summary.n, summary.no_database, summary.ex], [28, 0, 100], 'each gold matches itself on the suite');
});

test('missing inputs and a prediction file as gold are refused', () => {
  assert.equal(run('testsuite', 'distill', '--gold', SET).status, 2);
  const pred = run('testsuite', 'distill', '--gold', join(root, 'assets', 'sets', 'sample_pred.json'), '--db-root',
    join(dir, 'db'), '--out', join(dir, 'x'));
  assert.equal(pred.status, 2);
  assert.match(pred.stderr, /holds predictions, not a gold set/);
});

// `chokepoint testsuite distill` on the sample set: per database a suite of at most K random databases kept by the
// greedy cover of the mutants they kill; the suite kills at least as many mutants as its best single database, the
// files are real databases in the layout `eval --test-suite` reads, the same seed gives the same bytes, and
// `eval --test-suite` on the suite scores every item; `agreement --test-suite-root` judges with the whole suite: its
// verdicts are `eval --test-suite`'s and the mutants it tells apart are those distill says the suite kills.
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

test('agreement --test-suite-root: verdicts as eval --test-suite gives them, mutants as distill kills them', () => {
  const manifest = JSON.parse(readFileSync(join(dir, 'suite', 'manifest.json'), 'utf8'));
  const pred = join(root, 'assets', 'sets', 'sample_pred.json');
  const r = run('agreement', '--gold', SET, '--pred', pred, '--db-root', join(dir, 'db'), '--test-db-root',
    join(dir, 'suite'), '--test-suite-root', join(dir, 'suite'), '--out', join(dir, 'agree.json'));
  assert.equal(r.status, 0, r.stderr);
  const [single, suite] = JSON.parse(r.stdout).test_roots;
  assert.deepEqual([single.suite, suite.suite], [false, true]);
  assert.equal(suite.databases, manifest.databases.reduce((n, d) => n + d.suite, 0));
  assert.equal(suite.db_ids, manifest.databases.length);
  // The same root read one database per db_id is the suite's best single member: distill's two counts, side by side.
  assert.equal(suite.discrimination.mutants, manifest.mutants);
  assert.equal(suite.discrimination.distinguished, manifest.killed_by_suite);
  assert.equal(single.discrimination.distinguished, manifest.killed_by_best_single_total);
  for (const d of manifest.databases)
    assert.equal(Math.round(suite.discrimination.by_db[d.db_id].test * d.mutants), d.killed_by_suite, d.db_id);
  assert.ok(manifest.killed_by_suite > manifest.killed_by_best_single_total, 'not vacuous: the suite kills more');

  const e = run('eval', '--gold', SET, '--pred', pred, '--db-root', join(dir, 'suite'), '--test-suite', '--out',
    join(dir, 'eval_suite.json'));
  assert.equal(e.status, 0, e.stderr);
  const byEval = JSON.parse(readFileSync(join(dir, 'eval_suite.json'), 'utf8')).items;
  const items = JSON.parse(readFileSync(join(dir, 'agree.json'), 'utf8')).items;
  assert.deepEqual(items.map((it) => [it.id, it.test_roots[1].test.status === 'scored' && it.test_roots[1].test.ex]),
    byEval.map((it) => [String(it.id), it.status === 'scored' && it.ex === 1]));
  assert.equal(Math.round(suite.ex_test * 100) / 100, JSON.parse(e.stdout).ex, 'EX on the suite is eval\'s');
  // Right on the suite implies right on its first member, never the other way.
  for (const it of items) if (it.test_roots[1].test.ex) assert.ok(it.test_roots[0].test.ex, it.id);
  // SR on a suite: the gold returns a row on some member, so at least as often as on the first member alone.
  assert.ok(suite.sr >= single.sr, `${suite.sr} >= ${single.sr}`);
  assert.equal(suite.sr, (100 * items.filter((it) => it.test_roots[1].gold_nonempty).length) / items.length);

  const none = run('agreement', '--gold', SET, '--pred', pred, '--db-root', join(dir, 'db'), '--out',
    join(dir, 'x.json'));
  assert.equal(none.status, 2);
  assert.match(none.stderr, /missing --test-db-root or --test-suite-root/);
  const gone = run('agreement', '--gold', SET, '--pred', pred, '--db-root', join(dir, 'db'), '--test-suite-root',
    join(dir, 'no-such-suite'), '--out', join(dir, 'y.json'));
  assert.equal(gone.status, 2);
  assert.match(gone.stderr, /--test-suite-root .*no-such-suite: no such folder/);
});

test('study synsql --test-suite-root: the suite is a method of Tables 1-2, judged as agreement judges it', () => {
  const pred = join(root, 'assets', 'sets', 'sample_pred.json');
  const out = join(dir, 'synsql');
  const r = run('study', 'synsql', '--gold', SET, '--pred', `p=${pred}`, '--db-root', join(dir, 'db'), '--test-suite-root',
    `suite=${join(dir, 'suite')}`, '--test-db-root', `single=${join(dir, 'suite')}`, '--out', out);
  assert.equal(r.status, 0, r.stderr);
  const cells = JSON.parse(r.stdout).cells;
  assert.deepEqual(cells.map((c) => c.method), ['single', 'suite'], 'test-db-roots first, then the suites');
  const agreed = JSON.parse(readFileSync(join(dir, 'agree.json'), 'utf8')).test_roots;  // the test above
  const r2 = (x) => Math.round(x * 100) / 100;
  assert.deepEqual(cells.map((c) => [c.sr, c.ex_test]), agreed.map((a) => [r2(a.sr), r2(a.ex_test)]));
  assert.ok(cells[1].sr > cells[0].sr, 'the suite\'s SR counts a row on any of its databases');
  const report = JSON.parse(readFileSync(join(out, 'report.json'), 'utf8'));
  const manifest = JSON.parse(readFileSync(join(dir, 'suite', 'manifest.json'), 'utf8'));
  const members = manifest.databases.reduce((n, d) => n + d.suite, 0);
  assert.ok(report.notes.includes(`suite is a distilled test suite (${members} databases over 2 db_ids): a prediction ` +
    'is right there only if it matches on every database of its db_id, SR counts a gold that returns a row on any of ' +
    'them, and it has no Fig. 4 row.'), report.notes.join('\n'));
  assert.ok(report.inputs.some((i) => i.name === 'test-suite-root suite'));
});

test('missing inputs and a prediction file as gold are refused', () => {
  assert.equal(run('testsuite', 'distill', '--gold', SET).status, 2);
  const pred = run('testsuite', 'distill', '--gold', join(root, 'assets', 'sets', 'sample_pred.json'), '--db-root',
    join(dir, 'db'), '--out', join(dir, 'x'));
  assert.equal(pred.status, 2);
  assert.match(pred.stderr, /holds predictions, not a gold set/);
});

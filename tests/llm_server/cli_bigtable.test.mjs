// `chokepoint bigtable` on the sample set and its two databases: the strata of Table 2 beside the paper's, each
// changed filter value read back from the files (the new value in the question, a non-empty result on the renamed
// databases), the four-table stratum topped up by expansions whose questions the loopback fake model wrote, and the
// refusals.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startFakeLlm } from './start_server.mjs';
import { run as runCli, scratchDir, copyDb, removeDir, root } from './cli_fixture.mjs';

let llm, dir;
const run = (args) => runCli(args, { timeout: 240000 });
const gold = join(root, 'assets', 'sets', 'sample_dev.json');
const rows = (db, sql) => execFileSync('sqlite3', ['-readonly', db, sql], { encoding: 'utf8' }).trim();

before(async () => {
  dir = scratchDir('chokepoint-bigtable-');
  copyDb(dir, 'toxicology');
  copyDb(dir, 'movies');
  llm = await startFakeLlm(300000);
  writeFileSync(join(dir, 'model.json'), llm.config('fake-writer'));
});
after(() => {
  llm?.kill();
  removeDir(dir);
});

test('without a model: the subset, changed filter values that keep rows, renamed databases, Table 2 beside 004', async () => {
  const out = join(dir, 'plain');
  const r = await run(['bigtable', '--gold', gold, '--db-root', join(dir, 'db'), '--out', out, '--per-stratum', '5']);
  assert.equal(r.code, 0, r.stderr);
  const s = JSON.parse(r.stdout);
  assert.deepEqual(s.strata.map((x) => [x.tables, x.items, x.paper_items]),
    [['1', 5, 50], ['2', 5, 50], ['3', 5, 50], ['>3', 0, 50]]);
  assert.deepEqual(s.strata.map((x) => x.paper_avg_columns), [23.3, 56.94, 31.73, 29.04]);
  assert.ok(s.notes.some((n) => /needs --llm-config/.test(n)), s.notes.join('\n'));
  assert.equal(s.items, 15);
  assert.equal(s.filter_changed + Object.values(s.filter_unchanged).reduce((a, b) => a + b, 0), 15);
  assert.ok(s.filter_changed >= 3, JSON.stringify(s));
  const report = JSON.parse(readFileSync(join(out, 'bigtable_report.json'), 'utf8'));
  const set = JSON.parse(readFileSync(join(out, 'bigtable.json'), 'utf8'));
  assert.equal(report.filter_changes.length, s.filter_changed);
  for (const c of report.filter_changes) {
    const item = set.find((x) => String(x.question_id) === c.id);
    assert.ok(item, c.id);
    assert.notEqual(c.from, c.to);
    assert.ok(item.question.includes(c.to), `${item.question} names ${c.to}`);
    // The changed (and renamed) gold gives rows on the renamed copy of its database.
    const db = join(out, 'databases', item.db_id, `${item.db_id}.sqlite`);
    assert.notEqual(rows(db, item.SQL), '', item.SQL);
  }
  // The renamed databases are copies: the originals are untouched and differ in their names.
  assert.ok(existsSync(join(out, 'databases', 'movies', 'movies.sqlite')));
  assert.notEqual(rows(join(out, 'databases', 'movies', 'movies.sqlite'), '.tables'),
    rows(join(dir, 'db', 'movies', 'movies.sqlite'), '.tables'));
});

test('with a model: the four-table stratum is topped up by three-table items expanded by one join', async () => {
  const out = join(dir, 'model');
  const r = await run(['bigtable', '--gold', gold, '--db-root', join(dir, 'db'), '--out', out, '--per-stratum', '3',
    '--llm-config', join(dir, 'model.json'), '--no-rename']);
  assert.equal(r.code, 0, r.stderr);
  const s = JSON.parse(r.stdout);
  assert.equal(s.expanded, 3);
  assert.deepEqual(s.strata.map((x) => x.items), [3, 3, 3, 3]);
  assert.equal(s.db_root, join(dir, 'db'));
  const set = JSON.parse(readFileSync(join(out, 'bigtable.json'), 'utf8'));
  const expanded = set.filter((x) => String(x.question_id).startsWith('jqe-'));
  assert.equal(expanded.length, 3);
  // Each is a four-table query (Table 2 counts them in the >3 row above) with the model's question and a result.
  const originals = new Set(JSON.parse(readFileSync(gold, 'utf8')).map((x) => x.SQL));
  for (const x of expanded) {
    assert.ok(x.question.length > 0);
    assert.ok(!originals.has(x.SQL), x.SQL);
    assert.notEqual(rows(join(dir, 'db', x.db_id, `${x.db_id}.sqlite`), x.SQL), '', x.SQL);
  }
});

test('bad input exits 2 naming it', async () => {
  const base = ['bigtable', '--gold', gold, '--db-root', join(dir, 'db')];
  for (const [args, message] of [
    [[...base, '--out', join(dir, 'r1'), '--replay', join(dir, 'x.sqlite')], /--replay goes with --llm-config/],
    [[...base, '--out', join(dir, 'plain')], /exists and is not empty/],
    [['bigtable', '--gold', join(dir, 'nowhere.json'), '--db-root', join(dir, 'db'), '--out', join(dir, 'r2')],
      /nowhere.json/],
  ]) {
    const r = await run(args);
    assert.equal(r.code, 2, args.join(' '));
    assert.match(r.stderr, message);
  }
});

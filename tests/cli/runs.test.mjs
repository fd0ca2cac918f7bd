// Runs and their comparison through the CLI: two evaluations of the same toxicology gold with
// different predictions are stored with `eval --store`, `runs compare` finds the item that was fixed and the one
// that broke with their reasons, a mark set with `runs mark` shows in the comparison, and a file that is not a run
// store is refused with exit code 2 and left byte for byte as it was.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync, rmSync, existsSync, mkdirSync, copyFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { assetsDir } from './cli_fixture.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '..', '..');
const cli = process.env.CHOKEPOINT_CLI || join(root, 'build', 'native', 'chokepoint');
// The sample database next to the CLI being tested.
const toxicology = join(assetsDir, 'db', 'toxicology.sqlite');
let dir;

const GOLD = [
  "SELECT COUNT(*) FROM atom WHERE element = 'cl'",
  'SELECT COUNT(*) FROM bond',
  "SELECT COUNT(*) FROM atom WHERE element = 'h'",
  'SELECT COUNT(*) FROM molecule',
];
// Run 1: item 0 fails (no such column), 1 right, 2 wrong, 3 right. Run 2: 0 fixed, 1 broken, 2 and 3 as before.
const PRED_1 = ['SELECT COUNT(nme) FROM atom', 'SELECT COUNT(*) FROM bond', "SELECT COUNT(*) FROM atom WHERE element = 'c'",
  'SELECT COUNT(*) FROM molecule'];
const PRED_2 = ["SELECT COUNT(*) FROM atom WHERE element = 'cl'", 'SELECT COUNT(*) FROM atom', PRED_1[2], PRED_1[3]];

const run = (...args) => spawnSync(cli, args, { encoding: 'utf8' });
const evalArgs = (pred, out) => ['eval', '--gold', join(dir, 'gold.sql'), '--pred', join(dir, pred), '--db-root',
  join(dir, 'db'), '--out', join(dir, out)];

before(() => {
  assert.ok(existsSync(cli), `CLI not built: ${cli}`);
  assert.ok(existsSync(toxicology), `sample database not built next to the CLI: ${toxicology}`);
  dir = mkdtempSync(join(tmpdir(), 'chokepoint-runs-'));
  mkdirSync(join(dir, 'db', 'toxicology'), { recursive: true });
  copyFileSync(toxicology, join(dir, 'db', 'toxicology', 'toxicology.sqlite'));
  writeFileSync(join(dir, 'gold.sql'), GOLD.map((g) => `${g}\ttoxicology`).join('\n') + '\n');
  writeFileSync(join(dir, 'pred1.sql'), PRED_1.join('\n') + '\n');
  writeFileSync(join(dir, 'pred2.sql'), PRED_2.join('\n') + '\n');
});
after(() => { if (dir) rmSync(dir, { recursive: true, force: true }); });

test('eval --store appends runs and changes nothing else eval writes', () => {
  const store = join(dir, 'runs.sqlite');
  const plain = run(...evalArgs('pred1.sql', 'plain.json'));
  assert.equal(plain.status, 0, plain.stderr);
  const first = run(...evalArgs('pred1.sql', 'r1.json'), '--store', store, '--run-label', 'first');
  assert.equal(first.status, 0, first.stderr);
  const summary = JSON.parse(first.stdout);
  assert.equal(summary.stored_run, 1);
  delete summary.stored_run;
  assert.deepEqual(summary, JSON.parse(plain.stdout));
  assert.equal(JSON.parse(plain.stdout).stored_run, undefined);
  assert.equal(readFileSync(join(dir, 'r1.json'), 'utf8'), readFileSync(join(dir, 'plain.json'), 'utf8'));
  const second = run(...evalArgs('pred2.sql', 'r2.json'), '--store', store, '--run-label', 'second');
  assert.equal(second.status, 0, second.stderr);
  assert.equal(JSON.parse(second.stdout).stored_run, 2);

  const list = run('runs', 'list', '--store', store);
  assert.equal(list.status, 0, list.stderr);
  const runs = JSON.parse(list.stdout).runs;
  assert.deepEqual(runs.map((r) => [r.id, r.label, r.items]), [[1, 'first', 4], [2, 'second', 4]]);
  assert.equal(runs[0].summary.ex, 50);
  assert.equal(runs[0].settings.semantics, 'bird');
  assert.ok(!runs[0].settings.arguments.includes('--store'));
});

test('runs compare finds the fixed and the broken item and says why', () => {
  const store = join(dir, 'runs.sqlite');
  const r = run('runs', 'compare', '--store', store, '1', '2', '--out', join(dir, 'cmp.json'));
  assert.equal(r.status, 0, r.stderr);
  const c = JSON.parse(r.stdout);
  assert.equal(c.pairing, 'id');
  assert.deepEqual(c.counts, { fixed: 1, broken: 1, unchanged: 2, changed_other: 0, only_in_a: 0, only_in_b: 0 });
  assert.deepEqual(c.items.map((i) => [i.id, i.change]), [['0', 'fixed'], ['1', 'broken']]);
  const fixed = c.items[0];
  assert.deepEqual([fixed.before.ex, fixed.before.status, fixed.after.ex, fixed.after.status],
    [0, 'pred_error', 1, 'scored']);
  assert.match(fixed.reason, /^EX 0 -> 1; pred_error -> scored; prediction changed; was: .*no such column: nme/);
  assert.equal(c.items[1].reason, 'EX 1 -> 0; prediction changed');
  const full = JSON.parse(readFileSync(join(dir, 'cmp.json'), 'utf8'));
  assert.equal(full.items.length, 4, '--out holds every item');
});

test('a mark set on one run shows wherever the same prediction appears', () => {
  const store = join(dir, 'runs.sqlite');
  const m = run('runs', 'mark', '--store', store, '--run', '1', '--item', '2', '--note', 'h instead of c');
  assert.equal(m.status, 0, m.stderr);
  assert.equal(JSON.parse(m.stdout).mark.note, 'h instead of c');
  let c = JSON.parse(run('runs', 'compare', '--store', store, '1', '2').stdout);
  const marked = c.items.find((i) => i.id === '2');
  assert.equal(marked.change, 'unchanged');
  assert.equal(marked.before.mark.note, 'h instead of c');
  assert.equal(marked.after.mark.almost_correct, true);
  assert.deepEqual(c.almost_correct, { a: 1, b: 1 });

  const cleared = run('runs', 'mark', '--store', store, '--run', '2', '--item', '2', '--clear');
  assert.equal(cleared.status, 0, cleared.stderr);
  c = JSON.parse(run('runs', 'compare', '--store', store, '1', '2').stdout);
  assert.equal(c.items.find((i) => i.id === '2'), undefined);
});

test('a missing run, an unknown item and bad run ids are exit code 2', () => {
  const store = join(dir, 'runs.sqlite');
  for (const [args, message] of [
    [['runs', 'compare', '--store', store, '1', '9'], /has no run 9/],
    [['runs', 'mark', '--store', store, '--run', '1', '--item', '77'], /run 1 has no item '77'/],
    [['runs', 'compare', '--store', store, '1', 'x'], /whole number/],
    [['runs', 'list', '--store', join(dir, 'nowhere.sqlite')], /no run store/],
    [['runs', 'frobnicate'], /unknown runs command/],
  ]) {
    const r = run(...args);
    assert.equal(r.status, 2, args.join(' '));
    assert.match(r.stderr, message);
  }
  assert.ok(!existsSync(join(dir, 'nowhere.sqlite')), 'runs list creates no store');
});

test('a file that is not a run store is refused and left byte for byte', () => {
  const garbage = join(dir, 'garbage.sqlite');
  const bytes = Buffer.from('not a database at all\n'.repeat(300));
  writeFileSync(garbage, bytes);
  const e = run(...evalArgs('pred1.sql', 'g.json'), '--store', garbage);
  assert.equal(e.status, 2);
  assert.match(e.stderr, /is not a Chokepoint run store/);
  for (const args of [['runs', 'list', '--store', garbage], ['runs', 'compare', '--store', garbage, '1', '2'],
    ['runs', 'mark', '--store', garbage, '--run', '1', '--item', '0']]) {
    const r = run(...args);
    assert.equal(r.status, 2, args.join(' '));
    assert.match(r.stderr, /is not a Chokepoint run store/);
  }
  assert.ok(readFileSync(garbage).equals(bytes), 'the file is unchanged');
  // Another SQLite database is not a store either: the toxicology copy stays as it was.
  const other = join(dir, 'db', 'toxicology', 'toxicology.sqlite');
  const before = readFileSync(other);
  const o = run(...evalArgs('pred1.sql', 'o.json'), '--store', other);
  assert.equal(o.status, 2);
  assert.match(o.stderr, /without its meta table/);
  assert.ok(readFileSync(other).equals(before));
});

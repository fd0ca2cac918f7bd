// `chokepoint jqe marks`: a person's marks on the regenerated questions of an expanded set, tallied as SQLMorph
// §IV-F reports them. The pairs checked are those whose question the model wrote; the shares are over the marked
// ones (counted by hand below), the unmarked and unknown ids are listed, and bad files are refused naming them.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cli } from './cli_fixture.mjs';

let dir;
const run = (...args) => spawnSync(cli, ['jqe', 'marks', ...args], { encoding: 'utf8' });
const file = (name, value) => {
  const p = join(dir, name);
  writeFileSync(p, typeof value === 'string' ? value : JSON.stringify(value));
  return p;
};

before(() => {
  dir = mkdtempSync(join(tmpdir(), 'chokepoint-jqe-marks-'));
});
after(() => rmSync(dir, { recursive: true, force: true }));

// Six expansions: five with a generated question, one whose call failed.
const EXPANDED = ['1-e1', '2-e1', '3-e1', '4-e1', '5-e1', '6-e1'].map((id, i) => ({
  question_id: id, db_id: 'db', question: `q${i}`, evidence: '', SQL: 'SELECT 1',
  question_status: i === 5 ? 'failed' : 'generated',
}));

test('the marks of the generated questions tallied over the marked ones, the rest listed', () => {
  const set = file('expanded.json', EXPANDED);
  // Marked: two aligned, one adds context, one loses intent; 5-e1 unmarked; 6-e1 was not generated; 9-e1 is no pair.
  const marks = file('marks.json', { '1-e1': 'aligned', '2-e1': 'aligned', '3-e1': 'adds_context',
    '4-e1': 'loses_intent', '6-e1': 'aligned', '9-e1': 'loses_intent' });
  const r = run('--set', set, '--marks', marks);
  assert.equal(r.status, 0, r.stderr);
  const t = JSON.parse(r.stdout);
  assert.deepEqual([t.items, t.marked, t.unmarked, t.not_generated], [5, 4, 1, 1]);
  assert.deepEqual([t.aligned.count, t.adds_context.count, t.loses_intent.count], [2, 1, 1]);
  assert.deepEqual([t.aligned.percent, t.adds_context.percent, t.loses_intent.percent], [50, 25, 25]);
  assert.equal(t.denominator, 'marked');
  assert.deepEqual(t.unmarked_ids, ['5-e1']);
  assert.deepEqual(t.unknown_ids, ['6-e1', '9-e1'], 'a mark on a failed question or on no pair is not counted');
  assert.deepEqual(t.paper, { aligned: 74.1, adds_context: 13.8, loses_intent: 12.1, pairs: 58 });
});

test('a set without question_status: every item is a checked pair', () => {
  const set = file('plain.json', [{ question_id: 7, SQL: 'SELECT 1' }, { question_id: 8, SQL: 'SELECT 2' }]);
  const r = run('--set', set, '--marks', file('m2.json', { 7: 'loses_intent' }));
  assert.equal(r.status, 0, r.stderr);
  const t = JSON.parse(r.stdout);
  assert.deepEqual([t.items, t.marked, t.loses_intent.percent, t.checked], [2, 1, 100, 'every item']);
});

test('bad input exits 2 naming the file and what is wrong', () => {
  const set = file('expanded2.json', EXPANDED);
  for (const [args, message] of [
    [['--set', set, '--marks', file('bad.json', { '1-e1': 'great' })], /bad\.json: unknown mark.*'great' \(item 1-e1\)/],
    [['--set', set, '--marks', file('notjson.json', 'not json')], /notjson\.json/],
    [['--set', file('obj.json', { a: 1 }), '--marks', file('m3.json', {})], /obj\.json: not a JSON list/],
    [['--set', file('noid.json', [{ SQL: 'x' }]), '--marks', file('m4.json', {})], /noid\.json: item 1 has no question_id/],
    [['--set', join(dir, 'nowhere.json'), '--marks', file('m5.json', {})], /nowhere\.json/],
    [['--set', set], /missing --marks/],
    [['--set', set, '--marks', file('m6.json', {}), '--bogus'], /--bogus/],
  ]) {
    const r = run(...args);
    assert.equal(r.status, 2, args.join(' '));
    assert.match(r.stderr, message);
  }
});

// `chokepoint tqa denat --keep-by`: which de-naturalised items the four sets keep. By default the renamed gold must
// return the original's rows; with --keep-by system-ex the system must have answered the original right (its
// predictions, --pred, scored as eval scores them), as SQLMorph §V-C discards the items a system got wrong; with
// both, both must hold. The system here is right on the even items and wrong on the odd ones, so the expected sets
// are counted from the default run's kept items and the parity of each key.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, copyFileSync, writeFileSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cli, root, assetsDir } from './cli_fixture.mjs';

let dir;
const run = (...args) => spawnSync(cli, args, { encoding: 'utf8', timeout: 120000 });
const keys = (out) => JSON.parse(readFileSync(join(out, 'O_O.json'), 'utf8')).map((it) => String(it.question_id));

before(() => {
  dir = mkdtempSync(join(tmpdir(), 'chokepoint-denat-keep-'));
  mkdirSync(join(dir, 'db', 'toxicology'), { recursive: true });
  copyFileSync(join(assetsDir, 'db', 'toxicology.sqlite'), join(dir, 'db', 'toxicology', 'toxicology.sqlite'));
  const items = JSON.parse(readFileSync(join(root, 'assets', 'sets', 'sample_dev.json'), 'utf8'))
    .filter((it) => it.db_id === 'toxicology');
  writeFileSync(join(dir, 'set.json'), JSON.stringify(items));
  writeFileSync(join(dir, 'pred.json'), JSON.stringify(Object.fromEntries(items.map((it, i) =>
    [String(i), `${it.question_id % 2 === 0 ? it.SQL : "SELECT 'wrong'"}\t----- bird -----\ttoxicology`]))));
});
after(() => { if (dir) rmSync(dir, { recursive: true, force: true }); });

const denat = (name, ...flags) => {
  const out = join(dir, name);
  const r = run('tqa', 'denat', '--set', join(dir, 'set.json'), '--db-root', join(dir, 'db'), '--out', out, ...flags);
  return { ...r, out, summary: r.status === 0 ? JSON.parse(r.stdout) : null };
};

test('the three keep rules: by the renamed gold, by the system\'s EX on the original, by both', () => {
  const gold = denat('gold');
  assert.equal(gold.status, 0, gold.stderr);
  assert.equal(gold.summary.keep_by, 'gold-result');
  const goldKept = keys(gold.out);
  assert.ok(goldKept.length >= 2, `the renamed golds keep several items: ${goldKept}`);

  const ex = denat('ex', '--keep-by', 'system-ex', '--pred', join(dir, 'pred.json'));
  assert.equal(ex.status, 0, ex.stderr);
  assert.equal(ex.summary.keep_by, 'system-ex');
  const exKept = keys(ex.out);
  assert.ok(exKept.length > 0 && exKept.every((k) => Number(k) % 2 === 0), `only the items answered right: ${exKept}`);
  const report = JSON.parse(readFileSync(join(ex.out, 'denat_report.json'), 'utf8'));
  assert.ok(report.discarded.some((d) => /did not answer the original correctly \(EX = 0\)/.test(d.reason)));

  const both = denat('both', '--keep-by', 'both', '--pred', join(dir, 'pred.json'));
  assert.equal(both.status, 0, both.stderr);
  assert.deepEqual(keys(both.out), goldKept.filter((k) => exKept.includes(k)), 'both: the intersection');
  assert.equal(both.summary.kept + both.summary.discarded, both.summary.items);
});

test('a keep rule and its predictions are asked for together, or refused saying why', () => {
  const missing = denat('no-pred', '--keep-by', 'system-ex');
  assert.equal(missing.status, 2);
  assert.match(missing.stderr, /--keep-by system-ex needs --pred: the system's predictions on the original set/);
  const unused = denat('unused', '--pred', join(dir, 'pred.json'));
  assert.equal(unused.status, 2);
  assert.match(unused.stderr, /--pred is read only with --keep-by system-ex or both/);
  const wrong = denat('wrong', '--keep-by', 'system');
  assert.equal(wrong.status, 2);
  assert.match(wrong.stderr, /--keep-by/);
});

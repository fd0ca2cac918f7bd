// `chokepoint agreement` on a hand-made original and test database whose verdicts are planned item by item: one item
// of each confusion cell, a gold that fails on the test database and one that returns nothing there, so SR, EX on
// both, Δ, the confusion, AR (kappa, worked by hand below), CC and the bucket are known before the program runs. A
// copy of the original as a second root agrees perfectly; predictions equal to the golds make P_e = 1. Bad input
// exits 2.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync, execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, existsSync, mkdirSync, writeFileSync, copyFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '..', '..');
const cli = process.env.CHOKEPOINT_CLI || join(root, 'build', 'native', 'chokepoint');
let dir;

// Original product prices: pen 2, ink 5, pad 9. Test database: pen 4, ink 9, pad 3, and no supplier table.
const pairs = [
  // 1: original {ink, pad} = {ink, pad}: correct; test {ink} vs {pen, ink}: wrong -> FN.
  ['SELECT name FROM product WHERE price > 4', 'SELECT name FROM product WHERE price >= 4'],
  // 2: correct on both -> TP.
  ['SELECT count(*) FROM product', 'SELECT count(*) FROM product'],
  // 3: original 9 vs 5: wrong; test 9 vs 9: correct -> FP.
  ['SELECT max(price) FROM product', 'SELECT price FROM product WHERE id = 2'],
  // 4: the prediction returns nothing, the gold a row on both -> TN.
  ['SELECT name FROM product ORDER BY price LIMIT 1', 'SELECT name FROM product WHERE id = 99'],
  // 5: the gold fails on the test database (no supplier there): SR failure, and FN.
  ['SELECT count(*) FROM supplier', 'SELECT count(*) FROM supplier'],
  // 6: no price 2 on the test database: the gold is empty there (SR failure), both empty -> TP.
  ['SELECT name FROM product WHERE price = 2', 'SELECT name FROM product WHERE price = 2'],
  // 7: -> TP.
  ['SELECT name FROM product WHERE id = 1', 'SELECT name FROM product WHERE id = 1'],
];

before(() => {
  assert.ok(existsSync(cli), `CLI not built: ${cli}`);
  dir = mkdtempSync(join(tmpdir(), 'chokepoint-agreement-'));
  for (const d of ['orig/shop', 'test/shop', 'copy/shop']) mkdirSync(join(dir, d), { recursive: true });
  execFileSync('sqlite3', [join(dir, 'orig', 'shop', 'shop.sqlite')], { input: `
    CREATE TABLE product(id INTEGER PRIMARY KEY, name TEXT, price INT);
    CREATE TABLE supplier(id INTEGER PRIMARY KEY, name TEXT);
    INSERT INTO product VALUES (1, 'pen', 2), (2, 'ink', 5), (3, 'pad', 9);
    INSERT INTO supplier VALUES (1, 'Acme');` });
  execFileSync('sqlite3', [join(dir, 'test', 'shop', 'shop.sqlite')], { input: `
    CREATE TABLE product(id INTEGER PRIMARY KEY, name TEXT, price INT);
    INSERT INTO product VALUES (1, 'pen', 4), (2, 'ink', 9), (3, 'pad', 3);` });
  copyFileSync(join(dir, 'orig', 'shop', 'shop.sqlite'), join(dir, 'copy', 'shop', 'shop.sqlite'));
  writeFileSync(join(dir, 'gold.sql'), pairs.map(([g]) => `${g}\tshop`).join('\n') + '\n');
  writeFileSync(join(dir, 'pred.sql'), pairs.map(([, p]) => p).join('\n') + '\n');
  writeFileSync(join(dir, 'same.sql'), pairs.map(([g]) => g).join('\n') + '\n');
});
after(() => { if (dir) rmSync(dir, { recursive: true, force: true }); });

const agreement = (...args) => spawnSync(cli, ['agreement', ...args], { encoding: 'utf8' });
const near = (actual, expected, what) =>
  assert.ok(Math.abs(actual - expected) < 1e-9, `${what}: ${actual} vs ${expected}`);

test('SR, EX, delta, confusion, AR, CC and the bucket, planned item by item', () => {
  const out = join(dir, 'r.json');
  const r = agreement('--gold', join(dir, 'gold.sql'), '--pred', join(dir, 'pred.sql'), '--db-root', join(dir, 'orig'),
    '--test-db-root', join(dir, 'test'), '--out', out);
  assert.equal(r.status, 0, r.stderr);
  const s = JSON.parse(r.stdout);
  assert.equal(s.n, 7);
  assert.equal(s.semantics, 'bird');  // a gold TSV names no benchmark
  near(s.original.sr, 100, 'original SR');
  const t = s.test_roots[0];
  assert.equal(t.reference, 7);
  assert.deepEqual(t.confusion, { tp: 3, tn: 1, fp: 1, fn: 2 });
  near(t.sr, 500 / 7, 'SR');  // items 5 (gold fails) and 6 (gold empty) fail
  near(t.ex_original, 500 / 7, 'EX original');  // 1, 2, 5, 6, 7
  near(t.ex_test, 400 / 7, 'EX test');  // 2, 3, 6, 7
  near(t.delta, 100 / 7, 'delta');
  // P_o = 4/7; original says correct 5/7, test 4/7: P_e = 5/7 * 4/7 + 2/7 * 3/7 = 26/49; AR = (28 - 26) / (49 - 26).
  near(t.ar, 2 / 23, 'AR');
  assert.equal(t.ar_degenerate, false);
  assert.equal(t.ar_band, 'slight', 'Landis and Koch: 0.087 is in (0, 0.20]');
  assert.equal(t.test_gold_failures, 1);
  near(t.cc, 3, 'CC');  // the test database holds product's 3 columns
  near(t.gold_columns, (6 * 3 + 2) / 7, 'gold columns');  // supplier has 2
  assert.deepEqual(Object.keys(t.buckets), ['low']);
  assert.deepEqual(t.buckets.low.confusion, t.confusion);
  // Discrimination: the same mutants are run on each database.
  assert.equal(t.discrimination.mutants, s.original.discrimination.mutants);
  const report = JSON.parse(readFileSync(out, 'utf8'));
  assert.equal(report.items.length, 7);
  assert.equal(report.items[4].test_roots[0].test.status, 'gold_error');
  assert.equal(report.items[5].test_roots[0].test.gold_rows, 0);
});

test('a copy of the original agrees perfectly and discriminates as the original does', () => {
  const r = agreement('--gold', join(dir, 'gold.sql'), '--pred', join(dir, 'pred.sql'), '--db-root', join(dir, 'orig'),
    '--test-db-root', join(dir, 'test'), '--test-db-root', join(dir, 'copy'), '--out', join(dir, 'r2.json'));
  assert.equal(r.status, 0, r.stderr);
  const s = JSON.parse(r.stdout);
  assert.equal(s.test_roots.length, 2);
  const c = s.test_roots[1];
  assert.deepEqual(c.confusion, { tp: 5, tn: 2, fp: 0, fn: 0 });
  near(c.ar, 1, 'AR');
  assert.equal(c.ar_degenerate, false);
  near(c.delta, 0, 'delta');
  assert.equal(c.discrimination.distinguished, s.original.discrimination.distinguished);
  near(c.discrimination.share, s.original.discrimination.share, 'share');
});

test('predictions equal to the golds make P_e = 1: AR is 1 and flagged degenerate', () => {
  const r = agreement('--gold', join(dir, 'gold.sql'), '--pred', join(dir, 'same.sql'), '--db-root', join(dir, 'orig'),
    '--test-db-root', join(dir, 'copy'), '--out', join(dir, 'r3.json'));
  assert.equal(r.status, 0, r.stderr);
  const t = JSON.parse(r.stdout).test_roots[0];
  assert.deepEqual(t.confusion, { tp: 7, tn: 0, fp: 0, fn: 0 });
  assert.equal(t.ar, 1);
  assert.equal(t.ar_degenerate, true);
  assert.equal(t.ar_band, 'almost perfect');
});

test('both semantics: a duplicated row is correct under BIRD\'s set and wrong under Spider\'s bag', () => {
  // Item 1 repeats pen: set-equal, not bag-equal, on both databases. Item 2 is right in both readings.
  writeFileSync(join(dir, 'gold2.sql'), 'SELECT name FROM product\tshop\nSELECT price FROM product WHERE id = 1\tshop\n');
  writeFileSync(join(dir, 'pred2.sql'), 'SELECT name FROM product UNION ALL SELECT name FROM product WHERE id = 1\n' +
    'SELECT price FROM product WHERE id = 1\n');
  const args = ['--gold', join(dir, 'gold2.sql'), '--pred', join(dir, 'pred2.sql'), '--db-root', join(dir, 'orig'),
    '--test-db-root', join(dir, 'test'), '--out', join(dir, 'r4.json')];
  const bird = JSON.parse(agreement(...args).stdout).test_roots[0];
  assert.deepEqual(bird.confusion, { tp: 2, tn: 0, fp: 0, fn: 0 });
  assert.deepEqual(bird.by_semantics.bird.confusion, { tp: 2, tn: 0, fp: 0, fn: 0 });
  assert.deepEqual(bird.by_semantics.spider.confusion, { tp: 1, tn: 1, fp: 0, fn: 0 });
  near(bird.by_semantics.spider.ex_test, 50, 'Spider EX');
  near(bird.by_semantics.spider.ar, 1, 'Spider AR');  // P_o = 1, P_e = 1/2
  const r = agreement(...args, '--semantics', 'spider');
  assert.equal(r.status, 0, r.stderr);
  const s = JSON.parse(r.stdout);
  assert.equal(s.semantics, 'spider');
  assert.deepEqual(s.test_roots[0].confusion, { tp: 1, tn: 1, fp: 0, fn: 0 });
});

test('bad input exits 2 with one clear line', () => {
  const base = ['--gold', join(dir, 'gold.sql'), '--pred', join(dir, 'pred.sql'), '--db-root', join(dir, 'orig'),
    '--out', join(dir, 'bad.json')];
  const cases = [
    [base, /missing --test-db-root/],
    [[...base, '--test-db-root', join(dir, 'nowhere')], /--test-db-root .*no such folder/],
    [[...base, '--test-db-root', join(dir, 'test'), '--semantics', 'test-suite'],
      /--semantics 'test-suite' is not one of bird, spider/],
    [['--gold', join(dir, 'nothing.sql'), '--pred', join(dir, 'pred.sql'), '--db-root', join(dir, 'orig'),
      '--test-db-root', join(dir, 'test'), '--out', join(dir, 'bad.json')], /nothing\.sql/],
  ];
  for (const [args, message] of cases) {
    const r = agreement(...args);
    assert.equal(r.status, 2, `${args.join(' ')}: ${r.stderr}`);
    assert.match(r.stderr, message);
  }
});

test('--labels: the disagreements split by the humans\' verdicts (SynSQL Table 3); bad label files refused', () => {
  // Items 0 and 4 (pairs 1 and 5): the original says correct, the test database wrong; the humans say right, so the
  // test database turned true positives into false negatives. Item 2 (pair 3): the test database says correct, the
  // original wrong; the humans say wrong, so the test database was fooled (true negative to false positive).
  const labels = join(dir, 'labels.json');
  writeFileSync(labels, JSON.stringify({ 0: true, 2: false, 4: true }));
  const r = agreement('--gold', join(dir, 'gold.sql'), '--pred', join(dir, 'pred.sql'), '--db-root', join(dir, 'orig'),
    '--test-db-root', join(dir, 'test'), '--out', join(dir, 'labelled.json'), '--labels', labels);
  assert.equal(r.status, 0, r.stderr);
  const t = JSON.parse(r.stdout).test_roots[0].against_labels;
  assert.ok(t, 'each root gives the table against the labels');
  assert.equal(t.labelled, 3);
  assert.equal(t.unlabelled, 4);
  assert.equal(t.positive_to_negative.true_positive_to_false_negative, 2);
  assert.equal(t.positive_to_negative.false_positive_to_true_negative, 0);
  assert.equal(t.negative_to_positive.true_negative_to_false_positive, 1);
  assert.equal(t.negative_to_positive.false_negative_to_true_positive, 0);
  // The original agrees with the humans on all three labelled items; the test database on none.
  assert.equal(t.original.agree, 3);
  assert.equal(t.test.disagree, 3);

  writeFileSync(labels, JSON.stringify({ 0: true, 99: false }));
  const bad = agreement('--gold', join(dir, 'gold.sql'), '--pred', join(dir, 'pred.sql'), '--db-root',
    join(dir, 'orig'), '--test-db-root', join(dir, 'test'), '--out', join(dir, 'bad.json'), '--labels', labels);
  assert.equal(bad.status, 2);
  assert.match(bad.stderr, /--labels .*99/);
});

test('study synsql: Table 1 per method and system equals agreement run by hand, the paper beside ours', () => {
  const labels = join(dir, 'labels.json');
  // The humans: items 1, 2, 6, 7 right; 3 and 4 wrong; 5 unlabelled.
  writeFileSync(labels, JSON.stringify({ 0: true, 1: true, 2: false, 3: false, 5: true, 6: true }));
  const out = join(dir, 'study-synsql');
  const r = spawnSync(cli, ['study', 'synsql', '--gold', join(dir, 'gold.sql'), '--pred', `P=${join(dir, 'pred.sql')}`,
    '--pred', `G=${join(dir, 'same.sql')}`, '--db-root', join(dir, 'orig'), '--test-db-root', `synth=${join(dir, 'test')}`,
    '--test-db-root', `copy=${join(dir, 'copy')}`, '--labels', labels, '--out', out], { encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  const s = JSON.parse(r.stdout);
  assert.deepEqual(s.cells.map((c) => [c.method, c.system]), [['synth', 'P'], ['copy', 'P'], ['synth', 'G'],
    ['copy', 'G']]);
  for (const [system, file] of [['P', 'pred.sql'], ['G', 'same.sql']]) {
    const byHand = agreement('--gold', join(dir, 'gold.sql'), '--pred', join(dir, file), '--db-root', join(dir, 'orig'),
      '--test-db-root', join(dir, 'test'), '--test-db-root', join(dir, 'copy'), '--labels', labels, '--out',
      join(dir, `hand-${system}.json`));
    assert.equal(byHand.status, 0, byHand.stderr);
    const roots = JSON.parse(byHand.stdout).test_roots;
    ['synth', 'copy'].forEach((method, k) => {
      const c = s.cells.find((x) => x.method === method && x.system === system);
      const t = roots[k];
      const r2 = (x) => Math.round(x * 100) / 100;
      assert.deepEqual([c.sr, c.ex_original, c.ex_test, c.delta, c.ar, c.ar_band],
        [r2(t.sr), r2(t.ex_original), r2(t.ex_test), r2(t.delta), r2(100 * t.ar), t.ar_band], `${system} ${method}`);
    });
  }
  assert.ok(Math.abs(s.cells[0].ar - 200 / 23) < 0.006, 'P on the synthetic databases: kappa 2/23 in percent');
  const report = JSON.parse(readFileSync(join(out, 'report.json'), 'utf8'));
  const table = report.tables.find((t) => t.id === 'agreement');
  assert.deepEqual(table.rows.slice(0, 2).map((row) => row.slice(0, 4)), [['original', 'P', 100, 100],
    ['original', 'G', 100, 100]]);
  assert.ok(table.published.some((p) => p.source === 'SynSQL Table 1, BIRD' && p.cells[0] === 'SynSQL(GPT-4.1-Mini)' &&
    p.cells[1] === 'DAIL-SQL' && p.cells[3] === 73.51));
  const dis = report.tables.find((t) => t.id === 'disagreements');
  assert.ok(dis, 'labels give Table 3');
  assert.equal(dis.rows.length, 4);
  assert.equal(report.items.rows.length, pairs.length);
  assert.deepEqual(report.items.columns.slice(2), ['P original', 'P synth', 'P copy', 'G original', 'G synth',
    'G copy']);
  const html = readFileSync(join(out, 'report.html'), 'utf8');
  assert.doesNotMatch(html, /https?:/);
  // Neither root was written by `chokepoint synth`: no Fig. 4, and the notes say why.
  assert.equal(report.tables.find((t) => t.id === 'failures'), undefined);
  for (const m of ['synth', 'copy'])
    assert.ok(report.notes.includes(`No Fig. 4 row for ${m}: its root has no manifest.json of chokepoint synth with ` +
      'each question\'s verdict.'), report.notes.join('\n'));
});

test('study synsql: a root with a synth manifest gives Fig. 4; a damaged verdict is refused naming it', () => {
  const manifest = join(dir, 'test', 'manifest.json');
  const study = (out) => spawnSync(cli, ['study', 'synsql', '--gold', join(dir, 'gold.sql'), '--pred',
    `P=${join(dir, 'pred.sql')}`, '--db-root', join(dir, 'orig'), '--test-db-root', `synth=${join(dir, 'test')}`,
    '--out', out], { encoding: 'utf8' });
  try {
    writeFileSync(manifest, JSON.stringify({ items: [
      { id: '1', success: { verdict: 'success', missing: [], columns: 4 } },
      { id: '2', success: { verdict: 'selector_omission', missing: ['t.b'], columns: 2 } },
      { id: '3', success: { verdict: 'misinterpretation', missing: [], columns: 4 } },
      { id: '4', outcome: 'no_schema' },
    ] }));
    const out = join(dir, 'study-fig4');
    const r = study(out);
    assert.equal(r.status, 0, r.stderr);
    const report = JSON.parse(readFileSync(join(out, 'report.json'), 'utf8'));
    const f = report.tables.find((t) => t.id === 'failures');
    assert.ok(f, report.tables.map((t) => t.id).join(', '));
    assert.deepEqual(f.rows, [['synth', 3, 33.33, 2, 1, 1, 0, 0]]);
    assert.deepEqual(f.published[0].cells.slice(3, 6), [84, 40, 44]);

    writeFileSync(manifest, JSON.stringify({ items: [{ id: '7', success: { verdict: 'lost' } }] }));
    const bad = study(join(dir, 'study-fig4-bad'));
    assert.equal(bad.status, 2);
    assert.match(bad.stderr, /test\/manifest\.json: item "7": unknown success verdict 'lost'/);
    assert.ok(!existsSync(join(dir, 'study-fig4-bad')));
  } finally {
    rmSync(manifest, { force: true });
  }
});

test('study synsql refuses a method or system without a name, and one given twice', () => {
  const base = ['study', 'synsql', '--gold', join(dir, 'gold.sql'), '--db-root', join(dir, 'orig')];
  let r = spawnSync(cli, [...base, '--pred', join(dir, 'pred.sql'), '--test-db-root', `t=${join(dir, 'test')}`, '--out',
    join(dir, 'sy1')], { encoding: 'utf8' });
  assert.equal(r.status, 2);
  assert.match(r.stderr, /--pred '.*pred\.sql': give NAME=FILE/);
  r = spawnSync(cli, [...base, '--pred', `P=${join(dir, 'pred.sql')}`, '--test-db-root', `t=${join(dir, 'test')}`,
    '--test-db-root', `t=${join(dir, 'copy')}`, '--out', join(dir, 'sy2')], { encoding: 'utf8' });
  assert.equal(r.status, 2);
  assert.match(r.stderr, /the method 't' is given twice/);
  r = spawnSync(cli, [...base, '--pred', `P=${join(dir, 'pred.sql')}`, '--test-db-root', `t=${join(dir, 'nowhere')}`,
    '--out', join(dir, 'sy3')], { encoding: 'utf8' });
  assert.equal(r.status, 2);
  assert.match(r.stderr, /P: --test-db-root .*nowhere: no such folder/);
  for (const d of ['sy1', 'sy2', 'sy3']) assert.ok(!existsSync(join(dir, d)), d);
});

// `chokepoint study` as a user runs it: the catalogue, the refusals, and the two studies that run as one command on
// a small fixture on the sample toxicology database. Expected numbers are counted by hand below, and checked again
// against `chokepoint eval` run on the same files.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, existsSync, mkdirSync, copyFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cli, assetsDir } from './cli_fixture.mjs';
import { EXPANSIONS, GOLD, SEEDS, SEED_RIGHT, SYSTEMS, WRONG, writeStudyFiles } from './study_fixture.mjs';

let dir;
const run = (...args) => spawnSync(cli, args, { encoding: 'utf8' });
const NAMES = ['jqe-delta', 'tqa-augment', 'denat-delta', 'shared-failures', 'mutation-sensitivity', 'retrieval',
  'synsql', 'feature-space', 'llm-tasks'];
before(() => {
  assert.ok(existsSync(cli), `CLI not built: ${cli}`);
  dir = mkdtempSync(join(tmpdir(), 'chokepoint-study-'));
  mkdirSync(join(dir, 'db', 'toxicology'), { recursive: true });
  copyFileSync(join(assetsDir, 'db', 'toxicology.sqlite'), join(dir, 'db', 'toxicology', 'toxicology.sqlite'));
  writeStudyFiles(dir);
});
after(() => { if (dir) rmSync(dir, { recursive: true, force: true }); });

const jqeArgs = (out) => ['study', 'jqe-delta', '--seeds', join(dir, 'seeds.json'), '--expansions',
  join(dir, 'expanded.json'), '--pred-seeds', join(dir, 'pred_seeds.json'), '--pred-expansions',
  join(dir, 'pred_expansions.json'), '--db-root', join(dir, 'db'), '--out', out];

test('study list prints one line per study, exactly the nine names', () => {
  const r = run('study', 'list');
  assert.equal(r.status, 0, r.stderr);
  const lines = r.stdout.trimEnd().split('\n');
  assert.deepEqual(lines.map((l) => l.split(/\s+/)[0]), NAMES);
  for (const l of lines) assert.match(l, /Table/, l);
});

test('an unknown study name, and a study without its flags, exit 2 saying why', () => {
  const tasks = run('study', 'llm-tasks');
  assert.equal(tasks.status, 2);
  assert.match(tasks.stderr, /^chokepoint: missing --gold\n/, tasks.stderr);
  const unknown = run('study', 'shared-failure');
  assert.equal(unknown.status, 2);
  assert.equal(unknown.stderr, "chokepoint: unknown study 'shared-failure'; the closest is 'shared-failures' " +
    '(see chokepoint study list)\n');
  assert.equal(run('study').status, 2);
});

test('jqe-delta: EX_dev, EX_ori, EX_exp and the transitions as counted by hand', () => {
  const out = join(dir, 'jqe');
  const r = run(...jqeArgs(out), '--system', '<script>alert(1)</script>');
  assert.equal(r.status, 0, r.stderr);
  const s = JSON.parse(r.stdout);
  // Seeds scored: 10, 11, 12, 13 (14's gold fails); right: 10, 12, 13 -> 3/4.
  assert.equal(s.seeds_scored, 4);
  assert.equal(s.ex_dev, 75);
  // Seeds with an expansion: 10, 11, 13, 14; scored 10, 11, 13; right 10, 13 -> 2/3.
  assert.deepEqual([s.originals, s.originals_scored, s.ex_ori], [4, 3, 66.67]);
  // Expansions: 7 scored, right 0, 2, 5, 6 -> 4/7.
  assert.deepEqual([s.expansions_scored, s.ex_exp], [7, 57.14]);
  // Against their seeds (the expansion of 14 has no scored seed): 0 kept right, 1 worse, 2 better, 3 and 4 kept
  // wrong, 5 kept right.
  assert.deepEqual(s.transitions, { n: 6, plus: 1, minus: 1, zero_correct: 2, zero_wrong: 2 });
  assert.equal(s.pairs_skipped, 1);
  // (2,1): expansions 0, 1, 2, 3, 5, 6 (4 right); (3,2): expansion 4. The balanced sample takes one of each.
  assert.deepEqual(s.shapes.slice(0, 2).map((b) => [b.nodes, b.edges, b.available, b.ex, b.sample, b.sample_ex]),
    [[2, 1, 6, 66.67, 1, 100], [3, 2, 1, 0, 1, 0]]);
  for (const f of ['report.json', 'ex_sets.csv', 'transitions.csv', 'ex_by_joins.csv', 'shape_sample.csv',
    'items.csv', 'report.html'])
    assert.ok(existsSync(join(out, f)), f);
  const report = JSON.parse(readFileSync(join(out, 'report.json'), 'utf8'));
  assert.equal(report.items.rows.length, SEEDS.length + EXPANSIONS.length);
  const html = readFileSync(join(out, 'report.html'), 'utf8');
  assert.doesNotMatch(html, /https?:/);
  assert.doesNotMatch(html, /<script/i);
  for (const t of report.tables) assert.ok(html.includes(t.title.replace(/&/g, '&amp;')), t.title);
  assert.match(readFileSync(join(out, 'transitions.csv'), 'utf8'), /^source,system,n,/);
  assert.match(readFileSync(join(out, 'transitions.csv'), 'utf8'), /\nthesis Table 3\.7,CHESS,58,,8\.62,/);
});

test('jqe-delta: the numbers equal chokepoint eval run by hand on the seeds and on the expansions', () => {
  const out = join(dir, 'jqe-eval');
  const s = JSON.parse(run(...jqeArgs(out)).stdout);
  const evalEx = (gold, pred, name) => {
    const r = run('eval', '--gold', gold, '--pred', pred, '--db-root', join(dir, 'db'), '--out', join(dir, name));
    assert.equal(r.status, 0, r.stderr);
    return JSON.parse(r.stdout);
  };
  const seeds = evalEx(join(dir, 'seeds.json'), join(dir, 'pred_seeds.json'), 'seeds-eval.json');
  const expansions = evalEx(join(dir, 'expanded.json'), join(dir, 'pred_expansions.json'), 'exp-eval.json');
  assert.equal(s.ex_dev, seeds.ex);
  assert.equal(s.seeds_scored, seeds.scored);
  assert.equal(s.ex_exp, expansions.ex);
  assert.equal(s.expansions_scored, expansions.scored);
  // EX_ori and the transitions from eval's per-item EX, aligned by jqe.seed_id.
  const seedEx = new Map(JSON.parse(readFileSync(join(dir, 'seeds-eval.json'), 'utf8')).items
    .map((it, i) => [String(SEEDS[i].question_id), it]));
  const expItems = JSON.parse(readFileSync(join(dir, 'exp-eval.json'), 'utf8')).items;
  const counts = { n: 0, plus: 0, minus: 0, zero_correct: 0, zero_wrong: 0 };
  expItems.forEach((e, i) => {
    const seed = seedEx.get(EXPANSIONS[i][0]);
    if (e.status !== 'scored' || seed.status !== 'scored') return;
    counts.n++;
    const d = Number(e.ex) - Number(seed.ex);
    if (d > 0) counts.plus++;
    else if (d < 0) counts.minus++;
    else if (seed.ex) counts.zero_correct++;
    else counts.zero_wrong++;
  });
  assert.deepEqual(s.transitions, counts);
  const originals = [...new Set(EXPANSIONS.map(([seed]) => seed))].map((k) => seedEx.get(k))
    .filter((it) => it.status === 'scored');
  assert.equal(s.ex_ori, Math.round(10000 * originals.filter((it) => it.ex).length / originals.length) / 100);
});

test('jqe-delta: an --out folder that holds files is refused; missing databases are an error', () => {
  const out = join(dir, 'busy');
  mkdirSync(out, { recursive: true });
  writeFileSync(join(out, 'keep.txt'), 'x');
  const r = run(...jqeArgs(out));
  assert.equal(r.status, 2);
  assert.match(r.stderr, /^chokepoint: --out '.*busy' exists and is not empty/);
  const noDb = run(...jqeArgs(join(dir, 'nodb')).map((a) => (a === join(dir, 'db') ? join(dir, 'nowhere') : a)));
  assert.equal(noDb.status, 2);
  assert.match(noDb.stderr, /have no database under/);
  assert.ok(!existsSync(join(dir, 'nodb')), 'nothing written');
});

test('jqe-delta --skip-missing: items without a database are counted and left out, the rest scored', () => {
  const seeds = SEEDS.map((s, i) => (i === 1 ? { ...s, db_id: 'elsewhere' } : s));
  writeFileSync(join(dir, 'seeds_elsewhere.json'), JSON.stringify(seeds));
  writeFileSync(join(dir, 'pred_seeds_elsewhere.json'), JSON.stringify(Object.fromEntries(seeds.map((s, i) =>
    [String(i), `${SEED_RIGHT[i] ? s.SQL : WRONG}\t----- bird -----\t${s.db_id}`]))));
  const args = jqeArgs(join(dir, 'skip')).map((a) => (a === join(dir, 'seeds.json') ? join(dir, 'seeds_elsewhere.json')
    : a === join(dir, 'pred_seeds.json') ? join(dir, 'pred_seeds_elsewhere.json') : a));
  const r = run(...args, '--skip-missing');
  assert.equal(r.status, 0, r.stderr);
  assert.match(r.stderr, /^chokepoint: skipping 1 of 12 items: no database under /);
  const s = JSON.parse(r.stdout);
  // Seed 11 is gone: seeds scored 10, 12, 13 (all right); with an expansion 10, 13 (both right). The three
  // expansions of 11 and the one of 14 (its gold fails) have no scored seed: 3 transitions remain (0: 0|EX=1,
  // 1: -1, 5: 0|EX=1) and 4 are left out.
  assert.deepEqual([s.skipped_no_database, s.seeds_scored, s.ex_dev, s.originals_scored, s.ex_ori],
    [1, 3, 100, 2, 100]);
  assert.deepEqual(s.transitions, { n: 3, plus: 0, minus: 1, zero_correct: 2, zero_wrong: 0 });
  assert.equal(s.pairs_skipped, 4);
  const notes = JSON.parse(readFileSync(join(dir, 'skip', 'report.json'), 'utf8')).notes;
  assert.ok(notes.includes('2 of 5 seeds not scored: 1 gold failed, 1 no database.'), notes.join('\n'));
});

test('shared-failures: the common failures and each system over them, as counted by hand', () => {
  const out = join(dir, 'shared');
  const r = run('study', 'shared-failures', '--gold', join(dir, 'gold.json'), '--pred', `A=${join(dir, 'A.sql')}`,
    '--pred', `B=${join(dir, 'B.sql')}`, '--pred', `C=${join(dir, 'C.sql')}`, '--db-root', join(dir, 'db'), '--out',
    out, '--regimes', 'EC-EC-IE');
  assert.equal(r.status, 0, r.stderr);
  const s = JSON.parse(r.stdout);
  // Items 1 and 2 are failed by all three; item 3 is not scored (its gold fails).
  assert.equal(s.common_failures, 2);
  assert.deepEqual([s.items, s.scored_in_all], [5, 4]);
  // Each system is right on one of the four scored items.
  assert.deepEqual(s.systems.map((x) => [x.name, x.ex]), [['A', 25], ['B', 25], ['C', 25]]);
  // EC-EC-IE over items 1 and 2. A on item 1: 1 row x 2 columns, all 2 cells in the gold's 4: EXP 100, EXR 50;
  // on item 2 its count is another number: 0, 0. Mean EXP 50, EXR 25, F1 (66.67 + 0) / 2.
  // B names no gold column: 0 everywhere. C on item 1: both gold rows of one of the two columns: EXP 100, EXR 50.
  assert.deepEqual(s.systems.map((x) => x.regimes['EC-EC-IE']),
    [{ exp: 50, exr: 25, f1: 33.33 }, { exp: 0, exr: 0, f1: 0 }, { exp: 50, exr: 25, f1: 33.33 }]);
  for (const f of ['report.json', 'systems.csv', 'shared_failures.csv', 'distributions.csv', 'items.csv',
    'report.html'])
    assert.ok(existsSync(join(out, f)), f);
  const csv = readFileSync(join(out, 'shared_failures.csv'), 'utf8');
  assert.match(csv, /\nours,A,2,0,50,25,33\.33\r\n/);
  assert.match(csv, /\nSQLMorph Table XI,CHESS,410,0,28\.76,19\.66,18\.44\r\n/);
  const html = readFileSync(join(out, 'report.html'), 'utf8');
  assert.doesNotMatch(html, /https?:/);
  for (const t of JSON.parse(readFileSync(join(out, 'report.json'), 'utf8')).tables)
    assert.ok(html.includes(t.title), t.title);
});

test('shared-failures: the numbers equal chokepoint eval run by hand per system', () => {
  const out = join(dir, 'shared-eval');
  const r = run('study', 'shared-failures', '--gold', join(dir, 'gold.json'), '--pred', `A=${join(dir, 'A.sql')}`,
    '--pred', `B=${join(dir, 'B.sql')}`, '--pred', `C=${join(dir, 'C.sql')}`, '--db-root', join(dir, 'db'), '--out',
    out);
  assert.equal(r.status, 0, r.stderr);
  const s = JSON.parse(r.stdout);
  const items = {};
  for (const name of Object.keys(SYSTEMS)) {
    const e = run('eval', '--gold', join(dir, 'gold.json'), '--pred', join(dir, `${name}.sql`), '--db-root',
      join(dir, 'db'), '--out', join(dir, `${name}-eval.json`));
    assert.equal(e.status, 0, e.stderr);
    assert.equal(s.systems.find((x) => x.name === name).ex, JSON.parse(e.stdout).ex, name);
    items[name] = JSON.parse(readFileSync(join(dir, `${name}-eval.json`), 'utf8')).items;
  }
  const common = GOLD.map((_, i) => i).filter((i) =>
    Object.values(items).every((list) => list[i].status === 'scored' && !list[i].ex));
  assert.equal(s.common_failures, common.length);
});

test('shared-failures: --pred without a name is refused', () => {
  const r = run('study', 'shared-failures', '--gold', join(dir, 'gold.json'), '--pred', join(dir, 'A.sql'),
    '--db-root', join(dir, 'db'), '--out', join(dir, 'unnamed'));
  assert.equal(r.status, 2);
  assert.match(r.stderr, /give NAME=FILE/);
});

test('mutation-sensitivity: Table X equals chokepoint mutate run by hand, the paper beside ours', () => {
  const out = join(dir, 'mutation');
  const r = run('study', 'mutation-sensitivity', '--gold', join(dir, 'gold.json'), '--db-root', join(dir, 'db'),
    '--out', out);
  assert.equal(r.status, 0, r.stderr);
  const s = JSON.parse(r.stdout);
  const m = run('mutate', '--gold', join(dir, 'gold.json'), '--db-root', join(dir, 'db'), '--out',
    join(dir, 'mutate.json'));
  assert.equal(m.status, 0, m.stderr);
  const byHand = JSON.parse(m.stdout);
  // Item 3's gold fails: it is skipped by both, and the other four are mutated.
  assert.deepEqual([s.golds, s.skipped, s.mutants, s.rejected],
    [byHand.golds, byHand.skipped, byHand.mutants, byHand.rejected]);
  assert.equal(s.skipped, 1);
  assert.ok(s.mutants > 0);
  const report = JSON.parse(readFileSync(join(out, 'report.json'), 'utf8'));
  const table = report.tables.find((t) => t.id === 'sensitivity');
  assert.deepEqual(table.columns.slice(0, 6), ['operator', 'mutants', 'golds', 'equivalent', 'failed', 'ΔEX']);
  assert.equal(table.rows.length, byHand.operators.length);
  const close = (a, b, what) => assert.ok(Math.abs(a - b) < 0.006, `${what}: ${a} vs ${b}`);
  for (const [i, op] of byHand.operators.entries()) {
    const row = table.rows[i];
    assert.deepEqual(row.slice(0, 5), [op.op, op.mutants, op.golds, op.equivalent, op.failed], op.op);
    if (op.mutants === 0) continue;
    close(row[5], op.d_ex, `${op.op} ΔEX`);
    ['EC-EC-IE', 'SC-EC-IE'].forEach((g, k) => {
      close(row[6 + 3 * k], op.regimes[g].d_exp, `${op.op} ${g} ΔEXP`);
      close(row[7 + 3 * k], op.regimes[g].d_exr, `${op.op} ${g} ΔEXR`);
      close(row[8 + 3 * k], op.regimes[g].d_f1, `${op.op} ${g} ΔF1`);
    });
  }
  // The paper's fifteen rows beside ours, and one item row per mutant.
  assert.equal(table.published.length, 15);
  assert.deepEqual(table.published.find((p) => p.cells[0] === 'limit_increase').cells.slice(5),
    [-100, -76, 0, -62, -76, 0, -62]);
  assert.equal(report.items.rows.length, byHand.mutants);
  const csv = readFileSync(join(out, 'sensitivity.csv'), 'utf8');
  assert.match(csv, /\nSQLMorph Table X,aggregation_swap,,,,,-100,-100,-100,-100,-100,-100,-100\r\n/);
  const html = readFileSync(join(out, 'report.html'), 'utf8');
  assert.doesNotMatch(html, /https?:/);
  assert.ok(html.includes(table.title));
  assert.equal((html.match(/<svg /g) || []).length, 2);  // the drops per operator, one chart per regime
});

test('mutation-sensitivity --drop-equivalent and --operators: the filter and the subset reach the table', () => {
  const out = join(dir, 'mutation-drop');
  const r = run('study', 'mutation-sensitivity', '--gold', join(dir, 'gold.json'), '--db-root', join(dir, 'db'),
    '--out', out, '--drop-equivalent', '--operators', 'where_remove,projection_drop');
  assert.equal(r.status, 0, r.stderr);
  const s = JSON.parse(r.stdout);
  assert.deepEqual(s.operators.map((o) => o.op), ['projection_drop', 'where_remove']);
  for (const o of s.operators) if (o.mutants) assert.equal(o.d_ex, -100, o.op);
  const bad = run('study', 'mutation-sensitivity', '--gold', join(dir, 'gold.json'), '--db-root', join(dir, 'db'),
    '--out', join(dir, 'mutation-bad'), '--operators', 'where_vanish');
  assert.equal(bad.status, 2);
  assert.match(bad.stderr, /unknown operator 'where_vanish'/);
  assert.ok(!existsSync(join(dir, 'mutation-bad')), 'a refused run writes no folder');
});

test('denat-delta: ΔEX on the O/O-correct items as counted by hand, EX per setting equal to chokepoint eval', () => {
  const variants = join(dir, 'denat');
  const d = run('tqa', 'denat', '--gold', join(dir, 'gold.json'), '--db-root', join(dir, 'db'), '--out', variants);
  assert.equal(d.status, 0, d.stderr);
  // Item 3's gold fails, so the four sets keep items 0, 1, 2 and 4.
  const sets = Object.fromEntries(['O_O', 'L_O', 'O_L', 'L_L'].map((s) =>
    [s, JSON.parse(readFileSync(join(variants, `${s}.json`), 'utf8'))]));
  assert.equal(sets.O_O.length, 4);
  // System A: right everywhere in O/O and O/L; in L/O wrong on the first item; in L/L wrong on the first two.
  const wrongAt = { O_O: [], L_O: [0], O_L: [], L_L: [0, 1] };
  const preds = [];
  for (const [s, items] of Object.entries(sets)) {
    const file = join(dir, `denat_A_${s}.json`);
    writeFileSync(file, JSON.stringify(Object.fromEntries(items.map((it, i) =>
      [String(i), `${wrongAt[s].includes(i) ? WRONG : it.SQL}\t----- bird -----\t${it.db_id}`]))));
    preds.push('--pred', `A:${s}=${file}`);
  }
  const out = join(dir, 'denat-study');
  const r = run('study', 'denat-delta', '--variants', variants, ...preds, '--db-root', join(dir, 'db'), '--out', out);
  assert.equal(r.status, 0, r.stderr);
  const s = JSON.parse(r.stdout);
  assert.equal(s.items, 4);
  const a = s.systems[0];
  assert.equal(a.oo_correct, 4);
  assert.deepEqual(a.delta, { 'L/O': -25, 'O/L': 0, 'L/L': -50 });
  assert.deepEqual(a.ex, { 'O/O': 100, 'L/O': 75, 'O/L': 100, 'L/L': 50 });
  // EX per setting equals eval run by hand on that set and its databases.
  for (const [setting, root] of [['L_O', join(dir, 'db')], ['L_L', join(variants, 'databases')]]) {
    const e = run('eval', '--gold', join(variants, `${setting}.json`), '--pred', join(dir, `denat_A_${setting}.json`),
      '--db-root', root, '--out', join(dir, `denat-eval-${setting}.json`));
    assert.equal(e.status, 0, e.stderr);
    assert.equal(JSON.parse(e.stdout).ex, a.ex[setting.replace('_', '/')], setting);
  }
  const csv = readFileSync(join(out, 'delta.csv'), 'utf8');
  assert.match(csv, /\nours,A,4,-25,0,-50\r\n/);
  assert.match(csv, /\nSQLMorph Table VII,DIN-SQL,904,-9\.20,-23\.40,-23\.90\r\n/);
  const nat = s.naturalness;
  assert.equal(nat.before.reduce((x, y) => x + y, 0), nat.after.reduce((x, y) => x + y, 0));
  assert.ok(nat.after[0] < nat.before[0], `fewer regular names after renaming: ${JSON.stringify(nat)}`);
  const html = readFileSync(join(out, 'report.html'), 'utf8');
  assert.doesNotMatch(html, /https?:/);
});

test('denat-delta refuses a setting it does not know, a system without O/O, and one with O/O only', () => {
  const variants = join(dir, 'denat');
  const base = ['study', 'denat-delta', '--variants', variants, '--db-root', join(dir, 'db')];
  let r = run(...base, '--out', join(dir, 'dn1'), '--pred', `A:X_Y=${join(dir, 'denat_A_O_O.json')}`);
  assert.equal(r.status, 2);
  assert.match(r.stderr, /the setting 'X_Y' is not one of O_O, L_O, O_L, L_L/);
  r = run(...base, '--out', join(dir, 'dn2'), '--pred', `A:L_O=${join(dir, 'denat_A_L_O.json')}`);
  assert.equal(r.status, 2);
  assert.match(r.stderr, /system 'A' has no O_O predictions/);
  r = run(...base, '--out', join(dir, 'dn3'), '--pred', `A:O_O=${join(dir, 'denat_A_O_O.json')}`);
  assert.equal(r.status, 2);
  assert.match(r.stderr, /system 'A' has only O_O predictions/);
  r = run(...base, '--out', join(dir, 'dn4'), '--pred', join(dir, 'denat_A_O_O.json'));
  assert.equal(r.status, 2);
  assert.match(r.stderr, /give NAME:SETTING=FILE/);
  for (const d of ['dn1', 'dn2', 'dn3', 'dn4']) assert.ok(!existsSync(join(dir, d)), d);
});

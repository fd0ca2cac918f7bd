// `chokepoint tqa augment` and `chokepoint study tqa-augment` against the loopback fake endpoint (server.mjs): the
// sample set's items whose linker table is referred to are rewritten by the three strategies; the preview sends
// nothing; the sets keep the items in order with the gold SQL unchanged; the fake's back-translation and contextual
// answers never repeat a schema word, so they hide every reference, while its synonym lists name the wrong positions,
// so synonym replacement fails visibly (exit 1, original text kept); a rerun with the replay store sends nothing.
// The study's EX and ΔEX are checked against `chokepoint eval` run by hand on the same files.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { startFakeLlm } from './start_server.mjs';
import { run, scratchDir, removeDir, copyDb, assetsDir, root } from './cli_fixture.mjs';

let llm, dir;
const lexicon = join(assetsDir, 'lexicon', 'wordnet.lex');
const base = () => ['tqa', 'augment', '--gold', join(root, 'assets', 'sets', 'sample_dev.json'), '--db-root',
  join(dir, 'db'), '--llm-config', join(dir, 'llm.json'), '--lexicon', lexicon, '--replay', join(dir, 'replay.sqlite')];

before(async () => {
  dir = scratchDir('chokepoint-augment-');
  copyDb(dir, 'toxicology');
  copyDb(dir, 'movies');
  llm = await startFakeLlm(120000);
  writeFileSync(join(dir, 'llm.json'), llm.config('fake-augmenter'));
});
after(() => {
  llm?.kill();
  removeDir(dir);
});

test('--preview lists the first calls and sends and writes nothing', async () => {
  const r = await run([...base(), '--out', join(dir, 'preview'), '--preview']);
  assert.equal(r.code, 0, r.stderr);
  const p = JSON.parse(r.stdout);
  assert.ok(p.augmented > 0 && p.augmented <= p.linker_items, JSON.stringify(p));
  assert.equal(p.prompts.length, p.calls);
  assert.ok(p.calls >= 3 * p.augmented, 'at least the question of each strategy per item');
  assert.equal(p.later_rounds[0].round, 'evidence');
  assert.equal(await llm.requests(), 0);
  assert.ok(!existsSync(join(dir, 'preview')));
});

test('the three strategies as evaluation sets, scored for hiding; SR fails visibly; a rerun replays', async () => {
  const out = join(dir, 'aug');
  const r = await run([...base(), '--out', out]);
  assert.equal(r.code, 1, 'synonym replacement got unusable answers');
  assert.match(r.stderr, /rewrites have a failed call or an unusable answer; their sets keep the original text/);
  const s = JSON.parse(r.stdout);
  assert.deepEqual(s.files, ['original.json', 'SR.json', 'BT.json', 'CA.json', 'augment_report.json']);
  const sets = Object.fromEntries(['original', 'SR', 'BT', 'CA'].map((v) =>
    [v, JSON.parse(readFileSync(join(out, `${v}.json`), 'utf8'))]));
  assert.equal(sets.original.length, s.augmented);
  for (const v of ['SR', 'BT', 'CA']) {
    assert.deepEqual(sets[v].map((i) => [i.question_id, i.db_id, i.SQL]),
      sets.original.map((i) => [i.question_id, i.db_id, i.SQL]), `${v}: same items, same gold SQL`);
  }
  for (const v of ['BT', 'CA']) {
    sets[v].forEach((item, i) => assert.notEqual(item.question, sets.original[i].question, `${v} rewrote ${i}`));
    assert.equal(s.hiding[v].question_percent, 100, `${v} hides every question reference`);
    assert.ok(s.hiding[v].question_scored > 0);
  }
  assert.deepEqual(sets.SR.map((i) => i.question), sets.original.map((i) => i.question), 'SR kept the originals');
  assert.equal(s.hiding.SR.question_percent, 0);
  assert.equal(s.failed_rewrites, s.augmented, 'each SR rewrite failed');
  // The report's per-item hiding scores add up to the table.
  const report = JSON.parse(readFileSync(join(out, 'augment_report.json'), 'utf8'));
  for (const v of ['SR', 'BT', 'CA']) {
    const scores = report.items_detail.filter((x) => x.strategy === v).flatMap((x) => x.hiding_question)
      .filter((x) => x !== null);
    assert.equal(scores.length, s.hiding[v].question_scored, v);
    assert.equal(scores.filter((x) => x === 1).length, s.hiding[v].question_hidden, v);
  }
  assert.equal(s.attributes.original.queries, s.augmented);
  const sent = await llm.requests();
  assert.ok(sent >= 3 * s.augmented);

  const again = await run([...base(), '--out', join(dir, 'aug2')]);
  assert.equal(again.code, 1);
  const s2 = JSON.parse(again.stdout);
  assert.equal(s2.usage.network_calls, 0);
  assert.deepEqual(s2.hiding, s.hiding);
  assert.equal(await llm.requests(), sent, 'the rerun sent nothing');
  for (const v of ['original', 'SR', 'BT', 'CA'])
    assert.equal(readFileSync(join(dir, 'aug2', `${v}.json`), 'utf8'), readFileSync(join(out, `${v}.json`), 'utf8'));
});

test('study tqa-augment: EX and ΔEX per technique equal chokepoint eval by hand, the thesis beside ours', async () => {
  const out = join(dir, 'aug');
  // System A: right on every original item; wrong on the first SR item; right on every BT item.
  const wrongAt = { original: [], SR: [0], BT: [] };
  const preds = [];
  for (const v of Object.keys(wrongAt)) {
    const items = JSON.parse(readFileSync(join(out, `${v}.json`), 'utf8'));
    writeFileSync(join(dir, `A_${v}.json`), JSON.stringify(Object.fromEntries(items.map((it, i) =>
      [String(i), `${wrongAt[v].includes(i) ? "SELECT 'wrong'" : it.SQL}\t----- bird -----\t${it.db_id}`]))));
    preds.push('--pred', `A:${v}=${join(dir, `A_${v}.json`)}`);
  }
  const r = await run(['study', 'tqa-augment', '--variants', out, ...preds, '--db-root', join(dir, 'db'), '--out',
    join(dir, 'study')]);
  assert.equal(r.code, 0, r.stderr);
  const s = JSON.parse(r.stdout);
  const n = s.items;
  const a = s.systems[0];
  assert.deepEqual(a.delta.SR, { n, plus: 0, minus: 1, zero_correct: n - 1, zero_wrong: 0 });
  assert.deepEqual(a.delta.BT, { n, plus: 0, minus: 0, zero_correct: n, zero_wrong: 0 });
  for (const v of ['original', 'SR']) {
    const e = await run(['eval', '--gold', join(out, `${v}.json`), '--pred', join(dir, `A_${v}.json`), '--db-root',
      join(dir, 'db'), '--out', join(dir, `eval-${v}.json`)]);
    assert.equal(e.code, 0, e.stderr);
    assert.equal(JSON.parse(e.stdout).ex, a.ex[v], v);
  }
  const report = JSON.parse(readFileSync(join(dir, 'study', 'report.json'), 'utf8'));
  assert.deepEqual(report.tables.map((t) => t.id), ['hiding', 'ex', 'delta', 'attributes']);
  assert.deepEqual(report.tables.find((t) => t.id === 'ex').published.map((p) => p.cells[0]),
    ['CHESS', 'DIN-SQL', 'MAC-SQL']);
  assert.equal(s.hiding.BT.question, 100);
  const html = readFileSync(join(dir, 'study', 'report.html'), 'utf8');
  assert.doesNotMatch(html, /https?:/);
  for (const t of report.tables) assert.ok(html.includes(t.title), t.title);
});

test('study tqa-augment --linked: the linker table among what chokepoint link retrieved, per variant (Table 4.9)', async () => {
  const out = join(dir, 'aug');
  const detail = JSON.parse(readFileSync(join(out, 'augment_report.json'), 'utf8')).items_detail;
  const linkerOf = Object.fromEntries(detail.map((d) => [d.id, d.linker_table]));
  const sets = Object.fromEntries(['original', 'BT'].map((v) =>
    [v, JSON.parse(readFileSync(join(out, `${v}.json`), 'utf8'))]));
  // The linker ranks the linker table first for every original question but the first; for the back-translated
  // questions it answers a table the schemas do not have (read, so a miss, not a failed retrieval).
  const answers = {};
  sets.original.forEach((it, i) => {
    answers[`Question: ${it.question}`] = JSON.stringify(i === 0 ? ['nowhere'] : [linkerOf[String(it.question_id)]]);
  });
  sets.BT.forEach((it) => { answers[`Question: ${it.question}`] = '["nowhere"]'; });
  await llm.teach(answers);
  const linked = [];
  for (const v of ['BT', 'original']) {
    const l = await run(['link', '--gold', join(out, `${v}.json`), '--db-root', join(dir, 'db'), '--llm-config',
      join(dir, 'llm.json'), '--method', 'zero-shot', '--out', join(dir, `link_${v}.json`)]);
    assert.equal(l.code, 0, l.stderr);
    linked.push('--linked', `${v}=${join(dir, `link_${v}.json`)}`);
  }
  const r = await run(['study', 'tqa-augment', '--variants', out, ...linked, '--out', join(dir, 'study-linked')]);
  assert.equal(r.code, 0, r.stderr);
  const n = sets.original.length;
  assert.deepEqual(JSON.parse(r.stdout).linker_presence, {
    original: { retrieved: n - 1, missed: 1, no_retrieval: 0 },
    BT: { retrieved: 0, missed: n, no_retrieval: 0 },
  }, 'in the thesis\' order, whatever the order of the flags');
  const report = JSON.parse(readFileSync(join(dir, 'study-linked', 'report.json'), 'utf8'));
  const t = report.tables.find((x) => x.id === 'linker_presence');
  assert.ok(t, `the Table 4.9 table is in the report: ${report.tables.map((x) => x.id)}`);
  assert.equal(t.rows[0][1], `${n - 1} / ${n} (${(100 * (n - 1) / n).toFixed(2)}%)`);
  assert.equal(t.published[2].cells[1], '98 / 106 (92.45%)', 'the thesis\' BT row beside ours');
  assert.ok(readFileSync(join(dir, 'study-linked', 'report.html'), 'utf8').includes(t.title));

  // The same table from `chokepoint retrieval --gold` runs: TCSL on the original questions picks the tables the
  // linker named above (the same taught answers), and Full-Schema on the back-translated ones returns every table, so
  // every linker table is among them.
  const retrieved = [];
  for (const [v, approach] of [['original', 'tcsl'], ['BT', 'full-schema']]) {
    const file = join(dir, `retrieval_${v}.json`);
    const q = await run(['retrieval', '--gold', join(out, `${v}.json`), '--db-root', join(dir, 'db'), '--llm-config',
      join(dir, 'llm.json'), '--approach', approach, '--out', file]);
    assert.equal(q.code, 0, q.stderr);
    assert.deepEqual(JSON.parse(q.stdout).variants, [v], 'the set is its own column');
    const items = JSON.parse(readFileSync(file, 'utf8')).items;
    assert.equal(items.length, n);
    assert.ok(items.every((it) => Array.isArray(it.retrieved_tables)), 'each item says which tables it named');
    retrieved.push('--linked', `${v}=${file}`);
  }
  const viaRetrieval = await run(['study', 'tqa-augment', '--variants', out, ...retrieved, '--out',
    join(dir, 'study-retrieved')]);
  assert.equal(viaRetrieval.code, 0, viaRetrieval.stderr);
  assert.deepEqual(JSON.parse(viaRetrieval.stdout).linker_presence, {
    original: { retrieved: n - 1, missed: 1, no_retrieval: 0 },
    BT: { retrieved: n, missed: 0, no_retrieval: 0 },
  });
  const both = await run(['retrieval', '--gold', join(out, 'BT.json'), '--variants', out, '--db-root',
    join(dir, 'db'), '--approach', 'full-schema', '--out', join(dir, 'both.json')]);
  assert.equal(both.code, 2);
  assert.match(both.stderr, /give --variants DIR or --gold SET\.json, not both/);

  // A link report of another set, or a file that is no link report, is refused by name.
  writeFileSync(join(dir, 'other_link.json'), JSON.stringify({ items: [
    { id: 'elsewhere', outcome: 'linked', retrieved_tables: ['atom'] }] }));
  let bad = await run(['study', 'tqa-augment', '--variants', out, '--linked', `SR=${join(dir, 'other_link.json')}`,
    '--out', join(dir, 'bad-linked')]);
  assert.equal(bad.code, 2);
  assert.match(bad.stderr, /--linked SR: .*other_link\.json names none of the augmented items; is it chokepoint link or retrieval on SR\.json\?/);
  bad = await run(['study', 'tqa-augment', '--variants', out, '--linked', `BT=${join(out, 'BT.json')}`,
    '--out', join(dir, 'bad-linked')]);
  assert.equal(bad.code, 2);
  assert.match(bad.stderr, /--linked BT: .*BT\.json: not a report of chokepoint link or retrieval \(no "items" list\)/);
  assert.ok(!existsSync(join(dir, 'bad-linked')));
});

test('bad inputs exit 2 before anything is sent', async () => {
  const before = await llm.requests();
  let r = await run([...base(), '--out', join(dir, 'bad1'), '--strategies', 'SR,XX']);
  assert.equal(r.code, 2);
  assert.match(r.stderr, /unknown strategy 'XX' \(SR, BT or CA\)/);
  r = await run([...base(), '--out', join(dir, 'aug')]);
  assert.equal(r.code, 2);
  assert.match(r.stderr, /exists and is not empty/);
  r = await run(['study', 'tqa-augment', '--variants', join(dir, 'aug'), '--pred', `A:XY=${join(dir, 'A_SR.json')}`,
    '--db-root', join(dir, 'db'), '--out', join(dir, 'bad2')]);
  assert.equal(r.code, 2);
  assert.match(r.stderr, /the variant 'XY' is not one of original, SR, BT, CA/);
  r = await run(['study', 'tqa-augment', '--variants', join(dir, 'aug'), '--pred', `A:SR=${join(dir, 'A_SR.json')}`,
    '--db-root', join(dir, 'db'), '--out', join(dir, 'bad3')]);
  assert.equal(r.code, 2);
  assert.match(r.stderr, /system 'A' has no predictions on the original questions/);
  assert.equal(await llm.requests(), before);
  for (const d of ['bad1', 'bad2', 'bad3']) assert.ok(!existsSync(join(dir, d)), d);
});

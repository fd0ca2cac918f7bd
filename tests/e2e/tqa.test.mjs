// The Text augmentation panel in the browser. The WordNet lexicon must not be fetched at page
// load, only when the panel is opened; then the linker analysis of the built-in sample set runs in wasm. The
// thesis' movie example (§4.1.2) is item 14 of sample_dev.json: its join query graph is movie - characters - actor,
// so the hub `characters` is the linker table and the question's "character" refers to it. A de-naturalised
// variant of toxicology renames every table (molecule -> ml, atom -> at, bond -> bd, connected -> cn by the
// abbreviator's rule: first letter plus the consonant opening the second syllable) and must keep all 14
// toxicology items, whose gold results do not depend on names.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { startFakeLlmServer } from '../llm_server/start_server.mjs';
import { spawnSync } from 'node:child_process';
import { startApp, waitReady, pixelStats, artefactDir, sendCommand, panelState, callJson, workspaceSettled, repoRoot,
  untilPanel, expectTextDrawn } from './browser.mjs';
import { cli, copyDb, tempDir, METRICS } from './fixture.mjs';


const PANEL = 'Text augmentation';
let app;
const lexiconRequests = [];

before(async () => {
  app = await startApp();
  app.page.on('request', (r) => { if (r.url().endsWith('/wordnet.lex')) lexiconRequests.push(r.url()); });
  await app.page.goto(app.url);
  await waitReady(app);
});
after(async () => {
  if (app) await app.close();
  llmServer?.kill();
});
let llmServer;

const tqa = () => panelState(app.page, PANEL);
const command = (c) => sendCommand(app.page, c);
const waitFor = (predicate, arg, timeout = 60000) =>
  app.page.waitForFunction(predicate, arg, { timeout, polling: 100 });

test('the lexicon is not fetched at page load', async () => {
  await app.page.waitForTimeout(1000);
  const s = await tqa();
  assert.equal(s.lexicon.status, 'idle');
  assert.equal(lexiconRequests.length, 0, 'no request for wordnet.lex before the panel is opened');
});

test('opening the panel loads the lexicon on demand and finds the movie example\'s linker table', async () => {
  await command({ do: 'show', tab: PANEL });
  await waitFor((p) => {
    const s = JSON.parse(Module.ccall('chokepoint_panel_json', 'string', ['string'], [p]));
    return s.lexicon.status === 'failed' || (s.analysis && s.analysis.done);
  }, PANEL);
  const s = await tqa();
  assert.equal(s.lexicon.status, 'loaded', s.lexicon.error);
  assert.equal(lexiconRequests.length, 1, 'fetched once');
  assert.ok(s.lexicon.size_bytes > 1e6, `the asset is the whole WordNet: ${s.lexicon.size_bytes} bytes`);
  assert.ok(s.lexicon.load_ms > 0 && s.lexicon.parse_ms > 0 && s.lexicon.load_ms >= s.lexicon.parse_ms);
  assert.ok(s.lexicon.slices > 1, `decoded over several frames, not in one (${s.lexicon.slices})`);
  console.log(`# lexicon load in the browser: ${Math.round(s.lexicon.load_ms)} ms (${s.lexicon.size_bytes} bytes; ` +
              `fetch ${Math.round(s.lexicon.fetch_ms)} ms, decode ${Math.round(s.lexicon.parse_ms)} ms in ` +
              `${s.lexicon.slices} frames, longest ${s.lexicon.longest_slice_ms.toFixed(1)} ms)`);

  assert.equal(s.analysis.set, 'sample_dev.json');
  assert.equal(s.analysis.total, 28);
  const item = s.analysis.items.find((i) => String(i.key) === '14');
  assert.ok(item, 'item 14 has a linker table');
  assert.equal(item.db_id, 'movies');
  assert.equal(item.linker_table, 'characters');
  assert.equal(item.jqg_nodes, 3);
  assert.equal(item.components.length, 1);
  assert.equal(item.components[0].lemma, 'character');
  assert.equal(item.components[0].is_abbreviation, false);
  const tokens = item.components[0].question_tokens.map((t) => t.token.toLowerCase());
  assert.deepEqual(tokens, ['character']);
  // "Who played the No.2 character ..." : the byte offset of "character" in the question.
  assert.equal(item.components[0].question_tokens[0].position,
               'Who played the No.2 character in the credit list'.indexOf('character'));
  // Single-table and two-table queries have no linker table: 15, 16, 17 are single-table movie queries.
  for (const key of ['15', '16', '17']) assert.ok(!s.analysis.items.some((i) => String(i.key) === key));
  assert.ok(s.analysis.statistics.with_linker_table >= 1);
  assert.ok(s.analysis.statistics.matching_question_tokens >= 1);
  console.log(`# linker analysis of sample_dev.json in the browser: ${Math.round(s.analysis.analysis_ms)} ms, ` +
              `${s.analysis.statistics.with_linker_table} of ${s.analysis.statistics.queries} queries with a linker table`);
});

test('the strategies\' prompts of the movie example name the matched token', async () => {
  await command({ do: 'tqa_select', key: '14', view: 'strategies' });
  await waitFor((p) => {
    const s = JSON.parse(Module.ccall('chokepoint_panel_json', 'string', ['string'], [p]));
    return s.selected_item && s.selected_item.key === '14';
  }, PANEL, 10000);
  const s = await tqa();
  assert.equal(s.selected_item.linker_table, 'characters');
  for (const code of ['SR', 'BT', 'CA']) {
    const prompt = s.selected_item.question_prompts[code];
    assert.ok(prompt && !prompt.startsWith('error'), `${code} renders: ${prompt}`);
    assert.match(prompt, /character/, `${code} prompt mentions the token`);
  }
  await app.page.waitForTimeout(300);
  fs.writeFileSync(path.join(artefactDir, 'tqa_strategies.png'), await app.page.screenshot());
});

// The loopback fake endpoint (tests/llm_server/server.mjs) answers from a hash of the prompt with texts that never
// say "character" (a made-up question, and an evidence line "value N refers to code = ..."), so
// back-translation and contextual augmentation hide the reference on both sides (hiding score 1). Its synonym list names a
// position (0..6) that is not the token's (20), so synonym replacement fails visibly and scores 0 (empty rewrite).
test('with an LLM configured, the strategies run on the movie example and are scored', async () => {
  const started = await startFakeLlmServer(['--lifetime-ms', '120000']);
  llmServer = started.process;
  const port = started.port;

  const chats = () => fetch(`http://127.0.0.1:${port}/stats`).then((r) => r.json()).then((s) => s.chat);
  await command({ do: 'llm_settings', provider: 'custom', base_url: `http://127.0.0.1:${port}/v1`, model: 'fake-chat',
                  temperature: 0, timeout_ms: 4000 });
  const run = async () => {
    await command({ do: 'tqa_augment', key: '14' });
    // The privacy preview first: every prompt listed, nothing sent until Confirm.
    await waitFor((p) => {
      const s = JSON.parse(Module.ccall('chokepoint_panel_json', 'string', ['string'], [p]));
      return s.augmentation_error || s.augmentation?.preview;
    }, PANEL, 30000);
    const preview = (await tqa()).augmentation.preview;
    assert.equal(preview.prompts.length, preview.calls);
    assert.ok(preview.calls >= 3, 'the question of each strategy; the evidence of BT and CA comes later');
    await command({ do: 'tqa_augment_confirm' });
    await waitFor((p) => {
      const s = JSON.parse(Module.ccall('chokepoint_panel_json', 'string', ['string'], [p]));
      return s.augmentation_error || (s.augmentation && s.augmentation.finished);
    }, PANEL, 30000);
    return tqa();
  };
  const s = await run();
  assert.equal(s.augmentation_error, undefined);
  const results = Object.fromEntries(s.augmentation.results.map((r) => [r.strategy, r]));
  assert.deepEqual(Object.keys(results).sort(), ['BT', 'CA', 'SR']);
  for (const code of ['BT', 'CA']) {
    const r = results[code];
    assert.deepEqual(r.errors, []);
    assert.notEqual(r.new_question, 'Who played the No.2 character in the credit list of the movie "American Hustle"?');
    assert.match(r.new_evidence, /refers to code =/);
    assert.doesNotMatch(r.new_question, /character/i);
    assert.deepEqual(r.hiding_question, [1], `${code} hides "character" in the question`);
    assert.deepEqual(r.hiding_evidence, [1], `${code} hides "character" in the evidence`);
  }
  assert.ok(results.SR.errors.length > 0, 'the misplaced synonym is reported');
  assert.deepEqual(results.SR.hiding_question, [0]);
  const calls = await chats();
  assert.equal(calls, 6, 'question and evidence for each of the three strategies');
  // The same item again is answered by the replay store: no new call.
  const again = await run();
  assert.equal(again.augmentation.results.length, 3);
  assert.equal(await chats(), calls);
  await command({ do: 'tqa_select', key: '14', view: 'strategies' });
  await app.page.waitForTimeout(300);
  fs.writeFileSync(path.join(artefactDir, 'tqa_strategies_llm.png'), await app.page.screenshot());
});

test('the linker view shows item 14 with its highlighted reference', async () => {
  await command({ do: 'tqa_select', key: '14', view: 'linker' });
  await app.page.waitForTimeout(400);
  const png = await app.page.screenshot();
  fs.writeFileSync(path.join(artefactDir, 'tqa_linker.png'), png);
  const stats = await pixelStats(app.page, png, { x: 0, y: 60, w: 1280, h: 600 }, [26, 28, 33]);
  assert.ok(stats.bright > 1500, `the panel is drawn: ${JSON.stringify(stats)}`);
  assert.ok(stats.notClear > 20000, `the panel is drawn: ${JSON.stringify(stats)}`);
});

test('a de-naturalised variant of toxicology keeps every gold result and renames its tables', async () => {
  await command({ do: 'tqa_variant', db: 'toxicology', set: 'sample_dev.json', setting: 'L/L' });
  await waitFor((p) => {
    const s = JSON.parse(Module.ccall('chokepoint_panel_json', 'string', ['string'], [p]));
    return s.variant_error || (s.variant && !s.variant.running);
  }, PANEL);
  const s = await tqa();
  assert.equal(s.variant_error, undefined);
  const v = s.variant;
  assert.equal(v.error, '');
  assert.equal(v.finished, true);
  assert.equal(v.source, 'toxicology');
  assert.equal(v.variant_id, 'toxicology_denat');
  assert.equal(v.total, 14, 'the sample set has 14 toxicology items');
  assert.equal(v.kept, 14, JSON.stringify(v.items.filter((i) => !i.kept)));
  for (const i of v.items) assert.notEqual(i.less_natural_sql, i.sql, `item ${i.key} was rewritten`);
  assert.equal(s.plan.naturalness_source, 'dictionary-coverage heuristic');

  const dbs = await app.page.evaluate(() => JSON.parse(Module.ccall('chokepoint_summary_json', 'string', [], [])));
  const variant = dbs.find((d) => d.db_id === 'toxicology_denat');
  assert.ok(variant, 'the variant database was added');
  assert.equal(variant.origin, 'denaturalised');
  const original = dbs.find((d) => d.db_id === 'toxicology');
  const oldNames = original.tables.map((t) => t.name.toLowerCase()).sort();
  const newNames = variant.tables.map((t) => t.name.toLowerCase()).sort();
  assert.deepEqual(oldNames, ['atom', 'bond', 'connected', 'molecule']);
  assert.deepEqual(newNames, ['at', 'bd', 'cn', 'ml']);
  const sets = await callJson(app.page, 'chokepoint_sets_json');
  const set = sets.find((x) => x.name === 'toxicology_denat.json');
  assert.ok(set, 'the variant set was added');
  assert.equal(set.items, 14);
  await app.page.waitForTimeout(400);
  const png = await app.page.screenshot();
  fs.writeFileSync(path.join(artefactDir, 'tqa_denat.png'), png);
  const stats = await pixelStats(app.page, png, { x: 0, y: 60, w: 1280, h: 600 }, [26, 28, 33]);
  assert.ok(stats.bright > 1500, `the panel is drawn: ${JSON.stringify(stats)}`);

  // The variant lives in the workspace: after a reload it is opened again with its renamed tables and its set.
  await workspaceSettled(app.page);
  await app.page.reload();
  await waitReady(app);
  const reloaded = await app.page.evaluate(() => JSON.parse(Module.ccall('chokepoint_summary_json', 'string', [], [])));
  const back = reloaded.find((d) => d.db_id === 'toxicology_denat');
  assert.ok(back, 'the variant database is back after a reload');
  assert.deepEqual(back.tables.map((t) => t.name.toLowerCase()).sort(), ['at', 'bd', 'cn', 'ml']);
  const setsBack = await callJson(app.page, 'chokepoint_sets_json');
  assert.equal(setsBack.find((x) => x.name === 'toxicology_denat.json')?.items, 14);
});

// SQLMorph §V-C keeps only the items the system answered right on the original: with the evaluation of the sample
// predictions in Predictions & metrics, the page's variant keeps the items `tqa denat --keep-by system-ex --pred` keeps.
test('a variant kept by the system\'s EX keeps the items the CLI keeps with --keep-by system-ex', async () => {
  // Without an evaluation of the set the rule cannot be applied, and the panel says what to do.
  await command({ do: 'tqa_variant', db: 'toxicology', set: 'sample_dev.json', setting: 'O/L', keep_by: 'system-ex' });
  const refused = await untilPanel(app.page, PANEL, (x) => x.variant_error || x.variant?.keep_by === 'system-ex',
    'the refusal', 60000);
  assert.match(refused.variant_error ?? '', /needs a finished evaluation of sample_dev\.json in Predictions & metrics/);

  await app.page.setInputFiles('#chokepoint-file-input', path.join(repoRoot, 'assets/sets/sample_pred.json'));
  await app.page.waitForFunction(() => JSON.parse(Module.ccall('chokepoint_sets_json', 'string', [], []))
    .some((s) => s.name === 'sample_pred.json'));
  await command({ do: 'evaluate', gold: 'sample_dev.json', pred: 'sample_pred.json', semantics: 'bird' });
  await command({ do: 'show', tab: METRICS });
  await untilPanel(app.page, METRICS, (x) => x.done && !x.queued && /sample_pred/.test(x.label ?? ''), 'the evaluation',
    60000);
  await command({ do: 'show', tab: PANEL });
  await command({ do: 'tqa_variant', db: 'toxicology', set: 'sample_dev.json', setting: 'O/L', keep_by: 'system-ex' });
  const s = await untilPanel(app.page, PANEL, (x) => x.variant?.keep_by === 'system-ex' && x.variant.finished,
    'the variant', 60000);
  const v = s.variant;
  assert.equal(v.error, '');
  assert.match(v.ex_from, /sample_dev\.json vs sample_pred\.json, BIRD's semantics/);
  const kept = v.items.filter((i) => i.kept).map((i) => String(i.key)).sort();
  assert.ok(kept.length > 0 && kept.length < v.total, `some items dropped for a wrong answer: ${kept.length} of ${v.total}`);
  assert.ok(v.items.filter((i) => !i.kept).every((i) => /EX/.test(i.reason)), JSON.stringify(v.items));

  const dir = tempDir('chokepoint-tqa-keep-');
  try {
    copyDb(dir, 'toxicology');
    copyDb(dir, 'movies');
    const out = path.join(dir, 'denat');
    const r = spawnSync(cli, ['tqa', 'denat', '--gold', path.join(repoRoot, 'assets/sets/sample_dev.json'), '--db-root',
      path.join(dir, 'db'), '--out', out, '--keep-by', 'system-ex', '--pred',
      path.join(repoRoot, 'assets/sets/sample_pred.json')], { encoding: 'utf8' });
    assert.equal(r.status, 0, r.stderr);
    const ol = JSON.parse(fs.readFileSync(path.join(out, 'O_L.json'), 'utf8'));
    assert.deepEqual(kept, ol.filter((x) => x.db_id === 'toxicology').map((x) => String(x.question_id)).sort());
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

// Thesis §4.3.1's split from the page: a made-up benchmark of six schemas (tables.json, no rows) and its set, the same
// as tests/cli/tqa_split.test.mjs builds; the page's three parts are the files `chokepoint tqa split --out` writes.
test('Split: train, dev and test by whole databases equal chokepoint tqa split', async () => {
  const dir = tempDir('chokepoint-tqa-split-view-');
  try {
    const DBS = ['s0', 's1', 's2', 's3', 's4', 's5'];
    const THREE = 'SELECT count(*) FROM a JOIN b ON a.id = b.a_id JOIN c ON b.id = c.b_id';
    const FOUR = `${THREE} JOIN d ON c.id = d.c_id`;
    fs.writeFileSync(path.join(dir, 'split_tables.json'), JSON.stringify(DBS.map((db) => ({
      db_id: db, table_names_original: ['a', 'b', 'c', 'd'], table_names: ['a', 'b', 'c', 'd'],
      column_names_original: [[-1, '*'], [0, 'id'], [1, 'id'], [1, 'a_id'], [2, 'id'], [2, 'b_id'], [3, 'id'],
        [3, 'c_id']],
      column_names: [[-1, '*'], [0, 'id'], [1, 'id'], [1, 'a id'], [2, 'id'], [2, 'b id'], [3, 'id'], [3, 'c id']],
      column_types: ['text', 'number', 'number', 'number', 'number', 'number', 'number', 'number'],
      primary_keys: [1, 2, 4, 6], foreign_keys: [[3, 1], [5, 2], [7, 4]],
    }))));
    const items = [];
    for (const db of DBS) {
      const four = db === 's4' || db === 's5';
      for (let k = 0; k < (four ? 3 : 4); ++k) items.push({ db_id: db, question: `q${items.length}`, SQL: four ? FOUR : THREE });
      items.push({ db_id: db, question: `q${items.length}`, SQL: 'SELECT count(*) FROM a' });
    }
    items.forEach((it, i) => { it.question_id = i; it.evidence = ''; it.difficulty = 'simple'; });
    fs.writeFileSync(path.join(dir, 'split_set.json'), JSON.stringify(items));
    for (const f of ['split_tables.json', 'split_set.json']) {
      await app.page.setInputFiles('#chokepoint-file-input', path.join(dir, f));
      await app.page.waitForTimeout(200);
    }
    await app.page.waitForFunction(() => JSON.parse(Module.ccall('chokepoint_sets_json', 'string', [], []))
      .some((s) => s.name === 'split_set.json'));
    await command({ do: 'show', tab: PANEL });
    await command({ do: 'tqa_select', view: 'split' });
    await command({ do: 'tqa_split', set: 'split_set.json' });
    const v = (await untilPanel(app.page, PANEL, (x) => x.split && !x.split.running && (x.split.split || x.split.error),
      'the split', 60000)).split;
    assert.equal(v.error, '');
    assert.deepEqual(v.published, ['split_set.train.json', 'split_set.dev.json', 'split_set.test.json']);
    const out = path.join(dir, 'cli');
    const r = spawnSync(cli, ['tqa', 'split', '--gold', path.join(dir, 'split_set.json'), '--tables',
      path.join(dir, 'split_tables.json'), '--out', out], { encoding: 'utf8' });
    assert.equal(r.status, 0, r.stderr);
    assert.deepEqual(v.split, JSON.parse(r.stdout), 'the same clusters, order and parts');
    assert.deepEqual(v.split.left_out, { below_min_nodes: 6, no_join_query_graph: 0, no_schema: 0 });
    const sets = await callJson(app.page, 'chokepoint_sets_json');
    for (const [k, part] of ['train', 'dev', 'test'].entries()) {
      assert.ok(sets.some((x) => x.name === `split_set.${part}.json`), `${part} is a loaded set`);
      const text = await app.page.evaluate((p) => Module.FS.readFile(p, { encoding: 'utf8' }), v.paths[k]);
      assert.equal(text, fs.readFileSync(path.join(out, `${part}.json`), 'utf8'), `${part}.json byte for byte`);
    }
    await app.page.waitForTimeout(300);
    await expectTextDrawn(app.page, 'tqa_split.png', { x: 0, y: 195, w: 1000, h: 110 });  // the parts' table
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

// A lexicon that cannot be fetched is reported in the panel (not a hang), and asking again retries.
test('a failed lexicon fetch is shown and can be retried', async () => {
  const other = await startApp();
  try {
    let refuse = true;
    await other.page.route('**/wordnet.lex', (route) => (refuse ? route.fulfill({ status: 404, body: 'gone' }) : route.continue()));
    await other.page.goto(other.url);
    await waitReady(other);
    const state = () => other.page.evaluate((p) => JSON.parse(Module.ccall('chokepoint_panel_json', 'string', ['string'], [p])), PANEL);
    await other.page.evaluate((j) => Module.ccall('chokepoint_command', null, ['string'], [j]), JSON.stringify({ do: 'show', tab: PANEL }));
    await other.page.waitForFunction((p) => JSON.parse(Module.ccall('chokepoint_panel_json', 'string', ['string'], [p])).lexicon.status === 'failed',
                                     PANEL, { timeout: 30000 });
    const failed = await state();
    assert.match(failed.lexicon.error, /HTTP 404/);
    assert.equal(failed.analysis, undefined, 'nothing was analysed without the lexicon');
    await other.page.waitForTimeout(300);
    const png = await other.page.screenshot();
    fs.writeFileSync(path.join(artefactDir, 'tqa_lexicon_error.png'), png);
    refuse = false;
    await other.page.evaluate((j) => Module.ccall('chokepoint_command', null, ['string'], [j]), JSON.stringify({ do: 'tqa_load_lexicon' }));
    await other.page.waitForFunction((p) => {
      const s = JSON.parse(Module.ccall('chokepoint_panel_json', 'string', ['string'], [p]));
      return s.analysis && s.analysis.done;
    }, PANEL, { timeout: 60000 });
    const s = await state();
    assert.equal(s.lexicon.status, 'loaded');
    assert.ok(s.analysis.items.some((i) => String(i.key) === '14' && i.linker_table === 'characters'));
  } finally {
    await other.close();
  }
});

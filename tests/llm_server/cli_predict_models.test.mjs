// `chokepoint predict` with two endpoints (two loopback fake servers, each its own model, taught different answers)
// and two formats: every format runs for every model, each pair of (model, format) gets its own prediction files,
// and the summary's table (004 Table 3: formats × models) and EX by gold tables (Table 4) hold the values the taught
// answers imply. A rerun with the shared replay store sends nothing to either server.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync, readFileSync, rmSync, existsSync, mkdirSync, copyFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startFakeLlmServer } from './start_server.mjs';
import { assetsDir } from './cli_fixture.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '..', '..');
const cli = process.env.CHOKEPOINT_CLI || join(root, 'build', 'native', 'chokepoint');
const MD = 'SimpleDDL-MD-Chat';
const HTML = 'DDL-HTML-Chat';
const servers = {};
let dir, gold;

const run = (args) => new Promise((ok) => {
  execFile(cli, args, { timeout: 60000 }, (error, stdout, stderr) => ok({ code: error ? error.code : 0, stdout, stderr }));
});
const chatCalls = async (name) => (await (await fetch(`http://127.0.0.1:${servers[name].port}/stats`)).json()).chat;

// Taught answers: a key the prompt contains picks the answer, the first in order. "### Q" appears only in the MD
// format's prompt and "<Question>Q" only in the HTML one, so a model can be right in one format and wrong in the other.
const right = (i) => gold[i].SQL;
const WRONG = "SELECT 'wrong'";
function teachingA() {
  // MD: 0 and 1 right, 2 wrong, 3 without SQL -> 2 of 4 = 50. HTML: 2 right as well -> 3 of 4 = 75.
  return {
    [`<Question>${gold[2].question}`]: right(2),
    [gold[0].question]: right(0),
    [gold[1].question]: `SQL: ${right(1)}`,
    [gold[2].question]: WRONG,
    [gold[3].question]: 'There is no way to answer this.',
  };
}
function teachingB() {
  // MD: 3 wrong -> 3 of 4 = 75. HTML: all right -> 100.
  return {
    [`### ${gold[3].question}`]: WRONG,
    [gold[0].question]: `\`\`\`sql\n${right(0)}\n\`\`\``,
    [gold[1].question]: right(1),
    [gold[2].question]: right(2),
    [gold[3].question]: right(3),
  };
}

before(async () => {
  assert.ok(existsSync(cli), `CLI not built: ${cli}`);
  dir = mkdtempSync(join(tmpdir(), 'chokepoint-predict-models-'));
  mkdirSync(join(dir, 'db', 'toxicology'), { recursive: true });
  copyFileSync(join(assetsDir, 'db', 'toxicology.sqlite'), join(dir, 'db', 'toxicology', 'toxicology.sqlite'));
  gold = JSON.parse(readFileSync(join(root, 'assets', 'sets', 'sample_dev.json'), 'utf8')).slice(0, 4);
  assert.ok(gold.every((g) => g.db_id === 'toxicology'));
  writeFileSync(join(dir, 'gold.json'), JSON.stringify(gold));
  // Model b's name has characters a file name cannot keep as they are.
  for (const [name, model, answers] of [['a', 'model-a', teachingA()], ['b', 'org/model:b', teachingB()]]) {
    const { process: child, port } = await startFakeLlmServer(['--lifetime-ms', '120000']);
    servers[name] = { process: child, port };
    writeFileSync(join(dir, `${name}.json`), JSON.stringify({ provider: 'custom', base_url: `http://127.0.0.1:${port}/v1`,
                                                            model }));
    const r = await fetch(`http://127.0.0.1:${port}/sql`, { method: 'POST', body: JSON.stringify({ answers }) });
    assert.equal(r.status, 200);
  }
});
after(() => {
  for (const s of Object.values(servers)) s.process?.kill();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const predictArgs = (out, extra = []) => ['predict', '--set', join(dir, 'gold.json'), '--db-root', join(dir, 'db'),
  '--llm-config', join(dir, 'a.json'), '--llm-config', join(dir, 'b.json'), '--format', MD, '--format', HTML,
  '--out', out, ...extra];

test('two models × two formats: the table holds the EX each model\'s taught answers imply', async () => {
  const out = join(dir, 'pred.json');
  const args = predictArgs(out, ['--replay', join(dir, 'replay.sqlite')]);
  const first = await run(args);
  assert.equal(first.code, 1, `model-a has an answer without SQL: ${first.stderr}`);
  assert.match(first.stderr, /predict: model-a: 8 prompts \(2 formats\) to http:\/\/127\.0\.0\.1:\d+\/v1/);
  assert.match(first.stderr, /predict: org\/model:b: 8 prompts \(2 formats\) to/);
  const s = JSON.parse(first.stdout);
  assert.equal(s.formats, undefined, 'several models: per-model entries only');
  assert.deepEqual(s.table, {
    semantics: 'bird',
    columns: ['model-a', 'org/model:b'],
    rows: [{ format: MD, ex: [50, 75] }, { format: HTML, ex: [75, 100] }],
  });
  const a = s.models['model-a'], b = s.models['org/model:b'];
  assert.equal(a.model, 'model-a');
  assert.equal(b.config, join(dir, 'b.json'));
  assert.deepEqual([a.formats[MD].ok, a.formats[MD].no_sql, a.formats[HTML].ok, a.formats[HTML].no_sql], [3, 1, 3, 1]);
  assert.deepEqual([b.formats[MD].ok, b.formats[HTML].ok], [4, 4]);
  assert.deepEqual([a.formats[MD].ex_spider, b.formats[HTML].ex_spider], [50, 100]);
  // 004 Table 4: item 0 reads two tables (molecule, atom), items 1-3 one each.
  assert.deepEqual(a.formats[MD].by_gold_tables, [{ tables: '1', n: 3, ex: 33.33 }, { tables: '2', n: 1, ex: 100 },
                                                  { tables: '3', n: 0, ex: 0 }, { tables: '>3', n: 0, ex: 0 }]);
  assert.deepEqual(b.formats[MD].by_gold_tables.slice(0, 2), [{ tables: '1', n: 3, ex: 66.67 },
                                                             { tables: '2', n: 1, ex: 100 }]);
  assert.deepEqual([a.usage.network_calls, b.usage.network_calls, s.usage.network_calls], [8, 8, 16]);
  assert.deepEqual([await chatCalls('a'), await chatCalls('b')], [8, 8], 'each model asked its own server');

  // One file pair per (model, format), the model's name made safe for a file name.
  assert.equal(a.formats[MD].out, join(dir, `pred.model-a.${MD}.json`));
  assert.equal(b.formats[HTML].out, join(dir, `pred.org_model_b.${HTML}.json`));
  assert.equal(b.formats[HTML].spider_out, join(dir, `pred.org_model_b.${HTML}.txt`));
  const bHtml = JSON.parse(readFileSync(b.formats[HTML].out, 'utf8'));
  assert.equal(bHtml['3'], `${gold[3].SQL}\t----- bird -----\ttoxicology`);
  const bMd = JSON.parse(readFileSync(b.formats[MD].out, 'utf8'));
  assert.equal(bMd['3'], `${WRONG}\t----- bird -----\ttoxicology`);
  assert.equal(readFileSync(a.formats[MD].spider_out, 'utf8').split('\n')[3], '', 'no SQL: an empty line');

  // `eval` on a file of the run gives the table's cell.
  const ev = await run(['eval', '--gold', join(dir, 'gold.json'), '--pred', a.formats[HTML].out, '--db-root',
    join(dir, 'db'), '--out', join(dir, 'report.json')]);
  assert.equal(ev.code, 0, ev.stderr);
  assert.equal(JSON.parse(ev.stdout).ex, 75);

  // The rerun finds every answer of both models in the one replay store.
  const again = await run(args);
  assert.equal(again.code, 1);
  const s2 = JSON.parse(again.stdout);
  assert.deepEqual([s2.usage.network_calls, s2.usage.replayed], [0, 16]);
  assert.deepEqual(s2.table, s.table);
  assert.deepEqual([await chatCalls('a'), await chatCalls('b')], [8, 8], 'the rerun sent nothing');
});

test('one model keeps the summary\'s shape: formats at the top, no table', async () => {
  const r = await run(['predict', '--set', join(dir, 'gold.json'), '--db-root', join(dir, 'db'), '--llm-config',
    join(dir, 'b.json'), '--format', HTML, '--out', join(dir, 'one.json')]);
  assert.equal(r.code, 0, r.stderr);
  const s = JSON.parse(r.stdout);
  assert.deepEqual(Object.keys(s).sort(), ['formats', 'model_calls', 'usage']);
  assert.equal(s.formats[HTML].ex_bird, 100);
  assert.equal(s.formats[HTML].out, join(dir, 'one.json'));
});

test('the same model and sampling twice is refused: the replay store could not tell them apart', async () => {
  const r = await run(['predict', '--set', join(dir, 'gold.json'), '--db-root', join(dir, 'db'), '--llm-config',
    join(dir, 'a.json'), '--llm-config', join(dir, 'a.json'), '--out', join(dir, 'twice.json')]);
  assert.equal(r.code, 2);
  assert.match(r.stderr, /^chokepoint: .*a\.json: same provider, model and sampling as .*a\.json/);
  assert.ok(!existsSync(join(dir, 'twice.json')));
});

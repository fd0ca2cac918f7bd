// `chokepoint predict --shard k/n` + `chokepoint merge` against two loopback fake endpoints (two models) in two
// formats: three shard processes each ask for their items' answers, and merge (which sends nothing) writes the
// prediction files and stdout summary of the single run byte for byte, usage counters added up. Merge refuses shards
// that are not one run's.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync, readFileSync, readdirSync, renameSync, rmSync, existsSync, mkdirSync,
  copyFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startFakeLlmServer } from './start_server.mjs';
import { assetsDir } from './cli_fixture.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '..', '..');
const cli = resolve(process.env.CHOKEPOINT_CLI || join(root, 'build', 'native', 'chokepoint'));
const MD = 'SimpleDDL-MD-Chat';
const HTML = 'DDL-HTML-Chat';
const servers = {};
let dir, gold;

// In `dir`, as a job array would run them (relative paths: merge re-reads the set where the shards read it).
const run = (args) => new Promise((ok) => {
  execFile(cli, args, { cwd: dir, timeout: 60000 }, (error, stdout, stderr) =>
    ok({ code: error ? error.code : 0, stdout, stderr }));
});
const chatCalls = async (name) => (await (await fetch(`http://127.0.0.1:${servers[name].port}/stats`)).json()).chat;
const read = (name) => readFileSync(join(dir, name), 'utf8');
// Every file under a folder of `dir`, by name.
const filesOf = (folder) => Object.fromEntries(readdirSync(join(dir, folder)).sort()
  .map((f) => [f, read(join(folder, f))]));

before(async () => {
  assert.ok(existsSync(cli), `CLI not built: ${cli}`);
  dir = mkdtempSync(join(tmpdir(), 'chokepoint-predict-shards-'));
  for (const db of ['toxicology', 'movies']) {
    mkdirSync(join(dir, 'db', db), { recursive: true });
    copyFileSync(join(assetsDir, 'db', `${db}.sqlite`), join(dir, 'db', db, `${db}.sqlite`));
  }
  // Seven items on two databases: three shards of 3, 2 and 2.
  const all = JSON.parse(readFileSync(join(root, 'assets', 'sets', 'sample_dev.json'), 'utf8'));
  gold = [...all.slice(0, 5), ...all.slice(14, 16)];
  writeFileSync(join(dir, 'set.json'), JSON.stringify(gold));
  // Model a: right on 0, 1, 5; wrong on 2; no SQL on 3; 4 and 6 get "SELECT 1". Model b: right where the HTML
  // prompt asks, a fenced query for 1, wrong otherwise.
  const teachings = {
    a: { [gold[0].question]: gold[0].SQL, [gold[1].question]: `SQL: ${gold[1].SQL}`,
      [gold[2].question]: "SELECT 'wrong'", [gold[3].question]: 'There is no way to answer this.',
      [gold[5].question]: gold[5].SQL },
    b: { ...Object.fromEntries(gold.map((g) => [`<Question>${g.question}`, g.SQL])),
      [gold[1].question]: `\`\`\`sql\n${gold[1].SQL}\n\`\`\``, [gold[6].question]: "SELECT 'wrong'" },
  };
  for (const [name, model] of [['a', 'model-a'], ['b', 'org/model:b']]) {
    const { process: child, port } = await startFakeLlmServer(['--lifetime-ms', '120000']);
    servers[name] = { process: child, port };
    writeFileSync(join(dir, `${name}.json`), JSON.stringify({ provider: 'custom', base_url: `http://127.0.0.1:${port}/v1`,
                                                            model }));
    const r = await fetch(`http://127.0.0.1:${port}/sql`, { method: 'POST',
      body: JSON.stringify({ answers: teachings[name] }) });
    assert.equal(r.status, 200);
  }
});
after(() => {
  for (const s of Object.values(servers)) s.process?.kill();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const predictArgs = (...extra) => ['predict', '--set', 'set.json', '--db-root', 'db', '--llm-config', 'a.json',
  '--llm-config', 'b.json', '--format', MD, '--format', HTML, '--rows', '2', '--fk', ...extra];

test('three shards run apart and merged in any order write the single run\'s files and summary', async () => {
  mkdirSync(join(dir, 'out'));
  const one = await run(predictArgs('--out', 'out/pred.json'));
  assert.equal(one.code, 1, `model-a has an answer without SQL: ${one.stderr}`);
  const summary = JSON.parse(one.stdout);
  assert.deepEqual(summary.table.rows.map((r) => r.format), [MD, HTML]);
  assert.equal(summary.usage.network_calls, 28, '7 items x 2 formats x 2 models');
  const single = filesOf('out');
  assert.equal(Object.keys(single).length, 8, 'a .json and a .txt per (model, format)');
  rmSync(join(dir, 'out'), { recursive: true });
  const calls = [await chatCalls('a'), await chatCalls('b')];

  // Each shard with its own replay store (not one of the arguments merge compares).
  const shards = await Promise.all([1, 2, 3].map((k) =>
    run(predictArgs('--shard', `${k}/3`, '--replay', `replay-${k}.sqlite`, '--out', `s${k}.json`))));
  const items = [3, 2, 2];
  for (const [i, s] of shards.entries()) {
    const out = JSON.parse(s.stdout);
    assert.deepEqual([out.shard, out.items, out.of], [`${i + 1}/3`, items[i], 7], s.stderr);
    assert.match(s.stderr, new RegExp(`predict: model-a: ${items[i] * 2} prompts \\(2 formats\\)`));
    const shard = JSON.parse(read(`s${i + 1}.json`));
    assert.equal(shard.command, 'predict');
    assert.ok(shard.items.every((it) => it.position % 3 === i));
    assert.ok(!shard.arguments.includes('--replay'));
  }
  // Shard 1 holds item 3 (no SQL from model a): exit 1, the file written anyway; the others have SQL everywhere.
  assert.deepEqual(shards.map((s) => s.code), [1, 0, 0]);
  assert.deepEqual([await chatCalls('a'), await chatCalls('b')], calls.map((c) => c + 14), 'every prompt once more');

  // Merge sends nothing and needs no config file (keys stay on the shards' machines).
  mkdirSync(join(dir, 'out'));
  for (const name of ['a', 'b']) renameSync(join(dir, `${name}.json`), join(dir, `${name}.away`));
  const m = await run(['merge', '--out', 'out/pred.json', 's3.json', 's1.json', 's2.json']);
  for (const name of ['a', 'b']) renameSync(join(dir, `${name}.away`), join(dir, `${name}.json`));
  assert.equal(m.code, 1, m.stderr);
  assert.equal(m.stdout, one.stdout, 'the summary, usage added up');
  assert.deepEqual(filesOf('out'), single);
  assert.deepEqual([await chatCalls('a'), await chatCalls('b')], calls.map((c) => c + 14), 'merge sent nothing');
});

test('merge refuses a missing shard, a duplicate, other arguments, another command, a changed set, exit 2',
  async () => {
    for (const k of [1, 2]) assert.notEqual((await run(predictArgs('--shard', `${k}/2`, '--out', `p${k}.json`))).code, 2);
    assert.notEqual((await run(predictArgs('--shard', '2/2', '--limit', '100', '--out', 'other.json'))).code, 2);
    writeFileSync(join(dir, 'gold.sql'), gold.map((g) => `${g.SQL}\t${g.db_id}`).join('\n') + '\n');
    assert.equal((await run(['mutate', '--gold', 'gold.sql', '--db-root', 'db', '--shard', '2/2',
      '--out', 'mutate2.json'])).code, 0);
    const cases = [
      [['p1.json'], /missing shard 2\/2/],
      [['p1.json', 'p2.json', 'p1.json'], /shard 1\/2 is given twice \('p1.json' and 'p1.json'\)/],
      [['p1.json', 'other.json'], /not shards of one run: their predict arguments differ/],
      [['p1.json', 'mutate2.json'], /not shards of one run: their commands \(mutate, predict\) differ/],
    ];
    for (const [files, message] of cases) {
      const r = await run(['merge', '--out', 'm.json', ...files]);
      assert.equal(r.code, 2, files.join(' '));
      assert.match(r.stderr, message);
    }
    const changed = JSON.parse(read('set.json'));
    changed[0].question = 'Something else entirely?';
    writeFileSync(join(dir, 'set.json'), JSON.stringify(changed));
    const r = await run(['merge', '--out', 'm.json', 'p1.json', 'p2.json']);
    writeFileSync(join(dir, 'set.json'), JSON.stringify(gold));
    assert.equal(r.code, 2);
    assert.match(r.stderr, /'set.json' is not the file the shards read/);
    // Databases are not hashed, but the prompts are: another toxicology database makes other prompts.
    const tox = join(dir, 'db', 'toxicology', 'toxicology.sqlite');
    renameSync(tox, `${tox}.kept`);
    copyFileSync(join(dir, 'db', 'movies', 'movies.sqlite'), tox);
    const other = await run(['merge', '--out', 'm.json', 'p1.json', 'p2.json']);
    renameSync(`${tox}.kept`, tox);
    assert.equal(other.code, 2);
    assert.match(other.stderr, /the prompt of set item 0 in SimpleDDL-MD-Chat is not the one its shard sent/);
    assert.ok(!existsSync(join(dir, 'm.json')), 'nothing written');
  });

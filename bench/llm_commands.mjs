// The LLM-driven commands on real sets against the loopback LLM server (tests/llm_server/server.mjs), each
// run twice: first against the server, then answered by the replay store (0 requests):
//   describe: SQL-to-Text of the 1,534 BIRD dev gold queries (the paper's task) with the judge in both orders and
//             endpoint embeddings; the server answers a question per query and a verdict per pair;
//   optimize: the with-y and direct variants on the 589 Spider dev items whose database is in ../shared/data, Y =
//             the gold (every Y correct), the server taught to answer each rewrite with the query itself;
//   link:     (when the command exists) zero-shot schema linking of BIRD dev with its tables;
//   retrieval: (when the command exists) Full-Schema, TCSL and SCSL over BIRD dev as O/O (001 Table VIII).
// Prints wall time, calls sent and replayed, per command. Usage: node bench/llm_commands.mjs [DATA_DIR]
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startFakeLlmServer } from '../tests/llm_server/start_server.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const data = process.argv[2] || path.join(root, '..', 'shared', 'data');
const cli = process.env.CHOKEPOINT_CLI || path.join(root, 'build', 'native', 'chokepoint');
if (!fs.existsSync(path.join(data, 'bird', 'dev.json'))) {
  console.log(`BIRD dev not found under ${data}: skipped`);
  process.exit(0);
}
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chokepoint-llm-commands-'));
const { process: server, port } = await startFakeLlmServer(['--lifetime-ms', '3600000']);
const api = (p, body) => fetch(`http://127.0.0.1:${port}${p}`, body === undefined ? {} : {
  method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) }).then((r) => r.json());
const config = path.join(dir, 'llm.json');
fs.writeFileSync(config, JSON.stringify({ provider: 'custom', base_url: `http://127.0.0.1:${port}/v1`, model: 'fake',
                                          concurrency: 8 }));
const rows = [];
function run(name, args) {
  for (const pass of ['sent', 'replayed']) {
    const t0 = Date.now();
    let out;
    try {
      out = execFileSync(cli, [...args, '--replay', path.join(dir, `${name}.sqlite`)], { encoding: 'utf8',
        maxBuffer: 1 << 26, stdio: ['ignore', 'pipe', 'pipe'] });
    } catch (e) {
      console.log(`${name}: exit ${e.status}: ${String(e.stderr).slice(0, 300)}`);
      return;
    }
    const s = JSON.parse(out);
    rows.push({ name: `${name} (${pass})`, n: s.n, wall: Date.now() - t0, usage: s.usage, s });
  }
}

try {
  // describe: the server's default answer for a prompt it was not taught is a question line; verdicts taught.
  await api('/answers', { answers: { 'Answer with one word: True if they ask the same thing': 'True' } });
  run('describe', ['describe', '--gold', path.join(data, 'bird', 'dev.json'), '--out', path.join(dir, 'd.json'),
    '--llm-config', config, '--embedding-model', 'fake-embed']);
  // optimize on Spider dev: Y = gold; each rewrite is the query itself (accepted), direct answers from /sql.
  const spider = path.join(data, 'spider');
  if (fs.existsSync(path.join(spider, 'dev_gold.sql'))) {
    const have = new Set(fs.readdirSync(path.join(spider, 'database')));
    const lines = fs.readFileSync(path.join(spider, 'dev_gold.sql'), 'utf8').split('\n').filter((l) => l.trim())
      .filter((l) => have.has(l.split('\t')[1]));
    fs.writeFileSync(path.join(dir, 'gold.sql'), lines.join('\n') + '\n');
    fs.writeFileSync(path.join(dir, 'y.sql'), lines.map((l) => l.split('\t')[0]).join('\n') + '\n');
    const answers = {};
    for (const l of lines) answers[`### Query: ${l.split('\t')[0]}\n`] = l.split('\t')[0];
    await api('/answers', { answers });
    run('optimize', ['optimize', '--gold', path.join(dir, 'gold.sql'), '--pred', path.join(dir, 'y.sql'), '--db-root',
      path.join(spider, 'database'), '--out', path.join(dir, 'o.json'), '--llm-config', config, '--variant', 'with-y',
      '--variant', 'direct', '--iterations', '3']);
  }
  const commands = execFileSync(cli, ['--help'], { encoding: 'utf8' });
  if (/^\s+link\s/m.test(commands)) {
    run('link', ['link', '--set', path.join(data, 'bird', 'dev.json'), '--tables', path.join(data, 'bird', 'dev_tables.json'),
      '--llm-config', config, '--method', 'zero-shot', '--out', path.join(dir, 'l.json')]);
  }
  if (/^\s+retrieval\s/m.test(commands)) {
    // BIRD dev as its own O/O (the other variants need `tqa denat` over the databases and are reported missing).
    fs.mkdirSync(path.join(dir, 'variants'));
    fs.copyFileSync(path.join(data, 'bird', 'dev.json'), path.join(dir, 'variants', 'O_O.json'));
    run('retrieval', ['retrieval', '--variants', path.join(dir, 'variants'), '--tables',
      path.join(data, 'bird', 'dev_tables.json'), '--llm-config', config, '--out', path.join(dir, 'r.json')]);
  }
} finally {
  server.kill();
  fs.rmSync(dir, { recursive: true, force: true });
}

const pad = (v, n) => String(v).padStart(n);
console.log(`${'command'.padEnd(22)} ${pad('items', 6)} ${pad('wall s', 7)} ${pad('sent', 6)} ${pad('replayed', 9)}  figures`);
for (const r of rows) {
  let figures = '';
  if (r.s.rouge) figures = `ROUGE-1 F1 ${r.s.rouge.rouge1.f1.toFixed(3)}, judge ${r.s.judge?.average}, cosine ${r.s.cosine?.toFixed(3)}`;
  if (r.s.table) figures = r.s.table.map((c) => `${c.variant}: VES ${c.ves.toFixed(1)} C-VES ${c.c_ves.toFixed(1)}`).join('; ') +
    `; baseline VES ${r.s.baseline.ves.toFixed(1)}`;
  if (r.s.table_viii) figures = r.s.table_viii.map((row) => `${row.approach}: FPR ${row.cells['O/O'].fpr.toFixed(1)} ` +
    `SLR ${row.cells['O/O'].slr.toFixed(1)}`).join('; ');
  if (r.s.res !== undefined) figures = `RES ${r.s.res}, subset ${r.s.subset_match}, exact ${r.s.exact_match}`;
  console.log(`${r.name.padEnd(22)} ${pad(r.n, 6)} ${pad((r.wall / 1000).toFixed(1), 7)} ` +
              `${pad(r.usage?.network_calls ?? '-', 6)} ${pad(r.usage?.replayed ?? '-', 9)}  ${figures}`);
}

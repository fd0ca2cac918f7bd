// `chokepoint tqa denat` with its LLM paths against the loopback fake endpoint (server.mjs): the model classifies
// naturalness, proposes names and rewrites the texts; with the endpoint unreachable every kind falls back to its
// deterministic method, says so once per kind, and exits 1 with the files written. In both cases the renamed
// database is checked here with sqlite3: every kept gold query gives the same rows as the original on the original.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFile, execFileSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, writeFileSync, readFileSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startFakeLlmServer } from './start_server.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '..', '..');
const cli = process.env.CHOKEPOINT_CLI || join(root, 'build', 'native', 'chokepoint');
let server;
let port;
let dir;

before(async () => {
  assert.ok(existsSync(cli), `CLI not built: ${cli}`);
  dir = mkdtempSync(join(tmpdir(), 'chokepoint-denat-'));
  mkdirSync(join(dir, 'db', 'toxicology'), { recursive: true });
  execFileSync('sqlite3', [join(dir, 'db', 'toxicology', 'toxicology.sqlite')],
               { input: readFileSync(join(root, 'assets', 'db', 'toxicology.sql')) });
  // The toxicology items of the sample set.
  const items = JSON.parse(readFileSync(join(root, 'assets', 'sets', 'sample_dev.json'), 'utf8'))
    .filter((it) => it.db_id === 'toxicology');
  writeFileSync(join(dir, 'set.json'), JSON.stringify(items));
  ({ process: server, port } = await startFakeLlmServer(['--lifetime-ms', '60000']));

});

after(() => {
  server?.kill();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

function denat(name, baseUrl) {
  const cfg = join(dir, name + '.json');
  writeFileSync(cfg, JSON.stringify({ provider: 'custom', base_url: baseUrl, model: 'fake-chat', timeout_ms: 3000 }));
  const out = join(dir, name);
  return new Promise((ok) => {
    execFile(cli, ['tqa', 'denat', '--set', join(dir, 'set.json'), '--db-root', join(dir, 'db'), '--out', out,
                   '--llm-config', cfg, '--llm-names'], { timeout: 60000 },
             (error, stdout, stderr) => ok({ code: error ? error.code : 0, stdout, stderr, out }));
  });
}

const sqlite = (db, sql) => execFileSync('sqlite3', [db, sql]).toString().split('\n').filter(Boolean).sort().join('\n');
const original = () => join(dir, 'db', 'toxicology', 'toxicology.sqlite');
// The distinct names of tables and columns: a name in several tables (molecule_id) is one identifier, asked once.
const identifiers = () => {
  const tables = sqlite(original(), "SELECT name FROM sqlite_master WHERE type = 'table'").split('\n').filter(Boolean);
  const names = new Set(tables);
  for (const t of tables) {
    for (const row of sqlite(original(), `PRAGMA table_info("${t}")`).split('\n').filter(Boolean)) {
      names.add(row.split('|')[1]);
    }
  }
  return names.size;
};

// Every kept item, renamed SQL on the renamed database, gives the rows of the original SQL on the original.
function assertSameResults(out) {
  const oo = JSON.parse(readFileSync(join(out, 'O_O.json'), 'utf8'));
  const ll = JSON.parse(readFileSync(join(out, 'L_L.json'), 'utf8'));
  assert.equal(ll.length, oo.length);
  assert.ok(oo.length > 0);
  const renamed = join(out, 'databases', 'toxicology', 'toxicology.sqlite');
  for (let i = 0; i < oo.length; i++) {
    assert.equal(ll[i].question_id, oo[i].question_id);
    assert.notEqual(ll[i].SQL, oo[i].SQL, 'the gold SQL names the renamed schema');
    assert.equal(sqlite(renamed, ll[i].SQL), sqlite(original(), oo[i].SQL), `item ${oo[i].question_id}`);
  }
  return { oo, ll, renamed };
}

test('the model classifies, names and rewrites; the variant keeps every gold result', async () => {
  const before = await fetch(`http://127.0.0.1:${port}/stats`).then((r) => r.json());
  const r = await denat('working', `http://127.0.0.1:${port}/v1`);
  assert.equal(r.code, 0, r.stderr);
  const s = JSON.parse(r.stdout);
  assert.equal(s.naturalness, 'llm classifier');
  assert.equal(s.text_rewrite, 'llm');
  const n = identifiers();
  for (const kind of ['naturalness', 'names']) {
    assert.equal(s.llm_answers[kind].asked, n, kind);
    assert.equal(s.llm_answers[kind].from_llm, n, kind);
  }
  assert.equal(s.llm_answers.questions.fallback, 0);
  const after = await fetch(`http://127.0.0.1:${port}/stats`).then((x) => x.json());
  assert.equal(after.chat - before.chat, s.llm_calls, 'every call reached the server');
  // The fake model calls names of more than four letters N1 and abbreviates to consonants: molecule -> mlcl,
  // connected -> cnnctd; "atom" and "bond" (N3 by its rule) keep their names.
  const { oo, ll, renamed } = assertSameResults(r.out);
  assert.equal(sqlite(renamed, "SELECT name FROM sqlite_master WHERE type = 'table'"), 'atom\nbond\ncnnctd\nmlcl');
  const report = JSON.parse(readFileSync(join(r.out, 'denat_report.json'), 'utf8'));
  assert.equal(report.plans[0].naturalness_source, 'llm classifier');
  assert.ok(ll.every((it, i) => it.question !== oo[i].question), 'questions rewritten by the model');
  assert.ok(!r.stderr.includes('unusable'));
});

test('an unreachable endpoint: each kind falls back, says so once, exit 1, files written', async () => {
  const r = await denat('unreachable', 'http://127.0.0.1:9/v1');
  assert.equal(r.code, 1, r.stderr);
  const s = JSON.parse(r.stdout);
  for (const kind of ['naturalness', 'names', 'questions', 'evidence']) {
    assert.equal(s.llm_answers[kind].from_llm, 0, kind);
    assert.equal(s.llm_answers[kind].fallback, s.llm_answers[kind].asked, kind);
  }
  assert.match(s.naturalness, /heuristic/);
  assert.match(s.text_rewrite, /deterministic/);
  const lines = r.stderr.split('\n').filter((l) => l.includes('unusable'));
  assert.equal(lines.length, 4, r.stderr);
  assert.ok(lines.every((l) => /could not reach/.test(l)));
  assertSameResults(r.out);
});

// Shared set-up of the CLI tests here (and of the browser tests that compare the page with the CLI): the CLI under
// test, a run of it, a scratch folder and copies of the sample databases the build ships. The loopback LLM server
// itself is start_server.mjs.
import assert from 'node:assert/strict';
import { execFile, execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const cli = process.env.CHOKEPOINT_CLI || join(root, 'build', 'native', 'chokepoint');
// The assets folder the build puts beside the CLI (assets/db/*.sqlite, the lexicon, the sample sets), found from the
// binary, so a copied or installed CLI is tested with its own assets.
export const assetsDir = join(dirname(resolve(cli)), 'assets');

// Runs the CLI; resolves with its exit code and output (never rejects: a test asserts on the code).
export const run = (args, { timeout = 60000 } = {}) => new Promise((ok) => {
  execFile(cli, args, { timeout }, (error, stdout, stderr) => ok({ code: error ? error.code : 0, stdout, stderr }));
});

// A new scratch folder named `prefix`...; fails first when the CLI is not built.
export function scratchDir(prefix) {
  assert.ok(existsSync(cli), `CLI not built: ${cli}`);
  return mkdtempSync(join(tmpdir(), prefix));
}
export const removeDir = (dir) => { if (dir) rmSync(dir, { recursive: true, force: true }); };

// Copies the built sample database `db` (assetsDir/db/<db>.sqlite) to <dir>/db/<db>/<db>.sqlite, the
// layout --db-root reads.
export function copyDb(dir, db = 'toxicology') {
  mkdirSync(join(dir, 'db', db), { recursive: true });
  copyFileSync(join(assetsDir, 'db', `${db}.sqlite`), join(dir, 'db', db, `${db}.sqlite`));
}

// Writes a BIRD prediction file: { "<i>": "<sql>\t----- bird -----\t<db>" } for each query of `sqls`.
export function writeBirdPredictions(file, sqls, db = 'toxicology') {
  writeFileSync(file, JSON.stringify(Object.fromEntries(sqls.map((p, i) => [String(i), `${p}\t----- bird -----\t${db}`])),
    null, 1));
}

// The items of the sample set (assets/sets/sample_dev.json).
export const sampleSet = () => JSON.parse(readFileSync(join(root, 'assets', 'sets', 'sample_dev.json'), 'utf8'));

// Writes a SQLite database of one table t(id, k, v) with 50,000 rows and an index on k, so a scan of t is slow beside
// an index lookup.
export function writeScanDatabase(file) {
  execFileSync('sqlite3', [file], { input:
    `CREATE TABLE t(id INTEGER PRIMARY KEY, k INTEGER, v TEXT);
     WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 50000)
       INSERT INTO t SELECT i, i * 7 % 50021, 'row ' || i FROM n;
     CREATE INDEX t_k ON t(k);` });
}

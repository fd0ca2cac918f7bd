// Formatting as a test: every C++ file we write is as clang-format (.clang-format: Google style, 120 columns) would
// write it, so `make format` never produces a diff in review. Third-party code lives under build/ and is not checked.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const FOLDERS = ['core', 'web', 'cli', 'tests', 'bench'];

function sourceFiles(dir) {
  const out = [];
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) out.push(...sourceFiles(p));
    else if (/\.(h|cpp)$/.test(e.name)) out.push(p);
  }
  return out;
}

const files = FOLDERS.flatMap((f) => sourceFiles(path.join(root, f)));

test('clang-format is installed (scripts/setup.sh installs it)', () => {
  const r = spawnSync('clang-format', ['--version'], { encoding: 'utf8' });
  assert.equal(r.status, 0, 'clang-format --version failed: ' + (r.error ? r.error.message : r.stderr));
});

test('every C++ file is clang-format clean (run `make format` to fix)', () => {
  assert.ok(files.length > 100, `found only ${files.length} C++ files`);
  const unformatted = [];
  // Batches keep the command line short and the run to a few seconds.
  for (let i = 0; i < files.length; i += 60) {
    const batch = files.slice(i, i + 60);
    const r = spawnSync('clang-format', ['--dry-run', '--Werror', ...batch], { cwd: root, encoding: 'utf8' });
    if (r.status !== 0) {
      for (const m of r.stderr.matchAll(/^(\S+\.(?:h|cpp)):\d+:\d+: error/gm)) unformatted.push(path.relative(root, m[1]));
    }
    assert.ok(r.status === 0 || r.stderr.length > 0, 'clang-format failed without saying why');
  }
  assert.deepEqual([...new Set(unformatted)], []);
});

test('no line in C++ sources exceeds the 120-column limit', () => {
  const long = [];
  for (const f of files) {
    fs.readFileSync(f, 'utf8').split('\n').forEach((line, i) => {
      // Columns, not bytes: comments may hold UTF-8 (ΔEX, →).
      if ([...line].length > 120) long.push(`${path.relative(root, f)}:${i + 1}`);
    });
  }
  assert.deepEqual(long, []);
});

// The set-up and build scripts the Makefile runs refuse what they do not understand, naming it, before they touch
// anything (a mistyped flag must not start a build or an install that ignores it).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

function run(script, args) {
  return spawnSync('bash', [path.join(root, 'scripts', script), ...args], { encoding: 'utf8', timeout: 30000 });
}

test('setup.sh refuses an unknown argument and names it', () => {
  const r = run('setup.sh', ['--test']);
  assert.equal(r.status, 2, r.stdout + r.stderr);
  assert.match(r.stderr, /unknown argument '--test'/);
  assert.match(r.stderr, /--tests or --packages/);
  assert.equal(r.stdout, '');
});

test('build_app.sh refuses a wrong number of arguments with its usage', () => {
  for (const args of [[], ['build/native', 'build/wasm'], ['a', 'b', '2', 'extra']]) {
    const r = run('build_app.sh', args);
    assert.equal(r.status, 2, `${args.join(' ')}: ${r.stdout}${r.stderr}`);
    assert.match(r.stderr, /usage: .*build_app\.sh NATIVE_DIR WASM_DIR JOBS/);
    assert.equal(r.stdout, '');
  }
});

test('build_app.sh refuses a job count that is not a positive number', () => {
  const r = run('build_app.sh', ['build/native', 'build/wasm', 'two']);
  assert.equal(r.status, 2, r.stdout + r.stderr);
  assert.match(r.stderr, /JOBS must be a positive whole number, not 'two'/);
});

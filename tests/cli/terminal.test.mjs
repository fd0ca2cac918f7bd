// Text from outside reaches the terminal shown, never obeyed: control characters in a name the CLI quotes back on
// stderr come out as escapes; stdout to a pipe or file keeps its exact bytes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const cli = process.env.CHOKEPOINT_CLI || join(root, 'build', 'native', 'chokepoint');

test('control characters on stderr are escaped, C0, DEL and C1 alike', () => {
  assert.ok(existsSync(cli));
  const hostile = 'x\x1b]0;owned\x07\x1b[2J\x7f\u009b31m\ry';
  const r = spawnSync(cli, [hostile], { encoding: 'utf8' });
  assert.equal(r.status, 2);
  assert.ok(!/[\x00-\x08\x0b-\x1f\x7f\u0080-\u009f]/.test(r.stderr), JSON.stringify(r.stderr));
  assert.ok(r.stderr.includes('x\\x1b]0;owned\\x07\\x1b[2J\\x7f\\u009b31m\\x0dy'), JSON.stringify(r.stderr));
});

// `chokepoint jqe --shard` is refused, saying why (docs/decisions.md §19): what jqe keeps depends on the whole set.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '..', '..');
const cli = resolve(process.env.CHOKEPOINT_CLI || join(root, 'build', 'native', 'chokepoint'));

test('jqe --shard is refused with the reason, exit 2, and writes nothing', () => {
  assert.ok(existsSync(cli), `CLI not built: ${cli}`);
  const dir = mkdtempSync(join(tmpdir(), 'chokepoint-jqe-shard-'));
  try {
    const r = spawnSync(cli, ['jqe', '--set', join(root, 'assets', 'sets', 'sample_dev.json'), '--db-root', 'db',
      '--shard', '1/2', '--out', join(dir, 'out.json')], { encoding: 'utf8' });
    assert.equal(r.status, 2);
    assert.match(r.stderr, /^chokepoint: --shard: jqe cannot run in shards: .*isomorphism class.*--budget/);
    assert.ok(!existsSync(join(dir, 'out.json')));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

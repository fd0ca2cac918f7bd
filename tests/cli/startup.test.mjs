// The tool starts without the network library: libcurl (and the thirty libraries it pulls in) is loaded only when
// a command calls an endpoint, and then the call works as before. Read from the dynamic loader's own log
// (LD_DEBUG=libs), not from timings.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cli, assetsDir } from './cli_fixture.mjs';

const traced = (args, cwd) =>
  spawnSync(cli, args, { cwd, encoding: 'utf8', env: { ...process.env, LD_DEBUG: 'libs' } });
const loadsCurl = (stderr) => /calling init: \S*libcurl[^\n]*\.so/.test(stderr);

test('commands that call no endpoint never load libcurl', () => {
  const dir = mkdtempSync(join(tmpdir(), 'chokepoint-startup-'));
  try {
    writeFileSync(join(dir, 'gold.sql'), 'SELECT count(*) FROM movie\tmovies\n');
    writeFileSync(join(dir, 'pred.sql'), 'SELECT count(*) FROM movie\n');
    mkdirSync(join(dir, 'db', 'movies'), { recursive: true });
    copyFileSync(join(assetsDir, 'db', 'movies.sqlite'), join(dir, 'db', 'movies', 'movies.sqlite'));
    const runs = [
      ['--version'],
      ['eval', '--gold', 'gold.sql', '--pred', 'pred.sql', '--db-root', 'db', '--out', 'r.json', '--jobs', '2'],
    ];
    for (const args of runs) {
      const r = traced(args, dir);
      assert.equal(r.status, 0, r.stderr.split('\n').filter((l) => !/^\s*\d+:/.test(l)).join('\n'));
      assert.ok(r.stderr.includes('calling init'), `the loader's log is there (${args[0]})`);
      assert.equal(loadsCurl(r.stderr), false, `${args.join(' ')} loaded libcurl`);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a command that calls an endpoint loads libcurl then, and reports the failed connection', () => {
  const dir = mkdtempSync(join(tmpdir(), 'chokepoint-startup-'));
  try {
    // Port 9 (discard) on loopback: nothing listens, so the connection is refused at once.
    writeFileSync(join(dir, 'llm.json'), JSON.stringify(
      { provider: 'custom', base_url: 'http://127.0.0.1:9/v1', model: 'm', key: 'k', timeout_ms: 2000 }));
    const r = traced(['llm', 'test', '--llm-config', 'llm.json'], dir);
    assert.ok(loadsCurl(r.stderr), 'libcurl loaded for the call');
    assert.equal(r.status, 1);
    assert.match(r.stdout, /error: unreachable/);
    assert.match(r.stderr, /could not reach http:\/\/127\.0\.0\.1:9\/v1 \(Couldn't connect to server\)/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

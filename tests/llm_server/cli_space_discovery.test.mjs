// SQLSpace's feature discovery on a user's own set, against the loopback fake endpoint: `space describe` writes
// each item's aspect descriptions, `space propose` asks two proposers for shared properties and deduplicates them
// against the catalogue and each other, `features --predicates` computes the kept ones as features 188 on, and
// `space clusters` reads them like the 187. A replayed rerun sends nothing; bad files are refused naming the line.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startFakeLlm } from './start_server.mjs';
import { run as runCli, scratchDir, copyDb, removeDir, root } from './cli_fixture.mjs';

let llm, dir;
const run = (args) => runCli(args, { timeout: 240000 });
const gold = join(root, 'assets', 'sets', 'sample_dev.json');
const PROPOSED = '- uses a nested subquery.\n- asks for a count of rows\n- The example uses a JOIN\n' +
  '- uses a nested sub query\n1. mentions a specific date\n* contains a JOIN clause';

before(async () => {
  dir = scratchDir('chokepoint-space-discovery-');
  copyDb(dir, 'toxicology');
  copyDb(dir, 'movies');
  llm = await startFakeLlm(300000);
  for (const m of ['proposer-a', 'proposer-b']) writeFileSync(join(dir, `${m}.json`), llm.config(m));
  const yes = Object.fromEntries(Array.from({ length: 220 }, (_, i) => [`f${String(i + 1).padStart(3, '0')}`, 'Yes']));
  await llm.teach({ 'short properties that an example may or may not have': PROPOSED,
    'Reply with a single JSON object and nothing else': JSON.stringify(yes) });
});
after(() => {
  llm?.kill();
  removeDir(dir);
});

test('describe, propose with two proposers, compute the new features and cluster on them', async () => {
  const descriptions = join(dir, 'desc.jsonl');
  const d = await run(['space', 'describe', '--gold', gold, '--db-root', join(dir, 'db'), '--llm-config',
    join(dir, 'proposer-a.json'), '--out', descriptions, '--limit', '6', '--replay', join(dir, 'r.sqlite')]);
  assert.equal(d.code, 0, d.stderr);
  const ds = JSON.parse(d.stdout);
  assert.deepEqual([ds.items, ds.prompts, ds.described, ds.failed], [6, 30, 30, 0]);
  const lines = readFileSync(descriptions, 'utf8').trim().split('\n').map((l) => JSON.parse(l));
  assert.equal(lines.length, 30);
  assert.deepEqual([...new Set(lines.map((l) => l.aspect))],
    ['syntax', 'sql_syntax', 'example_semantics', 'pragmatics', 'database_reasoning']);
  // A rerun with the replay store sends nothing and writes the same descriptions.
  const sent = await llm.requests();
  const again = await run(['space', 'describe', '--gold', gold, '--db-root', join(dir, 'db'), '--llm-config',
    join(dir, 'proposer-a.json'), '--out', join(dir, 'desc2.jsonl'), '--limit', '6', '--replay', join(dir, 'r.sqlite')]);
  assert.equal(again.code, 0, again.stderr);
  assert.equal(await llm.requests(), sent);
  assert.equal(readFileSync(join(dir, 'desc2.jsonl'), 'utf8'), readFileSync(descriptions, 'utf8'));
  // The describe prompt carries the question, the gold SQL and the schema's names.
  const bodies = JSON.stringify(await llm.bodies());
  assert.match(bodies, /toxicology \| \w+ : \w+/, 'the schema as names');

  const predicates = join(dir, 'predicates.json');
  const p = await run(['space', 'propose', '--descriptions', descriptions, '--llm-config', join(dir, 'proposer-a.json'),
    '--llm-config', join(dir, 'proposer-b.json'), '--out', predicates, '--iterations', '2', '--sample', '4',
    '--aspects', 'syntax,pragmatics']);
  assert.equal(p.code, 0, p.stderr);
  const ps = JSON.parse(p.stdout);
  // Two aspects x two iterations x two proposers, six properties each.
  assert.deepEqual([ps.prompts, ps.proposed], [8, 48]);
  assert.equal(ps.kept + ps.dropped, ps.proposed);
  const file = JSON.parse(readFileSync(predicates, 'utf8'));
  const kept = file.predicates.map((x) => `${x.aspect}: ${x.predicate}`);
  // Cleaned of bullets, numbers, "The example" and periods; "uses a nested sub query" repeats "uses a nested
  // subquery" (token_set_ratio >= 70) and the second proposer repeats the first.
  assert.ok(kept.includes('syntax: uses a nested subquery'), kept.join('\n'));
  assert.ok(!kept.some((k) => /sub query/.test(k)), kept.join('\n'));
  assert.ok(file.dropped.some((x) => x.predicate === 'uses a nested sub query' && x.repeats === 'uses a nested subquery'
    && x.score >= 70));
  assert.ok(file.dropped.some((x) => x.proposer === 'proposer-b'));
  // The same words are one feature, whichever aspect proposed them first.
  assert.equal(new Set(file.predicates.map((x) => x.predicate.toLowerCase())).size, file.predicates.length);

  const features = join(dir, 'features.csv');
  const f = await run(['features', '--gold', gold, '--db-root', join(dir, 'db'), '--out', features, '--predicates',
    predicates, '--llm-config', join(dir, 'proposer-a.json'), '--aspects', 'syntax,pragmatics', '--limit', '6']);
  assert.equal(f.code, 0, f.stderr);
  const fs = JSON.parse(f.stdout);
  assert.equal(fs.features, 187 + file.predicates.length);
  assert.deepEqual(fs.added_predicates.map((a) => a.id), file.predicates.map((_, i) => 188 + i));
  const header = readFileSync(features, 'utf8').split('\n')[0].split(',');
  assert.equal(header.at(-1), `f${187 + file.predicates.length}`);
  // The model answered Yes to every feature it was asked: the new columns are filled.
  const first = readFileSync(features, 'utf8').split('\n')[1].split(',');
  assert.equal(first.at(-1), '1');

  // Clustered, the vectors carry every new column: the same run without them has that many features fewer.
  const plain = join(dir, 'features_plain.csv');
  const f0 = await run(['features', '--gold', gold, '--db-root', join(dir, 'db'), '--out', plain, '--llm-config',
    join(dir, 'proposer-a.json'), '--aspects', 'syntax,pragmatics', '--limit', '6']);
  assert.equal(f0.code, 0, f0.stderr);
  const clustered = async (file, out) => {
    const c = await run(['space', 'clusters', file, '--k', '2', '--out', join(dir, out)]);
    assert.equal(c.code, 0, c.stderr);
    return JSON.parse(readFileSync(join(dir, out), 'utf8')).features;
  };
  assert.equal(await clustered(features, 'c1.json'), (await clustered(plain, 'c0.json')) + file.predicates.length);
});

test('bad files are refused naming the line or the predicate', async () => {
  writeFileSync(join(dir, 'bad.jsonl'), '{"aspect": "syntax", "description": "ok"}\n{"aspect": "taste", "description": "x"}\n');
  let r = await run(['space', 'propose', '--descriptions', join(dir, 'bad.jsonl'), '--llm-config',
    join(dir, 'proposer-a.json'), '--out', join(dir, 'x.json')]);
  assert.equal(r.code, 2);
  assert.match(r.stderr, /bad.jsonl line 2: unknown aspect 'taste'/);
  writeFileSync(join(dir, 'dup.json'), JSON.stringify({ predicates: [{ aspect: 'syntax', predicate: 'Uses a JOIN' },
    { aspect: 'pragmatics', predicate: 'uses  a join' }] }));
  r = await run(['features', '--gold', gold, '--db-root', join(dir, 'db'), '--out', join(dir, 'f.csv'),
    '--predicates', join(dir, 'dup.json')]);
  assert.equal(r.code, 2);
  assert.match(r.stderr, /dup.json predicate 2: the catalogue has it already as #188/);
});

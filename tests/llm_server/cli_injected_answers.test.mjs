// A prompt-injected model against the sandbox, through the commands that run what a model says: the judge (whose
// prompt carries query results, so an attached database would leave the machine), debug and optimize (which run
// the model's SQL). The model answers with the attack of one run; after each command no file exists at the path
// it chose, the database and another database on the machine are byte for byte the same, and no request carried a
// row of the other database.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { startFakeLlm } from './start_server.mjs';
import { run, scratchDir, copyDb, removeDir, writeBirdPredictions } from './cli_fixture.mjs';

let llm, dir, target, other, dbFile;
const digest = (f) => createHash('sha256').update(readFileSync(f)).digest('hex');
const SECRET = 'a-row-of-the-other-database';

before(async () => {
  dir = scratchDir('chokepoint-injected-');
  copyDb(dir, 'toxicology');
  dbFile = join(dir, 'db', 'toxicology', 'toxicology.sqlite');
  mkdirSync(join(dir, 'outside'));
  other = join(dir, 'outside', 'other.sqlite');
  execFileSync('sqlite3', [other], { input: `CREATE TABLE secrets(s); INSERT INTO secrets VALUES ('${SECRET}');` });
  target = join(dir, 'outside', 'authorized_keys');
  llm = await startFakeLlm(120000);
  writeFileSync(join(dir, 'llm.json'), llm.config('fake-injected'));
});
after(() => {
  llm?.kill();
  removeDir(dir);
});

async function assertUntouched(before) {
  assert.ok(!existsSync(target), 'no file at the path the model chose');
  assert.deepEqual(readdirSync(join(dir, 'outside')), ['other.sqlite']);
  assert.deepEqual(readdirSync(join(dir, 'db', 'toxicology')), ['toxicology.sqlite']);
  assert.equal(digest(dbFile), before.db);
  assert.equal(digest(other), before.other);
  const bodies = await llm.bodies();
  assert.ok(bodies.length > 0, 'the model was asked');
  for (const b of bodies) assert.ok(!b.includes(SECRET), 'a row of the other database left the machine');
}

const ATTACK = [
  'PRAGMA query_only=0',
  `ATTACH '${other}' AS other`,
  'SELECT s FROM other.secrets',
  "ATTACH 'file:mem1?mode=memory' AS mm",
  "CREATE TABLE mm.p AS SELECT 'ssh-ed25519 AAAA attacker' AS k",
  `VACUUM mm INTO '${target}'`,
  `VACUUM INTO '${target}'`,
];

test('judge: predictions that attach another database send none of its rows', async () => {
  const before = { db: digest(dbFile), other: digest(other) };
  const gold = join(dir, 'judge-gold.sql');
  // The attack, then one honest prediction so the judge is asked at least once (failed predictions never are).
  const preds = [...ATTACK, 'SELECT COUNT(atom_id) FROM atom'];
  writeFileSync(gold, preds.map(() => 'SELECT COUNT(*) FROM atom\ttoxicology').join('\n') + '\n');
  writeBirdPredictions(join(dir, 'judge-pred.json'), preds);
  await llm.teach({ 'Answer to judge': 'correct' });
  const r = await run(['judge', '--gold', gold, '--pred', join(dir, 'judge-pred.json'), '--db-root', join(dir, 'db'),
    '--out', join(dir, 'judge.json'), '--llm-config', join(dir, 'llm.json')]);
  assert.equal(r.code, 0, r.stderr);
  await assertUntouched(before);
});

test('debug: a model that answers with the attack never runs it', async () => {
  const before = { db: digest(dbFile), other: digest(other) };
  const gold = join(dir, 'debug-gold.sql');
  writeFileSync(gold, ATTACK.map(() => 'SELECT COUNT(*) FROM atom\ttoxicology').join('\n') + '\n');
  writeBirdPredictions(join(dir, 'debug-pred.json'), ATTACK.map(() => 'SELECT COUNT(*) FROM atoms'));
  await llm.teach({ 'SELECT COUNT(*) FROM atoms': '```sql\n' + ATTACK.join(';\n') + '\n```' });
  const r = await run(['debug', '--gold', gold, '--pred', join(dir, 'debug-pred.json'), '--db-root', join(dir, 'db'),
    '--out', join(dir, 'debug.json'), '--llm-config', join(dir, 'llm.json'), '--rounds', '2']);
  assert.equal(r.code, 0, r.stderr);
  await assertUntouched(before);
  const report = JSON.parse(r.stdout);
  assert.equal(report.rounds.at(-1).fixed, 0);
});

test('optimize: a rewrite that is the attack is refused, never timed', async () => {
  const before = { db: digest(dbFile), other: digest(other) };
  const gold = join(dir, 'opt-gold.sql');
  writeFileSync(gold, 'SELECT COUNT(*) FROM atom\ttoxicology\n');
  writeBirdPredictions(join(dir, 'opt-pred.json'), ['SELECT COUNT(*) FROM atom']);
  for (const sql of ATTACK) {
    await llm.teach({ 'SELECT COUNT(*) FROM atom': '```sql\n' + sql + '\n```' });
    const r = await run(['optimize', '--gold', gold, '--pred', join(dir, 'opt-pred.json'), '--db-root', join(dir, 'db'),
      '--out', join(dir, 'opt.json'), '--llm-config', join(dir, 'llm.json'), '--iterations', '1', '--variant', 'with-y']);
    assert.equal(r.code, 0, r.stderr);
    await assertUntouched(before);
  }
});

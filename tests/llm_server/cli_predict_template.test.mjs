// `chokepoint predict --template`: a user's own Mustache template as a thirteenth format, "Custom", against the
// loopback endpoint. The endpoint is taught right answers only for prompts framed the way the template frames the
// question, so the EX shows which prompt was sent; the template runs alone or beside the 004 formats; a template
// with an unknown variable or without the question is refused before anything is sent; Complete puts SELECT back.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync, readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { startFakeLlm } from './start_server.mjs';
import { run, scratchDir, copyDb, removeDir, sampleSet } from './cli_fixture.mjs';

let llm, dir, gold;
const stats = () => llm.stats();

before(async () => {
  dir = scratchDir('chokepoint-template-');
  copyDb(dir, 'toxicology');
  copyDb(dir, 'movies');
  gold = sampleSet().slice(0, 3);
  writeFileSync(join(dir, 'gold.json'), JSON.stringify(gold));
  llm = await startFakeLlm(120000);
  writeFileSync(join(dir, 'llm.json'), llm.config('fake-sql'));
  // Right answers only where the prompt says "ASK>> <question>" (the template below); the third is wrong anywhere.
  // Taught as plain texts (POST /answers): the server answers its own 004 prompts from /sql, which stays empty.
  await llm.teach({
    [`ASK>> ${gold[0].question}`]: `\`\`\`sql\n${gold[0].SQL}\n\`\`\``,
    [`ASK>> ${gold[1].question}`]: gold[1].SQL,
    [gold[2].question]: "SELECT 'not it'",
  });
  writeFileSync(join(dir, 'mine.mustache'), '/* my own prompt */\n{{schema}}\nASK>> {{question}}\nAnswer with SQL only.\n');
});
after(() => {
  llm?.kill();
  removeDir(dir);
});

const predict = (...extra) => run(['predict', '--set', join(dir, 'gold.json'), '--db-root', join(dir, 'db'),
  '--llm-config', join(dir, 'llm.json'), ...extra]);

test('the template alone is the Custom format, and the EX shows its prompt was sent', async () => {
  const out = join(dir, 'alone.json');
  const r = await predict('--template', join(dir, 'mine.mustache'), '--out', out);
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stderr, /3 prompts \(1 format\)/);
  const summary = JSON.parse(r.stdout);
  assert.deepEqual(Object.keys(summary.formats), ['Custom']);
  const f = summary.formats.Custom;
  assert.deepEqual([f.items, f.ok, f.no_sql], [3, 3, 0]);
  assert.ok(Math.abs(f.ex_bird - 200 / 3) < 1e-9, 'the two questions framed as the template frames them are right');
  const written = JSON.parse(readFileSync(out, 'utf8'));
  assert.equal(written['0'].split('\t')[0], gold[0].SQL, 'the SQL is taken out of the code fence');
});

test('beside a 004 format each gets its own files, and only the template\'s prompts are framed its way', async () => {
  const out = join(dir, 'both.json');
  const r = await predict('--format', 'SimpleDDL-MD-Chat', '--template', join(dir, 'mine.mustache'), '--out', out);
  assert.equal(r.code, 0, r.stderr);
  const summary = JSON.parse(r.stdout);
  assert.deepEqual(Object.keys(summary.formats).sort(), ['Custom', 'SimpleDDL-MD-Chat']);
  assert.ok(Math.abs(summary.formats.Custom.ex_bird - 200 / 3) < 1e-9);
  assert.equal(summary.formats['SimpleDDL-MD-Chat'].ex_bird, 0, 'MD prompts never say ASK>>');
  assert.ok(existsSync(join(dir, 'both.Custom.json')) && existsSync(join(dir, 'both.SimpleDDL-MD-Chat.json')));
});

test('a template with an unknown variable or without the question is refused before anything is sent', async () => {
  const calls = (await stats()).chat;
  writeFileSync(join(dir, 'typo.mustache'), '{{schema}}\n{{questoin}}\n');
  const typo = await predict('--template', join(dir, 'typo.mustache'), '--out', join(dir, 'typo.json'));
  assert.equal(typo.code, 2);
  assert.match(typo.stderr, /questoin/);
  writeFileSync(join(dir, 'noq.mustache'), '{{schema}}\nWrite a query.\n');
  const noq = await predict('--template', join(dir, 'noq.mustache'), '--out', join(dir, 'noq.json'));
  assert.equal(noq.code, 2);
  assert.match(noq.stderr, /question/);
  const bad = await predict('--template', join(dir, 'mine.mustache'), '--template-answer', 'Maybe', '--out',
    join(dir, 'bad.json'));
  assert.equal(bad.code, 2);
  assert.match(bad.stderr, /--template-answer 'Maybe' is not one of Chat, Complete/);
  const missing = await predict('--template', join(dir, 'absent.mustache'), '--out', join(dir, 'absent.json'));
  assert.equal(missing.code, 2);
  assert.match(missing.stderr, /absent\.mustache/);
  assert.equal((await stats()).chat, calls, 'nothing was sent');
});

test('--template-answer Complete puts SELECT back in front of the continuation', async () => {
  const body = gold[0].SQL.replace(/^\s*SELECT\s+/i, '');
  await llm.teach({ [`CONTINUE>> ${gold[0].question}`]: ` ${body}` });
  writeFileSync(join(dir, 'complete.mustache'), '{{schema}}\nCONTINUE>> {{question}}\n{{completion}}');
  const out = join(dir, 'complete.json');
  const r = await predict('--template', join(dir, 'complete.mustache'), '--template-answer', 'Complete',
    '--template-schema', 'DDL', '--limit', '1', '--out', out);
  assert.equal(r.code, 0, r.stderr);
  const summary = JSON.parse(r.stdout);
  assert.equal(summary.formats.Custom.ex_bird, 100);
  assert.match(JSON.parse(readFileSync(out, 'utf8'))['0'], /^SELECT /i);
});

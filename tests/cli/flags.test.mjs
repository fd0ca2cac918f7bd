// Every command's flags as `chokepoint --list-flags` declares them, checked case by case, so a new command or flag is
// covered without a line here: an unknown flag near a declared one is refused with "did you mean"; a misspelt switch
// does not take the next flag as its value; every whole-number flag refuses 'x', '5s', '-1' and a value above its
// range, naming the flag and the value; a value-taking flag at the end, or before another flag, needs a value; a
// switch takes no value; a flag that is not repeatable may be given once. Then the missing-database rule: a database
// missing under --db-root stops eval with the list of db_ids, and --skip-missing scores the rest with both EX figures.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync, execFileSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, writeFileSync, readFileSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '..', '..');
const cli = process.env.CHOKEPOINT_CLI || join(root, 'build', 'native', 'chokepoint');
let dir;
let commands;

const run = (...args) => spawnSync(cli, args, { encoding: 'utf8', cwd: dir, timeout: 60000 });

// Optimal string alignment distance, as the CLI computes it for its suggestions.
function distance(a, b) {
  const d = Array.from({ length: a.length + 1 },
    (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i ? (j ? 0 : i) : j)));
  for (let i = 1; i <= a.length; ++i) {
    for (let j = 1; j <= b.length; ++j) {
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
    }
  }
  return d[a.length][b.length];
}

const spellings = (c) => c.flags.flatMap((f) => [f.name, ...f.aliases]);

// A slip of the keyboard: two letters swapped inside the name, or for a short name one letter added.
function misspelt(name, taken) {
  const word = name.slice(2);
  const tries = word.length >= 4
    ? [word[0] + word[2] + word[1] + word.slice(3), word.slice(0, -2) + word.at(-1) + word.at(-2), `${word}q`]
    : [`${word}q`, `q${word}`];
  return tries.map((t) => `--${t}`).find((t) => t !== name && !taken.includes(t));
}

before(() => {
  assert.ok(existsSync(cli), `CLI not built: ${cli}`);
  dir = mkdtempSync(join(tmpdir(), 'chokepoint-flags-'));
  const r = run('--list-flags');
  assert.equal(r.status, 0, r.stderr);
  commands = JSON.parse(r.stdout).commands;
});

after(() => { if (dir) rmSync(dir, { recursive: true, force: true }); });

test('--list-flags declares every command --help lists, each flag with its kind, value and help', () => {
  const help = run('--help').stdout;
  const block = help.slice(help.indexOf('Commands:\n') + 10, help.indexOf('\n\nOptions:'));
  const listed = block.split('\n').map((l) => l.trim().split(/\s{2,}/)[0]);
  assert.deepEqual(commands.map((c) => c.name), listed);
  for (const c of commands) {
    assert.equal(new Set(spellings(c)).size, spellings(c).length, `${c.name}: a spelling declared twice`);
    for (const f of c.flags) {
      assert.match(f.name, /^--[a-z0-9][a-z0-9-]*$/, `${c.name} ${f.name}`);
      assert.ok(f.help.length > 0, `${c.name} ${f.name}: help`);
      assert.equal(f.kind === 'switch', f.value === '', `${c.name} ${f.name}: a value name iff it takes a value`);
      if (f.kind === 'whole' && f.default !== '')
        assert.ok(BigInt(f.default) >= BigInt(f.min) && BigInt(f.default) <= BigInt(f.max), `${c.name} ${f.name}`);
    }
  }
});

test('every command\'s --help ends with its flag list: each spelling, aliases as "alias of"', () => {
  for (const c of commands) {
    const r = run(...c.name.split(' '), '--help');
    assert.equal(r.status, 0, c.name);
    assert.doesNotMatch(r.stdout, /\bissue\b/i, `${c.name}: no issue numbers in help`);
    if (c.flags.length === 0) continue;
    const list = r.stdout.slice(r.stdout.indexOf('\nFlags:\n'));
    assert.ok(list.length > 0, `${c.name}: a flag list`);
    for (const f of c.flags) {
      assert.match(list, new RegExp(`\\n  ${f.name}\\s`), `${c.name}: ${f.name} listed`);
      for (const a of f.aliases)
        assert.match(list, new RegExp(`\\n  ${a}\\s.*alias of ${f.name}\\n`), `${c.name} ${a}`);
    }
  }
});

test('an unknown flag near a declared one: exit 2 and "did you mean" the closest', () => {
  for (const c of commands) {
    const words = c.name.split(' ');
    const all = spellings(c);
    for (const f of c.flags) {
      const wrong = misspelt(f.name, all);
      const r = run(...words, wrong, 'value');
      assert.equal(r.status, 2, `${c.name} ${wrong}: ${r.stderr}`);
      const m = r.stderr.match(/^chokepoint: unknown flag (\S+); did you mean (\S+)\?\n$/);
      assert.ok(m, `${c.name} ${wrong}: ${r.stderr}`);
      assert.equal(m[1], wrong);
      const best = Math.min(...all.map((s) => distance(wrong.slice(2), s.slice(2))));
      assert.ok(all.includes(m[2]), `${c.name}: ${m[2]} is declared`);
      assert.equal(distance(wrong.slice(2), m[2].slice(2)), best, `${c.name} ${wrong}: ${m[2]} is the closest`);
      assert.ok(f.aliases.concat(f.name).some((s) => distance(wrong.slice(2), s.slice(2)) === best),
        `${c.name} ${wrong}: ${f.name} is among the closest`);
    }
    const far = run(...words, '--zzzzzzzzzzzz');
    assert.equal(far.status, 2, c.name);
    assert.equal(far.stderr, `chokepoint: unknown flag --zzzzzzzzzzzz (see chokepoint ${c.name} --help)\n`);
  }
});

test('a misspelt switch does not take the next flag as its value; a switch takes no value', () => {
  for (const c of commands) {
    const words = c.name.split(' ');
    const valued = c.flags.find((f) => f.kind !== 'switch');
    for (const f of c.flags.filter((s) => s.kind === 'switch')) {
      const wrong = misspelt(f.name, spellings(c));
      const next = valued ? [valued.name, 'v'] : [];
      const r = run(...words, wrong, ...next);
      assert.equal(r.status, 2, `${c.name} ${wrong}`);
      assert.match(r.stderr, new RegExp(`^chokepoint: unknown flag ${wrong}[;( ]`), `${c.name}: ${r.stderr}`);
      const given = run(...words, `${f.name}=yes`);
      assert.equal(given.status, 2, `${c.name} ${f.name}=yes`);
      assert.equal(given.stderr, `chokepoint: ${f.name} is a switch and takes no value (not 'yes')\n`);
    }
  }
});

test('every whole-number flag refuses x, 5s, -1 and a value above its range, naming the flag and the value', () => {
  for (const c of commands) {
    const words = c.name.split(' ');
    for (const f of c.flags.filter((s) => s.kind === 'whole')) {
      const above = f.max >= Number.MAX_SAFE_INTEGER ? '9'.repeat(25) : String(f.max + 1);
      for (const value of ['x', '5s', '-1', above]) {
        for (const args of [[f.name, value], [`${f.name}=${value}`]]) {
          const r = run(...words, ...args);
          assert.equal(r.status, 2, `${c.name} ${args.join(' ')}`);
          const line = r.stderr.trim();
          assert.equal(line.split('\n').length, 1, `${c.name}: one line: ${r.stderr}`);
          assert.ok(line.startsWith(`chokepoint: ${f.name} '${value.slice(0, 64)}`), `${c.name} ${args}: ${line}`);
          assert.match(line, new RegExp(`\\(accepted: ${f.accepted}\\)$`), `${c.name} ${args}: ${line}`);
        }
      }
      if (f.unit) {
        const r = run(...words, f.name, '5s');
        assert.match(r.stderr, new RegExp(`is not a whole number of ${f.unit} `), `${c.name} ${f.name}`);
      }
    }
  }
});

test('a flag that takes a value refuses a following flag or the end of the words; choices are checked', () => {
  for (const c of commands) {
    const words = c.name.split(' ');
    for (const f of c.flags.filter((s) => s.kind !== 'switch')) {
      const last = run(...words, f.name);
      assert.equal(last.status, 2, `${c.name} ${f.name}`);
      assert.equal(last.stderr, `chokepoint: ${f.name} needs a value\n`);
      const before = run(...words, f.name, '--help-me');
      assert.equal(before.stderr, `chokepoint: ${f.name} needs a value\n`, c.name);
      if (f.kind === 'choice') {
        const bad = run(...words, f.name, 'no-such-choice');
        assert.equal(bad.status, 2);
        assert.equal(bad.stderr, `chokepoint: ${f.name} 'no-such-choice' is not one of ${f.accepted}\n`);
      }
    }
  }
});

test('a flag that is not repeatable may be given once, under any of its spellings', () => {
  const eval_ = commands.find((c) => c.name === 'eval');
  const twice = run('eval', '--jobs', '2', '--jobs', '3');
  assert.equal(twice.status, 2);
  assert.equal(twice.stderr, 'chokepoint: --jobs is given twice; it takes one value\n');
  const audit = run('audit', '--gold', 'a.json', '--set', 'b.json');
  assert.equal(audit.stderr, 'chokepoint: --gold is given twice (as --gold and --set); it takes one value\n');
  for (const c of commands) {
    for (const f of c.flags.filter((s) => !s.repeatable && s.kind === 'switch')) {
      const r = run(...c.name.split(' '), f.name, f.name);
      assert.equal(r.status, 2, `${c.name} ${f.name}`);
      assert.match(r.stderr, new RegExp(`^chokepoint: ${f.name} is given twice`));
    }
  }
  assert.ok(eval_.flags.find((f) => f.name === '--jobs').kind === 'whole');
});

test('the documented aliases keep working: --set for --gold, mutate --table, judge --max-rows', () => {
  for (const [command, name, alias] of [['audit', '--gold', '--set'], ['predict', '--gold', '--set'],
    ['mutate', '--print-table', '--table'], ['judge', '--excerpt-rows', '--max-rows'],
    ['testsuite', '--table-rows', '--rows'], ['schema stats', '--show-centrality', '--centrality']]) {
    const c = commands.find((x) => x.name === command);
    assert.ok(c.flags.find((f) => f.name === name).aliases.includes(alias), `${command} ${alias}`);
  }
  const eval_ = commands.find((c) => c.name === 'eval');
  assert.equal(eval_.flags.find((f) => f.name === '--jobs').default, '1');
});

// ---- missing databases ----

const GOLD = [
  'SELECT name FROM singer\tconcert',
  'SELECT count(*) FROM singer\tconcert',
  'SELECT 1\tpets_1',
  'SELECT 2\tpets_1',
  'SELECT 3\tcar_1',
  'SELECT 4\t../etc',
];
const PRED = ['SELECT name FROM singer', 'SELECT 7', 'SELECT 1', 'SELECT 2', 'SELECT 3', 'SELECT 4'];

function databases() {
  mkdirSync(join(dir, 'db', 'concert'), { recursive: true });
  const file = join(dir, 'db', 'concert', 'concert.sqlite');
  if (!existsSync(file))
    execFileSync('sqlite3', [file], { input: "CREATE TABLE singer(name TEXT); INSERT INTO singer VALUES ('Joe');" });
  writeFileSync(join(dir, 'gold.sql'), GOLD.join('\n') + '\n');
  writeFileSync(join(dir, 'pred.sql'), PRED.join('\n') + '\n');
}

test('eval: databases missing under --db-root are an error naming them, exit 2, no report', () => {
  databases();
  const out = join(dir, 'missing.json');
  const r = run('eval', '--gold', join(dir, 'gold.sql'), '--pred', join(dir, 'pred.sql'), '--db-root',
    join(dir, 'db'), '--out', out);
  assert.equal(r.status, 2, r.stderr);
  assert.equal(r.stderr.trim().split('\n').length, 1, r.stderr);
  assert.match(r.stderr, new RegExp(`^chokepoint: 4 of 6 items have no database under ${join(dir, 'db')}: ` +
    '3 db_ids missing \\(pets_1, car_1, db_id \'\\.\\./etc\' cannot name a file: .*\\); give --db-root the folder ' +
    'that holds <db_id>/<db_id>\\.sqlite, or --skip-missing to score the rest\\n$'));
  assert.ok(!existsSync(out), 'no report');
});

test('eval --skip-missing: scores the rest; the summary gives n, scored, skipped_no_database and EX both ways', () => {
  databases();
  const out = join(dir, 'partial.json');
  const r = run('eval', '--gold', join(dir, 'gold.sql'), '--pred', join(dir, 'pred.sql'), '--db-root',
    join(dir, 'db'), '--out', out, '--skip-missing');
  assert.equal(r.status, 0, r.stderr);
  assert.match(r.stderr,
    /^chokepoint: skipping 4 of 6 items: no database under .* for 3 db_ids missing \(pets_1, car_1, /);
  const s = JSON.parse(r.stdout);
  assert.deepEqual([s.n, s.scored, s.skipped_no_database, s.no_database, s.ex, s.ex_over_n], [6, 2, 4, 4, 50, 16.67]);
  const report = JSON.parse(readFileSync(out, 'utf8'));
  assert.equal(report.summary.skipped_no_database, 4);
  assert.equal(report.summary.ex_over_n, 16.67);
  assert.deepEqual(report.items.map((i) => i.status),
    ['scored', 'scored', 'no_database', 'no_database', 'no_database', 'no_database']);
});

test('the commands that score on databases share the rule: errors, ves, mutate, audit refuse, then skip', () => {
  databases();
  const g = join(dir, 'gold.sql');
  const p = join(dir, 'pred.sql');
  const db = join(dir, 'db');
  for (const args of [['errors', '--gold', g, '--pred', p, '--db-root', db, '--out', join(dir, 'e.json')],
    ['ves', '--gold', g, '--pred', p, '--db-root', db, '--out', join(dir, 'v.json'), '--iterations', '1'],
    ['mutate', '--gold', g, '--db-root', db, '--out', join(dir, 'm.json')],
    ['audit', '--gold', g, '--db-root', db, '--out', join(dir, 'a.json')]]) {
    const refused = run(...args);
    assert.equal(refused.status, 2, `${args[0]}: ${refused.stderr}`);
    assert.match(refused.stderr,
      /^chokepoint: 4 of 6 items have no database under .*3 db_ids missing \(pets_1, car_1,/);
    const skipped = run(...args, '--skip-missing');
    assert.equal(skipped.status, 0, `${args[0]}: ${skipped.stderr}`);
    assert.match(skipped.stderr, /skipping 4 of 6 items/);
  }
});

// docs/architecture.md as tests: its module table is CORE_MODULES of CMakeLists.txt (the same modules, each with the
// same dependencies), every repository path it writes exists, and its feature map names real core files, tests,
// CLI commands and app tabs, so a newcomer can trust the page.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const DOC = 'docs/architecture.md';
const doc = fs.readFileSync(path.join(root, DOC), 'utf8');

function moduleTable() {
  const cmake = fs.readFileSync(path.join(root, 'CMakeLists.txt'), 'utf8');
  const block = cmake.match(/set\(CORE_MODULES\n([\s\S]*?)\)/);
  assert.ok(block, 'CMakeLists.txt defines CORE_MODULES');
  const table = new Map();
  for (const [, entry] of block[1].matchAll(/"([^"]+)"/g)) {
    const [name, deps = ''] = entry.split(':');
    table.set(name, deps.split(',').filter(Boolean));
  }
  return table;
}

// The cells of a Markdown table: the rows after the header whose cells (lower case) are `columns`, up to the first
// line that is not a table row. The separator row (|---|) is skipped.
function markdownTable(text, columns) {
  const lines = text.split('\n').map((l) => l.trim());
  const cells = (line) => line.replace(/^\|/, '').replace(/\|$/, '').split('|').map((c) => c.trim());
  const start = lines.findIndex((l) => l.startsWith('|') && cells(l).map((c) => c.toLowerCase()).join('|') ===
                                                             columns.join('|'));
  assert.ok(start >= 0, `${DOC} has a table with the columns "${columns.join(' | ')}"`);
  const rows = [];
  for (const line of lines.slice(start + 1)) {
    if (!line.startsWith('|')) break;
    if (/^\|[\s|:-]+\|$/.test(line)) continue;
    const row = cells(line);
    assert.equal(row.length, columns.length, `row of ${row.length} cells in the "${columns[0]}" table: ${line}`);
    rows.push(row);
  }
  return rows;
}

const unquote = (s) => s.replace(/`/g, '').trim();
const NONE = new Set(['—', '-', '']);
// Comma-separated names of a cell ("base, db"), a dash for none.
const names = (cell) => (NONE.has(unquote(cell)) ? [] : unquote(cell).split(',').map((s) => s.trim()));

function docModules() {
  const table = new Map();
  for (const [mod, deps] of markdownTable(doc, ['module', 'may use', 'holds'])) {
    const name = unquote(mod);
    assert.ok(!table.has(name), `${name} is listed twice in the module table of ${DOC}`);
    table.set(name, names(deps));
  }
  return table;
}

// Something that reads as a path inside the repository: relative, no spaces or placeholders (<m>, *, {h,cpp}, ...),
// at least one '/', and either a folder (trailing '/') or a file with one of the extensions we write.
const PATH = /^(?!\.\.?\/)(?!\/)[\w.-]+(\/[\w.-]+)*\/[\w.-]*$/;
const FILE = /\.(h|cpp|mjs|js|md|sh|json|mustache|txt|sql|yaml|html|css|cmake)$/;
const looksLikePath = (s) => PATH.test(s) && !s.includes('...') && (s.endsWith('/') || FILE.test(s));
const exists = (p) => {
  const full = path.join(root, p);
  return fs.existsSync(full) && (!p.endsWith('/') || fs.statSync(full).isDirectory());
};

const FEATURE_COLUMNS = ['method', 'core file', 'cli command', 'app tab', 'test file'];
const featureMap = () => markdownTable(doc, FEATURE_COLUMNS);

test('the module table of docs/architecture.md lists the modules of CORE_MODULES', () => {
  const cmake = moduleTable();
  const documented = docModules();
  assert.deepEqual([...documented.keys()].sort(), [...cmake.keys()].sort(),
                   'one row per module of CORE_MODULES in CMakeLists.txt, no other');
});

test('each module may use, in docs/architecture.md, exactly what CORE_MODULES allows it', () => {
  const cmake = moduleTable();
  const documented = docModules();
  const differences = [];
  for (const [mod, deps] of cmake) {
    const written = documented.get(mod);
    if (!written) continue;  // reported by the test above
    const want = [...deps].sort().join(', '), got = [...written].sort().join(', ');
    if (want !== got) differences.push(`${mod}: CMakeLists.txt says "${want || '—'}", ${DOC} "${got || '—'}"`);
  }
  assert.deepEqual(differences, []);
});

test('every repository path written in backticks in docs/architecture.md exists', () => {
  const spans = [...doc.matchAll(/`([^`\n]+)`/g)].map((m) => m[1].trim());
  const paths = [...new Set(spans.filter(looksLikePath))];
  assert.ok(paths.length > 100, `found only ${paths.length} paths in backticks`);
  assert.deepEqual(paths.filter((p) => !exists(p)), [], 'paths that do not exist');
});

test('every path in the feature map exists; core files are in core/, tests in tests/', () => {
  const rows = featureMap();
  assert.ok(rows.length >= 40, `the feature map has ${rows.length} rows`);
  const problems = [];
  for (const row of rows) {
    const [method, core, , , tests] = row;
    for (const [cell, prefix, column] of [[core, 'core/', 'core file'], [tests, 'tests/', 'test file']]) {
      const list = names(cell);
      if (column === 'core file' && list.length === 0) problems.push(`${method}: no core file`);
      for (const p of list) {
        if (!looksLikePath(p) || !p.startsWith(prefix)) problems.push(`${method}: "${p}" is not a ${column} path`);
        else if (!exists(p)) problems.push(`${method}: ${p} does not exist`);
      }
    }
    // Paths in the other columns (a note beside a method, say) must exist too.
    for (const cell of [row[0], row[2], row[3]]) {
      for (const word of unquote(cell).split(/[\s,]+/)) {
        if (looksLikePath(word) && !exists(word)) problems.push(`${method}: ${word} does not exist`);
      }
    }
  }
  assert.deepEqual(problems, []);
});

test('every CLI command of the feature map is registered by a cli/*_command.cpp', () => {
  const registered = new Set();
  for (const f of fs.readdirSync(path.join(root, 'cli')).filter((f) => f.endsWith('_command.cpp'))) {
    const text = fs.readFileSync(path.join(root, 'cli', f), 'utf8');
    for (const [, name] of text.matchAll(/Registrar\s+\w+\s*\{\s*\{\s*"([^"]+)"/g)) registered.add(name);
  }
  assert.ok(registered.has('eval') && registered.has('jqe'), 'the Registrar pattern still finds the commands');
  const unknown = [];
  for (const [method, , cli] of featureMap()) {
    for (const [, invocation] of cli.matchAll(/`([^`]+)`/g)) {
      // The command is the words before the first flag: "eval --em" is eval, "space compare" is space compare.
      const command = invocation.split(/\s+--/)[0].trim();
      if (!registered.has(command)) unknown.push(`${method}: \`${invocation}\``);
    }
  }
  assert.deepEqual(unknown, [], 'commands the CLI does not register');
});

test('every app tab of the feature map is a name the app draws', () => {
  // Panel, sub-tab and tab titles are string literals in web/ (PanelRegistrar, SubTabRegistrar, BeginTabItem).
  const literals = new Set();
  const walk = (dir) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (/\.(h|cpp)$/.test(e.name)) {
        for (const [, s] of fs.readFileSync(p, 'utf8').matchAll(/"((?:[^"\\\n]|\\.)*)"/g)) literals.add(s);
      }
    }
  };
  walk(path.join(root, 'web'));
  const unknown = [];
  for (const [method, , , tab] of featureMap()) {
    if (NONE.has(unquote(tab))) continue;
    for (const part of unquote(tab).split('›').map((s) => s.trim())) {
      if (!literals.has(part)) unknown.push(`${method}: "${part}"`);
    }
  }
  assert.deepEqual(unknown, [], 'tab names that no string in web/ spells');
});

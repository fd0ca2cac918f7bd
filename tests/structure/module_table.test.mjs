// The architecture as tests: the module table in CMakeLists.txt (CORE_MODULES) is the dependency graph of core/,
// and these checks keep the code and the table in step, so a newcomer can trust the table.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

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

function sourceFiles(dir) {
  const out = [];
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) out.push(...sourceFiles(p));
    else if (/\.(h|cpp)$/.test(e.name)) out.push(p);
  }
  return out;
}

function coreIncludes(file) {
  return [...fs.readFileSync(file, 'utf8').matchAll(/#include "core\/(\w+)\//g)].map((m) => m[1]);
}

test('every #include "core/<m>/..." in core/ is allowed by the module table', () => {
  const table = moduleTable();
  const violations = [];
  for (const [mod, deps] of table) {
    for (const file of sourceFiles(path.join(root, 'core', mod))) {
      for (const used of coreIncludes(file)) {
        if (used !== mod && !deps.includes(used)) violations.push(`${path.relative(root, file)} includes core/${used}/`);
      }
    }
  }
  assert.deepEqual(violations, [], 'add the edge to CORE_MODULES or move the code');
});

test('every edge of the module table is used', () => {
  const table = moduleTable();
  const unused = [];
  for (const [mod, deps] of table) {
    const used = new Set(sourceFiles(path.join(root, 'core', mod)).flatMap(coreIncludes));
    for (const d of deps) if (!used.has(d)) unused.push(`${mod} -> ${d}`);
  }
  assert.deepEqual(unused, []);
});

test('every folder of core/ is a module of the table, and the table has no cycle', () => {
  const table = moduleTable();
  const folders = fs.readdirSync(path.join(root, 'core'), { withFileTypes: true }).filter((e) => e.isDirectory());
  for (const f of folders) assert.ok(table.has(f.name), `core/${f.name} is in CORE_MODULES`);
  // A module may depend only on modules listed before it, so the order of the table is a topological order.
  const seen = new Set();
  for (const [mod, deps] of table) {
    for (const d of deps) assert.ok(seen.has(d), `${mod} depends on ${d}, listed after it`);
    seen.add(mod);
  }
});

test('core/ touches no UI, no network and no front end', () => {
  const forbidden = /#include [<"](imgui|emscripten|curl\/|web\/|cli\/|shell\/)/;
  const hits = sourceFiles(path.join(root, 'core')).filter((f) => forbidden.test(fs.readFileSync(f, 'utf8')));
  assert.deepEqual(hits.map((f) => path.relative(root, f)), []);
});

#!/bin/sh
# Test-suite style baseline (issue 15 item 5) on the shared Spider databases against Spider dev: `chokepoint
# testsuite` with its defaults (seed 1, at most 30 rows per table, 8 draws per database); prints databases built per
# second, their total and per-database size, SR and the discrimination of the golds' mutants on the suite next to the
# original databases'. Only the dev databases ../shared/data holds are built; items of the others are skipped (named
# as missing). Skips itself when the data is absent.
# Usage: bench/testsuite.sh [BUILD_DIR]   (default build/native; run from the repository root)
set -e
BUILD=${1:-build/native}
C="$BUILD/chokepoint"
DATA=../shared/data/spider
[ -x "$C" ] || { echo "testsuite: $C not built" >&2; exit 2; }
if [ ! -d "$DATA/database" ] || [ ! -f "$DATA/dev.json" ]; then
  echo "Spider dev: ../shared/data/spider not here"
  exit 0
fi
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
s=$(date +%s%N)
"$C" testsuite --set "$DATA/dev.json" --db-root "$DATA/database" --out "$T/suite" >"$T/summary.json" 2>/dev/null
e=$(date +%s%N)
wall=$(awk -v t="$(((e - s) / 1000))" 'BEGIN { printf "%.2f\n", t / 1e6 }')
echo "Spider dev test-suite baseline ($wall s wall):"
node -e '
  const fs = require("fs");
  const s = JSON.parse(fs.readFileSync(process.argv[1], "utf8"));
  const m = JSON.parse(fs.readFileSync(process.argv[2], "utf8"));
  const kb = (b) => (b / 1024).toFixed(1) + " KiB";
  const pct = (x) => (100 * x).toFixed(1) + "%";
  console.log(`  ${s.items} of ${s.n} items on ${s.databases + s.databases_not_kept} databases here ` +
    `(${s.databases_missing.length} not here); seed ${m.seed}, <= ${m.rows} rows per table, <= ${m.attempts} draws`);
  console.log(`  ${s.databases} databases kept, ${s.databases_not_kept} not kept; ` +
    `${s.databases_per_second.toFixed(1)} databases/s (build ${s.build_ms} ms, whole run ${s.elapsed_ms} ms)`);
  console.log(`  size: ${kb(s.bytes_total)} in all, ${kb(s.bytes_mean)} mean, ${kb(s.bytes_max)} largest; ` +
    `${s.rows_total} rows`);
  console.log(`  SR: original ${s.sr.original.toFixed(2)}%, test suite ${s.sr.testsuite.toFixed(2)}%`);
  const d = s.discrimination;
  for (const [name, t] of [["original", d.original], ["test suite", d.testsuite]])
    console.log(`  discrimination, ${name.padEnd(10)}: ${pct(t.share)} of ${t.mutants} mutants told apart ` +
      `(${t.distinguished}); golds with one told apart ${t.golds_distinguished} of ${t.golds}`);
  console.log("  per database: db_id, bytes, rows, items, covered, mutants told apart / mutants, draw kept");
  for (const x of m.databases)
    console.log(`    ${x.db_id.padEnd(32)} ${String(x.bytes).padStart(7)} ${String(x.rows).padStart(4)} ` +
      `${String(x.items).padStart(4)} ${String(x.items_covered.length).padStart(4)} ` +
      `${String(x.mutants_distinguished).padStart(5)}/${String(x.mutants).padEnd(5)} ${x.attempt + 1}/${x.attempts_tried}`);' \
  "$T/summary.json" "$T/suite/manifest.json"

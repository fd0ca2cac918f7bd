#!/bin/sh
# Test-suite style baseline on the shared Spider databases against Spider dev: `chokepoint
# testsuite` with its defaults (seed 1, at most 30 rows per table, 8 draws per database); prints databases built per
# second, their total and per-database size, SR and the discrimination of the golds' mutants on the suite next to the
# original databases'. Only the dev databases ../shared/data holds are built; items of the others are skipped (named
# as missing). Then SynSQL's agreement of the suite with the originals on made-up predictions (`chokepoint
# agreement`): every even-positioned item predicts its gold, every odd one one of its gold's mutants (`chokepoint
# mutate`'s, the (p / 2 mod k)-th of k), so both verdicts occur. Skips itself when the data is absent.
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
      `${String(x.mutants_distinguished).padStart(5)}/${String(x.mutants).padEnd(5)} ` +
      `${x.attempt + 1}/${x.attempts_tried}`);' \
  "$T/summary.json" "$T/suite/manifest.json"
"$C" mutate --gold "$DATA/dev.json" --db-root "$DATA/database" --out "$T/mutants.json" >/dev/null 2>&1
node -e '
  const fs = require("fs");
  const gold = JSON.parse(fs.readFileSync(process.argv[1], "utf8"));
  const byGold = new Map();
  for (const m of JSON.parse(fs.readFileSync(process.argv[2], "utf8")).mutants) {
    if (!byGold.has(m.gold_id)) byGold.set(m.gold_id, []);
    byGold.get(m.gold_id).push(m.sql);
  }
  const lines = gold.map((g, p) => {
    const ms = byGold.get(String(p)) || [];
    const sql = p % 2 === 1 && ms.length ? ms[Math.floor(p / 2) % ms.length] : g.query;
    return sql.replace(/\s+/g, " ");
  });
  fs.writeFileSync(process.argv[3], lines.join("\n") + "\n");' "$DATA/dev.json" "$T/mutants.json" "$T/pred.sql"
"$C" agreement --gold "$DATA/dev.json" --pred "$T/pred.sql" --db-root "$DATA/database" --test-db-root "$T/suite" \
  --out "$T/agreement.json" >"$T/agreement_summary.json" 2>/dev/null
echo "Agreement of the suite with the originals (golds and mutants as predictions, Spider semantics):"
node -e '
  const fs = require("fs");
  const s = JSON.parse(fs.readFileSync(process.argv[1], "utf8"));
  const t = s.test_roots[0];
  const f = (x) => x.toFixed(2);
  console.log(`  ${t.n} items: SR ${f(t.sr)}% (original ${f(t.original_sr)}%), EX original ${f(t.ex_original)}%, ` +
    `test ${f(t.ex_test)}%, delta ${f(t.delta)}; AR ${t.ar === null ? "n/a" : t.ar.toFixed(4)}; ` +
    `TP ${t.confusion.tp} TN ${t.confusion.tn} FP ${t.confusion.fp} FN ${t.confusion.fn}; CC ${f(t.cc)}`);
  for (const [b, x] of Object.entries(t.buckets))
    console.log(`    ${b.padEnd(7)} ${String(x.n).padStart(4)} items: SR ${f(x.sr)}%, AR ` +
      `${x.ar === null ? "n/a" : x.ar.toFixed(4)}, delta ${f(x.delta)}`);' "$T/agreement_summary.json"

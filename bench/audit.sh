#!/bin/sh
# Data-quality audit of the shared Spider databases against Spider dev: `chokepoint audit` with
# tables.json's labelled keys; prints the findings per kind, the flight_2 airport findings (A.10's "Alton "), the
# largest orphan counts and the wall time. Only the dev databases ../shared/data holds are audited; the others are
# named as missing. Skips itself when the data is absent.
# Usage: bench/audit.sh [BUILD_DIR]   (default build/native; run from the repository root)
set -e
BUILD=${1:-build/native}
C="$BUILD/chokepoint"
DATA=../shared/data/spider
[ -x "$C" ] || { echo "audit: $C not built" >&2; exit 2; }
if [ ! -d "$DATA/database" ] || [ ! -f "$DATA/dev.json" ]; then
  echo "Spider dev: ../shared/data/spider not here"
  exit 0
fi
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
s=$(date +%s%N)
"$C" audit --set "$DATA/dev.json" --db-root "$DATA/database" --tables "$DATA/tables.json" --timeout-ms 2000 \
  --out "$T/audit.json" >"$T/summary.json" 2>/dev/null
e=$(date +%s%N)
wall=$(awk -v t="$(((e - s) / 1000))" 'BEGIN { printf "%.2f\n", t / 1e6 }')
echo "Spider dev audit ($wall s wall):"
node -e '
  const fs = require("fs");
  const s = JSON.parse(fs.readFileSync(process.argv[1], "utf8"));
  const r = JSON.parse(fs.readFileSync(process.argv[2], "utf8"));
  console.log(`  ${s.n} items, ${s.databases} databases audited (${s.databases_missing.length} not here), ` +
    `${s.queries} queries, ${s.elapsed_ms} ms; ${s.items_affected} items affected; ${s.incomplete} checks incomplete`);
  for (const [k, v] of Object.entries(s.by_kind)) console.log(`  ${k.padEnd(20)} ${String(v.findings).padStart(4)} findings, ${String(v.items).padStart(4)} items`);
  const show = (f) => `    ${f.kind} ${f.db_id} ${f.table}.${f.column} ${f.detail} (count ${f.count}; ` +
    `e.g. ${f.examples.slice(0, 2).map((x) => JSON.stringify(x)).join(", ")}; items ${f.items.slice(0, 6).join(",")}` +
    `${f.items.length > 6 ? ",..." : ""})`;
  console.log("  flight_2 airports:");
  for (const f of r.findings.filter((f) => f.db_id === "flight_2" && f.table === "airports" && /AirportName/.test(f.column)))
    console.log(show(f));
  console.log("  foreign-key orphans:");
  for (const f of r.findings.filter((f) => f.kind === "fk_orphans").sort((a, b) => b.count - a.count)) console.log(show(f));
  console.log("  NULL-sensitive golds:");
  for (const f of r.findings.filter((f) => f.kind === "null_sensitive_gold")) console.log(show(f));' \
  "$T/summary.json" "$T/audit.json"

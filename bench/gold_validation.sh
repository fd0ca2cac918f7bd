#!/bin/sh
# Gold validation: how many golds of the shared benchmark sets cannot serve as references. Spider dev runs
# `chokepoint eval --validate-gold` on the databases ../shared/data holds (each gold twice, with the tie probe;
# golds of databases not there count as no_database); BIRD dev has only its schemas here, so its golds are parsed
# and prepared in empty databases built from dev_tables.json (`chokepoint sql check --tables`): errors only, since
# empty, slow and tie-dependent need the data. Prints the figures and the wall time of each.
# Usage: bench/gold_validation.sh [BUILD_DIR]   (default build/native; run from the repository root)
set -e
BUILD=${1:-build/native}
C="$BUILD/chokepoint"
DATA=../shared/data
[ -x "$C" ] || { echo "gold_validation: $C not built" >&2; exit 2; }
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT

# seconds CMD...: runs CMD, prints its wall time in seconds to fd 3.
seconds() {
  s=$(date +%s%N)
  "$@"
  e=$(date +%s%N)
  awk -v t="$(((e - s) / 1000))" 'BEGIN { printf "%.2f\n", t / 1e6 }' >&3
}

if [ -d "$DATA/spider/database" ]; then
  for semantics in spider bird; do
    wall=$(seconds "$C" eval --validate-gold --gold "$DATA/spider/dev_gold.sql" --db-root "$DATA/spider/database" \
      --semantics "$semantics" --timeout-ms 2000 --out "$T/spider.json" 3>&1 >"$T/summary.json")
    echo "Spider dev golds, --semantics $semantics, --timeout-ms 2000 ($wall s):"
    node -e '
      const s = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
      const c = s.defects || {};
      const line = Object.keys(c).map((k) => `${k} ${c[k]}`).join(", ");
      console.log(`  ${s.n} golds, ceiling ${s.ceiling}% (${s.achievable} achievable)`);
      console.log(`  defects: ${line}`);' "$T/summary.json"
  done
else
  echo "Spider dev: ../shared/data/spider/database not here"
fi

if [ -f "$DATA/bird/dev_gold.sql" ] && [ -f "$DATA/bird/dev_tables.json" ]; then
  wall=$(seconds sh -c '"$1" sql check "$2" --tables "$3" >"$4" || [ $? -eq 1 ]' _ "$C" "$DATA/bird/dev_gold.sql" \
    "$DATA/bird/dev_tables.json" "$T/bird.json" 3>&1)
  echo "BIRD dev golds, schema-only prepare ($wall s):"
  node -e '
    const s = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
    const stages = {};
    for (const f of s.failures || []) stages[f.stage] = (stages[f.stage] || 0) + 1;
    console.log(`  ${s.total} golds: ${s.parsed} parse, ${s.prepared} of ${s.prepare_checked} prepare`);
    console.log(`  failures by stage: ${JSON.stringify(stages)}`);
    for (const f of (s.failures || []).slice(0, 5)) console.log(`    line ${f.line} (${f.stage}): ${f.message}`);' \
    "$T/bird.json"
else
  echo "BIRD dev: ../shared/data/bird not here"
fi

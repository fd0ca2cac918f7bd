#!/bin/sh
# Wall time of the studies that run without a model, native. shared-failures on Spider dev with the published
# Codex predictions (../shared/data/preds/spider_dev_codex_fewshot.csv; the data holds one published Spider system, so
# it is given twice under two names: the figure is the time of scoring two systems under the five regimes, and the
# common failures are that system's own failures); mutation-sensitivity on the Spider dev golds. jqe-delta on the sample set: `chokepoint jqe` expands it, and the
# golds stand in for both prediction files (no published system predicted the expansions). Prints each study's
# seconds (best of RUNS runs, default 3) and the headline numbers of its stdout.
# Usage: bench/studies.sh [BUILD_DIR]   (default build/native)
set -e
BUILD=${1:-build/native}
C="$BUILD/chokepoint"
RUNS=${RUNS:-3}
[ -x "$C" ] || { echo "studies: $C not built" >&2; exit 2; }
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT

# best NAME ARGS...: runs `chokepoint study ARGS --out DIR` RUNS times; prints the fastest in seconds, keeps stdout.
best() {
  name=$1
  shift
  best=""
  r=0
  while [ $r -lt "$RUNS" ]; do
    rm -rf "$T/out"
    s=$(date +%s%N)
    "$C" study "$@" --out "$T/out" >"$T/$name.json"
    e=$(date +%s%N)
    best=$(awk -v b="$best" -v t="$(((e - s) / 1000))" 'BEGIN { t /= 1e6; print (b == "" || t < b) ? t : b }')
    r=$((r + 1))
  done
  echo "$best"
}

SPIDER=../shared/data/spider
CODEX=../shared/data/preds/spider_dev_codex_fewshot.csv
if [ -d "$SPIDER/database" ] && [ -f "$CODEX" ]; then
  s=$(best shared shared-failures --gold "$SPIDER/dev_gold.sql" --pred "codex=$CODEX" --pred "codex-again=$CODEX" \
    --db-root "$SPIDER/database" --skip-missing)
  node -e 'const j = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
    console.log(`shared-failures, Spider dev x 2 systems: ${process.argv[2]} s; ${j.items} items, ` +
      `${j.scored_in_all} scored in all, ${j.common_failures} common failures, EX ${j.systems[0].ex}`);' \
    "$T/shared.json" "$s"
  s=$(best mutation mutation-sensitivity --gold "$SPIDER/dev_gold.sql" --db-root "$SPIDER/database" --skip-missing \
    --drop-equivalent)
  node -e 'const j = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
    console.log(`mutation-sensitivity, Spider dev golds: ${process.argv[2]} s; ${j.golds} golds, ` +
      `${j.skipped} skipped, ${j.mutants} mutants`);' "$T/mutation.json" "$s"
else
  echo "shared-failures, mutation-sensitivity: no Spider dev data or Codex predictions in ../shared/data; skipped"
fi

mkdir -p "$T/db/toxicology" "$T/db/movies"
cp "$BUILD/assets/db/toxicology.sqlite" "$T/db/toxicology/"
cp "$BUILD/assets/db/movies.sqlite" "$T/db/movies/"
SETS=assets/sets
"$C" jqe --set "$SETS/sample_dev.json" --db-root "$T/db" --out "$T/expanded.json" >/dev/null
s=$(best jqe jqe-delta --seeds "$SETS/sample_dev.json" --expansions "$T/expanded.json" --pred-seeds "$SETS/sample_dev.json" \
  --pred-expansions "$T/expanded.json" --db-root "$T/db")
node -e 'const j = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
  console.log(`jqe-delta, sample set and its expansions: ${process.argv[2]} s; ${j.seeds} seeds, ` +
    `${j.expansions} expansions, EX_dev ${j.ex_dev}, EX_exp ${j.ex_exp}`);' "$T/jqe.json" "$s"

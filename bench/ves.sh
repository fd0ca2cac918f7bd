#!/bin/sh
# Efficiency scores: `chokepoint ves` of the Spider dev golds against themselves, on the databases
# ../shared/data holds (golds of the others are left out). Every score should sit near 100; how far the items stray
# is the spread a VES reading carries. Three runs: the step timing with each gold also timed against itself (the
# summary's spread), the same without the time limit (no progress handler: the harness's cost inside the spans), and
# BIRD's timing (first step only). Also the harness's own time outside the measured spans.
# Usage: bench/ves.sh [BUILD_DIR]   (default build/native; run from the repository root; VES_ITERATIONS, default 10)
set -e
BUILD=${1:-build/native}
C="$BUILD/chokepoint"
DATA=../shared/data
N=${VES_ITERATIONS:-10}
[ -x "$C" ] || { echo "ves: $C not built" >&2; exit 2; }
if [ ! -d "$DATA/spider/database" ] || [ ! -f "$DATA/spider/dev_gold.sql" ]; then
  echo "ves: ../shared/data/spider not here, skipped"
  exit 0
fi
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT

# The golds whose database is here, and the same SQL as the predictions.
ls "$DATA/spider/database" >"$T/dbs"
awk -F '\t' 'NR == FNR { here[$1] = 1; next } ($2 in here)' "$T/dbs" "$DATA/spider/dev_gold.sql" >"$T/gold.sql"
cut -f1 "$T/gold.sql" >"$T/pred.sql"

run() {
  out=$1
  shift
  s=$(date +%s%N)
  "$C" ves --gold "$T/gold.sql" --pred "$T/pred.sql" --db-root "$DATA/spider/database" --iterations "$N" \
    --out "$T/$out.json" "$@" >"$T/$out.summary.json"
  e=$(date +%s%N)
  awk -v t="$(((e - s) / 1000))" 'BEGIN { printf "%.1f", t / 1e6 }'
}

wall1=$(run step)
wall2=$(run nolimit --timeout-ms 0 --no-self)
wall3=$(run bird --bird-timing --no-self)
echo "Spider dev golds against themselves, $(wc -l <"$T/gold.sql") items on $(wc -l <"$T/dbs") databases," \
  "--iterations $N:"
node -e '
  const fs = require("fs");
  const dir = process.argv[1];
  const walls = process.argv.slice(2).map(Number);
  const load = (name) => [JSON.parse(fs.readFileSync(`${dir}/${name}.summary.json`, "utf8")),
    JSON.parse(fs.readFileSync(`${dir}/${name}.json`, "utf8")).items];
  const sd = (xs) => { const m = xs.reduce((a, b) => a + b, 0) / xs.length;
    return Math.sqrt(xs.reduce((a, b) => a + (b - m) * (b - m), 0) / xs.length); };
  const median = (xs) => { const s = [...xs].sort((a, b) => a - b); return s[Math.floor(s.length / 2)]; };
  const line = (label, [s, items], wall) => {
    const scores = items.filter((i) => i.correct).map((i) => i.score);
    const lo = Math.min(...scores), hi = Math.max(...scores);
    console.log(`  ${label}: VES ${s.ves}, C-VES ${s.c_ves}, R-VES ${s.r_ves} over ${s.scored} scored ` +
      `(${s.correct} timed); item scores sd ${sd(scores).toFixed(2)}, range ${lo}-${hi}; mean CV of a run ` +
      `${(100 * s.mean_cv).toFixed(1)}%; ${wall} s`);
    return s;
  };
  const step = load("step"), nolimit = load("nolimit"), bird = load("bird");
  const s = line("step timing         ", step, walls[0]);
  console.log(`    gold timed against itself again: VES ${s.spread.self_ves}, item scores sd ` +
    `${s.spread.self_score_sd}, mean CV of a run ${(100 * s.spread.self_cv).toFixed(1)}% (${s.spread.items} items)`);
  line("step, no time limit ", nolimit, walls[1]);
  line("bird-execute timing ", bird, walls[2]);
  console.log(`  clock resolution ${s.clock_resolution_ns} ns; a span is at least ${s.min_span_ns / 1e6} ms`);
  // Inside the spans: the progress handler of the time limit, from the per-run times of the same golds.
  let on = 0, off = 0;
  const runs = new Map(nolimit[1].filter((i) => i.timing && i.timing.status === "ok")
    .map((i) => [i.id, median(i.timing.gold.ms)]));
  for (const i of step[1]) if (i.timing && i.timing.status === "ok" && runs.has(i.id)) {
    on += median(i.timing.gold.ms); off += runs.get(i.id);
  }
  console.log(`  harness overhead: outside the spans ${s.harness.overhead_pct}% of the stepped time ` +
    `(${s.harness.wall_ms} ms wall, ${s.harness.stepped_ms} ms stepped); inside, the progress ` +
    `handler: ${(100 * (on / off - 1)).toFixed(1)}% (sum of median run times ${on.toFixed(1)} vs ` +
    `${off.toFixed(1)} ms)`);
' "$T" "$wall1" "$wall2" "$wall3"

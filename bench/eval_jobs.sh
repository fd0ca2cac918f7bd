#!/bin/sh
# `chokepoint eval --jobs`: wall time of one eval of 1,000 pairs with --jobs 1 and --jobs 2, and the speed-up, on two
# sets. Benchmark pairs: the first 1,000 Spider dev golds against the Codex predictions when ../shared/data has them
# (spider/database, preds/spider_dev_codex_fewshot.csv), else the sample set (assets/sets/sample_gold.sql) repeated,
# each gold as its own prediction. Query-bound pairs: 1,000 golds that each count through a recursive CTE on the
# movie sample (a few ms a query, as BIRD's heavier queries), each as its own prediction. Each figure is the best of
# RUNS rounds (default 3), the variants of a round run one after another; items whose database ../shared/data lacks
# are skipped (--skip-missing). Besides the whole run it gives the evaluation alone (a --shard 1/1 run, which
# evaluates and writes the items, minus one that evaluates a single pair) and, from the difference, the rest of the
# report (its per-pair facts and items run on the --jobs threads too), and the time of a run that reads the inputs
# and evaluates one pair (process start, the two files read side by side).
# Usage: bench/eval_jobs.sh [BUILD_DIR]   (default build/native)
set -e
BUILD=${1:-build/native}
C="$BUILD/chokepoint"
RUNS=${RUNS:-3}
[ -x "$C" ] || { echo "eval_jobs: $C not built" >&2; exit 2; }
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
SPIDER=../shared/data/spider
if [ -d "$SPIDER/database" ]; then
  head -n 1000 "$SPIDER/dev_gold.sql" >"$T/gold.sql"
  if [ -f ../shared/data/preds/spider_dev_codex_fewshot.csv ]; then
    head -n 1001 ../shared/data/preds/spider_dev_codex_fewshot.csv >"$T/pred.csv"  # header and 1,000 rows
    PRED="$T/pred.csv"
  else
    cut -f1 "$T/gold.sql" >"$T/pred.sql"
    PRED="$T/pred.sql"
  fi
  DB="$SPIDER/database"
  WHAT="Spider dev, first 1,000 pairs"
else
  mkdir -p "$T/db/toxicology" "$T/db/movies"
  ln -s "$(cd "$BUILD/assets/db" && pwd)/toxicology.sqlite" "$T/db/toxicology/"
  ln -s "$(cd "$BUILD/assets/db" && pwd)/movies.sqlite" "$T/db/movies/"
  i=0
  while [ $i -lt 36 ]; do cat assets/sets/sample_gold.sql; i=$((i + 1)); done | head -n 1000 >"$T/gold.sql"
  cut -f1 "$T/gold.sql" >"$T/pred.sql"
  PRED="$T/pred.sql"
  DB="$T/db"
  WHAT="sample set x36, 1,000 pairs"
fi

mkdir -p "$T/mdb/movies"
ln -s "$(cd "$BUILD/assets/db" && pwd)/movies.sqlite" "$T/mdb/movies/"
i=0
while [ $i -lt 1000 ]; do
  printf 'WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 3000) '
  printf 'SELECT count(*) FROM c WHERE x %% %d = 0\tmovies\n' $((i % 9 + 2))
  i=$((i + 1))
done >"$T/heavy_gold.sql"
cut -f1 "$T/heavy_gold.sql" >"$T/heavy_pred.sql"

# seconds GOLD PRED DB ARGS...: the wall time of one `chokepoint eval` with ARGS, in seconds.
seconds() {
  g=$1 p=$2 d=$3
  shift 3
  s=$(date +%s%N)
  "$C" eval --gold "$g" --pred "$p" --db-root "$d" --skip-missing "$@" >/dev/null 2>"$T/stderr"
  e=$(date +%s%N)
  awk -v t="$(((e - s) / 1000))" 'BEGIN { print t / 1e6 }'
}

# min A B: the smaller of two times, B when A is empty.
min() { awk -v a="$1" -v b="$2" 'BEGIN { print (a == "" || b < a) ? b : a }'; }

# figures NAME GOLD PRED DB: the whole run and the evaluation alone, --jobs 1 against --jobs 2. The five runs of a
# round follow one another and each figure is the best of RUNS rounds: on a shared machine a busy spell then slows
# every variant of a round, not all the runs of one variant.
figures() {
  name=$1
  shift
  whole1="" whole2="" none="" shard1="" shard2=""
  r=0
  while [ $r -lt "$RUNS" ]; do
    whole1=$(min "$whole1" "$(seconds "$@" --out "$T/r1.json" --jobs 1)")
    whole2=$(min "$whole2" "$(seconds "$@" --out "$T/r2.json" --jobs 2)")
    cmp -s "$T/r1.json" "$T/r2.json" || { echo "eval_jobs: --jobs 2 wrote another report" >&2; exit 1; }
    none=$(min "$none" "$(seconds "$@" --out "$T/s0.json" --shard 1/100000)")  # inputs read, one pair evaluated
    shard1=$(min "$shard1" "$(seconds "$@" --out "$T/s1.json" --shard 1/1 --jobs 1)")
    shard2=$(min "$shard2" "$(seconds "$@" --out "$T/s2.json" --shard 1/1 --jobs 2)")
    r=$((r + 1))
  done
  awk -v name="$name" -v w1="$whole1" -v w2="$whole2" -v n="$none" -v s1="$shard1" -v s2="$shard2" 'BEGIN {
    printf "%s\n  whole run:   --jobs 1 %.3f s, --jobs 2 %.3f s, speed-up %.2fx\n", name, w1, w2, w1 / w2
    e1 = s1 - n; e2 = s2 - n
    if (e1 > 0 && e2 > 0) printf "  evaluation:  --jobs 1 %.3f s, --jobs 2 %.3f s, speed-up %.2fx\n", e1, e2, e1 / e2
    b = w1 - s1
    built = (b > 0) ? sprintf("%.3f s", b) : "no measurable time"
    printf "  the rest:    %.3f s starting and reading inputs, %s building the report (--jobs 1)\n", n, built
  }'
}

echo "eval --jobs, 1,000 pairs; $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg) before the run"
figures "$WHAT:" "$T/gold.sql" "$PRED" "$DB"
figures "query-bound pairs (recursive CTE on movies):" "$T/heavy_gold.sql" "$T/heavy_pred.sql" "$T/mdb"
load=$(cut -d' ' -f1 /proc/loadavg)
echo "load average after: $load"
awk -v l="$load" -v c="$(nproc)" 'BEGIN {
  if (l + 0 >= c - 0.5) print "note: other work kept the cores busy during the run: the speed-ups are lower bounds"
}'

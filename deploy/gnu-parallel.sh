#!/bin/sh
# `chokepoint eval` in N shards with GNU parallel on one machine (or several, with --sshlogin and a shared folder),
# then the merge. On one machine `--jobs` alone does the same with less ceremony; shards pay off across machines.
# Nothing is downloaded: CHOKEPOINT is the path of a binary you built (placeholder).
# Usage: deploy/gnu-parallel.sh GOLD PRED DB_ROOT OUT_DIR [N]
set -e
CHOKEPOINT=${CHOKEPOINT:-build/native/chokepoint}
GOLD=$1 PRED=$2 DB=$3 OUT=$4 N=${5:-4}
mkdir -p "$OUT"
seq 1 "$N" | parallel --halt now,fail=1 \
  "$CHOKEPOINT" eval --gold "$GOLD" --pred "$PRED" --db-root "$DB" --shard {}/"$N" --out "$OUT"/shard-{}.json
"$CHOKEPOINT" merge --out "$OUT/report.json" "$OUT"/shard-*.json

#!/bin/sh
# `chokepoint eval` in N shards as a Slurm job array: task k (SLURM_ARRAY_TASK_ID, 1..N) evaluates shard k/N on
# its own node slice, each writing to a shared filesystem. Submit with
#   sbatch deploy/slurm-array.sh
# and, when the array has finished, merge (or submit the merge with --dependency=afterok:<array job id>):
#   chokepoint merge --out "$OUT/report.json" "$OUT"/shard-*.json
# Nothing is downloaded: CHOKEPOINT is the path of a binary you built (placeholder), DATA a shared folder.
#SBATCH --job-name=chokepoint-eval
#SBATCH --array=1-8
#SBATCH --cpus-per-task=2
#SBATCH --output=chokepoint-eval-%a.log
set -e
N=8  # the number of array tasks above
CHOKEPOINT=${CHOKEPOINT:-/path/to/chokepoint}
DATA=${DATA:-/shared/chokepoint/data}
OUT=${OUT:-/shared/chokepoint/out}
mkdir -p "$OUT"
"$CHOKEPOINT" eval --gold "$DATA/dev.json" --pred "$DATA/pred.json" --db-root "$DATA/databases" \
  --semantics bird --jobs "${SLURM_CPUS_PER_TASK:-1}" \
  --shard "$SLURM_ARRAY_TASK_ID/$N" --out "$OUT/shard-$SLURM_ARRAY_TASK_ID.json"

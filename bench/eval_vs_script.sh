#!/bin/sh
# Whole-process `chokepoint eval` against the throwaway script a user would write (bench/raw_sqlite_eval.py: plain
# sqlite3, BIRD's set semantics) on the same items: Spider dev with the Codex predictions, the items whose database
# ../shared/data has. Both must give the same EX; the figure is each one's wall time (best of RUNS, default 5, runs
# alternated) and their ratio. Usage: bench/eval_vs_script.sh [BUILD_DIR]   (default build/native)
set -e
BUILD=${1:-build/native}
C="$BUILD/chokepoint"
RUNS=${RUNS:-5}
S=../shared/data
[ -x "$C" ] || { echo "eval_vs_script: $C not built" >&2; exit 2; }
[ -d "$S/spider/database" ] && [ -f "$S/preds/spider_dev_codex_fewshot.csv" ] || {
  echo "eval_vs_script: needs ../shared/data (Spider dev databases and the Codex predictions); skipped"; exit 0; }
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
now() { date +%s%N; }
best_c=0; best_p=0; i=0
while [ $i -lt "$RUNS" ]; do
  t0=$(now)
  "$C" eval --gold "$S/spider/dev.json" --pred "$S/preds/spider_dev_codex_fewshot.csv" --db-root "$S/spider/database" \
    --skip-missing --out "$T/report.json" >"$T/c.json" 2>/dev/null
  t1=$(now)
  python3 bench/raw_sqlite_eval.py "$S/spider/dev.json" "$S/preds/spider_dev_codex_fewshot.csv" \
    "$S/spider/database" >"$T/p.json"
  t2=$(now)
  c=$(( (t1 - t0) / 1000000 )); p=$(( (t2 - t1) / 1000000 ))
  [ $best_c -eq 0 ] || [ $c -lt $best_c ] && best_c=$c
  [ $best_p -eq 0 ] || [ $p -lt $best_p ] && best_p=$p
  i=$((i + 1))
done
python3 - "$T/c.json" "$T/p.json" "$best_c" "$best_p" <<'PY'
import json, sys
c, p = json.load(open(sys.argv[1])), json.load(open(sys.argv[2]))
bc, bp = int(sys.argv[3]), int(sys.argv[4])
same = abs(c["ex"] - p["ex"]) < 0.005 and c["scored"] == p["scored"]
print(f"Spider dev, Codex predictions, {p['scored']} of {p['n']} items scored (the others have no database here)")
print(f"| run | EX | wall (best of runs) |")
print(f"|---|---:|---:|")
print(f"| chokepoint eval (whole process, report written) | {c['ex']:.2f} | {bc} ms |")
print(f"| bench/raw_sqlite_eval.py (python3 sqlite3) | {p['ex']:.2f} | {bp} ms |")
print(f"ratio chokepoint / script: {bc / bp:.2f}x" + ("" if same else "   (EX DIFFERS: check the items)"))
PY

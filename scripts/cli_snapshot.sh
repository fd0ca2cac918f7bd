#!/usr/bin/env bash
# Runs the CLI's commands on the conformance data (../shared/data) and the built-in samples (the shared Spider data
# holds some of its databases, so the runs on it skip the missing ones with --skip-missing) and writes every
# output (stdout, stderr, exit code, output files) into OUTDIR, with timing fields (keys ending in "_ms", "ms",
# "seconds") removed so two runs of the same code compare byte for byte. Used to check that a refactor changes
# no output: run it before and after, then `diff -r BEFORE AFTER`.
# Usage: scripts/cli_snapshot.sh CHOKEPOINT_BINARY OUTDIR
set -uo pipefail
C=$(realpath "$1"); OUT=$2
ROOT=$(cd "$(dirname "$0")/.." && pwd)
DATA="$ROOT/../shared/data"
NATIVE=$(dirname "$C")
rm -rf "$OUT"; mkdir -p "$OUT"
OUT=$(realpath "$OUT")
DBS=/tmp/chokepoint-snapshot-dbs; rm -rf "$DBS"; mkdir -p "$DBS/toxicology" "$DBS/movies"
cp "$NATIVE/assets/db/toxicology.sqlite" "$DBS/toxicology/"; cp "$NATIVE/assets/db/movies.sqlite" "$DBS/movies/"
SETS="$ROOT/assets/sets"

# name, then the command's arguments; files the command writes go to $OUT/<name>.* by the arguments themselves.
run() {
  local name=$1; shift
  (cd "$OUT" && "$C" "$@" >"$OUT/$name.stdout" 2>"$OUT/$name.stderr"; echo $? >"$OUT/$name.rc")
}

run sample_eval eval --gold "$SETS/sample_dev.json" --pred "$SETS/sample_pred.json" --db-root "$DBS" --out sample_eval.json --explain
run sample_eval_spider eval --gold "$SETS/sample_dev.json" --pred "$SETS/sample_pred.json" --db-root "$DBS" --out sample_eval_spider.json --semantics spider
run sample_jqe jqe --set "$SETS/sample_dev.json" --db-root "$DBS" --out sample_jqe.json --report sample_jqe_report.json --pruned sample_jqe_pruned.json
run sample_jqe_enrich jqe --set "$SETS/sample_dev.json" --db-root "$DBS" --out sample_jqe_enrich.json --per-pattern 2 --rounds 2 --add-projection --add-predicate
run sample_mutate mutate --gold "$SETS/sample_gold.sql" --db-root "$DBS" --out sample_mutate.json --table
run sample_linker tqa linker --set "$SETS/sample_dev.json" --db-root "$DBS" --out sample_linker.json
run sample_denat tqa denat --set "$SETS/sample_dev.json" --db-root "$DBS" --out sample_denat
run sample_db_info db info "$NATIVE/assets/db/toxicology.sqlite"
run bad_eval eval --gold /nonexistent.json --pred "$SETS/sample_pred.json" --db-root "$DBS" --out bad.json

if [ -d "$DATA/spider" ]; then
  S="$DATA/spider"
  # The published predictions as one SQL per line, aligned with the gold file.
  python3 -c 'import csv,sys; [print(" ".join(r["PREDICTED SQL"].split())) for r in csv.DictReader(open(sys.argv[1]))]' \
    "$DATA/preds/spider_dev_codex_fewshot.csv" >"$DBS/spider_pred.sql"
  run spider_eval eval --gold "$S/dev_gold.sql" --pred "$DBS/spider_pred.sql" --db-root "$S/database" --out spider_eval.json --skip-missing
  run spider_eval_spider eval --gold "$S/dev.json" --pred "$DBS/spider_pred.sql" --db-root "$S/database" --out spider_eval_spider.json --semantics spider --regimes EC-EC-IE,NC-PC --skip-missing
  run spider_sql_check sql check "$S/dev_gold.sql" --tables "$S/tables.json"
  run spider_jqg jqg "$S/dev_gold.sql" --tables "$S/tables.json"
  run spider_stats schema stats --tables "$S/tables.json"
  run spider_jqe jqe --gold "$S/dev_gold.sql" --db-root "$S/database" --out spider_jqe.json --report spider_jqe_report.json
  run spider_mutate mutate --gold "$S/dev_gold.sql" --db-root "$S/database" --out spider_mutate.json --skip-missing
  run spider_linker tqa linker --set "$S/dev.json" --tables "$S/tables.json" --out spider_linker.json
  run spider_denat tqa denat --set "$S/dev.json" --db-root "$S/database" --out spider_denat
fi
if [ -d "$DATA/bird" ]; then
  B="$DATA/bird"
  run bird_sql_check sql check "$B/dev_gold.sql" --tables "$B/dev_tables.json"
  run bird_stats schema stats --tables "$B/dev_tables.json" --siblings table --joins-from "$B/dev_gold.sql"
  run bird_jqe jqe --set "$B/dev.json" --tables "$B/dev_tables.json" --out bird_jqe.json --report bird_jqe_report.json
  run bird_eval eval --gold "$B/dev.json" --pred "$DATA/preds/bird_dev_chatgpt.json" --db-root "$OUT/.none" --out bird_eval.json --skip-missing
  run bird_linker tqa linker --set "$B/dev.json" --tables "$B/dev_tables.json" --out bird_linker.json
fi
rm -rf "$DBS"

# Timing fields and the checkout's path are the only expected differences between two runs of the same code.
# The checkout's path is replaced by <root>, so snapshots of two checkouts compare too.
python3 - "$OUT" "$ROOT" <<'PY'
import json, os, re, sys
root, checkout = sys.argv[1], sys.argv[2]
timing = re.compile(r'(_ms|_seconds|^ms|^seconds|elapsed.*|wall.*)$')
def scrub(v):
    if isinstance(v, dict):
        return {k: ("<t>" if timing.search(k) else scrub(x)) for k, x in v.items()}
    if isinstance(v, list):
        return [scrub(x) for x in v]
    return v
for d, _, files in os.walk(root):
    for f in files:
        p = os.path.join(d, f)
        try:
            text = open(p, encoding='utf-8').read()
        except Exception:
            continue  # binary (the de-naturalised databases)
        text = text.replace(checkout, '<root>')
        try:
            data = json.loads(text)
        except Exception:
            with open(p, 'w', encoding='utf-8') as out:
                out.write(text)
            continue
        with open(p, 'w', encoding='utf-8') as out:
            json.dump(scrub(data), out, indent=1, ensure_ascii=False, sort_keys=False)
PY
echo "snapshot written to $OUT ($(find "$OUT" -type f | wc -l) files)"

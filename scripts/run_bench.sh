#!/usr/bin/env bash
# Runs every benchmark natively and, where a wasm build exists, under node; each prints its own figures.
# Usage: run_bench.sh NATIVE_DIR WASM_DIR   (the benchmarks read ../shared/data when it is present)
set -uo pipefail
NATIVE=${1:-build/native}
WASM=${2:-build/wasm}
ROOT=$(cd "$(dirname "$0")/.." && pwd)
DATA="$ROOT/../shared/data"
export NODE_PATH=/usr/share/nodejs
lexicon="$NATIVE/assets/lexicon/wordnet.lex"
if [ ! -f "$lexicon" ] && [ -x "$NATIVE/chokepoint" ]; then
  mkdir -p "$(dirname "$lexicon")"
  "$NATIVE/chokepoint" lexicon build --wordnet /usr/share/wordnet --out "$lexicon" >/dev/null
fi
for b in "$ROOT"/bench/*.cpp; do
  name=$(basename "$b" .cpp)
  args=()
  case $name in
    lexicon_bench) args=("$lexicon") ;;
    sql_bench|jqe_bench) args=("$DATA") ;;
    metrics_bench|mutate_bench) args=("$DATA/spider") ;;
    tqa_bench) args=("$DATA/bird") ;;
    graph_bench) args=("$DATA/spider/tables.json" "$DATA/bird/dev_tables.json") ;;
  esac
  echo "=== $name (native)"
  if [ -x "$NATIVE/$name" ]; then /usr/bin/time -f "peak RSS %M KiB" "$NATIVE/$name" "${args[@]}"; else echo "not built"; fi
  if [ -f "$WASM/$name.js" ]; then
    echo "=== $name (wasm under node)"
    node "$WASM/$name.js" "${args[@]}"
  fi
done

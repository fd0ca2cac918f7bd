#!/usr/bin/env bash
# Every bench program natively and under node (the wasm build), each printing its own figures, then one table of
# their headline workloads: native | wasm | ratio, for the first pass and for the fastest later pass (bench_passes.h
# says why the two differ in wasm). Goal: wasm within 1.5x of native on every warm line.
# Usage: bench/wasm_ratio.sh [NATIVE_DIR] [WASM_DIR]   (the benches read ../shared/data when it is present)
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
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
for b in "$ROOT"/bench/*.cpp; do
  name=$(basename "$b" .cpp)
  args=()
  case $name in
    lexicon_bench) args=("$lexicon") ;;
    sql_bench|jqe_bench) args=("$DATA") ;;
    metrics_bench|mutate_bench) args=("$DATA/spider") ;;
    tqa_bench|runner_bench|linking_bench) args=("$DATA/bird") ;;
    graph_bench) args=("$DATA/spider/tables.json" "$DATA/bird/dev_tables.json") ;;
    sqlspace_bench) args=("$DATA" "$lexicon") ;;
  esac
  echo "=== $name (native)"
  if [ -x "$NATIVE/$name" ]; then
    /usr/bin/time -f "peak RSS %M KiB" "$NATIVE/$name" "${args[@]}" 2>&1 | tee "$out/$name.native"
  else
    echo "not built"
  fi
  if [ -f "$WASM/$name.js" ]; then
    echo "=== $name (wasm under node)"
    node "$WASM/$name.js" "${args[@]}" 2>&1 | tee "$out/$name.wasm"
  fi
done

echo "=== headline workloads: native | wasm | wasm/native (first pass; fastest later pass)"
# "headline | WHAT | first F ms | warm W ms | N passes", from each side; a bench without a headline (hostile_bench:
# its items are bounded by their time limit, not by the code's speed) is named with no figures.
for b in "$ROOT"/bench/*.cpp; do
  name=$(basename "$b" .cpp)
  if ! grep -q '^headline |' "$out/$name.native" 2>/dev/null; then
    printf '%s: no headline workload\n' "$name"
    continue
  fi
  grep '^headline |' "$out/$name.native" > "$out/h.native"
  grep '^headline |' "$out/$name.wasm" 2>/dev/null > "$out/h.wasm" || : > "$out/h.wasm"
  awk -F' [|] ' '
    function ms(field) { sub(/^(first|warm) /, "", field); sub(/ ms$/, "", field); return field + 0 }
    NR == FNR { nf[$2] = ms($3); nw[$2] = ms($4); order[++n] = $2; next }
    { wf[$2] = ms($3); ww[$2] = ms($4) }
    END {
      for (i = 1; i <= n; ++i) {
        k = order[i]
        if (!(k in wf)) { printf "%-72s native first %9.1f warm %9.1f ms | wasm not built\n", k, nf[k], nw[k]; continue }
        printf "%-72s first %8.1f | %8.1f ms  %5.2fx   warm %8.1f | %8.1f ms  %5.2fx%s\n", k, nf[k], wf[k],
               wf[k] / nf[k], nw[k], ww[k], ww[k] / nw[k], ww[k] / nw[k] <= 1.5 ? "" : "  (over 1.5x)"
      }
    }' "$out/h.native" "$out/h.wasm"
done

#!/usr/bin/env bash
# Every bench program natively and under node (the wasm build), each printing its own figures, then one table of
# their headline workloads: native | wasm | ratio, for the first pass and for the fastest later pass (bench_passes.h
# says why the two differ in wasm). Goal: wasm within 1.5x of native on every warm line.
# Usage: [ROUNDS=N] bench/wasm_ratio.sh [NATIVE_DIR] [WASM_DIR]   (the benches read ../shared/data when present)
# ROUNDS (default 1): the programs run N times, native and wasm in turn, and the table gives the median of each
# figure; this shared machine's figures move by 15 % or more from one run to the next.
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
ROUNDS=${ROUNDS:-1}
bench_args() {
  args=()
  case $1 in
    lexicon_bench) args=("$lexicon") ;;
    sql_bench|jqe_bench) args=("$DATA") ;;
    metrics_bench|mutate_bench) args=("$DATA/spider") ;;
    tqa_bench|runner_bench|linking_bench) args=("$DATA/bird") ;;
    graph_bench) args=("$DATA/spider/tables.json" "$DATA/bird/dev_tables.json") ;;
    sqlspace_bench) args=("$DATA" "$lexicon") ;;
  esac
}
for b in "$ROOT"/bench/*.cpp; do
  name=$(basename "$b" .cpp)
  bench_args "$name"
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
# The further rounds add their headline lines only.
round=1
while [ "$round" -lt "$ROUNDS" ]; do
  round=$((round + 1))
  echo "=== round $round of $ROUNDS"
  for b in "$ROOT"/bench/*.cpp; do
    name=$(basename "$b" .cpp)
    bench_args "$name"
    [ -x "$NATIVE/$name" ] && { "$NATIVE/$name" "${args[@]}" 2>&1 | grep '^headline |' >> "$out/$name.native"; }
    [ -f "$WASM/$name.js" ] && { node "$WASM/$name.js" "${args[@]}" 2>&1 | grep '^headline |' >> "$out/$name.wasm"; }
  done
done

echo "=== headline workloads: native | wasm | wasm/native (first pass; fastest later pass)$([ "$ROUNDS" -gt 1 ] && echo "; medians of $ROUNDS rounds")"
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
    function median(list,   a, n, i, j, t) {
      n = split(list, a, " ")
      for (i = 2; i <= n; ++i) { t = a[i] + 0; for (j = i - 1; j >= 1 && a[j] + 0 > t; --j) a[j + 1] = a[j]; a[j + 1] = t }
      return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
    }
    NR == FNR { if (!($2 in nf)) order[++n] = $2; nf[$2] = nf[$2] " " ms($3); nw[$2] = nw[$2] " " ms($4); next }
    { wf[$2] = wf[$2] " " ms($3); ww[$2] = ww[$2] " " ms($4) }
    END {
      for (i = 1; i <= n; ++i) {
        k = order[i]
        a = median(nf[k]); b = median(nw[k])
        if (!(k in wf)) { printf "%-72s native first %9.1f warm %9.1f ms | wasm not built\n", k, a, b; continue }
        c = median(wf[k]); d = median(ww[k])
        printf "%-72s first %8.1f | %8.1f ms  %5.2fx   warm %8.1f | %8.1f ms  %5.2fx%s\n", k, a, c, c / a, b, d,
               d / b, d / b <= 1.5 ? "" : "  (over 1.5x)"
      }
    }' "$out/h.native" "$out/h.wasm"
done

#!/usr/bin/env bash
# Runs every benchmark natively and, where a wasm build exists, under node; each prints its own figures.
# Usage: run_bench.sh NATIVE_DIR WASM_DIR   (the benchmarks read ../shared/data when it is present)
set -uo pipefail
NATIVE=${1:-build/native}
WASM=${2:-build/wasm}
ROOT=$(cd "$(dirname "$0")/.." && pwd)
DATA="$ROOT/../shared/data"
export NODE_PATH=/usr/share/nodejs
# Every bench program, native and wasm, then the table of their headline workloads with the wasm/native ratios.
bash "$ROOT/bench/wasm_ratio.sh" "$NATIVE" "$WASM"

# Hostile predictions through the CLI, one process each: wall time and peak RSS (the goal, decisions.md §10: within
# the item limit + 10% and under 256 MB). The in-process figures per input are hostile_bench's above.
if [ -x "$NATIVE/chokepoint" ] && command -v sqlite3 >/dev/null; then
  echo "=== hostile predictions through chokepoint eval (--timeout-ms 3000), one process each"
  tmp=$(mktemp -d); mkdir -p "$tmp/db/concert"
  sqlite3 "$tmp/db/concert/concert.sqlite" "CREATE TABLE singer(id INTEGER PRIMARY KEY, name TEXT, country TEXT, age INT);
    WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 5000)
    INSERT INTO singer SELECT i, 'singer ' || i, 'country ' || (i % 40), 20 + i % 50 FROM n;"
  printf 'SELECT name FROM singer\tconcert\n' > "$tmp/gold.sql"
  printf '%-34s %9s %12s\n' prediction "wall s" "peak RSS MB"
  while IFS='|' read -r name sql; do
    printf '%s\n' "$sql" > "$tmp/pred.sql"
    /usr/bin/time -f '%e %M' -o "$tmp/time" "$NATIVE/chokepoint" eval --gold "$tmp/gold.sql" --pred "$tmp/pred.sql" \
      --db-root "$tmp/db" --out "$tmp/report.json" --timeout-ms 3000 \
      --regimes EC-EC-IE,EC-PC-IE,SC-EC-IE,SC-PC-IE,NC-PC,NC-EC >/dev/null 2>&1
    read -r wall rss < "$tmp/time"
    printf '%-34s %9s %12.1f\n' "$name" "$wall" "$(awk -v k="$rss" 'BEGIN { print k / 1024 }')"
  done <<'LIST'
printf 900,000,000 chars|SELECT printf('%.*c', 900000000, 'x')
randomblob(900,000,000)|SELECT randomblob(900000000)
one 16 MB value|SELECT printf('%.*c', 16000000, 'x')
16 MB values, endless rows|WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT printf('%.*c', 16000000, 'x') FROM c
endless recursive CTE|WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT x FROM c
cartesian count (10^9 rows)|WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n WHERE x < 1000) SELECT count(*) FROM n a, n b, n c
LIST
  rm -rf "$tmp"
fi

# Other evaluators' scores: Spider exact match speed (needs ../shared/data and the conformance build),
# and eval --jobs 1 against --jobs 2 (the speed-up needs an otherwise idle machine).
if [ -x "$NATIVE/conformance_tests" ] && [ -d "$DATA/spider/database" ]; then
  echo "=== exact set match, 1,034 Spider dev golds (bench/exact_match.sh)"
  (cd "$ROOT" && sh bench/exact_match.sh "$NATIVE")
fi
if [ -x "$NATIVE/chokepoint" ] && [ -d "$DATA" ]; then
  echo "=== gold validation of Spider dev and BIRD dev (bench/gold_validation.sh)"
  (cd "$ROOT" && sh bench/gold_validation.sh "$NATIVE")
fi
# Data-quality audit: the shared Spider databases against Spider dev (skips itself without
# ../shared/data); the INSERT validation figure (10,000 lines) is testdb_bench's, in the loop above.
if [ -x "$NATIVE/chokepoint" ]; then
  echo "=== data-quality audit of the Spider dev databases (bench/audit.sh)"
  (cd "$ROOT" && sh bench/audit.sh "$NATIVE")
fi
[ -x "$NATIVE/chokepoint" ] && (echo "=== test-suite baseline (bench/testsuite.sh)"; cd "$ROOT" && sh bench/testsuite.sh "$NATIVE")
# Efficiency scores: VES of the Spider dev golds against themselves, with the spread and the
# harness's overhead (skips itself without ../shared/data).
if [ -x "$NATIVE/chokepoint" ]; then
  echo "=== VES of Spider dev golds against themselves (bench/ves.sh)"
  (cd "$ROOT" && sh bench/ves.sh "$NATIVE")
fi
# The LLM-driven commands (describe, optimize, link) on BIRD and Spider dev against the loopback server.
if [ -x "$NATIVE/chokepoint" ] && [ -f "$DATA/bird/dev.json" ]; then
  echo "=== describe, optimize, link and retrieval against the loopback LLM server (bench/llm_commands.mjs)"
  CHOKEPOINT_CLI="$NATIVE/chokepoint" node "$ROOT/bench/llm_commands.mjs" "$DATA"
fi
if [ -x "$NATIVE/chokepoint" ]; then
  echo "=== the studies, native (bench/studies.sh)"
  (cd "$ROOT" && sh bench/studies.sh "$NATIVE")
fi
if [ -x "$NATIVE/chokepoint" ] && command -v python3 >/dev/null; then
  echo "=== chokepoint eval against a plain sqlite3 script (bench/eval_vs_script.sh)"
  (cd "$ROOT" && sh bench/eval_vs_script.sh "$NATIVE")
fi
if [ -x "$NATIVE/chokepoint" ]; then
  echo "=== eval --jobs 1 vs 2 (bench/eval_jobs.sh)"
  (cd "$ROOT" && sh bench/eval_jobs.sh "$NATIVE")
fi

# The app's first usable frame and its parts, cold and warm; needs Chromium.
if [ -f "$WASM/app/index.html" ] && [ -x "${CHROMIUM:-/usr/bin/chromium}" ]; then
  echo "=== the first usable frame in the browser (bench/first_frame.mjs)"
  node "$ROOT/bench/first_frame.mjs" 5
fi

# The studies in the browser's Studies tab (shared-failures on Spider dev, jqe-delta on the sample): wall time and the
# longest frame; needs Chromium (shared-failures skips itself without ../shared/data).
if [ -f "$WASM/app/index.html" ] && [ -x "${CHROMIUM:-/usr/bin/chromium}" ] && [ -x "$NATIVE/chokepoint" ]; then
  echo "=== the studies in the browser (bench/studies_browser.mjs)"
  CHOKEPOINT_CLI="$NATIVE/chokepoint" node "$ROOT/bench/studies_browser.mjs" "$DATA"
fi

# Big databases in the app: open time, longest frame, JS heap, kept across a reload; needs Chromium.
if [ -f "$WASM/app/index.html" ] && [ -x "${CHROMIUM:-/usr/bin/chromium}" ] && command -v sqlite3 >/dev/null; then
  echo "=== big databases in the browser (bench/big_databases.mjs)"
  node "$ROOT/bench/big_databases.mjs" 50 150 350
fi

# A whole BIRD dev model run against the loopback LLM server, CLI and browser; needs Chromium.
if [ -f "$WASM/app/index.html" ] && [ -x "${CHROMIUM:-/usr/bin/chromium}" ] && [ -f "$DATA/bird/dev.json" ]; then
  echo "=== a 1,534-item BIRD dev model run against the loopback server (bench/model_run.mjs)"
  CHOKEPOINT_CLI="$NATIVE/chokepoint" node "$ROOT/bench/model_run.mjs" "$DATA/bird"
fi

# SQLSpace in the browser: features of Spider + BIRD dev, Compare and the elbow; needs Chromium.
if [ -f "$WASM/app/index.html" ] && [ -x "${CHROMIUM:-/usr/bin/chromium}" ] && [ -f "$DATA/bird/dev.json" ]; then
  echo "=== SQLSpace features, comparison, UMAP and clusters in the browser (bench/feature_space.mjs)"
  CHOKEPOINT_CLI="$NATIVE/chokepoint" node "$ROOT/bench/feature_space.mjs" "$DATA"
fi

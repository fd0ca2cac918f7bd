#!/usr/bin/env bash
# Runs every test suite and prints each suite's counts, then one closing line "N passed, N failed".
# Suites: native unit tests (build/native/*_tests), the conformance suite on ../shared/data when it exists, the same
# unit tests compiled to wasm under node (build/wasm/*_tests.js), and the browser end-to-end tests (tests/e2e).
# Programs and test files run side by side, one per core (TEST_JOBS=N overrides), the browser files two at a time.
# Usage: run_tests.sh [--only native|conformance|wasm|e2e] NATIVE_DIR WASM_DIR
set -uo pipefail
only=""
if [ "${1:-}" = "--only" ]; then only=$2; shift 2; fi
NATIVE=$(cd "${1:-build/native}" 2>/dev/null && pwd || echo "${1:-build/native}")
WASM=${2:-build/wasm}
ROOT=$(cd "$(dirname "$0")/.." && pwd)
LOGS="$ROOT/build/test-logs"
mkdir -p "$LOGS"
passed=0; failed=0; broken=()
export NODE_PATH=/usr/share/nodejs

want() { [ -z "$only" ] || [ "$only" = "$1" ]; }

# Reads GoogleTest's summary lines from a log: "[  PASSED  ] N tests." and "[  FAILED  ] N tests, listed below:".
gtest_counts() {
  local log=$1 p f
  p=$(grep -aoE '^\[  PASSED  \] [0-9]+ test' "$log" | tail -1 | grep -oE '[0-9]+' || true)
  f=$(grep -aoE '^\[  FAILED  \] [0-9]+ test' "$log" | tail -1 | grep -oE '[0-9]+' || true)
  echo "${p:-0} ${f:-0}"
}

# The GoogleTest programs run JOBS at a time (each is one process on one core), then are reported in the order they
# were started. TEST_JOBS overrides the number of cores.
JOBS=${TEST_JOBS:-$(nproc 2>/dev/null || echo 2)}
gtest_labels=()
start_gtest() { # label, command...
  local label=$1; shift
  local log="$LOGS/${label//[\/ ]/_}.log"
  while [ "$(jobs -rp | wc -l)" -ge "$JOBS" ]; do wait -n; done
  ( local start=$SECONDS; "$@" >"$log" 2>&1; echo $? >"$log.rc"; echo $((SECONDS - start)) >"$log.seconds" ) &
  gtest_labels+=("$label")
}
report_gtests() {
  wait
  local label log rc p f
  for label in "${gtest_labels[@]}"; do
    log="$LOGS/${label//[\/ ]/_}.log"
    rc=$(cat "$log.rc" 2>/dev/null || echo 1)
    read -r p f < <(gtest_counts "$log")
    if [ "$rc" -ne 0 ] && [ "$f" = 0 ]; then f=1; fi  # crashed or aborted before its summary
    passed=$((passed + p)); failed=$((failed + f))
    printf '%-34s %5d passed, %d failed  (%ss)\n' "$label" "$p" "$f" "$(cat "$log.seconds" 2>/dev/null || echo ?)"
    if [ "$rc" -ne 0 ]; then broken+=("$label"); grep -aE '^\[  FAILED  \]|Failure|error' "$log" | head -20; fi
    rm -f "$log.rc" "$log.seconds"
  done
  gtest_labels=()
}

if want native; then
  for t in "$NATIVE"/*_tests; do
    [ -x "$t" ] || continue
    [ "$(basename "$t")" = conformance_tests ] && continue
    start_gtest "native/$(basename "$t")" "$t"
  done
fi

if want conformance || [ -z "$only" ]; then
  if [ -d "$ROOT/../shared/data" ] && [ -x "$NATIVE/conformance_tests" ]; then
    start_gtest "native/conformance_tests" "$NATIVE/conformance_tests"
  else
    echo "conformance suite skipped: ../shared/data not present"
  fi
fi

if want wasm; then
  for t in "$WASM"/*_tests.js; do
    [ -f "$t" ] || continue
    start_gtest "wasm/$(basename "$t" .js)" node "$t"
  done
fi
report_gtests

# node:test suites: "ℹ pass N" / "ℹ fail N" closing lines.
run_node_suite() { # label, folder, files run at once
  local label=$1 dir=$2 concurrency=${3:-1}
  local log="$LOGS/${label//[\/ ]/_}.log"
  local start=$SECONDS
  (cd "$dir" && node --test --test-reporter=spec --test-concurrency="$concurrency" ./*.test.mjs) >"$log" 2>&1
  local rc=$?
  local p f
  p=$(grep -aE '^ℹ pass [0-9]+' "$log" | grep -oE '[0-9]+' | tail -1); f=$(grep -aE '^ℹ fail [0-9]+' "$log" | grep -oE '[0-9]+' | tail -1)
  p=${p:-0}; f=${f:-0}
  if [ $rc -ne 0 ] && [ "$f" = 0 ]; then f=1; fi
  passed=$((passed + p)); failed=$((failed + f))
  printf '%-34s %5d passed, %d failed  (%ds)\n' "$label" "$p" "$f" $((SECONDS - start))
  grep -aE '^# ' "$log" | sed 's/^/  /'
  if [ $rc -ne 0 ]; then broken+=("$label"); grep -aEv '^ℹ' "$log" | tail -40; fi
}

if want native; then
  run_node_suite "native/structure (modules, format)" "$ROOT/tests/structure"
  # Each file starts its own processes, servers and scratch folders (free ports, mkdtemp), so files run side by side.
  CHOKEPOINT_CLI="$NATIVE/chokepoint" run_node_suite "native/cli (loopback LLM server)" "$ROOT/tests/llm_server" "$JOBS"
  CHOKEPOINT_CLI="$NATIVE/chokepoint" run_node_suite "native/cli (commands, hostile inputs)" "$ROOT/tests/cli" "$JOBS"
fi

if want e2e; then
  # Two browsers at a time at most: each page keeps a worker and the software renderer busy while it works.
  e2e_at_once=$(( JOBS < 2 ? JOBS : 2 ))
  run_node_suite "browser/e2e" "$ROOT/tests/e2e" "$e2e_at_once"
  [ "$e2e_at_once" -gt 1 ] && echo "  (the times above were taken with $e2e_at_once browser test files running at once; make bench measures alone)"
fi

echo "logs in build/test-logs; screenshots in build/e2e"
[ ${#broken[@]} -gt 0 ] && echo "failing suites: ${broken[*]}"
echo "$passed passed, $failed failed"
[ "$failed" = 0 ] && [ ${#broken[@]} = 0 ]

#!/usr/bin/env bash
# What `make app` (and so `make run` and `make dist`) builds, and only that: natively the small program that writes
# the WordNet lexicon asset, in wasm the app and its worker. Usage: build_app.sh NATIVE_DIR WASM_DIR JOBS
#
# The two builds do not need each other until the end (the app fetches the lexicon at run time), so the native one
# runs beside the rest: first beside the setup's fetching of the wasm build's sources, which waits on the network
# and on one-threaded unpacking, then beside the wasm build at the lowest priority, where it takes only the CPU time
# the wasm build leaves idle (its link runs on fewer than two cores). The lexicon is copied next to the app once both
# are done. bench/README.md gives the effect on a fresh clone.
set -euo pipefail
[ $# = 3 ] || { echo "usage: $0 NATIVE_DIR WASM_DIR JOBS" >&2; exit 2; }
cd "$(dirname "$0")/.."
NATIVE=$1 WASM=$2 JOBS=$3
[[ "$JOBS" =~ ^[1-9][0-9]*$ ]] || { echo "$0: JOBS must be a positive whole number, not '$JOBS'" >&2; exit 2; }
LEXICON="$(pwd)/$NATIVE/assets/lexicon/wordnet.lex"
case "$NATIVE" in /*) LEXICON="$NATIVE/assets/lexicon/wordnet.lex" ;; esac

bash scripts/setup.sh --packages   # Debian's packages: what both builds need first

native_log=$(mktemp)
trap 'rm -f "$native_log"' EXIT
set -m  # the native build in its own process group, so that stopping it stops its compilers too
(
  nice -n 19 cmake -S . -B "$NATIVE" -DCMAKE_BUILD_TYPE=Release >/dev/null &&
    nice -n 19 cmake --build "$NATIVE" -j"$JOBS" --target lexicon_asset
) >"$native_log" 2>&1 &
native_pid=$!
set +m
# Its own group does not hear a Ctrl-C at the terminal: stop it with the rest.
trap 'kill -- -"$native_pid" 2>/dev/null; exit 130' INT TERM

# The rest of the setup, then the wasm build at normal priority. If either fails, the native build is stopped.
if ! { bash scripts/setup.sh &&
       emcmake cmake -S . -B "$WASM" -DCMAKE_BUILD_TYPE=Release -DLEXICON_ASSET="$LEXICON" >/dev/null &&
       cmake --build "$WASM" -j"$JOBS" --target web_app; }; then
  kill -- -"$native_pid" 2>/dev/null || true
  wait "$native_pid" 2>/dev/null || true
  exit 1
fi

if ! wait "$native_pid"; then
  cat "$native_log" >&2
  echo "build_app: the native build of the lexicon asset failed (above)" >&2
  exit 1
fi
cmake -E copy_if_different "$LEXICON" "$WASM/app/wordnet.lex"
echo "build_app: the app is in $WASM/app"

#!/usr/bin/env bash
# Idempotent setup on Debian bookworm (run as root): Debian packages, deb-src entry, third-party sources for the
# wasm build (imgui, sqlite3) fetched into build/third_party, the SQLite amalgamation, and with --tests the npm test
# deps.
# Every step checks first whether its work is already done, so a second run does nothing.
set -euo pipefail
cd "$(dirname "$0")/.."
# --tests: also the npm packages of the browser tests and benches (playwright-core, umap-js), which `make run` does
# not need; the Makefile's test and bench targets pass it. --packages: Debian's packages only, all the native build
# needs (scripts/build_app.sh builds the lexicon asset while the rest of the setup fetches the wasm build's sources).
want_tests=0 packages_only=0
case "${1:-}" in
  "") ;;
  --tests) want_tests=1 ;;
  --packages) packages_only=1 ;;
  *) echo "setup: unknown argument '$1' (--tests or --packages)" >&2; exit 2 ;;
esac

ROOT=$(pwd)
TP="$ROOT/build/third_party"
STAMP="$TP/.setup-done-v4"
mkdir -p "$TP"

install_test_deps() {
  if [ ! -d "$ROOT/tests/e2e/node_modules/playwright-core" ] || [ ! -d "$ROOT/tests/e2e/node_modules/umap-js" ]; then
    echo "setup: installing npm test dependencies"
    # npm ci: exactly the versions of package-lock.json; --ignore-scripts: no package runs code at install.
    (cd "$ROOT/tests/e2e" && npm ci --ignore-scripts --no-audit --no-fund --silent)
  fi
}

if [ -f "$STAMP" ] && [ "${FORCE_SETUP:-0}" != 1 ]; then
  echo "setup: already done ($STAMP)"
  if [ $want_tests = 1 ]; then install_test_deps; fi
  exit 0
fi

SUDO=""; [ "$(id -u)" = 0 ] || SUDO="sudo"
PKGS=(build-essential cmake emscripten libboost-graph-dev nlohmann-json3-dev libkainjow-mustache-dev
      libsqlite3-dev sqlite3 libgtest-dev googletest wordnet-base tcl chromium libcurl4-openssl-dev
      libclang-rt-14-dev clang-14 clang-format dpkg-dev python3 fonts-dejavu-core time ninja-build)
command -v node >/dev/null || PKGS+=(nodejs npm)
# Conformance only: scikit-learn is the reference core/learn is checked against (tests/conformance/sklearn_reference.py,
# run with /usr/bin/python3); the suite skips that check when it is missing.
PKGS+=(python3-sklearn)

missing=()
for p in "${PKGS[@]}"; do dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p"); done

SRC=/etc/apt/sources.list.d/debian-src.sources
need_update=0
if [ ! -f "$SRC" ]; then
  echo "setup: adding deb-src entry"
  $SUDO tee "$SRC" >/dev/null <<'SRCS'
Types: deb-src
URIs: http://deb.debian.org/debian
Suites: bookworm
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
SRCS
  need_update=1
fi
# The package lists are refreshed only when something is to be installed or the source entry is new; fetching the
# sources refreshes them itself if it fails without (fetch_source below).
if [ ${#missing[@]} -gt 0 ] || [ $need_update = 1 ]; then
  $SUDO apt-get update -qq
fi
if [ ${#missing[@]} -gt 0 ]; then
  echo "setup: installing ${missing[*]}"
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

# Optional: pyftsubset (fonttools) keeps only the app's glyphs of the font it ships (CMakeLists.txt,
# APP_GLYPH_RANGES). Without it the build ships the whole font, so a failed install does not stop the setup.
if ! command -v pyftsubset >/dev/null; then
  install_fonttools() { DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends fonttools; }
  install_fonttools >/dev/null 2>&1 || { $SUDO apt-get update -qq && install_fonttools >/dev/null 2>&1; } ||
    echo "setup: fonttools could not be installed; the app will ship the whole DejaVu Sans font (0.7 MB more to download)"
fi

if [ $packages_only = 1 ]; then exit 0; fi

fetch_source() { # name, target folder name, and "loud" to show apt-get's messages
  local name=$1 dest=$2 loud=${3:-}
  [ -d "$TP/$dest" ] && return 0
  local tmp; tmp=$(mktemp -d "$TP/src.XXXX")
  if [ "$loud" = loud ]; then
    (cd "$tmp" && apt-get source "$name") || { rm -rf "$tmp"; return 1; }
  else
    (cd "$tmp" && apt-get source -qq "$name" >/dev/null 2>&1) || { rm -rf "$tmp"; return 1; }
  fi
  local dir; dir=$(find "$tmp" -mindepth 1 -maxdepth 1 -type d | head -1)
  mv "$dir" "$TP/$dest"; rm -rf "$tmp"
}
# Both source packages side by side (each download waits on the network, each unpacking on one core). A machine set
# up before has the source lists already, so the lists are refreshed only if a fetch fails without, and then the
# fetch is retried once with apt-get's own messages shown.
if [ ! -d "$TP/imgui" ] || [ ! -d "$TP/sqlite3" ]; then
  fetch_source imgui imgui & imgui_pid=$!
  fetch_source sqlite3 sqlite3 & sqlite_pid=$!
  fetched=1
  wait $imgui_pid || fetched=0
  wait $sqlite_pid || fetched=0
  if [ $fetched = 0 ]; then
    echo "setup: refreshing the package lists to fetch the ImGui and SQLite sources"
    $SUDO apt-get update -qq
    fetch_source imgui imgui loud
    fetch_source sqlite3 sqlite3 loud
  fi
fi

# The amalgamation from SQLite's own main.mk, without running its configure script: the generated files depend only
# on the sources and OPTS (empty here, as configure leaves them), and the sqlite3.c and sqlite3.h written are byte for
# byte those of `configure && make sqlite3.c`, in a tenth of the time (configure alone took 38 s beside a build).
if [ ! -f "$TP/sqlite3-amalgamation/sqlite3.c" ]; then
  echo "setup: building the SQLite amalgamation"
  rm -rf "$TP/sqlite3-build"; mkdir -p "$TP/sqlite3-build"
  (cd "$TP/sqlite3-build" && make -s -f "$TP/sqlite3/main.mk" TOP="$TP/sqlite3" BCC="gcc -O0" TCC=gcc OPTS= \
     sqlite3.c >/dev/null)
  mkdir -p "$TP/sqlite3-amalgamation"
  cp "$TP/sqlite3-build/sqlite3.c" "$TP/sqlite3-build/sqlite3.h" "$TP/sqlite3-amalgamation/"
fi

# Emscripten needs headers without glibc's: a folder of symlinks passed with -isystem (decisions.md §T7).
mkdir -p "$TP/wasm-include"
ln -sfn /usr/include/boost "$TP/wasm-include/boost"
ln -sfn /usr/include/nlohmann "$TP/wasm-include/nlohmann"
ln -sfn /usr/include/kainjow "$TP/wasm-include/kainjow"

touch "$STAMP"
if [ $want_tests = 1 ]; then install_test_deps; fi
echo "setup: done"

#!/usr/bin/env bash
# Writes the app as a folder any static host serves as is: the built page, its scripts, the two wasm programs, the
# packaged sample data, the lexicon and the service worker, each with a brotli (.br) and a gzip (.gz) copy beside it
# for hosts that serve pre-compressed files (scripts/precompress.mjs prints the sizes). Every URL inside is relative,
# so the folder works from a sub-path (https://host/some/sub/path/) and offline after the first visit (the service
# worker's scope is the folder).
# Usage: dist.sh APP_DIR OUT_DIR (OUT_DIR is replaced).
set -euo pipefail
app=${1:?usage: dist.sh APP_DIR OUT_DIR}
out=${2:?usage: dist.sh APP_DIR OUT_DIR}
for f in index.html page.js style.css sw.js chokepoint.js chokepoint.wasm chokepoint.data chokepoint_worker.js \
         chokepoint_worker.wasm; do
  [ -f "$app/$f" ] || { echo "dist: $app/$f is missing; build the app first (make app)" >&2; exit 2; }
done
rm -rf "$out"
mkdir -p "$out"
cp "$app"/index.html "$app"/page.js "$app"/style.css "$app"/sw.js "$app"/chokepoint.js "$app"/chokepoint.wasm \
   "$app"/chokepoint.data "$app"/chokepoint_worker.js "$app"/chokepoint_worker.wasm "$out"/
[ -f "$app/wordnet.lex" ] && cp "$app/wordnet.lex" "$out"/
node "$(dirname "$0")/precompress.mjs" "$out"
echo "dist: $(find "$out" -type f | wc -l) files, $(du -sh "$out" | cut -f1), in $out"

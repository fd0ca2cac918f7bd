#!/bin/sh
# Build step for the browser's WordNet asset: converts Debian's wordnet-base (/usr/share/wordnet) into the compact
# binary lexicon (core/lexicon/lexicon_format.h) with the native CLI.
# Usage: scripts/build_lexicon.sh CHOKEPOINT_BINARY OUT_FILE [WORDNET_DIR]
set -eu
if [ $# -lt 2 ]; then
  echo "usage: $0 CHOKEPOINT_BINARY OUT_FILE [WORDNET_DIR]" >&2
  exit 2
fi
bin=$1
out=$2
wordnet=${3:-/usr/share/wordnet}
mkdir -p "$(dirname "$out")"
"$bin" lexicon build --wordnet "$wordnet" --out "$out"

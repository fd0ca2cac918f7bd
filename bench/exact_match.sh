#!/bin/sh
# Spider exact set match speed: EM of the 1,034 Spider dev golds against themselves, with our parser and with the
# port of Spider's parser, and the time each pass takes (the conformance executable's own measurement).
# Usage: bench/exact_match.sh [BUILD_DIR]   (default build/native; needs ../shared/data)
set -e
BUILD=${1:-build/native}
"$BUILD/conformance_tests" --gtest_filter='ExactMatchSpider.GoldAgainstItself*:ExactMatchSpider.SpiderParser*' |
  grep '\[ exact match \]'

# Chokepoint: `make run` sets up, builds and serves the app; `make test` sets up, builds and runs every test.
# Every target does the setup first if needed (scripts/setup.sh is idempotent and fast when done).
BUILD      ?= build
NATIVE     := $(BUILD)/native
WASM       := $(BUILD)/wasm
PORT       ?= 8080
JOBS       ?= $(shell nproc 2>/dev/null || echo 2)
# decisions.md §T1: every emcc call needs acorn from Debian's node modules.
export NODE_PATH := /usr/share/nodejs
# Ninja (Debian's ninja-build) for a new build folder: it compiles a target's files while the libraries it links are
# still being archived, and links one program while the next compiles. A folder already configured keeps its own.
export CMAKE_GENERATOR ?= $(if $(shell command -v ninja 2>/dev/null),Ninja,Unix Makefiles)

.PHONY: all setup setup-tests native wasm app run dist test test-native test-wasm test-e2e conformance bench fuzz clean format

all: native wasm

setup:
	@bash scripts/setup.sh

# The npm packages of the browser tests and benches as well (`make run` does not need them).
setup-tests:
	@bash scripts/setup.sh --tests

native: setup
	@cmake -S . -B $(NATIVE) -DCMAKE_BUILD_TYPE=Release >/dev/null
	@cmake --build $(NATIVE) -j$(JOBS)

# The wasm build needs the WordNet lexicon asset, which a small native program (assets/build_lexicon.cpp) builds.
wasm: native
	@emcmake cmake -S . -B $(WASM) -DCMAKE_BUILD_TYPE=Release -DLEXICON_ASSET=$(abspath $(NATIVE))/assets/lexicon/wordnet.lex >/dev/null
	@cmake --build $(WASM) -j$(JOBS)

# What `make run` serves, and only that: natively the program that builds the lexicon asset, in wasm the app and its
# worker (no test or bench binaries; `make test` builds those).
# The two run side by side (scripts/build_app.sh says how).
app:
	@bash scripts/build_app.sh $(NATIVE) $(WASM) $(JOBS)

run: app
	@node scripts/serve.mjs $(WASM)/app $(PORT)

# The app as a folder for any static host (README: "Putting the app on a static host").
DIST ?= $(BUILD)/dist
dist: app
	@bash scripts/dist.sh $(WASM)/app $(DIST)

test: setup-tests native wasm
	@bash scripts/run_tests.sh $(NATIVE) $(WASM)

test-native: setup-tests native
	@bash scripts/run_tests.sh --only native $(NATIVE) $(WASM)

test-wasm: setup-tests wasm
	@bash scripts/run_tests.sh --only wasm $(NATIVE) $(WASM)

test-e2e: setup-tests wasm
	@bash scripts/run_tests.sh --only e2e $(NATIVE) $(WASM)

conformance: setup-tests native
	@bash scripts/run_tests.sh --only conformance $(NATIVE) $(WASM)

# The wasm builds of the bench programs are not part of `make wasm` (they take minutes to link at -O3).
bench: setup-tests native wasm
	@cmake --build $(WASM) -j$(JOBS) --target benches
	@bash scripts/run_bench.sh $(NATIVE) $(WASM)

# One hour by default (FUZZ_SECONDS overrides), shared by the targets in tests/fuzz: the SQL parser a quarter; result
# comparison, the set/prediction loaders, the SQL sandbox (hostile SQL on a read-only database), the workspace
# archive importer and the study report reader an eighth each. libFuzzer with ASan, built with clang 14.
FUZZ_SECONDS ?= 3600
FUZZ_TARGETS := sql_parser_fuzz result_compare_fuzz eval_set_loader_fuzz sql_policy_fuzz workspace_archive_fuzz \
  study_report_fuzz
fuzz: setup
	@cmake -S . -B $(BUILD)/fuzz -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCHOKEPOINT_FUZZ=ON \
	  -DCMAKE_C_COMPILER=clang-14 -DCMAKE_CXX_COMPILER=clang++-14 >/dev/null
	@cmake --build $(BUILD)/fuzz -j$(JOBS) --target $(FUZZ_TARGETS)
	@mkdir -p $(BUILD)/fuzz/corpus $(BUILD)/fuzz/seeds $(BUILD)/fuzz/corpus_results $(BUILD)/fuzz/corpus_sets \
	  $(BUILD)/fuzz/corpus_policy $(BUILD)/fuzz/seeds_policy $(BUILD)/fuzz/corpus_archive \
	  $(BUILD)/fuzz/corpus_report
	@# Seeds: the benchmark gold queries when ../shared/data is present, one query per file.
	@for f in ../shared/data/spider/dev_gold.sql ../shared/data/bird/dev_gold.sql; do \
	  [ -f $$f ] && awk -F'\t' -v d=$(BUILD)/fuzz/seeds -v p=$$(basename $$(dirname $$f)) \
	    '{ print $$1 > (d "/" p "_" NR ".sql"); close(d "/" p "_" NR ".sql") }' $$f; done; true
	@# The sandbox's seeds: every line of the hostile corpus, with its placeholders filled.
	@grep -v '^#' tests/hostile/hostile_sql.txt | sed -e 's|@TARGET_DIR@|/tmp|g' -e 's|@TARGET@|/tmp/fuzz_target|g' \
	  -e 's|@OTHER@|/tmp/fuzz_other.sqlite|g' | awk -v d=$(BUILD)/fuzz/seeds_policy '{ print > (d "/h_" NR ".sql"); close(d "/h_" NR ".sql") }'
	@$(BUILD)/fuzz/sql_parser_fuzz -max_total_time=$$(($(FUZZ_SECONDS) / 4)) -max_len=4096 \
	  -artifact_prefix=$(BUILD)/fuzz/ $(BUILD)/fuzz/corpus $(BUILD)/fuzz/seeds
	@$(BUILD)/fuzz/result_compare_fuzz -max_total_time=$$(($(FUZZ_SECONDS) / 8)) -max_len=512 \
	  -artifact_prefix=$(BUILD)/fuzz/results- $(BUILD)/fuzz/corpus_results
	@$(BUILD)/fuzz/eval_set_loader_fuzz -max_total_time=$$(($(FUZZ_SECONDS) / 8)) -max_len=65536 \
	  -artifact_prefix=$(BUILD)/fuzz/sets- $(BUILD)/fuzz/corpus_sets assets/sets
	@$(BUILD)/fuzz/sql_policy_fuzz -max_total_time=$$(($(FUZZ_SECONDS) / 8)) -max_len=2048 \
	  -artifact_prefix=$(BUILD)/fuzz/policy- $(BUILD)/fuzz/corpus_policy $(BUILD)/fuzz/seeds_policy $(BUILD)/fuzz/seeds
	@$(BUILD)/fuzz/workspace_archive_fuzz -max_total_time=$$(($(FUZZ_SECONDS) / 8)) -max_len=65536 -rss_limit_mb=1024 \
	  -artifact_prefix=$(BUILD)/fuzz/archive- $(BUILD)/fuzz/corpus_archive
	@$(BUILD)/fuzz/study_report_fuzz -max_total_time=$$(($(FUZZ_SECONDS) / 8)) -max_len=65536 -rss_limit_mb=1024 \
	  -artifact_prefix=$(BUILD)/fuzz/report- $(BUILD)/fuzz/corpus_report tests/fuzz/seeds_report

format:
	@find core web cli tests bench -name '*.cpp' -o -name '*.h' | xargs clang-format -i

clean:
	@rm -rf $(NATIVE) $(WASM) $(BUILD)/fuzz

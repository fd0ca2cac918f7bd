// Sharded `chokepoint eval`: which pairs shard k of n evaluates, the shard file it writes, and what
// `chokepoint merge` hands back to eval. A shard file carries each item whole (core/metrics/evaluation_codec.h,
// plus the fields that codec leaves out) with its position in the gold file, the eval arguments that shape the
// report and a hash of the gold and prediction files; merge replays those arguments through eval with the items in
// place of the evaluation, so the merged report is the single run's, byte for byte.
#pragma once
#include <cstddef>
#include <map>
#include <string>
#include <vector>

#include "cli/command.h"
#include "core/base/result.h"
#include "core/metrics/pair_evaluation.h"

namespace chokepoint::cli {

// Shard k of n takes the pairs whose 0-based position p in the gold file has p % n == k - 1 (with --where, the
// selected pairs keep their gold positions). Invariant: 1 <= k <= n.
struct ShardSpec {
  size_t k = 1, n = 1;
  bool contains(size_t position) const { return position % n == k - 1; }
  std::string label() const { return std::to_string(k) + "/" + std::to_string(n); }
};
// "k/n" with whole numbers, 1 <= k <= n <= 100000.
Result<ShardSpec> parse_shard_spec(const std::string& text);

// The eval arguments a shard records and merge replays: all but --out, --shard, --jobs and --csv with their values
// (where the report goes, how the work is split and the CSV, which merge writes, do not change a byte of it).
Args report_arguments(const Args& args);

// FNV-1a 64 of a file's bytes as 16 hex digits: tells two inputs apart, it is not a security check.
Result<std::string> content_hash(const std::string& path);

struct ShardFile {
  ShardSpec spec;
  std::string version;  // the chokepoint version that wrote it (items are in that build's encoding)
  Args arguments;       // report_arguments of the run
  std::string gold_hash, pred_hash;
  std::string sc_embedding;           // the report's SC label (merge does not contact an endpoint)
  size_t embeddings_cached = 0;       // endpoint embeddings this shard fetched
  std::vector<size_t> positions;      // gold positions of the items, ascending
  std::vector<ItemEvaluation> items;  // items[i] is the pair at positions[i]
};
std::string shard_to_text(const ShardFile& shard);  // JSON, items as hex
// The file at `path`; errors name it.
Result<ShardFile> read_shard(const std::string& path);

// What merge gives eval in place of evaluating.
struct MergedShards {
  std::map<size_t, ItemEvaluation> items;  // every shard's items by gold position
  std::string gold_hash, pred_hash;        // content_hash of the inputs the shards read
  std::string sc_embedding;
  size_t embeddings_cached = 0;  // the shards' counts added up
};

// The items of `pairs` (at gold `positions`) taken out of `merged`, after checking that the gold and prediction
// files are the ones the shards read: each position must be there, for the same id and db_id, and none other.
Result<std::vector<ItemEvaluation>> take_merged_items(MergedShards& merged, const std::string& gold_file,
                                                      const std::string& pred_file, const std::vector<EvalPair>& pairs,
                                                      const std::vector<size_t>& positions);

// `chokepoint eval` with `args`; with `merged`, its items instead of an evaluation (every selected position must be
// there, and no other). Defined in eval_command.cpp.
int run_eval(const Args& args, MergedShards* merged);

}  // namespace chokepoint::cli

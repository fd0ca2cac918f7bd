// Eval's shard items: the worker's encoding of an item, then the fields it does not carry.
#include "cli/eval_shard_items.h"

#include "core/base/byte_codec.h"
#include "core/metrics/evaluation_codec.h"

namespace chokepoint::cli {

std::string encode_eval_item(const ItemEvaluation& item) {
  ByteWriter w;
  w.bytes(encode_item_evaluation(item));
  // The fields evaluation_codec.h leaves out (test-suite rewrites and suites), which the report shows.
  w.bytes(item.executed_gold_sql);
  w.bytes(item.executed_pred_sql);
  w.u64(item.suite_databases);
  w.bytes(item.suite_failed_database);
  return w.take();
}

Result<ItemEvaluation> decode_eval_item(const std::string& bytes) {
  ByteReader r(bytes);
  std::string codec;
  if (!r.bytes(codec)) return Error{"damaged"};
  auto item = decode_item_evaluation(codec);
  if (!item.ok()) return Error{item.error()};
  if (!r.bytes(item->executed_gold_sql) || !r.bytes(item->executed_pred_sql) || !r.size(item->suite_databases) ||
      !r.bytes(item->suite_failed_database) || !r.at_end())
    return Error{"damaged"};
  return item;
}

Result<std::vector<ItemEvaluation>> take_merged_items(MergedShards& merged, const std::string& gold_file,
                                                      const std::string& pred_file, const std::vector<EvalPair>& pairs,
                                                      const std::vector<size_t>& positions) {
  for (const auto& [key, path] : {std::pair{"gold_hash", gold_file}, std::pair{"pred_hash", pred_file}})
    if (auto st = check_input_file(merged, key, path); !st.ok()) return Error{st.error()};
  auto encoded = take_items(merged, positions, "pair");
  if (!encoded.ok()) return Error{encoded.error()};
  std::vector<ItemEvaluation> items;
  items.reserve(pairs.size());
  for (size_t k = 0; k < pairs.size(); ++k) {
    auto item = decode_eval_item((*encoded)[k]);
    const std::string at = "the shards' item at position " + std::to_string(positions[k]);
    if (!item.ok()) return Error{at + " is damaged (" + item.error() + ")"};
    if (item->id != pairs[k].id || item->db_id != pairs[k].db_id) return Error{at + " is not pair " + pairs[k].id};
    items.push_back(std::move(*item));
  }
  return items;
}

}  // namespace chokepoint::cli

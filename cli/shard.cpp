// Shard selection, shard files (JSON with hex-encoded items) and input hashes.
#include "cli/shard.h"

#include <nlohmann/json.hpp>

#include <cstdint>

#include "core/base/byte_codec.h"
#include "core/base/file_text.h"
#include "core/base/json_dump.h"
#include "core/metrics/evaluation_codec.h"

namespace chokepoint::cli {
namespace {

constexpr int kShardFormat = 1;

std::string to_hex(const std::string& bytes) {
  static const char digits[] = "0123456789abcdef";
  std::string out;
  out.reserve(bytes.size() * 2);
  for (unsigned char c : bytes) {
    out += digits[c >> 4];
    out += digits[c & 15];
  }
  return out;
}

bool from_hex(const std::string& text, std::string& out) {
  if (text.size() % 2) return false;
  auto nibble = [](char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    return -1;
  };
  out.clear();
  out.reserve(text.size() / 2);
  for (size_t i = 0; i < text.size(); i += 2) {
    const int hi = nibble(text[i]), lo = nibble(text[i + 1]);
    if (hi < 0 || lo < 0) return false;
    out += static_cast<char>(hi * 16 + lo);
  }
  return true;
}

// The item fields evaluation_codec.h does not carry (test-suite rewrites and suites), which item_to_json reports.
std::string encode_extra(const ItemEvaluation& item) {
  ByteWriter w;
  w.bytes(item.executed_gold_sql);
  w.bytes(item.executed_pred_sql);
  w.u64(item.suite_databases);
  w.bytes(item.suite_failed_database);
  return w.take();
}

bool decode_extra(const std::string& bytes, ItemEvaluation& item) {
  ByteReader r(bytes);
  return r.bytes(item.executed_gold_sql) && r.bytes(item.executed_pred_sql) && r.size(item.suite_databases) &&
         r.bytes(item.suite_failed_database) && r.at_end();
}

bool whole_number(const std::string& text, size_t& value) {
  if (text.empty() || text.size() > 6) return false;
  value = 0;
  for (char c : text) {
    if (c < '0' || c > '9') return false;
    value = value * 10 + static_cast<size_t>(c - '0');
  }
  return true;
}

}  // namespace

Result<ShardSpec> parse_shard_spec(const std::string& text) {
  const auto slash = text.find('/');
  ShardSpec spec;
  if (slash == std::string::npos || !whole_number(text.substr(0, slash), spec.k) ||
      !whole_number(text.substr(slash + 1), spec.n) || spec.k < 1 || spec.k > spec.n || spec.n > 100000)
    return Error{"--shard takes k/n with 1 <= k <= n <= 100000 (e.g. 2/8), not '" + text + "'"};
  return spec;
}

Args report_arguments(const Args& args) {
  Args kept;
  for (size_t i = 0; i < args.size(); ++i) {
    bool dropped = false;
    for (const char* flag : {"--out", "--shard", "--jobs", "--csv"}) {
      const std::string f = flag;
      if (args[i] == f) {
        ++i;  // and its value
        dropped = true;
        break;
      }
      if (args[i].rfind(f + "=", 0) == 0) {
        dropped = true;
        break;
      }
    }
    if (!dropped) kept.push_back(args[i]);
  }
  return kept;
}

Result<std::string> content_hash(const std::string& path) {
  auto bytes = read_file(path);
  if (!bytes.ok()) return Error{bytes.error()};
  uint64_t h = 14695981039346656037ull;
  for (unsigned char c : *bytes) {
    h ^= c;
    h *= 1099511628211ull;
  }
  std::string out(16, '0');
  for (int i = 15; i >= 0; --i, h >>= 4) out[static_cast<size_t>(i)] = "0123456789abcdef"[h & 15];
  return out;
}

std::string shard_to_text(const ShardFile& shard) {
  nlohmann::ordered_json j;
  j["chokepoint_shard"] = kShardFormat;
  j["version"] = shard.version;
  j["shard"] = shard.spec.label();
  j["arguments"] = shard.arguments;
  j["gold_hash"] = shard.gold_hash;
  j["pred_hash"] = shard.pred_hash;
  j["sc_embedding"] = shard.sc_embedding;
  j["embeddings_cached"] = shard.embeddings_cached;
  auto items = nlohmann::ordered_json::array();
  for (size_t i = 0; i < shard.items.size(); ++i)
    items.push_back({{"position", shard.positions[i]},
                     {"item", to_hex(encode_item_evaluation(shard.items[i]))},
                     {"extra", to_hex(encode_extra(shard.items[i]))}});
  j["items"] = std::move(items);
  return dump_json(j, 1) + "\n";
}

Result<ShardFile> read_shard(const std::string& path) {
  auto text = read_file(path);
  if (!text.ok()) return Error{text.error()};
  const auto bad = [&](const std::string& why) {
    return Error{"'" + path + "' is not a shard of chokepoint eval: " + why};
  };
  nlohmann::json j = nlohmann::json::parse(*text, nullptr, false);
  if (j.is_discarded() || !j.is_object()) return bad("not JSON");
  ShardFile shard;
  try {
    if (j.value("chokepoint_shard", 0) != kShardFormat)
      return bad("no chokepoint_shard " + std::to_string(kShardFormat));
    shard.version = j.at("version").get<std::string>();
    if (shard.version != CHOKEPOINT_VERSION)
      return Error{"'" + path + "' was written by chokepoint " + shard.version +
                   ", this is " CHOKEPOINT_VERSION ": merge with the build that ran the shards"};
    auto spec = parse_shard_spec(j.at("shard").get<std::string>());
    if (!spec.ok()) return bad(spec.error());
    shard.spec = *spec;
    shard.arguments = j.at("arguments").get<Args>();
    shard.gold_hash = j.at("gold_hash").get<std::string>();
    shard.pred_hash = j.at("pred_hash").get<std::string>();
    shard.sc_embedding = j.at("sc_embedding").get<std::string>();
    shard.embeddings_cached = j.at("embeddings_cached").get<size_t>();
    for (const auto& e : j.at("items")) {
      const size_t p = e.at("position").get<size_t>();
      if (!shard.spec.contains(p))
        return bad("item at position " + std::to_string(p) + " is not shard " + shard.spec.label() + "'s");
      if (!shard.positions.empty() && p <= shard.positions.back()) return bad("positions out of order");
      std::string bytes, extra;
      if (!from_hex(e.at("item").get<std::string>(), bytes) || !from_hex(e.at("extra").get<std::string>(), extra))
        return bad("an item is not hex");
      auto item = decode_item_evaluation(bytes);
      if (!item.ok() || !decode_extra(extra, *item))
        return bad("the item at position " + std::to_string(p) + " is damaged");
      shard.positions.push_back(p);
      shard.items.push_back(std::move(*item));
    }
  } catch (const nlohmann::json::exception& e) {
    return bad(std::string("a field is missing or of the wrong type (") + e.what() + ")");
  }
  return shard;
}

Result<std::vector<ItemEvaluation>> take_merged_items(MergedShards& merged, const std::string& gold_file,
                                                      const std::string& pred_file, const std::vector<EvalPair>& pairs,
                                                      const std::vector<size_t>& positions) {
  for (const auto& [path, expected] :
       {std::pair{gold_file, merged.gold_hash}, std::pair{pred_file, merged.pred_hash}}) {
    auto hash = content_hash(path);
    if (!hash.ok()) return Error{hash.error()};
    if (*hash != expected) return Error{"'" + path + "' is not the file the shards evaluated (its content changed)"};
  }
  std::vector<ItemEvaluation> items;
  items.reserve(pairs.size());
  for (size_t k = 0; k < pairs.size(); ++k) {
    auto found = merged.items.find(positions[k]);
    if (found == merged.items.end())
      return Error{"no shard holds the pair at position " + std::to_string(positions[k])};
    if (found->second.id != pairs[k].id || found->second.db_id != pairs[k].db_id)
      return Error{"the shards' item at position " + std::to_string(positions[k]) + " is not pair " + pairs[k].id};
    items.push_back(std::move(found->second));
    merged.items.erase(found);
  }
  if (!merged.items.empty())
    return Error{"the shards hold a pair this run does not select (position " +
                 std::to_string(merged.items.begin()->first) + ")"};
  return items;
}

}  // namespace chokepoint::cli

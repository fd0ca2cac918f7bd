// Shard files: JSON with hex-encoded items (JSON strings cannot carry the invalid UTF-8 and exact doubles the
// items hold; the encodings are core/base/byte_codec.h's).
#include "cli/shard_file.h"

#include "core/base/file_text.h"
#include "core/base/json_dump.h"

namespace chokepoint::cli {
namespace {

// 2: the command, run facts and counts as objects (1 held eval's fields at the top level).
constexpr int kShardFormat = 2;

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

}  // namespace

ShardFile new_shard(const std::string& command, const ShardSpec& spec, Args arguments) {
  ShardFile shard;
  shard.command = command;
  shard.spec = spec;
  shard.version = CHOKEPOINT_VERSION;
  shard.arguments = std::move(arguments);
  return shard;
}

std::string shard_to_text(const ShardFile& shard) {
  nlohmann::ordered_json j;
  j["chokepoint_shard"] = kShardFormat;
  j["command"] = shard.command;
  j["version"] = shard.version;
  j["shard"] = shard.spec.label();
  j["arguments"] = shard.arguments;
  j["run"] = shard.run;
  j["counts"] = shard.counts;
  auto items = nlohmann::ordered_json::array();
  for (size_t i = 0; i < shard.items.size(); ++i)
    items.push_back({{"position", shard.positions[i]}, {"item", to_hex(shard.items[i])}});
  j["items"] = std::move(items);
  return dump_json(j, 1) + "\n";
}

Status write_shard(const std::string& path, const ShardFile& shard) {
  if (auto st = write_file(path, shard_to_text(shard)); !st.ok()) return Error{"cannot write '" + path + "'"};
  return ok_status();
}

Result<ShardFile> read_shard(const std::string& path) {
  auto text = read_file(path);
  if (!text.ok()) return Error{text.error()};
  const auto bad = [&](const std::string& why) {
    return Error{"'" + path + "' is not a shard of chokepoint eval, mutate or predict: " + why};
  };
  nlohmann::json j = nlohmann::json::parse(*text, nullptr, false);
  if (j.is_discarded() || !j.is_object()) return bad("not JSON");
  ShardFile shard;
  try {
    const int format = j.value("chokepoint_shard", 0);
    if (format == 0) return bad("no chokepoint_shard field");
    if (format != kShardFormat)
      return Error{"'" + path + "' is a shard in format " + std::to_string(format) + ", this build reads format " +
                   std::to_string(kShardFormat) + ": run the shards again with this build"};
    shard.version = j.at("version").get<std::string>();
    if (shard.version != CHOKEPOINT_VERSION)
      return Error{"'" + path + "' was written by chokepoint " + shard.version +
                   ", this is " CHOKEPOINT_VERSION ": merge with the build that ran the shards"};
    shard.command = j.at("command").get<std::string>();
    auto spec = parse_shard_spec(j.at("shard").get<std::string>());
    if (!spec.ok()) return bad(spec.error());
    shard.spec = *spec;
    shard.arguments = j.at("arguments").get<Args>();
    shard.run = j.at("run");
    if (!shard.run.is_object()) return bad("run is not an object");
    shard.counts = j.at("counts").get<std::map<std::string, long long>>();
    for (const auto& e : j.at("items")) {
      const size_t p = e.at("position").get<size_t>();
      if (!shard.spec.contains(p))
        return bad("item at position " + std::to_string(p) + " is not shard " + shard.spec.label() + "'s");
      if (!shard.positions.empty() && p <= shard.positions.back()) return bad("positions out of order");
      std::string bytes;
      if (!from_hex(e.at("item").get<std::string>(), bytes)) return bad("an item is not hex");
      shard.positions.push_back(p);
      shard.items.push_back(std::move(bytes));
    }
  } catch (const nlohmann::json::exception& e) {
    return bad(std::string("a field is missing or of the wrong type (") + e.what() + ")");
  }
  return shard;
}

}  // namespace chokepoint::cli

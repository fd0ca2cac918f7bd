// The file one shard of a batch command writes (`--shard k/n --out SHARD.json`) and `chokepoint merge` reads: JSON
// naming the command, the build, the shard, the arguments merge replays, the facts every shard of the run must agree
// on (input hashes, labels), the tallies merge adds up, and the shard's work items with their positions. Each
// command encodes its own items (cli/eval_shard_items.h, ...); here they are opaque bytes, written as hex.
#pragma once
#include <cstddef>
#include <map>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "cli/command.h"
#include "cli/shard.h"
#include "core/base/result.h"

namespace chokepoint::cli {

struct ShardFile {
  std::string command;  // the batch command that wrote it: "eval", "mutate" or "predict"
  ShardSpec spec;
  std::string version;  // the chokepoint version that wrote it (items are in that build's encodings)
  Args arguments;       // the command's arguments without those that change no byte of the output (cli/shard.h)
  nlohmann::json run = nlohmann::json::object();  // facts equal in every shard of one run: input hashes, labels
  std::map<std::string, long long> counts;        // this shard's tallies (embeddings, LLM usage); merge adds them
  std::vector<size_t> positions;                  // ascending, each spec.contains(p)
  std::vector<std::string> items;                 // items[i]: the command's encoding of the work at positions[i]
};

// An empty shard of `command` by this build.
ShardFile new_shard(const std::string& command, const ShardSpec& spec, Args arguments);
std::string shard_to_text(const ShardFile& shard);
// The file at `path`, checked for shape, format, build and positions; errors name it.
Result<ShardFile> read_shard(const std::string& path);
// Writes shard_to_text(shard) to `path`.
Status write_shard(const std::string& path, const ShardFile& shard);

}  // namespace chokepoint::cli

// `chokepoint merge`'s side of sharding: the shard files of one run checked against each other (one command, one n,
// the same arguments and run facts, each k exactly once) and combined into what the command takes in place of its
// work. The command then runs with the recorded arguments, so every output comes from the single run's code.
#pragma once
#include <cstddef>
#include <map>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "cli/command.h"
#include "core/base/result.h"

namespace chokepoint::cli {

struct MergedShards {
  std::string command;                      // the command every shard ran
  size_t n = 0;                             // the shard count
  Args arguments;                           // the shards' arguments (equal in all)
  nlohmann::json run;                       // the shards' run facts (equal in all)
  std::map<std::string, long long> counts;  // the shards' tallies added up
  std::map<size_t, std::string> items;      // every shard's items by position
};

// The shard files at `paths`, given in any order, as one run. Refused, naming the files: a file that is no shard,
// shards of different commands, counts, arguments or inputs, a shard given twice, a missing shard.
Result<MergedShards> combine_shards(const std::vector<std::string>& paths);

// The items at `positions`, in that order, taken out of `merged`: each must be there, and none may be left over
// (`what` names an item in the errors: "pair", "gold query", ...).
Result<std::vector<std::string>> take_items(MergedShards& merged, const std::vector<size_t>& positions,
                                            const std::string& what);

// OK when the file at `path` has the content hash the shards recorded as run[key] (cli/shard.h content_hash).
Status check_input_file(const MergedShards& merged, const std::string& key, const std::string& path);

}  // namespace chokepoint::cli

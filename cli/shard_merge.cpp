// Checking shard files against each other and combining them (see shard_merge.h).
#include "cli/shard_merge.h"

#include "cli/shard.h"
#include "cli/shard_file.h"

namespace chokepoint::cli {

Result<MergedShards> combine_shards(const std::vector<std::string>& paths) {
  if (paths.empty()) return Error{"no shard files given"};
  MergedShards merged;
  std::map<size_t, std::string> file_of_k;  // shard number -> the file that holds it
  ShardFile first;
  for (const auto& path : paths) {
    auto shard = read_shard(path);
    if (!shard.ok()) return Error{shard.error()};
    if (file_of_k.empty()) {
      first = *shard;
      first.items.clear();
      merged.command = first.command;
      merged.n = first.spec.n;
      merged.arguments = first.arguments;
      merged.run = first.run;
    } else {
      const auto differ = [&](const std::string& what) {
        return Error{"'" + path + "' and '" + paths.front() + "' are not shards of one run: " + what + " differ"};
      };
      if (shard->command != first.command)
        return differ("their commands (" + shard->command + ", " + first.command + ")");
      if (shard->spec.n != first.spec.n)
        return differ("their shard counts (" + shard->spec.label() + ", " + first.spec.label() + ")");
      if (shard->arguments != first.arguments) return differ("their " + first.command + " arguments");
      if (shard->run != first.run) {
        std::string keys;  // the facts that differ, by name
        for (const auto& [key, value] : first.run.items())
          if (!shard->run.contains(key) || shard->run.at(key) != value) keys += (keys.empty() ? "" : ", ") + key;
        for (const auto& [key, value] : shard->run.items())
          if (!first.run.contains(key)) keys += (keys.empty() ? "" : ", ") + key;
        return differ("the inputs they read (" + keys + ")");
      }
    }
    auto placed = file_of_k.emplace(shard->spec.k, path);
    if (!placed.second)
      return Error{"shard " + shard->spec.label() + " is given twice ('" + placed.first->second + "' and '" + path +
                   "')"};
    for (const auto& [name, count] : shard->counts) merged.counts[name] += count;
    for (size_t i = 0; i < shard->items.size(); ++i)
      merged.items.emplace(shard->positions[i], std::move(shard->items[i]));
  }
  std::string missing;
  for (size_t k = 1; k <= merged.n; ++k)
    if (!file_of_k.count(k))
      missing += (missing.empty() ? "" : ", ") + std::to_string(k) + "/" + std::to_string(merged.n);
  if (!missing.empty())
    return Error{"missing shard" + std::string(merged.n - file_of_k.size() > 1 ? "s " : " ") + missing};
  return merged;
}

Result<std::vector<std::string>> take_items(MergedShards& merged, const std::vector<size_t>& positions,
                                            const std::string& what) {
  std::vector<std::string> items;
  items.reserve(positions.size());
  for (size_t p : positions) {
    auto found = merged.items.find(p);
    if (found == merged.items.end()) return Error{"no shard holds the " + what + " at position " + std::to_string(p)};
    items.push_back(std::move(found->second));
    merged.items.erase(found);
  }
  if (!merged.items.empty())
    return Error{"the shards hold a " + what + " this run does not select (position " +
                 std::to_string(merged.items.begin()->first) + ")"};
  return items;
}

Status check_input_file(const MergedShards& merged, const std::string& key, const std::string& path) {
  auto hash = content_hash(path);
  if (!hash.ok()) return Error{hash.error()};
  if (!merged.run.contains(key) || merged.run.at(key) != *hash)
    return Error{"'" + path + "' is not the file the shards read (its content changed)"};
  return ok_status();
}

}  // namespace chokepoint::cli

// `chokepoint merge`: the shards of one `chokepoint eval --shard k/n` run (cli/shard.h) combined into the report and
// summary the unsharded run writes. The shards' eval arguments are replayed through eval with their items in place
// of the evaluation, so every figure comes from the same code.
#include <iostream>
#include <map>
#include <string>
#include <vector>

#include "cli/command.h"
#include "cli/shard.h"

namespace chokepoint::cli {
namespace {

const char* kUsage =
    "Usage: chokepoint merge --out REPORT.json [--csv ITEMS.csv] SHARD.json...\n"
    "Combines the n shard files of `chokepoint eval ... --shard k/n --out SHARD.json` (k = 1..n, in any order) into\n"
    "the REPORT.json and stdout summary `chokepoint eval` writes without --shard, byte for byte. It re-reads the gold\n"
    "and prediction files and the databases' schemas at the paths the shards were given (run it where those paths\n"
    "resolve; relative paths are taken from the current folder) and refuses, exit 2: shards of another build, of\n"
    "other arguments or other gold/prediction contents, a shard given twice, a missing shard.\n"
    "--csv ITEMS.csv: the rows eval --csv writes.\n"
    "With --llm-config, the summary's embeddings_cached adds up the shards' counts (each shard fetched its own).";

int merge_main(const Args& args) {
  ArgReader r(args, {});
  if (!r.error().empty()) return fail_input(r.error());
  if (r.get("--out").empty()) return fail_input(std::string("missing --out\n") + kUsage);
  if (r.positionals().empty()) return fail_input(std::string("no shard files given\n") + kUsage);
  std::vector<ShardFile> shards;
  std::map<size_t, std::string> file_of_k;  // shard number -> the file that holds it
  for (const auto& path : r.positionals()) {
    auto shard = read_shard(path);
    if (!shard.ok()) return fail_input(shard.error());
    if (!shards.empty()) {
      const ShardFile& first = shards.front();
      const std::string& first_path = r.positionals().front();
      const auto differ = [&](const std::string& what) {
        return fail_input("'" + path + "' and '" + first_path + "' are not shards of one run: " + what + " differ");
      };
      if (shard->spec.n != first.spec.n)
        return differ("their shard counts (" + shard->spec.label() + ", " + first.spec.label() + ")");
      if (shard->arguments != first.arguments) return differ("their eval arguments");
      if (shard->gold_hash != first.gold_hash || shard->pred_hash != first.pred_hash)
        return differ("the gold or prediction files they read");
      if (shard->sc_embedding != first.sc_embedding) return differ("their SC embeddings");
    }
    auto placed = file_of_k.emplace(shard->spec.k, path);
    if (!placed.second)
      return fail_input("shard " + shard->spec.label() + " is given twice ('" + placed.first->second + "' and '" +
                        path + "')");
    shards.push_back(std::move(shard).value());
  }
  const size_t n = shards.front().spec.n;
  std::string missing;
  for (size_t k = 1; k <= n; ++k)
    if (!file_of_k.count(k)) missing += (missing.empty() ? "" : ", ") + std::to_string(k) + "/" + std::to_string(n);
  if (!missing.empty())
    return fail_input("missing shard" + std::string(n - file_of_k.size() > 1 ? "s " : " ") + missing);

  MergedShards merged;
  merged.gold_hash = shards.front().gold_hash;
  merged.pred_hash = shards.front().pred_hash;
  merged.sc_embedding = shards.front().sc_embedding;
  for (auto& shard : shards) {
    merged.embeddings_cached += shard.embeddings_cached;
    for (size_t i = 0; i < shard.items.size(); ++i) merged.items.emplace(shard.positions[i], std::move(shard.items[i]));
  }
  Args eval_args = shards.front().arguments;
  eval_args.insert(eval_args.end(), {"--out", r.get("--out")});
  if (r.has("--csv")) eval_args.insert(eval_args.end(), {"--csv", r.get("--csv")});
  shards.clear();
  return run_eval(eval_args, &merged);
}

const Registrar merge_registrar{
    {"merge", "combine the shard files of chokepoint eval --shard into one report", kUsage, merge_main}};

}  // namespace
}  // namespace chokepoint::cli

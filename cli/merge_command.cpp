// `chokepoint merge`: the shards of one `eval`, `mutate` or `predict` run with --shard k/n (cli/shard_merge.h)
// combined into the outputs the unsharded run writes. The shards' arguments are replayed through their command with
// the shards' items in place of the work, so every figure comes from the same code.
#include <iostream>
#include <map>
#include <string>
#include <vector>

#include "cli/command.h"
#include "cli/common_flags.h"
#include "cli/flag_parser.h"
#include "cli/shard_merge.h"
#include "cli/sharded_commands.h"

namespace chokepoint::cli {
namespace {

const char* kMergeUsage =
    "Usage: chokepoint merge --out OUT [--csv ITEMS.csv] SHARD.json...\n"
    "Combines the n shard files of `chokepoint eval|mutate|predict ... --shard k/n --out SHARD.json` (k = 1..n, in\n"
    "any order) into what the command writes without --shard, byte for byte: its --out (eval and mutate:\n"
    "REPORT.json; predict: PRED.json, and the files beside it), other files and the stdout summary. It re-reads the\n"
    "inputs at the paths the shards were given (gold, predictions, set; the databases' schemas, and for predict the\n"
    "databases that score it; run it where those paths resolve: relative paths are taken from the current folder)\n"
    "and contacts no endpoint. Refused, exit 2: shards of another build, of different commands, arguments or input\n"
    "contents, a shard given twice, a missing shard.\n"
    "--csv ITEMS.csv: eval's rows (eval --csv).\n"
    "Counters the shards kept apart add up: eval's embeddings_cached with --llm-config, predict's usage (network\n"
    "calls, retries, tokens; retries and replays against a real endpoint may differ from one run's).";

FlagTable merge_flags() {
  return {
      flags::out("OUT", "where the merged output goes, as the command's own --out"),
      path_flag("--csv", "ITEMS.csv", "eval's rows (eval --csv)"),
  };
}

int merge_main(const FlagValues& r) {
  if (r.text("--out").empty()) return fail_input(std::string("missing --out\n") + kMergeUsage);
  if (r.positionals().empty()) return fail_input(std::string("no shard files given\n") + kMergeUsage);
  auto merged = combine_shards(r.positionals());
  if (!merged.ok()) return fail_input(merged.error());
  static const std::map<std::string, int (*)(const FlagValues&, MergedShards*)> commands = {
      {"eval", run_eval}, {"mutate", run_mutate}, {"predict", run_predict}};
  auto command = commands.find(merged->command);
  if (command == commands.end())
    return fail_input("'" + r.positionals().front() + "' is a shard of '" + merged->command +
                      "', which this build does not merge");
  if (r.has("--csv") && merged->command != "eval")
    return fail_input("--csv is eval's; these are shards of " + merged->command);
  Args replayed = merged->arguments;
  replayed.insert(replayed.end(), {"--out", r.text("--out")});
  if (r.has("--csv")) replayed.insert(replayed.end(), {"--csv", r.text("--csv")});
  // The shards' arguments, parsed as their command parses them (a shard of an older build may hold a flag this one
  // no longer takes: that is refused here, as a mismatch of builds already is).
  auto parsed = parse_flags(flags_of(command_table().at(merged->command)), replayed, merged->command);
  if (!parsed.ok()) return fail_input("the shards' " + merged->command + " arguments: " + parsed.error());
  return command->second(*parsed, &*merged);
}

const Registrar merge_registrar{
    {"merge", "combine the shard files of eval, mutate or predict --shard into the single run's output", kMergeUsage,
     merge_flags, merge_main}};

}  // namespace
}  // namespace chokepoint::cli

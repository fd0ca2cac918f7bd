// The batch commands `chokepoint merge` replays: each runs with its arguments as usual or, given the merged shards
// of a --shard run, with their items in place of its work, so a merged output is the single run's, byte for byte.
// Each is defined in its command's file.
#pragma once
#include "cli/command.h"
#include "cli/shard_merge.h"

namespace chokepoint::cli {

int run_eval(const FlagValues& r, MergedShards* merged);
int run_mutate(const FlagValues& r, MergedShards* merged);
int run_predict(const FlagValues& r, MergedShards* merged);

}  // namespace chokepoint::cli

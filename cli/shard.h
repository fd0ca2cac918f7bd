// Sharded batch commands (`eval`, `mutate`, `predict` with --shard k/n): which positions shard k of n takes, and
// the hashes and replayed arguments that tie the shards of one run together. The file a shard writes is
// cli/shard_file.h; how merge puts the shards back together is cli/shard_merge.h.
#pragma once
#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "cli/command.h"
#include "core/base/result.h"

namespace chokepoint::cli {

// Shard k of n takes the work items whose 0-based position p (in the gold file, the set, ...) has p % n == k - 1:
// interleaved rather than in blocks, so a file sorted by difficulty or database spreads over the shards.
// Invariant: 1 <= k <= n.
struct ShardSpec {
  size_t k = 1, n = 1;
  bool contains(size_t position) const { return position % n == k - 1; }
  std::string label() const { return std::to_string(k) + "/" + std::to_string(n); }
};
// "k/n" with whole numbers, 1 <= k <= n <= 100000.
Result<ShardSpec> parse_shard_spec(const std::string& text);
// --shard k/n when given; nothing without the flag. The error names the flag's value.
Result<std::optional<ShardSpec>> read_shard(const FlagValues& r);

// `args` without each of `flags` and its value (`--flag value` or `--flag=value`). A shard records its arguments
// without the ones that do not change a byte of the merged output (where it goes, how the work is split), so the
// shards of one run compare equal and merge can replay them.
Args without_flags(const Args& args, const std::vector<std::string>& flags);
// eval's: all but --out, --shard, --jobs and --csv (merge writes the CSV), and the model calls' pacing and replay
// store (--replay, --concurrency, --request-timeout-ms), which change no answer.
Args report_arguments(const Args& args);

// FNV-1a 64 of bytes, or of a file's bytes, as 16 hex digits: tells two inputs apart, it is not a security check.
std::string text_hash(const std::string& bytes);
Result<std::string> content_hash(const std::string& path);

}  // namespace chokepoint::cli

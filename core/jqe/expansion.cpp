// run_jqe: the resumable driver (expansion_job.h) run to the end in one call.
#include "core/jqe/expansion.h"

#include "core/jqe/expansion_job.h"

namespace chokepoint::jqe {

const char* to_string(DiscardReason reason) {
  switch (reason) {
    case DiscardReason::redundant:
      return "redundant";
    case DiscardReason::isomorphic:
      return "isomorphic";
    case DiscardReason::empty_result:
      return "empty_result";
    case DiscardReason::error:
      return "error";
    case DiscardReason::timeout:
      return "timeout";
    case DiscardReason::budget:
      return "budget";
  }
  return "?";
}

JqeRun run_jqe(const std::vector<EvalItem>& seeds, const std::map<std::string, JqeDatabase>& databases,
               const JqeOptions& options) {
  JqeJob job(seeds, databases, options);
  job.advance([] { return true; });
  return job.take_run();
}

}  // namespace chokepoint::jqe

// JQE over a whole evaluation set as a resumable job for the browser: step() does at most a time budget's worth
// of work per frame (one seed at a time, never splitting a seed), so a 1,534-query set never freezes the page.
// Phase 1 enters every seed's join query graph into the isomorphism classes (the input set occupies its classes
// first, thesis Alg. 1 line 37); phase 2 expands seed after seed with run_jqe (jqe_seed_context.h) and merges the
// runs into one JqeRun for the core's reports and the BIRD export.
// Differences from one run_jqe call: with k > 1 rounds each seed's later rounds run right after it (the core runs
// round 1 of every seed first), and once a budget is spent the remaining seeds are recorded as skipped.
#pragma once
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "core/graph/schema_graph.h"
#include "core/jqe/expansion.h"
#include "web/jqe_seed_context.h"

namespace chokepoint::web {

// A database as the job needs it (copied, so loading another file during the job changes nothing).
struct JqeBatchDatabase {
  Schema schema;
  std::shared_ptr<Connection> connection;  // null: schema-only
};

class JqeBatch {
 public:
  JqeBatch(std::vector<jqe::JqeSeed> seeds, std::map<std::string, JqeBatchDatabase> databases,
           const jqe::JqeOptions& options);

  // Works until budget_ms has passed (always at least one unit); returns true when finished.
  bool step(double budget_ms);
  void cancel() { cancelled_ = true; }

  bool done() const { return next_ == seeds_.size() || cancelled_; }
  bool cancelled() const { return cancelled_; }
  size_t total() const { return seeds_.size(); }
  size_t prepared() const { return prepared_; }
  size_t expanded() const { return next_; }
  double longest_step_ms() const { return longest_step_ms_; }  // the longest single seed, for the frame figure
  double work_ms() const { return work_ms_; }
  const jqe::JqeRun& run() const { return run_; }

 private:
  void expand_next();
  void merge(jqe::JqeRun part);

  std::vector<jqe::JqeSeed> seeds_;
  std::map<std::string, JqeBatchDatabase> owned_;
  std::map<std::string, SchemaGraph> graphs_;
  std::map<std::string, jqe::JqeDatabase> databases_;
  jqe::JqeOptions options_;
  ClassMembers classes_;
  size_t prepared_ = 0, next_ = 0;
  bool cancelled_ = false;
  double longest_step_ms_ = 0, work_ms_ = 0;
  jqe::JqeRun run_;
};

}  // namespace chokepoint::web

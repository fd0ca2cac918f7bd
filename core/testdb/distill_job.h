// A distilled test suite built a piece at a time (distilled_suite.h), for a host that draws frames in between: the
// page steps it within a frame's budget, distill_test_suite runs it to the end. Each step is one unit of work: a
// random database drawn, one item's gold and mutants run on the current draw, or one member of the greedy cover
// rebuilt from its seed. The suite is the same however the steps are spread.
#pragma once
#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "core/base/result.h"
#include "core/db/connection.h"
#include "core/schema/schema.h"
#include "core/testdb/distilled_suite.h"
#include "core/testdb/testsuite_baseline.h"

namespace chokepoint::testdb {

class DistillJob {
 public:
  // Reads what every draw needs from `original` at once (its schema script, keys and value pools); `original` is not
  // kept. A failure there is the job's error, and the job is finished.
  DistillJob(const Connection& original, Schema schema, std::vector<SuiteItem> items, DistilledSuiteOptions options);

  void step();  // one unit of work; nothing once finished
  bool finished() const { return phase_ == Phase::Done; }
  const std::string& error() const { return error_; }

  // Progress: draws made of those asked for, and members rebuilt of those kept.
  size_t draws_made() const { return suite_.draws; }
  size_t draws_asked() const { return options_.draws; }
  size_t members_kept() const { return suite_.members.size(); }
  size_t members_chosen() const { return cover_.size(); }

  // The suite, once finished without an error (moved out: call once); the error otherwise.
  Result<DistilledSuite> take();

 private:
  enum class Phase { Drawing, Rebuilding, Done };
  Result<RandomDatabase> draw(size_t i) const;
  void fail(std::string why);
  void close_drawing();  // the cover of every draw's kills; the members to rebuild
  void close_suite();    // per-item kills and the suite's totals

  Schema schema_;
  std::vector<SuiteItem> items_;
  DistilledSuiteOptions options_;
  std::optional<DrawSource> source_;
  Phase phase_ = Phase::Drawing;
  std::string error_;
  DistilledSuite suite_;
  std::optional<Connection> current_;     // the draw whose items are being run
  size_t next_item_ = 0;                  // the next item to run on current_
  std::vector<bool> row_;                 // current_'s kills so far, all items' mutants in order
  std::vector<std::vector<bool>> kills_;  // one finished row per draw
  std::vector<CoverStep> cover_;          // the greedy cover, once drawing ends
  std::vector<bool> covered_;             // mutants killed by the members rebuilt so far
};

}  // namespace chokepoint::testdb

// Discrimination of a test database (beyond SynSQL): the share of a gold query's mutants (the single-error
// mutants of core/mutate) whose result on the database differs from the gold's under the run's EX semantics, so a
// mutant EX would score 1 there counts as not told apart. It answers SynSQL's requirement 2 (a database must tell
// correct queries from wrong ones) without any predictions, for any database: the original, SynSQL's, the
// test-suite baseline's. A mutant that fails or hits a limit is counted apart and never as told apart (the data did
// not tell it apart); when the gold itself fails, none of its mutants is.
#pragma once
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/db/connection.h"
#include "core/db/database_pool.h"
#include "core/metrics/execution_accuracy.h"

namespace chokepoint::testdb {

struct GoldDiscrimination {
  bool gold_ok = false;        // the gold ran within the limits
  bool gold_nonempty = false;  // ... and returned a row (SynSQL's SR)
  size_t mutants = 0;          // given
  size_t distinguished = 0;    // ran and returned a result EX tells apart from the gold's
  size_t mutant_failures = 0;  // failed or stopped by a limit (gold ran)
  size_t queries = 0;          // statements executed
};

// Runs `gold_sql` and each mutant on `db` under `limits`. TestSuite semantics compares as Spider does (the queries
// are run as given, not rewritten). With stop_after > 0, stops once that many mutants are told apart (the rest are
// neither distinguished nor failures). With `told_apart`, it is set to one flag per mutant: true for those told
// apart (what a distilled suite covers, distilled_suite.h); with `failed`, true for those that failed or hit a limit.
GoldDiscrimination discriminate_gold(const Connection& db, const std::string& gold_sql,
                                     const std::vector<std::string>& mutants, ExSemantics semantics,
                                     const QueryLimits& limits, size_t stop_after = 0,
                                     std::vector<bool>* told_apart = nullptr, std::vector<bool>* failed = nullptr);

// The same on a distilled test suite (DatabasePool::get_suite): a mutant is told apart when any member tells it
// apart, as the suite kills it (distilled_suite.h); the gold ran when it ran on some member, and is non-empty when
// it returned a row on some member (a suite's SR). Failures count mutants that failed on some member and were told
// apart on none; queries add up over the members.
GoldDiscrimination discriminate_gold_on_suite(const std::vector<PooledDatabase>& suite, const std::string& gold_sql,
                                              const std::vector<std::string>& mutants, ExSemantics semantics,
                                              const QueryLimits& limits);

// Totals over golds: the share is distinguished / mutants (every mutant of every gold, failed golds' included).
struct DiscriminationTotals {
  size_t golds = 0, golds_failed = 0, golds_nonempty = 0;
  size_t golds_with_mutants = 0;   // golds with at least one mutant
  size_t golds_distinguished = 0;  // golds with at least one mutant told apart
  size_t mutants = 0, distinguished = 0, mutant_failures = 0;
  void add(const GoldDiscrimination& g);
  double share() const { return mutants == 0 ? 0.0 : static_cast<double>(distinguished) / mutants; }
};
// {share, mutants, distinguished, golds, golds_distinguished, golds_failed, mutant_failures}: every front end's form.
nlohmann::ordered_json discrimination_totals_json(const DiscriminationTotals& t);

}  // namespace chokepoint::testdb

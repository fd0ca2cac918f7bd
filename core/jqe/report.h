// JQE reports as JSON (decisions.md §5 "Reports"): counts of the generated set (= expansion + pruned, every
// non-redundant candidate; redundant combinations are filtered before any SQL exists, thesis Alg. 1 line 27),
// JQG shape distributions before and after, average degree 2|E|/|V| (mean over queries, thesis Fig. 3.5),
// the Δd̄ table laid out like thesis Table 3.2, the cyclic share like Table 3.4, and the same per database.
#pragma once
#include <cstddef>
#include <memory>

#include <nlohmann/json.hpp>

#include "core/jqe/expansion.h"

namespace chokepoint::jqe {

// The CLI's summary: seeds, generated, expansion, pruned, pruned_by_reason, redundant, avg_degree_before,
// avg_degree_generated, avg_degree_expansion, cyclic_pct_before, cyclic_pct_generated, cyclic_pct_expansion, ...
// and, when JqeOptions::unnest is on, unnesting {seeds_unnested, seeds_left_nested, tables_inlined,
// left_nested_by_reason} over round-1 seeds that were parsed (thesis §3.3.1).
nlohmann::json jqe_summary(const JqeRun& run);
// Summary plus shape distributions, Δd̄ tables (generated and expansion sets) and per-database summaries.
nlohmann::json jqe_report(const JqeRun& run);

// jqe_report in slices, for a run too large to report within one frame (BIRD dev: half a million discards).
// feed() counts the next records (seeds, then expansions, then discards); report() lays the JSON out once all are
// counted. The run must outlive the builder and not change while it is fed.
class JqeReportBuilder {
 public:
  explicit JqeReportBuilder(const JqeRun& run);
  ~JqeReportBuilder();
  JqeReportBuilder(const JqeReportBuilder&) = delete;
  JqeReportBuilder& operator=(const JqeReportBuilder&) = delete;

  size_t records() const;  // seeds + expansions + discards
  size_t counted() const { return next_; }
  bool complete() const { return next_ >= records(); }
  bool feed(size_t records);  // returns complete()
  nlohmann::json report() const;

 private:
  struct Counts;
  const JqeRun& run_;
  std::unique_ptr<Counts> counts_;
  size_t next_ = 0;
};

// The expansion set in BIRD dev.json form (question_id, db_id, question, evidence, SQL, difficulty) plus
// provenance: question_status "pending" (the seed's question until the LLM layer rewrites it), jqe {seed_id,
// root_seed_id, round, candidate_table, alias, conditions, iso_class, nodes, edges, cyclic}, plus
// seed_sql_unnested when the expansion was built on the unnested seed.
nlohmann::json expansion_set_json(const JqeRun& run);
// Every discarded candidate with its reason, for inspection.
nlohmann::json pruned_set_json(const JqeRun& run);

}  // namespace chokepoint::jqe

// The batch job. Global isomorphism class ids are the job's own ClassMembers ids, written back into the merged
// expansions and isomorphic discards, so the export's iso_class means the same thing across seeds.
#include "web/jqe_batch.h"

#include <algorithm>
#include <chrono>

#include "core/jqe/candidate_tables.h"
#include "core/jqe/diversity.h"
#include "core/jqe/join_conditions.h"

namespace chokepoint::web {
namespace {

double now_ms() {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

// The expanded graph of a discarded combination, rebuilt from its seed (as the driver built it).
Result<UndirectedGraph> discard_graph(const jqe::SeedRecord& seed, const jqe::Discard& d, const Schema& schema,
                                      const SchemaGraph& graph) {
  auto p = parse_query_for_jqe(seed.item.sql, schema);
  if (!p.ok()) return Error{p.error()};
  const std::vector<int> tables = jqe::candidate_tables((*p)->jqg, graph);
  if (d.candidate < 0 || d.candidate >= static_cast<int>(tables.size())) return Error{"candidate out of range"};
  const auto conds = jqe::join_conditions((*p)->jqg, graph, tables[static_cast<size_t>(d.candidate)]);
  std::vector<int> joined;
  for (int i : d.conditions)
    if (i >= 0 && i < static_cast<int>(conds.size())) joined.push_back(conds[static_cast<size_t>(i)].node);
  std::sort(joined.begin(), joined.end());
  joined.erase(std::unique(joined.begin(), joined.end()), joined.end());
  return jqe::expanded_graph(jqe::to_graph((*p)->jqg), graph.tables[static_cast<size_t>(tables[static_cast<size_t>(d.candidate)])],
                             joined);
}

}  // namespace

JqeBatch::JqeBatch(std::vector<jqe::JqeSeed> seeds, std::map<std::string, JqeBatchDatabase> databases,
                   const jqe::JqeOptions& options)
    : seeds_(std::move(seeds)), owned_(std::move(databases)), options_(options), classes_(options.iso) {
  run_.options = options;
  run_.input_seeds = seeds_.size();
  for (const auto& [id, db] : owned_) graphs_[id] = build_schema_graph(db.schema);
  for (const auto& [id, db] : owned_)
    databases_[id] = jqe::JqeDatabase{&db.schema, &graphs_.at(id), db.connection.get()};
}

bool JqeBatch::step(double budget_ms) {
  const double start = now_ms();
  do {
    if (done()) break;
    const double t0 = now_ms();
    if (prepared_ < seeds_.size()) {
      const auto& s = seeds_[prepared_++];
      auto db = owned_.find(s.db_id);
      if (db != owned_.end()) classes_.add(s, db->second.schema);
    } else {
      expand_next();
      longest_step_ms_ = std::max(longest_step_ms_, now_ms() - t0);
    }
  } while (now_ms() - start < budget_ms);
  work_ms_ += now_ms() - start;
  if (done()) run_.iso_classes = classes_.class_count();
  return done();
}

void JqeBatch::expand_next() {
  const jqe::JqeSeed& seed = seeds_[next_++];
  if (options_.budget > 0 && run_.expansions.size() >= options_.budget) {
    jqe::SeedRecord rec;
    rec.item = seed;
    rec.root_id = seed.id;
    rec.skipped = "budget: " + std::to_string(options_.budget) + " expansions reached before this seed";
    run_.seeds.push_back(std::move(rec));
    return;
  }
  jqe::JqeOptions o = options_;
  if (o.budget > 0) o.budget -= run_.expansions.size();
  merge(run_jqe_in_context(seed, classes_.context(options_.per_pattern), databases_, o));
}

void JqeBatch::merge(jqe::JqeRun part) {
  const int offset = static_cast<int>(run_.seeds.size());
  auto db = owned_.find(part.seeds.empty() ? std::string() : part.seeds[0].item.db_id);
  for (auto& x : part.expansions) {
    const jqe::SeedRecord& from = part.seeds[static_cast<size_t>(x.seed)];
    jqe::JqeSeed as_query = from.item;
    as_query.id = x.id;
    as_query.sql = x.sql;
    if (db != owned_.end()) {
      auto p = parse_query_for_jqe(x.sql, db->second.schema);
      if (p.ok()) x.iso_class = classes_.add_graph(jqe::to_graph((*p)->jqg), as_query);
    }
    x.seed += offset;
  }
  for (auto& d : part.discards) {
    if (d.reason == jqe::DiscardReason::isomorphic && db != owned_.end()) {
      auto g = discard_graph(part.seeds[static_cast<size_t>(d.seed)], d, db->second.schema, graphs_.at(db->first));
      d.iso_class = g.ok() ? classes_.find(*g) : -1;
    }
    d.seed += offset;
  }
  for (auto& s : part.seeds) run_.seeds.push_back(std::move(s));
  for (auto& x : part.expansions) run_.expansions.push_back(std::move(x));
  for (auto& d : part.discards) run_.discards.push_back(std::move(d));
}

}  // namespace chokepoint::web

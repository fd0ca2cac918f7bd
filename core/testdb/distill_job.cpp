// The distilled test suite a unit at a time (see distill_job.h).
#include "core/testdb/distill_job.h"

#include <algorithm>
#include <utility>

namespace chokepoint::testdb {

DistillJob::DistillJob(const Connection& original, Schema schema, std::vector<SuiteItem> items,
                       DistilledSuiteOptions options)
    : schema_(std::move(schema)), items_(std::move(items)), options_(options) {
  for (const auto& item : items_) suite_.mutants += item.mutants.size();
  auto source = draw_source(original, schema_, items_, options_.values_per_column, options_.limits);
  if (!source.ok()) {
    fail(source.error());
    return;
  }
  source_ = std::move(*source);
  if (options_.draws == 0) close_drawing();
}

Result<RandomDatabase> DistillJob::draw(size_t i) const {
  RandomDatabaseOptions ro;
  ro.seed = draw_seed(options_.seed, schema_.db_id, i);
  ro.max_rows = options_.max_rows;
  return random_database(source_->script, schema_, source_->uniques, source_->pools, ro);
}

void DistillJob::fail(std::string why) {
  error_ = std::move(why);
  current_.reset();
  phase_ = Phase::Done;
}

void DistillJob::step() {
  if (phase_ == Phase::Drawing) {
    if (!current_) {
      auto db = draw(kills_.size());
      if (!db.ok()) return fail(db.error());
      current_ = std::move(db->db);
      next_item_ = 0;
      row_.clear();
      row_.reserve(suite_.mutants);
      return;
    }
    if (next_item_ < items_.size()) {
      const SuiteItem& item = items_[next_item_++];
      std::vector<bool> told;
      const auto g =
          discriminate_gold(*current_, item.gold_sql, item.mutants, options_.semantics, options_.limits, 0, &told);
      suite_.queries += g.queries;
      row_.insert(row_.end(), told.begin(), told.end());
    }
    if (next_item_ < items_.size()) return;
    kills_.push_back(std::move(row_));
    row_.clear();
    current_.reset();
    ++suite_.draws;
    if (kills_.size() == options_.draws) close_drawing();
    return;
  }
  if (phase_ == Phase::Rebuilding) {
    const CoverStep& step = cover_[suite_.members.size()];
    auto db = draw(step.set);  // the same seed gives the same database (random_database.h)
    if (!db.ok()) return fail(db.error());
    SuiteMember m{step.set,         draw_seed(options_.seed, schema_.db_id, step.set), 0, step.gained, db->stats,
                  std::move(db->db)};
    const auto& row = kills_[step.set];
    for (size_t e = 0; e < suite_.mutants; ++e) {
      m.killed_alone += row[e];
      covered_[e] = covered_[e] || row[e];
    }
    suite_.killed_by_best_single = std::max(suite_.killed_by_best_single, m.killed_alone);
    suite_.members.push_back(std::move(m));
    if (suite_.members.size() == cover_.size()) close_suite();
  }
}

void DistillJob::close_drawing() {
  std::vector<bool> reach(suite_.mutants, false);
  for (const auto& row : kills_)
    for (size_t e = 0; e < row.size(); ++e) reach[e] = reach[e] || row[e];
  suite_.killable = static_cast<size_t>(std::count(reach.begin(), reach.end(), true));
  covered_.assign(suite_.mutants, false);
  cover_ = greedy_cover(kills_, options_.max_databases);
  phase_ = Phase::Rebuilding;
  if (cover_.empty()) close_suite();
}

void DistillJob::close_suite() {
  size_t offset = 0;
  for (const auto& item : items_) {
    size_t killed = 0;
    for (size_t j = 0; j < item.mutants.size(); ++j) killed += covered_[offset + j];
    suite_.item_killed.push_back(killed);
    offset += item.mutants.size();
  }
  suite_.killed_by_suite = static_cast<size_t>(std::count(covered_.begin(), covered_.end(), true));
  phase_ = Phase::Done;
}

Result<DistilledSuite> DistillJob::take() {
  if (!error_.empty()) return Error{error_};
  if (phase_ != Phase::Done) return Error{"the distilled suite is not finished"};
  return std::move(suite_);
}

}  // namespace chokepoint::testdb

// BigTable-0.2k as one stepped job (see bigtable_job.h).
#include "core/runner/bigtable_job.h"

#include <algorithm>
#include <set>

#include "core/base/clock.h"
#include "core/schema/sqlite_schema.h"
#include "core/tqa/denaturalisation.h"

namespace chokepoint::runner {

const char* bigtable_phase_name(BigtablePhase p) {
  switch (p) {
    case BigtablePhase::filter:
      return "changing filter values";
    case BigtablePhase::rename:
      return "renaming";
    case BigtablePhase::done:
      return "done";
    case BigtablePhase::failed:
      return "failed";
  }
  return "?";
}

Result<nlohmann::ordered_json> bigtable_table2(const EvalSet& set, const std::map<std::string, Schema>& schemas,
                                               uint64_t seed) {
  auto counted = bigtable_subset(set, schemas, set.items.size() + 1, seed);
  if (!counted.ok()) return Error{counted.error()};
  return bigtable_table2_json(*counted);
}

Result<std::unique_ptr<BigtableJob>> BigtableJob::start(const EvalSet& source,
                                                        std::map<std::string, BigtableDatabase> databases,
                                                        BigtableOptions options) {
  if (options.rename_to && !options.lexicon) return Error{"renaming needs the WordNet lexicon"};
  std::map<std::string, Schema> schemas;
  for (const auto& [id, db] : databases) schemas.emplace(id, db.schema);
  auto sub = bigtable_subset(source, schemas, options.per_stratum, options.seed);
  if (!sub.ok()) return Error{sub.error()};
  std::unique_ptr<BigtableJob> job(new BigtableJob());
  job->databases_ = std::move(databases);
  job->options_ = std::move(options);
  job->subset_ = std::move(*sub);
  job->built_ = job->subset_.subset;
  job->notes_ = job->subset_.notes;
  if (job->subset_.unresolved > 0)
    job->notes_.push_back(std::to_string(job->subset_.unresolved) +
                          " items of the set were not counted: their gold query does not parse or their database is "
                          "not open");
  return job;
}

void BigtableJob::append(std::vector<EvalItem> items) {
  if (next_ > 0 || phase_ != BigtablePhase::filter) return;  // only before the first step
  for (auto& it : items) built_.items.push_back(std::move(it));
}

size_t BigtableJob::four_table_shortfall() const {
  const size_t taken = subset_.strata.size() > 3 ? subset_.strata[3].taken : 0;
  return options_.per_stratum - std::min(options_.per_stratum, taken);
}

std::vector<EvalItem> BigtableJob::expansion_seeds(const EvalSet& source) const {
  std::set<std::string> taken;
  for (const auto& it : subset_.subset.items) taken.insert(it.key);
  std::vector<EvalItem> seeds;
  for (const auto& it : source.items) {
    const auto db = databases_.find(it.db_id);
    if (taken.count(it.key) || db == databases_.end()) continue;
    auto tables = gold_tables(it.sql, db->second.schema);
    if (tables.ok() && tables->size() == 3) seeds.push_back(it);
  }
  return seeds;
}

size_t BigtableJob::append_expansions(const nlohmann::json& expansions) {
  const size_t short_by = four_table_shortfall();
  if (next_ > 0 || phase_ != BigtablePhase::filter || !expansions.is_array()) return 0;
  std::set<std::string> keys;
  for (const auto& it : built_.items) keys.insert(it.key);
  size_t added = 0;
  for (const auto& x : expansions) {
    if (added == short_by) break;
    if (!x.is_object() || !x.contains("question_status") || x["question_status"] != "generated") continue;
    auto text = [&x](const char* key) {
      return x.contains(key) && x[key].is_string() ? x[key].get<std::string>() : std::string();
    };
    EvalItem item;
    item.key = "jqe-" + (x.contains("question_id") ? (x["question_id"].is_string() ? x["question_id"].get<std::string>()
                                                                                   : x["question_id"].dump())
                                                   : std::to_string(added));
    if (!keys.insert(item.key).second) continue;
    item.db_id = text("db_id");
    item.question = text("question");
    item.evidence = text("evidence");
    item.sql = text("SQL");
    const auto db = databases_.find(item.db_id);
    if (db == databases_.end()) continue;
    auto tables = gold_tables(item.sql, db->second.schema);
    if (!tables.ok() || tables->size() < 4) continue;
    built_.items.push_back(std::move(item));
    ++added;
  }
  if (added > 0)
    notes_.push_back("the >3 stratum has " + std::to_string(added) +
                     " three-table items expanded by one join (ids jqe-...), their questions the model's");
  if (added < short_by)
    notes_.push_back("the >3 stratum is " + std::to_string(short_by - added) +
                     " items short after expanding: the model wrote too few questions, or too few three-table items "
                     "expand");
  return added;
}

void BigtableJob::fail(const std::string& message) {
  phase_ = BigtablePhase::failed;
  error_ = message;
  batch_.reset();
}

void BigtableJob::step(double now_ms, double budget_ms) {
  const double start = monotonic_ms();
  if (phase_ == BigtablePhase::filter) {
    if (!options_.change_filters) next_ = built_.items.size();
    while (next_ < built_.items.size() && monotonic_ms() - start < budget_ms) {
      EvalItem& it = built_.items[next_];
      const auto db = databases_.find(it.db_id);
      change_item_filter(it, next_, db == databases_.end() ? nullptr : db->second.connection.get(), options_.seed,
                         options_.limits, tally_);
      ++next_;
    }
    if (next_ < built_.items.size()) return;
    if (options_.rename_to)
      start_rename();
    else
      finish();
  }
  if (phase_ == BigtablePhase::rename) {
    const double spent = monotonic_ms() - start;
    batch_->step(now_ms + spent, budget_ms - spent);
    if (!batch_->finished()) return;
    if (!batch_->error().empty()) return fail("renaming " + batch_->error());
    finish_rename();
  }
}

void BigtableJob::run_to_end() {
  while (!finished()) step(monotonic_ms(), 1000);
}

// One DenatBatch database per db_id of the built set, in db_id order (as `chokepoint tqa denat` groups a set).
void BigtableJob::start_rename() {
  phase_ = BigtablePhase::rename;
  std::map<std::string, std::vector<EvalItem>> by_db;
  for (const auto& it : built_.items) by_db[it.db_id].push_back(it);
  std::vector<tqa::DenatDatabase> dbs;
  for (auto& [id, items] : by_db) {
    const auto db = databases_.find(id);
    if (db == databases_.end() || !db->second.connection) {
      left_out_ += items.size();
      notes_.push_back(id + ": not open, so not renamed; its " + std::to_string(items.size()) + " items are left out");
      continue;
    }
    const RenamedCopy copy = options_.rename_to(id);
    renamed_ids_[id] = copy.db_id;
    renamed_.push_back(copy);
    dbs.push_back({db->second.schema, db->second.connection, std::move(items), copy.path});
  }
  tqa::DenatJobOptions o;
  o.limits = options_.limits;
  batch_ = std::make_unique<tqa::DenatBatch>(std::move(dbs), *options_.lexicon, o, options_.rename_llm);
}

void BigtableJob::finish_rename() {
  EvalSet renamed;
  renamed.format = built_.format;
  size_t changed_result = 0;
  for (const auto& r : batch_->results()) {
    if (!r.kept) {
      ++changed_result;
      continue;
    }
    EvalItem t = r.in_setting(tqa::DenatSetting::OL);
    t.db_id = renamed_ids_.at(r.original.db_id);
    renamed.items.push_back(std::move(t));
  }
  plans_ = batch_->plans();
  llm_use_ = batch_->llm_use();
  batch_.reset();
  built_ = std::move(renamed);
  // Table 2 counts the schemas the set now runs on: the renamed copies'.
  std::map<std::string, BigtableDatabase> copies;
  for (const auto& c : renamed_) {
    auto db = Connection::open_read_only(c.path);
    if (!db.ok()) return fail("cannot reopen the renamed copy " + c.path + ": " + db.error());
    SchemaReadOptions ro;
    ro.count_rows = false;
    auto schema = read_schema(*db, c.db_id, ro);
    if (!schema.ok()) return fail("cannot read the renamed schema of " + c.db_id + ": " + schema.error());
    copies[c.db_id] = {std::move(*schema), std::make_shared<Connection>(std::move(*db))};
  }
  databases_ = std::move(copies);
  left_out_ += changed_result;
  if (changed_result > 0)
    notes_.push_back(std::to_string(changed_result) +
                     " items left out by the rename step: their renamed gold query did not give the original's rows");
  finish();
}

void BigtableJob::finish() {
  std::map<std::string, Schema> schemas;
  for (const auto& [id, db] : databases_) schemas.emplace(id, db.schema);
  auto t2 = bigtable_table2(built_, schemas, options_.seed);
  if (!t2.ok()) return fail(t2.error());
  table2_ = std::move(*t2);
  phase_ = BigtablePhase::done;
}

}  // namespace chokepoint::runner

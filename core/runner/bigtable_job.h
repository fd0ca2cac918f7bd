// BigTable-0.2k (004 §3.3) built as one stepped job, so the page can build it a few items a frame and
// `chokepoint bigtable` runs the same steps to the end:
//   subset         N items per number of gold tables, seeded (bigtable_subset.h), when the job starts;
//   (expansions)   items the host adds before the first step (the CLI's three-table queries expanded by JQE, whose
//                  questions a model writes);
//   filter         in each item, one mentioned filter value changed to another that keeps the result non-empty, item
//                  i with the seed seed + i (bigtable_build.h);
//   rename         each database's tables and columns renamed by the de-naturalisation renamer (tqa::DenatBatch, its
//                  O/L setting: the question as it was, the gold rewritten); an item whose renamed gold changes its
//                  result is left out, as `chokepoint tqa denat` leaves it out;
//   Table 2        counted on the schemas the built set runs on, beside the paper's.
#pragma once
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/base/result.h"
#include "core/dataset/eval_set.h"
#include "core/db/connection.h"
#include "core/lexicon/lexicon.h"
#include "core/runner/bigtable_build.h"
#include "core/runner/bigtable_subset.h"
#include "core/schema/schema.h"
#include "core/tqa/denat_batch.h"

namespace chokepoint::runner {

struct BigtableDatabase {
  Schema schema;
  std::shared_ptr<const Connection> connection;  // null: the database is not open (its items keep their values)
};

// Where a database's renamed copy goes and the db_id the built set gives it (the CLI keeps the db_id in a new
// folder; the page, whose databases share one name space, gives the copy a new one).
struct RenamedCopy {
  std::string path;
  std::string db_id;
};

struct BigtableOptions {
  size_t per_stratum = 50;
  uint64_t seed = 1;
  bool change_filters = true;
  QueryLimits limits;  // one query of the filter step, and each gold query of the rename step
  // The rename step, when set: where each database of the built set is copied and renamed. The lexicon must be given.
  std::function<RenamedCopy(const std::string& db_id)> rename_to;
  const Lexicon* lexicon = nullptr;
  // The rename step's model, as `chokepoint tqa denat --llm-config` asks it (each name's naturalness, then the kept
  // items' questions and evidence with the new names); no scheduler: the dictionary-coverage heuristic. The
  // scheduler and prompt library must outlive the job.
  tqa::DenatLlm rename_llm;
};

enum class BigtablePhase { filter, rename, done, failed };
const char* bigtable_phase_name(BigtablePhase p);  // "changing filter values", "renaming", "done", "failed"

class BigtableJob {
 public:
  // Draws the subset of `source` on `databases` (keyed by the items' db_id); errors as bigtable_subset's, and
  // rename_to without a lexicon.
  static Result<std::unique_ptr<BigtableJob>> start(const EvalSet& source,
                                                    std::map<std::string, BigtableDatabase> databases,
                                                    BigtableOptions options);

  const SubsetReport& subset() const { return subset_; }
  // Adds items to the built set before the first step (they go through the filter and rename steps too).
  void append(std::vector<EvalItem> items);

  // The expansion step (004 §3.3: the >3 stratum topped up by three-table queries one join longer, their questions
  // written by a model), whose JQE run and model calls the host makes:
  // how many items the >3 stratum lacks (N minus the subset's items with more than three tables);
  size_t four_table_shortfall() const;
  // the seeds: `source`'s three-table items the subset did not take, in the set's order;
  std::vector<EvalItem> expansion_seeds(const EvalSet& source) const;
  // the expansions as JQE's set JSON with each question's status (`chokepoint jqe --out` writes it,
  // jqe::QuestionJob::to_json gives it): those whose question was generated and whose query reads more than three
  // tables are appended, ids jqe-<question_id>, up to the shortfall, before the first step. Returns how many; the
  // notes say it, and what is still short.
  size_t append_expansions(const nlohmann::json& expansions);

  // Works until `budget_ms` is spent; `now_ms` is the host's clock.
  void step(double now_ms, double budget_ms);
  void run_to_end();  // steps until finished (native hosts)
  bool finished() const { return phase_ == BigtablePhase::done || phase_ == BigtablePhase::failed; }
  BigtablePhase phase() const { return phase_; }
  const std::string& error() const { return error_; }
  size_t filtered() const { return next_; }  // items whose filter step is done
  // The rename step waits for the model's answers (its scheduler's calls are out, or held for a preview).
  bool waiting_for_llm() const { return batch_ && batch_->waiting_for_llm(); }
  // How the rename step's model calls fared (every database's), once it is done.
  const tqa::DenatLlmUse& rename_llm_use() const { return llm_use_; }

  // The built set: the subset and appended items, their filter values changed; once done with rename_to, the kept
  // items in the O/L setting on the renamed copies.
  const EvalSet& built() const { return built_; }
  const FilterChangeTally& tally() const { return tally_; }
  // With rename_to, once done: each renamed copy (in the order renamed) and the items left out.
  const std::vector<RenamedCopy>& renamed() const { return renamed_; }
  const std::vector<tqa::RenamePlan>& plans() const { return plans_; }
  size_t left_out() const { return left_out_; }
  // Once done: Table 2 of the built set (bigtable_table2_json) and what the steps say about themselves.
  const nlohmann::ordered_json& table2() const { return table2_; }
  const std::vector<std::string>& notes() const { return notes_; }

 private:
  BigtableJob() = default;
  void start_rename();
  void finish_rename();
  void finish();
  void fail(const std::string& message);

  std::map<std::string, BigtableDatabase> databases_;
  BigtableOptions options_;
  SubsetReport subset_;
  EvalSet built_;
  BigtablePhase phase_ = BigtablePhase::filter;
  std::string error_;
  size_t next_ = 0;
  FilterChangeTally tally_;
  std::unique_ptr<tqa::DenatBatch> batch_;
  std::map<std::string, std::string> renamed_ids_;  // original db_id -> the copy's
  std::vector<RenamedCopy> renamed_;
  std::vector<tqa::RenamePlan> plans_;
  tqa::DenatLlmUse llm_use_;
  size_t left_out_ = 0;
  nlohmann::ordered_json table2_;
  std::vector<std::string> notes_;
};

// Table 2 of `set` counted on `schemas` (every item of every stratum, seed as the subset's).
Result<nlohmann::ordered_json> bigtable_table2(const EvalSet& set, const std::map<std::string, Schema>& schemas,
                                               uint64_t seed);

}  // namespace chokepoint::runner

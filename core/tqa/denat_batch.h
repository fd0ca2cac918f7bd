// De-naturalising several databases one after another (SQLMorph §V over a whole set): one DenatJob per database, in
// the order given, each item of a database going through that database's job. `chokepoint tqa denat` runs it over a
// set's databases; BigTable's rename step (core/runner/bigtable_job.h) runs it over the built set's.
#pragma once
#include <memory>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/db/connection.h"
#include "core/lexicon/lexicon.h"
#include "core/schema/schema.h"
#include "core/tqa/denat_job.h"

namespace chokepoint::tqa {

struct DenatDatabase {
  Schema schema;                               // the original's
  std::shared_ptr<const Connection> original;  // read; the caller may hand a non-owning pointer that outlives the batch
  std::vector<EvalItem> items;                 // the set's items on this database
  std::string renamed_path;                    // where its renamed copy is written
};

class DenatBatch {
 public:
  // `options.renamed_path` is ignored (each database has its own); `lexicon` and the LLM's scheduler and library
  // must outlive the batch.
  DenatBatch(std::vector<DenatDatabase> databases, const Lexicon& lexicon, DenatJobOptions options, DenatLlm llm = {});

  // Works on the current database's job until `budget_ms` is spent (or it waits for the model), moving on to the
  // next database when one is done; a failed job fails the batch.
  void step(double now_ms, double budget_ms);
  bool finished() const { return failed_ || next_ == databases_.size(); }
  const std::string& error() const { return error_; }  // when a job failed: "<db_id>: <why>"
  bool waiting_for_llm() const { return job_ && job_->waiting_for_llm(); }
  double progress() const;  // 0..1 over the items

  const std::vector<DenatDatabase>& databases() const { return databases_; }
  // Every database's items in the order of the databases, then of their items (kept or not); complete when done.
  const std::vector<DenatItem>& results() const { return results_; }
  const std::vector<RenamePlan>& plans() const { return plans_; }  // one per finished database
  const DenatLlmUse& llm_use() const { return use_; }

 private:
  std::vector<DenatDatabase> databases_;
  const Lexicon& lexicon_;
  DenatJobOptions options_;
  DenatLlm llm_;
  size_t next_ = 0;  // the database the current job works on
  std::unique_ptr<DenatJob> job_;
  bool failed_ = false;
  std::string error_;
  std::vector<DenatItem> results_;
  std::vector<RenamePlan> plans_;
  DenatLlmUse use_;
  size_t items_total_ = 0;
};

}  // namespace chokepoint::tqa

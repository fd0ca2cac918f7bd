// The report of `chokepoint eval` (REPORT.json, the stdout summary and the --csv rows) as a function of the pairs
// and their evaluated items. One function for a whole run and for `chokepoint merge` of shards, so both write the
// same bytes: nothing in it depends on how or where the items were evaluated (no timings, no thread order).
#pragma once
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/dataset/eval_set.h"
#include "core/db/database_pool.h"
#include "core/metrics/pair_evaluation.h"
#include "core/schema/schema.h"
#include "core/sql/sql_characteristics.h"

namespace chokepoint::cli {

// Each database's own schema, read once from DIR/<db_id>/<db_id>.sqlite; nullptr when it cannot be read.
class SchemaCache {
 public:
  explicit SchemaCache(std::string db_root) : db_root_(db_root), pool_(std::move(db_root)) {}
  // Reads the schemas of `db_ids` not read yet, on `jobs` threads (each with its own connections).
  void read_all(const std::vector<std::string>& db_ids, int jobs);
  // Reads the schema on first use. Not for several threads at once: read_all first, then use `known`.
  const Schema* get(const std::string& db_id);
  // A schema read before, or nullptr; safe from several threads while nothing is read.
  const Schema* known(const std::string& db_id) const;

 private:
  std::string db_root_;
  DatabasePool pool_;
  std::map<std::string, std::optional<Schema>> schemas_;
};

// What eval knows once the inputs are read and the pairs chosen. Pointers are not owned and must outlive the call.
struct EvalReportInputs {
  const EvalSet* gold = nullptr;  // the whole gold set (difficulties, by position)
  const EvalSet* pred = nullptr;
  std::string gold_file, pred_file;                // as given on the command line
  const std::vector<EvalPair>* pairs = nullptr;    // the pairs scored (those --where kept)
  const std::vector<size_t>* positions = nullptr;  // their positions in the gold file
  const std::vector<std::optional<sql::Characteristics>>* characteristics = nullptr;  // of each pair's gold
  std::optional<sql::Characteristic> group_by;
  nlohmann::json scenario;  // --where's {where, selected, of, gold_unparsed}; null without it
  const EvaluationOptions* options = nullptr;
  std::string em_mode = "ours";  // --em: ours | spider-parser
  SchemaCache* schemas = nullptr;
  int jobs = 1;  // --jobs: threads for the per-pair work of the report (schemas, exact match, item entries)
};

struct EvalReport {
  nlohmann::json report;   // REPORT.json
  nlohmann::json summary;  // what eval prints on stdout
};

// items[k] is pairs[k]'s evaluation.
EvalReport build_eval_report(const EvalReportInputs& in, const std::vector<ItemEvaluation>& items);
// The --csv file: the app's "Export CSV" rows, with difficulty from the gold set and joins from the schemas.
std::string build_eval_csv(const EvalReportInputs& in, const std::vector<ItemEvaluation>& items);

}  // namespace chokepoint::cli

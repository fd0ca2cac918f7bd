// The pieces every study command shares.
#include "cli/study_output.h"

#include <cmath>
#include <filesystem>

#include "cli/common_flags.h"
#include "cli/parallel_evaluation.h"
#include "core/base/file_text.h"
#include "core/base/json_dump.h"
#include "core/dataset/eval_set_loader.h"
#include "core/study/report_csv.h"
#include "core/study/report_html.h"

namespace chokepoint::cli {

namespace fs = std::filesystem;

const char* const kStudyOutRule =
    "--out DIR: created when missing; a DIR that exists and holds anything is refused (exit 2), so a report is\n"
    "never mixed with an older one. DIR receives report.json (every table, chart and per-item row), <table>.csv\n"
    "per table (a source column says ours or the paper's table), items.csv and report.html (self-contained: inline\n"
    "SVG charts, no script, no external asset; opens offline).\n"
    "A database missing under --db-root is an error (exit 2, naming the missing db_ids); --skip-missing scores the\n"
    "rest and counts the items left out. EX is over the scored items of each table, which says its n.";

FlagTable study_evaluation_flags(FlagTable table) {
  table.push_back(flags::semantics({"bird", "spider", "test-suite"}, "").or_else("bird"));
  table.push_back(flags::timeout_ms("5000", "time limit of one item: gold, prediction and scoring together"));
  table.push_back(whole_flag("--jobs", "N", 1, kMaxJobs, "threads", "evaluate with N threads").or_else("1"));
  table.push_back(flags::skip_missing());
  return table;
}

EvaluationOptions study_options(const FlagValues& r, std::vector<Regime> regimes) {
  EvaluationOptions options;
  options.semantics = *ex_semantics_from_name(r.text("--semantics"));
  options.regimes = std::move(regimes);
  options.limits.timeout_ms = static_cast<int>(r.integer("--timeout-ms"));
  return options;
}

// The --out folder: created, or refused when it exists and is not an empty folder.
Status prepare_study_out(const std::string& dir) {
  std::error_code ec;
  if (fs::exists(dir, ec)) {
    if (!fs::is_directory(dir, ec)) return Error{"--out '" + dir + "' exists and is not a folder"};
    if (!fs::is_empty(dir, ec)) return Error{"--out '" + dir + "' exists and is not empty; give a new or empty folder"};
    return ok_status();
  }
  fs::create_directories(dir, ec);
  if (ec) return Error{"cannot create --out '" + dir + "': " + ec.message()};
  return ok_status();
}

// Writes the report's files; returns their names in the order written.
Result<std::vector<std::string>> write_study_report(const std::string& dir, const study::StudyReport& report) {
  if (auto problem = study::report_problem(report); !problem.empty()) return Error{"internal error: " + problem};
  std::vector<std::pair<std::string, std::string>> files;
  files.push_back({"report.json", dump_json(study::report_json(report), 2) + "\n"});
  for (const auto& t : report.tables) files.push_back({t.id + ".csv", study::table_csv(t)});
  files.push_back({"items.csv", study::items_csv(report.items)});
  files.push_back({"report.html", study::report_html(report)});
  std::vector<std::string> names;
  for (const auto& [name, bytes] : files) {
    if (auto st = write_file((fs::path(dir) / name).string(), bytes); !st.ok()) return Error{st.error()};
    names.push_back(name);
  }
  return names;
}

double round2(double v) { return std::round(v * 100.0) / 100.0; }

Result<std::vector<EvalPair>> read_study_pairs(const std::string& gold_path, const std::string& pred_path,
                                               EvalSet* gold_out) {
  auto gold = load_eval_set(gold_path);
  if (!gold.ok()) return Error{gold_path + ": " + gold.error()};
  auto pred = load_eval_set(pred_path);
  if (!pred.ok()) return Error{pred_path + ": " + pred.error()};
  auto pairs = pair_gold_with_predictions(*gold, *pred);
  if (!pairs.ok()) return Error{pred_path + ": " + pairs.error()};
  if (gold_out) *gold_out = std::move(*gold);
  return pairs;
}

}  // namespace chokepoint::cli

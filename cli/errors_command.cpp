// `chokepoint errors`: the error taxonomy of 004 §5 over an evaluation (core/runner/error_taxonomy.h). Gold and
// predictions are evaluated as `eval` does (EX only); every failed item gets a System Error kind or one Result Error
// subcategory with the evidence that decided it.
#include <iostream>
#include <map>

#include <nlohmann/json.hpp>

#include "cli/cli_inputs.h"
#include "cli/command.h"
#include "cli/ex_inputs.h"
#include "core/metrics/eval_pairs.h"
#include "core/runner/error_taxonomy.h"

namespace chokepoint::cli {
namespace {

const char* kUsage =
    "Usage: chokepoint errors --gold FILE --pred FILE --db-root DIR --out ERRORS.json [--semantics bird|spider]\n"
    "                         [--timeout-ms T]\n"
    "Files as `chokepoint eval` reads them. Each item with EX = 0 is a System Error (the prediction did not run:\n"
    "kinds 'no such column', 'no such table', 'syntax error', 'ambiguous column', 'timeout', 'empty', ...) or a "
    "Result\n"
    "Error with one subcategory, the first that applies: table_query, column_selection (each excessive, missing or\n"
    "incorrect), join_columns, condition_filter, data_processing. stdout: JSON {n, failed, system_errors: {kind: n},\n"
    "result_errors: {subcategory: n, 'subcategory/direction': n}}; ERRORS.json adds the items with their evidence.\n"
    "Exit code 0, or 2 on bad input.";

int errors_main(const Args& args) {
  ArgReader r(args, {});
  if (!r.error().empty()) return fail_input(r.error());
  if (r.get("--gold").empty() || r.get("--pred").empty() || r.get("--db-root").empty() || r.get("--out").empty())
    return fail_input(std::string("missing arguments\n") + kUsage);
  auto in = read_ex_inputs(r);
  if (!in.ok()) return fail_input(in.error());
  const auto& pairs = in->pairs;
  auto* open = &in->open;
  const auto items = evaluate_pairs(pairs, *open->pool, in->options);

  std::map<std::string, size_t> system, result;
  nlohmann::json listed = nlohmann::json::array();
  size_t failed = 0;
  for (size_t i = 0; i < items.size(); ++i) {
    const auto& it = items[i];
    if (it.status != ItemStatus::Scored || it.ex) continue;
    auto schema = open->schemas.find(it.db_id);
    if (schema == open->schemas.end()) continue;
    ++failed;
    const auto c = runner::classify_failed_item(it, pairs[i], schema->second);
    nlohmann::json j = {{"id", it.id},
                        {"db_id", it.db_id},
                        {"gold", pairs[i].gold_sql},
                        {"pred", pairs[i].pred_sql},
                        {"evidence", c.evidence}};
    if (c.error_class == runner::ErrorClass::SystemError) {
      ++system[c.system_kind];
      j["class"] = "system_error";
      j["kind"] = c.system_kind;
    } else {
      const std::string kind =
          c.kind == runner::ResultErrorKind::None ? "unclassified" : runner::result_error_kind_name(c.kind);
      ++result[kind];
      if (c.direction != runner::ErrorDirection::None) ++result[kind + "/" + runner::error_direction_name(c.direction)];
      j["class"] = "result_error";
      j["kind"] = kind;
      j["direction"] = runner::error_direction_name(c.direction);
    }
    listed.push_back(std::move(j));
  }
  nlohmann::json summary = {
      {"n", items.size()}, {"failed", failed}, {"system_errors", system}, {"result_errors", result}};
  return finish_report(r.get("--out"), summary, std::move(listed));
}

const Registrar registrar{
    {"errors", "error taxonomy of failed predictions (004: System and Result Errors)", kUsage, errors_main}};

}  // namespace
}  // namespace chokepoint::cli

// SQL debugging prompts (see sql_debugging.h).
#include "core/diagnosis/sql_debugging.h"

#include "core/runner/prompt_formats.h"

namespace chokepoint::diagnosis {

const char* debug_strategy_name(DebugStrategy s) {
  switch (s) {
    case DebugStrategy::Regenerate:
      return "regenerate";
    case DebugStrategy::WrongSql:
      return "wrong_sql";
    case DebugStrategy::SystemError:
      return "system_error";
    case DebugStrategy::AllErrors:
      return "all_errors";
    case DebugStrategy::Comment:
      return "comment";
  }
  return "";
}

Result<DebugStrategy> debug_strategy_from_name(const std::string& name) {
  for (auto s : {DebugStrategy::Regenerate, DebugStrategy::WrongSql, DebugStrategy::SystemError,
                 DebugStrategy::AllErrors, DebugStrategy::Comment})
    if (name == debug_strategy_name(s)) return s;
  return Error{"unknown debugging strategy '" + name +
               "' (regenerate, wrong_sql, system_error, all_errors or comment)"};
}

std::string error_information(DebugStrategy strategy, const ErrorClassification& error) {
  if (strategy == DebugStrategy::Regenerate || strategy == DebugStrategy::WrongSql) return "";
  if (error.error_class == ErrorClass::SystemError)
    return "SQLite refused it: " + (error.evidence.empty() ? error.system_kind : error.evidence.front());
  std::string info = "It runs, but its result is not the right one.";
  if (strategy == DebugStrategy::SystemError || error.kind == ResultErrorKind::None) return info;
  // The subcategory and its direction, never the evidence: its lines name the gold query's tables, columns and
  // values, which would hand the model the answer. 004's detailed information is at this level (Listing 12).
  info += std::string("\nKind of error: ") + result_error_kind_name(error.kind);
  if (error.direction != ErrorDirection::None) info += std::string(" (") + error_direction_name(error.direction) + ")";
  return info;
}

std::string category_comment(const ErrorClassification& error) {
  if (error.error_class == ErrorClass::SystemError)
    return "the statement itself: SQLite could not run it, so check the names and the syntax against the schema.";
  const bool more = error.direction == ErrorDirection::Missing, fewer = error.direction == ErrorDirection::Excessive;
  switch (error.kind) {
    case ResultErrorKind::TableQuery:
      return more    ? "the tables: the query reads too few of them; another table is needed."
             : fewer ? "the tables: the query reads tables the answer does not need."
                     : "the tables: the query reads the wrong ones.";
    case ResultErrorKind::ColumnSelection:
      return std::string("the tables are right; the selected columns are not") + (more    ? ": some are missing."
                                                                                  : fewer ? ": there are too many."
                                                                                          : ".");
    case ResultErrorKind::JoinColumns:
      return "the tables and columns are right; the rows are combined on the wrong columns in a JOIN.";
    case ResultErrorKind::ConditionFilter:
      return "the tables, columns and joins are right; a condition filters the wrong rows.";
    case ResultErrorKind::DataProcessing:
      return "the tables, columns, joins and conditions are right; what is done with the rows (aggregation, "
             "arithmetic, ordering, limits, duplicates) is wrong.";
    case ResultErrorKind::None:
      break;
  }
  return "the result differs from the right one.";
}

Result<std::string> render_debug_prompt(const PromptLibrary& library, DebugStrategy strategy,
                                        const std::string& schema_text, const std::string& question,
                                        const std::string& wrong_sql, const ErrorClassification& error) {
  if (strategy == DebugStrategy::Regenerate) {
    auto format = runner::prompt_format_from_name("SimpleDDL-MD-Chat");
    if (!format.ok()) return Error{format.error()};
    return runner::render_text_to_sql_prompt(library, *format, schema_text, question);
  }
  const char* name = strategy == DebugStrategy::WrongSql  ? "t2s_debug_wrong_sql"
                     : strategy == DebugStrategy::Comment ? "t2s_debug_comment"
                                                          : "t2s_debug_error_info";
  const PromptTemplate* t = library.find(name);
  if (!t) return Error{std::string("the prompts folder has no template ") + name};
  PromptVariables vars = {{"schema", schema_text}, {"question", question}, {"wrong_sql", wrong_sql}};
  if (strategy != DebugStrategy::WrongSql) vars["error_info"] = error_information(strategy, error);
  if (strategy == DebugStrategy::Comment) vars["comment"] = category_comment(error);
  return render_prompt(*t, vars);
}

}  // namespace chokepoint::diagnosis

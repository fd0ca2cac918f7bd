// SQL debugging (004 §3.2/§4.2): a wrong prediction goes back to a model with more or less of what is known about
// it. The five strategies, from least to most information:
//   regenerate    the original prompt again (SimpleDDL-MD-Chat), nothing about the wrong query
//   wrong_sql     plus the wrong query
//   system_error  plus SQLite's message for a System Error, or only "it runs but the result is wrong" for a Result
//                 Error (the paper's "rough" information)
//   all_errors    plus, for a Result Error, the taxonomy's subcategory and direction (the "detailed" information;
//                 not the evidence, which quotes the gold query)
//   comment       plus a comment on where to look for the subcategory (004 Table 14's structure, our words)
// The prompts are prompts/t2s_debug_*.mustache; this module chooses the template and fills its variables.
#pragma once
#include <string>

#include "core/base/result.h"
#include "core/diagnosis/error_taxonomy.h"
#include "core/llm/prompt_template.h"

namespace chokepoint::diagnosis {

enum class DebugStrategy { Regenerate, WrongSql, SystemError, AllErrors, Comment };

const char* debug_strategy_name(DebugStrategy s);
Result<DebugStrategy> debug_strategy_from_name(const std::string& name);

// The error information the strategy shows ("" for regenerate and wrong_sql).
std::string error_information(DebugStrategy strategy, const ErrorClassification& error);
// Where to look, per Result Error subcategory and direction (System Errors: fix the statement SQLite refused).
std::string category_comment(const ErrorClassification& error);

// The debugging prompt for one wrong prediction. schema_text: render_schema for SimpleDDL-MD-Chat.
Result<std::string> render_debug_prompt(const PromptLibrary& library, DebugStrategy strategy,
                                        const std::string& schema_text, const std::string& question,
                                        const std::string& wrong_sql, const ErrorClassification& error);

}  // namespace chokepoint::diagnosis

// The thirteenth prompt format: a user's own Mustache template, used like the 12 of 004. It sees
// the variables they see — schema (rendered in the chosen style, with the run's foreign-key and example-row
// options), question (with BIRD's evidence joined) and completion (what a Complete prompt ends with) — and its
// answers are read as the chosen postfix says (Chat: SQL found in the answer; Complete: SELECT put back). The
// template is checked before use: it must parse, use no other variable, and show the question.
#pragma once
#include <string>
#include <vector>

#include "core/base/result.h"
#include "core/llm/prompt_template.h"
#include "core/runner/prompt_formats.h"

namespace chokepoint::runner {

extern const char* const kUserFormatName;  // "Custom": the format's name in reports and prediction files

struct UserTemplate {
  std::string source;  // Mustache
  SchemaStyle schema = SchemaStyle::SimpleDdl;
  PromptPostfix postfix = PromptPostfix::Chat;
};

// A starting point for the editor, in the MD layout.
std::string example_user_template();

// What stops the template from being used, one message each (empty when it can be used): a Mustache syntax error,
// each unknown variable by name, and a template without {{question}}.
std::vector<std::string> user_template_problems(const std::string& source);

// Adds the template to the library under kUserFormatName (replacing an earlier one) and returns its format, for
// plan_predictions; an error lists the problems.
Result<PromptFormat> add_user_template(PromptLibrary& library, const UserTemplate& t);

}  // namespace chokepoint::runner

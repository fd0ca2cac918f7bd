// Prompt templates: Mustache files in prompts/ listed by prompts/manifest.json with their variables and answer
// parser. Rendering is plain string substitution (no HTML escaping) by the same header-only Mustache library in
// both builds, so a prompt is byte-identical natively and in wasm; golden tests pin the text.
#pragma once
#include <functional>
#include <initializer_list>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "core/base/result.h"
#include "core/llm/answer_parser.h"
#include "core/llm/plain_template.h"

namespace chokepoint {

struct PromptTemplate {
  std::string name;                    // manifest name, e.g. "jqe_question_extended"
  std::string file;                    // file name inside the prompts folder
  std::string purpose;                 // one line for the preview panel
  std::vector<std::string> variables;  // every variable the template uses, as declared
  AnswerParser parser = AnswerParser::SingleLineQuestion;
  std::string text;  // the Mustache source
  // Its pieces when it has variable tags only, set by the library's loader so a render looks nothing up; null: the
  // text is rendered (and parsed once per thread) as Mustache.
  std::shared_ptr<const PlainTemplate> plain;
};

struct PromptLibrary {
  std::vector<PromptTemplate> templates;  // in manifest order
  const PromptTemplate* find(std::string_view name) const;
};

// Reads a file of the prompts folder by its name.
using PromptFileReader = std::function<Result<std::string>(const std::string& file)>;

// Parses the manifest and reads each template through `read`. Fails when a template does not parse as Mustache
// or uses a variable its manifest entry does not declare.
Result<PromptLibrary> parse_prompt_library(const std::string& manifest_json, const PromptFileReader& read);
// The same from a folder on disk (the repository's prompts/, or /prompts in the app's file system).
Result<PromptLibrary> load_prompt_library(const std::string& folder);
// The repository's prompts folder, for the CLI, tests and benchmarks.
std::string default_prompts_folder();

using PromptVariables = std::map<std::string, std::string>;

// Renders with exactly the declared variables: a missing or an undeclared one is an error.
Result<std::string> render_prompt(const PromptTemplate& prompt, const PromptVariables& variables);
// The same with views of the values (plain_template.h, TemplateValue), for renders done once per item.
Result<std::string> render_prompt(const PromptTemplate& prompt, std::initializer_list<TemplateValue> values);

// Whether a Mustache source parses (an error says where it does not).
Status check_mustache_parses(const std::string& source);

// Variable names a Mustache source refers to ({{x}}, {{{x}}}, {{&x}}, {{#x}}, {{^x}}), sorted, without duplicates.
std::vector<std::string> mustache_variables(const std::string& source);

}  // namespace chokepoint

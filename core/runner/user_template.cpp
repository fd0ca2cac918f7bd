// A user's own text-to-SQL template (see user_template.h).
#include "core/runner/user_template.h"

#include <algorithm>

namespace chokepoint::runner {

const char* const kUserFormatName = "Custom";

namespace {

// The variables every text-to-SQL template is rendered with (render_text_to_sql_prompt gives exactly these).
const std::vector<std::string>& known_variables() {
  static const std::vector<std::string> v = {"completion", "question", "schema"};
  return v;
}

}  // namespace

std::string example_user_template() {
  return "You write one SQLite query that answers a question about this database.\n"
         "\n"
         "### Tables\n"
         "{{schema}}\n"
         "\n"
         "### Question\n"
         "{{question}}\n"
         "\n"
         "### SQLite query:{{completion}}";
}

std::vector<std::string> user_template_problems(const std::string& source) {
  std::vector<std::string> problems;
  if (auto parses = check_mustache_parses(source); !parses.ok())
    problems.push_back("the template does not parse: " + parses.error());
  const auto used = mustache_variables(source);
  for (const auto& v : used)
    if (std::find(known_variables().begin(), known_variables().end(), v) == known_variables().end())
      problems.push_back("unknown variable {{" + v + "}} (use schema, question and completion)");
  if (std::find(used.begin(), used.end(), "question") == used.end())
    problems.push_back("the template never shows the question: add {{question}}");
  return problems;
}

Result<PromptFormat> add_user_template(PromptLibrary& library, const UserTemplate& t) {
  const auto problems = user_template_problems(t.source);
  if (!problems.empty()) {
    std::string all = "your template: " + problems.front();
    for (size_t i = 1; i < problems.size(); ++i) all += "; " + problems[i];
    return Error{all};
  }
  PromptTemplate tmpl;
  tmpl.name = kUserFormatName;
  tmpl.file = "(your template)";
  tmpl.purpose = "your own text-to-SQL prompt";
  tmpl.variables = known_variables();  // all three are always given; an unused one renders nothing
  tmpl.parser = t.postfix == PromptPostfix::Chat ? AnswerParser::SqlChat : AnswerParser::SqlComplete;
  tmpl.text = t.source;
  auto& list = library.templates;
  list.erase(
      std::remove_if(list.begin(), list.end(), [](const PromptTemplate& p) { return p.name == kUserFormatName; }),
      list.end());
  list.push_back(std::move(tmpl));
  PromptFormat format;
  format.schema = t.schema;
  format.postfix = t.postfix;
  format.custom = kUserFormatName;
  return format;
}

}  // namespace chokepoint::runner

// Plain templates against kainjow's Mustache itself: every template of prompts/ is plain and renders byte for byte as
// kainjow renders it (escaping off), with values holding braces, HTML characters, newlines and tags of their own;
// anything beyond {{name}} tags is left to kainjow.
#include "core/llm/plain_template.h"

#include <gtest/gtest.h>

#include <memory>

#include "core/llm/prompt_template.h"

#if __has_include(<kainjow/mustache.hpp>)
#include <kainjow/mustache.hpp>
#elif __has_include(<mustache.hpp>)
#include <mustache.hpp>
#endif

namespace chokepoint {
namespace {

std::string by_kainjow(const std::string& source, const std::map<std::string, std::string>& variables) {
  kainjow::mustache::mustache tmpl{source};
  tmpl.set_custom_escape([](const std::string& s) { return s; });
  kainjow::mustache::data data{kainjow::mustache::data::type::object};
  for (const auto& [name, value] : variables) data.set(name, value);
  std::string out = tmpl.render(data);
  EXPECT_TRUE(tmpl.is_valid()) << tmpl.error_message();
  return out;
}

TEST(PlainTemplate, EveryShippedPromptIsPlainAndRendersAsKainjowDoes) {
  auto library = load_prompt_library(default_prompts_folder());
  ASSERT_TRUE(library.ok()) << library.error();
  ASSERT_GT(library->templates.size(), 40u);
  const std::vector<std::string> values = {"plain", "<b>&amp;\"quoted\"</b>", "two\nlines\n", "{{question}} {{#x}}",
                                           ""};
  for (const auto& t : library->templates) {
    const auto plain = plain_template(t.text);
    ASSERT_TRUE(plain) << t.name << " uses more than {{name}} tags";
    EXPECT_EQ(plain->names.size() + 1, plain->literals.size());
    for (size_t k = 0; k < values.size(); ++k) {
      std::map<std::string, std::string> vars;
      for (size_t i = 0; i < t.variables.size(); ++i) vars[t.variables[i]] = values[(k + i) % values.size()] + t.name;
      EXPECT_EQ(render_plain(*plain, vars), by_kainjow(t.text, vars)) << t.name << " with value set " << k;
    }
  }
}

TEST(PlainTemplate, SpacesInTagsMissingVariablesAndStrayBraces) {
  const std::string source = "a {{ x }} b {{y}}} c }} d {{x}}";
  const auto plain = plain_template(source);
  ASSERT_TRUE(plain);
  EXPECT_EQ(plain->names, (std::vector<std::string>{"x", "y", "x"}));
  const std::map<std::string, std::string> vars = {{"x", "1"}};
  EXPECT_EQ(render_plain(*plain, vars), "a 1 b } c }} d 1");
  EXPECT_EQ(render_plain(*plain, vars), by_kainjow(source, vars));
  EXPECT_EQ(render_plain(*plain_template("no tags"), {}), "no tags");
}

TEST(PlainTemplate, AnythingElseIsKainjows) {
  for (const char* source : {"{{#s}}x{{/s}}", "{{^s}}x{{/s}}", "{{> part}}", "{{! note}}", "{{=<% %>=}}", "{{{raw}}}",
                             "{{&raw}}", "{{a.b}}", "{{}}", "{{a b}}", "open {{tag"})
    EXPECT_FALSE(plain_template(source)) << source;
}

TEST(PlainTemplate, RenderPromptTakesThePlainPathWithTheSameText) {
  auto library = load_prompt_library(default_prompts_folder());
  ASSERT_TRUE(library.ok());
  const PromptTemplate* t = library->find("SimpleDDL-MD-Chat");
  ASSERT_TRUE(t);
  ASSERT_TRUE(t->plain) << "the loader keeps a plain template's pieces";
  PromptVariables vars;
  for (const auto& v : t->variables) vars[v] = "value of " + v;
  auto rendered = render_prompt(*t, vars);
  ASSERT_TRUE(rendered.ok()) << rendered.error();
  EXPECT_EQ(*rendered, by_kainjow(t->text, vars));
  // A template with a section still renders through kainjow.
  PromptTemplate section{"s",    "s.mustache", "", {"x"}, AnswerParser::SingleLineQuestion, "{{#x}}[{{x}}]{{/x}}",
                         nullptr};
  auto with_section = render_prompt(section, {{"x", "y"}});
  ASSERT_TRUE(with_section.ok()) << with_section.error();
  EXPECT_EQ(*with_section, "[y]");
}

}  // namespace
}  // namespace chokepoint

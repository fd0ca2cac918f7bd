// Prompt templates: the manifest loads, variables are checked, and rendering gives exactly the hand-written text
// (golden tests run natively and under node, so both builds produce the same prompts).
#include "core/llm/prompt_template.h"
#include "tests/unit/llm/repository_prompts.h"

#include <gtest/gtest.h>

namespace chokepoint {
namespace {

const PromptLibrary& library() { return chokepoint::testing::repository_prompts(); }

const char* kSchema = "CREATE TABLE molecule (molecule_id TEXT PRIMARY KEY, label TEXT);";

TEST(PromptLibrary, ManifestListsTheThreeJqeTemplatesWithTheirParsers) {
  const auto& lib = library();
  ASSERT_GE(lib.templates.size(), 3u);  // other capabilities (TQA) add their own templates
  ASSERT_NE(lib.find("jqe_question_extended"), nullptr);
  EXPECT_EQ(lib.find("jqe_question_extended")->variables,
            (std::vector<std::string>{"schema", "old_query", "old_question", "new_query"}));
  EXPECT_EQ(lib.find("jqe_question_extended")->parser, AnswerParser::SingleLineQuestion);
  EXPECT_EQ(lib.find("jqe_question_new")->parser, AnswerParser::SingleLineQuestion);
  EXPECT_EQ(lib.find("jqe_evidence_new")->parser, AnswerParser::EvidenceLine);
  EXPECT_EQ(lib.find("nope"), nullptr);
}

TEST(PromptTemplate, ExtendedQuestionGolden) {
  const PromptTemplate* t = library().find("jqe_question_extended");
  ASSERT_NE(t, nullptr);
  auto text = render_prompt(*t, {{"schema", kSchema},
                                 {"old_query", "SELECT COUNT(*) FROM molecule WHERE label = '-'"},
                                 {"old_question", "How many molecules are not carcinogenic?"},
                                 {"new_query",
                                  "SELECT COUNT(*) FROM molecule AS T1 JOIN bond AS T2 ON "
                                  "T1.molecule_id = T2.molecule_id WHERE T1.label = '-'"}});
  ASSERT_TRUE(text.ok()) << text.error();
  EXPECT_EQ(*text,
            "A text-to-SQL pair was changed: its SQL query now joins one more table. Rewrite the question so that "
            "it asks for\n"
            "exactly what the new query returns, and mention what the added table contributes.\n"
            "\n"
            "Database schema:\n"
            "\n"
            "CREATE TABLE molecule (molecule_id TEXT PRIMARY KEY, label TEXT);\n"
            "\n"
            "Original SQL query:\n"
            "\n"
            "SELECT COUNT(*) FROM molecule WHERE label = '-'\n"
            "\n"
            "Original question:\n"
            "\n"
            "How many molecules are not carcinogenic?\n"
            "\n"
            "Extended SQL query:\n"
            "\n"
            "SELECT COUNT(*) FROM molecule AS T1 JOIN bond AS T2 ON T1.molecule_id = T2.molecule_id WHERE "
            "T1.label = '-'\n"
            "\n"
            "Rules:\n"
            "- Answer with one question on a single line, with no line breaks.\n"
            "- Reuse the wording of the original question where the query did not change.\n"
            "- Do not add explanations, labels or quotes: reply with the question alone.\n");
}

TEST(PromptTemplate, NewQuestionGoldenEndsWithTheQueryAndInstruction) {
  const PromptTemplate* t = library().find("jqe_question_new");
  ASSERT_NE(t, nullptr);
  auto text = render_prompt(*t, {{"schema", kSchema}, {"main_query", "SELECT label FROM molecule"}});
  ASSERT_TRUE(text.ok()) << text.error();
  const std::string head =
      "Write the natural-language question that a person would ask to obtain the result of the SQL query below, "
      "in the\n";
  EXPECT_EQ(text->substr(0, head.size()), head);
  EXPECT_NE(text->find("Schema:\n\n```\nCREATE TABLE molecule (molecule_id TEXT PRIMARY KEY, label TEXT);\n```\n"),
            std::string::npos);
  const std::string tail =
      "SQL query:\n"
      "```\n"
      "SELECT label FROM molecule\n"
      "```\n"
      "\n"
      "Reply with the question only, on a single line, with no reasoning, label or quotes.\n";
  ASSERT_GE(text->size(), tail.size());
  EXPECT_EQ(text->substr(text->size() - tail.size()), tail);
}

TEST(PromptTemplate, EvidenceGoldenEndsWithQueryQuestionAndInstruction) {
  const PromptTemplate* t = library().find("jqe_evidence_new");
  ASSERT_NE(t, nullptr);
  auto text = render_prompt(*t, {{"schema", kSchema},
                                 {"main_query", "SELECT COUNT(*) FROM molecule WHERE label = '+'"},
                                 {"question", "How many molecules are carcinogenic?"}});
  ASSERT_TRUE(text.ok()) << text.error();
  const std::string tail =
      "Now the query and question to explain:\n"
      "\n"
      "SQL query:\n"
      "```\n"
      "SELECT COUNT(*) FROM molecule WHERE label = '+'\n"
      "```\n"
      "Question: How many molecules are carcinogenic?\n"
      "\n"
      "Reply with the single `Evidence:` line only.\n";
  ASSERT_GE(text->size(), tail.size());
  EXPECT_EQ(text->substr(text->size() - tail.size()), tail);
  EXPECT_EQ(text->rfind("Write the evidence for the SQL query and question below.", 0), 0u);  // comment removed
}

TEST(PromptTemplate, SqlIsNotHtmlEscaped) {
  PromptTemplate t;
  t.name = "t";
  t.variables = {"q"};
  t.text = "Q: {{q}}";
  auto text = render_prompt(t, {{"q", "SELECT a FROM t WHERE b <> 'x' AND c = \"y\" & 1"}});
  ASSERT_TRUE(text.ok()) << text.error();
  EXPECT_EQ(*text, "Q: SELECT a FROM t WHERE b <> 'x' AND c = \"y\" & 1");
}

TEST(PromptTemplate, ARenderedTemplateRendersNewValuesEachTime) {
  // Parsed templates are kept between renders: the values of one render never reach the next.
  PromptTemplate t;
  t.name = "t";
  t.text = "{{#q}}Q: {{q}}{{/q}}|{{r}}";
  t.variables = {"q", "r"};
  auto first = render_prompt(t, {{"q", "one"}, {"r", "1"}});
  auto second = render_prompt(t, {{"q", "two"}, {"r", "2"}});
  auto third = render_prompt(t, {{"q", "three"}, {"r", "3"}});
  ASSERT_TRUE(first.ok() && second.ok() && third.ok());
  EXPECT_EQ(*first, "Q: one|1");
  EXPECT_EQ(*second, "Q: two|2");
  EXPECT_EQ(*third, "Q: three|3");
  // A template that does not parse says so every time, and another with the same values still renders.
  PromptTemplate broken = t;
  broken.text = "{{#q}}unclosed";
  EXPECT_FALSE(render_prompt(broken, {{"q", "x"}, {"r", "1"}}).ok());
  EXPECT_FALSE(render_prompt(broken, {{"q", "x"}, {"r", "1"}}).ok());
  EXPECT_EQ(*render_prompt(t, {{"q", "x"}, {"r", "1"}}), "Q: x|1");
}

TEST(PromptTemplate, MissingOrUnknownVariablesAreErrors) {
  const PromptTemplate* t = library().find("jqe_question_new");
  ASSERT_NE(t, nullptr);
  auto missing = render_prompt(*t, {{"schema", kSchema}});
  ASSERT_FALSE(missing.ok());
  EXPECT_NE(missing.error().find("missing variable \"main_query\""), std::string::npos);
  auto extra = render_prompt(*t, {{"schema", kSchema}, {"main_query", "x"}, {"mian_query", "x"}});
  ASSERT_FALSE(extra.ok());
  EXPECT_NE(extra.error().find("unknown variable \"mian_query\""), std::string::npos);
}

// A map of variables and a list of views give the same text and the same errors, for a plain template and for one
// that kainjow renders (a section).
TEST(PromptTemplate, ViewsOfTheValuesRenderAsTheMapDoes) {
  const PromptTemplate* t = library().find("jqe_question_new");
  ASSERT_NE(t, nullptr);
  const std::string schema = kSchema, query = "SELECT label FROM molecule WHERE molecule_id = 'TR000'";
  auto by_map = render_prompt(*t, PromptVariables{{"schema", schema}, {"main_query", query}});
  auto by_views = render_prompt(*t, {TemplateValue{"main_query", query}, TemplateValue{"schema", schema}});
  ASSERT_TRUE(by_map.ok()) << by_map.error();
  ASSERT_TRUE(by_views.ok()) << by_views.error();
  EXPECT_EQ(*by_views, *by_map);
  EXPECT_NE(by_views->find(query), std::string::npos);

  PromptTemplate section{"s",    "s.mustache", "", {"x", "y"}, AnswerParser::SingleLineQuestion, "{{#x}}[{{y}}]{{/x}}",
                         nullptr};
  auto section_map = render_prompt(section, PromptVariables{{"x", "1"}, {"y", "two"}});
  auto section_views = render_prompt(section, {TemplateValue{"x", "1"}, TemplateValue{"y", "two"}});
  ASSERT_TRUE(section_views.ok()) << section_views.error();
  EXPECT_EQ(*section_views, "[two]");
  EXPECT_EQ(*section_views, *section_map);

  auto missing = render_prompt(*t, {TemplateValue{"schema", schema}});
  ASSERT_FALSE(missing.ok());
  EXPECT_EQ(missing.error(), render_prompt(*t, PromptVariables{{"schema", schema}}).error());
  auto extra = render_prompt(
      *t, {TemplateValue{"schema", schema}, TemplateValue{"main_query", query}, TemplateValue{"mian_query", query}});
  ASSERT_FALSE(extra.ok());
  EXPECT_NE(extra.error().find("unknown variable \"mian_query\""), std::string::npos) << extra.error();
}

TEST(PromptLibrary, TemplateUsingAnUndeclaredVariableIsRejected) {
  auto lib = parse_prompt_library(
      R"({"templates":[{"name":"t","file":"t.mustache","variables":["a"],"parser":"evidence_line"}]})",
      [](const std::string&) -> Result<std::string> { return std::string("{{a}} and {{#b}}x{{/b}}"); });
  ASSERT_FALSE(lib.ok());
  EXPECT_NE(lib.error().find("{{b}}"), std::string::npos) << lib.error();
}

TEST(PromptLibrary, MustacheVariablesSkipsCommentsAndClosingTags) {
  EXPECT_EQ(mustache_variables("{{! note }}{{a}} {{{ b }}} {{#c}}{{.}}{{/c}} {{^d}}{{/d}} {{&e}}"),
            (std::vector<std::string>{"a", "b", "c", "d", "e"}));
}

TEST(AnswerParser, SingleLineQuestionStripsLabelsQuotesAndFences) {
  EXPECT_EQ(*parse_single_line_question("  How many bonds are there?\n"), "How many bonds are there?");
  EXPECT_EQ(*parse_single_line_question("New question: \"Which atoms are chlorine?\""), "Which atoms are chlorine?");
  EXPECT_EQ(*parse_single_line_question("```\nQuestion: List the molecules.\n```"), "List the molecules.");
}

TEST(AnswerParser, SingleLineQuestionRejectsEmptyAndMultiLineAnswers) {
  EXPECT_FALSE(parse_single_line_question(" \n ").ok());
  auto two = parse_single_line_question("How many?\nThis counts the molecules.");
  ASSERT_FALSE(two.ok());
  EXPECT_NE(two.error().find("2 lines"), std::string::npos);
}

// Back-translation and contextual augmentation ask for text; a JSON answer (the synonym prompt's shape) is refused.
TEST(AnswerParser, JsonAnswersAreNotQuestionsOrEvidence) {
  auto list = parse_single_line_question("[{\"token\": \"role\", \"position\": 3}]");
  ASSERT_FALSE(list.ok());
  EXPECT_NE(list.error().find("JSON"), std::string::npos);
  EXPECT_FALSE(parse_single_line_question("```json\n[\"Which actor played the role?\"]\n```").ok());
  EXPECT_FALSE(parse_single_line_question("{\"question\": \"Which actor?\"}").ok());
  EXPECT_FALSE(parse_evidence_line("Evidence: [\"role refers to character\"]").ok());
  // Brackets that are not JSON stay ordinary text.
  EXPECT_EQ(*parse_single_line_question("[Movies] Which actor played Pat?"), "[Movies] Which actor played Pat?");
}

TEST(AnswerParser, EvidenceLineNeedsTheLabel) {
  EXPECT_EQ(*parse_evidence_line("Evidence: carcinogenic refers to label = '+'"), "carcinogenic refers to label = '+'");
  EXPECT_EQ(*parse_evidence_line("**Evidence:** chlorine refers to element = 'cl'"),
            "chlorine refers to element = 'cl'");
  EXPECT_FALSE(parse_evidence_line("carcinogenic refers to label = '+'").ok());
  EXPECT_FALSE(parse_evidence_line("Evidence:").ok());
  EXPECT_FALSE(parse_evidence_line("Evidence: a\nEvidence: b").ok());
}

TEST(AnswerParser, TokenListReadsJsonWithPositions) {
  auto tokens = parse_token_list(
      "```json\n[{\"token\": \"part\", \"position\": 5}, {\"token\": \"role\", "
      "\"position\": 12}]\n```");
  ASSERT_TRUE(tokens.ok()) << tokens.error();
  EXPECT_EQ(*tokens, (std::vector<PositionedToken>{{"part", 5}, {"role", 12}}));
  EXPECT_FALSE(parse_token_list("[{\"token\": \"x\"}]").ok());
  EXPECT_FALSE(parse_token_list("part, role").ok());
  EXPECT_EQ(*parse_answer(AnswerParser::TokenList, "[{\"token\":\"a\",\"position\":1}]"),
            "[{\"position\":1,\"token\":\"a\"}]");
}

TEST(AnswerParser, FreeTextIsTheAnswerTrimmedForItsTaskToRead) {
  EXPECT_EQ(*parse_answer(AnswerParser::FreeText, "  condition_filter\nThe value is wrong. \n"),
            "condition_filter\nThe value is wrong.");
  EXPECT_FALSE(parse_answer(AnswerParser::FreeText, " \n ").ok());
  ASSERT_TRUE(answer_parser_from_name("free_text").ok());
  EXPECT_EQ(*answer_parser_from_name("free_text"), AnswerParser::FreeText);
  EXPECT_STREQ(answer_parser_name(AnswerParser::FreeText), "free_text");
  const PromptTemplate* t = library().find("t2s_error_category");
  ASSERT_NE(t, nullptr);
  EXPECT_EQ(t->parser, AnswerParser::FreeText);
  EXPECT_EQ(t->variables, (std::vector<std::string>{"question", "gold_sql", "pred_sql"}));
}

}  // namespace
}  // namespace chokepoint

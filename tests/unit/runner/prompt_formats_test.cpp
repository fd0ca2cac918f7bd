// The twelve prompt formats of 004 §4.1.1 on a small concert schema: three renders written out by hand (the same
// test runs natively and under node, so both builds give these exact bytes), and the structure of every format
// checked by rule: its wrapper's markers, the schema style, the Complete ending, and the evidence joined.
#include <gtest/gtest.h>

#include "core/runner/prompt_formats.h"
#include "tests/unit/llm/repository_prompts.h"

namespace chokepoint::runner {
namespace {

Schema concert_schema() {
  Schema s;
  s.db_id = "concert_singer";
  Table singer{
      "singer", "", {{"Singer_ID", "INTEGER", ""}, {"Name", "TEXT", ""}, {"Age", "INTEGER", ""}}, {"Singer_ID"}, {}};
  Table concert{"concert", "", {{"concert_ID", "INTEGER", ""}, {"Theme", "TEXT", ""}}, {"concert_ID"}, {}};
  Table sic{"singer_in_concert",
            "",
            {{"concert_ID", "INTEGER", ""}, {"Singer_ID", "INTEGER", ""}},
            {"concert_ID", "Singer_ID"},
            {{{"concert_ID"}, "concert", {"concert_ID"}}, {{"Singer_ID"}, "singer", {"Singer_ID"}}}};
  s.tables = {singer, concert, sic};
  return s;
}

const PromptLibrary& library() { return chokepoint::testing::repository_prompts(); }

std::string prompt(const std::string& name, const SchemaRenderOptions& options, const SampleRows& samples = {}) {
  auto f = prompt_format_from_name(name);
  EXPECT_TRUE(f.ok()) << name;
  auto text = render_text_to_sql_prompt(library(), *f, render_schema(concert_schema(), *f, options, samples),
                                        "How many singers are there?");
  EXPECT_TRUE(text.ok()) << (text.ok() ? "" : text.error());
  return text.ok() ? *text : "";
}

TEST(PromptFormats, TwelveNamedAsThePaperNamesThem) {
  const auto all = all_prompt_formats();
  ASSERT_EQ(all.size(), 12u);
  EXPECT_EQ(all.front().name(), "DDL-MD-Chat");
  EXPECT_EQ(all.back().name(), "SimpleDDL-Coding-Complete");
  for (const auto& f : all) {
    EXPECT_EQ(prompt_format_from_name(f.name())->name(), f.name());
    ASSERT_NE(library().find(f.name()), nullptr) << f.name();
    EXPECT_EQ(library().find(f.name())->parser,
              f.postfix == PromptPostfix::Chat ? AnswerParser::SqlChat : AnswerParser::SqlComplete);
  }
  EXPECT_FALSE(prompt_format_from_name("DDL-XML-Chat").ok());
}

TEST(PromptFormats, SimpleDdlMdChatGolden) {
  EXPECT_EQ(prompt("SimpleDDL-MD-Chat", {}),
            "### Write one SQLite query that answers the question below. Reply with the query only, without "
            "explanation.\n"
            "### The tables of the database, each with its columns:\n"
            "#\n"
            "# singer(Singer_ID, Name, Age);\n"
            "# concert(concert_ID, Theme);\n"
            "# singer_in_concert(concert_ID, Singer_ID);\n"
            "# foreign keys: singer_in_concert.concert_ID = concert.concert_ID, singer_in_concert.Singer_ID = "
            "singer.Singer_ID;\n"
            "#\n"
            "### How many singers are there?\n"
            "### SQL:\n");
}

TEST(PromptFormats, DdlHtmlCompleteGoldenWithoutForeignKeys) {
  EXPECT_EQ(prompt("DDL-HTML-Complete", {false, 0}),
            "Translate the question into the SQLite query that answers it on the database below.\n"
            "<Database>\n"
            "CREATE TABLE singer (Singer_ID INTEGER PRIMARY KEY, Name TEXT, Age INTEGER);\n"
            "CREATE TABLE concert (concert_ID INTEGER PRIMARY KEY, Theme TEXT);\n"
            "CREATE TABLE singer_in_concert (concert_ID INTEGER, Singer_ID INTEGER, PRIMARY KEY (concert_ID, "
            "Singer_ID));\n"
            "</Database>\n"
            "<Question>How many singers are there?</Question>\n"
            "<SQL>SELECT\n");
}

TEST(PromptFormats, DdlCodingChatGoldenWithSampleRows) {
  SampleRows rows;
  rows["singer"] = {{"Singer_ID", "Name", "Age"},
                    {{Value::of_int(1), Value::of_text("Joe Sharp"), Value::of_int(52)},
                     {Value::of_int(2), Value::of_text("Timbaland"), Value::null()}}};
  EXPECT_EQ(prompt("DDL-Coding-Chat", {true, 2}, rows),
            "/* The database schema: */\n"
            "CREATE TABLE singer (Singer_ID INTEGER PRIMARY KEY, Name TEXT, Age INTEGER);\n"
            "/* 2 example rows of singer:\n"
            "Singer_ID\tName\tAge\n"
            "1\tJoe Sharp\t52\n"
            "2\tTimbaland\tNULL\n"
            "*/\n"
            "\n"
            "CREATE TABLE concert (concert_ID INTEGER PRIMARY KEY, Theme TEXT);\n"
            "\n"
            "CREATE TABLE singer_in_concert (concert_ID INTEGER, Singer_ID INTEGER, PRIMARY KEY (concert_ID, "
            "Singer_ID), FOREIGN KEY (concert_ID) REFERENCES concert (concert_ID), FOREIGN KEY (Singer_ID) "
            "REFERENCES singer (Singer_ID));\n"
            "\n"
            "/* Write the SQLite query that answers this question on that database: How many singers are there? */\n"
            "/* The query: */\n"
            "\n");
}

TEST(PromptFormats, EveryFormatHasItsWrapperSchemaStyleAndEnding) {
  for (const auto& f : all_prompt_formats()) {
    const std::string text = prompt(f.name(), {});
    SCOPED_TRACE(f.name());
    const bool ddl = f.schema == SchemaStyle::Ddl;
    EXPECT_EQ(text.find("CREATE TABLE singer") != std::string::npos, ddl);
    EXPECT_EQ(text.find("singer(Singer_ID, Name, Age);") != std::string::npos, !ddl);
    switch (f.wrapper) {
      case Wrapper::Md:
        EXPECT_EQ(text.rfind("### ", 0), 0u);
        EXPECT_NE(text.find("### SQL:"), std::string::npos);
        break;
      case Wrapper::Html:
        EXPECT_NE(text.find("<Database>\n"), std::string::npos);
        EXPECT_NE(text.find("<Question>How many singers are there?</Question>"), std::string::npos);
        break;
      case Wrapper::Coding:
        EXPECT_EQ(text.rfind("/* ", 0), 0u);
        EXPECT_NE(text.find("How many singers are there? */"), std::string::npos);
        break;
    }
    // Complete ends in SELECT (the model continues it); Chat never does.
    const std::string end = text.substr(text.size() - 7);
    EXPECT_EQ(end == "SELECT\n", f.postfix == PromptPostfix::Complete) << end;
  }
}

TEST(PromptFormats, EvidenceIsJoinedToTheQuestion) {
  EXPECT_EQ(question_with_evidence("How many young singers? ", " young means Age < 30"),
            "How many young singers? Hint: young means Age < 30");
  EXPECT_EQ(question_with_evidence("How many singers?", "  "), "How many singers?");
  // Spaces and line ends after the question go; tabs stay (only the evidence's leading tabs are trimmed).
  EXPECT_EQ(question_with_evidence("Q? \n \n", "\t\n e\t"), "Q? Hint: e\t");
  EXPECT_EQ(question_with_evidence("Q?\t", ""), "Q?\t");
  EXPECT_EQ(question_with_evidence(" \n", "e"), " Hint: e");
  EXPECT_EQ(question_with_evidence("", ""), "");
}

// Each of the twelve names is its three parts joined by '-', as 004 spells them, and reads back as that format.
TEST(PromptFormats, NamesAreTheirPartsJoined) {
  const auto parts = [](const PromptFormat& f) {
    const std::string schema = f.schema == SchemaStyle::Ddl ? "DDL" : "SimpleDDL";
    const std::string wrapper = f.wrapper == Wrapper::Md ? "MD" : f.wrapper == Wrapper::Html ? "HTML" : "Coding";
    return schema + "-" + wrapper + "-" + (f.postfix == PromptPostfix::Chat ? "Chat" : "Complete");
  };
  const auto formats = all_prompt_formats();
  ASSERT_EQ(formats.size(), 12u);
  for (const auto& f : formats) {
    EXPECT_EQ(f.name(), parts(f));
    auto back = prompt_format_from_name(f.name());
    ASSERT_TRUE(back.ok()) << f.name();
    EXPECT_EQ(back->schema, f.schema);
    EXPECT_EQ(back->wrapper, f.wrapper);
    EXPECT_EQ(back->postfix, f.postfix);
  }
  PromptFormat custom = formats.front();
  custom.custom = "my-template";
  EXPECT_EQ(custom.name(), "my-template");
}

}  // namespace
}  // namespace chokepoint::runner

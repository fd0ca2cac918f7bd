// Several models in one run: column names that stay apart (model, then host, then position), file names that are
// safe and distinct, and 004 Table 3's shape (formats as rows, models as columns, null for an unscored cell).
#include <gtest/gtest.h>

#include "core/runner/model_comparison.h"

namespace chokepoint::runner {
namespace {

using Names = std::vector<std::string>;

TEST(ModelComparison, UrlAuthorityDropsSchemePathAndCredentials) {
  EXPECT_EQ(url_authority("http://127.0.0.1:8080/v1"), "127.0.0.1:8080");
  EXPECT_EQ(url_authority("https://api.example.com"), "api.example.com");
  EXPECT_EQ(url_authority("https://user:secret@host.example:443/v1?x=1"), "host.example:443");
  EXPECT_EQ(url_authority("localhost:11434/v1"), "localhost:11434");
  EXPECT_EQ(url_authority(""), "");
}

TEST(ModelComparison, DistinctModelsAreNamedByTheirModel) {
  EXPECT_EQ(model_column_names({{"gpt-4o", "https://a/v1"}, {"llama3", "http://b:11434/v1"}}),
            (Names{"gpt-4o", "llama3"}));
}

TEST(ModelComparison, TheSameModelOnTwoHostsIsToldApartByHost) {
  EXPECT_EQ(model_column_names({{"llama3", "http://10.0.0.1:11434/v1"},
                                {"llama3", "http://10.0.0.2:11434/v1"},
                                {"qwen", "http://10.0.0.1:11434/v1"}}),
            (Names{"llama3@10.0.0.1:11434", "llama3@10.0.0.2:11434", "qwen"}));
}

TEST(ModelComparison, TheSameModelOnTheSameHostIsToldApartByPosition) {
  EXPECT_EQ(model_column_names({{"m", "http://h/v1"}, {"m", "http://h/v1"}, {"m", "http://g/v1"}}),
            (Names{"m@h#1", "m@h#2", "m@g"}));
}

TEST(ModelComparison, FileNamesAreSafeAndDistinct) {
  EXPECT_EQ(file_safe_names({"gpt-4o", "llama3@10.0.0.1:11434", "models/gemini 1.5", "a:b", "a/b", "", ".."}),
            (Names{"gpt-4o", "llama3_10.0.0.1_11434", "models_gemini_1.5", "a_b", "a_b-2", "_", "_.."}));
}

TEST(ModelComparison, TableHasFormatsAsRowsAndModelsAsColumns) {
  FormatModelTable t;
  t.semantics = "bird";
  t.models = {"b-model", "a-model"};  // columns keep the order given, not sorted
  t.formats = {"SimpleDDL-MD-Chat", "DDL-HTML-Complete"};
  t.ex[{"b-model", "SimpleDDL-MD-Chat"}] = 50;
  t.ex[{"a-model", "SimpleDDL-MD-Chat"}] = 75;
  t.ex[{"b-model", "DDL-HTML-Complete"}] = 25;
  const auto j = format_model_table_json(t);
  EXPECT_EQ(j.dump(),
            "{\"columns\":[\"b-model\",\"a-model\"],\"rows\":[{\"ex\":[50.0,75.0],\"format\":\"SimpleDDL-MD-Chat\"},"
            "{\"ex\":[25.0,null],\"format\":\"DDL-HTML-Complete\"}],\"semantics\":\"bird\"}");
}

TEST(FormatModelTable, ReadsBackWhatItWrote) {
  FormatModelTable t;
  t.semantics = "bird";
  t.models = {"b-model", "a-model"};
  t.formats = {"SimpleDDL-MD-Chat", "DDL-HTML-Complete"};
  t.ex[{"b-model", "SimpleDDL-MD-Chat"}] = 50;
  t.ex[{"a-model", "SimpleDDL-MD-Chat"}] = 75;
  t.ex[{"b-model", "DDL-HTML-Complete"}] = 25;
  auto back = parse_format_model_table(format_model_table_json(t));
  ASSERT_TRUE(back.ok()) << back.error();
  EXPECT_EQ(back->semantics, "bird");
  EXPECT_EQ(back->models, t.models);
  EXPECT_EQ(back->formats, t.formats);
  EXPECT_EQ(back->ex, t.ex);  // the null cell stays missing
}

TEST(FormatModelTable, RefusesAMalformedTableByName) {
  EXPECT_FALSE(parse_format_model_table(nlohmann::json::array()).ok());
  auto short_row = parse_format_model_table(
      nlohmann::json::parse(R"({"columns":["m1","m2"],"rows":[{"format":"SimpleDDL-MD-Chat","ex":[50]}]})"));
  ASSERT_FALSE(short_row.ok());
  EXPECT_NE(short_row.error().find("SimpleDDL-MD-Chat has 1 cells for 2 models"), std::string::npos)
      << short_row.error();
  auto text_cell =
      parse_format_model_table(nlohmann::json::parse(R"({"columns":["m1"],"rows":[{"format":"F","ex":["50"]}]})"));
  ASSERT_FALSE(text_cell.ok());
  EXPECT_NE(text_cell.error().find("F x m1"), std::string::npos) << text_cell.error();
}

}  // namespace
}  // namespace chokepoint::runner

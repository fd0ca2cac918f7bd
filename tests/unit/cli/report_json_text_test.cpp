// write_report_json (cli/report_json_text.h) writes the bytes of dump_json(report, 2) whatever the number of
// threads: long arrays of nested items, short arrays, empty ones, strings that need escaping or are not UTF-8.
#include "cli/report_json_text.h"

#include <gtest/gtest.h>

#include <sstream>

#include "core/base/json_dump.h"

namespace chokepoint::cli {
namespace {

nlohmann::json sample_report(size_t items) {
  nlohmann::json report;
  report["summary"] = {{"n", items}, {"ex", 61.25}, {"regimes", {{"EC-EC-IE", {{"f1", 0.5}}}}}};
  report["empty_list"] = nlohmann::json::array();
  report["empty_object"] = nlohmann::json::object();
  report["short"] = {1, 2.5, "three", nullptr, true};
  report["gold_file"] = "gold \"quoted\"\tand\ttabbed.json";
  auto arr = nlohmann::json::array();
  for (size_t i = 0; i < items; ++i) {
    nlohmann::json item = {{"id", std::to_string(i)},
                           {"ex", i % 3 == 0 ? 1 : 0},
                           {"pred_sql", "SELECT \"a\\b\" FROM t WHERE x = '" + std::to_string(i) + "'\n"},
                           {"regimes", {{"exp", 0.125 * static_cast<double>(i % 8)}, {"rows", {i, i + 1}}}},
                           {"empty", nlohmann::json::object()}};
    if (i % 50 == 7) item["message"] = std::string("bad byte \xff here");  // invalid UTF-8: replaced, not thrown
    if (i % 60 == 1) item["text"] = "caf\xc3\xa9";
    arr.push_back(item);
  }
  report["items"] = arr;
  return report;
}

std::string written(const nlohmann::json& report, int jobs) {
  std::ostringstream out;
  write_report_json(out, report, jobs);
  return out.str();
}

TEST(ReportJsonText, TheSameBytesAsDumpJsonWhateverTheThreads) {
  for (size_t items : {0, 5, 63, 64, 65, 1000}) {
    const auto report = sample_report(items);
    const std::string expected = dump_json(report, 2);
    for (int jobs : {1, 2, 3, 8}) EXPECT_EQ(written(report, jobs), expected) << items << " items, " << jobs << " jobs";
  }
}

TEST(ReportJsonText, ReadsBackAsTheReport) {
  const auto report = sample_report(200);
  const auto back = nlohmann::json::parse(written(report, 2), nullptr, true);
  EXPECT_EQ(back["items"].size(), 200u);
  EXPECT_EQ(back["items"][199]["id"], "199");
  EXPECT_EQ(back["summary"], report["summary"]);
}

TEST(ReportJsonText, NotAnObjectIsWrittenWhole) {
  const nlohmann::json list = {1, 2, 3};
  EXPECT_EQ(written(list, 4), dump_json(list, 2));
  EXPECT_EQ(written(nlohmann::json::object(), 4), "{}");
}

}  // namespace
}  // namespace chokepoint::cli

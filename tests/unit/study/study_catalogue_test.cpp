// The catalogue of studies: the nine names in their order, which the app runs too, and the closest name to a
// misspelt one.
#include "core/study/study_catalogue.h"

#include <gtest/gtest.h>

namespace chokepoint::study {
namespace {

TEST(StudyCatalogue, HoldsTheNineStudiesInOrder) {
  std::vector<std::string> names;
  for (const auto& e : study_catalogue()) names.push_back(e.name);
  EXPECT_EQ(names,
            (std::vector<std::string>{"jqe-delta", "tqa-augment", "denat-delta", "shared-failures",
                                      "mutation-sensitivity", "retrieval", "synsql", "feature-space", "llm-tasks"}));
}

TEST(StudyCatalogue, EachSaysWhichOfThePapersTablesItReproduces) {
  for (const auto& e : study_catalogue()) {
    EXPECT_NE(e.description.find("Table"), std::string::npos) << e.name;
  }
}

TEST(StudyCatalogue, FindsByExactNameAndSuggestsTheClosest) {
  ASSERT_NE(find_study("synsql"), nullptr);
  EXPECT_EQ(find_study("SynSQL"), nullptr);
  EXPECT_EQ(closest_study("jqe-delt"), "jqe-delta");
  EXPECT_EQ(closest_study("shared-failure"), "shared-failures");
  EXPECT_EQ(closest_study("denat"), "denat-delta");
  EXPECT_EQ(closest_study("SYNSQ"), "synsql");
  EXPECT_EQ(closest_study("retreival"), "retrieval");
}

}  // namespace
}  // namespace chokepoint::study

// The human label file of Table 3: {"<item id>": true | false}, true = the prediction is right. Unknown ids, values
// other than true or false and ids given twice are refused with a message naming them.
#include "core/testdb/human_labels.h"

#include <gtest/gtest.h>

namespace chokepoint::testdb {
namespace {

const std::vector<std::string> kIds = {"286", "357", "1273"};

TEST(HumanLabels, ReadsOneVerdictPerId) {
  auto labels = parse_human_labels("{\"286\": true, \"357\": false}", kIds);
  ASSERT_TRUE(labels.ok()) << labels.error();
  ASSERT_NE(labels->find("286"), nullptr);
  EXPECT_TRUE(*labels->find("286"));
  EXPECT_FALSE(*labels->find("357"));
  EXPECT_EQ(labels->find("1273"), nullptr);  // no label: counted apart by the transitions, not assumed
}

TEST(HumanLabels, AnEmptyObjectIsNoLabels) {
  auto labels = parse_human_labels("{}", kIds);
  ASSERT_TRUE(labels.ok());
  EXPECT_TRUE(labels->prediction_right.empty());
}

TEST(HumanLabels, UnknownIdsAreRefusedByName) {
  auto labels = parse_human_labels("{\"286\": true, \"999\": false, \"q7\": true}", kIds);
  ASSERT_FALSE(labels.ok());
  EXPECT_EQ(labels.error(), "human labels: 2 ids the run does not have: \"999\", \"q7\"");
}

TEST(HumanLabels, ValuesOtherThanTrueOrFalseAreRefusedByName) {
  auto labels = parse_human_labels("{\"286\": \"true\", \"357\": 1, \"1273\": null}", kIds);
  ASSERT_FALSE(labels.ok());
  EXPECT_EQ(labels.error(),
            "human labels: 3 values that are not true or false: \"1273\": null, \"286\": \"true\", \"357\": 1");
}

TEST(HumanLabels, AnIdGivenTwiceIsRefused) {
  auto labels = parse_human_labels("{\"286\": true, \"286\": false}", kIds);
  ASSERT_FALSE(labels.ok());
  EXPECT_EQ(labels.error(), "human labels: 1 ids given twice: \"286\"");
}

TEST(HumanLabels, EveryKindOfProblemIsNamedInOneMessage) {
  auto labels = parse_human_labels("{\"1\": true, \"357\": \"no\"}", kIds);
  ASSERT_FALSE(labels.ok());
  EXPECT_EQ(labels.error(),
            "human labels: 1 ids the run does not have: \"1\"; 1 values that are not true or false: \"357\": \"no\"");
}

TEST(HumanLabels, MoreThanFiveOfAKindAreCounted) {
  auto labels = parse_human_labels(
      "{\"a\": true, \"b\": true, \"c\": true, \"d\": true, \"e\": true, \"f\": true, "
      "\"g\": true}",
      kIds);
  ASSERT_FALSE(labels.ok());
  EXPECT_EQ(labels.error(), "human labels: 7 ids the run does not have: \"a\", \"b\", \"c\", \"d\", \"e\" and 2 more");
}

TEST(HumanLabels, TextThatIsNotOneObjectIsRefused) {
  EXPECT_EQ(parse_human_labels("[true]", kIds).error(),
            "human labels: expected one JSON object {\"<item id>\": true | false}, found array");
  EXPECT_EQ(parse_human_labels("{\"286\": tru", kIds).error(), "human labels: not valid JSON");
}

}  // namespace
}  // namespace chokepoint::testdb

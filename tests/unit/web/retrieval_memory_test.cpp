// The Retrieval tab's cells through the workspace record and back: every field as it was, the optional ones absent
// when they were, and an entry that is not what the record writes skipped whole.
#include "web/panels/runner/retrieval_memory.h"

#include <gtest/gtest.h>

namespace chokepoint::web {
namespace {

decltype(RetrievalView::table) two_cells() {
  decltype(RetrievalView::table) table;
  RetrievalView::Cell full;
  full.set = "O_O.json";
  full.model = "";
  full.scores = {2, 1, 2, 37.5, 40.0, 50.0, 5};
  full.rows = {{"O/O", "full-schema", "0", "toxicology", "linked", 2, 3, true, 33.3},
               {"O/O", "full-schema", "1", "toxicology", "no_schema", 0, 0, std::nullopt, std::nullopt}};
  table[{0, 0}] = full;
  RetrievalView::Cell scsl;
  scsl.set = "O_L.json";
  scsl.model = "fake-retriever";
  scsl.foreign_keys = true;
  scsl.scores = {1, 0, 0, 0.0, 0.0, 0.0, 0};
  scsl.rows = {{"O/L", "scsl", "7", "toxicology", "unreadable", 2, 0, false, std::nullopt}};
  table[{2, 2}] = scsl;
  return table;
}

TEST(RetrievalMemory, CellsComeBackAsTheyWere) {
  const auto table = two_cells();
  const auto back = restore_retrieval_table(nlohmann::json::parse(retrieval_table_memory(table).dump()));
  ASSERT_EQ(back.size(), 2u);
  for (const auto& [key, cell] : table) {
    ASSERT_TRUE(back.count(key));
    const auto& b = back.at(key);
    EXPECT_EQ(b.set, cell.set);
    EXPECT_EQ(b.model, cell.model);
    EXPECT_EQ(b.foreign_keys, cell.foreign_keys);
    EXPECT_EQ(b.scores.n, cell.scores.n);
    EXPECT_EQ(b.scores.skipped, cell.scores.skipped);
    EXPECT_EQ(b.scores.fpr_items, cell.scores.fpr_items);
    EXPECT_DOUBLE_EQ(b.scores.fpr, cell.scores.fpr);
    EXPECT_DOUBLE_EQ(b.scores.fpr_pooled, cell.scores.fpr_pooled);
    EXPECT_DOUBLE_EQ(b.scores.slr, cell.scores.slr);
    EXPECT_EQ(b.scores.retrieved, cell.scores.retrieved);
    ASSERT_EQ(b.rows.size(), cell.rows.size());
    for (size_t i = 0; i < b.rows.size(); ++i) {
      EXPECT_EQ(b.rows[i].id, cell.rows[i].id);
      EXPECT_EQ(b.rows[i].outcome, cell.rows[i].outcome);
      EXPECT_EQ(b.rows[i].gold, cell.rows[i].gold);
      EXPECT_EQ(b.rows[i].retrieved, cell.rows[i].retrieved);
      EXPECT_EQ(b.rows[i].all_gold, cell.rows[i].all_gold);
      EXPECT_EQ(b.rows[i].fpr, cell.rows[i].fpr);
    }
  }
}

TEST(RetrievalMemory, ADamagedEntryIsSkippedWhole) {
  auto memory = retrieval_table_memory(two_cells());
  memory[1]["rows"][0].erase("outcome");  // the SCSL cell's only row is damaged
  memory.push_back({{"approach", 9}, {"variant", 0}});
  const auto back = restore_retrieval_table(memory);
  ASSERT_EQ(back.size(), 1u);
  EXPECT_TRUE(back.count({0, 0}));
  EXPECT_TRUE(restore_retrieval_table(nlohmann::json("not a list")).empty());
}

}  // namespace
}  // namespace chokepoint::web

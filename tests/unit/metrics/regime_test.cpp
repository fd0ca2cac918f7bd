#include "core/metrics/regime.h"

#include <gtest/gtest.h>

namespace chokepoint {

TEST(Regime, ParsesPaperNames) {
  auto r = parse_regime("EC-PC-IE");
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r->columns, ColumnRegime::Exact);
  EXPECT_EQ(r->cells, CellRegime::Partial);
  EXPECT_EQ(r->extras, ExtraColumns::Ignore);
  EXPECT_EQ(r->name(), "EC-PC-IE");
  EXPECT_EQ(parse_regime("sc-ec-pe")->name(), "SC-EC-PE");
}

TEST(Regime, NoColumnRegimeHasNoIgnoreExtras) {
  EXPECT_EQ(parse_regime("NC-PC")->name(), "NC-PC");
  EXPECT_EQ(parse_regime("NC-PC-PE")->name(), "NC-PC");
  EXPECT_FALSE(parse_regime("NC-PC-IE").ok());
  EXPECT_FALSE(parse_regime("EC-PC").ok());
  EXPECT_FALSE(parse_regime("XC-PC-IE").ok());
}

TEST(Regime, TableXiHasFiveConfigurations) {
  std::vector<std::string> names;
  for (const auto& r : table_xi_regimes()) names.push_back(r.name());
  EXPECT_EQ(names, (std::vector<std::string>{"EC-EC-IE", "EC-PC-IE", "SC-EC-IE", "SC-PC-IE", "NC-PC"}));
  EXPECT_EQ(all_regimes().size(), 10u);
}

TEST(Regime, ListDropsDuplicates) {
  auto l = parse_regime_list("EC-EC-IE, NC-PC,ec-ec-ie");
  ASSERT_TRUE(l.ok());
  EXPECT_EQ(l->size(), 2u);
  EXPECT_FALSE(parse_regime_list("EC-EC-IE,bogus").ok());
}

}  // namespace chokepoint

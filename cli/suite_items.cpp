#include "cli/suite_items.h"

#include "core/mutate/mutant_generation.h"

namespace chokepoint::cli {

std::vector<testdb::SuiteItem> suite_items(const std::vector<EvalItem>& items, const Connection& original,
                                           size_t& unparsed) {
  std::vector<testdb::SuiteItem> suite;
  for (const auto& item : items) {
    testdb::SuiteItem s{item.key, item.sql, {}};
    auto mutants = mutate::generate_mutants(item.sql, original);
    if (mutants.ok())
      for (const auto& m : mutants->kept) s.mutants.push_back(m.sql);
    else
      ++unparsed;
    suite.push_back(std::move(s));
  }
  return suite;
}

}  // namespace chokepoint::cli

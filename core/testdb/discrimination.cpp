// Mutants told apart from the gold on one database (see discrimination.h).
#include "core/testdb/discrimination.h"

namespace chokepoint::testdb {

GoldDiscrimination discriminate_gold(const Connection& db, const std::string& gold_sql,
                                     const std::vector<std::string>& mutants, ExSemantics semantics,
                                     const QueryLimits& limits, size_t stop_after, std::vector<bool>* told_apart,
                                     std::vector<bool>* failed) {
  GoldDiscrimination g;
  g.mutants = mutants.size();
  if (told_apart) told_apart->assign(mutants.size(), false);
  if (failed) failed->assign(mutants.size(), false);
  const ExSemantics compare = semantics == ExSemantics::TestSuite ? ExSemantics::Spider : semantics;
  const QueryOutcome gold = db.query(gold_sql, limits);
  ++g.queries;
  if (!gold.ok()) return g;
  g.gold_ok = true;
  g.gold_nonempty = !gold.result.rows.empty();
  for (size_t i = 0; i < mutants.size(); ++i) {
    if (stop_after > 0 && g.distinguished >= stop_after) break;
    const QueryOutcome m = db.query(mutants[i], limits);
    ++g.queries;
    if (!m.ok()) {
      ++g.mutant_failures;
      if (failed) (*failed)[i] = true;
      continue;
    }
    const Deadline deadline = Deadline::after_ms(limits.timeout_ms);
    if (execution_match(compare, gold_sql, gold.result, m.result, deadline)) continue;
    ++g.distinguished;
    if (told_apart) (*told_apart)[i] = true;
  }
  return g;
}

GoldDiscrimination discriminate_gold_on_suite(const std::vector<PooledDatabase>& suite, const std::string& gold_sql,
                                              const std::vector<std::string>& mutants, ExSemantics semantics,
                                              const QueryLimits& limits) {
  GoldDiscrimination all;
  all.mutants = mutants.size();
  std::vector<bool> told(mutants.size(), false), failed(mutants.size(), false);
  for (const auto& member : suite) {
    if (!member.connection) continue;
    // Every mutant runs on every member (no stop_after); a member where the gold failed tells none apart.
    std::vector<bool> told_here, failed_here;
    const GoldDiscrimination g =
        discriminate_gold(*member.connection, gold_sql, mutants, semantics, limits, 0, &told_here, &failed_here);
    all.queries += g.queries;
    all.gold_ok = all.gold_ok || g.gold_ok;
    all.gold_nonempty = all.gold_nonempty || g.gold_nonempty;
    for (size_t i = 0; i < mutants.size(); ++i) {
      told[i] = told[i] || told_here[i];
      failed[i] = failed[i] || failed_here[i];
    }
  }
  for (size_t i = 0; i < mutants.size(); ++i) {
    all.distinguished += told[i];
    all.mutant_failures += failed[i] && !told[i];
  }
  return all;
}

void DiscriminationTotals::add(const GoldDiscrimination& g) {
  ++golds;
  if (!g.gold_ok) ++golds_failed;
  if (g.gold_nonempty) ++golds_nonempty;
  if (g.mutants > 0) ++golds_with_mutants;
  if (g.distinguished > 0) ++golds_distinguished;
  mutants += g.mutants;
  distinguished += g.distinguished;
  mutant_failures += g.mutant_failures;
}

nlohmann::ordered_json discrimination_totals_json(const DiscriminationTotals& t) {
  return nlohmann::ordered_json{{"share", t.share()},
                                {"mutants", t.mutants},
                                {"distinguished", t.distinguished},
                                {"golds", t.golds},
                                {"golds_distinguished", t.golds_distinguished},
                                {"golds_failed", t.golds_failed},
                                {"mutant_failures", t.mutant_failures}};
}

}  // namespace chokepoint::testdb

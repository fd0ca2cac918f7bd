#include "web/panels/quick_check/quick_check.h"

#include "core/metrics/regime.h"

namespace chokepoint::web {
namespace {

std::string key_of_quick_check(const QuickCheck& q) { return q.db_id + '\x1f' + q.gold + '\x1f' + q.pred; }

ItemEvaluation check(const Connection& db, const QuickCheck& q, ExSemantics semantics) {
  EvaluationOptions options;
  options.semantics = semantics;
  options.regimes = all_regimes();
  options.keep_details = true;
  options.kept_result_bytes = 1u << 20;
  options.limits.timeout_ms = kQuickCheckTimeoutMs;
  return evaluate_pair(db, {"quick check", q.db_id, q.gold, q.pred}, options);
}

nlohmann::json result_json(const ItemEvaluation& e) {
  nlohmann::json regimes = nlohmann::json::array();
  const auto all = all_regimes();
  for (size_t i = 0; i < e.scores.size() && i < all.size(); ++i)
    regimes.push_back({{"name", all[i].name()},
                       {"exp", 100 * e.scores[i].exp},
                       {"exr", 100 * e.scores[i].exr},
                       {"f1", 100 * e.scores[i].f1}});
  return {{"status", item_status_name(e.status)},
          {"ex", e.ex},
          {"message", e.message},
          {"reasons", e.ex_reasons},
          {"gold_rows", e.gold_rows},
          {"pred_rows", e.pred_rows},
          {"regimes", regimes}};
}

}  // namespace

QuickCheck& quick_check(AppState& state) { return state.panels.get<QuickCheck>(); }

void set_quick_check(AppState& state, const std::string& db_id, const std::string& gold, const std::string& pred,
                     double now_ms) {
  QuickCheck& q = quick_check(state);
  q.db_id = db_id;
  q.gold = gold;
  q.pred = pred;
  q.edited_ms = now_ms;
}

void step_quick_check(AppState& state, double now_ms) {
  QuickCheck& q = quick_check(state);
  if (q.edited_ms < 0 || now_ms - q.edited_ms < kQuickCheckDebounceMs) return;
  // A check waits for the files still opening (the samples and the workspace's files at start, an upload), as a page
  // command does: a check restored from the address would otherwise find its database not yet open, and keep saying so.
  if (!state.pending_files.empty()) return;
  const std::string key = key_of_quick_check(q);
  if (key == q.checked_key) return;
  q.checked_key = key;
  q.bird.reset();
  q.spider.reset();
  q.error.clear();
  if (q.gold.find_first_not_of(" \t\r\n") == std::string::npos ||
      q.pred.find_first_not_of(" \t\r\n") == std::string::npos) {
    q.error = "type or paste both queries";
    return;
  }
  const LoadedDatabase* db = find_database(state, q.db_id);
  if (!db || !db->connection) {
    q.error = "no open database named '" + q.db_id + "'";
    return;
  }
  q.bird = check(*db->connection, q, ExSemantics::Bird);
  q.spider = check(*db->connection, q, ExSemantics::Spider);
}

const MatchedCells& quick_check_matched(QuickCheck& q) {
  const std::string key = q.checked_key + '\x1f' + q.shown_regime + (q.bird ? "" : "\x1fnone");
  if (key == q.matched_for) return q.matched;
  q.matched_for = key;
  q.matched = {};
  if (!q.bird || q.bird->status != ItemStatus::Scored) return q.matched;
  for (const auto& cmp : q.bird->comparisons)
    if (cmp.regime.name() == q.shown_regime) q.matched = matched_cells(cmp, q.bird->gold_result, q.bird->pred_result);
  return q.matched;
}

nlohmann::json quick_check_json(QuickCheck& q) {
  nlohmann::json j = {{"db_id", q.db_id},
                      {"gold", q.gold},
                      {"pred", q.pred},
                      {"checked", q.bird.has_value()},
                      {"pending", q.edited_ms >= 0 && key_of_quick_check(q) != q.checked_key},
                      {"error", q.error}};
  if (q.bird) j["bird"] = result_json(*q.bird);
  if (q.spider) j["spider"] = result_json(*q.spider);
  const MatchedCells& m = quick_check_matched(q);
  auto count = [](const std::vector<std::vector<bool>>& mask) {
    size_t n = 0;
    for (const auto& row : mask)
      for (bool b : row) n += b;
    return n;
  };
  j["highlight"] = {{"regime", q.shown_regime}, {"gold_cells", count(m.gold)}, {"pred_cells", count(m.pred)}};
  return j;
}

}  // namespace chokepoint::web

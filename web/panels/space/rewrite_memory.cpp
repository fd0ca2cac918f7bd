// A rewriting run kept across a reload (see rewrite_memory.h).
#include "web/panels/space/rewrite_memory.h"

#include <fstream>

#include "core/base/file_text.h"
#include "web/workspace/workspace.h"

namespace chokepoint::web {
namespace {

const char* const kRewriteRecord = "/workspace/rewrite_run.json";

void write_record(const nlohmann::json& j) {
  if (!workspace_available()) return;
  std::ofstream(kRewriteRecord, std::ios::binary) << j.dump();
  persist_workspace();
}

nlohmann::json usage_json(const UsageTotals& u) { return {u.network_calls, u.replayed}; }

// Reads the record field by field; any field of another kind makes the whole record damaged.
struct Reader {
  const nlohmann::json& j;
  bool ok = true;
  const nlohmann::json& at(const nlohmann::json& o, const char* key) {
    static const nlohmann::json null;
    if (!o.is_object() || !o.contains(key)) {
      ok = false;
      return null;
    }
    return o[key];
  }
  std::string text(const nlohmann::json& o, const char* key) {
    const auto& v = at(o, key);
    if (!v.is_string()) ok = false;
    return v.is_string() ? v.get<std::string>() : "";
  }
  bool flag(const nlohmann::json& o, const char* key) {
    const auto& v = at(o, key);
    if (!v.is_boolean()) ok = false;
    return v.is_boolean() && v.get<bool>();
  }
  size_t whole(const nlohmann::json& o, const char* key) {
    const auto& v = at(o, key);
    if (!v.is_number_unsigned()) ok = false;
    return v.is_number_unsigned() ? v.get<size_t>() : 0;
  }
  double real(const nlohmann::json& o, const char* key) {
    const auto& v = at(o, key);
    if (!v.is_number()) ok = false;
    return v.is_number() ? v.get<double>() : 0;
  }
  UsageTotals usage(const nlohmann::json& o, const char* key) {
    const auto& v = at(o, key);
    UsageTotals u;
    if (!v.is_array() || v.size() != 2 || !v[0].is_number_integer() || !v[1].is_number_integer()) {
      ok = false;
      return u;
    }
    u.network_calls = v[0].get<long long>();
    u.replayed = v[1].get<long long>();
    return u;
  }
};

// An index into the set the run was on, kept below a bound a record could not have honestly (a damaged file must not
// size a vector).
constexpr size_t kMostItems = 1000000;

}  // namespace

void remember_rewrite_run(const RewriteRun& run) {
  if (!run.summary || !run.items) return;
  const auto& s = *run.summary;
  nlohmann::json items = nlohmann::json::array();
  for (size_t i : run.population)
    items.push_back({{"index", i}, {"key", run.items->items[i].key}, {"original_ex", run.original_ex[i]}});
  nlohmann::json attempts = nlohmann::json::array();
  for (const auto& a : run.attempts)
    attempts.push_back({{"item", a.item},
                        {"rank", a.rank},
                        {"feature", a.feature.id},
                        {"remove", a.feature.remove},
                        {"state", a.state},
                        {"question", a.question},
                        {"sql", a.sql},
                        {"note", a.note},
                        {"ex", a.ex ? nlohmann::json(*a.ex) : nlohmann::json()}});
  write_record({{"state", "done"},
                {"set", run.set},
                {"model", run.model},
                {"rewriter", run.sent.model},
                {"online", run.online},
                {"top", run.top},
                {"cancelled", run.cancelled},
                {"usage", {{"rewrite", usage_json(run.rewrite_usage)}, {"t2s", usage_json(run.t2s_usage)}}},
                {"summary",
                 {{"n", s.n},
                  {"chosen", s.chosen},
                  {"rewritten", s.rewritten},
                  {"no_rewriting", s.no_rewriting},
                  {"acc_at_1", s.acc_at_1},
                  {"acc_at_3", s.acc_at_3},
                  {"estimator_right_success", s.estimator_right_success},
                  {"estimator_right_failure", s.estimator_right_failure},
                  {"estimator_wrong_success", s.estimator_wrong_success},
                  {"estimator_wrong_failure", s.estimator_wrong_failure}}},
                {"items", items},
                {"chosen", run.chosen},
                {"attempts", attempts}});
}

void remember_rewrite_under_way(const RewriteRun& run) {
  write_record({{"state", "under_way"}, {"set", run.set}, {"model", run.model}});
}

void restore_rewrite_run(RewriteRun& run, std::vector<std::string>& notes) {
  const auto text = read_file(kRewriteRecord);
  if (!text.ok()) return;
  const auto j = nlohmann::json::parse(*text, nullptr, false);
  Reader in{j};
  const std::string state = in.text(j, "state");
  if (in.ok && state == "under_way") {
    const std::string set = in.text(j, "set"), model = in.text(j, "model");
    if (in.ok) {
      notes.push_back("a rewriting run of " + model + " on " + set +
                      " was under way when the page was reloaded: Feature space > Estimator > Rewrite... again (the "
                      "replay store answers every call already answered)");
      return;
    }
  }
  RewriteRun r;
  r.set = in.text(j, "set");
  r.model = in.text(j, "model");
  r.sent.model = in.text(j, "rewriter");
  r.online = in.flag(j, "online");
  r.top = static_cast<int>(in.whole(j, "top"));
  r.cancelled = in.flag(j, "cancelled");
  const auto& usage = in.at(j, "usage");
  r.rewrite_usage = in.usage(usage, "rewrite");
  r.t2s_usage = in.usage(usage, "t2s");
  const auto& sj = in.at(j, "summary");
  sqlspace::RewriteSummary s;
  s.n = in.whole(sj, "n");
  s.chosen = in.whole(sj, "chosen");
  s.rewritten = in.whole(sj, "rewritten");
  s.no_rewriting = in.real(sj, "no_rewriting");
  s.acc_at_1 = in.real(sj, "acc_at_1");
  s.acc_at_3 = in.real(sj, "acc_at_3");
  s.estimator_right_success = in.whole(sj, "estimator_right_success");
  s.estimator_right_failure = in.whole(sj, "estimator_right_failure");
  s.estimator_wrong_success = in.whole(sj, "estimator_wrong_success");
  s.estimator_wrong_failure = in.whole(sj, "estimator_wrong_failure");
  auto set = std::make_shared<EvalSet>();
  const auto& items = in.at(j, "items");
  if (!items.is_array()) in.ok = false;
  for (const auto& it : items.is_array() ? items : nlohmann::json::array()) {
    const size_t i = in.whole(it, "index");
    if (!in.ok || i >= kMostItems) {
      in.ok = false;
      break;
    }
    if (set->items.size() <= i) set->items.resize(i + 1);
    if (r.original_ex.size() <= i) r.original_ex.resize(i + 1, false);
    set->items[i].key = in.text(it, "key");
    r.original_ex[i] = in.flag(it, "original_ex");
    r.population.push_back(i);
  }
  const auto& chosen = in.at(j, "chosen");
  if (!chosen.is_array()) in.ok = false;
  for (const auto& c : chosen.is_array() ? chosen : nlohmann::json::array()) {
    if (!c.is_number_unsigned() || c.get<size_t>() >= set->items.size()) {
      in.ok = false;
      break;
    }
    r.chosen.push_back(c.get<size_t>());
  }
  const auto& attempts = in.at(j, "attempts");
  if (!attempts.is_array()) in.ok = false;
  for (const auto& a : attempts.is_array() ? attempts : nlohmann::json::array()) {
    sqlspace::RewriteAttempt at;
    at.item = in.whole(a, "item");
    at.rank = in.whole(a, "rank");
    const auto& feature = in.at(a, "feature");
    if (!feature.is_number_integer()) in.ok = false;
    at.feature.id = feature.is_number_integer() ? feature.get<int>() : 0;
    at.feature.remove = in.flag(a, "remove");
    at.state = in.text(a, "state");
    at.question = in.text(a, "question");
    at.sql = in.text(a, "sql");
    at.note = in.text(a, "note");
    const auto& ex = in.at(a, "ex");
    if (ex.is_boolean())
      at.ex = ex.get<bool>();
    else if (!ex.is_null())
      in.ok = false;
    if (at.item >= set->items.size()) in.ok = false;
    if (!in.ok) break;
    r.attempts.push_back(std::move(at));
  }
  if (!in.ok || state != "done" || s.n != r.population.size()) {
    notes.push_back(std::string("the kept rewriting run (") + kRewriteRecord + ") is damaged and was not restored");
    return;
  }
  r.items = std::move(set);
  r.summary = s;
  r.phase = 4;
  run = std::move(r);
}

}  // namespace chokepoint::web

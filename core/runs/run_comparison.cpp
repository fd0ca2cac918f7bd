// Pairing two stored runs' items and saying, for each pair, what changed and why (decisions.md §17).
#include "core/runs/run_comparison.h"

#include <cmath>
#include <cstdio>
#include <map>
#include <set>

namespace chokepoint::runs {
namespace {

constexpr double kScoreEpsilon = 1e-9;

std::string shortened(const std::string& text, size_t max_bytes = 120) {
  if (text.size() <= max_bytes) return text;
  size_t cut = max_bytes;
  while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80) --cut;  // whole UTF-8 characters
  return text.substr(0, cut) + "...";
}

std::string two_decimals(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.2f", v);
  return buf;
}

ComparedSide side_of(const StoredRun& run, size_t k, const std::vector<ItemMark>& marks) {
  const auto& p = run.pairs[k];
  const auto& it = run.items[k];
  ComparedSide s;
  s.position = k;
  s.pred_sql = p.pred_sql;
  s.gold_sql = p.gold_sql;
  s.outcome = item_outcome(it);
  s.ex = it.ex;
  s.soft_f1 = it.soft_f1;
  s.message = it.message;
  if (const ItemMark* m = find_mark(marks, p.db_id, p.id, p.pred_sql)) s.mark = *m;
  return s;
}

// The first regime, in A's order, whose EXP, EXR or F1 differs between the two items, as "EC-EC-IE F1 0.50 -> 0.75",
// with the number of further regimes that differ; empty when none does.
std::string score_change(const StoredRun& a, size_t ka, const StoredRun& b, size_t kb) {
  const auto& sa = a.items[ka].scores;
  const auto& sb = b.items[kb].scores;
  std::string first;
  size_t more = 0;
  for (size_t i = 0; i < a.regimes.size() && i < sa.size(); ++i) {
    size_t j = 0;
    while (j < b.regimes.size() && !(b.regimes[j] == a.regimes[i])) ++j;
    if (j >= sb.size()) continue;
    const std::pair<const char*, std::pair<double, double>> parts[] = {
        {"EXP", {sa[i].exp, sb[j].exp}}, {"EXR", {sa[i].exr, sb[j].exr}}, {"F1", {sa[i].f1, sb[j].f1}}};
    std::string here;
    for (const auto& [name, v] : parts)
      if (here.empty() && std::fabs(v.first - v.second) > kScoreEpsilon)
        here = a.regimes[i].name() + " " + name + " " + two_decimals(v.first) + " -> " + two_decimals(v.second);
    if (here.empty()) continue;
    if (first.empty())
      first = here;
    else
      ++more;
  }
  if (more > 0) first += " (and " + std::to_string(more) + " more regime" + (more > 1 ? "s" : "") + ")";
  return first;
}

void describe(ItemDelta& d, const StoredRun& a, size_t ka, const StoredRun& b, size_t kb) {
  const ComparedSide& x = *d.a;
  const ComparedSide& y = *d.b;
  std::vector<std::string> parts;
  if (x.ex != y.ex) {
    d.differences.push_back("ex");
    parts.push_back(std::string("EX ") + (x.ex ? "1" : "0") + " -> " + (y.ex ? "1" : "0"));
  }
  if (x.outcome != y.outcome) {
    d.differences.push_back("outcome");
    parts.push_back(x.outcome + " -> " + y.outcome);
  }
  if (x.pred_sql != y.pred_sql) {
    d.differences.push_back("prediction");
    parts.push_back("prediction changed");
  }
  if (x.gold_sql != y.gold_sql) {
    d.differences.push_back("gold");
    parts.push_back("gold changed");
  }
  if (x.message != y.message) {
    d.differences.push_back("message");
    if (!y.message.empty())
      parts.push_back("now: " + shortened(y.message));
    else
      parts.push_back("was: " + shortened(x.message));
  }
  std::string scores = score_change(a, ka, b, kb);
  if (std::fabs(x.soft_f1 - y.soft_f1) > kScoreEpsilon)
    scores += (scores.empty() ? "" : "; ") + std::string("Soft-F1 ") + two_decimals(x.soft_f1) + " -> " +
              two_decimals(y.soft_f1);
  if (!scores.empty()) {
    d.differences.push_back("scores");
    if (x.ex == y.ex) parts.push_back(scores);  // with EX changed, the scores' change says nothing new
  }
  if (x.ex != y.ex && x.outcome == y.outcome && x.pred_sql == y.pred_sql && x.gold_sql == y.gold_sql)
    parts.push_back("same prediction and gold: the settings differ");
  d.change = x.ex != y.ex            ? (y.ex ? ItemChange::Fixed : ItemChange::Broken)
             : d.differences.empty() ? ItemChange::Unchanged
                                     : ItemChange::Changed;
  for (const auto& p : parts) d.reason += (d.reason.empty() ? "" : "; ") + p;
}

// Why ids cannot pair the runs (empty when they can): an empty or repeated id in either run.
std::string id_pairing_problem(const StoredRun& run, const char* name) {
  std::set<std::string> seen;
  for (const auto& p : run.pairs) {
    if (p.id.empty()) return std::string("run ") + name + " has an item without an id";
    if (!seen.insert(p.id).second) return std::string("run ") + name + " repeats the item id '" + p.id + "'";
  }
  return "";
}

nlohmann::json side_json(const ComparedSide& s) {
  nlohmann::json j = {{"position", s.position}, {"ex", s.ex ? 1 : 0}, {"status", s.outcome}, {"pred_sql", s.pred_sql}};
  if (!s.message.empty()) j["message"] = s.message;
  if (s.mark)
    j["mark"] = {{"almost_correct", s.mark->almost_correct}, {"note", s.mark->note}, {"set_at", s.mark->set_at}};
  return j;
}

nlohmann::json run_json(const RunInfo& info) {
  nlohmann::json j = {{"id", info.id}, {"label", info.label}, {"created_at", info.created_at}, {"items", info.items}};
  auto summary = nlohmann::json::parse(info.summary_json, nullptr, false);
  j["ex"] = summary.is_object() && summary.contains("ex") ? summary["ex"] : nlohmann::json();
  return j;
}

}  // namespace

const char* item_change_name(ItemChange c) {
  switch (c) {
    case ItemChange::Unchanged:
      return "unchanged";
    case ItemChange::Fixed:
      return "fixed";
    case ItemChange::Broken:
      return "broken";
    case ItemChange::Changed:
      return "changed_other";
    case ItemChange::OnlyInA:
      return "only_in_a";
    case ItemChange::OnlyInB:
      return "only_in_b";
  }
  return "unchanged";
}

std::string item_outcome(const ItemEvaluation& item) {
  if (item.status != ItemStatus::Scored) return item_status_name(item.status);
  switch (item.pred_status) {
    case QueryStatus::Ok:
      return "scored";
    case QueryStatus::Error:
      return "pred_error";
    case QueryStatus::Timeout:
      return "pred_timeout";
  }
  return "scored";
}

RunComparison compare_runs(const StoredRun& a, const StoredRun& b, const std::vector<ItemMark>& marks) {
  RunComparison c;
  c.run_a = a.info;
  c.run_b = b.info;
  std::string problem = id_pairing_problem(a, "A");
  if (problem.empty()) problem = id_pairing_problem(b, "B");
  c.pairing = problem.empty() ? Pairing::ById : Pairing::ByPosition;
  if (!problem.empty()) c.pairing_note = problem + ": items paired by position";

  // partner[k] = the position in B of A's item k, if any.
  std::vector<std::optional<size_t>> partner(a.pairs.size());
  std::vector<bool> taken(b.pairs.size(), false);
  if (c.pairing == Pairing::ById) {
    std::map<std::string, size_t> in_b;
    for (size_t k = 0; k < b.pairs.size(); ++k) in_b[b.pairs[k].id] = k;
    for (size_t k = 0; k < a.pairs.size(); ++k) {
      auto found = in_b.find(a.pairs[k].id);
      if (found != in_b.end()) partner[k] = found->second;
    }
  } else {
    for (size_t k = 0; k < a.pairs.size() && k < b.pairs.size(); ++k) partner[k] = k;
  }
  for (size_t k = 0; k < a.pairs.size(); ++k) {
    ItemDelta d;
    d.id = a.pairs[k].id;
    d.db_id = a.pairs[k].db_id;
    d.a = side_of(a, k, marks);
    if (partner[k]) {
      taken[*partner[k]] = true;
      d.b = side_of(b, *partner[k], marks);
      describe(d, a, k, b, *partner[k]);
    } else {
      d.change = ItemChange::OnlyInA;
      d.reason = "only in run A";
    }
    c.items.push_back(std::move(d));
  }
  for (size_t k = 0; k < b.pairs.size(); ++k) {
    if (taken[k]) continue;
    ItemDelta d;
    d.id = b.pairs[k].id;
    d.db_id = b.pairs[k].db_id;
    d.b = side_of(b, k, marks);
    d.change = ItemChange::OnlyInB;
    d.reason = "only in run B";
    c.items.push_back(std::move(d));
  }
  for (const auto& d : c.items) {
    switch (d.change) {
      case ItemChange::Unchanged:
        ++c.unchanged;
        break;
      case ItemChange::Fixed:
        ++c.fixed;
        break;
      case ItemChange::Broken:
        ++c.broken;
        break;
      case ItemChange::Changed:
        ++c.changed;
        break;
      case ItemChange::OnlyInA:
        ++c.only_in_a;
        break;
      case ItemChange::OnlyInB:
        ++c.only_in_b;
        break;
    }
  }
  // Almost-correct counts per run, over every item of the run (paired or not).
  for (size_t k = 0; k < a.pairs.size(); ++k)
    if (const ItemMark* m = find_mark(marks, a.pairs[k].db_id, a.pairs[k].id, a.pairs[k].pred_sql))
      c.almost_correct_a += (m->almost_correct && !a.items[k].ex) ? 1 : 0;
  for (size_t k = 0; k < b.pairs.size(); ++k)
    if (const ItemMark* m = find_mark(marks, b.pairs[k].db_id, b.pairs[k].id, b.pairs[k].pred_sql))
      c.almost_correct_b += (m->almost_correct && !b.items[k].ex) ? 1 : 0;
  return c;
}

nlohmann::json comparison_json(const RunComparison& c, bool all_items) {
  nlohmann::json j;
  j["run_a"] = run_json(c.run_a);
  j["run_b"] = run_json(c.run_b);
  j["pairing"] = c.pairing == Pairing::ById ? "id" : "position";
  if (!c.pairing_note.empty()) j["pairing_note"] = c.pairing_note;
  j["counts"] = {{"fixed", c.fixed},           {"broken", c.broken},       {"unchanged", c.unchanged},
                 {"changed_other", c.changed}, {"only_in_a", c.only_in_a}, {"only_in_b", c.only_in_b}};
  j["almost_correct"] = {{"a", c.almost_correct_a}, {"b", c.almost_correct_b}};
  auto items = nlohmann::json::array();
  for (const auto& d : c.items) {
    const bool marked = (d.a && d.a->mark) || (d.b && d.b->mark);
    if (!all_items && d.change == ItemChange::Unchanged && !marked) continue;
    nlohmann::json item = {{"id", d.id}, {"db_id", d.db_id}, {"change", item_change_name(d.change)}};
    item["reason"] = d.reason;
    item["differences"] = d.differences;
    item["before"] = d.a ? side_json(*d.a) : nlohmann::json();
    item["after"] = d.b ? side_json(*d.b) : nlohmann::json();
    items.push_back(std::move(item));
  }
  j["items"] = std::move(items);
  return j;
}

}  // namespace chokepoint::runs

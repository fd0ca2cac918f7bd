// JQE reports: counts, shapes, degrees, cycles, Δd̄ (thesis Tables 3.1–3.4), overall and per database.
#include "core/jqe/report.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>

namespace chokepoint::jqe {
namespace {

using nlohmann::json;

std::string shape_key(int v, int e) { return "(" + std::to_string(v) + ", " + std::to_string(e) + ")"; }

double round4(double x) { return std::round(x * 10000.0) / 10000.0; }

// One generated item (kept or pruned, not redundant) with its seed's shape.
struct Item {
  const SeedRecord* seed;
  GraphShape shape;
  bool kept;
  const Discard* discard;  // nullptr when kept
};

struct Tally {
  size_t seeds = 0, seeds_expandable = 0, generated = 0, expansion = 0, redundant = 0;
  std::map<std::string, size_t> pruned_by_reason;
  double degree_before = 0, degree_generated = 0, degree_expansion = 0;
  size_t cyclic_before = 0, cyclic_generated = 0, cyclic_expansion = 0;
  std::map<std::string, size_t> skipped;
  size_t enriched = 0, with_projection = 0, with_predicate = 0, predicate_from_database = 0;
};

Tally tally(const JqeRun& run, const std::string& db) {
  Tally t;
  for (int r = 1; r < kDiscardReasons; ++r) t.pruned_by_reason[to_string(static_cast<DiscardReason>(r))] = 0;
  for (const auto& s : run.seeds) {
    if (s.round != 1 || (!db.empty() && s.item.db_id != db)) continue;
    ++t.seeds;
    if (!s.skipped.empty()) {
      std::string reason = s.skipped.substr(0, s.skipped.find(':'));
      ++t.skipped[reason];
      continue;
    }
    ++t.seeds_expandable;
    t.degree_before += s.shape.avg_degree();
    t.cyclic_before += s.shape.cyclic;
  }
  for (const auto& x : run.expansions) {
    if (!db.empty() && run.seeds[static_cast<size_t>(x.seed)].item.db_id != db) continue;
    ++t.expansion;
    ++t.generated;
    t.degree_expansion += x.shape.avg_degree();
    t.degree_generated += x.shape.avg_degree();
    t.cyclic_expansion += x.shape.cyclic;
    t.cyclic_generated += x.shape.cyclic;
    t.enriched += x.enriched();
    t.with_projection += !x.added_projection.empty();
    t.with_predicate += !x.added_predicate.empty();
    t.predicate_from_database += x.predicate_source == "database";
  }
  for (const auto& d : run.discards) {
    if (!db.empty() && run.seeds[static_cast<size_t>(d.seed)].item.db_id != db) continue;
    if (d.reason == DiscardReason::redundant) {
      ++t.redundant;
      continue;
    }
    ++t.generated;
    ++t.pruned_by_reason[to_string(d.reason)];
    t.degree_generated += d.shape.avg_degree();
    t.cyclic_generated += d.shape.cyclic;
  }
  return t;
}

double mean(double sum, size_t n) { return n ? round4(sum / static_cast<double>(n)) : 0.0; }
double pct(size_t part, size_t n) { return n ? round4(100.0 * static_cast<double>(part) / static_cast<double>(n)) : 0.0; }

// Enrichment counts appear only when an enrichment option is on, so default runs keep their exact output.
json summary_of(const Tally& t, const JqeOptions& options) {
  json j;
  j["seeds"] = t.seeds;
  j["seeds_expandable"] = t.seeds_expandable;
  j["seeds_skipped"] = t.skipped;
  j["generated"] = t.generated;
  j["expansion"] = t.expansion;
  j["pruned"] = t.generated - t.expansion;
  j["pruned_by_reason"] = t.pruned_by_reason;
  j["redundant"] = t.redundant;
  j["avg_degree_before"] = mean(t.degree_before, t.seeds_expandable);
  j["avg_degree_generated"] = mean(t.degree_generated, t.generated);
  j["avg_degree_expansion"] = mean(t.degree_expansion, t.expansion);
  j["cyclic_pct_before"] = pct(t.cyclic_before, t.seeds_expandable);
  j["cyclic_pct_generated"] = pct(t.cyclic_generated, t.generated);
  j["cyclic_pct_expansion"] = pct(t.cyclic_expansion, t.expansion);
  if (options.add_projection || options.add_predicate)
    j["enriched"] = {{"expansions", t.enriched},
                     {"with_projection", t.with_projection},
                     {"with_predicate", t.with_predicate},
                     {"predicate_from_database", t.predicate_from_database}};
  return j;
}

std::vector<Item> items(const JqeRun& run, bool kept_only) {
  std::vector<Item> out;
  for (const auto& x : run.expansions) out.push_back({&run.seeds[static_cast<size_t>(x.seed)], x.shape, true, nullptr});
  if (!kept_only)
    for (const auto& d : run.discards)
      if (d.reason != DiscardReason::redundant)
        out.push_back({&run.seeds[static_cast<size_t>(d.seed)], d.shape, false, &d});
  return out;
}

json shape_distribution(const std::vector<GraphShape>& shapes) {
  std::map<std::pair<int, int>, size_t> counts;
  for (const auto& s : shapes) ++counts[{s.nodes, s.edges}];
  std::vector<std::pair<std::pair<int, int>, size_t>> rows(counts.begin(), counts.end());
  std::stable_sort(rows.begin(), rows.end(), [](const auto& a, const auto& b) { return a.second > b.second; });
  json out = json::array();
  for (const auto& [k, n] : rows) out.push_back({{"shape", shape_key(k.first, k.second)}, {"queries", n}});
  return out;
}

// Thesis Table 3.2: rows by Δd̄ (two decimals), most frequent first; each row lists its (V_aug, E_aug) /
// (V_orig, E_orig) pairs with their counts.
json delta_degree_table(const std::vector<Item>& all) {
  std::map<long, std::map<std::pair<std::pair<int, int>, std::pair<int, int>>, size_t>> rows;
  for (const auto& it : all) {
    const double delta = it.shape.avg_degree() - it.seed->shape.avg_degree();
    const long key = std::lround(delta * 100.0);
    ++rows[key][{{it.shape.nodes, it.shape.edges}, {it.seed->shape.nodes, it.seed->shape.edges}}];
  }
  std::vector<std::pair<long, size_t>> order;
  for (const auto& [k, m] : rows) {
    size_t n = 0;
    for (const auto& [pair, c] : m) n += c;
    order.push_back({k, n});
  }
  std::stable_sort(order.begin(), order.end(), [](const auto& a, const auto& b) { return a.second > b.second; });
  json out = json::array();
  for (const auto& [k, n] : order) {
    json shapes = json::array();
    std::vector<std::pair<std::pair<std::pair<int, int>, std::pair<int, int>>, size_t>> sub(rows[k].begin(),
                                                                                           rows[k].end());
    std::stable_sort(sub.begin(), sub.end(), [](const auto& a, const auto& b) { return a.second > b.second; });
    for (const auto& [pair, c] : sub)
      shapes.push_back({{"aug", shape_key(pair.first.first, pair.first.second)},
                        {"orig", shape_key(pair.second.first, pair.second.second)},
                        {"instances", c}});
    out.push_back({{"delta", static_cast<double>(k) / 100.0}, {"queries", n}, {"shapes", shapes}});
  }
  return out;
}

std::vector<GraphShape> shapes_of(const std::vector<Item>& all) {
  std::vector<GraphShape> out;
  for (const auto& it : all) out.push_back(it.shape);
  return out;
}

json conditions_json(const SeedRecord& s, int candidate, const std::vector<int>& conditions) {
  json out = json::array();
  const auto& c = s.candidates[static_cast<size_t>(candidate)];
  for (int i : conditions) out.push_back(c.conditions[static_cast<size_t>(i)]);
  return out;
}

}  // namespace

json jqe_summary(const JqeRun& run) { return summary_of(tally(run, ""), run.options); }

json jqe_report(const JqeRun& run) {
  json j;
  j["summary"] = jqe_summary(run);
  json opts;
  opts["order"] = order_to_string(run.options.preferences.order);
  opts["centrality"] = to_string(run.options.preferences.centrality);
  opts["max_conditions_per_pair"] = run.options.preferences.max_conditions_per_pair;
  opts["iso"] = run.options.iso == IsomorphismMode::structural ? "structural" : "tables";
  opts["per_pattern"] = run.options.per_pattern;
  opts["budget"] = run.options.budget;
  opts["rounds"] = run.options.rounds;
  opts["timeout_ms"] = run.options.timeout_ms;
  opts["execute_before_pruning"] = run.options.execute_before_pruning;
  if (run.options.add_projection || run.options.add_predicate) {
    opts["add_projection"] = run.options.add_projection;
    opts["add_predicate"] = run.options.add_predicate;
  }
  j["options"] = opts;
  std::vector<GraphShape> before;
  uint64_t unexplored = 0;
  for (const auto& s : run.seeds) {
    unexplored += s.unexplored;
    if (s.round == 1 && s.skipped.empty()) before.push_back(s.shape);
  }
  j["combinations_unexplored"] = unexplored;
  j["iso_classes"] = run.iso_classes;
  const std::vector<Item> generated = items(run, false), kept = items(run, true);
  j["shapes_before"] = shape_distribution(before);
  j["shapes_generated"] = shape_distribution(shapes_of(generated));
  j["shapes_expansion"] = shape_distribution(shapes_of(kept));
  j["delta_degree_generated"] = delta_degree_table(generated);
  j["delta_degree_expansion"] = delta_degree_table(kept);
  std::set<std::string> dbs;
  for (const auto& s : run.seeds) dbs.insert(s.item.db_id);
  json per = json::object();
  for (const auto& db : dbs) per[db] = summary_of(tally(run, db), run.options);
  j["per_database"] = per;
  return j;
}

json expansion_set_json(const JqeRun& run) {
  json out = json::array();
  for (const auto& x : run.expansions) {
    const SeedRecord& s = run.seeds[static_cast<size_t>(x.seed)];
    json item;
    item["question_id"] = x.id;
    item["db_id"] = s.item.db_id;
    item["question"] = s.item.question;
    item["evidence"] = s.item.evidence;
    item["SQL"] = x.sql;
    item["difficulty"] = s.item.difficulty;
    item["question_status"] = "pending";
    json p;
    p["seed_id"] = s.item.id;
    p["root_seed_id"] = s.root_id;
    p["seed_sql"] = s.item.sql;
    p["round"] = x.round;
    p["candidate_table"] = s.candidates[static_cast<size_t>(x.candidate)].table;
    p["alias"] = x.alias;
    p["conditions"] = conditions_json(s, x.candidate, x.conditions);
    p["iso_class"] = x.iso_class;
    p["nodes"] = x.shape.nodes;
    p["edges"] = x.shape.edges;
    p["cyclic"] = x.shape.cyclic;
    if (x.enriched()) {
      if (!x.added_projection.empty()) p["added_projection"] = x.added_projection;
      if (!x.added_predicate.empty()) {
        p["added_predicate"] = x.added_predicate;
        p["predicate_source"] = x.predicate_source;
      }
      p["unenriched_sql"] = x.unenriched_sql;
    }
    if (!x.enrichment_dropped.empty()) p["enrichment_dropped"] = x.enrichment_dropped;
    item["jqe"] = p;
    out.push_back(item);
  }
  return out;
}

json pruned_set_json(const JqeRun& run) {
  json out = json::array();
  for (const auto& d : run.discards) {
    const SeedRecord& s = run.seeds[static_cast<size_t>(d.seed)];
    json item;
    item["seed_id"] = s.item.id;
    item["db_id"] = s.item.db_id;
    item["round"] = s.round;
    item["candidate_table"] = s.candidates[static_cast<size_t>(d.candidate)].table;
    item["conditions"] = conditions_json(s, d.candidate, d.conditions);
    item["reason"] = to_string(d.reason);
    item["message"] = d.reason == DiscardReason::isomorphic
                          ? "isomorphism class " + std::to_string(d.iso_class) + " is full"
                          : d.message;
    if (d.iso_class >= 0) item["iso_class"] = d.iso_class;
    item["nodes"] = d.shape.nodes;
    item["edges"] = d.shape.edges;
    if (!d.sql.empty()) item["SQL"] = d.sql;
    out.push_back(item);
  }
  return out;
}

}  // namespace chokepoint::jqe

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

struct Tally {
  size_t seeds = 0, seeds_expandable = 0, generated = 0, expansion = 0, redundant = 0;
  std::map<std::string, size_t> pruned_by_reason;
  double degree_before = 0, degree_generated = 0, degree_expansion = 0;
  size_t cyclic_before = 0, cyclic_generated = 0, cyclic_expansion = 0;
  std::map<std::string, size_t> skipped;
  size_t enriched = 0, with_projection = 0, with_predicate = 0, predicate_from_database = 0;
  // Unnesting (thesis §3.3.1): seeds rewritten, seeds still holding a derived node, derived tables by reason.
  size_t seeds_unnested = 0, seeds_left_nested = 0, tables_inlined = 0;
  std::map<std::string, size_t> left_nested_by_reason;

  Tally() {
    for (int r = 1; r < kDiscardReasons; ++r) pruned_by_reason[to_string(static_cast<DiscardReason>(r))] = 0;
  }
  void add_seed(const SeedRecord& s) {
    ++seeds;
    if (!s.skipped.empty()) {
      ++skipped[s.skipped.substr(0, s.skipped.find(':'))];
      return;
    }
    ++seeds_expandable;
    seeds_unnested += !s.inlined.empty();
    seeds_left_nested += !s.nested.empty();
    tables_inlined += s.inlined.size();
    for (const auto& n : s.nested) ++left_nested_by_reason[sql::nesting_reason_name(n.reason)];
    degree_before += s.shape.avg_degree();
    cyclic_before += s.shape.cyclic;
  }
  void add_expansion(const Expansion& e) {
    ++expansion;
    ++generated;
    degree_expansion += e.shape.avg_degree();
    degree_generated += e.shape.avg_degree();
    cyclic_expansion += e.shape.cyclic;
    cyclic_generated += e.shape.cyclic;
    enriched += e.enriched();
    with_projection += !e.added_projection.empty();
    with_predicate += !e.added_predicate.empty();
    predicate_from_database += e.predicate_source == "database";
  }
  void add_discard(const Discard& d) {
    if (d.reason == DiscardReason::redundant) {
      ++redundant;
      return;
    }
    ++generated;
    ++pruned_by_reason[to_string(d.reason)];
    degree_generated += d.shape.avg_degree();
    cyclic_generated += d.shape.cyclic;
  }
};

double mean(double sum, size_t n) { return n ? round4(sum / static_cast<double>(n)) : 0.0; }
double pct(size_t part, size_t n) {
  return n ? round4(100.0 * static_cast<double>(part) / static_cast<double>(n)) : 0.0;
}

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
  if (options.unnest)
    j["unnesting"] = {{"seeds_unnested", t.seeds_unnested},
                      {"seeds_left_nested", t.seeds_left_nested},
                      {"tables_inlined", t.tables_inlined},
                      {"left_nested_by_reason", t.left_nested_by_reason}};
  if (options.add_projection || options.add_predicate)
    j["enriched"] = {{"expansions", t.enriched},
                     {"with_projection", t.with_projection},
                     {"with_predicate", t.with_predicate},
                     {"predicate_from_database", t.predicate_from_database}};
  return j;
}

using ShapeCounts = std::map<std::pair<int, int>, size_t>;  // (nodes, edges) -> queries

json shape_distribution(const ShapeCounts& counts) {
  std::vector<std::pair<std::pair<int, int>, size_t>> rows(counts.begin(), counts.end());
  std::stable_sort(rows.begin(), rows.end(), [](const auto& a, const auto& b) { return a.second > b.second; });
  json out = json::array();
  for (const auto& [k, n] : rows) out.push_back({{"shape", shape_key(k.first, k.second)}, {"queries", n}});
  return out;
}

// Thesis Table 3.2: rows by Δd̄ (two decimals), most frequent first; each row lists its (V_aug, E_aug) /
// (V_orig, E_orig) pairs with their counts.
using ShapePair = std::pair<std::pair<int, int>, std::pair<int, int>>;  // (aug, orig)
using DeltaRows = std::map<long, std::map<ShapePair, size_t>>;          // Δd̄ × 100 -> pair -> instances

void add_delta(DeltaRows& rows, const GraphShape& shape, const GraphShape& seed) {
  const long key = std::lround((shape.avg_degree() - seed.avg_degree()) * 100.0);
  ++rows[key][{{shape.nodes, shape.edges}, {seed.nodes, seed.edges}}];
}

json delta_degree_table(const DeltaRows& rows) {
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
    std::vector<std::pair<ShapePair, size_t>> sub(rows.at(k).begin(), rows.at(k).end());
    std::stable_sort(sub.begin(), sub.end(), [](const auto& a, const auto& b) { return a.second > b.second; });
    for (const auto& [pair, c] : sub)
      shapes.push_back({{"aug", shape_key(pair.first.first, pair.first.second)},
                        {"orig", shape_key(pair.second.first, pair.second.second)},
                        {"instances", c}});
    out.push_back({{"delta", static_cast<double>(k) / 100.0}, {"queries", n}, {"shapes", shapes}});
  }
  return out;
}

json conditions_json(const SeedRecord& s, int candidate, const std::vector<int>& conditions) {
  json out = json::array();
  const auto& c = s.candidates[static_cast<size_t>(candidate)];
  for (int i : conditions) out.push_back(c.conditions[static_cast<size_t>(i)]);
  return out;
}

json options_json(const JqeOptions& o) {
  json opts;
  opts["order"] = order_to_string(o.preferences.order);
  opts["centrality"] = to_string(o.preferences.centrality);
  opts["max_conditions_per_pair"] = o.preferences.max_conditions_per_pair;
  opts["iso"] = o.iso == IsomorphismMode::structural ? "structural" : "tables";
  opts["per_pattern"] = o.per_pattern;
  opts["budget"] = o.budget;
  opts["rounds"] = o.rounds;
  opts["timeout_ms"] = o.timeout_ms;
  opts["execute_before_pruning"] = o.execute_before_pruning;
  opts["unnest"] = o.unnest;
  if (o.add_projection || o.add_predicate) {
    opts["add_projection"] = o.add_projection;
    opts["add_predicate"] = o.add_predicate;
  }
  return opts;
}

}  // namespace

// Everything the report counts, per record; the JSON is laid out only at the end.
struct JqeReportBuilder::Counts {
  Tally all;
  std::map<std::string, Tally> per_db;
  uint64_t unexplored = 0;
  ShapeCounts before, generated, kept;
  DeltaRows delta_generated, delta_kept;
};

JqeReportBuilder::JqeReportBuilder(const JqeRun& run) : run_(run), counts_(std::make_unique<Counts>()) {
  // Every database with a seed has its entry, even one whose seeds were all skipped in a later round.
  for (const auto& s : run.seeds) counts_->per_db.try_emplace(s.item.db_id);
}

JqeReportBuilder::~JqeReportBuilder() = default;

size_t JqeReportBuilder::records() const { return run_.seeds.size() + run_.expansions.size() + run_.discards.size(); }

bool JqeReportBuilder::feed(size_t n) {
  Counts& c = *counts_;
  const size_t seeds = run_.seeds.size(), expansions = run_.expansions.size();
  for (; n > 0 && next_ < records(); --n, ++next_) {
    if (next_ < seeds) {
      const SeedRecord& s = run_.seeds[next_];
      c.unexplored += s.unexplored;
      if (s.round != 1) continue;
      c.all.add_seed(s);
      c.per_db[s.item.db_id].add_seed(s);
      if (s.skipped.empty()) ++c.before[{s.shape.nodes, s.shape.edges}];
    } else if (next_ < seeds + expansions) {
      const Expansion& e = run_.expansions[next_ - seeds];
      const SeedRecord& s = run_.seeds[static_cast<size_t>(e.seed)];
      c.all.add_expansion(e);
      c.per_db[s.item.db_id].add_expansion(e);
      for (ShapeCounts* counts : {&c.generated, &c.kept}) ++(*counts)[{e.shape.nodes, e.shape.edges}];
      add_delta(c.delta_generated, e.shape, s.shape);
      add_delta(c.delta_kept, e.shape, s.shape);
    } else {
      const Discard& d = run_.discards[next_ - seeds - expansions];
      const SeedRecord& s = run_.seeds[static_cast<size_t>(d.seed)];
      c.all.add_discard(d);
      c.per_db[s.item.db_id].add_discard(d);
      if (d.reason == DiscardReason::redundant) continue;
      ++c.generated[{d.shape.nodes, d.shape.edges}];
      add_delta(c.delta_generated, d.shape, s.shape);
    }
  }
  return complete();
}

json JqeReportBuilder::report() const {
  const Counts& c = *counts_;
  json j;
  j["summary"] = summary_of(c.all, run_.options);
  j["options"] = options_json(run_.options);
  j["combinations_unexplored"] = c.unexplored;
  if (!run_.stopped.empty()) j["stopped"] = run_.stopped;
  j["iso_classes"] = run_.iso_classes;
  j["shapes_before"] = shape_distribution(c.before);
  j["shapes_generated"] = shape_distribution(c.generated);
  j["shapes_expansion"] = shape_distribution(c.kept);
  j["delta_degree_generated"] = delta_degree_table(c.delta_generated);
  j["delta_degree_expansion"] = delta_degree_table(c.delta_kept);
  json per = json::object();
  for (const auto& [db, t] : c.per_db) per[db] = summary_of(t, run_.options);
  j["per_database"] = per;
  return j;
}

json jqe_summary(const JqeRun& run) {
  Tally t;
  for (const auto& s : run.seeds)
    if (s.round == 1) t.add_seed(s);
  for (const auto& e : run.expansions) t.add_expansion(e);
  for (const auto& d : run.discards) t.add_discard(d);
  return summary_of(t, run.options);
}

json jqe_report(const JqeRun& run) {
  JqeReportBuilder builder(run);
  builder.feed(builder.records());
  return builder.report();
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
    p["seed_id"] = s.item.key;
    p["root_seed_id"] = s.root_id;
    p["seed_sql"] = s.item.sql;
    if (!s.unnested_sql.empty()) p["seed_sql_unnested"] = s.unnested_sql;  // what the expansion was built on
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
    item["seed_id"] = s.item.key;
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

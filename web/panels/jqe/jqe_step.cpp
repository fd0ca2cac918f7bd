// Step view of one seed: stages A and B are recomputed with the core's own functions (candidate_tables,
// join_conditions, CombinationEnumerator) to list every combination in order; each combination's verdict is looked
// up in the run_jqe result, which decided it.
#include "web/panels/jqe/jqe_step.h"

#include "core/jqe/seed_parse.h"

#include <map>

#include "core/jqe/candidate_tables.h"
#include "core/jqe/combinations.h"
#include "core/jqe/diversity.h"
#include "core/jqe/join_conditions.h"

namespace chokepoint::web {
namespace {

std::string node_label(const sql::JqgNode& n) {
  const std::string table = n.derived ? (n.table.empty() ? "(subquery)" : n.table) : n.table;
  return n.alias.empty() || n.alias == table ? table : n.alias + " (" + table + ")";
}

std::string combination_label(const StepCandidate& c, const std::vector<int>& conditions) {
  std::string out = c.table + ": {";
  for (size_t i = 0; i < conditions.size(); ++i)
    out += (i ? ", " : "") + c.conditions[static_cast<size_t>(conditions[i])].label;
  return out + "}";
}

std::string shape_text(const jqe::GraphShape& s) {
  return "(" + std::to_string(s.nodes) + ", " + std::to_string(s.edges) + ")" + (s.cyclic ? " cyclic" : "");
}

}  // namespace

JqeStepView build_jqe_step(const EvalItem& seed, const Schema& schema, const SchemaGraph& graph, const Connection* db,
                           const std::vector<EvalItem>& context, const jqe::JqeOptions& options) {
  JqeStepView view;
  view.seed_id = seed.key;
  view.db_id = seed.db_id;
  view.question = seed.question;
  view.sql = seed.sql;
  view.context_members = static_cast<int>(context.size());
  auto parsed = jqe::parse_seed(seed, schema);
  if (!parsed.ok()) {
    view.error = parsed.error();
    return view;
  }
  const sql::JoinQueryGraph& jqg = parsed->jqg;
  for (const auto& n : jqg.nodes) view.jqg_nodes.push_back(node_label(n));
  for (const auto& e : jqg.edges) {
    view.jqg_edges.push_back({e.a, e.b});
    std::string text;
    for (const auto& c : e.conditions)
      text += c.left_table + "." + c.left_column + " = " + c.right_table + "." + c.right_column + "\n";
    view.jqg_edge_conditions.push_back(text);
  }
  view.jqg_layout = kamada_kawai_layout(jqe::to_graph(jqg));

  std::map<std::string, jqe::JqeDatabase> dbs{{seed.db_id, jqe::JqeDatabase{&schema, &graph, db}}};
  jqe::JqeOptions with_context = options;
  with_context.context_seeds = context;  // the set's classes, so the seed gets the cap it has in a whole-set run
  jqe::JqeRun run = jqe::run_jqe({seed}, dbs, with_context);
  if (run.seeds.empty() || !run.seeds[0].skipped.empty()) {
    view.error = run.seeds.empty() ? "no result" : run.seeds[0].skipped;
    return view;
  }
  const jqe::SeedRecord& rec = run.seeds[0];
  view.shape = rec.shape;
  view.unexplored = rec.unexplored;

  // Stage A and B as the driver saw them.
  const std::vector<int> tables = jqe::candidate_tables(jqg, graph);
  std::vector<jqe::CandidateSpec> specs;
  int jc = 0;
  for (size_t i = 0; i < tables.size(); ++i) {
    StepCandidate c;
    c.table = graph.tables[static_cast<size_t>(tables[i])];
    c.centrality = i < rec.candidates.size() ? rec.candidates[i].centrality : 0.0;
    jqe::CandidateSpec spec;
    spec.name = c.table;
    spec.centrality = c.centrality;
    for (const auto& cond : jqe::join_conditions(jqg, graph, tables[i])) {
      c.conditions.push_back({"JC" + std::to_string(++jc), cond.text, cond.node});
      spec.condition_nodes.push_back(cond.node);
    }
    view.candidates.push_back(std::move(c));
    specs.push_back(std::move(spec));
  }

  // Verdicts of round 1 (seed 0), keyed by candidate and conditions.
  std::map<std::pair<int, std::vector<int>>, const jqe::Expansion*> kept;
  std::map<std::pair<int, std::vector<int>>, const jqe::Discard*> dropped;
  for (const auto& x : run.expansions)
    if (x.seed == 0) kept[{x.candidate, x.conditions}] = &x;
  for (const auto& d : run.discards)
    if (d.seed == 0) dropped[{d.candidate, d.conditions}] = &d;

  jqe::CombinationEnumerator enumerator(specs, options.preferences);
  jqe::Combination combo;
  QueryLimits limits;
  limits.timeout_ms = options.timeout_ms > 0 ? options.timeout_ms : 5000;
  limits.max_rows = 1000;
  while (view.combinations.size() < rec.combinations && enumerator.next(combo)) {
    const StepCandidate& cand = view.candidates[static_cast<size_t>(combo.candidate)];
    StepCombination row;
    row.candidate = combo.candidate;
    row.conditions = combo.conditions;
    row.label = combination_label(cand, combo.conditions);
    const auto key = std::make_pair(combo.candidate, combo.conditions);
    if (auto k = kept.find(key); k != kept.end()) {
      const jqe::Expansion& x = *k->second;
      row.verdict = "kept";
      row.iso_class = x.iso_class;
      row.shape = x.shape;
      row.why = "executes with a meaningful result; its class " + std::to_string(x.iso_class) + " had room";
      row.expansion = static_cast<int>(view.expansions.size());
      StepExpansion e;
      e.id = x.id;
      e.label = row.label;
      e.sql = x.sql;
      e.diff = sql::sql_diff(seed.sql, x.sql);
      e.iso_class = x.iso_class;
      e.shape = x.shape;
      if (db)
        e.result = db->query(x.sql, limits);
      else
        e.result.message = "schema-only database: no rows to show";
      view.expansions.push_back(std::move(e));
    } else if (auto d = dropped.find(key); d != dropped.end()) {
      const jqe::Discard& x = *d->second;
      row.verdict = jqe::to_string(x.reason);
      row.iso_class = x.iso_class;
      row.shape = x.shape;
      switch (x.reason) {
        case jqe::DiscardReason::redundant: {
          row.why = x.message;
          for (int i : combo.conditions) {
            const auto& c = cand.conditions[static_cast<size_t>(i)];
            if (x.message.find(c.text) != std::string::npos)
              row.why = c.label + " (" + c.text +
                        ") is implied by transitivity from the query's joins and the "
                        "other conditions";
          }
          break;
        }
        case jqe::DiscardReason::isomorphic:
          row.why = "its JQG " + shape_text(x.shape) + " is isomorphic to class " + std::to_string(x.iso_class) +
                    ", which already has " + std::to_string(options.per_pattern) + " member(s) (the cap per pattern)";
          break;
        default:
          row.why = x.message;
      }
    } else {
      row.verdict = "unknown";
      row.why = "not reported by the run";
    }
    view.combinations.push_back(std::move(row));
  }
  return view;
}

nlohmann::json step_view_json(const JqeStepView& view) {
  using nlohmann::json;
  json j = {{"seed_id", view.seed_id},
            {"db_id", view.db_id},
            {"sql", view.sql},
            {"error", view.error},
            {"jqg_nodes", view.jqg_nodes},
            {"nodes", view.shape.nodes},
            {"edges", view.shape.edges},
            {"cyclic", view.shape.cyclic},
            {"unexplored", view.unexplored},
            {"context_members", view.context_members}};
  json cands = json::array();
  for (const auto& c : view.candidates) {
    json conds = json::array();
    for (const auto& k : c.conditions) conds.push_back({{"label", k.label}, {"text", k.text}, {"node", k.node}});
    cands.push_back({{"table", c.table}, {"centrality", c.centrality}, {"conditions", conds}});
  }
  j["candidates"] = cands;
  json combos = json::array();
  for (const auto& c : view.combinations) {
    json labels = json::array();
    for (int i : c.conditions)
      labels.push_back(view.candidates[static_cast<size_t>(c.candidate)].conditions[static_cast<size_t>(i)].label);
    combos.push_back({{"table", view.candidates[static_cast<size_t>(c.candidate)].table},
                      {"conditions", labels},
                      {"label", c.label},
                      {"verdict", c.verdict},
                      {"why", c.why},
                      {"iso_class", c.iso_class},
                      {"expansion", c.expansion}});
  }
  j["combinations"] = combos;
  json exps = json::array();
  for (const auto& e : view.expansions) {
    json r = {{"status", query_status_name(e.result.status)},
              {"rows", e.result.result.rows.size()},
              {"message", e.result.message}};
    if (e.result.ok() && !e.result.result.rows.empty() && !e.result.result.rows[0].empty())
      r["first"] = e.result.result.rows[0][0].to_string();
    exps.push_back({{"id", e.id},
                    {"label", e.label},
                    {"sql", e.sql},
                    {"added", sql::diff_text(e.diff, sql::DiffKind::added)},
                    {"removed", sql::diff_text(e.diff, sql::DiffKind::removed)},
                    {"iso_class", e.iso_class},
                    {"nodes", e.shape.nodes},
                    {"edges", e.shape.edges},
                    {"result", r}});
  }
  j["expansions"] = exps;
  return j;
}

}  // namespace chokepoint::web

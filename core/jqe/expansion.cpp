// The JQE driver: seeds in, expansions and discards out, round after round.
#include "core/jqe/expansion.h"

#include <algorithm>
#include <memory>

#include "core/graph/statistics.h"
#include "core/jqe/candidate_tables.h"
#include "core/jqe/clause_enrichment.h"
#include "core/jqe/combinations.h"
#include "core/jqe/diversity.h"
#include "core/jqe/execution_check.h"
#include "core/jqe/join_conditions.h"
#include "core/jqe/redundancy.h"
#include "core/jqe/set_statistics.h"
#include "core/schema/schema_ddl.h"
#include "core/sql/join_query_graph.h"
#include "core/sql/name_resolution.h"
#include "core/sql/parser.h"

namespace chokepoint::jqe {
namespace {

GraphShape shape_of(const UndirectedGraph& g) {
  GraphShape s;
  s.nodes = static_cast<int>(g.node_count());
  s.edges = static_cast<int>(g.edge_count());
  std::vector<int> comp = connected_components(g);
  int components = comp.empty() ? 0 : *std::max_element(comp.begin(), comp.end()) + 1;
  s.cyclic = s.edges > s.nodes - components;
  return s;
}

// A seed ready for expansion: its tree, names and main-scope graph.
struct ParsedSeed {
  sql::NodePtr tree;
  sql::NameResolution names;
  sql::JoinQueryGraph jqg;
  UndirectedGraph graph;
};

Result<ParsedSeed> parse_seed(const JqeSeed& seed, const Schema& schema) {
  auto tree = sql::parse_sql(seed.sql);
  if (!tree.ok()) return Error{"parse error: " + tree.error()};
  ParsedSeed p;
  p.tree = std::move(*tree);
  if (p.tree->kind == sql::Kind::Compound) return Error{"compound query (UNION/INTERSECT/EXCEPT)"};
  p.names = sql::resolve_names(*p.tree, schema);
  if (p.names.main_scope < 0) return Error{"no main SELECT"};
  p.jqg = sql::build_join_query_graph(p.names, schema, p.names.main_scope);
  if (p.jqg.nodes.empty()) return Error{"no table in FROM"};
  p.graph = to_graph(p.jqg);
  return p;
}

class Driver {
 public:
  Driver(const std::map<std::string, JqeDatabase>& dbs, const JqeOptions& options)
      : dbs_(dbs), options_(options), pruner_(options.iso, options.per_pattern) {
    run_.options = options;
  }

  JqeRun run(const std::vector<JqeSeed>& seeds) {
    run_.input_seeds = seeds.size();
    if (options_.add_projection || options_.add_predicate) {
      // The statistics come from the input set only: what the benchmark's own queries project and filter on.
      std::vector<StatisticsQuery> queries;
      for (const auto& s : seeds) queries.push_back({s.db_id, s.sql});
      std::map<std::string, const Schema*> schemas;
      for (const auto& [id, db] : dbs_) schemas[id] = db.schema;
      statistics_ = collect_set_statistics(queries, schemas);
    }
    // The input set occupies its classes before any expansion is considered (thesis Alg. 1 line 37).
    std::vector<JqeSeed> current = seeds;
    std::vector<std::string> roots;
    for (const auto& s : seeds) roots.push_back(s.id);
    std::vector<std::unique_ptr<ParsedSeed>> parsed = parse_all(current, roots, 1);
    for (const auto& p : parsed)
      if (p) pruner_.add_existing(p->graph);
    for (int round = 1; round <= std::max(1, options_.rounds); ++round) {
      const size_t first_seed = run_.seeds.size() - current.size();
      const size_t first_expansion = run_.expansions.size();
      for (size_t i = 0; i < current.size(); ++i)
        if (parsed[i]) expand(static_cast<int>(first_seed + i), *parsed[i]);
      if (round == std::max(1, options_.rounds)) break;
      // The next round's seeds: this round's kept expansions (already members of the index).
      current.clear();
      roots.clear();
      for (size_t e = first_expansion; e < run_.expansions.size(); ++e) {
        const Expansion& x = run_.expansions[e];
        const SeedRecord& from = run_.seeds[static_cast<size_t>(x.seed)];
        JqeSeed next = from.item;
        next.id = x.id;
        next.sql = x.sql;
        current.push_back(next);
        roots.push_back(from.root_id);
      }
      if (current.empty()) break;
      parsed = parse_all(current, roots, round + 1);
    }
    run_.iso_classes = pruner_.class_count();
    return std::move(run_);
  }

 private:
  std::vector<std::unique_ptr<ParsedSeed>> parse_all(const std::vector<JqeSeed>& seeds,
                                                     const std::vector<std::string>& roots, int round) {
    std::vector<std::unique_ptr<ParsedSeed>> out;
    for (size_t i = 0; i < seeds.size(); ++i) {
      SeedRecord rec;
      rec.item = seeds[i];
      rec.root_id = roots[i];
      rec.round = round;
      auto db = dbs_.find(seeds[i].db_id);
      if (db == dbs_.end() || !db->second.schema || !db->second.graph) {
        rec.skipped = "unknown db_id '" + seeds[i].db_id + "'";
        out.push_back(nullptr);
      } else if (auto p = parse_seed(seeds[i], *db->second.schema); !p.ok()) {
        rec.skipped = p.error();
        out.push_back(nullptr);
      } else {
        rec.shape = shape_of(p->graph);
        out.push_back(std::make_unique<ParsedSeed>(std::move(*p)));
      }
      run_.seeds.push_back(std::move(rec));
    }
    return out;
  }

  const Connection* schema_connection(const std::string& db_id, const Schema& schema) {
    auto it = schema_dbs_.find(db_id);
    if (it == schema_dbs_.end()) {
      auto c = create_schema_database(schema);
      it = schema_dbs_.emplace(db_id, c.ok() ? std::make_unique<Connection>(std::move(*c)) : nullptr).first;
    }
    return it->second.get();
  }

  const std::vector<double>& centrality(const std::string& db_id, const SchemaGraph& graph) {
    auto it = centrality_.find(db_id);
    if (it == centrality_.end())
      it = centrality_.emplace(db_id, table_centrality(graph, options_.preferences.centrality)).first;
    return it->second;
  }

  void discard(int seed, const Combination& c, DiscardReason reason, std::string message, const GraphShape& shape,
               int iso_class = -1, std::string sql = {}) {
    Discard d;
    d.seed = seed;
    d.candidate = c.candidate;
    d.conditions = c.conditions;
    d.reason = reason;
    d.message = std::move(message);
    d.iso_class = iso_class;
    d.shape = shape;
    d.sql = std::move(sql);
    run_.discards.push_back(std::move(d));
  }

  void expand(int seed_index, ParsedSeed& seed) {
    SeedRecord& rec = run_.seeds[static_cast<size_t>(seed_index)];
    const JqeDatabase& db = dbs_.at(rec.item.db_id);
    const SchemaGraph& graph = *db.graph;
    const std::vector<double>& cent = centrality(rec.item.db_id, graph);

    std::vector<int> tables = candidate_tables(seed.jqg, graph);
    std::vector<std::vector<CandidateCondition>> conditions;
    std::vector<CandidateSpec> specs;
    for (int t : tables) {
      conditions.push_back(join_conditions(seed.jqg, graph, t));
      CandidateRecord cr;
      cr.table = graph.tables[static_cast<size_t>(t)];
      cr.centrality = cent[static_cast<size_t>(t)];
      CandidateSpec spec;
      spec.name = cr.table;
      spec.centrality = cr.centrality;
      for (const auto& c : conditions.back()) {
        cr.conditions.push_back(c.text);
        spec.condition_nodes.push_back(c.node);
      }
      rec.candidates.push_back(std::move(cr));
      specs.push_back(std::move(spec));
    }
    std::vector<uint64_t> admitted;
    for (const auto& s : specs) admitted.push_back(combination_count(s, options_.preferences.max_conditions_per_pair));

    RedundancyChecker redundancy(seed.jqg);
    CombinationEnumerator enumerator(specs, options_.preferences);
    // (candidate, joined nodes) -> expanded graph and class; equal keys give isomorphic graphs.
    struct Shape {
      UndirectedGraph graph;
      GraphShape shape;
      int iso_class = -1;
    };
    std::map<std::pair<int, std::vector<int>>, Shape> shapes;
    int kept_here = 0;
    Combination combo;
    while (enumerator.next(combo)) {
      ++rec.combinations;
      if (rec.combinations > options_.max_combinations_per_seed) {
        uint64_t total = 0;
        for (uint64_t a : admitted) total = a > UINT64_MAX - total ? UINT64_MAX : total + a;
        rec.combinations = options_.max_combinations_per_seed;
        rec.unexplored = total - rec.combinations;
        break;
      }
      const auto& conds = conditions[static_cast<size_t>(combo.candidate)];
      std::vector<int> joined;
      for (int i : combo.conditions) joined.push_back(conds[static_cast<size_t>(i)].node);
      std::sort(joined.begin(), joined.end());
      joined.erase(std::unique(joined.begin(), joined.end()), joined.end());
      auto key = std::make_pair(combo.candidate, joined);
      auto sh = shapes.find(key);
      if (sh == shapes.end()) {
        Shape s;
        s.graph = expanded_graph(seed.graph, specs[static_cast<size_t>(combo.candidate)].name, joined);
        s.shape = shape_of(s.graph);
        s.iso_class = pruner_.find(s.graph);
        sh = shapes.emplace(key, std::move(s)).first;
      }
      Shape& shape = sh->second;

      const int r = redundancy.redundant_condition(conds, combo.conditions);
      if (r >= 0) {
        discard(seed_index, combo, DiscardReason::redundant,
                "implied by transitivity: " + conds[static_cast<size_t>(combo.conditions[static_cast<size_t>(r)])].text,
                shape.shape);
        continue;
      }
      if (options_.budget > 0 && run_.expansions.size() >= options_.budget) {
        discard(seed_index, combo, DiscardReason::budget, "budget of " + std::to_string(options_.budget) + " reached",
                shape.shape);
        continue;
      }
      const bool room = pruner_.has_room(shape.iso_class);
      if (!room && !options_.execute_before_pruning) {
        discard(seed_index, combo, DiscardReason::isomorphic, isomorphic_message(shape.iso_class), shape.shape,
                shape.iso_class);
        continue;
      }
      SynthesisInput in;
      in.query = seed.tree.get();
      in.names = &seed.names;
      in.jqg = &seed.jqg;
      in.candidate = db.schema->find_table(specs[static_cast<size_t>(combo.candidate)].name);
      for (int i : combo.conditions) in.conditions.push_back(&conds[static_cast<size_t>(i)]);
      in.alias_style = options_.alias_style;
      auto syn = synthesize_expansion(in);
      if (!syn.ok()) {
        discard(seed_index, combo, DiscardReason::error, syn.error(), shape.shape);
        continue;
      }
      if (db.connection) {
        ExecutionCheck check = check_execution(*db.connection, syn->sql, *syn->tree, options_.timeout_ms);
        if (check.verdict != ExecutionVerdict::ok) {
          DiscardReason reason = check.verdict == ExecutionVerdict::empty_result ? DiscardReason::empty_result
                                 : check.verdict == ExecutionVerdict::timeout    ? DiscardReason::timeout
                                                                                 : DiscardReason::error;
          discard(seed_index, combo, reason, check.message, shape.shape, -1, syn->sql);
          continue;
        }
      } else if (options_.prepare_schema_only) {
        if (const Connection* c = schema_connection(rec.item.db_id, *db.schema)) {
          Status st = c->prepare_check(syn->sql);
          if (!st.ok()) {
            discard(seed_index, combo, DiscardReason::error, st.error(), shape.shape, -1, syn->sql);
            continue;
          }
        }
      }
      if (!room) {
        discard(seed_index, combo, DiscardReason::isomorphic, isomorphic_message(shape.iso_class), shape.shape,
                shape.iso_class, syn->sql);
        continue;
      }
      Expansion x;
      x.id = rec.item.id + "-e" + std::to_string(++kept_here);
      x.seed = seed_index;
      x.round = rec.round;
      x.candidate = combo.candidate;
      x.conditions = combo.conditions;
      x.alias = syn->alias;
      x.sql = syn->sql;
      x.iso_class = pruner_.keep(shape.graph);
      x.shape = shape.shape;
      if (options_.add_projection || options_.add_predicate) enrich(x, *syn, *in.candidate, db, rec.item.db_id);
      // Every cached shape of this class must see the new member: refresh the ones still marked "new".
      shape.iso_class = x.iso_class;
      for (auto& [k, other] : shapes)
        if (other.iso_class < 0) other.iso_class = pruner_.find(other.graph);
      run_.expansions.push_back(std::move(x));
    }
  }

  // Optional clauses on the new table; a failed addition is dropped, never the expansion.
  void enrich(Expansion& x, const Synthesis& syn, const Table& table, const JqeDatabase& db, const std::string& db_id) {
    EnrichmentRequest req;
    req.expansion = syn.tree.get();
    req.table = &table;
    req.ref = syn.alias.empty() ? table.name : syn.alias;
    req.statistics = statistics_.find(db_id, table.name);
    req.add_projection = options_.add_projection;
    req.add_predicate = options_.add_predicate;
    req.data = db.connection;
    if (!db.connection && options_.prepare_schema_only) req.schema_db = schema_connection(db_id, *db.schema);
    req.timeout_ms = options_.timeout_ms;
    Enrichment e = enrich_expansion(req);
    x.enrichment_dropped = std::move(e.dropped);
    if (!e.enriched()) return;
    x.unenriched_sql = std::move(x.sql);
    x.sql = std::move(e.sql);
    x.added_projection = std::move(e.projection);
    x.added_predicate = std::move(e.predicate);
    x.predicate_source = std::move(e.literal_source);
  }

  // Isomorphic discards are the bulk (millions on BIRD's european_football_2): their message is derived from
  // iso_class when reported instead of being stored.
  static std::string isomorphic_message(int) { return {}; }

  const std::map<std::string, JqeDatabase>& dbs_;
  JqeOptions options_;
  DiversityPruner pruner_;
  JqeRun run_;
  std::map<std::string, std::unique_ptr<Connection>> schema_dbs_;
  std::map<std::string, std::vector<double>> centrality_;
  SetStatistics statistics_;
};

}  // namespace

const char* to_string(DiscardReason reason) {
  switch (reason) {
    case DiscardReason::redundant: return "redundant";
    case DiscardReason::isomorphic: return "isomorphic";
    case DiscardReason::empty_result: return "empty_result";
    case DiscardReason::error: return "error";
    case DiscardReason::timeout: return "timeout";
    case DiscardReason::budget: return "budget";
  }
  return "?";
}

JqeRun run_jqe(const std::vector<JqeSeed>& seeds, const std::map<std::string, JqeDatabase>& databases,
               const JqeOptions& options) {
  try {
    Driver d(databases, options);
    return d.run(seeds);
  } catch (const std::exception& e) {
    JqeRun run;
    run.options = options;
    SeedRecord r;
    r.skipped = std::string("internal error: ") + e.what();
    run.seeds.push_back(r);
    return run;
  }
}

}  // namespace chokepoint::jqe

// The JQE driver, one unit of work at a time: statistics (optional) -> parse every seed of the round (round 1's
// enter the isomorphism index first, thesis Alg. 1 line 37) -> expand seed after seed, combination by combination
// -> the round's kept expansions become the next round's seeds.
#include "core/jqe/expansion_job.h"

#include <algorithm>
#include <optional>

#include "core/graph/statistics.h"
#include "core/jqe/candidate_tables.h"
#include "core/jqe/clause_enrichment.h"
#include "core/jqe/combinations.h"
#include "core/jqe/diversity.h"
#include "core/jqe/execution_check.h"
#include "core/jqe/join_conditions.h"
#include "core/jqe/redundancy.h"
#include "core/jqe/seed_parse.h"
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

// Isomorphic discards are the bulk (millions on BIRD's european_football_2): their message is derived from
// iso_class when reported instead of being stored.
std::string isomorphic_message(int) { return {}; }

// One seed being expanded: everything the combination loop needs between two units.
struct SeedExpansion {
  int seed_index = -1;
  ParsedSeed* seed = nullptr;
  const JqeDatabase* db = nullptr;
  std::vector<std::vector<CandidateCondition>> conditions;  // per candidate
  std::vector<CandidateSpec> specs;
  std::vector<uint64_t> admitted;  // combinations each candidate admits (for the unexplored count)
  std::optional<RedundancyChecker> redundancy;
  std::optional<CombinationEnumerator> enumerator;
  // (candidate, joined nodes) -> expanded graph and class; equal keys give isomorphic graphs.
  struct Shape {
    UndirectedGraph graph;
    GraphShape shape;
    int iso_class = -1;
  };
  std::map<std::pair<int, std::vector<int>>, Shape> shapes;
  int kept_here = 0;
};

}  // namespace

const char* to_string(JqeProgress::Phase phase) {
  switch (phase) {
    case JqeProgress::Phase::statistics:
      return "statistics";
    case JqeProgress::Phase::parsing:
      return "parsing";
    case JqeProgress::Phase::expanding:
      return "expanding";
    case JqeProgress::Phase::done:
      return "done";
  }
  return "?";
}

struct JqeJob::State {
  State(std::vector<EvalItem> seeds, const std::map<std::string, JqeDatabase>& dbs, const JqeOptions& options)
      : input(std::move(seeds)), dbs(dbs), options(options), pruner(options.iso, options.per_pattern) {
    run.options = options;
    run.input_seeds = input.size();
    current = input;
    for (const auto& s : input) roots.push_back(s.key);
    progress.phase = enrich() ? JqeProgress::Phase::statistics : JqeProgress::Phase::parsing;
    progress.round_seeds = current.size();
  }

  bool enrich() const { return options.add_projection || options.add_predicate; }
  int last_round() const { return std::max(1, options.rounds); }

  // One unit of work.
  void step() {
    ++progress.units;
    switch (progress.phase) {
      case JqeProgress::Phase::statistics:
        return count_statistics();
      case JqeProgress::Phase::parsing:
        return parse_next();
      case JqeProgress::Phase::expanding:
        return expand_step();
      case JqeProgress::Phase::done:
        return;
    }
  }

  // The statistics come from the input set only: what the benchmark's own queries project and filter on.
  void count_statistics() {
    if (next < input.size()) {
      const EvalItem& s = input[next++];
      auto db = dbs.find(s.db_id);
      std::map<std::string, const Schema*> schemas;
      if (db != dbs.end()) schemas[s.db_id] = db->second.schema;
      collect_query_statistics(statistics, StatisticsQuery{s.db_id, s.sql}, schemas);
      progress.seeds_done = next;
    }
    if (next >= input.size()) begin_phase(JqeProgress::Phase::parsing);
  }

  void parse_next() {
    // Context queries (JqeOptions::context_seeds) occupy their classes first, like the input set's own queries,
    // but get no seed record and are never expanded.
    if (progress.round == 1 && context_next < options.context_seeds.size()) {
      const EvalItem& c = options.context_seeds[context_next++];
      auto db = dbs.find(c.db_id);
      if (db != dbs.end() && db->second.schema)
        if (auto p = parse_seed(c, *db->second.schema, options.unnest); p.ok()) pruner.add_existing(p->graph);
      return;
    }
    if (next < current.size()) {
      const EvalItem& s = current[next];
      SeedRecord rec;
      rec.item = s;
      rec.root_id = roots[next];
      rec.round = progress.round;
      ++next;
      auto db = dbs.find(s.db_id);
      if (db == dbs.end() || !db->second.schema || !db->second.graph) {
        rec.skipped = "unknown db_id '" + s.db_id + "'";
        parsed.push_back(nullptr);
      } else if (auto p = parse_seed(s, *db->second.schema, options.unnest); !p.ok()) {
        rec.skipped = p.error();
        parsed.push_back(nullptr);
      } else {
        if (p->unnesting.changed()) rec.unnested_sql = p->unnesting.sql;
        rec.inlined = p->unnesting.inlined;
        rec.nested = p->unnesting.nested;
        rec.shape = shape_of(p->graph);
        parsed.push_back(std::make_unique<ParsedSeed>(std::move(*p)));
        // The input set occupies its classes before any expansion is considered; later rounds' seeds are kept
        // expansions, already members.
        if (progress.round == 1) pruner.add_existing(parsed.back()->graph);
      }
      run.seeds.push_back(std::move(rec));
      progress.seeds_done = next;
    }
    if (next >= current.size()) {
      first_seed = run.seeds.size() - current.size();
      first_expansion = run.expansions.size();
      begin_phase(JqeProgress::Phase::expanding);
    }
  }

  void expand_step() {
    if (!active) {
      while (next < current.size() && !parsed[next]) progress.seeds_done = ++next;
      if (next >= current.size()) return end_round();
      begin_seed(static_cast<int>(first_seed + next), *parsed[next]);
      return;
    }
    if (!judge_next_combination()) {
      active.reset();
      parsed[next].reset();  // its tree is no longer needed
      progress.seeds_done = ++next;
      progress.combinations = 0;
    }
  }

  void end_round() {
    if (progress.round == last_round()) return finish();
    // The next round's seeds: this round's kept expansions (already members of the index).
    std::vector<EvalItem> next_seeds;
    std::vector<std::string> next_roots;
    for (size_t e = first_expansion; e < run.expansions.size(); ++e) {
      const Expansion& x = run.expansions[e];
      const SeedRecord& from = run.seeds[static_cast<size_t>(x.seed)];
      EvalItem s = from.item;
      s.key = x.id;
      s.sql = x.sql;
      next_seeds.push_back(std::move(s));
      next_roots.push_back(from.root_id);
    }
    if (next_seeds.empty()) return finish();
    current = std::move(next_seeds);
    roots = std::move(next_roots);
    ++progress.round;
    progress.round_seeds = current.size();
    begin_phase(JqeProgress::Phase::parsing);
  }

  void begin_phase(JqeProgress::Phase phase) {
    progress.phase = phase;
    progress.seeds_done = 0;
    next = 0;
    if (phase == JqeProgress::Phase::parsing) parsed.clear();
  }

  void finish() {
    progress.phase = JqeProgress::Phase::done;
    run.iso_classes = pruner.class_count();
    parsed.clear();
    active.reset();
  }

  const Connection* schema_connection(const std::string& db_id, const Schema& schema) {
    auto it = schema_dbs.find(db_id);
    if (it == schema_dbs.end()) {
      auto c = create_schema_database(schema);
      it = schema_dbs.emplace(db_id, c.ok() ? std::make_unique<Connection>(std::move(*c)) : nullptr).first;
    }
    return it->second.get();
  }

  const std::vector<double>& centrality(const std::string& db_id, const SchemaGraph& graph) {
    auto it = centrality_by_db.find(db_id);
    if (it == centrality_by_db.end())
      it = centrality_by_db.emplace(db_id, table_centrality(graph, options.preferences.centrality)).first;
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
    run.discards.push_back(std::move(d));
  }

  // Stage A: candidate tables and their join conditions; the enumerator of stage B is set up, not run.
  void begin_seed(int seed_index, ParsedSeed& seed) {
    SeedRecord& rec = run.seeds[static_cast<size_t>(seed_index)];
    active = std::make_unique<SeedExpansion>();
    SeedExpansion& x = *active;
    x.seed_index = seed_index;
    x.seed = &seed;
    x.db = &dbs.at(rec.item.db_id);
    const SchemaGraph& graph = *x.db->graph;
    const std::vector<double>& cent = centrality(rec.item.db_id, graph);
    for (int t : candidate_tables(seed.jqg, graph)) {
      x.conditions.push_back(join_conditions(seed.jqg, graph, t));
      CandidateRecord cr;
      cr.table = graph.tables[static_cast<size_t>(t)];
      cr.centrality = cent[static_cast<size_t>(t)];
      CandidateSpec spec;
      spec.name = cr.table;
      spec.centrality = cr.centrality;
      for (const auto& c : x.conditions.back()) {
        cr.conditions.push_back(c.text);
        spec.condition_nodes.push_back(c.node);
      }
      rec.candidates.push_back(std::move(cr));
      x.specs.push_back(std::move(spec));
    }
    for (const auto& s : x.specs)
      x.admitted.push_back(combination_count(s, options.preferences.max_conditions_per_pair));
    x.redundancy.emplace(seed.jqg);
    x.enumerator.emplace(x.specs, options.preferences);
  }

  // Stages B'–D for the next combination of the active seed; false when the seed is finished.
  bool judge_next_combination() {
    SeedExpansion& x = *active;
    SeedRecord& rec = run.seeds[static_cast<size_t>(x.seed_index)];
    Combination combo;
    if (!x.enumerator->next(combo)) return false;
    ++rec.combinations;
    progress.combinations = rec.combinations;
    if (rec.combinations > options.max_combinations_per_seed) {
      uint64_t total = 0;
      for (uint64_t a : x.admitted) total = a > UINT64_MAX - total ? UINT64_MAX : total + a;
      rec.combinations = options.max_combinations_per_seed;
      rec.unexplored = total - rec.combinations;
      return false;
    }
    const ParsedSeed& seed = *x.seed;
    const JqeDatabase& db = *x.db;
    const int seed_index = x.seed_index;
    const auto& conds = x.conditions[static_cast<size_t>(combo.candidate)];
    std::vector<int> joined;
    for (int i : combo.conditions) joined.push_back(conds[static_cast<size_t>(i)].node);
    std::sort(joined.begin(), joined.end());
    joined.erase(std::unique(joined.begin(), joined.end()), joined.end());
    auto key = std::make_pair(combo.candidate, joined);
    auto sh = x.shapes.find(key);
    if (sh == x.shapes.end()) {
      SeedExpansion::Shape s;
      s.graph = expanded_graph(seed.graph, x.specs[static_cast<size_t>(combo.candidate)].name, joined);
      s.shape = shape_of(s.graph);
      s.iso_class = pruner.find(s.graph);
      sh = x.shapes.emplace(key, std::move(s)).first;
    }
    SeedExpansion::Shape& shape = sh->second;

    const int r = x.redundancy->redundant_condition(conds, combo.conditions);
    if (r >= 0) {
      discard(seed_index, combo, DiscardReason::redundant,
              "implied by transitivity: " + conds[static_cast<size_t>(combo.conditions[static_cast<size_t>(r)])].text,
              shape.shape);
      return true;
    }
    if (options.budget > 0 && run.expansions.size() >= options.budget) {
      discard(seed_index, combo, DiscardReason::budget, "budget of " + std::to_string(options.budget) + " reached",
              shape.shape);
      return true;
    }
    const bool room = pruner.has_room(shape.iso_class);
    if (!room && !options.execute_before_pruning) {
      discard(seed_index, combo, DiscardReason::isomorphic, isomorphic_message(shape.iso_class), shape.shape,
              shape.iso_class);
      return true;
    }
    SynthesisInput in;
    in.query = seed.tree.get();
    in.names = &seed.names;
    in.jqg = &seed.jqg;
    in.candidate = db.schema->find_table(x.specs[static_cast<size_t>(combo.candidate)].name);
    for (int i : combo.conditions) in.conditions.push_back(&conds[static_cast<size_t>(i)]);
    in.alias_style = options.alias_style;
    auto syn = synthesize_expansion(in);
    if (!syn.ok()) {
      discard(seed_index, combo, DiscardReason::error, syn.error(), shape.shape);
      return true;
    }
    if (db.connection) {
      ExecutionCheck check = check_execution(*db.connection, syn->sql, *syn->tree, options.timeout_ms);
      if (check.verdict != ExecutionVerdict::ok) {
        DiscardReason reason = check.verdict == ExecutionVerdict::empty_result ? DiscardReason::empty_result
                               : check.verdict == ExecutionVerdict::timeout    ? DiscardReason::timeout
                                                                               : DiscardReason::error;
        discard(seed_index, combo, reason, check.message, shape.shape, -1, syn->sql);
        return true;
      }
    } else if (options.prepare_schema_only) {
      if (const Connection* c = schema_connection(rec.item.db_id, *db.schema)) {
        Status st = c->prepare_check(syn->sql);
        if (!st.ok()) {
          discard(seed_index, combo, DiscardReason::error, st.error(), shape.shape, -1, syn->sql);
          return true;
        }
      }
    }
    if (!room) {
      discard(seed_index, combo, DiscardReason::isomorphic, isomorphic_message(shape.iso_class), shape.shape,
              shape.iso_class, syn->sql);
      return true;
    }
    Expansion e;
    e.id = rec.item.key + "-e" + std::to_string(++x.kept_here);
    e.seed = seed_index;
    e.round = rec.round;
    e.candidate = combo.candidate;
    e.conditions = combo.conditions;
    e.alias = syn->alias;
    e.sql = syn->sql;
    e.iso_class = pruner.keep(shape.graph);
    e.shape = shape.shape;
    if (enrich()) enrich_expansion_of(e, *syn, *in.candidate, db, rec.item.db_id);
    // Every cached shape of this class must see the new member: refresh the ones still marked "new".
    shape.iso_class = e.iso_class;
    for (auto& [k, other] : x.shapes)
      if (other.iso_class < 0) other.iso_class = pruner.find(other.graph);
    run.expansions.push_back(std::move(e));
    return true;
  }

  // Optional clauses on the new table; a failed addition is dropped, never the expansion.
  void enrich_expansion_of(Expansion& x, const Synthesis& syn, const Table& table, const JqeDatabase& db,
                           const std::string& db_id) {
    EnrichmentRequest req;
    req.expansion = syn.tree.get();
    req.table = &table;
    req.ref = syn.alias.empty() ? table.name : syn.alias;
    req.statistics = statistics.find(db_id, table.name);
    req.add_projection = options.add_projection;
    req.add_predicate = options.add_predicate;
    req.data = db.connection;
    if (!db.connection && options.prepare_schema_only) req.schema_db = schema_connection(db_id, *db.schema);
    req.timeout_ms = options.timeout_ms;
    Enrichment e = enrich_expansion(req);
    x.enrichment_dropped = std::move(e.dropped);
    if (!e.enriched()) return;
    x.unenriched_sql = std::move(x.sql);
    x.sql = std::move(e.sql);
    x.added_projection = std::move(e.projection);
    x.added_predicate = std::move(e.predicate);
    x.predicate_source = std::move(e.literal_source);
  }

  const std::vector<EvalItem> input;
  const std::map<std::string, JqeDatabase>& dbs;
  const JqeOptions options;
  DiversityPruner pruner;
  JqeRun run;
  JqeProgress progress;
  bool cancelled = false;

  std::vector<EvalItem> current;                    // this round's seeds
  std::vector<std::string> roots;                   // their original seeds' ids
  std::vector<std::unique_ptr<ParsedSeed>> parsed;  // per current seed; null = skipped (or already expanded)
  size_t next = 0;                                  // position in input (statistics) or current (parsing, expanding)
  size_t context_next = 0;                          // context seeds entered into the index so far (round 1 parsing)
  size_t first_seed = 0;                            // index in run.seeds of current[0]
  size_t first_expansion = 0;                       // index in run.expansions of this round's first
  std::unique_ptr<SeedExpansion> active;

  SetStatistics statistics;
  std::map<std::string, std::unique_ptr<Connection>> schema_dbs;
  std::map<std::string, std::vector<double>> centrality_by_db;
};

JqeJob::JqeJob(std::vector<EvalItem> seeds, const std::map<std::string, JqeDatabase>& databases,
               const JqeOptions& options)
    : state_(std::make_unique<State>(std::move(seeds), databases, options)) {}

JqeJob::~JqeJob() = default;

bool JqeJob::advance(const std::function<bool()>& keep_going) {
  try {
    const size_t cap = state_->options.max_recorded_decisions;
    do {
      if (done()) break;
      state_->step();
      const JqeRun& run = state_->run;
      if (cap > 0 && !done() && run.expansions.size() + run.discards.size() >= cap) {
        state_->finish();
        state_->run.stopped = "stopped after " + std::to_string(cap) +
                              " recorded decisions (the limit for this run); narrow the preferences (n per pattern, "
                              "conditions per pair, rounds) or use the CLI for the whole run";
      }
    } while (!done() && keep_going());
  } catch (const std::exception& e) {
    JqeRun run;
    run.options = state_->options;
    SeedRecord r;
    r.skipped = std::string("internal error: ") + e.what();
    run.seeds.push_back(r);
    state_->finish();
    state_->run = std::move(run);
  }
  return done();
}

void JqeJob::cancel() {
  if (done()) return;
  state_->cancelled = true;  // progress stays where the job stopped
  state_->run.iso_classes = state_->pruner.class_count();
  state_->parsed.clear();
  state_->active.reset();
}

bool JqeJob::done() const { return state_->cancelled || state_->progress.phase == JqeProgress::Phase::done; }
bool JqeJob::cancelled() const { return state_->cancelled; }
JqeProgress JqeJob::progress() const { return state_->progress; }
const JqeRun& JqeJob::run() const { return state_->run; }
JqeRun JqeJob::take_run() { return std::move(state_->run); }

}  // namespace chokepoint::jqe

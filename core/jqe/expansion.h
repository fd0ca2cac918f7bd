// The JQE driver (thesis Algorithm 1; SQLMorph Alg. 1; decisions.md §5): for every seed query, candidate tables ->
// join conditions -> combinations in preference order -> redundancy -> diversity cap -> SQL synthesis ->
// execution check, over k rounds (round r+1 expands round r's kept expansions). Every kept expansion carries its
// provenance; every discarded candidate its reason. With no connection for a database JQE runs schema-only: the
// execution check is replaced by preparing the SQL on an empty database built from the schema. The driver itself is
// the resumable JqeJob (expansion_job.h); run_jqe runs one to the end.
#pragma once
#include <cstdint>
#include <deque>
#include <map>
#include <string>
#include <vector>

#include "core/dataset/eval_set.h"
#include "core/db/connection.h"
#include "core/graph/isomorphism.h"
#include "core/graph/schema_graph.h"
#include "core/jqe/preferences.h"
#include "core/jqe/sql_synthesis.h"
#include "core/schema/schema.h"
#include "core/sql/unnesting.h"

namespace chokepoint::jqe {

struct JqeDatabase {
  const Schema* schema = nullptr;
  const SchemaGraph* graph = nullptr;
  const Connection* connection = nullptr;  // data for the execution check; nullptr = schema-only
};

struct JqeOptions {
  Preferences preferences;
  IsomorphismMode iso = IsomorphismMode::structural;
  int per_pattern = 1;    // n expansions per isomorphism class; <= 0: no cap
  size_t budget = 0;      // total expansions kept over all rounds; 0: no budget
  int rounds = 1;         // k
  int timeout_ms = 5000;  // per execution check
  AliasStyle alias_style = AliasStyle::follow_query;
  // Execute every non-redundant candidate before the isomorphism cap, as the thesis' generated set (all non-empty)
  // implies. Off: only candidates that would fill a free slot are executed (much cheaper).
  bool execute_before_pruning = false;
  // Schema-only mode: prepare kept expansions on an empty database built from the schema (catches ambiguity).
  bool prepare_schema_only = true;
  // Safety valve per seed against combinatorial explosion; the rest are counted in JqeRun::unexplored.
  uint64_t max_combinations_per_seed = 10000;
  // Safety valve for the whole run: once this many decisions (kept expansions plus discards) are recorded, the run
  // stops and says so in JqeRun::stopped. 0: no limit (the CLI); the browser sets one so a run that would exhaust
  // the page's memory ends with a message instead.
  size_t max_recorded_decisions = 0;
  // Optional enrichment of each kept expansion from statistics of the input set (thesis §3.2 after Alg. 1;
  // clause_enrichment.h): one projection column and/or one predicate on the newly joined table. Off by default.
  bool add_projection = false;
  bool add_predicate = false;
  // Queries that enter the isomorphism index before the seeds, as members of their classes, without being
  // expanded or reported: running JQE on one seed of a set with the set's other queries here gives that seed the
  // same diversity cap it has in a run over the whole set (thesis Alg. 1: the input set occupies its classes).
  std::vector<EvalItem> context_seeds;
  // Thesis §3.3.1: inline CTEs used once and FROM subqueries that are plain select-project-joins before the seed's
  // join query graph is built (core/sql/unnesting.h); the others stay derived nodes, with their reasons recorded.
  bool unnest = true;
};

enum class DiscardReason { redundant, isomorphic, empty_result, error, timeout, budget };
const char* to_string(DiscardReason reason);
constexpr int kDiscardReasons = 6;

struct GraphShape {
  int nodes = 0;
  int edges = 0;
  bool cyclic = false;
  double avg_degree() const { return nodes ? 2.0 * edges / nodes : 0.0; }
};

// A candidate table of one seed with its possible join conditions (texts as in join_conditions.h).
struct CandidateRecord {
  std::string table;
  double centrality = 0;
  std::vector<std::string> conditions;
};

struct SeedRecord {
  EvalItem item;        // as given (round 1) or as the previous round's expansion became a seed
  std::string root_id;  // the original seed (== item.id in round 1)
  int round = 1;
  std::string skipped;  // why it was not expanded ("" if it was)
  // Unnesting (JqeOptions::unnest): the query JQE expanded when it differs from item.sql ("" otherwise), the derived
  // tables it inlined and those it kept as derived nodes, with the reason.
  std::string unnested_sql;
  std::vector<sql::InlinedTable> inlined;
  std::vector<sql::NestedTable> nested;
  GraphShape shape;
  std::vector<CandidateRecord> candidates;
  uint64_t combinations = 0;  // enumerated
  uint64_t unexplored = 0;    // beyond max_combinations_per_seed
};

struct Expansion {
  std::string id;  // "<seed id>-e<k>"
  int seed = -1;   // index in JqeRun::seeds
  int round = 1;
  int candidate = -1;           // index in the seed's candidates
  std::vector<int> conditions;  // indices in the candidate's conditions
  std::string alias;            // "" if the table is referenced by name
  std::string sql;
  int iso_class = -1;
  GraphShape shape;
  // Enrichment (options add_projection / add_predicate); all empty when nothing was added.
  std::string added_projection;                 // as printed, e.g. "T3.bond_type"
  std::string added_predicate;                  // as printed, e.g. "T3.bond_type = '-'"
  std::string predicate_source;                 // "set" or "database" (where the literal came from)
  std::string unenriched_sql;                   // the expansion before enrichment ("" when not enriched)
  std::vector<std::string> enrichment_dropped;  // additions tried and dropped, with the reason
  bool enriched() const { return !added_projection.empty() || !added_predicate.empty(); }
};

struct Discard {
  int seed = -1;
  int candidate = -1;
  std::vector<int> conditions;
  DiscardReason reason = DiscardReason::isomorphic;
  std::string message;  // empty for isomorphic (see iso_class)
  int iso_class = -1;   // isomorphic: the full class
  GraphShape shape;
  std::string sql;  // when synthesised
};

struct JqeRun {
  JqeOptions options;
  std::vector<SeedRecord> seeds;  // round 1 seeds first, then each round's expanded seeds
  std::vector<Expansion> expansions;
  // A deque, not a vector: a run records hundreds of thousands of discards, and a vector's doubling moved them all
  // at once (a 15 ms stall at 512k, one unit of the browser's sliced job).
  std::deque<Discard> discards;
  size_t input_seeds = 0;  // seeds given (round 1)
  size_t iso_classes = 0;  // classes in the index at the end
  std::string stopped;     // why the run ended early ("" when it ran to the end)
};

JqeRun run_jqe(const std::vector<EvalItem>& seeds, const std::map<std::string, JqeDatabase>& databases,
               const JqeOptions& options);

}  // namespace chokepoint::jqe

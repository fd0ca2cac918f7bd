// Linker tables (thesis ch. 4, Algorithm 2 lines 5-16): in a join query graph of at least 3 nodes, the table
// instance of highest betweenness, the hub every path between the other tables crosses. Ties are broken by the
// tables' betweenness in the schema graph (the thesis' rule), then by name so the choice is deterministic. The
// name is then split into components, each a word or an abbreviation, which reference detection looks for.
#pragma once
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/base/result.h"
#include "core/graph/schema_graph.h"
#include "core/lexicon/lexicon.h"
#include "core/schema/schema.h"
#include "core/sql/join_query_graph.h"

namespace chokepoint::tqa {

// One part of the linker table's name ("characters" -> {character}; "RaceResults" -> {race, result}).
struct LinkerComponent {
  std::string segment;           // lower-case, as cut from the name ("characters")
  std::string lemma;             // morphy base form for words ("character"); the segment for abbreviations
  bool is_abbreviation = false;  // not a WordNet word, or written in capitals ("img", "ID")
};

struct LinkerTable {
  std::string table;                        // schema spelling
  int node = -1;                            // index into the JQG's nodes
  double betweenness = 0;                   // in the JQG (networkx normalisation)
  bool tie_broken_by_schema = false;        // several instances shared the top JQG betweenness
  std::vector<LinkerComponent> components;  // in name order, no repeated lemma
};

constexpr size_t kMinLinkerNodes = 3;

// Algorithm 2 lines 6-13. nullopt when the graph has fewer than 3 nodes or no base-table node (derived tables,
// subqueries and CTEs, have no name to hide and are never linker tables). Components are left empty.
std::optional<LinkerTable> find_linker_table(const sql::JoinQueryGraph& jqg, const SchemaGraph& schema_graph);

// Line 16: segment the name (lexicon segmentation), drop digits, one-letter pieces and stopwords, classify.
std::vector<LinkerComponent> linker_components(const Lexicon& lex, std::string_view table_name);

// The whole identification for one gold query: parse, resolve, main-scope JQG, linker table with components.
// Errors only when the SQL does not parse; nullopt when the query has no linker table.
struct LinkerQuery {
  sql::NodePtr ast;
  sql::NameResolution names;
  sql::JoinQueryGraph jqg;
  std::optional<LinkerTable> linker;
};
Result<LinkerQuery> identify_linker_table(std::string_view sql, const Schema& schema, const SchemaGraph& schema_graph,
                                          const Lexicon& lex);

}  // namespace chokepoint::tqa

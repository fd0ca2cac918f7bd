// Linker-table analysis of a whole evaluation set, without any LLM: per item the linker table, its components and
// the matched question/evidence tokens (thesis Algorithm 2 up to line 30), and the set statistics of Tables 4.1,
// 4.2 and 4.7. This is what `chokepoint tqa linker` prints and what the augmentation job takes as input.
#pragma once
#include <map>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/dataset/eval_set.h"
#include "core/graph/schema_graph.h"
#include "core/schema/schema.h"
#include "core/tqa/attribute_mentions.h"
#include "core/tqa/linker_table.h"
#include "core/tqa/reference_detection.h"

namespace chokepoint::tqa {

struct LinkerDatabase {
  const Schema* schema = nullptr;
  const SchemaGraph* graph = nullptr;
};

struct ItemLinkerAnalysis {
  EvalItem item;
  std::string error;     // "" when the SQL parsed and the database is known
  size_t jqg_nodes = 0;  // of the main scope
  std::optional<LinkerTable> linker;
  ReferenceDetection references;  // empty without a linker table
  LinkerAttributes attributes;
  AttributeMentions mentions;
};

// Items whose db_id is missing from `databases` get an error and no linker table.
std::vector<ItemLinkerAnalysis> analyze_linker_tables(const std::vector<EvalItem>& items,
                                                      const std::map<std::string, LinkerDatabase>& databases,
                                                      ReferenceMatcher& matcher);

struct LinkerStatistics {
  size_t queries = 0;                  // items analysed
  size_t errors = 0;                   // unparsable SQL or unknown database
  size_t with_linker_table = 0;        // JQG of >= 3 nodes with a base-table hub
  size_t with_question_reference = 0;  // of those, at least one component matched in the question (the thesis' set)
  size_t questions = 0;                // linker items with a non-empty question
  size_t evidences = 0;                // linker items with a non-empty evidence
  size_t components_in_questions = 0;  // Table 4.2, summed over linker items
  size_t components_in_evidence = 0;
  size_t matching_question_tokens = 0;
  size_t matching_evidence_tokens = 0;
  std::map<size_t, size_t> node_counts;  // JQG node count -> linker items (Table 4.1)
  // Table 4.7: linker items whose question / evidence mentions a join or a projection/filter attribute.
  size_t join_attributes_in_questions = 0;
  size_t other_attributes_in_questions = 0;
  size_t join_attributes_in_evidence = 0;
  size_t other_attributes_in_evidence = 0;
};

LinkerStatistics linker_statistics(const std::vector<ItemLinkerAnalysis>& analyses);

// {"queries", "with_linker_table", "components_in_questions", ...} plus the node-count and attribute tables.
nlohmann::json linker_statistics_json(const LinkerStatistics& stats);
// One object per linker item: key, db_id, linker_table, components with matched tokens and positions.
nlohmann::json linker_items_json(const std::vector<ItemLinkerAnalysis>& analyses);

}  // namespace chokepoint::tqa

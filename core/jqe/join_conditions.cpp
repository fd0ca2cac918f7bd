// Join conditions per candidate: schema labels re-oriented onto the query's instances.
#include "core/jqe/join_conditions.h"

#include <algorithm>

#include "core/jqe/candidate_tables.h"
#include "core/schema/schema.h"

namespace chokepoint::jqe {

std::vector<CandidateCondition> join_conditions(const sql::JoinQueryGraph& jqg, const SchemaGraph& graph,
                                                int candidate) {
  std::vector<CandidateCondition> out;
  const std::string& cand_name = graph.tables[static_cast<size_t>(candidate)];
  std::vector<int> tables = node_tables(jqg, graph);
  for (size_t node = 0; node < jqg.nodes.size(); ++node) {
    if (tables[node] < 0) continue;
    const SchemaEdge* edge = graph.find_edge(tables[node], candidate);
    if (!edge) continue;
    const std::string& ref = jqg.nodes[node].alias.empty() ? jqg.nodes[node].table : jqg.nodes[node].alias;
    std::vector<CandidateCondition> mine;
    for (const JoinLabel& label : edge->labels) {
      CandidateCondition c;
      c.node = static_cast<int>(node);
      c.source = label.source;
      // Orient by name: the side whose table is the candidate gives the candidate's columns.
      const bool candidate_left = iequals(label.left_table, cand_name);
      c.candidate_columns = candidate_left ? label.left_columns : label.right_columns;
      c.node_columns = candidate_left ? label.right_columns : label.left_columns;
      for (size_t i = 0; i < c.candidate_columns.size() && i < c.node_columns.size(); ++i) {
        if (i) c.text += " AND ";
        c.text += cand_name + "." + c.candidate_columns[i] + " = " + ref + "." + c.node_columns[i];
      }
      bool repeated = false;
      for (const auto& m : mine) repeated = repeated || (m.text == c.text);
      if (!repeated && !c.candidate_columns.empty() && c.candidate_columns.size() == c.node_columns.size())
        mine.push_back(std::move(c));
    }
    std::sort(mine.begin(), mine.end(),
              [](const CandidateCondition& a, const CandidateCondition& b) { return a.text < b.text; });
    for (auto& m : mine) out.push_back(std::move(m));
  }
  return out;
}

}  // namespace chokepoint::jqe

// Aggregation operator: swap one aggregate function for a related one.
#include "core/mutate/aggregation_mutations.h"

#include <cctype>
#include <map>
#include <utility>

#include "core/mutate/outer_query.h"

namespace chokepoint::mutate {
using sql::Kind;
using sql::Node;
using sql::Slot;

std::string swapped_aggregate(const std::string& name) {
  static const std::map<std::string, std::string> kSwap = {
      {"sum", "avg"}, {"avg", "sum"}, {"min", "max"}, {"max", "min"}, {"count", "sum"}};
  std::string lower;
  bool all_lower = true;
  for (char c : name) {
    lower += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    all_lower &= !std::isupper(static_cast<unsigned char>(c));
  }
  auto it = kSwap.find(lower);
  if (it == kSwap.end()) return "";
  if (all_lower) return it->second;
  std::string upper;
  for (char c : it->second) upper += static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return upper;
}

std::vector<Mutant> aggregation_swap(const Node& query) {
  std::vector<Mutant> out;
  for (const Node* select : outer_selects(query)) {
    std::vector<std::pair<const Node*, const char*>> sites;  // aggregate, clause it sits in
    auto collect = [&](const Node& clause_root, const char* clause) {
      walk_outside_subqueries(clause_root, [&](const Node& n) {
        if (n.kind != Kind::Function || n.has(sql::kStar) || n.list(Slot::Args).size() != 1) return;
        if (!swapped_aggregate(n.text).empty()) sites.emplace_back(&n, clause);
      });
    };
    for (const Node* column : select->list(Slot::Columns)) collect(*column, "SELECT: ");
    if (const Node* having = select->get(Slot::Having)) collect(*having, "HAVING: ");
    for (const auto& [site, clause] : sites) {
      std::string to = swapped_aggregate(site->text);
      auto edited = sql::clone(*site);
      edited->text = to;
      std::string what = block_label(query, *select) + clause + quoted(*site) + " -> " + quoted(*edited);
      out.push_back(mutate_copy(
          "aggregation_swap", query, *site, [to](Node& f) { f.text = to; }, std::move(what)));
    }
  }
  return out;
}

}  // namespace chokepoint::mutate

// Comparison flips, stricter and looser bounds, and clause removal over the outer SELECT blocks.
#include "core/mutate/comparison_edits.h"

#include <map>

#include "core/mutate/outer_query.h"
#include "core/sql/printer.h"

namespace chokepoint::mutate {
using sql::Kind;
using sql::Node;
using sql::Slot;

namespace {

std::string lookup(const std::map<std::string, std::string>& table, const std::string& op) {
  auto it = table.find(op);
  return it == table.end() ? std::string() : it->second;
}

}  // namespace

std::string flipped_comparison(const std::string& op) {
  static const std::map<std::string, std::string> kFlip = {{"=", "!="}, {"==", "!="}, {"!=", "="},  {"<>", "="},
                                                           {">", "<"},  {"<", ">"},   {">=", "<="}, {"<=", ">="}};
  return lookup(kFlip, op);
}

std::string stricter_comparison(const std::string& op) {
  static const std::map<std::string, std::string> kStricter = {{">=", ">"}, {"<=", "<"}};
  return lookup(kStricter, op);
}

std::string looser_comparison(const std::string& op) {
  static const std::map<std::string, std::string> kLooser = {{">", ">="}, {"<", "<="}};
  return lookup(kLooser, op);
}

const char* clause_name(Slot clause) { return clause == Slot::Having ? "HAVING" : "WHERE"; }

std::vector<Mutant> rewrite_comparisons(const char* op, const Node& query, Slot clause, ComparisonRewrite rewrite) {
  std::vector<Mutant> out;
  for (const Node* select : outer_selects(query)) {
    const Node* condition = select->get(clause);
    if (!condition) continue;
    std::vector<const Node*> sites;
    walk_outside_subqueries(*condition, [&](const Node& n) {
      if (n.kind == Kind::Binary && !rewrite(n.text).empty()) sites.push_back(&n);
    });
    for (const Node* site : sites) {
      std::string to = rewrite(site->text);
      auto edited = sql::clone(*site);
      edited->text = to;
      std::string what =
          block_label(query, *select) + clause_name(clause) + ": " + quoted(*site) + " -> " + quoted(*edited);
      out.push_back(mutate_copy(
          op, query, *site, [&](Node& n) { n.text = to; }, std::move(what)));
    }
  }
  return out;
}

std::vector<Mutant> remove_clause(const char* op, const Node& query, Slot clause) {
  std::vector<Mutant> out;
  for (const Node* select : outer_selects(query)) {
    const Node* condition = select->get(clause);
    if (!condition) continue;
    std::string what = block_label(query, *select) + clause_name(clause) + ": " + quoted(*condition) + " removed";
    out.push_back(mutate_copy(
        op, query, *select, [&](Node& s) { s.set(clause, nullptr); }, std::move(what)));
  }
  return out;
}

}  // namespace chokepoint::mutate

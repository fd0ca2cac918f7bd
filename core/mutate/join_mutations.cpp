// Join operators: drop a join condition, turn a join into a LEFT join.
#include "core/mutate/join_mutations.h"

#include "core/mutate/outer_query.h"
#include "core/sql/printer.h"

namespace chokepoint::mutate {
using sql::Kind;
using sql::Node;
using sql::Slot;

namespace {

// Joins of a FROM list, left to right, including those inside parenthesised join groups (still the outer query).
void collect_joins(const Node& owner, std::vector<const Node*>& out) {
  for (const Node* item : owner.list(Slot::From)) {
    if (item->kind == Kind::JoinGroup) collect_joins(*item, out);
    if (item->kind == Kind::Join) {
      if (const Node* source = item->get(Slot::Source); source && source->kind == Kind::JoinGroup)
        collect_joins(*source, out);
      out.push_back(item);
    }
  }
}

std::vector<const Node*> outer_joins(const Node& query) {
  std::vector<const Node*> joins;
  for (const Node* select : outer_selects(query)) collect_joins(*select, joins);
  return joins;
}

std::string source_text(const Node& join) {
  const Node* source = join.get(Slot::Source);
  return source ? sql::print_sql(*source) : std::string();
}

std::string join_words(const Node& join) { return join.text.empty() ? "JOIN" : join.text; }

}  // namespace

std::vector<Mutant> join_break(const Node& query) {
  std::vector<Mutant> out;
  for (const Node* join : outer_joins(query)) {
    const Node* on = join->get(Slot::On);
    if (!on && join->list(Slot::Using).empty()) continue;
    std::string condition = on ? "ON " + sql::print_sql(*on) : "USING (...)";
    std::string what = "FROM: " + join_words(*join) + " " + source_text(*join) + ": \"" + condition + "\" removed";
    out.push_back(mutate_copy(
        "join_break", query, *join,
        [](Node& j) {
          j.set(Slot::On, nullptr);
          while (j.get(Slot::Using)) sql::detach(*j.get(Slot::Using));
        },
        std::move(what)));
  }
  return out;
}

std::vector<Mutant> join_type_to_left(const Node& query) {
  std::vector<Mutant> out;
  for (const Node* join : outer_joins(query)) {
    std::string words = join_words(*join);
    if (words.find("LEFT") != std::string::npos) continue;
    std::string to = words.rfind("NATURAL", 0) == 0 ? "NATURAL LEFT JOIN" : "LEFT JOIN";
    std::string what =
        "FROM: \"" + words + " " + source_text(*join) + "\" -> \"" + to + " " + source_text(*join) + "\"";
    out.push_back(mutate_copy(
        "join_type_to_left", query, *join, [&](Node& j) { j.text = to; }, std::move(what)));
  }
  return out;
}

}  // namespace chokepoint::mutate

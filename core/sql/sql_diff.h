// A token diff of two SQL texts, to show an expansion or a mutant against the query it came from: which words were
// added and which removed. Tokens are words (identifiers, numbers, dotted names), quoted strings and single
// punctuation characters; whitespace only separates tokens, so re-spacing a query is not a change. Pure and
// deterministic (longest common subsequence, ties resolved towards keeping the earlier text's order).
#pragma once
#include <string>
#include <vector>

namespace chokepoint::sql {

enum class DiffKind { same, added, removed };

// A run of consecutive tokens of one kind, joined with single spaces.
struct DiffRun {
  DiffKind kind = DiffKind::same;
  std::string text;
};

std::vector<std::string> sql_tokens(const std::string& sql);

// Runs in reading order: a removed run comes before the added run that replaces it.
std::vector<DiffRun> sql_diff(const std::string& before, const std::string& after);

// The added (or removed) runs only, joined with " ... " (for tests and tooltips).
std::string diff_text(const std::vector<DiffRun>& runs, DiffKind kind);

}  // namespace chokepoint::sql

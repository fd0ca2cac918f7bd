// The flag parser and its "did you mean" (see flag_parser.h).
#include "cli/flag_parser.h"

#include <algorithm>
#include <vector>

namespace chokepoint::cli {
namespace {

bool is_flag_word(const std::string& word) { return word.size() > 2 && word.compare(0, 2, "--") == 0; }

// Optimal string alignment distance: Levenshtein plus the swap of two neighbours as one edit ("jbos" -> "jobs").
size_t edit_distance(const std::string& a, const std::string& b) {
  std::vector<std::vector<size_t>> d(a.size() + 1, std::vector<size_t>(b.size() + 1, 0));
  for (size_t i = 0; i <= a.size(); ++i) d[i][0] = i;
  for (size_t j = 0; j <= b.size(); ++j) d[0][j] = j;
  for (size_t i = 1; i <= a.size(); ++i)
    for (size_t j = 1; j <= b.size(); ++j) {
      const size_t cost = a[i - 1] == b[j - 1] ? 0 : 1;
      d[i][j] = std::min({d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost});
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1])
        d[i][j] = std::min(d[i][j], d[i - 2][j - 2] + 1);
    }
  return d[a.size()][b.size()];
}

}  // namespace

std::string closest_flag(const FlagTable& table, const std::string& given) {
  const std::string word = given.substr(std::min<size_t>(2, given.size()));
  std::string best;
  size_t best_distance = 0;
  for (const auto& f : table)
    for (const auto& spelling : f.spellings()) {
      const std::string name = spelling.substr(2);
      const size_t letters = std::max(word.size(), name.size());
      const size_t allowed = letters <= 4 ? 1 : letters <= 8 ? 2 : 3;
      const size_t d = edit_distance(word, name);
      if (d > allowed || d >= letters) continue;
      if (best.empty() || d < best_distance) {
        best = spelling;
        best_distance = d;
      }
    }
  return best;
}

Result<FlagValues> parse_flags(const FlagTable& table, const Args& args, const std::string& command) {
  FlagValues parsed(table, args);
  std::map<std::string, std::string> first_spelling;  // declared name -> the spelling it was first given as
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& word = args[i];
    if (!is_flag_word(word)) {
      parsed.positionals_.push_back(word);
      continue;
    }
    const size_t eq = word.find('=');
    const std::string given = word.substr(0, eq);
    const FlagSpec* spec = find_flag(table, given);
    if (!spec) {
      const std::string near = closest_flag(table, given);
      return Error{"unknown flag " + given +
                   (near.empty() ? " (see chokepoint " + command + " --help)" : "; did you mean " + near + "?")};
    }
    std::string value;
    if (spec->kind == FlagKind::Switch) {
      if (eq != std::string::npos) return Error{check_flag_value(*spec, given, word.substr(eq + 1)).error()};
    } else if (eq != std::string::npos) {
      value = word.substr(eq + 1);
    } else if (i + 1 < args.size() && !is_flag_word(args[i + 1])) {
      value = args[++i];
    } else {
      return Error{given + " needs a value"};
    }
    if (spec->kind != FlagKind::Switch)
      if (auto st = check_flag_value(*spec, given, value); !st.ok()) return Error{st.error()};
    auto [first, fresh] = first_spelling.emplace(spec->name, given);
    if (!fresh && !spec->repeatable)
      return Error{spec->name + " is given twice" +
                   (first->second == given ? std::string() : " (as " + first->second + " and " + given + ")") +
                   "; it takes one value"};
    parsed.values_[spec->name].push_back(std::move(value));
  }
  return parsed;
}

}  // namespace chokepoint::cli

// Matched tokens of several components may coincide (two components matching one word); each position is
// rewritten once.
#include "core/tqa/positional_rewrite.h"

#include <algorithm>
#include <map>

namespace chokepoint::tqa {

Result<std::string> replace_at_positions(std::string_view text, const std::vector<TextToken>& matched,
                                         const std::vector<PositionedToken>& synonyms) {
  std::map<size_t, const TextToken*> by_position;
  for (const auto& t : matched) by_position[t.position] = &t;
  std::map<size_t, std::string> replacement;
  for (const auto& s : synonyms) {
    if (s.position < 0 || !by_position.count(static_cast<size_t>(s.position)))
      return Error{"the model returned position " + std::to_string(s.position) + ", which is no matched token"};
    if (s.token.empty() || s.token.find('\n') != std::string::npos)
      return Error{"the model returned an empty or multi-line synonym at position " + std::to_string(s.position)};
    replacement[static_cast<size_t>(s.position)] = s.token;
  }
  for (const auto& [pos, tok] : by_position)
    if (!replacement.count(pos))
      return Error{"no synonym for \"" + tok->text + "\" at position " + std::to_string(pos)};
  std::string out(text);
  for (auto it = replacement.rbegin(); it != replacement.rend(); ++it) {
    const TextToken& t = *by_position[it->first];
    if (t.position + t.length > out.size()) return Error{"position beyond the end of the text"};
    out.replace(t.position, t.length, it->second);
  }
  return out;
}

}  // namespace chokepoint::tqa

// Plain Mustache templates (see plain_template.h).
#include "core/llm/plain_template.h"

namespace chokepoint {
namespace {

bool tag_space(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }

// A name Mustache looks up as it is: no sigil, no dot (a dotted name walks into objects), no brace or space inside.
bool plain_name(const std::string& name) {
  if (name.empty()) return false;
  for (char c : name)
    if (c == '.' || c == '{' || c == '}' || tag_space(c)) return false;
  const char first = name[0];
  return first != '#' && first != '^' && first != '/' && first != '>' && first != '<' && first != '=' && first != '!' &&
         first != '&' && first != '$';
}

}  // namespace

std::optional<PlainTemplate> plain_template(const std::string& source) {
  PlainTemplate t;
  size_t pos = 0;
  while (true) {
    const size_t open = source.find("{{", pos);
    if (open == std::string::npos) {
      t.literals.push_back(source.substr(pos));
      return t;
    }
    if (open + 2 < source.size() && source[open + 2] == '{') return std::nullopt;  // a triple-brace tag
    const size_t close = source.find("}}", open + 2);
    if (close == std::string::npos) return std::nullopt;  // an open tag: Mustache's own error
    size_t a = open + 2, b = close;
    while (a < b && tag_space(source[a])) ++a;
    while (b > a && tag_space(source[b - 1])) --b;
    std::string name = source.substr(a, b - a);
    if (!plain_name(name)) return std::nullopt;
    t.literals.push_back(source.substr(pos, open - pos));
    t.names.push_back(std::move(name));
    pos = close + 2;
  }
}

std::string render_plain(const PlainTemplate& t, const std::map<std::string, std::string>& variables) {
  std::vector<const std::string*> values(t.names.size(), nullptr);
  size_t size = 0;
  for (const auto& l : t.literals) size += l.size();
  for (size_t i = 0; i < t.names.size(); ++i)
    if (auto v = variables.find(t.names[i]); v != variables.end()) {
      values[i] = &v->second;
      size += v->second.size();
    }
  std::string out;
  out.reserve(size);
  for (size_t i = 0; i < t.names.size(); ++i) {
    out += t.literals[i];
    if (values[i]) out += *values[i];
  }
  out += t.literals.back();
  return out;
}

}  // namespace chokepoint

// Plain Mustache templates (see plain_template.h).
#include "core/llm/plain_template.h"

#include "core/base/text.h"

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

std::string render_plain(const PlainTemplate& t, const TemplateValue* values, size_t count) {
  const auto value_of = [&](const std::string& name) -> const std::string_view* {
    for (size_t i = 0; i < count; ++i)
      if (same_bytes(values[i].name, name)) return &values[i].value;
    return nullptr;
  };
  // Each tag is looked up twice, to size the text and to write it: a few names compared inline cost less than
  // keeping the lookups in a vector allocated per render.
  size_t size = 0;
  for (const auto& l : t.literals) size += l.size();
  for (const auto& name : t.names)
    if (const auto* v = value_of(name)) size += v->size();
  // Reserved, then appended: few pieces, and the schema text among them is kilobytes; a TextBuilder would fill the
  // whole size with zeros first (measured slower here, bench/README.md, runner).
  std::string out;
  out.reserve(size);
  for (size_t i = 0; i < t.names.size(); ++i) {
    out += t.literals[i];
    if (const auto* v = value_of(t.names[i])) out += *v;
  }
  out += t.literals.back();
  return out;
}

std::string render_plain(const PlainTemplate& t, const std::map<std::string, std::string>& variables) {
  const auto values = template_values(variables);
  return render_plain(t, values.data(), values.size());
}

std::vector<TemplateValue> template_values(const std::map<std::string, std::string>& variables) {
  std::vector<TemplateValue> values;
  values.reserve(variables.size());
  for (const auto& [name, value] : variables) values.push_back({name, value});
  return values;
}

}  // namespace chokepoint

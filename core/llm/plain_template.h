// Mustache's common case in prompts: text with {{name}} tags only (no sections, inverted sections, partials,
// comments, delimiter changes, dotted names, & or triple braces). Such a template renders as its literal pieces with
// each variable's value spliced in, which is exactly what kainjow's Mustache gives with escaping off; here it is one
// pass of appends into a string sized beforehand, where kainjow walks its component tree through std::function
// callbacks into a stream (most of a text-to-SQL prompt's rendering time, and more so in wasm, where each copy and
// call costs more). prompt_template.cpp renders every other template with kainjow.
#pragma once
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace chokepoint {

struct PlainTemplate {
  std::vector<std::string> literals;  // the text around the tags: one more than names
  std::vector<std::string> names;     // each tag's variable, in order (trimmed as Mustache trims a tag)
};

// The template's pieces, or nullopt when it uses anything but {{name}} tags (or a tag is left open).
std::optional<PlainTemplate> plain_template(const std::string& source);

// A variable's name and value as views into the caller's strings: a model run renders a prompt per item around a
// schema text of kilobytes, and views spare copying it (and the map's nodes) before the one copy into the prompt.
struct TemplateValue {
  std::string_view name;
  std::string_view value;
};

// The literals with each tag replaced by its variable's value, unescaped; a variable not given renders empty, as in
// Mustache. When a name is given twice, the first value counts.
std::string render_plain(const PlainTemplate& t, const TemplateValue* values, size_t count);
std::string render_plain(const PlainTemplate& t, const std::map<std::string, std::string>& variables);

// Views of a map's names and values, in the map's order (valid while the map is).
std::vector<TemplateValue> template_values(const std::map<std::string, std::string>& variables);

}  // namespace chokepoint

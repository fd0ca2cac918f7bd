// Manifest loading, variable checks and rendering with kainjow's Mustache. The header is found as
// <kainjow/mustache.hpp> (Debian's libkainjow-mustache-dev) or <mustache.hpp> (the wasm-include folder); without
// either, rendering reports the missing header instead of breaking the build.
#include "core/llm/prompt_template.h"

#include <algorithm>
#include <fstream>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>

#include "core/base/text.h"
#include "core/llm/plain_template.h"

#if __has_include(<kainjow/mustache.hpp>)
#include <kainjow/mustache.hpp>
#define CHOKEPOINT_HAVE_MUSTACHE 1
#elif __has_include(<mustache.hpp>)
#include <mustache.hpp>
#define CHOKEPOINT_HAVE_MUSTACHE 1
#endif

namespace chokepoint {
namespace {

#if CHOKEPOINT_HAVE_MUSTACHE
// A template as parsed once: its plain pieces when it has variable tags only (plain_template.h), else kainjow's tree.
struct ParsedTemplate {
  std::optional<PlainTemplate> plain;
  std::unique_ptr<kainjow::mustache::mustache> tree;
};
using ParsedTemplates = std::map<std::string, ParsedTemplate>;

// Parsing is most of a render's cost (kainjow copies its component tree as the tree grows; 0.6 ms for a 2 KB prompt),
// and a model run renders the same few templates thousands of times: each thread keeps the templates it parsed, by
// their text. At most 64, so templates a user edits as they type do not pile up.
ParsedTemplate& parsed_template(ParsedTemplates& cache, const std::string& source) {
  if (auto it = cache.find(source); it != cache.end()) return it->second;
  if (cache.size() >= 64) cache.clear();
  ParsedTemplate parsed;
  parsed.plain = plain_template(source);
  if (!parsed.plain) {
    parsed.tree = std::make_unique<kainjow::mustache::mustache>(source);
    parsed.tree->set_custom_escape([](const std::string& s) { return s; });  // prompts are not HTML
  }
  return cache.emplace(source, std::move(parsed)).first->second;
}

Result<std::string> render_mustache(const std::string& source, const PromptVariables& variables) {
  thread_local ParsedTemplates cache;
  try {
    ParsedTemplate& parsed = parsed_template(cache, source);
    if (parsed.plain) return render_plain(*parsed.plain, variables);
    auto& tmpl = *parsed.tree;
    if (!tmpl.is_valid()) return Error{"template does not parse: " + tmpl.error_message()};
    kainjow::mustache::data data{kainjow::mustache::data::type::object};
    for (const auto& [name, value] : variables) data.set(name, value);
    std::string out = tmpl.render(data);
    if (!tmpl.is_valid()) {
      const std::string message = tmpl.error_message();
      cache.erase(source);  // its error state would otherwise answer the next render too
      return Error{"template failed to render: " + message};
    }
    return out;
  } catch (const std::exception& e) {
    cache.erase(source);
    return Error{std::string("template failed to render: ") + e.what()};
  }
}
#else
Result<std::string> render_mustache(const std::string&, const PromptVariables&) {
  return Error{
      "built without the Mustache header (install libkainjow-mustache-dev; wasm-include/mustache.hpp "
      "must point to /usr/include/kainjow/mustache.hpp)"};
}
#endif

}  // namespace

#if CHOKEPOINT_HAVE_MUSTACHE
Status check_mustache_parses(const std::string& source) {
  try {
    kainjow::mustache::mustache tmpl{source};
    if (!tmpl.is_valid()) return Error{tmpl.error_message()};
  } catch (const std::exception& e) {
    return Error{e.what()};
  }
  return ok_status();
}
#else
Status check_mustache_parses(const std::string&) { return ok_status(); }
#endif

const PromptTemplate* PromptLibrary::find(std::string_view name) const {
  for (const auto& t : templates) {
    if (same_bytes(t.name, name)) return &t;
  }
  return nullptr;
}

std::vector<std::string> mustache_variables(const std::string& source) {
  std::set<std::string> names;
  size_t pos = 0;
  while ((pos = source.find("{{", pos)) != std::string::npos) {
    bool triple = source.compare(pos, 3, "{{{") == 0;
    size_t open = pos + (triple ? 3 : 2);
    size_t close = source.find(triple ? "}}}" : "}}", open);
    if (close == std::string::npos) break;
    std::string tag = trim(source.substr(open, close - open));
    pos = close + (triple ? 3 : 2);
    if (tag.empty() || tag[0] == '!' || tag[0] == '/' || tag[0] == '=' || tag[0] == '>') continue;
    if (tag[0] == '#' || tag[0] == '^' || tag[0] == '&') tag = trim(tag.substr(1));
    if (!tag.empty() && tag != ".") names.insert(tag);
  }
  return {names.begin(), names.end()};
}

Result<PromptLibrary> parse_prompt_library(const std::string& manifest_json, const PromptFileReader& read) {
  using nlohmann::json;
  json doc = json::parse(manifest_json, nullptr, false);
  if (doc.is_discarded() || !doc.is_object() || !doc.contains("templates") || !doc["templates"].is_array()) {
    return Error{"prompt manifest: expected {\"templates\": [...]}"};
  }
  PromptLibrary lib;
  for (const json& entry : doc["templates"]) {
    if (!entry.is_object() || !entry.contains("name") || !entry["name"].is_string() || !entry.contains("file") ||
        !entry["file"].is_string() || !entry.contains("variables") || !entry["variables"].is_array() ||
        !entry.contains("parser") || !entry["parser"].is_string()) {
      return Error{"prompt manifest: each template needs name, file, variables and parser"};
    }
    PromptTemplate t;
    t.name = entry["name"].get<std::string>();
    t.file = entry["file"].get<std::string>();
    if (entry.contains("purpose") && entry["purpose"].is_string()) t.purpose = entry["purpose"].get<std::string>();
    for (const json& v : entry["variables"]) {
      if (!v.is_string()) return Error{"prompt manifest: " + t.name + ": variables must be strings"};
      t.variables.push_back(v.get<std::string>());
    }
    auto parser = answer_parser_from_name(entry["parser"].get<std::string>());
    if (!parser.ok()) return Error{"prompt manifest: " + t.name + ": " + parser.error()};
    t.parser = *parser;
    if (lib.find(t.name)) return Error{"prompt manifest: template " + t.name + " is listed twice"};
    auto text = read(t.file);
    if (!text.ok()) return Error{"prompt " + t.name + ": " + text.error()};
    t.text = *text;
    auto parses = check_mustache_parses(t.text);
    if (!parses.ok()) return Error{"prompt " + t.name + " (" + t.file + "): " + parses.error()};
    std::set<std::string> declared(t.variables.begin(), t.variables.end());
    for (const auto& used : mustache_variables(t.text)) {
      if (!declared.count(used)) {
        return Error{"prompt " + t.name + " uses {{" + used + "}} which the manifest does not declare"};
      }
    }
    if (auto plain = plain_template(t.text)) t.plain = std::make_shared<const PlainTemplate>(std::move(*plain));
    lib.templates.push_back(std::move(t));
  }
  return lib;
}

Result<PromptLibrary> load_prompt_library(const std::string& folder) {
  auto read = [&folder](const std::string& file) -> Result<std::string> {
    std::ifstream in(folder + "/" + file, std::ios::binary);
    if (!in) return Error{"cannot read " + folder + "/" + file};
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
  };
  auto manifest = read("manifest.json");
  if (!manifest.ok()) return Error{manifest.error()};
  return parse_prompt_library(*manifest, read);
}

std::string default_prompts_folder() {
#ifdef CHOKEPOINT_SOURCE_DIR
  return std::string(CHOKEPOINT_SOURCE_DIR) + "/prompts";
#else
  return "prompts";
#endif
}

namespace {

// Exactly the declared variables: none missing, none the manifest does not declare.
Status check_variables(const PromptTemplate& prompt, const TemplateValue* values, size_t count) {
  for (const auto& name : prompt.variables) {
    const auto given = [&] {
      for (size_t i = 0; i < count; ++i)
        if (same_bytes(values[i].name, name)) return true;
      return false;
    };
    if (!given()) return Error{"prompt " + prompt.name + ": missing variable \"" + name + "\""};
  }
  for (size_t i = 0; i < count; ++i) {
    const auto declared = [&] {
      for (const auto& name : prompt.variables)
        if (same_bytes(values[i].name, name)) return true;
      return false;
    };
    if (!declared())
      return Error{"prompt " + prompt.name + ": unknown variable \"" + std::string(values[i].name) + "\""};
  }
  return ok_status();
}

}  // namespace

Result<std::string> render_prompt(const PromptTemplate& prompt, const PromptVariables& variables) {
  const auto values = template_values(variables);
  if (auto checked = check_variables(prompt, values.data(), values.size()); !checked.ok())
    return Error{checked.error()};
  if (prompt.plain) return render_plain(*prompt.plain, values.data(), values.size());
  return render_mustache(prompt.text, variables);
}

Result<std::string> render_prompt(const PromptTemplate& prompt, std::initializer_list<TemplateValue> values) {
  if (auto checked = check_variables(prompt, values.begin(), values.size()); !checked.ok())
    return Error{checked.error()};
  if (prompt.plain) return render_plain(*prompt.plain, values.begin(), values.size());
  PromptVariables variables;
  for (const auto& v : values) variables.emplace(std::string(v.name), std::string(v.value));
  return render_mustache(prompt.text, variables);
}

}  // namespace chokepoint

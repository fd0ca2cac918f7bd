// JSON text out of nlohmann::json that never throws: strings from databases, files and LLM answers may hold
// invalid UTF-8, which nlohmann's dump() rejects with an exception; here such bytes become U+FFFD.
//
// The text is nlohmann's dump(indent, ' ', false, replace) byte for byte, but written here for the common case:
// nlohmann escapes every string a byte at a time through its UTF-8 decoder and a small buffer behind a virtual
// output adapter, which made dumping most of the time of building an LLM request (a prompt of a few KB) and a large
// share of writing a report, more so in wasm. Strings of ASCII text are escaped in runs here; a string with any
// other byte, and every number, is still written by nlohmann (numbers have its own shortest round-trip format). The
// text is built in a TextBuilder: most of what is appended is a byte or two of punctuation or a run of a line's
// length, for which std::string's out-of-line append was most of the time in wasm (bench/README.md, llm).
#pragma once
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "core/base/text_builder.h"

namespace chokepoint {

// Appends `s` quoted and escaped as nlohmann escapes it with ensure_ascii off, when every byte of `s` is ASCII;
// returns false (and appends nothing) otherwise.
bool append_ascii_json_string(TextBuilder& out, std::string_view s);

namespace json_dump_detail {

template <typename Json>
void append_string(TextBuilder& out, const std::string& s) {
  if (!append_ascii_json_string(out, s)) out += Json(s).dump(-1, ' ', false, Json::error_handler_t::replace);
}

// A pretty-printed member or element starts on a line of its own, indented to its level; one line has no breaks.
inline void new_line(TextBuilder& out, int indent, int level) {
  if (indent < 0) return;
  out += '\n';
  out.append(static_cast<size_t>(indent) * static_cast<size_t>(level), ' ');
}

template <typename Json>
void append_json(TextBuilder& out, const Json& j, int indent, int level) {
  switch (j.type()) {
    case Json::value_t::object:
    case Json::value_t::array: {
      const bool object = j.is_object();
      if (j.empty()) {
        out += object ? "{}" : "[]";
        return;
      }
      out += object ? '{' : '[';
      bool first = true;
      for (auto it = j.begin(); it != j.end(); ++it) {
        if (!first) out += ',';
        first = false;
        new_line(out, indent, level + 1);
        if (object) {
          append_string<Json>(out, it.key());
          out += indent >= 0 ? ": " : ":";
        }
        append_json(out, *it, indent, level + 1);
      }
      new_line(out, indent, level);
      out += object ? '}' : ']';
      return;
    }
    case Json::value_t::string:
      append_string<Json>(out, j.template get_ref<const typename Json::string_t&>());
      return;
    case Json::value_t::boolean:
      out += j.template get<bool>() ? "true" : "false";
      return;
    case Json::value_t::null:
      out += "null";
      return;
    default:  // numbers, binary, discarded: as nlohmann writes them
      out += j.dump(-1, ' ', false, Json::error_handler_t::replace);
      return;
  }
}

}  // namespace json_dump_detail

// The text of `j` as dump_json writes it nested `level` deep (its inner lines indented for that depth, its first
// line not): for writers that put the parts of a large document together themselves.
template <typename Json>
std::string dump_json_at(const Json& j, int indent, int level) {
  TextBuilder out;
  json_dump_detail::append_json(out, j, indent, level);
  return std::move(out).take();
}

// indent < 0: one line; otherwise pretty-printed with that many spaces. A template so nlohmann::ordered_json keeps
// its key order (a conversion to nlohmann::json would sort the keys).
template <typename Json>
std::string dump_json(const Json& j, int indent = -1) {
  return dump_json_at(j, indent, 0);
}

}  // namespace chokepoint

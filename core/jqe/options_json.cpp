#include "core/jqe/options_json.h"

#include <cerrno>
#include <cstdlib>

namespace chokepoint::jqe {
namespace {

// The browser needs the decision limit (memory); rounds beyond a handful multiply the output without adding
// shapes the thesis discusses.
const std::vector<IntOptionBound> kIntBounds = {
    {"per_pattern", 0, 1000000, "expansions kept per isomorphism class of join graphs; 0 = no cap"},
    {"budget", 0, 100000000, "total expansions kept over all rounds; 0 = no budget"},
    {"max_per_pair", 0, 64, "conditions between the new table and one query table; 0 = unlimited"},
    {"rounds", 1, 10, "k: round r+1 expands round r's expansions"},
    {"timeout_ms", 0, 600000, "time limit of one execution check in ms; 0 = none"},
    {"max_decisions", 0, 100000000,
     "the run stops after this many recorded decisions (kept or discarded combinations); 0 = no limit"},
};

Result<long long> integer(const nlohmann::json& v, const IntOptionBound& b) {
  const std::string err =
      std::string(b.key) + ": must be an integer from " + std::to_string(b.min) + " to " + std::to_string(b.max);
  long long n = 0;
  if (v.is_number_integer()) {
    n = v.get<long long>();
  } else if (v.is_string()) {
    const std::string s = v.get<std::string>();
    if (s.empty()) return Error{err};
    char* end = nullptr;
    errno = 0;
    n = std::strtoll(s.c_str(), &end, 10);
    if (errno != 0 || *end != '\0') return Error{err};
  } else {
    return Error{err};
  }
  if (n < b.min || n > b.max) return Error{err};
  return n;
}

Result<std::string> text(const nlohmann::json& v, const char* key) {
  if (!v.is_string()) return Error{std::string(key) + ": must be a string"};
  return v.get<std::string>();
}

Result<bool> flag(const nlohmann::json& v, const char* key) {
  if (!v.is_boolean()) return Error{std::string(key) + ": must be true or false"};
  return v.get<bool>();
}

}  // namespace

const std::vector<IntOptionBound>& jqe_int_bounds() { return kIntBounds; }

const IntOptionBound& jqe_int_bound(const std::string& key) {
  for (const auto& b : kIntBounds)
    if (key == b.key) return b;
  return kIntBounds.front();  // callers pass the keys above
}

nlohmann::json jqe_options_json(const JqeOptions& o) {
  return {{"order", order_to_string(o.preferences.order)},
          {"centrality", to_string(o.preferences.centrality)},
          {"iso", o.iso == IsomorphismMode::structural ? "structural" : "tables"},
          {"per_pattern", o.per_pattern},
          {"budget", o.budget},
          {"max_per_pair", o.preferences.max_conditions_per_pair},
          {"rounds", o.rounds},
          {"timeout_ms", o.timeout_ms},
          {"max_decisions", o.max_recorded_decisions},
          {"execute_all", o.execute_before_pruning},
          {"add_projection", o.add_projection},
          {"add_predicate", o.add_predicate},
          {"always_alias", o.alias_style == AliasStyle::always},
          {"unnest", o.unnest}};
}

Status apply_jqe_options_json(JqeOptions& options, const nlohmann::json& j) {
  if (!j.is_object()) return Error{"JQE options must be a JSON object"};
  JqeOptions o = options;
  for (const auto& [key, v] : j.items()) {
    if (key == "order") {
      auto t = text(v, "order");
      if (!t.ok()) return Error{t.error()};
      auto order = parse_order(*t);
      if (!order.ok()) return Error{"order: " + order.error()};
      o.preferences.order = *order;
    } else if (key == "centrality") {
      auto t = text(v, "centrality");
      if (!t.ok()) return Error{t.error()};
      auto c = parse_centrality(*t);
      if (!c.ok()) return Error{"centrality: " + c.error()};
      o.preferences.centrality = *c;
    } else if (key == "iso") {
      auto t = text(v, "iso");
      if (!t.ok()) return Error{t.error()};
      if (*t == "structural")
        o.iso = IsomorphismMode::structural;
      else if (*t == "tables")
        o.iso = IsomorphismMode::by_tables;
      else
        return Error{"iso: must be structural or tables (got '" + *t + "')"};
    } else if (key == "execute_all" || key == "add_projection" || key == "add_predicate" || key == "always_alias" ||
               key == "unnest") {
      auto b = flag(v, key.c_str());
      if (!b.ok()) return Error{b.error()};
      if (key == "execute_all")
        o.execute_before_pruning = *b;
      else if (key == "add_projection")
        o.add_projection = *b;
      else if (key == "add_predicate")
        o.add_predicate = *b;
      else if (key == "unnest")
        o.unnest = *b;
      else
        o.alias_style = *b ? AliasStyle::always : AliasStyle::follow_query;
    } else {
      const IntOptionBound* bound = nullptr;
      for (const auto& b : kIntBounds)
        if (key == b.key) bound = &b;
      if (!bound) return Error{"unknown JQE option '" + key + "'"};
      auto n = integer(v, *bound);
      if (!n.ok()) return Error{n.error()};
      if (key == "per_pattern")
        o.per_pattern = static_cast<int>(*n);
      else if (key == "budget")
        o.budget = static_cast<size_t>(*n);
      else if (key == "max_per_pair")
        o.preferences.max_conditions_per_pair = static_cast<int>(*n);
      else if (key == "rounds")
        o.rounds = static_cast<int>(*n);
      else if (key == "timeout_ms")
        o.timeout_ms = static_cast<int>(*n);
      else
        o.max_recorded_decisions = static_cast<size_t>(*n);
    }
  }
  options = std::move(o);
  return ok_status();
}

}  // namespace chokepoint::jqe

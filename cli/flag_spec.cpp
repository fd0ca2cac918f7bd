// Flag declarations, their value checks and the table's invariants (see flag_spec.h).
#include "cli/flag_spec.h"

#include <cctype>
#include <climits>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <set>
#include <sstream>

namespace chokepoint::cli {
namespace {

FlagSpec declared(std::string name, FlagKind kind, std::string value_name, std::string help) {
  FlagSpec f;
  f.name = std::move(name);
  f.kind = kind;
  f.value_name = std::move(value_name);
  f.help = std::move(help);
  return f;
}

std::string number_text(double v) {
  std::ostringstream o;
  o << v;
  return o.str();
}

// The value as a message quotes it: at most 64 bytes.
std::string quoted_value(const std::string& value) {
  return "'" + (value.size() > 64 ? value.substr(0, 64) + "..." : value) + "'";
}

bool all_digits(const std::string& text) {
  return !text.empty() && text.find_first_not_of("0123456789") == std::string::npos;
}

}  // namespace

const char* flag_kind_name(FlagKind kind) {
  switch (kind) {
    case FlagKind::Switch:
      return "switch";
    case FlagKind::Text:
      return "text";
    case FlagKind::Path:
      return "path";
    case FlagKind::Whole:
      return "whole";
    case FlagKind::Real:
      return "real";
    case FlagKind::Choice:
      return "choice";
    case FlagKind::List:
      return "list";
  }
  return "text";
}

FlagSpec FlagSpec::alias(std::string old_spelling) const {
  FlagSpec f = *this;
  f.aliases.push_back(std::move(old_spelling));
  return f;
}
FlagSpec FlagSpec::or_else(std::string value) const {
  FlagSpec f = *this;
  f.fallback = std::move(value);
  return f;
}
FlagSpec FlagSpec::shows(std::string default_text) const {
  FlagSpec f = *this;
  f.shown_default = std::move(default_text);
  return f;
}
FlagSpec FlagSpec::repeated() const {
  FlagSpec f = *this;
  f.repeatable = true;
  return f;
}
FlagSpec FlagSpec::described(std::string line) const {
  FlagSpec f = *this;
  f.help = std::move(line);
  return f;
}
FlagSpec FlagSpec::valued(std::string value) const {
  FlagSpec f = *this;
  f.value_name = std::move(value);
  return f;
}

std::vector<std::string> FlagSpec::spellings() const {
  std::vector<std::string> all{name};
  all.insert(all.end(), aliases.begin(), aliases.end());
  return all;
}

std::string FlagSpec::accepted() const {
  switch (kind) {
    case FlagKind::Whole:
      return max == LLONG_MAX ? std::to_string(min) + " or more" : std::to_string(min) + " to " + std::to_string(max);
    case FlagKind::Real:
      return real_max == std::numeric_limits<double>::max() ? number_text(real_min) + " or more"
                                                            : number_text(real_min) + " to " + number_text(real_max);
    case FlagKind::Choice: {
      std::string out;
      for (const auto& c : choices) out += (out.empty() ? "" : ", ") + c;
      return out;
    }
    default:
      return "";
  }
}

FlagSpec switch_flag(std::string name, std::string help) {
  return declared(std::move(name), FlagKind::Switch, "", std::move(help));
}
FlagSpec text_flag(std::string name, std::string value_name, std::string help) {
  return declared(std::move(name), FlagKind::Text, std::move(value_name), std::move(help));
}
FlagSpec path_flag(std::string name, std::string value_name, std::string help) {
  return declared(std::move(name), FlagKind::Path, std::move(value_name), std::move(help));
}
FlagSpec whole_flag(std::string name, std::string value_name, long long min, long long max, std::string unit,
                    std::string help) {
  FlagSpec f = declared(std::move(name), FlagKind::Whole, std::move(value_name), std::move(help));
  f.min = min;
  f.max = max;
  f.unit = std::move(unit);
  return f;
}
FlagSpec real_flag(std::string name, std::string value_name, double min, double max, std::string help) {
  FlagSpec f = declared(std::move(name), FlagKind::Real, std::move(value_name), std::move(help));
  f.real_min = min;
  f.real_max = max;
  return f;
}
FlagSpec choice_flag(std::string name, std::vector<std::string> choices, std::string help) {
  FlagSpec f = declared(std::move(name), FlagKind::Choice, "NAME", std::move(help));
  f.choices = std::move(choices);
  return f;
}
FlagSpec list_flag(std::string name, std::string value_name, std::string help) {
  return declared(std::move(name), FlagKind::List, std::move(value_name), std::move(help));
}

Status check_flag_value(const FlagSpec& spec, const std::string& given, const std::string& value) {
  const std::string accepted = " (accepted: " + spec.accepted() + ")";
  switch (spec.kind) {
    case FlagKind::Switch:
      return Error{given + " is a switch and takes no value (not " + quoted_value(value) + ")"};
    case FlagKind::Whole: {
      // Digits only: no sign, no spaces, no unit; 18 digits at most, so the number fits a long long.
      if (!all_digits(value) || value.size() > 18)
        return Error{given + " " + quoted_value(value) + " is not a whole number" +
                     (spec.unit.empty() ? std::string() : " of " + spec.unit) + accepted};
      const long long n = std::stoll(value);
      if (n < spec.min || n > spec.max) return Error{given + " " + quoted_value(value) + " is out of range" + accepted};
      return ok_status();
    }
    case FlagKind::Real: {
      char* end = nullptr;
      const double x = value.empty() || std::isspace(static_cast<unsigned char>(value[0]))
                           ? std::nan("")
                           : std::strtod(value.c_str(), &end);
      if (std::isnan(x) || !std::isfinite(x) || end == nullptr || *end != '\0')
        return Error{given + " " + quoted_value(value) + " is not a number" + accepted};
      if (x < spec.real_min || x > spec.real_max)
        return Error{given + " " + quoted_value(value) + " is out of range" + accepted};
      return ok_status();
    }
    case FlagKind::Choice:
      for (const auto& c : spec.choices)
        if (c == value) return ok_status();
      return Error{given + " " + quoted_value(value) + " is not one of " + spec.accepted()};
    default:
      return ok_status();
  }
}

Status check_flag_table(const FlagTable& table) {
  std::set<std::string> seen;
  for (const auto& f : table) {
    for (const auto& s : f.spellings()) {
      if (s.size() < 3 || s.compare(0, 2, "--") != 0 || s.find('=') != std::string::npos)
        return Error{"flag '" + s + "' does not start with -- (or holds '=')"};
      if (!seen.insert(s).second) return Error{"flag " + s + " is declared twice"};
    }
    if (f.kind == FlagKind::Switch && (!f.value_name.empty() || !f.fallback.empty() || f.repeatable))
      return Error{"switch " + f.name + " declares a value"};
    if (f.kind != FlagKind::Switch && f.value_name.empty()) return Error{"flag " + f.name + " has no value name"};
    if (f.kind == FlagKind::Whole && f.min > f.max) return Error{"flag " + f.name + " has an empty range"};
    if (f.kind == FlagKind::Real && !(f.real_min <= f.real_max)) return Error{"flag " + f.name + " has an empty range"};
    if (f.kind == FlagKind::Choice && f.choices.empty()) return Error{"flag " + f.name + " has no choices"};
    if (f.help.empty()) return Error{"flag " + f.name + " has no help"};
    if (!f.fallback.empty())
      if (auto st = check_flag_value(f, f.name, f.fallback); !st.ok())
        return Error{"flag " + f.name + "'s default: " + st.error()};
  }
  return ok_status();
}

const FlagSpec* find_flag(const FlagTable& table, const std::string& spelling) {
  for (const auto& f : table)
    for (const auto& s : f.spellings())
      if (s == spelling) return &f;
  return nullptr;
}

}  // namespace chokepoint::cli

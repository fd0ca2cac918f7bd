// Typed reads of parsed flags (see flag_values.h).
#include "cli/flag_values.h"

#include <cstdlib>
#include <sstream>
#include <stdexcept>

namespace chokepoint::cli {

const FlagSpec& FlagValues::declared(const std::string& name) const {
  const FlagSpec* spec = find_flag(table_, name);
  if (!spec) throw std::logic_error("the command reads " + name + ", which it does not declare");
  return *spec;
}

bool FlagValues::has(const std::string& name) const { return values_.count(declared(name).name) > 0; }

std::string FlagValues::text(const std::string& name) const {
  const FlagSpec& spec = declared(name);
  auto found = values_.find(spec.name);
  return found == values_.end() ? spec.fallback : found->second.back();
}

long long FlagValues::integer(const std::string& name) const {
  const std::string v = text(name);
  return v.empty() ? 0 : std::stoll(v);  // checked by parse_flags (digits, in range) or by check_flag_table
}

double FlagValues::real(const std::string& name) const {
  const std::string v = text(name);
  return v.empty() ? 0 : std::strtod(v.c_str(), nullptr);
}

std::vector<std::string> FlagValues::all(const std::string& name) const {
  auto found = values_.find(declared(name).name);
  return found == values_.end() ? std::vector<std::string>{} : found->second;
}

std::vector<std::string> FlagValues::items(const std::string& name) const {
  std::vector<std::string> values = all(name);
  if (values.empty() && !declared(name).fallback.empty()) values.push_back(declared(name).fallback);
  std::vector<std::string> out;
  for (const auto& v : values) {
    std::stringstream ss(v);
    std::string item;
    while (std::getline(ss, item, ','))
      if (!item.empty()) out.push_back(item);
  }
  return out;
}

}  // namespace chokepoint::cli

// Gold TSV and SQL-per-line loaders.
#include "core/dataset/text_sets.h"

#include <cctype>

#include "core/base/text.h"

namespace chokepoint {
namespace {

// Each line copied whole from the text, without its "\r\n" or "\n".
std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  size_t start = 0;
  while (start < text.size()) {
    size_t end = text.find('\n', start);
    const size_t next = end == std::string::npos ? text.size() : end + 1;
    if (end == std::string::npos) end = text.size();
    if (end > start && text[end - 1] == '\r') --end;
    lines.emplace_back(text, start, end - start);
    start = next;
  }
  return lines;
}

bool blank(const std::string& s) {
  for (char c : s)
    if (!std::isspace(static_cast<unsigned char>(c))) return false;
  return true;
}

}  // namespace

Result<EvalSet> parse_gold_tsv(const std::string& text) {
  EvalSet set;
  set.format = DatasetFormat::GoldTsv;
  auto lines = lines_of(text);
  for (size_t i = 0; i < lines.size(); ++i) {
    if (blank(lines[i])) continue;
    auto tab = lines[i].rfind('\t');
    if (tab == std::string::npos)
      return Error{"gold file, line " + std::to_string(i + 1) + ": expected \"SQL<TAB>db_id\", found no tab"};
    EvalItem it;
    it.key = std::to_string(set.items.size());
    it.sql = trim(lines[i].substr(0, tab), kAsciiSpace);
    it.db_id = trim(lines[i].substr(tab + 1), kAsciiSpace);
    if (it.db_id.empty()) return Error{"gold file, line " + std::to_string(i + 1) + ": empty db_id after the tab"};
    set.items.push_back(std::move(it));
  }
  return set;
}

Result<EvalSet> parse_sql_lines(const std::string& text) {
  EvalSet set;
  set.format = DatasetFormat::SqlLines;
  auto lines = lines_of(text);
  while (!lines.empty() && blank(lines.back())) lines.pop_back();
  for (const auto& l : lines) {
    EvalItem it;
    it.key = std::to_string(set.items.size());
    it.sql = trim(l, kAsciiSpace);
    set.items.push_back(std::move(it));
  }
  return set;
}

}  // namespace chokepoint

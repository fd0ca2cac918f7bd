// CSV of study tables.
#include "core/study/report_csv.h"

namespace chokepoint::study {

namespace {

std::string line(const std::vector<std::string>& fields) {
  std::string out;
  for (size_t i = 0; i < fields.size(); ++i) out += (i ? "," : "") + csv_field(fields[i]);
  return out + "\r\n";
}

std::vector<std::string> texts(const std::vector<Cell>& cells) {
  std::vector<std::string> out;
  for (const auto& c : cells) out.push_back(cell_text(c));
  return out;
}

}  // namespace

std::string table_csv(const StudyTable& table) {
  std::vector<std::string> header{"source"};
  header.insert(header.end(), table.columns.begin(), table.columns.end());
  std::string out = line(header);
  for (const auto& row : table.rows) {
    auto fields = texts(row);
    fields.insert(fields.begin(), "ours");
    out += line(fields);
  }
  for (const auto& p : table.published) {
    auto fields = texts(p.cells);
    fields.insert(fields.begin(), p.source);
    out += line(fields);
  }
  return out;
}

std::string items_csv(const StudyTable& items) {
  std::string out = line(items.columns);
  for (const auto& row : items.rows) out += line(texts(row));
  return out;
}

}  // namespace chokepoint::study

// Per-item rows of aligned runs.
#include "core/study/aligned_items.h"

namespace chokepoint::study {

StudyTable aligned_item_rows(const std::vector<NamedRun>& runs) {
  StudyTable t;
  t.id = "items";
  t.columns = {"position", "id", "db_id"};
  for (const auto& r : runs) {
    t.columns.push_back(r.label + " status");
    t.columns.push_back(r.label + " ex");
  }
  if (runs.empty()) return t;
  const auto& first = *runs.front().items;
  for (size_t i = 0; i < first.size(); ++i) {
    std::vector<Cell> cells{number_cell(static_cast<double>(i)), text_cell(first[i].id), text_cell(first[i].db_id)};
    for (const auto& r : runs) {
      const auto& it = (*r.items)[i];
      cells.push_back(text_cell(item_status_name(it.status)));
      cells.push_back(it.status == ItemStatus::Scored ? number_cell(it.ex ? 1 : 0) : text_cell(""));
    }
    t.rows.push_back(cells);
  }
  return t;
}

}  // namespace chokepoint::study

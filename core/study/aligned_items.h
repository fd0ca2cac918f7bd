// The per-item rows of a study whose runs answer the same items in the same order (a system's predictions on each
// de-naturalised or augmented variant): one row per position with the item's id and db_id, then each run's status
// and EX there.
#pragma once
#include <string>
#include <vector>

#include "core/metrics/pair_evaluation.h"
#include "core/study/study_report.h"

namespace chokepoint::study {

struct NamedRun {
  std::string label;  // "A L/O": the columns are "<label> status" and "<label> ex"
  const std::vector<ItemEvaluation>* items = nullptr;
};

// Every run must hold as many items as the first (the studies check it before). EX is 1 or 0 for a scored item and
// empty otherwise.
StudyTable aligned_item_rows(const std::vector<NamedRun>& runs);

}  // namespace chokepoint::study

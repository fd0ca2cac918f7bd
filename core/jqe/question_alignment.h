// The human check of regenerated questions (SQLMorph §IV-F): each expanded pair marked aligned / adds context /
// loses intent, tallied as shares of the marked pairs (the paper: 74.1 / 13.8 / 12.1% of 58), from a marks file
// {"<expansion id>": "aligned" | "adds_context" | "loses_intent"} or the question job's labels.
#pragma once
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/base/result.h"
#include "core/jqe/question_generation.h"

namespace chokepoint::jqe {

// Item id -> mark. Invariant: no value is Alignment::Unlabelled (an item without a mark has no entry).
using AlignmentMarks = std::map<std::string, Alignment>;

// Invariants: aligned + adds_context + loses_intent + unmarked.size() == items. The shares are over the marked items
// only; the unmarked ones are listed, never silently dropped from a denominator.
struct AlignmentTally {
  size_t items = 0;
  size_t aligned = 0, adds_context = 0, loses_intent = 0;
  std::vector<std::string> unmarked;  // ids of items with no mark, in item order
  std::vector<std::string> unknown;   // ids that have a mark but are not items (ignored), sorted
  size_t marked() const { return aligned + adds_context + loses_intent; }
  size_t count(Alignment a) const;
  double percent(Alignment a) const;  // 100 * count / marked; 0 when nothing is marked
};

// The tally over `item_ids` (the set that was checked, in its order).
AlignmentTally tally_alignment(const std::vector<std::string>& item_ids, const AlignmentMarks& marks);

// The labels set on a question job's items (QuestionJob::set_label), as marks.
AlignmentMarks marks_of(const std::vector<QuestionItem>& items);
// The ids of a question job's items, in expansion order.
std::vector<std::string> item_ids_of(const std::vector<QuestionItem>& items);

// Reads a marks file's text. An error when it is not a JSON object of strings, or when a label is not one of
// aligned / adds_context / loses_intent: the message names every unknown label with its item.
Result<AlignmentMarks> parse_alignment_marks(std::string_view json_text);
Result<AlignmentMarks> load_alignment_marks(const std::string& path);
// The marks file's text (ids sorted), which parse_alignment_marks reads back.
std::string alignment_marks_text(const AlignmentMarks& marks);

// {"items", "marked", "unmarked", "aligned": {"count", "percent"}, "adds_context": {...}, "loses_intent": {...},
//  "denominator": "marked", "unmarked_ids", "unknown_ids"}; percents with one decimal as the paper prints them.
nlohmann::json alignment_tally_json(const AlignmentTally& tally);

}  // namespace chokepoint::jqe

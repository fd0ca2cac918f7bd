// Tallying the human marks of regenerated questions (see question_alignment.h).
#include "core/jqe/question_alignment.h"

#include <algorithm>
#include <cmath>
#include <set>

#include "core/base/file_text.h"

namespace chokepoint::jqe {
namespace {

constexpr Alignment kMarks[] = {Alignment::Aligned, Alignment::AddsContext, Alignment::LosesIntent};

// A marks file has one entry per expanded pair: far below this.
constexpr size_t kMaxMarksFileBytes = 64u << 20;

}  // namespace

size_t AlignmentTally::count(Alignment a) const {
  switch (a) {
    case Alignment::Aligned:
      return aligned;
    case Alignment::AddsContext:
      return adds_context;
    case Alignment::LosesIntent:
      return loses_intent;
    case Alignment::Unlabelled:
      return unmarked.size();
  }
  return 0;
}

double AlignmentTally::percent(Alignment a) const {
  return marked() ? 100.0 * static_cast<double>(count(a)) / static_cast<double>(marked()) : 0.0;
}

AlignmentTally tally_alignment(const std::vector<std::string>& item_ids, const AlignmentMarks& marks) {
  AlignmentTally t;
  std::set<std::string> ids(item_ids.begin(), item_ids.end());
  for (const auto& id : item_ids) {
    ++t.items;
    auto m = marks.find(id);
    const Alignment a = m == marks.end() ? Alignment::Unlabelled : m->second;
    switch (a) {
      case Alignment::Aligned:
        ++t.aligned;
        break;
      case Alignment::AddsContext:
        ++t.adds_context;
        break;
      case Alignment::LosesIntent:
        ++t.loses_intent;
        break;
      case Alignment::Unlabelled:
        t.unmarked.push_back(id);
        break;
    }
  }
  for (const auto& [id, a] : marks)
    if (!ids.count(id)) t.unknown.push_back(id);  // std::map: already sorted
  return t;
}

AlignmentMarks marks_of(const std::vector<QuestionItem>& items) {
  AlignmentMarks marks;
  for (const auto& i : items)
    if (i.label != Alignment::Unlabelled) marks[i.task.id] = i.label;
  return marks;
}

std::vector<std::string> item_ids_of(const std::vector<QuestionItem>& items) {
  std::vector<std::string> ids;
  for (const auto& i : items) ids.push_back(i.task.id);
  return ids;
}

Result<AlignmentMarks> parse_alignment_marks(std::string_view json_text) {
  const nlohmann::json j = nlohmann::json::parse(json_text, nullptr, false);
  if (j.is_discarded()) return Error{"the marks file is not JSON"};
  if (!j.is_object()) return Error{"the marks file must be a JSON object {\"<item id>\": \"<label>\", ...}"};
  AlignmentMarks marks;
  std::string unknown;
  for (const auto& [id, v] : j.items()) {
    if (!v.is_string())
      return Error{"item " + id + ": the mark must be a string (aligned, adds_context, loses_intent)"};
    const std::string label = v.get<std::string>();
    bool known = false;
    for (Alignment a : kMarks)
      if (label == alignment_name(a)) {
        marks[id] = a;
        known = true;
      }
    if (!known) unknown += (unknown.empty() ? "" : ", ") + ("'" + label + "' (item " + id + ")");
  }
  if (!unknown.empty()) return Error{"unknown mark(s): " + unknown + "; use aligned, adds_context or loses_intent"};
  return marks;
}

Result<AlignmentMarks> load_alignment_marks(const std::string& path) {
  auto text = read_file(path, kMaxMarksFileBytes);
  if (!text.ok()) return Error{text.error()};
  auto marks = parse_alignment_marks(*text);
  if (!marks.ok()) return Error{path + ": " + marks.error()};
  return marks;
}

std::string alignment_marks_text(const AlignmentMarks& marks) {
  nlohmann::ordered_json j = nlohmann::ordered_json::object();
  for (const auto& [id, a] : marks) j[id] = alignment_name(a);
  return j.dump(2) + "\n";
}

nlohmann::json alignment_tally_json(const AlignmentTally& t) {
  auto share = [&](Alignment a) {
    return nlohmann::json{{"count", t.count(a)}, {"percent", std::round(t.percent(a) * 10.0) / 10.0}};
  };
  return {{"items", t.items},
          {"marked", t.marked()},
          {"unmarked", t.unmarked.size()},
          {"aligned", share(Alignment::Aligned)},
          {"adds_context", share(Alignment::AddsContext)},
          {"loses_intent", share(Alignment::LosesIntent)},
          {"denominator", "marked"},
          {"unmarked_ids", t.unmarked},
          {"unknown_ids", t.unknown}};
}

}  // namespace chokepoint::jqe

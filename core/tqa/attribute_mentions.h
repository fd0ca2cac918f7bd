// Linker-table attribute mentions (thesis Tables 4.7-4.8): the linker table's columns the gold SQL uses, split into
// join attributes (in an equi-join condition of the JQG) and projection/filter attributes (every other use), and
// whether the question or evidence mentions them. A column is "potentially referred to" (the thesis' words) when
// some component of its name (segmented like a table name) matches a token under the linker matching rule; identifiers
// written in the text are split too ("CreditOrder" -> credit, order), and evidence is read whole, values included,
// because its column references are exactly the implicit cues the thesis counts.
#pragma once
#include <string>
#include <string_view>
#include <vector>

#include "core/tqa/linker_table.h"
#include "core/tqa/reference_detection.h"

namespace chokepoint::tqa {

struct LinkerAttributes {
  std::vector<std::string> join;   // schema spelling, distinct (case-insensitive), first-use order
  std::vector<std::string> other;  // projections, filters, grouping, ordering; never a join attribute
};

// Empty when the query has no linker table.
LinkerAttributes linker_attributes(const LinkerQuery& query);

bool attribute_mentioned(ReferenceMatcher& matcher, std::string_view column, std::string_view text);

struct AttributeMentions {
  bool join_in_question = false;
  bool other_in_question = false;
  bool join_in_evidence = false;
  bool other_in_evidence = false;
};

AttributeMentions attribute_mentions(ReferenceMatcher& matcher, const LinkerAttributes& attributes,
                                     std::string_view question, std::string_view evidence);

}  // namespace chokepoint::tqa

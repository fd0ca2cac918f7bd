// The naturalness (SQLMorph's N1/N2/N3) of a de-naturalised schema's identifiers before and after renaming, for the
// denat-delta study: read from what `chokepoint tqa denat` wrote (denat_report.json's plans) or taken from the plan
// a run in the app made. With a lexicon, the originals and the new names are both classified by the
// dictionary-coverage heuristic; without one, the levels the run recorded for the originals are counted, and the
// names after renaming are not.
#pragma once
#include <string>
#include <vector>

#include "core/base/result.h"
#include "core/lexicon/lexicon.h"
#include "core/study/denat_delta_study.h"
#include "core/tqa/rename_plan.h"

namespace chokepoint::study {

// One identifier of a plan: its old and new spelling and the level the run gave the old one (0..2 for N1..N3, -1 when
// unknown).
struct RenamedIdentifier {
  std::string old_name, new_name;
  int recorded = -1;
};

// Every table and column of the plans, in order.
struct RenamedIdentifiers {
  std::vector<RenamedIdentifier> identifiers;
  std::string recorded_by;  // the classifier the run used, as the report or plan names it ("unknown" when not said)
};

// denat_report.json's "plans" (and its summary's "naturalness"); fails when the text has no plans array.
Result<RenamedIdentifiers> read_denat_report_identifiers(const std::string& text, const std::string& name);
// A plan made in the app (or by a job): its tables and columns.
RenamedIdentifiers plan_identifiers(const tqa::RenamePlan& plan);

NaturalnessTally tally_naturalness(const RenamedIdentifiers& ids, const Lexicon* lexicon);

}  // namespace chokepoint::study

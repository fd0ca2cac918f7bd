// The llm-tasks study (004's five tasks) over what this page ran: Run a model's format x model table (Table 3), and
// for the model of the Metrics panel's evaluation (its predictions in one format, as Run a model published them) the
// Errors tab's taxonomy, a Debug run, the Optimise and SQL-to-Text tabs' runs and Run a model's schema-linking rows.
// A task not run in the page is named in the report's notes; several models' later tasks side by side, and every
// strategy in one run: chokepoint study llm-tasks.
#pragma once
#include "core/base/result.h"
#include "core/study/study_report.h"
#include "web/app_state.h"

namespace chokepoint::web {

Result<study::StudyReport> llm_tasks_study_report(AppState& state);

}  // namespace chokepoint::web

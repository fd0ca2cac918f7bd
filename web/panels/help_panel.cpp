// The Help panel: what each method does, told with the built-in sample databases so every step can be tried at once.
#include <imgui.h>

#include "web/bridge/ui_scale.h"
#include "web/panel_registry.h"

namespace chokepoint::web {
namespace {

void section(const char* title, const char* body) {
  if (ImGui::CollapsingHeader(title)) {
    ImGui::PushTextWrapPos(0);
    ImGui::TextUnformatted(body);
    ImGui::PopTextWrapPos();
    ImGui::Spacing();
  }
}

void draw_help_panel(AppState& state) {
  // Text size, for a projector or a high seat: kept in this browser and applied from the next frame.
  static const float kScales[] = {1.0f, 1.25f, 1.5f, 2.0f};
  static const char* kNames[] = {"100%", "125%", "150%", "200%"};
  int current = 0;
  for (int i = 0; i < 4; ++i)
    if (state.ui_scale == kScales[i]) current = i;
  ImGui::SetNextItemWidth(ImGui::CalcTextSize("200%").x + ImGui::GetFrameHeight() * 2);
  if (ImGui::Combo("text size", &current, kNames, 4)) {
    state.ui_scale = kScales[current];
    save_ui_scale(state.ui_scale);
  }
  ImGui::Separator();
  ImGui::TextWrapped(
      "Chokepoint evaluates text-to-SQL systems on your own databases, inside this page. The sample "
      "databases toxicology and movies and the set sample_dev.json show every method; nothing you "
      "open leaves the page unless you configure an LLM endpoint and confirm a batch.");
  ImGui::Spacing();
  section("Databases and schema graphs",
          "Open a SQLite file (button or drag and drop) or a tables.json. The schema graph has one node per table "
          "and an edge between two tables that can be joined; each edge lists its join conditions and where they "
          "come from: fk (a declared foreign key), sibling (two foreign keys that reference the same column of a "
          "third table), workload (joins found in an evaluation set) or user (your hints). Try toxicology: atom and "
          "connected are linked by two conditions, atom_id and atom_id2.");
  section("Join query expansion (JQE)",
          "JQE makes a query harder by joining one more table. Take item 0 of sample_dev.json (molecules labelled '-' "
          "with a chlorine atom). The candidate tables are the schema-graph neighbours not yet in the query: bond and "
          "connected. Each candidate brings its join conditions (JC1 molecule-bond, JC2 atom-bond, JC3 and JC4 "
          "atom-connected) and every non-empty combination is a possible expansion. {JC1, JC2} is redundant: with "
          "atom.molecule_id = molecule.molecule_id already in the query, either condition implies the other. Kept "
          "expansions are ranked by your preferences, at most n per join-graph shape are kept, and each is executed: "
          "empty results are discarded with their reason. Open the Join query expansion panel and press Step "
          "through.");
  section("Textual query augmentation (TQA)",
          "In a query over three or more tables, the linker table is the one in the middle of the join graph "
          "(highest betweenness). In item 14 (movies) it is characters, and the question names it with the word "
          "'character'. TQA rewrites the question so that word is hidden (synonyms, back-translation through French, "
          "masked re-filling) and scores each rewrite with the hiding score: 1 when no token still points to the "
          "linker table. De-naturalisation instead makes table and column names less natural (WaterTemperature to "
          "WtTp) and keeps a variant only if the gold result is unchanged.");
  section("EX: execution accuracy",
          "EX is 1 when the predicted query returns the gold result. BIRD compares sets of rows (duplicates and row "
          "order ignored, column order matters); Spider's test-suite evaluator compares bags of rows, cares about "
          "order only when the gold query has ORDER BY, and lets columns be permuted. A gold query that fails is "
          "reported and not scored.");
  section("EXP, EXR and F1",
          "Fine-grained metrics (SQLMorph) give partial credit: EXP is the share of predicted cells that match gold "
          "cells, EXR the share of gold cells recovered, F1 their harmonic mean. A regime names how columns are "
          "paired (EC exact names, SC semantic similarity of name and values, NC no pairing), how cells are matched "
          "(EC whole rows on the paired columns, PC best partial row matches) and what extra predicted columns cost "
          "(PE penalised, IE ignored). EX = 1 forces all three to 1. Open Predictions & metrics, evaluate "
          "sample_pred.json against sample_dev.json and pick an item to see which columns, rows and cells counted.");
  section("Mutation operators",
          "The Mutation lab applies 15 single-error edits to a gold query (drop a projection, flip a WHERE "
          "comparison, break a join, swap an aggregate, ...) and shows how each metric reacts: a good metric drops "
          "for every real error and by more for bigger ones.");
  section("Keyboard",
          "Click once anywhere in the app, then the arrow keys move the outline between widgets (tabs, buttons, "
          "lists) and Space activates the outlined one; Escape steps back out. Enter confirms a text field. The "
          "wheel scrolls lists and zooms graphs (up zooms in). Hover any metric name for its definition.");
}

const PanelRegistrar help_panel_registrar{{"Help", 100, draw_help_panel, nullptr, nullptr}};

}  // namespace
}  // namespace chokepoint::web

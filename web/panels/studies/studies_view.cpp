// The Studies tab: the catalogue of the papers' experiments, the inputs of a runnable study picked from the sets
// loaded in the app, its progress, and its report with a download of the same report.html `chokepoint study` writes.
#include <imgui.h>

#include <algorithm>

#include "core/study/study_catalogue.h"
#include "core/study/tqa_augment_study.h"
#include "web/bridge/page_commands.h"
#include "web/panel_registry.h"
#include "web/panels/runner/run_model_panel.h"
#include "web/panels/space/feature_space_panel.h"
#include "web/panels/studies/studies_run.h"
#include "web/panels/studies/study_report_view.h"
#include "web/panels/studies/study_sources.h"
#include "web/panels/testdb/testdb_panel.h"
#include "web/widgets/item_places.h"
#include "web/widgets/string_input.h"
#include "web/widgets/ui_px.h"
#include "web/widgets/widgets.h"

namespace chokepoint::web {
namespace {

// A combo over the loaded sets of one kind; `name` is the chosen file name.
void set_combo_studies(const AppState& state, const char* label, bool predictions, std::string& name) {
  ImGui::SetNextItemWidth(ui_px(240));
  if (ImGui::BeginCombo(label, name.empty() ? "(choose)" : name.c_str())) {
    for (const auto& s : state.eval_sets.sets)
      if (s.predictions == predictions && ImGui::Selectable(s.name.c_str(), s.name == name)) name = s.name;
    ImGui::EndCombo();
  }
}

void draw_catalogue(StudyChoice& c) {
  if (!ImGui::BeginTable("study-catalogue", 2, ImGuiTableFlags_Borders | ImGuiTableFlags_RowBg)) return;
  ImGui::TableSetupColumn("study", ImGuiTableColumnFlags_WidthFixed, ui_px(150));
  ImGui::TableSetupColumn("what it reproduces");
  ImGui::TableHeadersRow();
  for (const auto& e : study::study_catalogue()) {
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    if (ImGui::Selectable(e.name.c_str(), c.study == e.name)) c.study = e.name;
    note_item_place("study " + e.name);
    ImGui::TableNextColumn();
    ImGui::TextWrapped("%s", e.description.c_str());
  }
  ImGui::EndTable();
}

// One row per system: its name and a prediction file for each of the study's four variants.
void draw_variant_systems(const AppState& state, StudyChoice& c) {
  const auto& variants = study_variant_names(c.study);
  int remove = -1;
  for (size_t i = 0; i < c.variant_systems.size(); ++i) {
    auto& sys = c.variant_systems[i];
    ImGui::PushID(static_cast<int>(i));
    ImGui::SetNextItemWidth(ui_px(140));
    input_text("system##variants", sys.name);
    for (size_t k = 0; k < 4; ++k) {
      ImGui::SameLine();
      ImGui::SetNextItemWidth(ui_px(170));
      const std::string label = std::string(variants[k]) + "##variants";
      if (ImGui::BeginCombo(label.c_str(), sys.preds[k].empty() ? "(none)" : sys.preds[k].c_str())) {
        if (ImGui::Selectable("(none)", sys.preds[k].empty())) sys.preds[k].clear();
        for (const auto& set : state.eval_sets.sets)
          if (set.predictions && ImGui::Selectable(set.name.c_str(), set.name == sys.preds[k])) sys.preds[k] = set.name;
        ImGui::EndCombo();
      }
    }
    ImGui::SameLine();
    if (ImGui::Button("Remove")) remove = static_cast<int>(i);
    ImGui::PopID();
  }
  if (remove >= 0) c.variant_systems.erase(c.variant_systems.begin() + remove);
  if (ImGui::Button("Add a system"))
    c.variant_systems.push_back({"system " + std::to_string(c.variant_systems.size() + 1), {}});
  note_item_place("add variant system");
}

// tqa-augment's inputs: the Text augmentation tab's last whole-set run, and one row of prediction files per system.
void draw_augment_inputs(AppState& state, StudyChoice& c) {
  ImGui::TextWrapped(
      "Text augmentation > Strategies > Run on every linker item of the set rewrites each item's references to its "
      "linker table by SR, BT and CA and adds four sets to the Sets tab: the original items and one set per "
      "strategy, e.g. sample_dev.original.json and sample_dev.SR.json. Its hiding scores (thesis Table 4.3) and "
      "attribute mentions (4.8) need nothing more. For EX and ΔEX per strategy (4.5, 4.6), run a model on those sets "
      "in Run a model and give each system's prediction files below: the original and at least one strategy.");
  const auto& aug = study_sources(state).augmentation;
  if (aug)
    ImGui::Text("augmentation: %s -> %s, ...", aug->label.c_str(), aug->published[0].c_str());
  else
    ImGui::TextColored(ImVec4(1, 0.8f, 0.4f, 1), "No whole-set augmentation has finished in this page yet.");
  // Table 4.9: the variants' sets a schema linker ran on in this page.
  std::string linked;
  if (aug) {
    const auto& runs = run_model_panel(state).linking.retrieved_by_set;
    for (size_t k = 0; k < 4; ++k)
      if (const auto run = runs.find(aug->published[k]); run != runs.end())
        linked += std::string(linked.empty() ? "" : "; ") + study::augment_variants()[k] + ": " + run->second.method;
  }
  ImGui::TextWrapped(
      "Whether a schema linker still finds the linker table (4.9): Run a model > Schema linking or Retrieval on any "
      "of the four sets; the newest run on each is used. %s",
      linked.empty() ? "None has been linked in this page yet." : ("Linked: " + linked + ".").c_str());
  draw_variant_systems(state, c);
}

// denat-delta's inputs: the last de-naturalised variant's four settings, and one row of prediction files per system.
void draw_denat_inputs(AppState& state, StudyChoice& c) {
  ImGui::TextWrapped(
      "Text augmentation > De-naturalisation > Create variant renames a database's tables and columns less "
      "naturally and rewrites the gold SQL; Add the four settings' sets then puts O/O (as it was), L/O (questions "
      "rewritten), O/L (schema renamed) and L/L (both) in the Sets tab. Run a model on each and give each system's "
      "prediction files below: O/O and at least one other setting. The study lays out SQLMorph Table VII: EX per "
      "setting, and ΔEX on the items the system answers right in O/O, beside the paper's values.");
  const auto& denat = study_sources(state).denat;
  if (denat)
    ImGui::Text("variant: %s of %s -> %s, ...", denat->variant_id.c_str(), denat->source_db_id.c_str(),
                denat->published[0].c_str());
  else
    ImGui::TextColored(ImVec4(1, 0.8f, 0.4f, 1), "No variant's four settings are in the Sets tab yet.");
  draw_variant_systems(state, c);
}

// The studies laid out from what another tab computed: what each reads, and the button that leads to that tab.
struct ComposedStudy {
  const char* study;
  const char* reads;
  const char* button;
  const char* place;  // the button's name for tests
  const char* tab;
  void (*bring_forward)(AppState&);  // selects the sub-tab the button leads to
};
const ComposedStudy kComposedStudies[] = {
    {"retrieval",
     "Schema retrieval is run in Run a model > Retrieval: each run of Full-Schema, SCSL or TCSL on a set labelled "
     "O/O, L/O, O/L or L/L fills one cell of Table VIII there. This study lays those cells out as SQLMorph Table "
     "VIII and its change against O/O, with the paper's values beside them and every item's row, as chokepoint "
     "study retrieval does on the same sets.",
     "Open Run a model > Retrieval", "open retrieval", "Run a model",
     [](AppState& state) { run_model_panel(state).select_retrieval = true; }},
    {"synsql",
     "Test databases are made in Test databases > Synthesis: SynSQL (or the vanilla single pass) writes one "
     "database per question of a gold set, and with a prediction set chosen each question is judged on the "
     "original and on its test database. This study lays that run out as SynSQL Tables 1 and 2 (SR, EX on both, "
     "delta, AR with its band, CC) and Fig. 4 (why questions fail SR) beside the paper's rows, as chokepoint study "
     "synsql does with the run's folder as its --test-db-root. Open a file of the humans' verdicts "
     "({\"<question id>\": true | false}) for Table 3. Several roots or systems at once: chokepoint study synsql.",
     "Open Test databases > Synthesis", "open synthesis", "Test databases",
     [](AppState& state) { test_databases_panel(state).select_synthesis = true; }},
    {"feature-space",
     "SQLSpace's feature space is computed in the Feature space tab: Clusters (a gold set with each model's "
     "prediction set ticked, then Explain by one multi-class forest) gives Tables 2 and 9, its Map the items gives "
     "Fig. 5 (the items on the UMAP map, coloured by BIRD's difficulty), and Estimator, run for "
     "each of those models offline and online on the same set, gives Tables 7 and 8; its Rewrite (an LLM rewrites "
     "the questions the estimator expects to fail) gives Tables 3 and 4. This study lays out what that tab "
     "computed, beside the paper's figures, as chokepoint study feature-space does on the same files.",
     "Open Feature space > Clusters", "open feature space", "Feature space",
     [](AppState& state) { feature_space_panel(state).select_view = 1; }},
    {"llm-tasks",
     "004's five tasks are run in the page one at a time: Run a model (its formats fill Table 3, a run with another "
     "model adds a column) and Evaluate one format's predictions; on that evaluation, Metrics > Errors (with Ask the "
     "model, as 004 lets the model decide condition_filter vs data_processing) and Debug, Metrics > Optimise, "
     "Metrics > SQL-to-Text of the gold queries; and Run a model > Schema linking on the same set. This study lays "
     "out what was run, as chokepoint study llm-tasks does for the same model, and names what was not. Several "
     "models' later tasks side by side, and the five debugging strategies in one run: chokepoint study llm-tasks.",
     "Open Run a model", "open run a model", "Run a model", [](AppState&) {}},
};

const ComposedStudy* composed_study(const std::string& study) {
  for (const auto& c : kComposedStudies)
    if (study == c.study) return &c;
  return nullptr;
}

void draw_composed_inputs(AppState& state, const ComposedStudy& c) {
  ImGui::TextWrapped("%s", c.reads);
  if (ImGui::Button(c.button)) {
    c.bring_forward(state);
    request_tab(c.tab);
  }
  note_item_place(c.place);
}

void draw_inputs(AppState& state, StudyChoice& c) {
  if (c.study == "shared-failures") {
    ImGui::TextWrapped(
        "One gold set and two or more prediction files on it, one per system; the study scores every system under "
        "the five regimes of SQLMorph Table XI and counts the items all of them fail.");
    set_combo_studies(state, "gold set##study", false, c.gold);
    ImGui::TextUnformatted("systems (prediction files):");
    for (const auto& s : state.eval_sets.sets) {
      if (!s.predictions) continue;
      bool on = std::find(c.systems.begin(), c.systems.end(), s.name) != c.systems.end();
      if (ImGui::Checkbox((s.name + "##study-system").c_str(), &on)) {
        c.systems.erase(std::remove(c.systems.begin(), c.systems.end(), s.name), c.systems.end());
        if (on) c.systems.push_back(s.name);
      }
    }
  } else if (c.study == "mutation-sensitivity") {
    ImGui::TextWrapped(
        "One gold set: every gold query gets the single-error mutants of SQLMorph Table IX, each mutant runs on the "
        "gold's database and is scored against the gold under EC-EC-IE and SC-EC-IE, and the mean drop per operator "
        "is laid out as Table X beside the paper's values.");
    set_combo_studies(state, "gold set##study", false, c.gold);
    ImGui::Checkbox("leave equivalent mutants out of the means##study", &c.drop_equivalent);
    if (ImGui::IsItemHovered())
      ImGui::SetTooltip("A mutant with the gold's result (EX = 1) is counted apart, as the paper does.");
  } else if (c.study == "tqa-augment") {
    draw_augment_inputs(state, c);
  } else if (c.study == "denat-delta") {
    draw_denat_inputs(state, c);
  } else if (const ComposedStudy* composed = composed_study(c.study)) {
    draw_composed_inputs(state, *composed);
    return;
  } else {
    ImGui::TextWrapped(
        "The seed set, chokepoint jqe's expansions of it (the Join query expansion tab's export), and one system's "
        "predictions for each: EX of seeds and expansions, each expansion's change against its own seed, EX by "
        "joins and by join-graph shape.");
    set_combo_studies(state, "seed set##study", false, c.seeds);
    set_combo_studies(state, "seed predictions##study", true, c.pred_seeds);
    set_combo_studies(state, "expansions##study", false, c.expansions);
    set_combo_studies(state, "expansion predictions##study", true, c.pred_expansions);
  }
  ImGui::SetNextItemWidth(ui_px(120));
  int semantics = c.semantics == "spider" ? 1 : 0;
  if (ImGui::Combo("semantics##study", &semantics, "BIRD (sets)\0Spider (bags)\0"))
    c.semantics = semantics ? "spider" : "bird";
}

void draw_studies(AppState& state) {
  StudiesRun& run = studies_run(state);
  ImGui::TextWrapped(
      "A study is one of the papers' experiments from start to end, with the paper's published numbers beside ours. "
      "The CLI runs the same studies (chokepoint study list); on the same files both give the same tables. A "
      "report.json that chokepoint study wrote opens here too (Open file, or drop it on the page): a colleague's run, "
      "or "
      "one with several models or roots at once.");
  draw_catalogue(run.choice);
  ImGui::Separator();
  const bool running = run.job && !run.job->done();
  if (!running) {
    draw_inputs(state, run.choice);
    if (ImGui::Button("Run the study")) start_study(state, run.choice);
    note_item_place("run the study");
  } else {
    const auto p = run.job->progress();
    ImGui::Text("%s: evaluating", run.choice.study.c_str());
    if (draw_progress_cancel(p.done, p.total)) cancel_study(state);
  }
  if (!run.error.empty()) draw_error(run.error);
  if (run.cancelled) ImGui::TextDisabled("cancelled: nothing was kept");
  if (!run.report) return;
  ImGui::Separator();
  if (!run.opened_from.empty())
    ImGui::TextColored(ImVec4(0.6f, 0.8f, 1, 1), "Study %s, opened from %s (run by chokepoint study, not here)",
                       run.report->study.c_str(), run.opened_from.c_str());
  if (ImGui::Button("Save report.html")) download_study_report(state);
  note_item_place("save study report");
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("One self-contained page (charts inline, no external assets), as chokepoint study writes.");
  draw_study_report(*run.report);
}

// {"do": "study_run", "study": "shared-failures" | "jqe-delta" | "mutation-sensitivity" | "tqa-augment" |
//  "denat-delta" | "retrieval", "semantics": "bird" | "spider", "timeout_ms": N, "gold": SET, "drop_equivalent": bool,
//  "systems": [PRED, ...], "seeds": SET, "expansions": SET, "pred_seeds": PRED, "pred_expansions": PRED, "system":
//  NAME, "variant_systems": [{"name", "preds": {VARIANT: PRED, ...}}] (original, SR, BT, CA or O/O, L/O, O/L, L/L)}:
//  as choosing them in the tab and clicking Run.
const PageCommandRegistrar run_command{"study_run", [](AppState& state, const nlohmann::json& cmd) {
                                         StudyChoice c;
                                         c.study = cmd.value("study", c.study);
                                         c.semantics = cmd.value("semantics", c.semantics);
                                         c.timeout_ms = cmd.value("timeout_ms", c.timeout_ms);
                                         c.gold = cmd.value("gold", "");
                                         c.drop_equivalent = cmd.value("drop_equivalent", false);
                                         c.systems = cmd.value("systems", std::vector<std::string>{});
                                         c.seeds = cmd.value("seeds", "");
                                         c.expansions = cmd.value("expansions", "");
                                         c.pred_seeds = cmd.value("pred_seeds", "");
                                         c.pred_expansions = cmd.value("pred_expansions", "");
                                         c.system = cmd.value("system", c.system);
                                         c.variant_systems = variant_systems_from_json(
                                             c.study, cmd.value("variant_systems", nlohmann::json::array()));
                                         start_study(state, std::move(c));
                                       }};
const PageCommandRegistrar cancel_command{"study_cancel",
                                          [](AppState& state, const nlohmann::json&) { cancel_study(state); }};

const PanelRegistrar studies_view_registrar{
    {"Studies", 78, draw_studies, step_study, [](AppState& s) { return studies_run_json(studies_run(s)); }}};

}  // namespace
}  // namespace chokepoint::web

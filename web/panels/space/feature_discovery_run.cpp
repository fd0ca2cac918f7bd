// The Discover tab: describe -> preview -> batch -> descriptions; propose -> preview -> batch -> candidates ->
// deduplication; then PREDICATES.json or the kept predicates added to the panel's catalogue (see
// feature_discovery_run.h).
#include "web/panels/space/feature_discovery_run.h"

#include <imgui.h>

#include <algorithm>
#include <fstream>
#include <map>

#include "core/base/json_dump.h"
#include "core/llm/chat_request.h"
#include "web/bridge/file_bridge.h"
#include "web/panel_registry.h"
#include "web/panels/space/feature_space_panel.h"
#include "web/widgets/flow_layout.h"
#include "web/widgets/item_places.h"
#include "web/widgets/ui_px.h"
#include "web/widgets/widgets.h"

namespace chokepoint::web {
namespace {

using Step = FeatureDiscoveryRun::Step;

const char* step_name(Step s) { return s == Step::Describe ? "describe" : s == Step::Propose ? "propose" : ""; }

// Opens the batch's preview over `calls`; the error says why not.
void open_batch(FeatureDiscoveryRun& run, Step step, std::vector<std::pair<std::string, std::string>> calls) {
  std::vector<std::string> texts;
  for (const auto& c : calls) texts.push_back(c.second);
  run.calls = std::move(calls);
  run.asking = step;
  run.error = run.batch.open(texts);
  if (!run.error.empty()) run.asking = Step::None;
}

bool ready_to_ask(FeatureDiscoveryRun& run) {
  run.error.clear();
  if (run.batch.busy()) {
    run.error = "the model is still being asked; cancel it first";
    return false;
  }
  if (auto ready = batch_prerequisites(); !ready.ok()) {
    run.error = ready.error();
    return false;
  }
  run.batch.discard();
  return true;
}

void finish_feature_discovery(AppState& state, FeatureSpacePanel& panel) {
  FeatureDiscoveryRun& run = panel.discovery;
  const auto answers = call_answers(*run.batch.scheduler, "not asked: cancelled");
  if (run.asking == Step::Describe) {
    run.descriptions = sqlspace::read_descriptions(run.describe_asks, answers);
    run.proposals.reset();
    run.dedup.reset();
    run.by_proposer.clear();
    run.proposals_plan.clear();
    notify(state, "Discover: " + std::to_string(run.descriptions->descriptions.size()) + " of " +
                      std::to_string(run.describe_asks.size()) + " descriptions written");
  } else if (run.asking == Step::Propose) {
    if (run.proposals_plan != run.asking_plan) run.by_proposer.clear();
    run.proposals_plan = run.asking_plan;
    const std::string& model = run.batch.sent.model;
    auto mine =
        std::find_if(run.by_proposer.begin(), run.by_proposer.end(), [&](const auto& p) { return p.first == model; });
    if (mine == run.by_proposer.end()) mine = run.by_proposer.insert(run.by_proposer.end(), {model, {}});
    mine->second = {};
    sqlspace::read_proposals(run.propose_asks, answers, model, mine->second);
    // Every proposer's answers in the order they proposed, deduplicated together (space propose's order).
    sqlspace::ProposalReading pooled;
    for (const auto& [name, reading] : run.by_proposer) {
      pooled.candidates.insert(pooled.candidates.end(), reading.candidates.begin(), reading.candidates.end());
      pooled.unreadable += reading.unreadable;
      pooled.failed += reading.failed;
    }
    run.dedup = sqlspace::deduplicate_predicates(pooled.candidates, catalogue(), run.threshold);
    run.proposals = std::move(pooled);
    run.added_ids.clear();
    notify(state, "Discover: " + std::to_string(run.dedup->kept.size()) + " of " +
                      std::to_string(run.proposals->candidates.size()) + " proposed predicates kept (" +
                      std::to_string(run.by_proposer.size()) + " proposer" + (run.by_proposer.size() > 1 ? "s" : "") +
                      ")");
  }
}

void draw_feature_discovery_preview(AppState& state, FeatureSpacePanel& panel) {
  FeatureDiscoveryRun& run = panel.discovery;
  if (run.asking == Step::Describe)
    ImGui::TextWrapped(
        "%zu prompts (one an item and aspect) about %zu items of %s to %s: %zu calls, %zu answered by the replay "
        "store, ~%lld prompt tokens. Each prompt holds the question, the gold SQL and the schema's table and column "
        "names; no rows of the database. %zu items without a question, SQL or schema are left out.",
        run.describe_asks.size(), run.describe_asks.size() / std::max<size_t>(1, sqlspace::kAspectCount),
        run.set.c_str(), run.batch.sent.destination.c_str(), run.calls.size() - run.batch.sent.in_replay,
        run.batch.sent.in_replay, run.batch.sent.estimated_tokens, run.skipped);
  else
    ImGui::TextWrapped(
        "%zu prompts to %s, each showing up to %d descriptions of one aspect (they quote questions, SQL and schema "
        "names): %zu calls, %zu answered by the replay store, ~%lld prompt tokens.",
        run.propose_asks.size(), run.batch.sent.destination.c_str(), run.sample,
        run.calls.size() - run.batch.sent.in_replay, run.batch.sent.in_replay, run.batch.sent.estimated_tokens);
  const auto confirm = [&] { confirm_discovery(state, panel); };
  const auto discard = [&] {
    run.batch.discard();
    run.asking = Step::None;
  };
  draw_preview_actions("discover", confirm, discard, run.calls.size(), [&](size_t i) { return run.calls[i]; });
}

std::vector<std::string> proposer_names(const FeatureDiscoveryRun& run) {
  std::vector<std::string> names;
  for (const auto& p : run.by_proposer) names.push_back(p.first);
  return names;
}

void draw_feature_discovery_candidates(const FeatureDiscoveryRun& run) {
  const auto& d = *run.dedup;
  const auto& p = *run.proposals;
  ImGui::Text(
      "%zu predicates proposed: %zu kept, %zu dropped as repeats (token_set_ratio >= %d); %zu answers held "
      "no list, %zu calls failed",
      p.candidates.size(), d.kept.size(), d.dropped.size(), run.threshold, p.unreadable, p.failed);
  std::string proposers;
  for (const auto& name : proposer_names(run)) proposers += (proposers.empty() ? "" : ", ") + name;
  ImGui::TextDisabled(
      "proposers: %s. Propose again with another model of the LLM tab to add one (003 used two); the same settings "
      "keep the answers of both.",
      proposers.c_str());
  const ImGuiTableFlags flags =
      ImGuiTableFlags_Borders | ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingFixedFit | ImGuiTableFlags_ScrollY;
  if (ImGui::BeginTable("discover-kept", 4, flags, ImVec2(0, ui_px(180)))) {
    ImGui::TableSetupScrollFreeze(0, 1);
    ImGui::TableSetupColumn("aspect");
    ImGui::TableSetupColumn("kept predicate", ImGuiTableColumnFlags_WidthStretch);
    ImGui::TableSetupColumn("call");
    ImGui::TableSetupColumn("proposer");
    ImGui::TableHeadersRow();
    for (const auto& c : d.kept) {
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(sqlspace::aspect_name(c.aspect));
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(c.predicate.c_str());
      ImGui::TableNextColumn();
      ImGui::Text("%zu", c.iteration);
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(c.proposer.c_str());
    }
    ImGui::EndTable();
  }
  if (d.dropped.empty() || !ImGui::TreeNode("dropped", "%zu dropped, each with what it repeats", d.dropped.size()))
    return;
  if (ImGui::BeginTable("discover-dropped", 4, flags, ImVec2(0, ui_px(160)))) {
    ImGui::TableSetupScrollFreeze(0, 1);
    ImGui::TableSetupColumn("aspect");
    ImGui::TableSetupColumn("dropped", ImGuiTableColumnFlags_WidthStretch);
    ImGui::TableSetupColumn("repeats", ImGuiTableColumnFlags_WidthStretch);
    ImGui::TableSetupColumn("score");
    ImGui::TableHeadersRow();
    for (const auto& x : d.dropped) {
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(sqlspace::aspect_name(x.candidate.aspect));
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(x.candidate.predicate.c_str());
      ImGui::TableNextColumn();
      if (x.catalogue_id)
        ImGui::Text("%s (catalogue %s)", x.repeats.c_str(), sqlspace::feature_column_name(x.catalogue_id).c_str());
      else
        ImGui::Text("%s (kept above)", x.repeats.c_str());
      ImGui::TableNextColumn();
      ImGui::Text("%d", x.score);
    }
    ImGui::EndTable();
  }
  ImGui::TreePop();
}

}  // namespace

void prepare_descriptions(AppState& state, FeatureSpacePanel& panel) {
  FeatureDiscoveryRun& run = panel.discovery;
  if (!ready_to_ask(run)) return;
  const int i = find_set(state, run.set);
  if (i < 0 || state.eval_sets.sets[static_cast<size_t>(i)].predictions) {
    run.error = "choose a loaded gold set";
    return;
  }
  const EvalSet& set = state.eval_sets.sets[static_cast<size_t>(i)].set;
  const auto schemas = loaded_schemas(state, set.items);
  run.skipped = 0;
  auto asks = sqlspace::plan_descriptions(set.items, schemas, **batch_prerequisites(), {}, &run.skipped);
  if (!asks.ok()) {
    run.error = asks.error();
    return;
  }
  if (asks->empty()) {
    run.error = "nothing to describe: no item of " + run.set + " has a question, SQL and a loaded database";
    return;
  }
  run.describe_asks = std::move(*asks);
  std::vector<std::pair<std::string, std::string>> calls;
  for (const auto& a : run.describe_asks)  // named as `chokepoint space describe` names them
    calls.emplace_back(set.items[a.item].key + " / describe " + sqlspace::aspect_name(a.aspect), a.prompt);
  open_batch(run, Step::Describe, std::move(calls));
}

void prepare_proposals(AppState&, FeatureSpacePanel& panel) {
  FeatureDiscoveryRun& run = panel.discovery;
  if (!ready_to_ask(run)) return;
  if (!run.descriptions || run.descriptions->descriptions.empty()) {
    run.error = "describe a set first: the proposals are drawn from its descriptions";
    return;
  }
  run.predicates = std::clamp(run.predicates, 1, 200);
  run.iterations = std::clamp(run.iterations, 1, 100);
  run.sample = std::clamp(run.sample, 1, 1000);
  sqlspace::ProposalOptions options;
  options.predicates = static_cast<size_t>(run.predicates);
  options.iterations = static_cast<size_t>(run.iterations);
  options.sample = static_cast<size_t>(run.sample);
  options.seed = static_cast<uint64_t>(std::max(run.seed, 0));
  auto asks = sqlspace::plan_proposals(run.descriptions->by_aspect(), **batch_prerequisites(), options);
  if (!asks.ok()) {
    run.error = asks.error();
    return;
  }
  run.propose_asks = std::move(*asks);
  run.asking_plan = run.described_set + "|" + std::to_string(options.predicates) + "|" +
                    std::to_string(options.iterations) + "|" + std::to_string(options.sample) + "|" +
                    std::to_string(options.seed);
  std::vector<std::pair<std::string, std::string>> calls;
  for (const auto& a : run.propose_asks)
    calls.emplace_back(
        "propose " + std::string(sqlspace::aspect_name(a.aspect)) + " " + std::to_string(a.iteration + 1), a.prompt);
  open_batch(run, Step::Propose, std::move(calls));
  // Named as `chokepoint space propose` names them, after the model the preview names.
  for (auto& c : run.calls) c.first = run.batch.sent.model + " / " + c.first;
}

void confirm_discovery(AppState& state, FeatureSpacePanel& panel) {
  FeatureDiscoveryRun& run = panel.discovery;
  if (!run.batch.previewing()) return;
  run.error = run.batch.start(run.calls);
  if (!run.error.empty()) return;
  if (run.asking == Step::Describe) run.described_set = run.set;
  notify(state,
         std::string("Discover: ") + step_name(run.asking) + ", " + std::to_string(run.calls.size()) + " prompts");
}

void cancel_discovery(AppState& state, FeatureSpacePanel& panel) {
  if (panel.discovery.batch.cancel())
    finish_feature_discovery(state, panel);  // what was answered is read; the rest counts failed
}

void add_discovered_features(AppState& state, FeatureSpacePanel& panel) {
  FeatureDiscoveryRun& run = panel.discovery;
  run.error.clear();
  if (!run.dedup || run.dedup->kept.empty()) {
    run.error = "no kept predicate to add";
    return;
  }
  if (!run.added_ids.empty()) {
    run.error = "these predicates are already features";
    return;
  }
  if (panel.llm.batch.busy() || panel.llm.waiting) {
    run.error = "the LLM features tab is asking the model; wait for it or cancel it first";
    return;
  }
  const auto ids = add_catalogue_predicates(run.dedup->kept);
  for (size_t k = 0; k < ids.size(); ++k) {
    if (!ids[k].ok()) {
      run.error = "'" + run.dedup->kept[k].predicate + "': " + ids[k].error();
      continue;  // the others are still added
    }
    run.added_ids.push_back(*ids[k]);
  }
  forget_computed_features(panel);
  notify(state, "Discover: " + std::to_string(run.added_ids.size()) + " predicates added as features " +
                    (run.added_ids.empty() ? std::string("(none)")
                                           : sqlspace::feature_column_name(run.added_ids.front()) + " to " +
                                                 sqlspace::feature_column_name(run.added_ids.back())));
}

void save_discovered_predicates(AppState& state, const FeatureSpacePanel& panel) {
  const FeatureDiscoveryRun& run = panel.discovery;
  if (!run.dedup) return;
  const std::string name = "predicates.json";
  std::ofstream out("/tmp/" + name, std::ios::binary);
  out << dump_json(sqlspace::predicates_file_json(*run.dedup), 2) << "\n";
  out.close();
  if (!out) {
    notify(state, "could not write " + name + " in the page", true);
    return;
  }
  offer_download("/tmp/" + name, name, "application/json");
}

void step_feature_discovery(AppState& state, FeatureSpacePanel& panel) {
  if (panel.discovery.batch.step()) finish_feature_discovery(state, panel);
}

void draw_feature_discovery(AppState& state, FeatureSpacePanel& panel) {
  FeatureDiscoveryRun& run = panel.discovery;
  ImGui::TextWrapped(
      "Grow the feature catalogue from your own set (003 steps 1-3). Describe: the LLM tab's model writes, for each "
      "item, five paragraphs, one per aspect. Propose: it is shown samples of each aspect's paragraphs and names "
      "properties many share; a proposal close to a catalogue predicate or an earlier one (token_set_ratio) is "
      "dropped, naming what it repeats. Read the kept ones before adding them: 003 removed paraphrases by hand.");
  const bool locked = run.batch.busy() || run.batch.previewing();
  ImGui::BeginDisabled(locked);
  draw_set_combo(state, "gold set##discover", run.set, false);
  flow_same_line(button_width("Describe..."));
  if (ImGui::Button("Describe...")) prepare_descriptions(state, panel);
  note_item_place("discover describe");
  ImGui::SetNextItemWidth(ui_px(90));
  ImGui::InputInt("descriptions a call", &run.sample);
  flow_next_item(ui_px(90), "properties a call");
  ImGui::InputInt("properties a call", &run.predicates);
  flow_next_item(ui_px(90), "calls an aspect");
  ImGui::InputInt("calls an aspect", &run.iterations);
  flow_next_item(ui_px(90), "seed");
  ImGui::InputInt("seed", &run.seed);
  ImGui::BeginDisabled(!run.descriptions);
  if (ImGui::Button("Propose...")) prepare_proposals(state, panel);
  note_item_place("discover propose");
  ImGui::EndDisabled();
  ImGui::EndDisabled();
  if (!run.error.empty()) draw_error(run.error);
  if (const auto added = added_feature_ids(); !added.empty()) {
    ImGui::TextDisabled("The catalogue holds %zu predicates you added (%s to %s), kept in this browser's workspace.",
                        added.size(), sqlspace::feature_column_name(added.front()).c_str(),
                        sqlspace::feature_column_name(added.back()).c_str());
    ImGui::SameLine();
    ImGui::BeginDisabled(locked || panel.llm.batch.busy());
    if (ImGui::SmallButton("Remove them")) remove_added_features(panel);
    note_item_place("discover remove");
    ImGui::EndDisabled();
  }
  if (run.batch.previewing()) {
    draw_feature_discovery_preview(state, panel);
    return;
  }
  if (run.batch.busy()) {
    if (draw_progress_cancel(run.batch.ended(), run.calls.size())) cancel_discovery(state, panel);
    return;
  }
  if (run.descriptions) {
    const auto& d = *run.descriptions;
    const auto by = d.by_aspect();
    std::string per;
    for (size_t a = 0; a < by.size(); ++a)
      per += (per.empty() ? "" : ", ") + std::string(sqlspace::aspect_name(static_cast<sqlspace::Aspect>(a))) + " " +
             std::to_string(by[a].size());
    ImGui::Text("%s: %zu of %zu descriptions written (%s); %zu unreadable, %zu failed", run.described_set.c_str(),
                d.descriptions.size(), run.describe_asks.size(), per.c_str(), d.unreadable, d.failed);
  }
  if (!run.dedup) return;
  draw_feature_discovery_candidates(run);
  if (ImGui::Button("Save PREDICATES.json")) save_discovered_predicates(state, panel);
  note_item_place("discover save");
  ImGui::SameLine();
  ImGui::BeginDisabled(run.dedup->kept.empty() || !run.added_ids.empty());
  if (ImGui::Button("Add the kept ones as features")) add_discovered_features(state, panel);
  note_item_place("discover add");
  ImGui::EndDisabled();
  if (!run.added_ids.empty())
    ImGui::TextDisabled(
        "added as %s to %s: the LLM features tab asks them; Compare, Clusters and Estimator read them "
        "from their next run",
        sqlspace::feature_column_name(run.added_ids.front()).c_str(),
        sqlspace::feature_column_name(run.added_ids.back()).c_str());
}

nlohmann::json feature_discovery_json(const FeatureDiscoveryRun& run) {
  nlohmann::json j = {{"set", run.set},
                      {"asking", step_name(run.asking)},
                      {"running", run.batch.busy()},
                      {"done", run.batch.done()},
                      {"error", run.error},
                      {"added", run.added_ids},
                      {"catalogue_added", added_feature_ids()}};
  if (run.batch.previewing()) j["preview"] = run.batch.preview_json(run.calls.size());
  if (run.descriptions) {
    nlohmann::json per = nlohmann::json::object();
    const auto by = run.descriptions->by_aspect();
    for (size_t a = 0; a < by.size(); ++a)
      if (!by[a].empty()) per[sqlspace::aspect_name(static_cast<sqlspace::Aspect>(a))] = by[a].size();
    j["descriptions"] = {{"set", run.described_set},
                         {"prompts", run.describe_asks.size()},
                         {"described", run.descriptions->descriptions.size()},
                         {"unreadable", run.descriptions->unreadable},
                         {"failed", run.descriptions->failed},
                         {"skipped", run.skipped},
                         {"by_aspect", per}};
  }
  if (run.proposals && run.dedup)
    j["proposals"] = {{"prompts", run.propose_asks.size() * run.by_proposer.size()},
                      {"proposers", proposer_names(run)},
                      {"proposed", run.proposals->candidates.size()},
                      {"unreadable", run.proposals->unreadable},
                      {"failed", run.proposals->failed},
                      {"kept", run.dedup->kept.size()},
                      {"dropped", run.dedup->dropped.size()},
                      {"file", sqlspace::predicates_file_json(*run.dedup)}};
  return j;
}

namespace {

// {"do": "space_discover", "set"?: NAME, "predicates"?: N, "iterations"?: J, "sample"?: S, "seed"?: N,
//  "step"?: "describe" | "propose" | "add" | "save" | "remove"}: the tab's settings, then that button (a step opens its
//  preview; nothing is sent before space_discover_confirm).
const PageCommandRegistrar discover_registrar{"space_discover", [](AppState& s, const nlohmann::json& cmd) {
                                                auto& p = feature_space_panel(s);
                                                auto& run = p.discovery;
                                                run.set = cmd.value("set", run.set);
                                                run.predicates = cmd.value("predicates", run.predicates);
                                                run.iterations = cmd.value("iterations", run.iterations);
                                                run.sample = cmd.value("sample", run.sample);
                                                run.seed = cmd.value("seed", run.seed);
                                                const std::string step = cmd.value("step", std::string());
                                                if (step == "describe") prepare_descriptions(s, p);
                                                if (step == "propose") prepare_proposals(s, p);
                                                if (step == "add") add_discovered_features(s, p);
                                                if (step == "save") save_discovered_predicates(s, p);
                                                if (step == "remove") remove_added_features(p);
                                              }};
const PageCommandRegistrar feature_discovery_run_confirm_registrar{
    "space_discover_confirm", [](AppState& s, const nlohmann::json&) { confirm_discovery(s, feature_space_panel(s)); }};
const PageCommandRegistrar feature_discovery_run_cancel_registrar{
    "space_discover_cancel", [](AppState& s, const nlohmann::json&) { cancel_discovery(s, feature_space_panel(s)); }};

}  // namespace
}  // namespace chokepoint::web

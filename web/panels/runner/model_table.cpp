// The format x model table: a queue of prediction sets, each evaluated for EX (no regimes) as a background run.
#include "web/panels/runner/model_table.h"

#include <imgui.h>

#include <algorithm>

#include "core/metrics/eval_pairs.h"
#include "core/metrics/evaluation_job.h"
#include "web/panels/metrics/metrics_run.h"

namespace chokepoint::web {

void queue_model_table(ModelTable& t, const std::string& gold_name, const std::string& model,
                       const std::vector<std::string>& formats, const std::vector<std::string>& pred_names) {
  if (gold_name != t.gold_name) {  // another set: its numbers are not comparable with these
    t = ModelTable{};
    t.gold_name = gold_name;
    t.table.semantics = ex_semantics_name(ExSemantics::Bird);
  }
  if (std::find(t.table.models.begin(), t.table.models.end(), model) == t.table.models.end())
    t.table.models.push_back(model);
  for (size_t i = 0; i < formats.size() && i < pred_names.size(); ++i) {
    if (std::find(t.table.formats.begin(), t.table.formats.end(), formats[i]) == t.table.formats.end())
      t.table.formats.push_back(formats[i]);
    t.table.ex.erase({model, formats[i]});  // a rerun of the model replaces its cells
    t.queue.push_back({model, formats[i], pred_names[i]});
  }
}

bool step_model_table(AppState& state, ModelTable& t, double budget_ms) {
  if (t.scoring) {
    if (!advance_metrics_run(state, *t.scoring, budget_ms)) return false;
    t.table.ex[{t.current.model, t.current.format}] = summarize(t.scoring->items(), {}).ex;
    t.scoring.reset();
    return true;
  }
  if (t.queue.empty()) return false;
  // The Metrics panel evaluates the run's first format at once (in the worker): wait for it rather than compete for
  // the frame, and take its EX when it scored the same two sets as this table does (BIRD semantics, no options).
  const auto current = current_evaluation(state);
  if ((current && !current->done) || state.runs.request_run) return false;
  t.current = t.queue.front();
  t.queue.erase(t.queue.begin());
  if (const auto& done = current; done && done != t.stale_run && done->done && done->gold_name == t.gold_name &&
                                  done->pred_name == t.current.pred_name &&
                                  done->options().semantics == ExSemantics::Bird && !done->options().tie_aware &&
                                  !done->options().test_suite && done->options().abs_tolerance == 0 &&
                                  done->options().rel_tolerance == 0 && done->items().size() == done->pairs().size()) {
    t.table.ex[{t.current.model, t.current.format}] = summarize(done->items(), {}).ex;
    return true;
  }
  const int gold = find_set(state, t.gold_name), pred = find_set(state, t.current.pred_name);
  if (gold < 0 || pred < 0) {
    t.error = "cannot score " + t.current.pred_name + ": the set is no longer loaded";
    return false;
  }
  auto pairs = pair_gold_with_predictions(state.eval_sets.sets[static_cast<size_t>(gold)].set,
                                          state.eval_sets.sets[static_cast<size_t>(pred)].set);
  if (!pairs.ok()) {
    t.error = t.current.pred_name + ": " + pairs.error();
    return false;
  }
  EvaluationOptions options;  // EX only, as 004 Table 3 reports it
  options.regimes = {};
  options.semantics = ExSemantics::Bird;
  options.limits.timeout_ms = 5000;
  // On the page, in slices within the frame budget: the page has one evaluation worker, and the Metrics panel may
  // start a run in it at any time.
  t.scoring = make_metrics_run(state, std::move(*pairs), options, 0, false);
  return false;
}

void draw_model_table(const ModelTable& t) {
  if (t.table.models.empty()) return;
  ImGui::Text("EX %% by prompt format and model (004 Table 3, BIRD semantics) on %s", t.gold_name.c_str());
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Choose another model in the LLM tab and run again to add a column.");
  const int cols = 1 + static_cast<int>(t.table.models.size());
  if (ImGui::BeginTable("format-model", cols, ImGuiTableFlags_Borders | ImGuiTableFlags_RowBg)) {
    ImGui::TableSetupColumn("format");
    for (const auto& m : t.table.models) ImGui::TableSetupColumn(m.c_str());
    ImGui::TableHeadersRow();
    for (const auto& f : t.table.formats) {
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(f.c_str());
      for (const auto& m : t.table.models) {
        ImGui::TableNextColumn();
        auto cell = t.table.ex.find({m, f});
        if (cell != t.table.ex.end())
          ImGui::Text("%.2f", cell->second);
        else
          ImGui::TextDisabled("%s", t.scoring || !t.queue.empty() ? "..." : "-");
      }
    }
    ImGui::EndTable();
  }
  if (!t.error.empty()) ImGui::TextColored(ImVec4(1, 0.45f, 0.45f, 1), "%s", t.error.c_str());
}

nlohmann::json model_table_json(const ModelTable& t) {
  nlohmann::json j = runner::format_model_table_json(t.table);
  j["gold"] = t.gold_name;
  j["pending"] = t.queue.size() + (t.scoring ? 1 : 0);
  if (!t.error.empty()) j["error"] = t.error;
  return j;
}

nlohmann::json model_table_memory(const ModelTable& t) {
  nlohmann::json pending = nlohmann::json::array();
  auto keep = [&](const ModelTable::Cell& c) {
    pending.push_back({{"model", c.model}, {"format", c.format}, {"pred", c.pred_name}});
  };
  if (t.scoring) keep(t.current);
  for (const auto& c : t.queue) keep(c);
  return {{"gold", t.gold_name}, {"table", runner::format_model_table_json(t.table)}, {"pending", std::move(pending)}};
}

void restore_model_table(ModelTable& t, const nlohmann::json& memory) {
  t = ModelTable{};
  if (!memory.is_object() || !memory.contains("gold") || !memory["gold"].is_string()) return;
  auto table = runner::parse_format_model_table(memory.value("table", nlohmann::json()));
  if (!table.ok()) {
    t.error = "the format x model table kept in the workspace does not read (" + table.error() + "); run again";
    return;
  }
  t.gold_name = memory["gold"].get<std::string>();
  t.table = std::move(*table);
  if (!memory.contains("pending") || !memory["pending"].is_array()) return;
  auto text = [](const nlohmann::json& c, const char* key) {
    return c.contains(key) && c[key].is_string() ? c[key].get<std::string>() : std::string();
  };
  for (const auto& c : memory["pending"])
    if (c.is_object() && !text(c, "model").empty() && !text(c, "pred").empty())
      t.queue.push_back({text(c, "model"), text(c, "format"), text(c, "pred")});
}

}  // namespace chokepoint::web

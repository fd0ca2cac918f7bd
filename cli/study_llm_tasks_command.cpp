// `chokepoint study llm-tasks`: 004's five tasks for each model from one command. predict, errors, debug, optimize,
// describe and link run in this process exactly as they run on their own (cli/command_capture.h), each writing its
// own files under OUT/steps/; the core lays their figures out beside the paper's (core/study/llm_tasks_study.h).
#include <algorithm>
#include <cmath>
#include <filesystem>
#include <iostream>
#include <set>

#include <nlohmann/json.hpp>

#include "cli/command.h"
#include "cli/command_capture.h"
#include "cli/common_flags.h"
#include "cli/llm_calls.h"
#include "cli/model_calls.h"
#include "cli/study_output.h"
#include "core/base/file_text.h"
#include "core/base/json_dump.h"
#include "core/llm_tasks/sql_optimization.h"
#include "core/runner/model_comparison.h"
#include "core/runner/prompt_formats.h"
#include "core/study/llm_tasks_steps.h"
#include "core/study/llm_tasks_study.h"

namespace chokepoint::cli {
namespace {

namespace fs = std::filesystem;
using ojson = nlohmann::ordered_json;

const std::vector<std::string> kTasks = {"debugging", "cross-debugging", "optimization", "sql-to-text",
                                         "schema-linking"};

const std::string kStudyLlmTasksUsage =
    std::string(
        "Usage: chokepoint study llm-tasks --gold FILE --db-root DIR --llm-config CONFIG.json [--llm-config ...]\n"
        "                                  --out DIR [--format F ... | --formats all] [--task T ...]\n"
        "                                  [--rounds R] [--strategy S] [--link-method M ...] [--link-fk F]\n"
        "                                  [--variant V ...] [--iterations N] [--judge-config C | --no-judge]\n"
        "                                  [--embedding-model M] [--semantics bird|spider] [--timeout-ms T]\n"
        "                                  [--replay FILE.sqlite] [--prompts DIR] [--max-calls N] [--max-tokens N]\n"
        "                                  [--preview]\n"
        "The five tasks of 004 for each model (--llm-config, once per model), on one set and its databases:\n"
        "  text-to-SQL     `predict` in each format (default SimpleDDL-MD-Chat; --formats all: the 12): Table 3, and\n"
        "                  EX by the number of gold tables (Table 4); `errors` on the main format's predictions (the\n"
        "                  model decides condition_filter vs data_processing, as 004): Fig. 3. Always run.\n"
        "  debugging       `debug --strategy all` (or --strategy S) on each model's own wrong predictions, --rounds R\n"
        "                  (default 2): Figs. 4 and 5\n"
        "  cross-debugging `debug` of each model's wrong predictions by every model (--strategy S), one round:\n"
        "                  Table 5 (a model on its own is round 1 of debugging, when that ran)\n"
        "  optimization    `optimize` of each model's own predictions (--variant, default all; --iterations, default\n"
        "                  10): Table 6, VES and C-VES as 004 scores them and in the safe view\n"
        "  sql-to-text     `describe` of the gold queries (the judge is the model itself unless --judge-config or\n"
        "                  --no-judge): Table 7\n"
        "  schema-linking  `link` by each --link-method (default the four), without and with foreign keys\n"
        "                  (--link-fk both|without|with, default both): Tables 8 and 9\n"
        "--task T: run only these of the five after text-to-SQL (repeatable). The main format is SimpleDDL-MD-Chat "
        "when\n"
        "run, else the first given. The model-call flags go to every step; --max-calls and --max-tokens count per "
        "step\n"
        "and model. A model is named as `predict` names it. The radar chart (Fig. 2) has one line per model.\n"
        "OUT/steps/ keeps each step's files (predictions, ERRORS.json, debug, optimisation, describe and link\n"
        "reports), so any figure can be traced to its items. The paper's columns stand beside ours in each table.\n"
        "stdout: JSON {study, items, main_format, models: [{name, ex, wrong, debug_fixed, best_ves, sql_to_text,\n"
        "best_res, failed_calls}], out, files}. --preview sends and writes nothing: the previews of predict, describe\n"
        "and link (each exact), and for errors, debug and optimize, which read predictions not yet made, the most "
        "calls\n"
        "they can make (every item wrong), as later_rounds; stdout then has steps: [{step, model, calls,\n"
        "network_calls}]. Exit code 1 when some model calls failed (the report notes how many\n"
        "per model), 2 on bad input.\n") +
    kStudyOutRule;

FlagTable llm_tasks_flags() {
  return {
      flags::gold(),
      flags::db_root(),
      flags::llm_config().repeated().described("a model; every task runs for every model; repeatable"),
      flags::out("DIR", "the folder for report.json, the CSV files, report.html and steps/"),
      text_flag("--format", "F", "a prompt format of 004 for text-to-SQL; repeatable")
          .repeated()
          .shows("SimpleDDL-MD-Chat"),
      choice_flag("--formats", {"all"}, "run the 12 formats"),
      choice_flag("--task", kTasks, "run only these tasks after text-to-SQL; repeatable").repeated().shows("all five"),
      whole_flag("--rounds", "R", 1, 10, "rounds", "rounds of debugging").or_else("2"),
      choice_flag("--strategy", {"regenerate", "wrong_sql", "system_error", "all_errors", "comment", "all"},
                  "the debugging strategy; all: the five side by side")
          .or_else("all"),
      choice_flag("--link-method", {"zero-shot", "few-shot", "presql", "few-shot+presql"},
                  "a schema-linking method; repeatable")
          .repeated()
          .shows("the four"),
      choice_flag("--link-fk", {"both", "without", "with"}, "schema linking without and/or with foreign keys")
          .or_else("both"),
      text_flag("--variant", "V", "an optimisation prompt variant; repeatable").repeated().shows("all"),
      whole_flag("--iterations", "N", 1, 100000, "runs", "timed runs of each optimisation pair").or_else("10"),
      path_flag("--judge-config", "CONFIG.json", "SQL-to-Text's judge (else the model itself)"),
      switch_flag("--no-judge", "SQL-to-Text without a judge"),
      text_flag("--embedding-model", "M", "SQL-to-Text also by the cosine of these embeddings"),
      flags::semantics({"bird", "spider"}, "bird").or_else("bird"),
      flags::timeout_ms("5000", "time limit of one item"),
      flags::prompts(),
      flags::preview(),
      flags::replay(),
      flags::max_calls(),
      flags::max_tokens(),
      flags::concurrency(),
      flags::request_timeout_ms(),
  };
}

size_t whole(const ojson& o, const char* key) {
  return o.contains(key) && o[key].is_number_unsigned() ? o[key].get<size_t>() : 0;
}
std::optional<double> number(const ojson& o, const char* key) {
  if (!o.is_object() || !o.contains(key) || !o[key].is_number()) return std::nullopt;
  return o[key].get<double>();
}
Args with(Args a, const Args& more) {
  a.insert(a.end(), more.begin(), more.end());
  return a;
}

// The steps that read only the gold set and the databases, as the study runs them (and previews them).
Args predict_args(const FlagValues& r, const std::vector<std::string>& configs, const std::vector<std::string>& formats,
                  const std::string& out) {
  Args a = {"--gold", r.text("--gold"), "--db-root", r.text("--db-root"), "--out", out};
  for (const auto& c : configs) a.insert(a.end(), {"--llm-config", c});
  for (const auto& f : formats) a.insert(a.end(), {"--format", f});
  return a;
}
Args describe_args(const FlagValues& r, const std::string& config, const std::string& out) {
  Args a = {"--gold", r.text("--gold"), "--llm-config", config, "--out", out};
  if (r.has("--judge-config")) a.insert(a.end(), {"--judge-config", r.text("--judge-config")});
  if (r.has("--no-judge")) a.push_back("--no-judge");
  if (r.has("--embedding-model")) a.insert(a.end(), {"--embedding-model", r.text("--embedding-model")});
  return a;
}
// Each --link-method (default the four) without and with foreign keys, as --link-fk allows: (method, fk).
std::vector<std::pair<std::string, bool>> link_runs(const FlagValues& r) {
  std::vector<std::string> methods = r.all("--link-method");
  if (methods.empty()) methods = {"zero-shot", "few-shot", "presql", "few-shot+presql"};
  const std::string fk = r.text("--link-fk");
  std::vector<std::pair<std::string, bool>> runs;
  for (const auto& method : methods)
    for (bool with_fk : {false, true})
      if (!((with_fk && fk == "without") || (!with_fk && fk == "with"))) runs.emplace_back(method, with_fk);
  return runs;
}
Args link_args(const FlagValues& r, const std::string& config, const std::string& method, bool fk,
               const std::string& out) {
  Args a = {"--gold", r.text("--gold"), "--db-root", r.text("--db-root"), "--llm-config", config, "--method",
            method,   "--out",          out};
  if (fk) a.push_back("--fk");
  return a;
}

// --preview: what the study would send, with nothing sent or written. predict, describe and link read only the gold
// set and the databases, so each is previewed exactly by its own --preview; errors, debug and optimize read the
// predictions, which do not exist before predict has run, so they are bounded from above (every item wrong, every
// variant asked) as later rounds.
int preview_llm_tasks(const FlagValues& r, const std::vector<std::string>& formats, const std::set<std::string>& tasks,
                      const std::vector<std::string>& configs) {
  const Args calls = passed_on_model_call_words(r);
  const std::string out = r.text("--out");  // named to the steps, never written: a preview writes nothing
  ojson steps = ojson::array(), prompts = ojson::array(), later = ojson::array(), destinations = ojson::array();
  size_t total = 0, replayed = 0;
  long long tokens = 0;
  auto add = [&](const std::string& command, const std::string& model, const Args& args) -> Result<ojson> {
    auto c = run_command_captured(command, with(with(args, calls), {"--preview"}));
    if (!c.ok()) return Error{model + ": " + c.error()};
    const ojson& p = c->stdout_json;
    total += whole(p, "calls");
    replayed += whole(p, "replayed");
    tokens += p.value("estimated_prompt_tokens", 0LL);
    for (const auto& d : p.value("destinations", ojson::array()))
      if (std::find(destinations.begin(), destinations.end(), d) == destinations.end()) destinations.push_back(d);
    for (const auto& q : p.value("prompts", ojson::array()))
      prompts.push_back({{"id", command + " / " + q.value("id", "")}, {"prompt", q.value("prompt", "")}});
    for (auto lr : p.value("later_rounds", ojson::array())) {
      lr["round"] = command + " " + model + ": " + lr.value("round", "");
      later.push_back(std::move(lr));
    }
    steps.push_back({{"step", command},
                     {"model", model},
                     {"calls", whole(p, "calls")},
                     {"network_calls", whole(p, "network_calls")}});
    return p;
  };
  auto bound = [&](const std::string& round, const std::string& what, size_t n) {
    later.push_back({{"round", round}, {"what", what}, {"calls_at_most", n}});
  };
  auto predicted = add("predict", "every model", predict_args(r, configs, formats, out + "/steps/pred.json"));
  if (!predicted.ok()) return fail_input(predicted.error());
  const size_t items = whole(*predicted, "items");  // predict read the set: its preview counts the items
  const size_t strategies = r.text("--strategy") == "all" ? 5 : 1;
  const auto rounds = static_cast<size_t>(r.integer("--rounds"));
  std::vector<std::string> names;
  for (const auto& config : configs) {
    auto endpoint = read_chat_endpoint(config);
    if (!endpoint.ok()) return fail_input(endpoint.error());
    const std::string model = endpoint->settings.model;
    names.push_back(model);
    bound("errors " + model, "the Result Errors the rules leave open, with the question and both queries", items);
    if (tasks.count("debugging"))
      bound("debug " + model, "each wrong prediction with its strategy's information, each round",
            items * strategies * rounds);
    if (tasks.count("optimization")) {
      const size_t variants =
          r.has("--variant") ? r.all("--variant").size() : llm_tasks::all_optimize_variants().size();
      bound("optimize " + model, "each prediction (its question and query) in each prompt variant", items * variants);
    }
    if (tasks.count("sql-to-text"))
      if (auto st = add("describe", model, describe_args(r, config, out + "/steps/describe.json")); !st.ok())
        return fail_input(st.error());
    if (tasks.count("schema-linking"))
      for (const auto& [method, fk] : link_runs(r))
        if (auto st = add("link", model, link_args(r, config, method, fk, out + "/steps/link.json")); !st.ok())
          return fail_input(st.error());
  }
  if (tasks.count("cross-debugging")) {
    const size_t n = configs.size(), pairs = n * (n - 1) + (tasks.count("debugging") ? 0 : n);
    bound("cross-debug", "each model's wrong predictions debugged by every other model, one round",
          items * strategies * pairs);
  }
  ojson j;
  j["study"] = "llm-tasks";
  j["destination"] = destinations.empty() ? "" : destinations[0].value("base_url", "");
  j["model"] = names.empty() ? "" : names[0];
  j["destinations"] = destinations;
  j["calls"] = total;
  j["replayed"] = replayed;
  j["network_calls"] = total - replayed;
  j["estimated_prompt_tokens"] = tokens;
  j["prompts"] = prompts;
  j["later_rounds"] = later;
  j["steps"] = steps;
  j["items"] = items;
  std::cout << dump_json(j, 2) << "\n";
  return 0;
}

int llm_tasks_main(const FlagValues& r) {
  if (!r.positionals().empty()) return fail_input("unexpected argument '" + r.positionals()[0] + "'");
  for (const char* f : {"--gold", "--db-root", "--llm-config", "--out"})
    if (r.text(f).empty()) return fail_input(std::string("missing ") + f + "\n" + kStudyLlmTasksUsage);
  if (r.has("--format") && r.has("--formats")) return fail_input("give --format or --formats all, not both");
  if (r.has("--judge-config") && r.has("--no-judge")) return fail_input("give --judge-config or --no-judge, not both");
  std::vector<std::string> formats;
  if (r.has("--formats")) {
    for (const auto& f : runner::all_prompt_formats()) formats.push_back(f.name());
  } else {
    for (const auto& f : r.all("--format")) {
      if (auto p = runner::prompt_format_from_name(f); !p.ok()) return fail_input("--format '" + f + "': " + p.error());
      if (std::find(formats.begin(), formats.end(), f) == formats.end()) formats.push_back(f);
    }
    if (formats.empty()) formats.push_back("SimpleDDL-MD-Chat");
  }
  const std::string main_format = std::find(formats.begin(), formats.end(), "SimpleDDL-MD-Chat") != formats.end()
                                      ? "SimpleDDL-MD-Chat"
                                      : formats.front();
  std::set<std::string> tasks(kTasks.begin(), kTasks.end());
  if (r.has("--task")) {
    const auto given = r.all("--task");
    tasks = std::set<std::string>(given.begin(), given.end());
  }
  const std::vector<std::string> configs = r.all("--llm-config");
  if (r.has("--preview")) return preview_llm_tasks(r, formats, tasks, configs);
  const std::string out = r.text("--out"), steps = (fs::path(out) / "steps").string();
  if (auto st = prepare_study_out(out); !st.ok()) return fail_input(st.error());
  std::error_code ec;
  fs::create_directories(steps, ec);
  if (ec) return fail_input("cannot create " + steps + ": " + ec.message());
  auto step = [&](const std::string& file) { return (fs::path(steps) / file).string(); };

  // The words every model-calling step shares.
  const Args calls = passed_on_model_call_words(r);
  const Args scoring = {"--semantics", r.text("--semantics"), "--timeout-ms",
                        std::to_string(r.integer("--timeout-ms"))};

  // Text-to-SQL: one predict run with every model and format, as `predict` runs it.
  auto predicted = run_command_captured("predict", with(predict_args(r, configs, formats, step("pred.json")), calls));
  if (!predicted.ok()) return fail_input(predicted.error());
  const ojson& p = predicted->stdout_json;

  study::LlmTasksInputs in;
  in.semantics = r.text("--semantics");
  in.formats = formats;
  in.main_format = main_format;
  in.rounds = static_cast<int>(r.integer("--rounds"));
  std::vector<std::pair<std::string, ojson>> runs;  // model name and its {config, formats}
  if (p.contains("models")) {
    for (const auto& [name, m] : p["models"].items()) runs.push_back({name, m});
    // predict prints its models in its own key order; the configs' order is the user's.
    std::stable_sort(runs.begin(), runs.end(), [&](const auto& a, const auto& b) {
      const auto pos = [&](const std::string& c) { return std::find(configs.begin(), configs.end(), c); };
      return pos(a.second.value("config", "")) < pos(b.second.value("config", ""));
    });
  } else {
    // predict names a model only when there are several: one model is its config's "model", which predict read.
    auto endpoint = read_chat_endpoint(configs[0]);
    if (!endpoint.ok()) return fail_input(endpoint.error());
    runs.push_back({endpoint->settings.model, ojson{{"config", configs[0]}, {"formats", p.value("formats", ojson())}}});
  }
  const std::string ex_key = in.semantics == "spider" ? "ex_spider" : "ex_bird";
  int rc = predicted->exit_code;
  std::vector<std::map<std::string, std::string>> verdicts;  // per model: item id -> error kind
  std::vector<std::string> names, preds;                     // preds: each model's main-format predictions
  for (const auto& run : runs) names.push_back(run.first);
  const std::vector<std::string> stems = runner::file_safe_names(names);  // as predict names its files
  for (size_t model = 0; model < runs.size(); ++model) {
    const auto& [name, run] = runs[model];
    study::LlmTasksModel m;
    m.name = name;
    const std::string config = run.value("config", "");
    const ojson fs_ = run.value("formats", ojson::object());
    for (const auto& f : formats)
      if (fs_.contains(f))
        if (auto ex = number(fs_[f], ex_key.c_str())) m.format_ex[f] = *ex;
    if (!fs_.contains(main_format)) return fail_input("internal error: predict did not run " + main_format);
    const ojson& main = fs_[main_format];
    in.items = whole(main, "items");
    for (const auto& b : main.value("by_gold_tables", ojson::array()))
      m.by_gold_tables.push_back({b.value("tables", ""), whole(b, "n"), number(b, "ex").value_or(0)});
    const std::string pred = main.value("out", "");
    preds.push_back(pred);
    const std::string& stem = stems[model];
    size_t failed = 0;
    auto run_step = [&](const std::string& command, const Args& args) -> Result<ojson> {
      auto c = run_command_captured(command, args);
      if (!c.ok()) return Error{name + ": " + c.error()};
      failed += study::failed_model_calls(c->stdout_json);
      rc = std::max(rc, c->exit_code);
      return c->stdout_json;
    };

    Args errors = {"--gold",       r.text("--gold"),
                   "--pred",       pred,
                   "--db-root",    r.text("--db-root"),
                   "--out",        step("errors." + stem + ".json"),
                   "--llm-config", config};
    auto e = run_step("errors", with(with(errors, scoring), calls));
    if (!e.ok()) return fail_input(e.error());
    study::read_errors_report(*e, m);
    std::map<std::string, std::string> wrong;
    if (auto text = read_file(step("errors." + stem + ".json")); text.ok()) {
      const auto j = nlohmann::json::parse(*text, nullptr, false);
      if (j.is_object() && j.contains("items"))
        for (const auto& it : j["items"]) wrong[it.value("id", "")] = it.value("kind", it.value("class", "wrong"));
    }
    verdicts.push_back(std::move(wrong));

    if (tasks.count("debugging")) {
      Args debug = {"--gold",       r.text("--gold"),
                    "--pred",       pred,
                    "--db-root",    r.text("--db-root"),
                    "--llm-config", config,
                    "--out",        step("debug." + stem + ".json"),
                    "--strategy",   r.text("--strategy"),
                    "--rounds",     std::to_string(r.integer("--rounds"))};
      auto d = run_step("debug", with(with(debug, scoring), calls));
      if (!d.ok()) return fail_input(d.error());
      m.debug = study::read_debug_report(*d);
    }
    if (tasks.count("optimization")) {
      Args opt = {"--gold",       r.text("--gold"),
                  "--pred",       pred,
                  "--db-root",    r.text("--db-root"),
                  "--llm-config", config,
                  "--out",        step("optimize." + stem + ".json"),
                  "--iterations", std::to_string(r.integer("--iterations"))};
      for (const auto& v : r.all("--variant")) opt.insert(opt.end(), {"--variant", v});
      auto o = run_step("optimize", with(with(opt, scoring), calls));
      if (!o.ok()) return fail_input(o.error());
      study::read_optimize_report(*o, m);
    }
    if (tasks.count("sql-to-text")) {
      auto d = run_step("describe", with(describe_args(r, config, step("describe." + stem + ".json")), calls));
      if (!d.ok()) return fail_input(d.error());
      m.describe = study::read_describe_report(*d);
    }
    if (tasks.count("schema-linking"))
      for (const auto& [method, with_fk] : link_runs(r)) {
        const std::string file = step("link." + stem + "." + method + (with_fk ? ".fk" : "") + ".json");
        auto l = run_step("link", with(link_args(r, config, method, with_fk, file), calls));
        if (!l.ok()) return fail_input(l.error());
        m.link.push_back(study::read_link_report(method, with_fk, *l));
      }
    m.failed_calls = failed + study::failed_model_calls(p.contains("models") ? run : p);
    in.models.push_back(std::move(m));
  }

  // Table 5: every model debugs every model's wrong predictions for one round, with the strategies of --strategy. A
  // model on its own SQL is its self-debugging's round 1 when that ran, so the diagonal is not asked twice.
  if (tasks.count("cross-debugging"))
    for (size_t d = 0; d < runs.size(); ++d)
      for (size_t g = 0; g < runs.size(); ++g) {
        study::CrossDebugRun cell{names[d], names[g], in.models[g].wrong, {}};
        if (d == g && !in.models[d].debug.empty()) {
          cell.strategies = in.models[d].debug;
        } else {
          Args debug = {"--gold",       r.text("--gold"),
                        "--pred",       preds[g],
                        "--db-root",    r.text("--db-root"),
                        "--llm-config", runs[d].second.value("config", ""),
                        "--out",        step("debug." + stems[d] + ".on." + stems[g] + ".json"),
                        "--strategy",   r.text("--strategy"),
                        "--rounds",     "1"};
          auto c = run_command_captured("debug", with(with(debug, scoring), calls));
          if (!c.ok()) return fail_input(names[d] + " on " + names[g] + ": " + c.error());
          in.models[d].failed_calls += study::failed_model_calls(c->stdout_json);
          rc = std::max(rc, c->exit_code);
          cell.wrong = whole(c->stdout_json, "wrong");
          cell.strategies = study::read_debug_report(c->stdout_json);
        }
        in.cross_debug.push_back(std::move(cell));
      }

  // Per-item rows from the gold set, with each model's verdict on its main-format prediction.
  auto pairs =
      read_study_pairs(r.text("--gold"), runs.empty() ? "" : runs[0].second["formats"][main_format].value("out", ""));
  if (pairs.ok())
    for (const auto& pr : *pairs) {
      study::LlmTasksItem item{pr.id, pr.db_id, {}};
      for (const auto& v : verdicts) {
        const auto it = v.find(pr.id);
        item.verdicts.push_back(it == v.end() ? "1" : it->second);
      }
      in.item_rows.push_back(std::move(item));
    }

  auto report = study::llm_tasks_report(in);
  report.inputs = {{"gold", r.text("--gold")}, {"db-root", r.text("--db-root")}};
  for (const auto& [name, run] : runs) report.inputs.push_back({"model " + name, run.value("config", "")});
  report.inputs.push_back({"formats", [&] {
                             std::string s;
                             for (const auto& f : formats) s += (s.empty() ? "" : ", ") + f;
                             return s;
                           }()});
  report.inputs.push_back({"semantics", in.semantics});
  auto files = write_study_report(out, report);
  if (!files.ok()) return fail_input(files.error());

  const auto radar = study::llm_tasks_radar(in);
  ojson models = ojson::array();
  for (size_t k = 0; k < in.models.size(); ++k) {
    const auto& v = radar.series[k].values;
    auto cell = [&](size_t i) { return std::isfinite(v[i]) ? ojson(round2(v[i])) : ojson(); };
    models.push_back({{"name", in.models[k].name},
                      {"ex", cell(0)},
                      {"wrong", in.models[k].wrong},
                      {"debug_fixed", cell(1)},
                      {"best_ves", cell(2)},
                      {"sql_to_text", cell(3)},
                      {"best_res", cell(4)},
                      {"failed_calls", in.models[k].failed_calls}});
  }
  ojson summary;
  summary["study"] = "llm-tasks";
  summary["items"] = in.items;
  summary["main_format"] = main_format;
  summary["models"] = models;
  summary["out"] = out;
  summary["files"] = *files;
  std::cout << dump_json(summary, 2) << "\n";
  return rc;
}

const Registrar study_llm_tasks_registrar{
    {"study llm-tasks",
     "004's five tasks per model: formats, errors, debugging, optimisation, SQL-to-Text, "
     "schema linking (Tables 3-9, Figs. 2-5)",
     kStudyLlmTasksUsage, llm_tasks_flags, llm_tasks_main}};

}  // namespace
}  // namespace chokepoint::cli

// The llm-tasks study's tables and charts, laid out as 004 lays them out, with 004's columns beside ours.
#include "core/study/llm_tasks_study.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "core/study/llm_tasks_published.h"

namespace chokepoint::study {
namespace {

const double kNone = std::numeric_limits<double>::quiet_NaN();

Cell value_or_blank(std::optional<double> v) { return v ? number_cell(*v) : text_cell(""); }
Cell paper_cell(double v, double scale = 1.0) { return std::isnan(v) ? text_cell("") : number_cell(v * scale); }

std::string paper_name(const std::string& model) { return model + " (004)"; }

const LinkCell* find_link(const LlmTasksModel& m, const std::string& method, bool fk) {
  for (const auto& c : m.link)
    if (c.method == method && c.fk == fk) return &c;
  return nullptr;
}

const OptimizationCell* find_cell(const LlmTasksModel& m, const std::string& variant) {
  for (const auto& c : m.optimization)
    if (c.variant == variant) return &c;
  return nullptr;
}

// The strategy whose rounds stand for "debugging" in Fig. 5 and the radar: comment when run, else the last one.
const DebugStrategyRun* main_strategy(const LlmTasksModel& m) {
  for (const auto& s : m.debug)
    if (s.strategy == "comment") return &s;
  return m.debug.empty() ? nullptr : &m.debug.back();
}

bool any_of_models(const LlmTasksInputs& in, bool (*has)(const LlmTasksModel&)) {
  return std::any_of(in.models.begin(), in.models.end(), has);
}

std::string item_count(size_t n) { return std::to_string(n) + (n == 1 ? " item" : " items"); }

StudyTable formats_table(const LlmTasksInputs& in) {
  StudyTable t;
  t.id = "formats";
  t.title = "EX (%) of each prompt format and model (004 Table 3)";
  t.over = item_count(in.items) + " of the set for each format and model, " + in.semantics +
           " semantics; the (004) columns are the paper's, on Spider dev";
  t.columns = {"format"};
  for (const auto& m : in.models) t.columns.push_back(m.name);
  for (const auto& p : table3_format_ex()) t.columns.push_back(paper_name(p.model));
  // Ours in run order, then the paper's formats we did not run, so every published number has its row.
  std::vector<std::string> rows = in.formats;
  for (const auto& f : kTable3Formats)
    if (std::find(rows.begin(), rows.end(), f) == rows.end()) rows.push_back(f);
  for (const auto& f : rows) {
    std::vector<Cell> row{text_cell(f)};
    for (const auto& m : in.models) {
      const auto it = m.format_ex.find(f);
      row.push_back(it == m.format_ex.end() ? text_cell("") : number_cell(it->second));
    }
    const auto at = std::find(kTable3Formats.begin(), kTable3Formats.end(), f);
    for (const auto& p : table3_format_ex())
      row.push_back(at == kTable3Formats.end() ? text_cell("") : paper_cell(p.values[at - kTable3Formats.begin()]));
    t.rows.push_back(std::move(row));
  }
  return t;
}

StudyTable gold_tables_table(const LlmTasksInputs& in) {
  StudyTable t;
  t.id = "gold_tables";
  t.title = "EX (%) by the number of tables the gold query reads, " + in.main_format + " (004 Table 4)";
  t.over = item_count(in.items) + ", n per row; the (004) columns are the paper's, on BigTable-0.2k (50 items a row)";
  t.columns = {"gold tables", "n"};
  for (const auto& m : in.models) t.columns.push_back(m.name);
  for (const auto& p : table4_ex_by_gold_tables()) t.columns.push_back(paper_name(p.model));
  const std::vector<std::string> groups = {"1", "2", "3", ">3"};
  for (size_t g = 0; g <= groups.size(); ++g) {
    const bool total = g == groups.size();
    std::vector<Cell> row{text_cell(total ? "Total" : groups[g])};
    size_t n = in.items;
    if (!total) {
      n = 0;
      for (const auto& b : in.models.front().by_gold_tables)
        if (b.tables == groups[g]) n = b.n;
    }
    row.push_back(number_cell(static_cast<double>(n)));
    for (const auto& m : in.models) {
      std::optional<double> ex;
      if (total) {
        const auto it = m.format_ex.find(in.main_format);
        if (it != m.format_ex.end()) ex = it->second;
      } else {
        for (const auto& b : m.by_gold_tables)
          if (b.tables == groups[g] && b.n > 0) ex = b.ex;
      }
      row.push_back(value_or_blank(ex));
    }
    for (const auto& p : table4_ex_by_gold_tables()) row.push_back(paper_cell(p.values[g]));
    t.rows.push_back(std::move(row));
  }
  return t;
}

StudyTable errors_table(const LlmTasksInputs& in) {
  StudyTable t;
  t.id = "errors";
  t.title = "Errors of the wrong " + in.main_format +
            " predictions: System Errors by kind, Result Errors by "
            "subcategory (004 Fig. 3)";
  std::string over = "the items each model got wrong:";
  for (const auto& m : in.models) over += " " + m.name + " " + std::to_string(m.wrong) + ",";
  over.back() = ';';
  t.over = over + " the paper draws these as word clouds, without numbers";
  t.columns = {"error", "kind"};
  for (const auto& m : in.models) t.columns.push_back(m.name);
  std::vector<std::string> system, result;
  for (const auto& m : in.models) {
    for (const auto& [k, n] : m.system_errors)
      if (std::find(system.begin(), system.end(), k) == system.end()) system.push_back(k);
    for (const auto& [k, n] : m.result_errors)
      if (std::find(result.begin(), result.end(), k) == result.end()) result.push_back(k);
  }
  std::sort(system.begin(), system.end());
  const std::vector<std::string> order = {"table_query", "column_selection", "join_columns", "condition_filter",
                                          "data_processing"};
  std::stable_sort(result.begin(), result.end(), [&](const std::string& a, const std::string& b) {
    return std::find(order.begin(), order.end(), a) < std::find(order.begin(), order.end(), b);
  });
  auto add = [&](const std::string& cls, const std::string& kind, auto count) {
    std::vector<Cell> row{text_cell(cls), text_cell(kind)};
    for (const auto& m : in.models) row.push_back(number_cell(static_cast<double>(count(m))));
    t.rows.push_back(std::move(row));
  };
  auto get = [](const std::map<std::string, size_t>& m, const std::string& k) {
    const auto it = m.find(k);
    return it == m.end() ? size_t{0} : it->second;
  };
  for (const auto& k : system) add("System Error", k, [&](const LlmTasksModel& m) { return get(m.system_errors, k); });
  for (const auto& k : result) add("Result Error", k, [&](const LlmTasksModel& m) { return get(m.result_errors, k); });
  add("all", "wrong (EX = 0)", [](const LlmTasksModel& m) { return m.wrong; });
  return t;
}

StudyTable debug_strategies_table(const LlmTasksInputs& in) {
  StudyTable t;
  t.id = "debug_strategies";
  t.title =
      "Wrong SQL fixed by self-debugging (%), by strategy, after " + std::to_string(in.rounds) + " rounds (004 Fig. 4)";
  std::string over = "each model's own wrong predictions:";
  for (const auto& m : in.models) over += " " + m.name + " " + std::to_string(m.wrong) + ",";
  over.back() = ';';
  t.over = over + " the paper draws these as bars, without numbers";
  t.columns = {"strategy"};
  for (const auto& m : in.models) t.columns.push_back(m.name);
  std::vector<std::string> strategies;
  for (const auto& m : in.models)
    for (const auto& s : m.debug)
      if (std::find(strategies.begin(), strategies.end(), s.strategy) == strategies.end())
        strategies.push_back(s.strategy);
  for (const auto& name : strategies) {
    std::vector<Cell> row{text_cell(name)};
    for (const auto& m : in.models) {
      std::optional<double> v;
      for (const auto& s : m.debug)
        if (s.strategy == name && !s.rounds.empty()) v = s.rounds.back().ex_over_wrong;
      row.push_back(value_or_blank(v));
    }
    t.rows.push_back(std::move(row));
  }
  return t;
}

// Table 5 in the paper's layout: a block of strategy rows per debugger, a column per generator's wrong SQL. The
// paper's debuggers and generators are not ours, so their blocks follow ours with their own (004) columns.
StudyTable cross_debug_table(const LlmTasksInputs& in) {
  StudyTable t;
  t.id = "cross_debug";
  t.title = "Wrong SQL fixed (%) by one round of each model debugging each model's wrong SQL (004 Table 5)";
  std::vector<std::string> generators, debuggers, strategies;
  auto add = [](std::vector<std::string>& v, const std::string& x) {
    if (std::find(v.begin(), v.end(), x) == v.end()) v.push_back(x);
  };
  std::string over = "each column's percent is over that model's wrong SQL:";
  for (const auto& m : in.models) {
    generators.push_back(m.name);
    over += " " + m.name + " " + std::to_string(m.wrong) + ",";
  }
  for (const auto& run : in.cross_debug) {
    add(debuggers, run.debugger);
    for (const auto& s : run.strategies) add(strategies, s.strategy);
  }
  over.back() = ';';
  t.over = over + " the (004) rows and columns are the paper's debuggers and generators";
  t.columns = {"debugger", "strategy"};
  for (const auto& g : generators) t.columns.push_back(g);
  for (const auto& g : kTable5Generators) t.columns.push_back(paper_name(g));
  for (const auto& d : debuggers)
    for (const auto& name : strategies) {
      std::vector<Cell> row{text_cell(d), text_cell(name)};
      for (const auto& g : generators) {
        std::optional<double> v;
        for (const auto& run : in.cross_debug)
          if (run.debugger == d && run.generator == g)
            for (const auto& s : run.strategies)
              for (const auto& round : s.rounds)
                if (s.strategy == name && round.round == 1) v = round.ex_over_wrong;
        row.push_back(value_or_blank(v));
      }
      for (size_t k = 0; k < kTable5Generators.size(); ++k) row.push_back(text_cell(""));
      t.rows.push_back(std::move(row));
    }
  for (const auto& block : table5_cross_debug())
    for (size_t i = 0; i < kTable5Strategies.size(); ++i) {
      std::vector<Cell> row{text_cell(paper_name(block.debugger)), text_cell(kTable5Strategies[i])};
      for (size_t k = 0; k < generators.size(); ++k) row.push_back(text_cell(""));
      for (double v : block.rows[i]) row.push_back(paper_cell(v));
      t.rows.push_back(std::move(row));
    }
  return t;
}

StudyTable debug_rounds_table(const LlmTasksInputs& in) {
  StudyTable t;
  t.id = "debug_rounds";
  t.title = "Self-debugging round by round: wrong SQL fixed (%) and the errors still there, by kind (004 Fig. 5)";
  t.over =
      "each model's own wrong predictions, debugged with the comment strategy (else the last one run); round 0 "
      "is before debugging";
  t.columns = {"round", "measure"};
  for (const auto& m : in.models) t.columns.push_back(m.name);
  size_t rounds = 0;
  for (const auto& m : in.models)
    if (const auto* s = main_strategy(m)) rounds = std::max(rounds, s->rounds.size());
  const std::vector<std::string> kinds = {"table_query", "column_selection", "join_columns", "condition_filter",
                                          "data_processing"};
  for (size_t r = 0; r < rounds; ++r) {
    auto add = [&](const std::string& measure, auto value) {
      std::vector<Cell> row{number_cell(static_cast<double>(r)), text_cell(measure)};
      for (const auto& m : in.models) {
        const auto* s = main_strategy(m);
        row.push_back(s && r < s->rounds.size() ? number_cell(value(s->rounds[r])) : text_cell(""));
      }
      t.rows.push_back(std::move(row));
    };
    add("fixed (%)", [](const DebugRound& d) { return d.ex_over_wrong; });
    add("System Errors", [](const DebugRound& d) { return static_cast<double>(d.system_errors); });
    add("Result Errors", [](const DebugRound& d) { return static_cast<double>(d.result_errors); });
    for (const auto& k : kinds)
      add("  " + k, [&](const DebugRound& d) {
        const auto it = d.result_error_kinds.find(k);
        return it == d.result_error_kinds.end() ? 0.0 : static_cast<double>(it->second);
      });
  }
  return t;
}

StudyTable optimization_table(const LlmTasksInputs& in) {
  StudyTable t;
  t.id = "optimization";
  t.title = "SQL optimisation: VES and C-VES per method (004 Table 6)";
  t.over = item_count(in.items) +
           " for VES, each model's correct stage-one queries for C-VES; 'as 004' lets every "
           "rewrite replace its query, 'safe' only a rewrite that keeps the query's result; the (004) columns are "
           "the paper's, scored as 004 scores them";
  t.columns = {"method", "metric"};
  for (const auto& m : in.models) t.columns.push_back(m.name);
  for (const auto& p : table6_optimization()) t.columns.push_back(paper_name(p.model));
  std::vector<std::string> variants = {"baseline"};
  for (const auto& m : in.models)
    for (const auto& c : m.optimization)
      if (std::find(variants.begin(), variants.end(), c.variant) == variants.end()) variants.push_back(c.variant);
  auto published = [&](const std::string& variant, const std::string& metric, std::vector<Cell>& row) {
    size_t at = kTable6Rows.size();
    for (size_t i = 0; i < kTable6Rows.size(); ++i)
      if (kTable6Rows[i].variant == variant && kTable6Rows[i].metric == metric) at = i;
    for (const auto& p : table6_optimization())
      row.push_back(at == kTable6Rows.size() ? text_cell("") : paper_cell(p.values[at]));
  };
  for (const auto& v : variants) {
    const bool base = v == "baseline";
    for (const std::string metric : {"VES", "C-VES"})
      for (const bool safe : {false, true}) {
        if (base && safe) continue;  // the baseline rewrites nothing: one view
        std::vector<Cell> row{text_cell(v), text_cell(base ? metric : metric + (safe ? " (safe)" : " (as 004)"))};
        for (const auto& m : in.models) {
          std::optional<double> x;
          if (base) {
            x = metric == "VES" ? m.baseline_ves : m.baseline_c_ves;
          } else if (const auto* c = find_cell(m, v)) {
            if (safe)
              x = metric == "VES" ? c->ves : c->c_ves;
            else
              x = metric == "VES" ? c->published_ves : c->published_c_ves;
          }
          row.push_back(value_or_blank(x));
        }
        if (safe) {
          for (size_t k = 0; k < table6_optimization().size(); ++k) row.push_back(text_cell(""));
        } else {
          published(v, metric, row);
        }
        t.rows.push_back(std::move(row));
      }
  }
  return t;
}

StudyTable sql_to_text_table(const LlmTasksInputs& in) {
  StudyTable t;
  t.id = "sql_to_text";
  t.title = "SQL-to-Text: ROUGE F1 (x 100) and the judge's verdict (004 Table 7)";
  t.over =
      "the gold queries of the set, each described by the model; the judge asks whether the described question "
      "and the item's ask the same (both orders, averaged); the (004) columns are the paper's";
  t.columns = {"measure"};
  for (const auto& m : in.models) t.columns.push_back(m.name);
  for (const auto& p : table7_sql_to_text()) t.columns.push_back(paper_name(p.model));
  struct Row {
    const char* name;
    int paper;  // row of Table 7, -1 for none
    double scale;
    std::optional<double> (*ours)(const DescribeScores&);
  };
  const Row rows[] = {
      {"ROUGE-1", 0, 100, [](const DescribeScores& d) -> std::optional<double> { return 100 * d.rouge1; }},
      {"ROUGE-2", 1, 100, [](const DescribeScores& d) -> std::optional<double> { return 100 * d.rouge2; }},
      {"ROUGE-L", 2, 100, [](const DescribeScores& d) -> std::optional<double> { return 100 * d.rouge_l; }},
      {"BERTScore (not computed here)", 3, 100, [](const DescribeScores&) -> std::optional<double> { return {}; }},
      {"embedding cosine (x 100)", -1, 1,
       [](const DescribeScores& d) -> std::optional<double> {
         return d.cosine ? std::optional<double>(100 * *d.cosine) : std::nullopt;
       }},
      {"judged the same question (%); 004: ChatGPT as judge", 4, 1, [](const DescribeScores& d) { return d.judge; }},
      {"004: InternLM2 as judge (%)", 5, 1, [](const DescribeScores&) -> std::optional<double> { return {}; }},
  };
  for (const auto& r : rows) {
    std::vector<Cell> row{text_cell(r.name)};
    for (const auto& m : in.models) row.push_back(value_or_blank(m.describe ? r.ours(*m.describe) : std::nullopt));
    for (const auto& p : table7_sql_to_text())
      row.push_back(r.paper < 0 ? text_cell("") : paper_cell(p.values[r.paper], r.scale));
    t.rows.push_back(std::move(row));
  }
  return t;
}

// Tables 8 and 9: one row per method (and measure), a w/o-fk and a w/-fk column per model.
StudyTable linking_table(const LlmTasksInputs& in, bool matches) {
  StudyTable t;
  t.id = matches ? "linking_matches" : "linking_res";
  t.title = matches ? "Schema linking: subset and exact match of the tables (%) (004 Table 9)"
                    : "Schema linking: RES (x 100) per method, without and with foreign keys (004 Table 8)";
  t.over = "the scored items (gold query parsed, reading a table) of each run; the (004) columns are the paper's";
  t.columns = {"method"};
  if (matches) t.columns.push_back("measure");
  std::vector<std::pair<const LlmTasksModel*, bool>> ours;
  for (const auto& m : in.models)
    for (bool fk : {false, true})
      if (std::any_of(m.link.begin(), m.link.end(), [&](const LinkCell& c) { return c.fk == fk; })) {
        ours.push_back({&m, fk});
        t.columns.push_back(m.name + (fk ? " w/ fk" : " w/o fk"));
      }
  const auto& paper = matches ? table9_matches() : table8_res();
  for (const auto& p : paper) t.columns.push_back(p.model + (p.fk ? " w/ fk" : " w/o fk") + " (004)");
  const std::vector<std::string> measures =
      matches ? std::vector<std::string>{"subset", "exact"} : std::vector<std::string>{"res"};
  for (size_t k = 0; k < kLinkMethods.size(); ++k)
    for (size_t j = 0; j < measures.size(); ++j) {
      const auto& method = kLinkMethods[k];
      std::vector<Cell> row{text_cell(method)};
      if (matches) row.push_back(text_cell(measures[j] + " match"));
      for (const auto& [m, fk] : ours) {
        const LinkCell* c = find_link(*m, method, fk);
        const double v = !c ? kNone : measures[j] == "res" ? c->res : measures[j] == "subset" ? c->subset : c->exact;
        row.push_back(c ? number_cell(100 * v) : text_cell(""));
      }
      for (const auto& p : paper) row.push_back(paper_cell(p.values[k * measures.size() + j], 100));
      t.rows.push_back(std::move(row));
    }
  return t;
}

StudyChart debug_chart(const LlmTasksInputs& in, const StudyTable& strategies) {
  StudyChart c;
  c.id = "debug_strategies";
  c.title = "Wrong SQL fixed by each self-debugging strategy (004 Fig. 4)";
  c.y_label = "fixed (%)";
  for (const auto& row : strategies.rows) c.categories.push_back(row[0].text);
  for (size_t m = 0; m < in.models.size(); ++m) {
    ChartSeries s{in.models[m].name, {}};
    for (const auto& row : strategies.rows) s.values.push_back(row[m + 1].is_number ? row[m + 1].number : kNone);
    c.series.push_back(std::move(s));
  }
  return c;
}

}  // namespace

StudyChart llm_tasks_radar(const LlmTasksInputs& in) {
  StudyChart c;
  c.id = "tasks";
  c.title = "Each model across the five tasks (004 Fig. 2)";
  c.kind = ChartKind::Radar;
  c.y_label = "percent (VES for optimisation)";
  bool judged = true;
  for (const auto& m : in.models)
    if (m.describe && !m.describe->judge) judged = false;
  c.categories = {"Text-to-SQL: EX (%)", "Debugging: wrong SQL fixed (%)", "Optimisation: best VES (as 004)",
                  judged ? "SQL-to-Text: judged the same (%)" : "SQL-to-Text: ROUGE-L F1 (x 100)",
                  "Schema linking: best RES (x 100)"};
  for (const auto& m : in.models) {
    ChartSeries s{m.name, std::vector<double>(5, kNone)};
    if (const auto it = m.format_ex.find(in.main_format); it != m.format_ex.end()) s.values[0] = it->second;
    if (const auto* d = main_strategy(m); d && !d->rounds.empty()) s.values[1] = d->rounds.back().ex_over_wrong;
    for (const auto& o : m.optimization)
      if (o.published_ves && (std::isnan(s.values[2]) || *o.published_ves > s.values[2]))
        s.values[2] = *o.published_ves;
    if (m.describe) s.values[3] = judged ? *m.describe->judge : 100 * m.describe->rouge_l;
    for (const auto& l : m.link)
      if (std::isnan(s.values[4]) || 100 * l.res > s.values[4]) s.values[4] = 100 * l.res;
    c.series.push_back(std::move(s));
  }
  return c;
}

StudyReport llm_tasks_report(const LlmTasksInputs& in) {
  StudyReport r;
  r.study = "llm-tasks";
  r.title = "The five LLM tasks of 004: Text-to-SQL, debugging, optimisation, SQL-to-Text and schema linking";
  if (in.models.empty()) return r;
  r.notes.push_back("Debugging, optimisation and the error taxonomy use each model's own " + in.main_format +
                    " predictions, as 004 does; EX is under " + in.semantics + " semantics.");
  r.notes.push_back(
      "The (004) columns are the paper's models on its sets (Spider dev for Table 3, BigTable-0.2k for "
      "the others); ours are the models and set given here, so they compare in kind, not item for "
      "item.");
  for (const auto& m : in.models)
    if (m.failed_calls)
      r.notes.push_back(m.name + ": " + std::to_string(m.failed_calls) +
                        " model calls failed or were cut by a budget; their items count as wrong (no answer), as "
                        "each step's report in steps/ says.");
  r.tables.push_back(formats_table(in));
  r.tables.push_back(gold_tables_table(in));
  r.tables.push_back(errors_table(in));
  if (any_of_models(in, [](const LlmTasksModel& m) { return !m.debug.empty(); })) {
    r.tables.push_back(debug_strategies_table(in));
    r.charts.push_back(debug_chart(in, r.tables.back()));
    r.tables.push_back(debug_rounds_table(in));
  }
  if (!in.cross_debug.empty()) r.tables.push_back(cross_debug_table(in));
  if (any_of_models(in, [](const LlmTasksModel& m) { return !m.optimization.empty(); }))
    r.tables.push_back(optimization_table(in));
  if (any_of_models(in, [](const LlmTasksModel& m) { return m.describe.has_value(); }))
    r.tables.push_back(sql_to_text_table(in));
  if (any_of_models(in, [](const LlmTasksModel& m) { return !m.link.empty(); })) {
    r.tables.push_back(linking_table(in, false));
    r.tables.push_back(linking_table(in, true));
  }
  r.charts.insert(r.charts.begin(), llm_tasks_radar(in));
  r.items.id = "items";
  r.items.title = "Each item's " + in.main_format + " verdict per model";
  r.items.over = item_count(in.items);
  r.items.columns = {"id", "db_id"};
  for (const auto& m : in.models) r.items.columns.push_back(m.name);
  for (const auto& it : in.item_rows) {
    std::vector<Cell> row{text_cell(it.id), text_cell(it.db_id)};
    for (size_t k = 0; k < in.models.size(); ++k)
      row.push_back(text_cell(k < it.verdicts.size() ? it.verdicts[k] : ""));
    r.items.rows.push_back(std::move(row));
  }
  return r;
}

}  // namespace chokepoint::study

// The jqe-delta study from evaluated seeds and expansions.
#include "core/study/jqe_delta_study.h"

#include <map>
#include <set>

namespace chokepoint::study {

namespace {

bool scored(const ItemEvaluation& it) { return it.status == ItemStatus::Scored; }

// Thesis Table 3.6 and SQLMorph Table IV publish the same numbers: BIRD dev (1534 items), the 30 seeds that were
// expanded and their 58 expansions, with GPT-4o behind each system.
struct PublishedEx {
  const char* system;
  double dev, ori, exp;
};
const PublishedEx kTable36[] = {
    {"CHESS", 64.86, 63.33, 44.83}, {"DIN-SQL", 59.11, 60.00, 32.76}, {"MAC-SQL", 55.90, 40.00, 39.66}};

// Thesis Table 3.7: ΔEX over the 58 expansions, in percent: +1, -1, 0 | EX_ori = 1, 0 | EX_ori = 0.
struct PublishedDelta {
  const char* system;
  double plus, minus, zero_correct, zero_wrong;
};
const PublishedDelta kTable37[] = {{"CHESS", 8.62, 18.97, 36.21, 36.21},
                                   {"DIN-SQL", 5.17, 24.14, 27.59, 43.10},
                                   {"MAC-SQL", 17.24, 8.62, 22.41, 51.72}};
// SQLMorph Table V gives ΔEX = 0 as one column: the sum of Table 3.7's two ΔEX = 0 columns.
const double kTableVZero[] = {72.42, 70.69, 74.13};

const int kShapes[4][2] = {{2, 1}, {3, 2}, {4, 3}, {5, 4}};

std::string shape_label(int v, int e) { return "(" + std::to_string(v) + "," + std::to_string(e) + ")"; }

std::string status_text(const ItemEvaluation& it) { return item_status_name(it.status); }

// "2 of 30 seeds not scored: 1 gold failed, 1 no database"; empty when every item was scored.
std::string unscored_note(const std::string& what, const std::vector<ItemEvaluation>& items) {
  size_t gold = 0, no_db = 0;
  for (const auto& it : items) {
    gold += it.status == ItemStatus::GoldError;
    no_db += it.status == ItemStatus::NoDatabase;
  }
  if (!gold && !no_db) return "";
  return std::to_string(gold + no_db) + " of " + std::to_string(items.size()) + " " + what +
         " not scored: " + std::to_string(gold) + " gold failed, " + std::to_string(no_db) + " no database.";
}

// A percent, or an empty cell when there is nothing to take it over.
Cell percent_cell(size_t part, size_t whole) { return whole ? number_cell(percent(part, whole)) : text_cell(""); }

}  // namespace

std::vector<ShapeBucket> shape_buckets(const std::vector<ItemEvaluation>& expansions,
                                       const std::vector<ExpansionShape>& shapes) {
  std::vector<ShapeBucket> out;
  std::vector<std::vector<size_t>> members(4);
  for (int k = 0; k < 4; ++k) out.push_back({kShapes[k][0], kShapes[k][1], 0, 0, 0, 0});
  for (size_t i = 0; i < expansions.size() && i < shapes.size(); ++i) {
    if (!scored(expansions[i])) continue;
    for (int k = 0; k < 4; ++k)
      if (shapes[i].nodes == kShapes[k][0] && shapes[i].edges == kShapes[k][1]) members[k].push_back(i);
  }
  size_t smallest = 0;
  for (const auto& m : members)
    if (!m.empty() && (smallest == 0 || m.size() < smallest)) smallest = m.size();
  for (int k = 0; k < 4; ++k) {
    auto& b = out[k];
    b.available = members[k].size();
    for (size_t j = 0; j < members[k].size(); ++j) {
      const bool ex = expansions[members[k][j]].ex;
      b.correct += ex;
      if (j < smallest) {
        ++b.sample;
        b.sample_correct += ex;
      }
    }
  }
  return out;
}

Result<std::vector<size_t>> seeds_of_expansions(const std::vector<std::string>& seed_ids,
                                                const std::vector<ExpansionShape>& shapes) {
  std::map<std::string, size_t> index;
  for (size_t i = 0; i < seed_ids.size(); ++i)
    if (!index.emplace(seed_ids[i], i).second) return Error{"seed id '" + seed_ids[i] + "' is given twice"};
  std::vector<size_t> out;
  for (size_t i = 0; i < shapes.size(); ++i) {
    auto it = index.find(shapes[i].seed_id);
    if (it == index.end())
      return Error{"expansion " + std::to_string(i) + " names seed '" + shapes[i].seed_id +
                   "', which is not in the seed set"};
    out.push_back(it->second);
  }
  return out;
}

Result<JqeDeltaStudy> jqe_delta_study(const JqeDeltaInputs& in) {
  if (in.seeds.size() != in.seed_ids.size())
    return Error{"seeds: " + std::to_string(in.seeds.size()) + " evaluations for " +
                 std::to_string(in.seed_ids.size()) + " seeds"};
  if (in.expansions.size() != in.shapes.size())
    return Error{"expansions: " + std::to_string(in.expansions.size()) + " evaluations for " +
                 std::to_string(in.shapes.size()) + " expansions"};
  if (!in.seed_edges.empty() && in.seed_edges.size() != in.seeds.size())
    return Error{"seed join counts are not aligned with the seeds"};
  auto origin = seeds_of_expansions(in.seed_ids, in.shapes);
  if (!origin.ok()) return Error{origin.error()};

  JqeDeltaStudy out;
  JqeDeltaNumbers& n = out.numbers;
  // EX_dev: every scored seed (thesis Table 3.6's "full development set").
  n.seeds = in.seeds.size();
  for (const auto& s : in.seeds)
    if (scored(s)) {
      ++n.seeds_scored;
      n.seeds_correct += s.ex;
    }
  // EX_ori: the seeds with at least one expansion (the thesis' 30 originals).
  std::vector<size_t> expansions_per_seed(in.seeds.size(), 0);
  for (size_t s : *origin) ++expansions_per_seed[s];
  for (size_t s = 0; s < in.seeds.size(); ++s) {
    if (!expansions_per_seed[s]) continue;
    ++n.originals;
    if (scored(in.seeds[s])) {
      ++n.originals_scored;
      n.originals_correct += in.seeds[s].ex;
    }
  }
  // EX_exp and the transitions: each expansion against its own seed, both scored.
  n.expansions = in.expansions.size();
  std::vector<ExTransition> pairs;
  size_t seed_failed = 0, expansion_failed = 0;
  for (size_t i = 0; i < in.expansions.size(); ++i) {
    const auto& e = in.expansions[i];
    if (scored(e)) {
      ++n.expansions_scored;
      n.expansions_correct += e.ex;
    }
    const auto& s = in.seeds[(*origin)[i]];
    if (!scored(e))
      ++expansion_failed;
    else if (!scored(s))
      ++seed_failed;
    else
      pairs.push_back({s.ex, e.ex});
  }
  n.ex_dev = percent(n.seeds_correct, n.seeds_scored);
  n.ex_ori = percent(n.originals_correct, n.originals_scored);
  n.ex_exp = percent(n.expansions_correct, n.expansions_scored);
  n.transitions = delta_ex_table(pairs);
  n.pairs_skipped = seed_failed + expansion_failed;
  n.shapes = shape_buckets(in.expansions, in.shapes);

  StudyReport& r = out.report;
  r.study = "jqe-delta";
  r.title = "Join query expansion: EX of " + in.system + " on seeds and expansions";
  r.notes.push_back(
      "EX is the percent of scored items; an item whose gold query fails or whose database is missing "
      "is not scored (decisions.md §7) and is counted in each table's line.");
  if (auto note = unscored_note("seeds", in.seeds); !note.empty()) r.notes.push_back(note);
  if (auto note = unscored_note("expansions", in.expansions); !note.empty()) r.notes.push_back(note);
  if (seed_failed)
    r.notes.push_back(std::to_string(seed_failed) +
                      " scored expansions left out of ΔEX because their seed was not scored.");

  // Table 3.6 / IV.
  StudyTable ex;
  ex.id = "ex_sets";
  ex.title = "EX on the seed set, the expanded seeds and the expansions (thesis Table 3.6, SQLMorph Table IV)";
  ex.over = "EX_dev over " + std::to_string(n.seeds_scored) + " scored seeds of " + std::to_string(n.seeds) +
            "; EX_ori over " + std::to_string(n.originals_scored) + " scored of the " + std::to_string(n.originals) +
            " seeds with at least one expansion; EX_exp over " + std::to_string(n.expansions_scored) +
            " scored expansions of " + std::to_string(n.expansions) +
            ". Published: BIRD dev, 1534 items, 30 seeds, 58 expansions, GPT-4o.";
  ex.columns = {"system", "n_dev", "EX_dev (%)", "n_ori", "EX_ori (%)", "n_exp", "EX_exp (%)"};
  ex.rows.push_back({text_cell(in.system), number_cell(static_cast<double>(n.seeds_scored)), number_cell(n.ex_dev),
                     number_cell(static_cast<double>(n.originals_scored)), number_cell(n.ex_ori),
                     number_cell(static_cast<double>(n.expansions_scored)), number_cell(n.ex_exp)});
  for (const auto& p : kTable36)
    ex.published.push_back({"thesis Table 3.6 = SQLMorph Table IV",
                            {text_cell(p.system), number_cell(1534), number_cell(p.dev), number_cell(30),
                             number_cell(p.ori), number_cell(58), number_cell(p.exp)}});
  r.tables.push_back(ex);

  // Table 3.7 / V.
  const DeltaExTable& t = n.transitions;
  StudyTable tr;
  tr.id = "transitions";
  tr.title = "ΔEX of each expansion against its own seed (thesis Table 3.7, SQLMorph Table V)";
  tr.over = std::to_string(t.n) + " expansions scored together with their seed (" + std::to_string(n.pairs_skipped) +
            " left out: " + std::to_string(expansion_failed) + " expansions and " + std::to_string(seed_failed) +
            " seeds not scored); a seed with k expansions counts k times. Published: 58 expansions.";
  tr.columns = {"system",         "n",          "ΔEX=+1",         "ΔEX=+1 (%)", "ΔEX=-1", "ΔEX=-1 (%)", "ΔEX=0|EX=1",
                "ΔEX=0|EX=1 (%)", "ΔEX=0|EX=0", "ΔEX=0|EX=0 (%)", "ΔEX=0 (%)"};
  auto count = [](size_t v) { return number_cell(static_cast<double>(v)); };
  tr.rows.push_back({text_cell(in.system), count(t.n), count(t.improved), number_cell(t.percent(t.improved)),
                     count(t.degraded), number_cell(t.percent(t.degraded)), count(t.kept_correct),
                     number_cell(t.percent(t.kept_correct)), count(t.kept_wrong), number_cell(t.percent(t.kept_wrong)),
                     number_cell(t.percent(t.kept_correct + t.kept_wrong))});
  for (size_t k = 0; k < 3; ++k) {
    const auto& p = kTable37[k];
    tr.published.push_back(
        {"thesis Table 3.7",
         {text_cell(p.system), number_cell(58), text_cell(""), number_cell(p.plus), text_cell(""), number_cell(p.minus),
          text_cell(""), number_cell(p.zero_correct), text_cell(""), number_cell(p.zero_wrong), text_cell("")}});
  }
  for (size_t k = 0; k < 3; ++k) {
    const auto& p = kTable37[k];
    tr.published.push_back(
        {"SQLMorph Table V",
         {text_cell(p.system), number_cell(58), text_cell(""), number_cell(p.plus), text_cell(""), number_cell(p.minus),
          text_cell(""), text_cell(""), text_cell(""), text_cell(""), number_cell(kTableVZero[k])}});
  }
  r.tables.push_back(tr);

  // EX by joins (SQLMorph Fig. 3 plots it on the balanced sample; it publishes no numbers).
  std::vector<bool> seed_ex, exp_ex;
  std::vector<int> seed_joins, exp_joins;
  for (size_t s = 0; s < in.seeds.size(); ++s)
    if (scored(in.seeds[s])) {
      seed_ex.push_back(in.seeds[s].ex);
      seed_joins.push_back(in.seed_edges.empty() ? -1 : in.seed_edges[s]);
    }
  for (size_t i = 0; i < in.expansions.size(); ++i)
    if (scored(in.expansions[i])) {
      exp_ex.push_back(in.expansions[i].ex);
      exp_joins.push_back(in.shapes[i].edges);
    }
  auto seed_buckets = ex_by_joins(seed_ex, seed_joins);
  auto exp_buckets = ex_by_joins(exp_ex, exp_joins);
  std::map<int, std::pair<JoinBucket, JoinBucket>> by_joins;
  if (seed_buckets.ok())
    for (const auto& b : *seed_buckets) by_joins[b.joins].first = b;
  if (exp_buckets.ok())
    for (const auto& b : *exp_buckets) by_joins[b.joins].second = b;
  size_t seeds_unknown = 0, exp_unknown = 0;
  for (int j : seed_joins) seeds_unknown += j < 0;
  for (int j : exp_joins) exp_unknown += j < 0;
  StudyTable joins;
  joins.id = "ex_by_joins";
  joins.title = "EX by number of joins (SQLMorph Fig. 3; a join is an edge of the main join query graph)";
  joins.over = "scored seeds and scored expansions; " + std::to_string(seeds_unknown) + " seeds and " +
               std::to_string(exp_unknown) +
               " expansions whose SQL did not give a join query graph are left out. The papers publish this as a "
               "figure only, with no numbers.";
  joins.columns = {"joins", "seeds", "seeds EX (%)", "expansions", "expansions EX (%)"};
  StudyChart joins_chart{"ex_by_joins", "EX by number of joins", "EX (%)", ChartKind::Bars, {}, {}};
  ChartSeries seeds_series{"seeds", {}}, exp_series{"expansions", {}};
  for (const auto& [j, b] : by_joins) {
    joins.rows.push_back({number_cell(j), count(b.first.n), percent_cell(b.first.correct, b.first.n), count(b.second.n),
                          percent_cell(b.second.correct, b.second.n)});
    joins_chart.categories.push_back(std::to_string(j));
    seeds_series.values.push_back(b.first.ex());
    exp_series.values.push_back(b.second.ex());
  }
  joins_chart.series = {seeds_series, exp_series};
  r.tables.push_back(joins);

  // Table 3.8: the four shapes and the balanced sample.
  StudyTable shapes;
  shapes.id = "shape_sample";
  shapes.title =
      "EX by join-graph shape (V,E) and the balanced sample (thesis Table 3.8; the sample of SQLMorph Fig. 3)";
  size_t sample_total = 0;
  for (const auto& b : n.shapes) sample_total += b.sample;
  shapes.over =
      "scored expansions of each shape; the balanced sample takes the first m of each group in file "
      "order, m = the smallest non-empty group (" +
      std::to_string(sample_total) +
      " in all); balanced by shape only, not by conditions, projections or databases as the papers did. "
      "Published: 102 per group (thesis), 120 per group (SQLMorph).";
  shapes.columns = {"(V,E)", "available", "EX (%)", "sample", "sample EX (%)"};
  StudyChart shape_chart{"ex_by_shape", "EX by join-graph shape (V,E)", "EX (%)", ChartKind::Bars, {}, {}};
  ChartSeries all_series{"all of the shape", {}}, sample_series{"balanced sample", {}};
  for (const auto& b : n.shapes) {
    const std::string label = shape_label(b.nodes, b.edges);
    shapes.rows.push_back({text_cell(label), count(b.available), percent_cell(b.correct, b.available), count(b.sample),
                           percent_cell(b.sample_correct, b.sample)});
    shapes.published.push_back(
        {"thesis Table 3.8", {text_cell(label), text_cell(""), text_cell(""), number_cell(102), text_cell("")}});
    shapes.published.push_back(
        {"SQLMorph Fig. 3 sample", {text_cell(label), text_cell(""), text_cell(""), number_cell(120), text_cell("")}});
    shape_chart.categories.push_back(label);
    all_series.values.push_back(percent(b.correct, b.available));
    sample_series.values.push_back(percent(b.sample_correct, b.sample));
  }
  shape_chart.series = {all_series, sample_series};
  r.tables.push_back(shapes);

  // Charts: ours beside the published systems.
  StudyChart ex_chart{"ex_sets",       "EX_dev, EX_ori and EX_exp",    "EX (%)",
                      ChartKind::Bars, {"EX_dev", "EX_ori", "EX_exp"}, {{in.system, {n.ex_dev, n.ex_ori, n.ex_exp}}}};
  for (const auto& p : kTable36)
    ex_chart.series.push_back({std::string(p.system) + " (published)", {p.dev, p.ori, p.exp}});
  StudyChart tr_chart{
      "transitions",
      "ΔEX of expansions against their seeds",
      "expansions (%)",
      ChartKind::Bars,
      {"ΔEX=+1", "ΔEX=-1", "ΔEX=0|EX=1", "ΔEX=0|EX=0"},
      {{in.system,
        {t.percent(t.improved), t.percent(t.degraded), t.percent(t.kept_correct), t.percent(t.kept_wrong)}}}};
  for (const auto& p : kTable37)
    tr_chart.series.push_back(
        {std::string(p.system) + " (published)", {p.plus, p.minus, p.zero_correct, p.zero_wrong}});
  r.charts = {ex_chart, tr_chart, joins_chart, shape_chart};

  // Per-item rows: the seeds, then the expansions with their seed.
  r.items.id = "items";
  r.items.columns = {"kind",    "id",       "db_id", "seed_id", "status", "ex",
                     "seed_ex", "delta_ex", "nodes", "edges",   "message"};
  for (size_t s = 0; s < in.seeds.size(); ++s) {
    const auto& it = in.seeds[s];
    const int edges = in.seed_edges.empty() ? -1 : in.seed_edges[s];
    r.items.rows.push_back({text_cell("seed"), text_cell(in.seed_ids[s]), text_cell(it.db_id), text_cell(""),
                            text_cell(status_text(it)), scored(it) ? number_cell(it.ex) : text_cell(""), text_cell(""),
                            text_cell(""), text_cell(""), edges >= 0 ? number_cell(edges) : text_cell(""),
                            text_cell(it.message)});
  }
  for (size_t i = 0; i < in.expansions.size(); ++i) {
    const auto& it = in.expansions[i];
    const auto& s = in.seeds[(*origin)[i]];
    const bool both = scored(it) && scored(s);
    r.items.rows.push_back(
        {text_cell("expansion"), text_cell(it.id), text_cell(it.db_id), text_cell(in.shapes[i].seed_id),
         text_cell(status_text(it)), scored(it) ? number_cell(it.ex) : text_cell(""),
         scored(s) ? number_cell(s.ex) : text_cell(""),
         both ? number_cell(static_cast<int>(it.ex) - static_cast<int>(s.ex)) : text_cell(""),
         in.shapes[i].nodes >= 0 ? number_cell(in.shapes[i].nodes) : text_cell(""),
         in.shapes[i].edges >= 0 ? number_cell(in.shapes[i].edges) : text_cell(""), text_cell(it.message)});
  }
  return out;
}

}  // namespace chokepoint::study

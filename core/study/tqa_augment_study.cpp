// The tqa-augment study from evaluated variants, hiding tallies and attribute mentions.
#include "core/study/tqa_augment_study.h"

#include <limits>
#include <set>

#include "core/base/text.h"
#include "core/metrics/transitions.h"
#include "core/study/aligned_items.h"

namespace chokepoint::study {

namespace {

// Thesis Table 4.3: hiding score (%) per split and technique, question then evidence.
struct PublishedHiding {
  const char* split;
  const char* strategy;
  double question, evidence;
};
const PublishedHiding kTable43[] = {
    {"train", "SR", 100, 100}, {"train", "BT", 96, 100},  {"train", "CA", 94, 89.3},
    {"dev", "SR", 99.2, 100},  {"dev", "BT", 99.2, 90.7}, {"dev", "CA", 100, 88.9},
    {"test", "SR", 100, 100},  {"test", "BT", 97.2, 100}, {"test", "CA", 97.2, 82.2},
};

// Thesis Table 4.5: EX (%) of three systems on the 106 test items, original then SR, BT, CA.
struct PublishedEx {
  const char* system;
  double ex[4];
};
const PublishedEx kTable45[] = {
    {"CHESS", {63.21, 62.26, 63.21, 63.21}},
    {"DIN-SQL", {58.49, 60.38, 62.26, 61.32}},
    {"MAC-SQL", {56.60, 54.72, 56.60, 50.94}},
};

// Thesis Table 4.6: percent of items per ΔEX class, per system and technique: +1, 0|EX=1, 0|EX=0, -1.
struct PublishedDelta {
  const char* system;
  const char* technique;
  double plus, kept_correct, kept_wrong, minus;
};
const PublishedDelta kTable46[] = {
    {"CHESS", "SR", 1.89, 60.38, 34.91, 2.83},   {"CHESS", "BT", 2.83, 60.38, 33.96, 2.83},
    {"CHESS", "CA", 2.83, 60.38, 33.96, 2.83},   {"DIN-SQL", "SR", 6.6, 53.77, 34.91, 4.72},
    {"DIN-SQL", "BT", 6.6, 55.66, 34.91, 2.83},  {"DIN-SQL", "CA", 5.66, 55.66, 35.85, 2.83},
    {"MAC-SQL", "SR", 3.81, 51.43, 39.05, 5.71}, {"MAC-SQL", "BT", 5.66, 50.94, 37.74, 5.66},
    {"MAC-SQL", "CA", 3.77, 47.17, 39.62, 9.43},
};

// Thesis Table 4.8: attribute mentions (%) per split and variant: join in Qs, proj/filter in Qs, join in Evs,
// proj/filter in Evs; 125 dev and 106 test queries.
struct PublishedAttributes {
  const char* split;
  const char* variant;
  double queries, jq, oq, je, oe;
};
const PublishedAttributes kTable48[] = {
    {"dev", "original", 125, 63.2, 22.4, 68.0, 30.3},  {"dev", "SR", 125, 30.4, 18.4, 63.9, 30.3},
    {"dev", "BT", 125, 32.0, 16.8, 61.8, 29.3},        {"dev", "CA", 125, 29.6, 18.4, 63.2, 29.6},
    {"test", "original", 106, 37.7, 27.4, 52.8, 40.6}, {"test", "SR", 106, 25.5, 19.8, 52.8, 39.6},
    {"test", "BT", 106, 26.4, 17.9, 51.9, 39.6},       {"test", "CA", 106, 26.4, 18.9, 50.9, 39.6},
};

// Thesis Table 4.9: the linker table among the retrieved tables, of the 106 test queries, per technique.
struct PublishedPresence {
  const char* variant;
  size_t retrieved, missed;
};
const PublishedPresence kTable49[] = {{"original", 97, 9}, {"SR", 97, 9}, {"BT", 98, 8}, {"CA", 97, 9}};

std::string count_cell(size_t n) { return std::to_string(n); }

Status check_aligned(const std::vector<AugmentSystem>& systems) {
  const auto& names = augment_variants();
  std::set<std::string> seen;
  for (const auto& s : systems) {
    if (!seen.insert(s.name).second) return Error{"system name '" + s.name + "' is given twice"};
    if (s.variants[0].empty()) return Error{"system '" + s.name + "' has no predictions on the original questions"};
    if (s.variants[1].empty() && s.variants[2].empty() && s.variants[3].empty())
      return Error{"system '" + s.name + "' has only the original questions: give SR, BT or CA too"};
    const auto& first = systems[0].variants[0];
    for (size_t k = 0; k < 4; ++k) {
      const auto& items = s.variants[k];
      if (items.empty()) continue;
      if (items.size() != first.size())
        return Error{"system '" + s.name + "': " + names[k] + " has " + count_cell(items.size()) + " items, " +
                     systems[0].name + "'s original " + count_cell(first.size()) +
                     "; the sets must hold the same items"};
      for (size_t i = 0; i < items.size(); ++i)
        if (items[i].id != first[i].id)
          return Error{"system '" + s.name + "': item " + count_cell(i + 1) + " of " + names[k] + " is '" +
                       items[i].id + "', of the original '" + first[i].id +
                       "'; the sets must hold the same items in order"};
    }
  }
  return ok_status();
}

}  // namespace

const std::array<const char*, 4>& augment_variants() {
  static const std::array<const char*, 4> names = {"original", "SR", "BT", "CA"};
  return names;
}

VariantTransitions augment_transitions(const AugmentSystem& system, size_t variant) {
  VariantTransitions out;
  if (variant == 0 || variant >= system.variants.size()) return out;
  std::vector<ExTransition> pairs;
  const auto &original = system.variants[0], &augmented = system.variants[variant];
  for (size_t i = 0; i < original.size() && i < augmented.size(); ++i) {
    if (original[i].status != ItemStatus::Scored || augmented[i].status != ItemStatus::Scored) {
      ++out.left_out;
      continue;
    }
    pairs.push_back({original[i].ex, augmented[i].ex});
  }
  out.table = delta_ex_table(pairs);
  return out;
}

Result<StudyReport> tqa_augment_study(const AugmentInputs& in) {
  if (auto st = check_aligned(in.systems); !st.ok()) return Error{st.error()};
  const auto& names = augment_variants();
  const double none = std::numeric_limits<double>::quiet_NaN();
  StudyReport rep;
  rep.study = "tqa-augment";
  rep.title = "Questions whose references to the linker table are rewritten: hiding scores and EX";
  rep.notes.push_back(
      "SR synonym replacement, BT back-translation, CA contextual augmentation (thesis §4.2). A component is hidden "
      "when the rewritten text no longer refers to it (--hiding-rule " +
      (in.hiding_rule.empty() ? std::string("matcher") : in.hiding_rule) +
      "); components the original text did not refer to are not scored.");
  rep.notes.push_back(
      "EX is over the items scored in each variant. ΔEX pairs each augmented item with its original (same position): "
      "+1 the original failed and the augmented one is right, -1 the reverse; pairs where either was not scored are "
      "left out and counted.");

  StudyTable hiding;
  hiding.id = "hiding";
  hiding.title = "Hiding scores by technique (thesis Table 4.3)";
  hiding.over =
      "the components each rewrite had to hide; scored counts per side. Published: 50 train, the dev and "
      "the test items of the thesis, GPT-4o.";
  hiding.columns = {"technique", "question hidden (%)", "evidence hidden (%)", "question components",
                    "evidence components"};
  for (const auto& h : in.hiding)
    hiding.rows.push_back({text_cell(h.strategy), number_cell(percent(h.question_hidden, h.question_scored)),
                           number_cell(percent(h.evidence_hidden, h.evidence_scored)),
                           number_cell(static_cast<double>(h.question_scored)),
                           number_cell(static_cast<double>(h.evidence_scored))});
  for (const auto& p : kTable43)
    hiding.published.push_back(
        {std::string("thesis Table 4.3 (") + p.split + ")",
         {text_cell(p.strategy), number_cell(p.question), number_cell(p.evidence), text_cell(""), text_cell("")}});
  rep.tables.push_back(hiding);

  if (!in.systems.empty()) {
    StudyTable ex;
    ex.id = "ex";
    ex.title = "EX on the original and augmented questions (thesis Table 4.5)";
    ex.over = count_cell(in.systems[0].variants[0].size()) +
              " items per variant; EX over the items scored in each. Published: the thesis' 106 test items.";
    ex.columns = {"system"};
    for (const char* v : names) ex.columns.push_back(std::string("EX ") + v + " (%)");
    StudyChart ex_chart;
    ex_chart.id = "ex";
    ex_chart.title = "EX per variant";
    ex_chart.y_label = "EX (%)";
    ex_chart.categories = {names.begin(), names.end()};
    for (const auto& s : in.systems) {
      std::vector<Cell> row{text_cell(s.name)};
      ChartSeries series{s.name, {}};
      for (size_t k = 0; k < 4; ++k) {
        if (s.variants[k].empty()) {
          row.push_back(text_cell(""));
          series.values.push_back(none);
          continue;
        }
        const auto sum = summarize(s.variants[k], {});
        row.push_back(number_cell(sum.ex));
        series.values.push_back(sum.ex);
      }
      ex.rows.push_back(row);
      ex_chart.series.push_back(series);
    }
    for (const auto& p : kTable45) {
      std::vector<Cell> row{text_cell(p.system)};
      for (double v : p.ex) row.push_back(number_cell(v));
      ex.published.push_back({"thesis Table 4.5", row});
      ex_chart.series.push_back({std::string(p.system) + " (published)", {p.ex[0], p.ex[1], p.ex[2], p.ex[3]}});
    }
    rep.tables.push_back(ex);
    rep.charts.push_back(ex_chart);

    StudyTable delta;
    delta.id = "delta";
    delta.title = "ΔEX of each augmented item against its original (thesis Table 4.6)";
    delta.columns = {"system",      "technique", "pairs", "ΔEX = 1 (%)", "ΔEX = 0 | EX = 1 (%)", "ΔEX = 0 | EX = 0 (%)",
                     "ΔEX = -1 (%)"};
    size_t left_out = 0;
    StudyChart dchart;
    dchart.id = "delta";
    dchart.title = "Items that change with the augmentation";
    dchart.y_label = "items (%)";
    ChartSeries plus{"ΔEX = 1", {}}, minus{"ΔEX = -1", {}};
    for (const auto& s : in.systems) {
      for (size_t k = 1; k < 4; ++k) {
        if (s.variants[k].empty()) continue;
        const auto vt = augment_transitions(s, k);
        left_out += vt.left_out;
        const auto& t = vt.table;
        delta.rows.push_back({text_cell(s.name), text_cell(names[k]), number_cell(static_cast<double>(t.n)),
                              number_cell(t.percent(t.improved)), number_cell(t.percent(t.kept_correct)),
                              number_cell(t.percent(t.kept_wrong)), number_cell(t.percent(t.degraded))});
        dchart.categories.push_back(s.name + " " + names[k]);
        plus.values.push_back(t.percent(t.improved));
        minus.values.push_back(t.percent(t.degraded));
      }
    }
    delta.over = "pairs of an augmented item and its original, both scored" +
                 (left_out ? " (" + count_cell(left_out) + " pairs left out: a gold did not run)" : std::string()) +
                 ". Published: the thesis' 106 test items.";
    for (const auto& p : kTable46)
      delta.published.push_back({"thesis Table 4.6",
                                 {text_cell(p.system), text_cell(p.technique), text_cell(""), number_cell(p.plus),
                                  number_cell(p.kept_correct), number_cell(p.kept_wrong), number_cell(p.minus)}});
    rep.tables.push_back(delta);
    dchart.series = {plus, minus};
    rep.charts.push_back(dchart);
  }

  StudyTable attrs;
  attrs.id = "attributes";
  attrs.title = "Linker attributes mentioned in questions and evidence, before and after (thesis Table 4.8)";
  attrs.over =
      "the augmented items; percent of the questions (evidence) that mention a linker attribute. Published: "
      "the thesis' dev (125) and test (106) items.";
  attrs.columns = {"variant",
                   "queries",
                   "join attributes in questions (%)",
                   "projection/filter attributes in questions (%)",
                   "join attributes in evidence (%)",
                   "projection/filter attributes in evidence (%)"};
  for (const auto& a : in.attributes)
    attrs.rows.push_back({text_cell(a.variant), number_cell(static_cast<double>(a.queries)),
                          number_cell(a.join_in_questions), number_cell(a.other_in_questions),
                          number_cell(a.join_in_evidence), number_cell(a.other_in_evidence)});
  for (const auto& p : kTable48)
    attrs.published.push_back({std::string("thesis Table 4.8 (") + p.split + ")",
                               {text_cell(p.variant), number_cell(p.queries), number_cell(p.jq), number_cell(p.oq),
                                number_cell(p.je), number_cell(p.oe)}});
  rep.tables.push_back(attrs);

  if (!in.presence.empty()) {
    StudyTable presence;
    presence.id = "linker_presence";
    presence.title = "The linker table among the tables a schema linker retrieved (thesis Table 4.9)";
    presence.over =
        "the augmented items the linker answered for, per variant; items it gave nothing for are counted apart. "
        "Published: the thesis' 106 test items.";
    presence.columns = {"technique", "LT in retrieved tables", "LT not in retrieved tables", "LT retrieved (%)",
                        "no retrieval"};
    for (const auto& p : in.presence) {
      const size_t scored = p.retrieved + p.missed;
      presence.rows.push_back({text_cell(p.variant), text_cell(part_of_whole(p.retrieved, scored)),
                               text_cell(part_of_whole(p.missed, scored)), number_cell(percent(p.retrieved, scored)),
                               number_cell(static_cast<double>(p.no_retrieval))});
    }
    for (const auto& p : kTable49) {
      const size_t scored = p.retrieved + p.missed;
      presence.published.push_back(
          {"thesis Table 4.9",
           {text_cell(p.variant), text_cell(part_of_whole(p.retrieved, scored)),
            text_cell(part_of_whole(p.missed, scored)), number_cell(percent(p.retrieved, scored)), text_cell("")}});
    }
    rep.tables.push_back(presence);
  } else {
    rep.notes.push_back(
        "Table 4.9 (the linker table among a schema linker's tables) is not laid out: no linker's tables were given. "
        "chokepoint link on each variant's set, then chokepoint study tqa-augment --linked VARIANT=L.json.");
  }

  std::vector<NamedRun> runs;
  for (const auto& s : in.systems)
    for (size_t k = 0; k < 4; ++k)
      if (!s.variants[k].empty()) runs.push_back({s.name + " " + names[k], &s.variants[k]});
  rep.items = aligned_item_rows(runs);
  return rep;
}

}  // namespace chokepoint::study

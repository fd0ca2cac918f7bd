// `chokepoint describe`: SQL-to-Text (004 §4.4; core/llm_tasks/sql_to_text.h). Without --pred, the paper's task: a
// model describes each gold query and its question is compared with the set's by ROUGE, by the cosine of the
// endpoint's embeddings (--embedding-model; not BERTScore) and by a judge asked in both orders. With --pred and
// --db-root, a check of predictions: each predicted query is described and compared with the user's question, and
// the report says how well "judged different" predicts EX = 0.
#include <iostream>
#include <map>
#include <optional>
#include <set>

#include <nlohmann/json.hpp>

#include "cli/call_preview.h"
#include "cli/cli_inputs.h"
#include "cli/command.h"
#include "cli/common_flags.h"
#include "cli/ex_inputs.h"
#include "cli/llm_calls.h"
#include "cli/model_calls.h"
#include "core/base/json_dump.h"
#include "core/dataset/eval_set_loader.h"
#include "core/llm/chat_request.h"
#include "core/llm_tasks/sql_to_text.h"
#include "core/llm_tasks/sql_to_text_json.h"
#include "core/metrics/eval_pairs.h"

namespace chokepoint::cli {
namespace {

const char* kDescribeUsage =
    "Usage: chokepoint describe --gold FILE --out DESCRIBE.json --llm-config CONFIG.json\n"
    "                           [--pred FILE --db-root DIR [--semantics bird|spider|test-suite] [--timeout-ms T]]\n"
    "                           [--judge-config CONFIG.json | --no-judge] [--embedding-model M] [--limit N]\n"
    "                           [--replay FILE.sqlite] [--prompts DIR] [--preview]\n"
    "SQL-to-Text (004 §4.4). A model says which question each query answers (prompts/sql_to_text.mustache, with the\n"
    "item's evidence); its question is compared with the item's by ROUGE-1/2/L (recall, precision and F1: the paper\n"
    "says F1 in its tables and recall in its text), by a judge asked whether the two ask the same thing\n"
    "(prompts/question_equivalence.mustache, in both orders, averaged; --judge-config names another model, --no-judge\n"
    "skips it) and, with --embedding-model, by the cosine of the endpoint's embeddings (not BERTScore).\n"
    "Without --pred the gold queries are described (the paper's task). With --pred and --db-root the predicted ones\n"
    "are, after `eval`'s EX: a check of predictions, with the precision and recall of \"judged different\" as a\n"
    "predictor of EX = 0 (both orders different, or either). Items without a question are skipped. Sent: the queries,\n"
    "the evidence and the questions (no schema, no rows). --preview prints every describe prompt and what the judge\n"
    "and the embeddings would send after them, and sends nothing. stdout: JSON {n, mode, described, unreadable,\n"
    "rouge: {rouge1, rouge2, rougeL: {recall, precision, f1}}, cosine, judge: {forward, backward, average,\n"
    "unreadable}, check: {...} with --pred, usage, model_calls}; DESCRIBE.json adds the items. With --pred, a\n"
    "database missing under --db-root is an error unless --skip-missing.";

FlagTable describe_flags() {
  return with_model_call_flags({
      flags::gold(),
      flags::out("DESCRIBE.json", "the summary and the items"),
      flags::llm_config().described("the model that describes the queries"),
      flags::pred().described("check these predictions instead of describing the gold queries"),
      flags::db_root().described("the databases the predictions' EX is computed on (with --pred)"),
      flags::semantics({"bird", "spider", "test-suite"}, "gold's benchmark"),
      flags::timeout_ms("5000", "time limit of one item (with --pred)"),
      path_flag("--judge-config", "CONFIG.json", "the judge of whether two questions ask the same")
          .shows("--llm-config"),
      switch_flag("--no-judge", "ask no judge"),
      text_flag("--embedding-model", "M", "also compare the questions by the cosine of these embeddings"),
      flags::limit(),
      flags::prompts(),
      flags::skip_missing(),
  });
}

using Subject = llm_tasks::DescribeSubject;

// The queries to describe: the gold ones, or (with --pred) the predictions with their EX.
Result<std::vector<Subject>> read_subjects(const FlagValues& r) {
  std::vector<Subject> out;
  if (!r.has("--pred")) {
    auto gold = load_eval_set(r.text("--gold"));
    if (!gold.ok()) return Error{gold.error()};
    for (const auto& it : gold->items) out.push_back({it.key, it.sql, it.evidence, it.question, std::nullopt});
    return out;
  }
  if (r.text("--db-root").empty()) return Error{"--pred needs --db-root (the predictions' EX is part of the check)"};
  auto in = read_ex_inputs(r);
  if (!in.ok()) return Error{in.error()};
  in->options.regimes.clear();
  const auto items = evaluate_pairs(in->pairs, *in->open.pool, in->options);
  std::map<std::string, const EvalItem*> by_key;
  for (const auto& g : in->gold.items) by_key[g.key] = &g;
  for (size_t i = 0; i < in->pairs.size(); ++i) {
    const auto& p = in->pairs[i];
    const EvalItem* g = by_key.count(p.id) ? by_key[p.id] : nullptr;
    Subject s{p.id, p.pred_sql, g ? g->evidence : "", g ? g->question : "", std::nullopt};
    if (items[i].status == ItemStatus::Scored) s.ex = items[i].ex;  // a failed prediction scores 0 and is asked
    out.push_back(std::move(s));
  }
  return out;
}

int describe_main(const FlagValues& r) {
  if (r.text("--gold").empty() || r.text("--out").empty() || !r.has("--llm-config"))
    return fail_input(std::string("missing arguments\n") + kDescribeUsage);
  const auto limit = static_cast<size_t>(r.integer("--limit"));
  auto chat = read_chat_setup(r);
  if (!chat.ok()) return fail_input(chat.error());
  std::optional<ChatEndpoint> judge;
  if (!r.has("--no-judge")) {
    if (r.has("--judge-config")) {
      auto j = read_chat_endpoint(r.text("--judge-config"));
      if (!j.ok()) return fail_input(j.error());
      judge = *j;
    } else {
      judge = ChatEndpoint{chat->settings, chat->endpoint};
    }
  }
  const std::string embedding_model = r.text("--embedding-model");
  auto read = read_subjects(r);
  if (!read.ok()) return fail_input(read.error());
  std::vector<Subject> subjects;
  size_t skipped = 0;
  for (auto& s : *read) {
    if (s.question.empty() || s.sql.empty()) {
      ++skipped;
      continue;
    }
    if (limit && subjects.size() >= limit) break;
    subjects.push_back(std::move(s));
  }
  const std::string mode = r.has("--pred") ? "check_predictions" : "describe_gold";

  std::vector<std::pair<std::string, std::string>> describe;  // (id, prompt)
  long long tokens = 0;
  for (const auto& s : subjects) {
    auto p = llm_tasks::render_sql_to_text_prompt(chat->prompts, s.sql, s.evidence);
    if (!p.ok()) return fail_input(p.error());
    tokens += estimate_tokens(*p);
    describe.emplace_back(s.id + " / describe", *p);
  }
  std::cerr << "chokepoint: describe: " << describe.size() << " prompts to " << endpoint_url(chat->endpoint, "")
            << (judge ? ", then up to " + std::to_string(2 * describe.size()) + " judge prompts to " +
                            endpoint_url(judge->endpoint, "")
                      : std::string())
            << (embedding_model.empty() ? "" : ", and embeddings of both questions (" + embedding_model + ")") << ", ~"
            << tokens << " prompt tokens to describe; queries, evidence and questions are sent\n";
  auto calls = ModelCalls::open(r);
  if (!calls.ok()) return fail_input(calls.error());
  if (calls->preview()) {
    CallPreview preview;
    preview.destinations = {{chat->settings.model, endpoint_url(chat->endpoint, "")}};
    if (judge && endpoint_url(judge->endpoint, "") + judge->settings.model !=
                     endpoint_url(chat->endpoint, "") + chat->settings.model)
      preview.destinations.push_back({judge->settings.model, endpoint_url(judge->endpoint, "")});
    for (const auto& [id, prompt] : describe)
      preview.prompts.push_back(preview_prompt(id, prompt, chat->settings, calls->replay()));
    if (judge)
      preview.later_rounds.push_back(
          {"judge",
           "for each readable description, the model's question and the item's, in both orders, to " +
               judge->settings.model + " (prompts/question_equivalence.mustache)",
           2 * describe.size()});
    if (!embedding_model.empty())
      preview.later_rounds.push_back({"embeddings",
                                      "the model's question and the item's, " + std::to_string(kEmbeddingBatch) +
                                          " texts a request, to " + embedding_model +
                                          " (those in the replay store are not sent)",
                                      (2 * describe.size() + kEmbeddingBatch - 1) / kEmbeddingBatch});
    preview.details = {{"mode", mode},
                       {"skipped_without_question", skipped},
                       {"embedding_texts_at_most", embedding_model.empty() ? 0 : 2 * describe.size()}};
    return print_preview(preview);
  }

  UsageTotals usage, judge_usage;
  const auto answers = calls->ask(chat->settings, chat->endpoint, describe, &usage);

  std::vector<llm_tasks::DescribedItem> items;
  for (size_t i = 0; i < subjects.size(); ++i) items.push_back(llm_tasks::described_item(subjects[i], answers[i]));

  if (judge) {
    std::vector<std::pair<std::string, std::string>> ask;  // forward then backward, per described item
    std::vector<std::pair<size_t, bool>> of;               // (item, forward?)
    for (size_t i = 0; i < items.size(); ++i) {
      if (!items[i].generated) continue;
      for (bool forward : {true, false}) {
        auto p = forward ? llm_tasks::render_equivalence_prompt(chat->prompts, *items[i].generated, items[i].reference)
                         : llm_tasks::render_equivalence_prompt(chat->prompts, items[i].reference, *items[i].generated);
        if (!p.ok()) return fail_input(p.error());
        ask.emplace_back(items[i].id + (forward ? " / same forward" : " / same backward"), *p);
        of.emplace_back(i, forward);
      }
    }
    const auto verdicts = calls->ask(judge->settings, judge->endpoint, ask, &judge_usage);
    for (size_t k = 0; k < ask.size(); ++k) {
      if (!verdicts[k].ok()) continue;
      auto v = llm_tasks::parse_equivalence_answer(*verdicts[k]);
      if (!v.ok()) continue;
      (of[k].second ? items[of[k].first].same_forward : items[of[k].first].same_backward) = *v;
    }
  }

  std::string embedding_error;
  long long embedding_calls = 0, embedding_replayed = 0;
  if (!embedding_model.empty()) {
    std::vector<std::string> texts;
    for (const auto& it : items)
      if (it.generated) texts.insert(texts.end(), {*it.generated, it.reference});
    EmbeddingCache cache;
    const long long requests_before = calls->tally().usage.network_calls;
    const size_t replayed_before = calls->tally().embedding_texts.replayed;
    auto fetched = calls->embed(chat->settings, chat->endpoint, embedding_model, texts, cache);
    if (!fetched.ok()) embedding_error = fetched.error();
    embedding_calls = calls->tally().usage.network_calls - requests_before;
    embedding_replayed = static_cast<long long>(calls->tally().embedding_texts.replayed - replayed_before);
    for (auto& it : items) {
      if (!it.generated) continue;
      const auto* a = cache.find(embedding_model, *it.generated);
      const auto* b = cache.find(embedding_model, it.reference);
      if (a && b) it.cosine = llm_tasks::embedding_cosine(*a, *b);
    }
  }

  const auto s = llm_tasks::summarize_descriptions(items);
  nlohmann::json listed = nlohmann::json::array();
  for (size_t i = 0; i < items.size(); ++i) {
    nlohmann::json j = llm_tasks::described_item_json(items[i]);
    j["sql"] = subjects[i].sql;
    listed.push_back(std::move(j));
  }
  nlohmann::json summary = llm_tasks::describe_summary_json(s, judge.has_value(), r.has("--pred"));
  summary["mode"] = mode;
  summary["skipped_without_question"] = skipped;
  summary["cosine_label"] =
      embedding_model.empty() ? "" : "endpoint embeddings: " + embedding_model + " (not BERTScore)";
  summary["usage"] = {{"network_calls", usage.network_calls + judge_usage.network_calls + embedding_calls},
                      {"replayed", usage.replayed + judge_usage.replayed + embedding_replayed},
                      {"describe", {{"network_calls", usage.network_calls}, {"replayed", usage.replayed}}},
                      {"judge", {{"network_calls", judge_usage.network_calls}, {"replayed", judge_usage.replayed}}},
                      {"embeddings", {{"network_calls", embedding_calls}, {"replayed", embedding_replayed}}}};
  if (!embedding_error.empty()) summary["embedding_error"] = embedding_error;
  if (judge) summary["judge"]["model"] = judge->settings.model;
  summary["model_calls"] = calls->tally_json();
  calls->report("describe");
  if (int rc = finish_report(r.text("--out"), summary, std::move(listed))) return rc;
  return calls->exit_code();
}

const Registrar describe_registrar{{"describe",
                                    "SQL-to-Text: describe queries, score by ROUGE, embeddings and a judge (004)",
                                    kDescribeUsage, describe_flags, describe_main}};

}  // namespace
}  // namespace chokepoint::cli

// `chokepoint space describe` and `space propose`: SQLSpace's steps 1-3 (003 §2.1-2.3) on a user's own set, so a user
// grows the feature catalogue from their examples. describe writes each example's five aspect descriptions
// (core/sqlspace/aspect_descriptions.h); propose asks one or two Proposer models for properties shared by samples of
// them and deduplicates the candidates against the catalogue and each other (core/sqlspace/predicate_proposal.h).
// `chokepoint features --predicates` then computes the kept ones as features, which compare, clusters and the
// estimator read like the 187.
#include <algorithm>
#include <iostream>
#include <map>
#include <set>
#include <sstream>

#include <nlohmann/json.hpp>

#include "cli/call_preview.h"
#include "cli/cli_inputs.h"
#include "cli/command.h"
#include "cli/common_flags.h"
#include "cli/llm_calls.h"
#include "cli/model_calls.h"
#include "core/base/file_text.h"
#include "core/base/json_dump.h"
#include "core/dataset/eval_set_loader.h"
#include "core/llm/chat_request.h"
#include "core/llm/llm_endpoint.h"
#include "core/sqlspace/aspect_descriptions.h"
#include "core/sqlspace/discovery_answers.h"
#include "core/sqlspace/predicate_proposal.h"

namespace chokepoint::cli {
namespace {

using namespace sqlspace;
using ojson = nlohmann::ordered_json;

constexpr size_t kMaxDescriptionFileBytes = 256u << 20;

const char* kDescribeUsage =
    "Usage: chokepoint space describe --gold SET (--db-root DIR | --tables TABLES.json) --llm-config C.json\n"
    "                                 --out DESCRIPTIONS.jsonl [--aspects a,b,...] [--limit N] [--replay R.sqlite]\n"
    "                                 [--preview] [--prompts DIR]\n"
    "SQLSpace step 1 (003 §2.1): for each item of SET and each aspect (syntax, sql_syntax, example_semantics,\n"
    "pragmatics, database_reasoning; --aspects limits them), the model writes a paragraph of observations from that\n"
    "aspect's perspective only (prompts/sqlspace_describe.mustache: the question, the gold SQL and the schema's\n"
    "names are sent, no rows). An item without a question, SQL or schema is skipped and counted. DESCRIPTIONS.jsonl:\n"
    "one object per description {key, db_id, aspect, description}; an unreadable answer or a failed call writes none\n"
    "and is counted. stdout: JSON {items, skipped, prompts, described, unreadable, failed, by_aspect, model, usage,\n"
    "model_calls}. `chokepoint space propose` reads the file.";

const char* kProposeUsage =
    "Usage: chokepoint space propose --descriptions DESCRIPTIONS.jsonl --llm-config C.json [--llm-config C2.json]\n"
    "                                --out PREDICATES.json [--predicates N] [--iterations J] [--sample S] [--seed N]\n"
    "                                [--aspects a,b,...] [--threshold T] [--replay R.sqlite] [--preview]\n"
    "                                [--prompts DIR]\n"
    "SQLSpace steps 2 and 3 (003 §2.2-2.3): for each aspect of DESCRIPTIONS.jsonl (`space describe`'s file), each\n"
    "model (--llm-config, once per Proposer; 003 used two) is shown S descriptions (default 40) drawn with the seed\n"
    "and asked for N properties they share (default 40), J times (default 5) with a new sample each time\n"
    "(prompts/sqlspace_propose.mustache). The candidates are then deduplicated in the order proposed: one whose\n"
    "token_set_ratio (thefuzz's, as 003 uses it) with a catalogue predicate of its aspect or with an earlier kept\n"
    "candidate is at least T (default 70) is dropped, naming what it repeats. 003 then removed paraphrases by hand:\n"
    "read the kept ones before computing them. PREDICATES.json: {predicates: [{aspect, predicate, proposer,\n"
    "iteration}], dropped: [{aspect, predicate, proposer, repeats, catalogue_id, score}]}; `chokepoint features\n"
    "--predicates PREDICATES.json` adds the kept ones to the catalogue (ids from 188). stdout: JSON {descriptions,\n"
    "prompts, proposed, kept, dropped, by_aspect: {aspect: {descriptions, proposed, kept}}, unreadable, failed,\n"
    "usage, model_calls}.";

FlagTable describe_flags() {
  return with_model_call_flags({
      flags::gold().alias("--set"),
      flags::db_root().described("the databases whose schemas the describer is shown (names only)"),
      flags::tables(),
      flags::llm_config().described("the describer"),
      flags::out("DESCRIPTIONS.jsonl", "one description per item and aspect"),
      list_flag("--aspects", "a,b,...", "the aspects described").shows("all five"),
      flags::limit(),
      flags::prompts(),
  });
}

FlagTable propose_flags() {
  return with_model_call_flags({
      path_flag("--descriptions", "DESCRIPTIONS.jsonl", "space describe's descriptions"),
      flags::llm_config().repeated().described("a Proposer; repeat for a second one"),
      flags::out("PREDICATES.json", "the kept predicates and the dropped ones with what they repeat"),
      whole_flag("--predicates", "N", 1, 200, "predicates", "properties asked for per call").or_else("40"),
      whole_flag("--iterations", "J", 1, 100, "calls", "calls per aspect and Proposer").or_else("5"),
      whole_flag("--sample", "S", 1, 1000, "descriptions", "descriptions shown per call").or_else("40"),
      flags::seed("0"),
      list_flag("--aspects", "a,b,...", "the aspects proposed for").shows("all in the file"),
      whole_flag("--threshold", "T", 1, 100, "", "token_set_ratio at which a candidate repeats another").or_else("70"),
      flags::prompts(),
  });
}

int describe_main(const FlagValues& r) {
  if (!r.positionals().empty()) return fail_input("unexpected argument '" + r.positionals()[0] + "'");
  if (r.text("--gold").empty() || r.text("--out").empty() || r.text("--llm-config").empty() ||
      (r.text("--db-root").empty() && r.text("--tables").empty()))
    return fail_input(std::string("missing arguments\n") + kDescribeUsage);
  std::vector<Aspect> aspects;
  if (r.has("--aspects")) {
    auto a = aspects_from_list(r.text("--aspects"));
    if (!a.ok()) return fail_input(a.error());
    aspects = *a;
  }
  auto set = load_eval_set(r.text("--gold"));
  if (!set.ok()) return fail_input(r.text("--gold") + ": " + set.error());
  const size_t limit = static_cast<size_t>(r.integer("--limit"));
  if (limit && set->items.size() > limit) set->items.resize(limit);
  std::set<std::string> ids;
  for (const auto& it : set->items) ids.insert(it.db_id);
  auto schemas = schemas_for(r, ids);
  if (!schemas.ok()) return fail_input(schemas.error());
  auto chat = read_chat_setup(r);
  if (!chat.ok()) return fail_input(chat.error());
  size_t skipped = 0;
  auto planned = plan_descriptions(set->items, *schemas, chat->prompts, aspects, &skipped);
  if (!planned.ok()) return fail_input(planned.error());
  const auto& asks = *planned;
  long long tokens = 0;
  for (const auto& a : asks) tokens += estimate_tokens(a.prompt);
  std::cerr << "chokepoint: space describe: " << asks.size() << " prompts for " << set->items.size() - skipped
            << " items to " << endpoint_url(chat->endpoint, "") << ", ~" << tokens
            << " prompt tokens; questions, gold SQL and schemas (names, no rows) are sent\n";
  auto calls = ModelCalls::open(r);
  if (!calls.ok()) return fail_input(calls.error());
  std::vector<std::pair<std::string, std::string>> batch;
  for (const auto& a : asks)
    batch.emplace_back(set->items[a.item].key + " / describe " + aspect_name(a.aspect), a.prompt);
  if (calls->preview()) {
    CallPreview preview;
    preview.destinations = {{chat->settings.model, endpoint_url(chat->endpoint, "")}};
    for (const auto& [id, prompt] : batch)
      preview.prompts.push_back(preview_prompt(id, prompt, chat->settings, calls->replay()));
    preview.details = {{"items", set->items.size()}, {"skipped", skipped}};
    return print_preview(preview);
  }
  UsageTotals usage;
  const auto reading = sqlspace::read_descriptions(asks, calls->ask(chat->settings, chat->endpoint, batch, &usage));
  std::string lines;
  std::map<std::string, size_t> by_aspect;
  for (const auto& d : reading.descriptions) {
    const auto& item = set->items[d.item];
    lines += nlohmann::json({{"key", item.key},
                             {"db_id", item.db_id},
                             {"aspect", aspect_name(d.aspect)},
                             {"description", d.description}})
                 .dump() +
             "\n";
    ++by_aspect[aspect_name(d.aspect)];
  }
  if (auto st = write_file(r.text("--out"), lines); !st.ok()) return fail_input(st.error());
  ojson summary;
  summary["items"] = set->items.size();
  summary["skipped"] = skipped;
  summary["prompts"] = asks.size();
  summary["described"] = reading.descriptions.size();
  summary["unreadable"] = reading.unreadable;
  summary["failed"] = reading.failed;
  summary["by_aspect"] = by_aspect;
  summary["model"] = chat->settings.model;
  summary["usage"] = call_usage_json(usage);
  summary["model_calls"] = calls->tally_json();
  std::cout << dump_json(summary, 2) << "\n";
  calls->report("space describe");
  return calls->exit_code();
}

// DESCRIPTIONS.jsonl by aspect; a line that is not an object with a known aspect and a description is an error
// naming its line.
Result<std::vector<std::vector<std::string>>> read_descriptions_file(const std::string& path) {
  auto text = read_file(path, kMaxDescriptionFileBytes);
  if (!text.ok()) return Error{path + ": " + text.error()};
  std::vector<std::vector<std::string>> by_aspect(kAspectCount);
  std::istringstream in(*text);
  std::string line;
  size_t n = 0;
  while (std::getline(in, line)) {
    ++n;
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
    const auto j = nlohmann::json::parse(line, nullptr, false);
    const std::string where = path + " line " + std::to_string(n);
    if (!j.is_object() || !j.contains("aspect") || !j["aspect"].is_string() || !j.contains("description") ||
        !j["description"].is_string())
      return Error{where + ": not an object with an aspect and a description (space describe writes them)"};
    const auto a = aspect_named(j["aspect"].get<std::string>());
    if (!a) return Error{where + ": unknown aspect '" + j["aspect"].get<std::string>().substr(0, 40) + "'"};
    by_aspect[static_cast<size_t>(*a)].push_back(j["description"].get<std::string>());
  }
  return by_aspect;
}

int propose_main(const FlagValues& r) {
  if (!r.positionals().empty()) return fail_input("unexpected argument '" + r.positionals()[0] + "'");
  if (r.text("--descriptions").empty() || r.text("--out").empty() || r.all("--llm-config").empty())
    return fail_input(std::string("missing arguments\n") + kProposeUsage);
  auto by_aspect = read_descriptions_file(r.text("--descriptions"));
  if (!by_aspect.ok()) return fail_input(by_aspect.error());
  if (r.has("--aspects")) {
    auto a = aspects_from_list(r.text("--aspects"));
    if (!a.ok()) return fail_input(a.error());
    for (size_t k = 0; k < kAspectCount; ++k)
      if (std::find(a->begin(), a->end(), static_cast<Aspect>(k)) == a->end()) (*by_aspect)[k].clear();
  }
  size_t total = 0;
  for (const auto& d : *by_aspect) total += d.size();
  if (total == 0) return fail_input(r.text("--descriptions") + ": no description of the aspects asked");
  std::vector<ChatEndpoint> proposers;
  for (const auto& c : r.all("--llm-config")) {
    auto e = read_chat_endpoint(c);
    if (!e.ok()) return fail_input(e.error());
    proposers.push_back(std::move(*e));
  }
  auto prompts = read_prompts(r);
  if (!prompts.ok()) return fail_input(prompts.error());
  ProposalOptions options;
  options.predicates = static_cast<size_t>(r.integer("--predicates"));
  options.iterations = static_cast<size_t>(r.integer("--iterations"));
  options.sample = static_cast<size_t>(r.integer("--sample"));
  options.seed = static_cast<uint64_t>(r.integer("--seed"));
  auto planned = plan_proposals(*by_aspect, *prompts, options);
  if (!planned.ok()) return fail_input(planned.error());
  const auto& asks = *planned;
  long long tokens = 0;
  for (const auto& a : asks) tokens += estimate_tokens(a.prompt);
  std::cerr << "chokepoint: space propose: " << asks.size() << " prompts to each of " << proposers.size()
            << " proposers, ~" << tokens * static_cast<long long>(proposers.size())
            << " prompt tokens; descriptions are sent (they quote questions, SQL and schema names)\n";
  auto calls = ModelCalls::open(r);
  if (!calls.ok()) return fail_input(calls.error());
  auto batch_of = [&](const ChatEndpoint& p) {
    std::vector<std::pair<std::string, std::string>> batch;
    for (const auto& a : asks)
      batch.emplace_back(
          p.settings.model + " / propose " + aspect_name(a.aspect) + " " + std::to_string(a.iteration + 1), a.prompt);
    return batch;
  };
  if (calls->preview()) {
    CallPreview preview;
    for (const auto& p : proposers) {
      preview.destinations.push_back({p.settings.model, endpoint_url(p.endpoint, "")});
      for (const auto& [id, prompt] : batch_of(p))
        preview.prompts.push_back(preview_prompt(id, prompt, p.settings, calls->replay()));
    }
    preview.details = {{"descriptions", total}};
    return print_preview(preview);
  }
  UsageTotals usage;
  ProposalReading reading;
  for (const auto& p : proposers)
    read_proposals(asks, calls->ask(p.settings, p.endpoint, batch_of(p), &usage), p.settings.model, reading);
  std::map<std::string, size_t> proposed_by_aspect, kept_by_aspect;
  for (const auto& c : reading.candidates) ++proposed_by_aspect[aspect_name(c.aspect)];
  const auto dedup = deduplicate_predicates(reading.candidates, FeatureCatalogue::sqlspace(),
                                            static_cast<int>(r.integer("--threshold")));
  for (const auto& c : dedup.kept) ++kept_by_aspect[aspect_name(c.aspect)];
  if (auto st = write_file(r.text("--out"), dump_json(predicates_file_json(dedup), 2) + "\n"); !st.ok())
    return fail_input(st.error());
  ojson per = ojson::object();
  for (size_t a = 0; a < kAspectCount; ++a) {
    const std::string name = aspect_name(static_cast<Aspect>(a));
    if ((*by_aspect)[a].empty()) continue;
    per[name] = {{"descriptions", (*by_aspect)[a].size()},
                 {"proposed", proposed_by_aspect[name]},
                 {"kept", kept_by_aspect[name]}};
  }
  ojson summary;
  summary["descriptions"] = total;
  summary["prompts"] = asks.size() * proposers.size();
  summary["proposed"] = reading.candidates.size();
  summary["kept"] = dedup.kept.size();
  summary["dropped"] = dedup.dropped.size();
  summary["by_aspect"] = per;
  summary["unreadable"] = reading.unreadable;
  summary["failed"] = reading.failed;
  summary["usage"] = call_usage_json(usage);
  summary["model_calls"] = calls->tally_json();
  std::cout << dump_json(summary, 2) << "\n";
  calls->report("space propose");
  return calls->exit_code();
}

const Registrar describe_command{{"space describe", "SQLSpace step 1: each example's five aspect descriptions (003)",
                                  kDescribeUsage, describe_flags, describe_main}};
const Registrar propose_command{{"space propose",
                                 "SQLSpace steps 2-3: predicates proposed from the descriptions, deduplicated (003)",
                                 kProposeUsage, propose_flags, propose_main}};

}  // namespace
}  // namespace chokepoint::cli

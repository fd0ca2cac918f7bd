// The shared flag declarations (see common_flags.h).
#include "cli/common_flags.h"

#include <climits>

namespace chokepoint::cli::flags {

FlagSpec gold() {
  return path_flag("--gold", "FILE", "the gold set: questions, gold SQL and db_ids (dev.json, gold TSV, CSV, ...)");
}
FlagSpec pred() { return path_flag("--pred", "FILE", "the predictions, paired with the gold set by key or position"); }
FlagSpec db_root() { return path_flag("--db-root", "DIR", "the databases, as DIR/<db_id>/<db_id>.sqlite"); }
FlagSpec tables() { return path_flag("--tables", "TABLES.json", "the schemas as Spider/BIRD tables.json"); }
FlagSpec out(std::string value_name, std::string help) {
  return path_flag("--out", std::move(value_name), std::move(help));
}
FlagSpec semantics(std::vector<std::string> choices, std::string shown) {
  return choice_flag("--semantics", std::move(choices), "how EX compares two results").shows(std::move(shown));
}
FlagSpec timeout_ms(std::string fallback, std::string help) {
  return whole_flag("--timeout-ms", "T", 1, 3600000, "milliseconds", std::move(help)).or_else(std::move(fallback));
}
FlagSpec skip_missing() {
  return switch_flag("--skip-missing",
                     "score the items whose database is under --db-root and count the others (else exit 2)");
}
FlagSpec llm_config() {
  return path_flag("--llm-config", "CONFIG.json", "the model's endpoint: provider, base_url, model, key or key_env");
}
FlagSpec prompts() { return path_flag("--prompts", "DIR", "the prompt templates").shows("prompts/"); }
FlagSpec preview() {
  return switch_flag("--preview",
                     "print what would be sent (destination, calls, every first-round prompt), send nothing");
}
FlagSpec replay() {
  return path_flag("--replay", "FILE.sqlite",
                   "the model's answers, kept (created when missing); a rerun sends nothing already answered");
}
FlagSpec max_calls() {
  return whole_flag("--max-calls", "N", 0, 1000000000, "calls",
                    "HTTP requests the whole run may send, retries included (then exit 1)")
      .shows("no cap");
}
FlagSpec max_tokens() {
  return whole_flag("--max-tokens", "N", 0, 1000000000000, "tokens",
                    "prompt + completion tokens the whole run may spend, as the endpoint counts them (then exit 1)")
      .shows("no cap");
}
FlagSpec concurrency() {
  return whole_flag("--concurrency", "N", 1, 32, "requests", "requests in flight at once").shows("the config's");
}
FlagSpec request_timeout_ms() {
  return whole_flag("--request-timeout-ms", "T", 1, 3600000, "milliseconds", "time limit of one HTTP request")
      .shows("the config's timeout_ms");
}
FlagTable model_call_flags() {
  return {preview(), replay(), max_calls(), max_tokens(), concurrency(), request_timeout_ms()};
}
FlagSpec lexicon() { return path_flag("--lexicon", "ASSET", "the binary WordNet lexicon (instead of --wordnet)"); }
FlagSpec wordnet() { return path_flag("--wordnet", "DIR", "the WordNet dict folder").or_else("/usr/share/wordnet"); }
FlagSpec limit() {
  return whole_flag("--limit", "N", 0, 9999999, "items", "the first N items only (0: all)").or_else("0");
}
FlagSpec shard() {
  return text_flag("--shard", "k/n", "this run is shard k of n: every n-th item from the k-th, for chokepoint merge");
}
FlagSpec fk() { return switch_flag("--fk", "show the foreign keys in the schema the model sees"); }
FlagSpec siblings() {
  return choice_flag("--siblings", {"column", "table", "none"},
                     "FK-FK labels between tables whose keys reference the same column, table or none")
      .or_else("column");
}
FlagSpec online() { return switch_flag("--online", "the online mask's features only: the gold SQL is never read"); }
FlagSpec online_mask() {
  return choice_flag("--online-mask", {"aspects", "no-sql"}, "which features the online mask keeps").or_else("aspects");
}
FlagSpec seed(std::string fallback) {
  return whole_flag("--seed", "N", 0, LLONG_MAX, "", "the random seed").or_else(std::move(fallback));
}

}  // namespace chokepoint::cli::flags

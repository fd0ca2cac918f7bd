// The flags several commands share, declared once so each means one thing and reads the same in every --help:
// the gold set, the predictions, the databases, the model and its replay store, the lexicon, item limits. A command
// puts them in its table (cli/<name>_command.cpp) and may adjust one with FlagSpec's modifiers (an alias it used to
// take, a default of its own, a sharper line of help).
#pragma once
#include <string>
#include <vector>

#include "cli/flag_spec.h"

namespace chokepoint::cli::flags {

FlagSpec gold();     // --gold FILE: the gold set (questions, gold SQL, db_ids), any format eval reads
FlagSpec pred();     // --pred FILE: the predictions
FlagSpec db_root();  // --db-root DIR: DIR/<db_id>/<db_id>.sqlite
FlagSpec tables();   // --tables TABLES.json: schemas without databases
FlagSpec out(std::string value_name, std::string help);
// --semantics: how EX compares results; `choices` of bird, spider, test-suite; `shown` the default as help says it.
FlagSpec semantics(std::vector<std::string> choices, std::string shown);
// --timeout-ms T: 1 to 3600000 ms, `fallback` when absent (empty: the command's own rule, said by `shown`).
FlagSpec timeout_ms(std::string fallback, std::string help);
FlagSpec skip_missing();  // --skip-missing: score the items whose database is there (see missing_databases.h)
FlagSpec llm_config();    // --llm-config CONFIG.json
FlagSpec prompts();       // --prompts DIR
// The flags every model-calling command takes (cli/model_calls.h reads them), each meaning the same everywhere:
FlagSpec preview();             // --preview: print what would be sent, send nothing
FlagSpec replay();              // --replay FILE.sqlite: the answers kept; a rerun sends nothing already answered
FlagSpec max_calls();           // --max-calls N: HTTP requests the whole run may send, retries included
FlagSpec max_tokens();          // --max-tokens N: prompt + completion tokens the whole run may spend
FlagSpec concurrency();         // --concurrency N: requests in flight at once (the config's "concurrency")
FlagSpec request_timeout_ms();  // --request-timeout-ms T: one HTTP request's time limit (the config's "timeout_ms")
// The six above in that order. A command adds them with with_model_call_flags (cli/model_calls.h), which keeps a
// variant the command declares itself (synth's --replay with its default).
FlagTable model_call_flags();
FlagSpec lexicon();                   // --lexicon ASSET
FlagSpec wordnet();                   // --wordnet DIR
FlagSpec limit();                     // --limit N: the first N items (0: all)
FlagSpec shard();                     // --shard k/n
FlagSpec fk();                        // --fk: foreign keys in the schema a model is shown
FlagSpec siblings();                  // --siblings column|table|none
FlagSpec online();                    // --online: the online mask's features only
FlagSpec online_mask();               // --online-mask aspects|no-sql
FlagSpec seed(std::string fallback);  // --seed N

}  // namespace chokepoint::cli::flags

// Inputs several commands share: the --llm-config file, the lexicon (--lexicon or --wordnet), and schemas keyed by
// db_id from a tables.json or a database folder. Each returns the error line the command prints.
#pragma once
#include <map>
#include <memory>
#include <set>
#include <string>

#include "cli/flag_values.h"
#include "core/base/result.h"
#include "core/db/database_pool.h"
#include "core/lexicon/lexicon.h"
#include "core/llm/llm_settings.h"
#include "core/schema/schema.h"

namespace chokepoint::cli {

// The --llm-config JSON (provider, base_url, model, key or key_env, ...), with key_env read from the environment.
// Errors name the file.
Result<LlmSettings> read_llm_config(const std::string& path);

// --lexicon FILE (the binary asset) wins; otherwise the WordNet dict folder (--wordnet, whose declared default is
// Debian's path, flags::wordnet).
Result<Lexicon> open_lexicon(const FlagValues& r);

// tables.json as db_id -> schema.
Result<std::map<std::string, Schema>> tables_json_by_db(const std::string& path);

// The databases of `db_ids` under DIR/<db_id>/<db_id>.sqlite, open, with their schemas read (row counts skipped).
// A database that cannot be opened is reported on stderr and left out; one whose schema cannot be read is an error.
struct OpenDatabases {
  std::unique_ptr<DatabasePool> pool;  // owns the connections below
  std::map<std::string, Schema> schemas;
  std::map<std::string, const Connection*> connections;
};
Result<OpenDatabases> open_databases(const std::string& db_root, const std::set<std::string>& db_ids);

// The schemas of `db_ids`, from --tables TABLES.json or read from --db-root DIR/<db_id>/<db_id>.sqlite. A database
// that cannot be opened is reported on stderr and left out (its queries are skipped by the caller).
Result<std::map<std::string, Schema>> schemas_for(const FlagValues& r, const std::set<std::string>& db_ids);

}  // namespace chokepoint::cli

#include "cli/cli_inputs.h"

#include <cstdlib>
#include <iostream>

#include "core/base/file_text.h"
#include "core/schema/sqlite_schema.h"
#include "core/schema/tables_json.h"

namespace chokepoint::cli {
namespace {

std::optional<std::string> env_lookup(const std::string& name) {
  const char* v = std::getenv(name.c_str());
  return v ? std::optional<std::string>(v) : std::nullopt;
}

}  // namespace

Result<LlmSettings> read_llm_config(const std::string& path) {
  auto text = read_file(path);
  if (!text.ok()) return Error{text.error()};
  auto settings = settings_from_json(*text, env_lookup);
  if (!settings.ok()) return Error{path + ": " + settings.error()};
  return settings;
}

Result<Lexicon> open_lexicon(const FlagValues& r) {
  if (r.has("--lexicon")) {
    auto bytes = read_file(r.text("--lexicon"));
    if (!bytes.ok()) return Error{bytes.error()};
    return Lexicon::load(*bytes);
  }
  return Lexicon::load_wordnet_dir(r.text("--wordnet"));
}

Result<std::map<std::string, Schema>> tables_json_by_db(const std::string& path) {
  auto list = load_tables_json(path);
  if (!list.ok()) return Error{list.error()};
  std::map<std::string, Schema> out;
  for (auto& s : *list) out.emplace(s.db_id, std::move(s));
  return out;
}

Result<OpenDatabases> open_databases(const std::string& db_root, const std::set<std::string>& db_ids) {
  OpenDatabases out;
  out.pool = std::make_unique<DatabasePool>(db_root);
  for (const auto& db : db_ids) {
    auto c = out.pool->get(db);
    if (!c.ok()) {
      std::cerr << "chokepoint: " << db << ": " << c.error() << " (its queries are skipped)\n";
      continue;
    }
    SchemaReadOptions ro;
    ro.count_rows = false;
    auto s = read_schema(**c, db, ro);
    if (!s.ok()) return Error{db + ": " + s.error()};
    out.schemas[db] = std::move(*s);
    out.connections[db] = *c;
  }
  return out;
}

Result<std::map<std::string, Schema>> schemas_for(const FlagValues& r, const std::set<std::string>& db_ids) {
  std::map<std::string, Schema> out;
  if (!r.text("--tables").empty()) {
    auto all = load_tables_json(r.text("--tables"));
    if (!all.ok()) return Error{r.text("--tables") + ": " + all.error()};
    for (auto& s : *all)
      if (db_ids.count(s.db_id)) out[s.db_id] = std::move(s);
    return out;
  }
  auto open = open_databases(r.text("--db-root"), db_ids);
  if (!open.ok()) return Error{open.error()};
  return std::move(open->schemas);
}

}  // namespace chokepoint::cli

// File-type detection by content (SQLite's 16-byte header, the keys of tables.json, the evaluation-set formats of
// core/dataset), then loading through the core.
#include "web/bridge/file_opener.h"

#include "core/base/file_text.h"
#include "core/base/path_part.h"

#include <fstream>
#include <sstream>
#include <vector>

#include "core/dataset/eval_set_loader.h"
#include "core/schema/schema_ddl.h"
#include "core/schema/schema_snapshot.h"
#include "core/schema/sqlite_schema.h"
#include "core/schema/tables_json.h"

namespace chokepoint::web {
namespace {

// Above this size a database's rows are counted after it opens (RowCountJob), not while it opens.
constexpr long long kCountRowsLaterBytes = 8ll << 20;

bool looks_like_tables_json(const std::string& text) {
  auto first = text.find_first_not_of(" \t\r\n");
  return first != std::string::npos && text[first] == '[' &&
         text.find("\"table_names_original\"") != std::string::npos &&
         text.find("\"column_names_original\"") != std::string::npos;
}

std::vector<TextFileClaimer>& claimers() {
  static std::vector<TextFileClaimer> all;
  return all;
}

}  // namespace

TextFileClaimerRegistrar::TextFileClaimerRegistrar(TextFileClaimer claimer) { claimers().push_back(claimer); }

OpenedKind open_file(AppState& state, const std::string& path, const std::string& origin) {
  const std::string name = file_name_of(path);
  auto fail = [&](const std::string& message) {
    notify(state, message, true);
    for (auto& listed : state.databases.databases)
      if (listed.opening && listed.path == path) {
        listed.opening = false;
        listed.error = message;
      }
    return OpenedKind::Failed;
  };
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    return fail("cannot read " + name);
  }
  char header[16] = {};
  in.read(header, sizeof header);
  if (in.gcount() == 16 && std::string(header, 16) == std::string("SQLite format 3\0", 16)) {
    LoadedDatabase d;
    d.path = path;
    d.origin = origin;
    auto db = Connection::open_read_only(path);
    if (!db.ok()) {
      return fail(name + ": " + db.error());
    }
    // A big file's rows are counted after it opens, a slice a frame (core/db/row_count_job.h): one count(*) over a
    // 350 MB table held the page for over 100 ms.
    in.seekg(0, std::ios::end);
    const bool big = static_cast<long long>(in.tellg()) > kCountRowsLaterBytes;
    SchemaReadOptions read;
    read.count_rows = !big;
    auto schema = read_schema(*db, file_stem_of(path), read);
    if (!schema.ok()) {
      return fail(name + ": " + schema.error());
    }
    d.schema = std::move(schema).value();
    d.connection = std::make_shared<Connection>(std::move(db).value());
    if (big) {
      std::vector<std::string> tables;
      std::vector<std::vector<std::string>> columns;
      for (const auto& t : d.schema.tables) {
        tables.push_back(t.name);
        columns.emplace_back();
        for (const auto& c : t.columns) columns.back().push_back(c.name);
      }
      d.row_counts = std::make_shared<RowCountJob>(*d.connection, std::move(tables), std::move(columns));
    }
    for (auto& listed : state.databases.databases)
      if (listed.opening && listed.path == path) {
        listed = std::move(d);
        return OpenedKind::Database;
      }
    state.databases.databases.push_back(std::move(d));
    state.databases.selected = static_cast<int>(state.databases.databases.size()) - 1;
    notify(state, "opened database " + name + " (" +
                      std::to_string(state.databases.databases.back().schema.tables.size()) + " tables)");
    return OpenedKind::Database;
  }
  const std::string lower = to_lower_ascii(name);
  for (const char* ext : {".sqlite", ".sqlite3", ".db"}) {
    const std::string e = ext;
    if (lower.size() > e.size() && lower.compare(lower.size() - e.size(), e.size(), e) == 0) {
      return fail(name + " is not a SQLite database (its header is not \"SQLite format 3\")");
    }
  }
  in.close();
  auto read = read_file(path, kMaxSetFileBytes);
  if (!read.ok()) {
    return fail(name + ": " + read.error());
  }
  const std::string text = std::move(*read);
  for (const auto claimer : claimers()) {
    const Claim c = claimer(state, name, text);
    if (c != Claim::NotMine) return c == Claim::Opened ? OpenedKind::Claimed : OpenedKind::Failed;
  }
  if (looks_like_tables_json(text)) {
    auto schemas = parse_tables_json(text);
    if (!schemas.ok()) {
      return fail(name + ": " + schemas.error());
    }
    for (auto& s : *schemas) {
      auto db = create_schema_database(s);
      if (!db.ok()) {
        notify(state, name + ": " + db.error(), true);
        continue;
      }
      LoadedDatabase d;
      d.path = path + "#" + s.db_id;
      d.origin = "tables.json";
      d.schema_only = true;
      d.schema = std::move(s);
      d.connection = std::make_shared<Connection>(std::move(db).value());
      state.databases.databases.push_back(std::move(d));
    }
    notify(state, "opened " + std::to_string(schemas->size()) + " schemas from " + name + " (schema only, no rows)");
    return OpenedKind::Schemas;
  }
  auto set = parse_eval_set_auto(text);
  if (!set.ok()) {
    return fail(name + ": not a database, tables.json or evaluation set: " + set.error());
  }
  const bool predictions = holds_predictions(*set);
  const size_t items = set->items.size();
  state.eval_sets.sets.push_back({name, path, std::move(set).value(), predictions});
  // A predictions file is not a set to browse or augment: the set tabs stay on the gold set they showed.
  if (!predictions) state.eval_sets.selected_set = static_cast<int>(state.eval_sets.sets.size()) - 1;
  notify(state, std::string(predictions ? "opened predictions " : "opened evaluation set ") + name + " (" +
                    std::to_string(items) + " items" + (predictions ? "; choose it in Predictions & metrics" : "") +
                    ")");
  return OpenedKind::EvalSet;
}

void list_sample_databases(AppState& state, const std::vector<std::string>& files) {
  auto text = read_file("/assets/db/samples.snapshot");
  auto snapshot =
      text.ok() ? read_schema_snapshot(*text) : Result<std::vector<SchemaSnapshotEntry>>(Error{text.error()});
  for (const auto& file : files) {
    const std::string path = "/assets/db/" + file;
    const SchemaSnapshotEntry* entry = nullptr;
    if (snapshot.ok())
      for (const auto& e : *snapshot)
        if (e.file == file) entry = &e;
    if (!entry) {
      open_file(state, path, "sample");
      continue;
    }
    LoadedDatabase d;
    d.path = path;
    d.origin = "sample";
    d.schema = entry->schema;
    d.opening = true;
    state.databases.databases.push_back(std::move(d));
    state.pending_files.push_back({path, "sample", true});
  }
}

}  // namespace chokepoint::web

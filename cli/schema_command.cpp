// `chokepoint schema stats`: schema graphs and their structural statistics (thesis Tables 1.1 and 3.5) as JSON, from
// a tables.json file, one SQLite database or a folder of them, with join hints from a gold SQL file or a JSON file.
#include <algorithm>
#include <climits>
#include <filesystem>
#include <fstream>
#include <iostream>

#include "cli/command.h"
#include "cli/common_flags.h"
#include "core/db/connection.h"
#include "core/graph/join_hint.h"
#include "core/graph/schema_graph.h"
#include "core/graph/statistics.h"
#include "core/graph/statistics_json.h"
#include "core/schema/sqlite_schema.h"
#include "core/schema/tables_json.h"
#include "core/sql/join_query_graph.h"

namespace chokepoint::cli {
namespace {

namespace fs = std::filesystem;

const char* kSchemaUsage =
    "Usage: chokepoint schema stats (--tables FILE | --db FILE.sqlite | --db-root DIR)\n"
    "                               [--siblings column|table|none] [--joins-from GOLD_FILE] [--hints FILE]\n"
    "                               [--labels] [--show-centrality] [--max-cycles N]\n"
    "Builds the schema graph of every database (one node per table, one edge per joinable table pair) and prints\n"
    "JSON: \"databases\" (db_id, nodes, edges, labels, avg_degree, connected, components, cyclic, cycles,\n"
    "cycles_at_least, cycles_by_length, diameter) and \"summary\" (count, pct_connected, pct_cyclic, avg_degree,\n"
    "avg_diameter; means over databases).\n"
    "  --tables FILE      Spider/BIRD tables.json\n"
    "  --db FILE.sqlite   one SQLite database (keys read with PRAGMA foreign_key_list)\n"
    "  --db-root DIR      every DIR/<name>/<name>.sqlite and DIR/*.sqlite\n"
    "  --siblings RULE    FK-FK labels between tables whose keys reference the same column (column, default),\n"
    "                     the same table (table, as the reference implementation) or none\n"
    "  --joins-from FILE  gold SQL file (`SQL<TAB>db_id` per line): its equi-joins become `workload` labels\n"
    "  --hints FILE       JSON array of {\"left\": \"t1.c1\", \"right\": \"t2.c2\"[, \"db_id\": \"d\"]}: `user` "
    "labels\n"
    "  --labels           list every table pair with its join conditions and their sources (\"edge_labels\")\n"
    "  --show-centrality  degree and betweenness centrality per table\n"
    "  --max-cycles N     stop counting a database's cycles at N (default 1000000); cycles_at_least is then true\n"
    "A missing or corrupt file gives a one-line error and exit code 2.";

FlagTable schema_stats_flags() {
  return {
      flags::tables(),
      path_flag("--db", "FILE.sqlite", "one SQLite database"),
      flags::db_root().described("every DIR/<name>/<name>.sqlite and DIR/*.sqlite"),
      flags::siblings(),
      path_flag("--joins-from", "GOLD_FILE", "gold SQL lines whose equi-joins become workload labels"),
      path_flag("--hints", "FILE", "JSON join hints that become user labels"),
      switch_flag("--labels", "list every table pair with its join conditions and their sources"),
      switch_flag("--show-centrality", "degree and betweenness centrality per table").alias("--centrality"),
      whole_flag("--max-cycles", "N", 1, LLONG_MAX, "cycles", "stop counting a database's cycles at N")
          .or_else("1000000"),
  };
}

Result<std::vector<Schema>> schemas_from_sqlite(const std::vector<fs::path>& files) {
  std::vector<Schema> out;
  for (const auto& f : files) {
    auto db = Connection::open_read_only(f.string());
    if (!db.ok()) return Error{db.error()};
    SchemaReadOptions options;
    options.count_rows = false;
    auto schema = read_schema(*db, f.stem().string(), options);
    if (!schema.ok()) return Error{f.string() + ": " + schema.error()};
    out.push_back(std::move(schema).value());
  }
  return out;
}

Result<std::vector<Schema>> schemas_under(const std::string& root) {
  std::error_code ec;
  if (!fs::is_directory(root, ec)) return Error{"'" + root + "' is not a directory"};
  std::vector<fs::path> files;
  for (const auto& entry : fs::directory_iterator(root, ec)) {
    const fs::path& p = entry.path();
    if (entry.is_directory()) {
      const fs::path inner = p / (p.filename().string() + ".sqlite");
      if (fs::exists(inner)) files.push_back(inner);
    } else if (p.extension() == ".sqlite") {
      files.push_back(p);
    }
  }
  if (ec) return Error{"cannot list '" + root + "': " + ec.message()};
  if (files.empty()) return Error{"no SQLite databases under '" + root + "'"};
  std::sort(files.begin(), files.end());
  return schemas_from_sqlite(files);
}

Result<std::vector<Schema>> load_schemas(const FlagValues& r) {
  const int sources = (r.has("--tables") ? 1 : 0) + (r.has("--db") ? 1 : 0) + (r.has("--db-root") ? 1 : 0);
  if (sources != 1) return Error{"give exactly one of --tables, --db, --db-root (see chokepoint schema stats --help)"};
  if (r.has("--tables")) return load_tables_json(r.text("--tables"));
  if (r.has("--db")) {
    const std::string path = r.text("--db");
    if (!fs::exists(path)) return Error{"cannot read '" + path + "'"};
    return schemas_from_sqlite({fs::path(path)});
  }
  return schemas_under(r.text("--db-root"));
}

// Equi-joins of a gold file (`SQL<TAB>db_id` per line, Spider/BIRD dev_gold.sql) as workload hints of their
// database. Lines of databases not loaded are skipped; a query that does not parse is reported on stderr and skipped,
// since one odd gold query should not hide the joins of the others.
Result<std::vector<JoinHint>> load_workload_joins(const std::string& path, const std::vector<Schema>& schemas) {
  std::ifstream in(path);
  if (!in) return Error{"cannot read '" + path + "'"};
  std::vector<JoinHint> hints;
  std::string line;
  size_t line_no = 0, unparsed = 0;
  while (std::getline(in, line)) {
    ++line_no;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.find_first_not_of(" \t") == std::string::npos) continue;
    const auto tab = line.rfind('\t');
    if (tab == std::string::npos) return Error{path + ":" + std::to_string(line_no) + ": expected `SQL<TAB>db_id`"};
    const std::string db_id = line.substr(tab + 1);
    auto schema = std::find_if(schemas.begin(), schemas.end(), [&](const Schema& s) { return s.db_id == db_id; });
    if (schema == schemas.end()) continue;
    auto pairs = sql::workload_equi_joins(line.substr(0, tab), *schema);
    if (!pairs.ok()) {
      ++unparsed;
      continue;
    }
    for (const auto& p : *pairs)
      hints.push_back(single_column_hint(p.table_a, p.column_a, p.table_b, p.column_b, db_id));
  }
  if (unparsed)
    std::cerr << "chokepoint: " << path << ": " << unparsed << " queries did not parse; their joins are not used\n";
  return hints;
}

int schema_stats(const FlagValues& r) {
  if (!r.positionals().empty()) return fail_input("unexpected argument '" + r.positionals()[0] + "'");
  auto rule = parse_sibling_rule(r.text("--siblings"));
  if (!rule.ok()) return fail_input(rule.error());
  StatisticsOptions stats_options;
  if (r.has("--max-cycles")) stats_options.cycle_limits.max_cycles = r.integer("--max-cycles");
  auto schemas = load_schemas(r);
  if (!schemas.ok()) return fail_input(schemas.error());
  std::vector<JoinHint> workload, user;
  if (r.has("--joins-from")) {
    auto joins = load_workload_joins(r.text("--joins-from"), *schemas);
    if (!joins.ok()) return fail_input(joins.error());
    workload = std::move(joins).value();
  }
  if (r.has("--hints")) {
    auto hints = load_join_hints(r.text("--hints"));
    if (!hints.ok()) return fail_input(hints.error());
    user = std::move(hints).value();
  }
  StatisticsJsonOptions json_options;
  json_options.edge_labels = r.has("--labels");
  json_options.centrality = r.has("--show-centrality");
  stats_options.centrality = json_options.centrality;
  nlohmann::ordered_json databases = nlohmann::ordered_json::array();
  std::vector<GraphStatistics> all;
  for (const auto& schema : *schemas) {
    const SchemaGraph graph = build_schema_graph(schema, {*rule}, workload, user);
    all.push_back(compute_statistics(graph, stats_options));
    databases.push_back(database_statistics_json(graph, all.back(), json_options));
  }
  nlohmann::ordered_json out;
  out["siblings"] = to_string(*rule);
  out["databases"] = databases;
  out["summary"] = summary_json(summarize(all));
  std::cout << out.dump(2) << "\n";
  return 0;
}

const Registrar stats{{"schema stats", "schema graphs and their structural statistics as JSON", kSchemaUsage,
                       schema_stats_flags, schema_stats}};

}  // namespace
}  // namespace chokepoint::cli

// `chokepoint sql check FILE [--tables TABLES.json | --db-root DIR]`: parse, round-trip and prepare every query of a
// gold file (`SQL<TAB>db_id` per line). `chokepoint jqg FILE --tables TABLES.json [--per-query]`: the distribution
// of join query graph shapes of the main SELECT of each query. Both print one JSON object.
#include <fstream>
#include <iostream>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>

#include "cli/cli_inputs.h"
#include "cli/command.h"
#include "cli/common_flags.h"
#include "core/base/path_part.h"
#include "core/db/connection.h"
#include "core/schema/schema_ddl.h"
#include "core/schema/tables_json.h"
#include "core/sql/join_query_graph.h"
#include "core/sql/name_resolution.h"
#include "core/sql/parser.h"
#include "core/sql/printer.h"

namespace chokepoint::cli {
namespace {

using nlohmann::json;

struct GoldLine {
  int line = 0;
  std::string sql, db_id;
};

Result<std::vector<GoldLine>> read_gold(const std::string& path) {
  std::ifstream in(path);
  if (!in) return Error{"cannot read " + path};
  std::vector<GoldLine> out;
  std::string text;
  int n = 0;
  while (std::getline(in, text)) {
    ++n;
    if (!text.empty() && text.back() == '\r') text.pop_back();
    if (text.find_first_not_of(" \t") == std::string::npos) continue;
    auto tab = text.rfind('\t');
    if (tab == std::string::npos) return Error{path + ":" + std::to_string(n) + ": expected SQL<TAB>db_id"};
    out.push_back({n, text.substr(0, tab), text.substr(tab + 1)});
  }
  return out;
}

int sql_check(const FlagValues& r) {
  if (r.positionals().size() != 1 || (r.has("--tables") && r.has("--db-root")))
    return fail_input("usage: chokepoint sql check FILE [--tables TABLES.json | --db-root DIR]");
  auto gold = read_gold(r.positionals()[0]);
  if (!gold.ok()) return fail_input(gold.error());
  std::map<std::string, Schema> schemas;
  if (r.has("--tables")) {
    auto s = tables_json_by_db(r.text("--tables"));
    if (!s.ok()) return fail_input(s.error());
    schemas = std::move(*s);
  }
  const std::string db_root = r.text("--db-root");
  std::map<std::string, std::unique_ptr<Connection>> dbs;
  std::map<std::string, std::string> db_errors;
  auto database = [&](const std::string& db_id) -> const Connection* {
    auto it = dbs.find(db_id);
    if (it != dbs.end()) return it->second.get();
    std::unique_ptr<Connection> conn;
    if (auto named = check_path_part(db_id, "db_id"); !named.ok()) {
      db_errors[db_id] = named.error();
    } else if (!db_root.empty()) {
      auto c = Connection::open_read_only(db_root + "/" + db_id + "/" + db_id + ".sqlite");
      if (c.ok())
        conn = std::make_unique<Connection>(std::move(*c));
      else
        db_errors[db_id] = c.error();
    } else {
      auto s = schemas.find(db_id);
      if (s == schemas.end()) {
        db_errors[db_id] = "no schema for " + db_id + " in " + r.text("--tables");
      } else {
        auto c = create_schema_database(s->second);
        if (c.ok())
          conn = std::make_unique<Connection>(std::move(*c));
        else
          db_errors[db_id] = c.error();
      }
    }
    return dbs.emplace(db_id, std::move(conn)).first->second.get();
  };
  const bool prepare = r.has("--tables") || r.has("--db-root");
  int parsed = 0, identical = 0, prepared = 0, checked = 0;
  json failures = json::array();
  auto failure = [&](int line, const char* stage, const std::string& message) {
    failures.push_back({{"line", line}, {"stage", stage}, {"message", message}});
  };
  for (const auto& g : *gold) {
    auto tree = sql::parse_sql(g.sql);
    if (!tree.ok()) {
      failure(g.line, "parse", tree.error());
      continue;
    }
    ++parsed;
    std::string printed = sql::print_sql(**tree);
    auto again = sql::parse_sql(printed);
    if (again.ok() && sql::equal(**tree, **again))
      ++identical;
    else
      failure(g.line, "roundtrip", "printed query parses differently: " + printed);
    if (!prepare) continue;
    const Connection* db = database(g.db_id);
    if (!db) {
      failure(g.line, "database", db_errors[g.db_id]);
      continue;
    }
    ++checked;
    auto st = db->prepare_check(printed);
    if (st.ok())
      ++prepared;
    else
      failure(g.line, "prepare", st.error());
  }
  json out = {{"total", gold->size()}, {"parsed", parsed},           {"roundtrip_identical", identical},
              {"prepared", prepared},  {"prepare_checked", checked}, {"failures", failures}};
  std::cout << out.dump(2) << "\n";
  return failures.empty() ? 0 : 1;
}

json graph_json(const sql::JoinQueryGraph& g) {
  json nodes = json::array(), edges = json::array();
  for (const auto& n : g.nodes) nodes.push_back({{"table", n.table}, {"alias", n.alias}, {"derived", n.derived}});
  for (const auto& e : g.edges) {
    json conds = json::array();
    for (const auto& c : e.conditions)
      conds.push_back({{"left", c.left_table + "." + c.left_column},
                       {"right", c.right_table + "." + c.right_column},
                       {"source", sql::join_source_name(c.source)}});
    edges.push_back({{"a", e.a}, {"b", e.b}, {"conditions", conds}});
  }
  return {{"nodes", nodes}, {"edges", edges}};
}

int jqg(const FlagValues& r) {
  if (r.positionals().size() != 1 || !r.has("--tables"))
    return fail_input("usage: chokepoint jqg FILE --tables TABLES.json [--per-query]");
  auto gold = read_gold(r.positionals()[0]);
  if (!gold.ok()) return fail_input(gold.error());
  auto schemas = tables_json_by_db(r.text("--tables"));
  if (!schemas.ok()) return fail_input(schemas.error());
  std::map<std::string, int> by_shape;
  double degree_sum = 0;
  int queries = 0, cyclic = 0;
  json per_query = json::array();
  for (const auto& g : *gold) {
    auto s = schemas->find(g.db_id);
    if (s == schemas->end()) {
      std::cerr << "chokepoint: line " << g.line << ": no schema for " << g.db_id << ", skipped\n";
      continue;
    }
    auto tree = sql::parse_sql(g.sql);
    if (!tree.ok()) {
      std::cerr << "chokepoint: line " << g.line << ": " << tree.error() << ", skipped\n";
      continue;
    }
    auto names = sql::resolve_names(**tree, s->second);
    auto graph = sql::build_join_query_graph(names, s->second, names.main_scope);
    size_t v = graph.nodes.size(), e = graph.edges.size();
    ++queries;
    ++by_shape[std::to_string(v) + "," + std::to_string(e)];
    if (v > 0) degree_sum += 2.0 * static_cast<double>(e) / static_cast<double>(v);
    if (graph.is_cyclic()) ++cyclic;
    if (r.has("--per-query")) {
      json q = graph_json(graph);
      q["line"] = g.line;
      q["db_id"] = g.db_id;
      per_query.push_back(q);
    }
  }
  json out = {{"queries", queries},
              {"by_shape", by_shape},
              {"avg_degree", queries ? degree_sum / queries : 0.0},
              {"cyclic_pct", queries ? 100.0 * cyclic / queries : 0.0}};
  if (r.has("--per-query")) out["per_query"] = per_query;
  std::cout << out.dump(2) << "\n";
  return 0;
}

FlagTable sql_check_flags() {
  return {flags::tables().described("prepare in empty databases built from these schemas"),
          flags::db_root().described("prepare in the databases DIR/<db_id>/<db_id>.sqlite")};
}
FlagTable jqg_flags() { return {flags::tables(), switch_flag("--per-query", "each query's graph too")}; }

const Registrar check{{"sql check", "parse, round-trip and prepare every query of a gold file",
                       "Usage: chokepoint sql check FILE [--tables TABLES.json | --db-root DIR]\n"
                       "FILE has one `SQL<TAB>db_id` per line. Prints JSON: total, parsed, roundtrip_identical,\n"
                       "prepared, prepare_checked, failures (line, stage, message). With --tables the printed SQL is\n"
                       "prepared in empty in-memory databases built from the schemas; with --db-root in\n"
                       "DIR/<db_id>/<db_id>.sqlite. Exit code 1 if any query fails, 2 on bad input.",
                       sql_check_flags, sql_check}};

const Registrar graphs{{"jqg", "join query graph shapes of the queries of a gold file",
                        "Usage: chokepoint jqg FILE --tables TABLES.json [--per-query]\n"
                        "Prints JSON: queries, by_shape (\"V,E\" -> count), avg_degree (mean of 2|E|/|V|),\n"
                        "cyclic_pct, and with --per-query each query's graph (nodes with table and alias, edges with\n"
                        "their equi-join conditions). Graphs are those of the main SELECT of each query.",
                        jqg_flags, jqg}};

}  // namespace
}  // namespace chokepoint::cli

#include "cli/suite_items.h"

#include <filesystem>
#include <set>

#include "cli/missing_databases.h"
#include "core/dataset/eval_set_loader.h"
#include "core/mutate/mutant_generation.h"

namespace chokepoint::cli {

Result<SuiteInputs> read_suite_inputs(const FlagValues& r, const char* usage) {
  if (!r.positionals().empty()) return Error{"unexpected argument '" + r.positionals()[0] + "'\n" + usage};
  const std::string set_path = r.text("--gold"), root = r.text("--db-root"), out = r.text("--out");
  if (set_path.empty() || root.empty() || out.empty()) return Error{std::string("missing arguments\n") + usage};
  std::error_code ec;
  if (!std::filesystem::is_directory(root, ec)) return Error{"--db-root " + root + ": no such folder"};
  SuiteInputs in;
  auto set = load_eval_set(set_path);
  if (!set.ok()) return Error{set_path + ": " + set.error()};
  if (holds_predictions(*set)) return Error{set_path + ": holds predictions, not a gold set"};
  in.set = std::move(*set);
  in.semantics = semantics_of_format(in.set.format).value_or(ExSemantics::Bird);
  if (r.has("--semantics")) in.semantics = *ex_semantics_from_name(r.text("--semantics"));
  std::vector<std::string> item_db_ids;
  for (size_t i = 0; i < in.set.items.size(); ++i) {
    if (in.set.items[i].db_id.empty()) return Error{set_path + ": item " + std::to_string(i + 1) + " has no db_id"};
    in.by_db[in.set.items[i].db_id].push_back(in.set.items[i]);
    item_db_ids.push_back(in.set.items[i].db_id);
  }
  if (auto st = require_databases(root, item_db_ids, r.has("--skip-missing")); !st.ok()) return Error{st.error()};
  std::set<std::string> ids;
  for (const auto& [db, items] : in.by_db) ids.insert(db);
  auto open = open_databases(root, ids);
  if (!open.ok()) return Error{open.error()};
  in.open = std::move(*open);
  std::filesystem::create_directories(out, ec);
  if (!std::filesystem::is_directory(out, ec)) return Error{"--out " + out + ": cannot create the folder"};
  return in;
}

std::vector<testdb::SuiteItem> suite_items(const std::vector<EvalItem>& items, const Connection& original,
                                           size_t& unparsed) {
  std::vector<testdb::SuiteItem> suite;
  for (const auto& item : items) {
    testdb::SuiteItem s{item.key, item.sql, {}};
    if (auto mutants = mutate::kept_mutant_sql(item.sql, original); mutants.ok())
      s.mutants = std::move(*mutants);
    else
      ++unparsed;
    suite.push_back(std::move(s));
  }
  return suite;
}

}  // namespace chokepoint::cli

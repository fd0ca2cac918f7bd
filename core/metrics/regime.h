// A matching configuration of SQLMorph §VI-B: column regime, cell regime and the treatment of extra predicted
// columns, written as in the paper's tables: "EC-PC-IE", "SC-EC-PE", "NC-PC".
#pragma once
#include <string>
#include <vector>

#include "core/base/result.h"

namespace chokepoint {

enum class ColumnRegime { Exact, Semantic, None };  // EC, SC, NC
enum class CellRegime { Exact, Partial };           // EC, PC
enum class ExtraColumns { Penalize, Ignore };       // PE, IE

// Invariant: columns == None implies extras == Penalize (§VI-B-c: IE needs a matched column set, NC builds none).
struct Regime {
  ColumnRegime columns = ColumnRegime::Exact;
  CellRegime cells = CellRegime::Exact;
  ExtraColumns extras = ExtraColumns::Ignore;

  std::string name() const;  // "EC-EC-IE"; under NC the extras part is omitted: "NC-PC"
  bool operator==(const Regime& o) const { return columns == o.columns && cells == o.cells && extras == o.extras; }
};

// Parses "EC-PC-IE", "sc-ec-pe", "NC-PC" (also "NC-PC-PE", normalised to "NC-PC"). "NC-x-IE" is an error, as is a
// missing extras part under EC/SC.
Result<Regime> parse_regime(const std::string& text);
// Comma-separated list; duplicates removed, order kept.
Result<std::vector<Regime>> parse_regime_list(const std::string& text);

// The five configurations of SQLMorph Table XI, in the table's order.
std::vector<Regime> table_xi_regimes();
// Every valid combination (10): EC/SC x EC/PC x PE/IE, plus NC-EC and NC-PC.
std::vector<Regime> all_regimes();

}  // namespace chokepoint

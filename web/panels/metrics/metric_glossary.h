// One-line definitions of metric and regime names, for the tooltips on every metric name in the app.
#pragma once
#include <string>

namespace chokepoint::web {

// "EX", "EXP %", "EXR", "F1", "EC-PC-IE", "NC-PC", "SC-EC-IE F1", ...; "" for names it does not know.
std::string metric_definition(const std::string& name);
// Draws the current table's header row with a tooltip on every header that names a metric.
void table_headers_with_definitions();
// Shows the definition of `name` as a tooltip when the last item is hovered.
void tooltip_definition(const std::string& name);

}  // namespace chokepoint::web

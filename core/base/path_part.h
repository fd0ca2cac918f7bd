// Names from inputs that become part of a path: a db_id (ROOT/<db_id>/<db_id>.sqlite), a variant id, a synthetic
// database's id. An evaluation set or a tables.json may come from an attacker, so a name is checked before it is
// joined to a folder: "../x" or "/etc/x" must never name a file outside the folder the user chose.
#pragma once
#include <string>

#include "core/base/result.h"

namespace chokepoint {

// Ok when `name` is one plain path component: 1 to 128 bytes, not "." or "..", no leading '.', no '/', '\\', ':'
// and no control byte (NUL included). Otherwise an error naming `what` ("db_id"), the name and the rule it breaks.
Status check_path_part(const std::string& name, const std::string& what);

}  // namespace chokepoint

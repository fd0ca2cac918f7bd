// Names from inputs that become part of a path: a db_id (ROOT/<db_id>/<db_id>.sqlite), a variant id, a synthetic
// database's id. An evaluation set or a tables.json may come from an attacker, so a name is checked before it is
// joined to a folder: "../x" or "/etc/x" must never name a file outside the folder the user chose. And the reverse:
// the parts of a path that become a name (a database's db_id from its file).
#pragma once
#include <string>

#include "core/base/result.h"

namespace chokepoint {

// Ok when `name` is one plain path component: 1 to 128 bytes, not "." or "..", no leading '.', no '/', '\\', ':'
// and no control byte (NUL included). Otherwise an error naming `what` ("db_id"), the name and the rule it breaks.
Status check_path_part(const std::string& name, const std::string& what);

// The last component of a '/'-separated path: "a/b/c.sqlite" -> "c.sqlite", "c.sqlite" -> itself.
std::string file_name_of(const std::string& path);

// The file name without its last extension: "a/b/c.v2.sqlite" -> "c.v2", "a/c" -> "c". A name whose only dot is its
// first byte keeps it (".sqlite" -> ".sqlite"), so a stem is never empty unless the file name is.
std::string file_stem_of(const std::string& path);

}  // namespace chokepoint

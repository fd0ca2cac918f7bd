// What SQL may do on a connection: the sandbox every query of a prediction, a gold file, a model answer or a stored
// view runs in. It follows SQLite's own guidance for untrusted SQL and databases ("Defense Against the Dark Arts",
// https://www.sqlite.org/security.html): SQLITE_DBCONFIG_DEFENSIVE on, TRUSTED_SCHEMA off, no extension loading, no
// fts3_tokenizer() pointers, no ATTACH (SQLITE_LIMIT_ATTACHED 0), no triggers, PRAGMA cell_size_check on, and an
// authorizer (sqlite3_set_authorizer) that lets untrusted text only read.
//
// Two kinds of text run on a connection, and the authorizer knows which one is being prepared:
//  - SqlTrust::Query: text from outside (predictions, gold SQL, model answers, views of an uploaded database). Only
//    SELECT (with WITH, VALUES, recursive CTEs, views and table-valued functions) and the functions of
//    allowed_functions(); every PRAGMA, ATTACH/DETACH, VACUUM, DDL, DML, transaction, ANALYZE and REINDEX is refused.
//  - SqlTrust::Own: text the program printed itself (DDL with quoted identifiers, the run and replay stores).
//    Writes, transactions, PRAGMAs and SQLite's internal functions (ALTER TABLE uses them) are allowed; ATTACH,
//    DETACH, VACUUM (SQLITE_LIMIT_ATTACHED 0 stops it) and function_denied_always() are still refused.
#pragma once
#include <set>
#include <string>
#include <vector>

#include "core/base/result.h"

struct sqlite3;

namespace chokepoint {

enum class SqlTrust { Query, Own };

// The authorizer's per-connection state. Owned by Connection on the heap, so its address survives moves.
struct SqlPolicy {
  SqlTrust trust = SqlTrust::Query;
  int first_action = -1;  // the first authorizer action of the statement being prepared (-1: none, e.g. VACUUM)
  std::string refusal;    // why the statement being prepared was refused; "" when nothing was
  std::set<std::string> registered_functions;  // lower case: functions the program registered on this connection
};

// Connection-wide hardening and the authorizer reading `policy`. Fails only if SQLite refuses a setting.
Status harden_connection(sqlite3* db, SqlPolicy* policy);

// The functions untrusted SQL may call (lower case, sorted): SQLite's core, aggregate, window, date/time, math and
// JSON functions and the read-only full-text ones. Left out on purpose: load_extension, fts3_tokenizer (takes a
// pointer), fts5 (returns one), optimize (writes an FTS index) and SQLite's internal sqlite_rename_* family.
const std::vector<std::string>& allowed_functions();
bool function_allowed(const std::string& name);  // any case
// load_extension, fts3_tokenizer, fts5 and optimize: refused even in the program's own statements.
bool function_denied_always(const std::string& name);

// The authorizer's decision for one action (SQLITE_OK or SQLITE_DENY) and, when denied, why, under `policy` (its
// trust, the statement's first action so far, the registered functions). Pure: the callback records `first_action`
// and the refusal around it. The arguments are the callback's four strings (any may be null).
struct SqlDecision {
  int code = 0;
  std::string refusal;
};
SqlDecision decide_action(const SqlPolicy& policy, int action, const char* arg1, const char* arg2, const char* arg3,
                          const char* arg4);

// The first keyword of a statement's text, upper case ("VACUUM", "SELECT"), skipping white space and comments;
// "" when there is none. Used to name a refused statement that the authorizer never saw (VACUUM has no action code).
std::string leading_keyword(const std::string& sql);

// The message for a statement prepared under SqlTrust::Query that is not a plain read, or "" when it is one:
// refused by the authorizer, no SELECT at all (VACUUM has no authorizer action), or a statement SQLite says may
// write. EXPLAIN of an allowed SELECT is a read (its inner statement is authorized as if it ran) and passes.
std::string query_refusal(const SqlPolicy& policy, const std::string& sql, bool statement_read_only);

}  // namespace chokepoint

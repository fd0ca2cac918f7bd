// Schema snapshots: written and read by hand, one record a line, so that reading one in the browser's first frame
// compiles a few small functions rather than a JSON parser.
#include "core/schema/schema_snapshot.h"

namespace chokepoint {
namespace {

constexpr std::string_view kSnapshotHeader = "chokepoint schema snapshot 1";

void put_field(std::string& out, std::string_view field) {
  out += '\t';
  for (char c : field) {
    switch (c) {
      case '\\':
        out += "\\\\";
        break;
      case '\t':
        out += "\\t";
        break;
      case '\n':
        out += "\\n";
        break;
      case '\r':
        out += "\\r";
        break;
      default:
        out += c;
    }
  }
}

void put_fields(std::string& out, const std::vector<std::string>& fields) {
  out += '\t';
  out += std::to_string(fields.size());
  for (const auto& f : fields) put_field(out, f);
}

// Splits a line at its tabs and undoes the escapes; false (and `why`) for an unknown escape or a lone backslash.
bool split_snapshot_line(std::string_view line, std::vector<std::string>& fields, std::string& why) {
  fields.assign(1, std::string());
  for (size_t i = 0; i < line.size(); ++i) {
    const char c = line[i];
    if (c == '\t') {
      fields.emplace_back();
    } else if (c != '\\') {
      fields.back() += c;
    } else if (i + 1 == line.size()) {
      why = "a backslash ends the line";
      return false;
    } else {
      const char e = line[++i];
      if (e == '\\')
        fields.back() += '\\';
      else if (e == 't')
        fields.back() += '\t';
      else if (e == 'n')
        fields.back() += '\n';
      else if (e == 'r')
        fields.back() += '\r';
      else {
        why = std::string("unknown escape \\") + e;
        return false;
      }
    }
  }
  return true;
}

// A whole decimal number, optionally negative; false for anything else (empty, signs alone, other characters, or
// more digits than a long long holds).
bool parse_whole_number(const std::string& text, long long& out) {
  size_t i = text.size() > 0 && text[0] == '-' ? 1 : 0;
  if (i == text.size() || text.size() - i > 18) return false;
  long long v = 0;
  for (; i < text.size(); ++i) {
    if (text[i] < '0' || text[i] > '9') return false;
    v = v * 10 + (text[i] - '0');
  }
  out = text[0] == '-' ? -v : v;
  return true;
}

// Reads a count and that many names from fields[at...], moving `at` past them.
bool take_names(const std::vector<std::string>& fields, size_t& at, std::vector<std::string>& names) {
  long long n = 0;
  if (at >= fields.size() || !parse_whole_number(fields[at], n) || n < 0 ||
      static_cast<unsigned long long>(n) > fields.size() - at - 1)
    return false;
  ++at;
  names.assign(fields.begin() + static_cast<std::ptrdiff_t>(at), fields.begin() + static_cast<std::ptrdiff_t>(at + n));
  at += static_cast<size_t>(n);
  return true;
}

}  // namespace

std::string write_schema_snapshot(const std::vector<SchemaSnapshotEntry>& entries) {
  std::string out(kSnapshotHeader);
  out += '\n';
  for (const auto& e : entries) {
    out += "database";
    put_field(out, e.file);
    put_field(out, e.schema.db_id);
    out += '\n';
    for (const auto& t : e.schema.tables) {
      out += "table";
      put_field(out, t.name);
      put_field(out, t.natural_name);
      put_field(out, std::to_string(t.row_count));
      out += '\n';
      for (const auto& c : t.columns) {
        out += "column";
        put_field(out, c.name);
        put_field(out, c.type);
        put_field(out, c.natural_name);
        put_field(out, c.not_null ? "1" : "0");
        put_field(out, c.collation);
        out += '\n';
      }
      if (!t.primary_key.empty()) {
        out += "primary_key";
        for (const auto& k : t.primary_key) put_field(out, k);
        out += '\n';
      }
      for (const auto& fk : t.foreign_keys) {
        out += "foreign_key";
        put_fields(out, fk.from_columns);
        put_field(out, fk.to_table);
        put_fields(out, fk.to_columns);
        out += '\n';
      }
    }
  }
  return out;
}

Result<std::vector<SchemaSnapshotEntry>> read_schema_snapshot(std::string_view text) {
  std::vector<SchemaSnapshotEntry> entries;
  std::vector<std::string> f;
  std::string why;
  size_t line_no = 0;
  auto fail = [&](const std::string& what) {
    return Error{"schema snapshot, line " + std::to_string(line_no) + ": " + what};
  };
  while (!text.empty()) {
    const size_t end = text.find('\n');
    const std::string_view line = text.substr(0, end);
    text.remove_prefix(end == std::string_view::npos ? text.size() : end + 1);
    ++line_no;
    if (line_no == 1) {
      if (line != kSnapshotHeader)
        return fail("expected \"" + std::string(kSnapshotHeader) + "\" (not a schema snapshot, or another version)");
      continue;
    }
    if (!split_snapshot_line(line, f, why)) return fail(why);
    const std::string& kind = f[0];
    Table* table =
        entries.empty() || entries.back().schema.tables.empty() ? nullptr : &entries.back().schema.tables.back();
    if (kind == "database") {
      if (f.size() != 3) return fail("a database needs a file and a db_id");
      entries.push_back({f[1], Schema{f[2], {}}});
    } else if (kind == "table") {
      long long rows = 0;
      if (entries.empty()) return fail("a table before any database");
      if (f.size() != 4 || !parse_whole_number(f[3], rows) || rows < -1)
        return fail("a table needs a name, a natural name and a row count (-1 when not counted)");
      Table t;
      t.name = f[1];
      t.natural_name = f[2];
      t.row_count = rows;
      entries.back().schema.tables.push_back(std::move(t));
    } else if (kind == "column") {
      if (!table) return fail("a column before any table");
      if (f.size() != 6 || (f[4] != "0" && f[4] != "1"))
        return fail("a column needs a name, a type, a natural name, not-null (0 or 1) and a collation");
      table->columns.push_back(Column{f[1], f[2], f[3], f[4] == "1", f[5]});
    } else if (kind == "primary_key") {
      if (!table) return fail("a primary key before any table");
      if (f.size() < 2) return fail("a primary key needs a column");
      table->primary_key.assign(f.begin() + 1, f.end());
    } else if (kind == "foreign_key") {
      if (!table) return fail("a foreign key before any table");
      ForeignKey fk;
      size_t at = 1;
      if (!take_names(f, at, fk.from_columns) || at >= f.size())
        return fail("a foreign key needs a count, its columns and the table it references");
      fk.to_table = f[at++];
      if (!take_names(f, at, fk.to_columns) || at != f.size())
        return fail("a foreign key needs a count and the columns it references after the table, and nothing more");
      table->foreign_keys.push_back(std::move(fk));
    } else {
      return fail("unknown record '" + kind + "'");
    }
  }
  if (line_no == 0) return Error{"schema snapshot: the text is empty"};
  return entries;
}

}  // namespace chokepoint

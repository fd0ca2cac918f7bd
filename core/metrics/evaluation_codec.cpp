// Encoders and decoders for evaluation requests and items. Field order is the format: write and read them in the
// same order, and bump kFormat when it changes (both sides are built together, so this only guards mixed builds,
// e.g. a page cached by the service worker talking to a fresh worker script).
#include "core/metrics/evaluation_codec.h"

#include "core/base/byte_codec.h"

namespace chokepoint {
namespace {

constexpr uint64_t kFormat = 3;  // 2: items carry Soft-F1; 3: gold alternatives, tolerance, ties

template <typename E>
void put_enum(ByteWriter& w, E e) {
  w.u64(static_cast<uint64_t>(e));
}

template <typename E>
bool get_enum(ByteReader& r, E& e, uint64_t count) {
  uint64_t v;
  if (!r.u64(v) || v >= count) return false;
  e = static_cast<E>(v);
  return true;
}

void put_regime(ByteWriter& w, const Regime& g) {
  put_enum(w, g.columns);
  put_enum(w, g.cells);
  put_enum(w, g.extras);
}

bool get_regime(ByteReader& r, Regime& g) {
  return get_enum(r, g.columns, 3) && get_enum(r, g.cells, 2) && get_enum(r, g.extras, 2);
}

void put_value(ByteWriter& w, const Value& v) {
  put_enum(w, v.type);
  switch (v.type) {
    case ValueType::Null:
      break;
    case ValueType::Integer:
      w.i64(v.integer);
      break;
    case ValueType::Real:
      w.f64(v.real);
      break;
    case ValueType::Text:
    case ValueType::Blob:
      w.bytes(v.bytes);
      break;
  }
}

bool get_value(ByteReader& r, Value& v) {
  if (!get_enum(r, v.type, 5)) return false;
  switch (v.type) {
    case ValueType::Null:
      return true;
    case ValueType::Integer:
      return r.i64(v.integer);
    case ValueType::Real:
      return r.f64(v.real);
    case ValueType::Text:
    case ValueType::Blob:
      return r.bytes(v.bytes);
  }
  return false;
}

void put_strings(ByteWriter& w, const std::vector<std::string>& v) {
  w.u64(v.size());
  for (const auto& s : v) w.bytes(s);
}

bool get_strings(ByteReader& r, std::vector<std::string>& v) {
  size_t n;
  if (!r.count(n)) return false;
  v.resize(n);
  for (auto& s : v)
    if (!r.bytes(s)) return false;
  return true;
}

void put_result(ByteWriter& w, const ResultSet& rs) {
  put_strings(w, rs.column_names);
  put_strings(w, rs.declared_types);
  w.u64(rs.rows.size());
  for (const auto& row : rs.rows) {
    w.u64(row.size());
    for (const auto& v : row) put_value(w, v);
  }
  w.boolean(rs.truncated);
  w.bytes(rs.truncation);
}

bool get_result(ByteReader& r, ResultSet& rs) {
  if (!get_strings(r, rs.column_names) || !get_strings(r, rs.declared_types)) return false;
  size_t rows;
  if (!r.count(rows)) return false;
  rs.rows.resize(rows);
  for (auto& row : rs.rows) {
    size_t n;
    if (!r.count(n)) return false;
    row.resize(n);
    for (auto& v : row)
      if (!get_value(r, v)) return false;
  }
  return r.boolean(rs.truncated) && r.bytes(rs.truncation);
}

void put_score(ByteWriter& w, const FineGrainedScore& s) {
  w.f64(s.exp);
  w.f64(s.exr);
  w.f64(s.f1);
  w.u64(s.matched_cells);
  w.u64(s.gold_cells);
  w.u64(s.pred_cells);
  w.boolean(s.forced_by_ex);
}

bool get_score(ByteReader& r, FineGrainedScore& s) {
  return r.f64(s.exp) && r.f64(s.exr) && r.f64(s.f1) && r.size(s.matched_cells) && r.size(s.gold_cells) &&
         r.size(s.pred_cells) && r.boolean(s.forced_by_ex);
}

void put_comparison(ByteWriter& w, const PairComparison& c) {
  put_regime(w, c.regime);
  put_score(w, c.score);
  w.u64(c.columns.size());
  for (const auto& p : c.columns) {
    w.u64(p.gold);
    w.u64(p.pred);
    w.f64(p.similarity);
  }
  w.u64(c.rows.size());
  for (const auto& m : c.rows) {
    w.u64(m.gold_row);
    w.u64(m.pred_row);
    w.u64(m.cells);
    w.boolean(m.exact);
  }
  w.boolean(c.columns_capped);
}

bool get_comparison(ByteReader& r, PairComparison& c) {
  if (!get_regime(r, c.regime) || !get_score(r, c.score)) return false;
  size_t n;
  if (!r.count(n, 10)) return false;
  c.columns.resize(n);
  for (auto& p : c.columns)
    if (!r.size(p.gold) || !r.size(p.pred) || !r.f64(p.similarity)) return false;
  if (!r.count(n, 4)) return false;
  c.rows.resize(n);
  for (auto& m : c.rows)
    if (!r.size(m.gold_row) || !r.size(m.pred_row) || !r.size(m.cells) || !r.boolean(m.exact)) return false;
  return r.boolean(c.columns_capped);
}

}  // namespace

Result<std::string> encode_evaluation_request(const EvaluationRequest& request) {
  const auto& o = request.options;
  if (o.columns.embed)
    return Error{"an evaluation with a plugged-in embedding function cannot be sent elsewhere; evaluate it in place"};
  ByteWriter w;
  w.u64(kFormat);
  w.u64(request.first);
  w.u64(request.pairs.size());
  for (const auto& p : request.pairs) {
    w.bytes(p.id);
    w.bytes(p.db_id);
    w.bytes(p.gold_sql);
    w.bytes(p.pred_sql);
    put_strings(w, p.gold_alternatives);
    w.bytes(p.tie.probe_sql);
    w.bytes(p.tie.keys_sql);
    w.bytes(p.tie.unlimited_sql);
    w.i64(p.tie.limit);
    w.i64(p.tie.offset);
  }
  put_enum(w, o.semantics);
  w.u64(o.regimes.size());
  for (const auto& g : o.regimes) put_regime(w, g);
  w.i64(o.limits.timeout_ms);
  w.u64(o.limits.max_rows);
  w.u64(o.limits.max_value_bytes);
  w.u64(o.limits.max_result_bytes);
  w.u64(o.columns.top_k);
  w.f64(o.columns.threshold);
  w.bytes(o.columns.embedding_label);
  w.boolean(o.keep_details);
  w.u64(o.kept_result_bytes);
  w.f64(o.abs_tolerance);
  w.f64(o.rel_tolerance);
  w.boolean(o.tie_aware);
  return w.take();
}

Result<EvaluationRequest> decode_evaluation_request(const std::string& bytes) {
  ByteReader r(bytes);
  EvaluationRequest q;
  auto& o = q.options;
  uint64_t format;
  size_t n;
  bool ok = r.u64(format) && format == kFormat && r.size(q.first) && r.count(n, 4);
  if (ok) {
    q.pairs.resize(n);
    for (auto& p : q.pairs)
      if (!(ok = r.bytes(p.id) && r.bytes(p.db_id) && r.bytes(p.gold_sql) && r.bytes(p.pred_sql) &&
                 get_strings(r, p.gold_alternatives) && r.bytes(p.tie.probe_sql) && r.bytes(p.tie.keys_sql) &&
                 r.bytes(p.tie.unlimited_sql) && r.i64(p.tie.limit) && r.i64(p.tie.offset)))
        break;
  }
  ok = ok && get_enum(r, o.semantics, 3) && r.count(n, 3);
  if (ok) {
    o.regimes.resize(n);
    for (auto& g : o.regimes)
      if (!(ok = get_regime(r, g))) break;
  }
  int64_t timeout = 0;
  ok = ok && r.i64(timeout) && r.size(o.limits.max_rows) && r.size(o.limits.max_value_bytes) &&
       r.size(o.limits.max_result_bytes) && r.size(o.columns.top_k) && r.f64(o.columns.threshold) &&
       r.bytes(o.columns.embedding_label) && r.boolean(o.keep_details) && r.size(o.kept_result_bytes) &&
       r.f64(o.abs_tolerance) && r.f64(o.rel_tolerance) && r.boolean(o.tie_aware) && r.at_end() &&
       q.first <= q.pairs.size() && timeout >= INT32_MIN && timeout <= INT32_MAX;
  if (!ok) return Error{"the evaluation request is damaged (a different build of the worker?)"};
  o.limits.timeout_ms = static_cast<int>(timeout);
  return q;
}

std::string encode_item_evaluation(const ItemEvaluation& it) {
  ByteWriter w;
  w.u64(kFormat);
  w.bytes(it.id);
  w.bytes(it.db_id);
  put_enum(w, it.status);
  put_enum(w, it.gold_status);
  put_enum(w, it.pred_status);
  w.bytes(it.message);
  w.boolean(it.ex);
  w.f64(it.soft_f1);
  w.u64(it.golds);
  w.u64(it.matched_gold);
  w.boolean(it.tie_dependent);
  w.boolean(it.tie_accepted);
  w.boolean(it.truncated);
  w.bytes(it.truncation);
  w.bytes(it.capped);
  put_strings(w, it.ex_reasons);
  w.u64(it.scores.size());
  for (const auto& s : it.scores) put_score(w, s);
  w.f64(it.gold_ms);
  w.f64(it.pred_ms);
  w.f64(it.scoring_ms);
  w.u64(it.gold_rows);
  w.u64(it.pred_rows);
  put_result(w, it.gold_result);
  put_result(w, it.pred_result);
  w.u64(it.comparisons.size());
  for (const auto& c : it.comparisons) put_comparison(w, c);
  return w.take();
}

Result<ItemEvaluation> decode_item_evaluation(const std::string& bytes) {
  ByteReader r(bytes);
  ItemEvaluation it;
  uint64_t format;
  size_t n;
  bool ok = r.u64(format) && format == kFormat && r.bytes(it.id) && r.bytes(it.db_id) && get_enum(r, it.status, 3) &&
            get_enum(r, it.gold_status, 3) && get_enum(r, it.pred_status, 3) && r.bytes(it.message) &&
            r.boolean(it.ex) && r.f64(it.soft_f1) && r.size(it.golds) && r.size(it.matched_gold) &&
            r.boolean(it.tie_dependent) && r.boolean(it.tie_accepted) && r.boolean(it.truncated) &&
            r.bytes(it.truncation) && r.bytes(it.capped) && get_strings(r, it.ex_reasons) && r.count(n, 28);
  if (ok) {
    it.scores.resize(n);
    for (auto& s : it.scores)
      if (!(ok = get_score(r, s))) break;
  }
  ok = ok && r.f64(it.gold_ms) && r.f64(it.pred_ms) && r.f64(it.scoring_ms) && r.size(it.gold_rows) &&
       r.size(it.pred_rows) && get_result(r, it.gold_result) && get_result(r, it.pred_result) && r.count(n, 34);
  if (ok) {
    it.comparisons.resize(n);
    for (auto& c : it.comparisons)
      if (!(ok = get_comparison(r, c))) break;
  }
  if (!ok || !r.at_end()) return Error{"an evaluated item came back damaged (a different build of the worker?)"};
  return it;
}

}  // namespace chokepoint

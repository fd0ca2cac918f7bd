// Mutate's shard items in core/base/byte_codec.h's encoding (scores are doubles that must come back bit for bit).
#include "cli/mutate_shard_items.h"

#include <iterator>

#include "core/base/byte_codec.h"

namespace chokepoint::cli {
namespace {

void write_doubles(ByteWriter& w, const std::vector<double>& values) {
  w.u64(values.size());
  for (double v : values) w.f64(v);
}

bool read_doubles(ByteReader& r, std::vector<double>& values) {
  size_t n = 0;
  if (!r.count(n, 8)) return false;
  values.resize(n);
  for (double& v : values)
    if (!r.f64(v)) return false;
  return true;
}

void write_mutants(ByteWriter& w, const std::vector<mutate::MutantRecord>& mutants) {
  w.u64(mutants.size());
  for (const auto& m : mutants) {
    for (const std::string* s : {&m.gold_id, &m.db_id, &m.op, &m.description, &m.sql}) w.bytes(*s);
    w.u64(static_cast<uint64_t>(m.status));
    w.bytes(m.message);
    w.boolean(m.truncated);
    w.boolean(m.scores.ex);
    for (const auto* values : {&m.scores.exp, &m.scores.exr, &m.scores.f1}) write_doubles(w, *values);
  }
}

bool read_mutants(ByteReader& r, std::vector<mutate::MutantRecord>& mutants) {
  size_t n = 0;
  if (!r.count(n, 12)) return false;
  mutants.resize(n);
  for (auto& m : mutants) {
    uint64_t status = 0;
    for (std::string* s : {&m.gold_id, &m.db_id, &m.op, &m.description, &m.sql})
      if (!r.bytes(*s)) return false;
    if (!r.u64(status) || status > static_cast<uint64_t>(QueryStatus::Timeout)) return false;
    m.status = static_cast<QueryStatus>(status);
    if (!r.bytes(m.message) || !r.boolean(m.truncated) || !r.boolean(m.scores.ex)) return false;
    for (auto* values : {&m.scores.exp, &m.scores.exr, &m.scores.f1})
      if (!read_doubles(r, *values)) return false;
  }
  return true;
}

}  // namespace

std::string encode_gold_sensitivity(const mutate::SensitivityRun& part) {
  ByteWriter w;
  write_mutants(w, part.mutants);
  write_mutants(w, part.rejected);
  w.u64(part.skipped.size());
  for (const auto& s : part.skipped) {
    w.bytes(s.id);
    w.bytes(s.db_id);
    w.bytes(s.reason);
  }
  w.bytes(part.error);
  return w.take();
}

Result<mutate::SensitivityRun> decode_gold_sensitivity(const std::string& bytes) {
  ByteReader r(bytes);
  mutate::SensitivityRun part;
  part.golds = 1;
  size_t skipped = 0;
  bool ok = read_mutants(r, part.mutants) && read_mutants(r, part.rejected) && r.count(skipped, 3);
  if (ok) {
    part.skipped.resize(skipped);
    for (auto& s : part.skipped) ok = ok && r.bytes(s.id) && r.bytes(s.db_id) && r.bytes(s.reason);
  }
  if (!ok || !r.bytes(part.error) || !r.at_end()) return Error{"damaged"};
  return part;
}

void append_gold_sensitivity(mutate::SensitivityRun& run, mutate::SensitivityRun part) {
  const auto append = [](auto& to, auto& from) {
    to.insert(to.end(), std::make_move_iterator(from.begin()), std::make_move_iterator(from.end()));
  };
  append(run.mutants, part.mutants);
  append(run.rejected, part.rejected);
  append(run.skipped, part.skipped);
  if (run.error.empty()) run.error = std::move(part.error);
}

}  // namespace chokepoint::cli

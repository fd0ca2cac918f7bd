// The finished LLM tasks in the workspace (see llm_task_memory.h).
#include "web/panels/metrics/llm_task_memory.h"

#include <cstdint>
#include <cstdio>
#include <fstream>

#include "core/base/file_text.h"
#include "core/metrics/execution_accuracy.h"
#include "web/panels/metrics/metrics_run.h"
#include "web/workspace/workspace.h"

namespace chokepoint::web {
namespace {

const char* const kMemoryPath = "/workspace/llm_tasks.json";

const char* task_key(LlmTask t) {
  switch (t) {
    case LlmTask::Debug:
      return "debug";
    case LlmTask::Optimize:
      return "optimize";
    case LlmTask::Describe:
      break;
  }
  return "describe";
}

// FNV-1a over the pairs' ids and both queries: a prediction file replaced by another of the same name is another
// evaluation, whose wrong predictions (and so its tasks' figures) differ. A run's pairs never change, and the tabs
// ask every frame: it is computed once per run.
const std::string& pairs_digest(const MetricsRun& run) {
  if (!run.pairs_digest.empty()) return run.pairs_digest;
  std::uint64_t h = 14695981039346656037ull;
  auto add = [&h](const std::string& s) {
    for (unsigned char c : s) h = (h ^ c) * 1099511628211ull;
    h = (h ^ 0xffu) * 1099511628211ull;  // a separator no string byte sequence can fake across fields
  };
  for (const auto& p : run.pairs()) {
    add(p.id);
    add(p.gold_sql);
    add(p.pred_sql);
  }
  char buf[20];
  std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(h));
  run.pairs_digest = buf;
  return run.pairs_digest;
}

nlohmann::json evaluation_of(const MetricsRun& run) {
  return {{"gold", run.gold_name},
          {"pred", run.pred_name},
          {"semantics", ex_semantics_name(run.options().semantics)},
          {"pairs", pairs_digest(run)}};
}

struct Memory {
  bool loaded = false;
  nlohmann::json tasks = nlohmann::json::object();
};

Memory& memory() {
  static Memory m;
  return m;
}

// Read once the workspace is back; a damaged file counts as empty (and is replaced at the next finished task).
void load_once() {
  Memory& m = memory();
  if (m.loaded || workspace_restoring() > 0) return;
  m.loaded = true;
  const auto text = read_file(kMemoryPath);
  if (!text.ok()) return;
  auto j = nlohmann::json::parse(*text, nullptr, false);
  if (j.is_object()) m.tasks = std::move(j);
}

// A record the readers can take as it is: the fields they read, each of its kind. The file may have been edited or
// damaged (it is the user's storage), and a field of another kind would make a reader's json::value throw, so such a
// record is not read at all; its task counts as not run.
bool record_usable(const nlohmann::json& r) {
  auto kind_ok = [](const nlohmann::json& j, const char* key, bool (nlohmann::json::*is)() const noexcept) {
    const auto f = j.find(key);
    return f == j.end() || ((*f).*is)();
  };
  using J = nlohmann::json;
  if (!r.is_object() || !r.contains("model") || !r["model"].is_string() || !r.contains("report") ||
      !r["report"].is_object())
    return false;
  const J& report = r["report"];
  return kind_ok(r, "rounds", &J::is_number_integer) && kind_ok(r, "wrong", &J::is_number_unsigned) &&
         kind_ok(r, "judge", &J::is_boolean) && kind_ok(report, "subject", &J::is_string) &&
         kind_ok(report, "summary", &J::is_object) && kind_ok(report, "baseline", &J::is_object) &&
         kind_ok(report, "rows", &J::is_array) && kind_ok(report, "strategies", &J::is_array);
}

}  // namespace

void remember_llm_task(LlmTask task, const MetricsRun& on, nlohmann::json record) {
  load_once();
  if (!record.is_object()) return;
  record["evaluation"] = evaluation_of(on);
  Memory& m = memory();
  m.tasks[task_key(task)] = std::move(record);
  std::ofstream(kMemoryPath, std::ios::binary) << m.tasks.dump();
  persist_workspace();
}

const nlohmann::json* remembered_llm_task(LlmTask task, const MetricsRun& on) {
  load_once();
  const Memory& m = memory();
  if (!m.loaded || !on.job) return nullptr;
  const auto it = m.tasks.find(task_key(task));
  if (it == m.tasks.end() || !record_usable(*it)) return nullptr;
  const auto e = it->find("evaluation");
  if (e == it->end() || *e != evaluation_of(on)) return nullptr;
  return &*it;
}

}  // namespace chokepoint::web

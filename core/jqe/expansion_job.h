// The JQE driver as a resumable job (expansion.h has the algorithm's inputs and outputs). run_jqe runs one to the end;
// the browser advances one a little every frame, so a 1,534-seed set whose heaviest seed weighs half a second never
// holds a frame: the unit of work is one seed parsed, one seed's candidates listed, or one join-condition
// combination judged, and the job stops between units whenever the caller says so. Same inputs, same run, however
// it is sliced.
#pragma once
#include <cstddef>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "core/jqe/expansion.h"

namespace chokepoint::jqe {

// Where a job is (for a progress bar).
struct JqeProgress {
  enum class Phase { statistics, parsing, expanding, done };
  Phase phase = Phase::statistics;
  int round = 1;
  size_t round_seeds = 0;     // seeds of the current round
  size_t seeds_done = 0;      // of them, parsed (phase parsing) or expanded (phase expanding)
  uint64_t combinations = 0;  // judged so far for the seed being expanded
  size_t units = 0;           // units of work done since the start
};
const char* to_string(JqeProgress::Phase phase);

class JqeJob {
 public:
  // `databases` must outlive the job (the job keeps pointers to their schemas, graphs and connections).
  JqeJob(std::vector<EvalItem> seeds, const std::map<std::string, JqeDatabase>& databases, const JqeOptions& options);
  ~JqeJob();
  JqeJob(const JqeJob&) = delete;
  JqeJob& operator=(const JqeJob&) = delete;

  // Does one unit of work, then more while `keep_going()` says so; returns done(). An internal error ends the job
  // with a seed record that says what happened (as run_jqe reports it).
  bool advance(const std::function<bool()>& keep_going);
  // Ends the job where it is: the run holds what was decided so far (seeds not reached have no record, and the seed
  // being expanded keeps the combinations judged); progress() stays where the job stopped.
  void cancel();

  bool done() const;
  bool cancelled() const;
  JqeProgress progress() const;
  const JqeRun& run() const;  // grows while the job advances; complete once done()
  JqeRun take_run();          // moves the run out (call once, when done)

 private:
  struct State;
  std::unique_ptr<State> state_;
};

}  // namespace chokepoint::jqe

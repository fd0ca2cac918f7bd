// One question of an evaluation set as TQA sees it. TQA does not depend on core/dataset (CMakeLists' module
// table), so callers copy their EvalItems into this plain value and back.
#pragma once
#include <string>

namespace chokepoint::tqa {

struct TqaItem {
  std::string key;  // question_id or position
  std::string db_id;
  std::string question;
  std::string evidence;
  std::string sql;
  std::string difficulty;
};

}  // namespace chokepoint::tqa

// What the exception being handled says, for a message to the user: inside a catch block only (it rethrows it).
#pragma once
#include <exception>
#include <new>
#include <string>

namespace chokepoint::web {

inline std::string describe_current_exception() {
  try {
    throw;
  } catch (const std::bad_alloc&) {
    return "out of memory (std::bad_alloc)";
  } catch (const std::exception& e) {
    return e.what();
  } catch (...) {
    return "an unknown error";
  }
}

}  // namespace chokepoint::web

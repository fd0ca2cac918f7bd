// Errors as values at the boundaries (decisions.md §S): a Result<T> holds either a value or a message the user can act
// on. Exceptions never cross the wasm boundary or the CLI; code that may throw internally converts here.
#pragma once
#include <optional>
#include <string>
#include <utility>
#include <variant>

namespace chokepoint {

struct Error {
  std::string message;  // one line, says what went wrong and, where possible, what to do
};

template <typename T>
class Result {
 public:
  Result(T value) : data_(std::move(value)) {}      // NOLINT: implicit on purpose, `return value;`
  Result(Error error) : data_(std::move(error)) {}  // NOLINT
  bool ok() const { return data_.index() == 0; }
  explicit operator bool() const { return ok(); }
  const T& value() const& { return std::get<0>(data_); }
  T& value() & { return std::get<0>(data_); }
  T&& value() && { return std::get<0>(std::move(data_)); }
  const T& operator*() const& { return value(); }
  T& operator*() & { return value(); }
  const T* operator->() const { return &value(); }
  T* operator->() { return &value(); }
  const std::string& error() const { return std::get<1>(data_).message; }

 private:
  std::variant<T, Error> data_;
};

// For operations that return nothing but may fail.
struct Unit {};
using Status = Result<Unit>;
inline Status ok_status() { return Unit{}; }

}  // namespace chokepoint

// What the CLI writes to a terminal carries text from outside: model answers, values from databases, names from
// sets. A terminal obeys control sequences in that text (ESC [ ... moves the cursor, rewrites the title, and some
// terminals take more), so on the way out every control character but tab and newline is shown as an escape
// ("\x1b", "\u009b") instead. stderr is always filtered; stdout only when it is a terminal, so a file or pipe
// receives the exact bytes (a predictions file may hold any text).
#pragma once
#include <streambuf>
#include <string>

namespace chokepoint::cli {

// Passes bytes to `target`, C0 controls but \t and \n, DEL and the UTF-8 C1 controls (U+0080..U+009F) shown
// escaped. A C1 sequence split across writes is still caught.
class ControlFilterBuf : public std::streambuf {
 public:
  explicit ControlFilterBuf(std::streambuf* target) : target_(target) {}
  ~ControlFilterBuf() override;

 protected:
  int overflow(int c) override;
  std::streamsize xsputn(const char* s, std::streamsize n) override;
  int sync() override;

 private:
  void put(unsigned char c);
  std::streambuf* target_;
  bool pending_c2_ = false;  // the last byte was 0xC2, which may start a C1 control
};

// Installs the filters on std::cerr (always) and std::cout (when it is a terminal) for the life of the object.
class TerminalGuard {
 public:
  TerminalGuard();
  ~TerminalGuard();
  TerminalGuard(const TerminalGuard&) = delete;
  TerminalGuard& operator=(const TerminalGuard&) = delete;

 private:
  ControlFilterBuf err_, out_;
  std::streambuf* old_err_;
  std::streambuf* old_out_;
};

}  // namespace chokepoint::cli

// Control characters shown, not obeyed (see terminal_output.h).
#include "cli/terminal_output.h"

#include <unistd.h>

#include <cstdio>
#include <iostream>

namespace chokepoint::cli {
namespace {

const char kHex[] = "0123456789abcdef";

}  // namespace

ControlFilterBuf::~ControlFilterBuf() {
  if (pending_c2_) target_->sputc(static_cast<char>(0xC2));
}

void ControlFilterBuf::put(unsigned char c) {
  if (pending_c2_) {
    pending_c2_ = false;
    if (c >= 0x80 && c <= 0x9F) {
      const char esc[] = {'\\', 'u', '0', '0', kHex[c >> 4], kHex[c & 15]};
      target_->sputn(esc, sizeof esc);
      return;
    }
    target_->sputc(static_cast<char>(0xC2));
  }
  if (c == 0xC2) {
    pending_c2_ = true;
  } else if ((c < 0x20 && c != '\t' && c != '\n') || c == 0x7F) {
    const char esc[] = {'\\', 'x', kHex[c >> 4], kHex[c & 15]};
    target_->sputn(esc, sizeof esc);
  } else {
    target_->sputc(static_cast<char>(c));
  }
}

int ControlFilterBuf::overflow(int c) {
  if (c != traits_type::eof()) put(static_cast<unsigned char>(c));
  return traits_type::not_eof(c);
}

std::streamsize ControlFilterBuf::xsputn(const char* s, std::streamsize n) {
  for (std::streamsize i = 0; i < n; ++i) put(static_cast<unsigned char>(s[i]));
  return n;
}

int ControlFilterBuf::sync() { return target_->pubsync(); }

TerminalGuard::TerminalGuard()
    : err_(std::cerr.rdbuf()), out_(std::cout.rdbuf()), old_err_(std::cerr.rdbuf()), old_out_(std::cout.rdbuf()) {
  std::cerr.rdbuf(&err_);
  if (isatty(STDOUT_FILENO)) std::cout.rdbuf(&out_);
}

TerminalGuard::~TerminalGuard() {
  std::cout.flush();
  std::cerr.flush();
  std::cerr.rdbuf(old_err_);
  std::cout.rdbuf(old_out_);
}

}  // namespace chokepoint::cli

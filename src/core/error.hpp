#pragma once
// One kind of error for what a user can get wrong or what the machine can
// refuse: its message is one line that names the input and what is wrong, and
// main() prints it as is.
#include <stdexcept>
#include <string>

namespace ripple {

struct Error : std::runtime_error {
  explicit Error(const std::string& message) : std::runtime_error(message) {}
};

// A command-line value that turns out wrong only once the run knows more (a
// stone that misses the grid whose size comes from the picture): exit code 2,
// like the parser's usage errors.
struct UsageError : Error {
  explicit UsageError(const std::string& message) : Error(message) {}
};

}  // namespace ripple

#pragma once
// One kind of error for what a user can get wrong or what the machine can
// refuse (ripple::Error, the public API's, in ripple/types.hpp): its message
// is one line that names the input and what is wrong, and main() prints it
// as is.
#include <string>

#include "ripple/types.hpp"

namespace ripple {

// A command-line value that turns out wrong only once the run knows more (a
// stone that misses the grid whose size comes from the picture): exit code 2,
// like the parser's usage errors.
struct UsageError : Error {
  explicit UsageError(const std::string& message) : Error(message) {}
};

}  // namespace ripple

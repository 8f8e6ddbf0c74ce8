#pragma once
// A command-line value that turns out wrong only once the run knows more (a
// stone that misses the grid whose size comes from the picture, a wall off
// it): main() says it as the parser says a usage error, with exit code 2.
#include <string>

#include "ripple/types.hpp"

namespace ripple {

struct CommandLineError : Error {
  explicit CommandLineError(const std::string& message) : Error(message) {}
};

}  // namespace ripple

#pragma once
// The command line: what to open and with which settings.
#include <optional>
#include <string>

#include "core/params.hpp"

namespace ripple {

struct Options {
  Params params;
  std::string imagePath;   // empty: the embedded default picture
  std::string shaderDir;   // empty: the embedded shaders
  int windowWidth = 1280;
  int windowHeight = 720;
  bool showPanel = true;
};

// Parses argv. Returns the options, or the exit code when the program should
// stop: 0 after --help or --version, 2 after a usage error (one line on
// stderr naming the option and what is wrong with its value).
struct ParseResult {
  Options options;
  std::optional<int> exitCode;
};
ParseResult parseOptions(int argc, char** argv);

}  // namespace ripple

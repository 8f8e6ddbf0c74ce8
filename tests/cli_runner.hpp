#pragma once
// Runs the real ripple binary for the command-line tests and collects what a
// script would see: the exit code, stdout and stderr.
#include <string>
#include <vector>

namespace ripple::test {

struct RunResult {
  int exitCode = -1;  // -1: killed by a signal
  int signal = 0;
  std::string out;
  std::string err;
};

// `args` without the program name. The environment is the test's. A run in
// which the leak sanitizer itself crashed is made again (cli_runner.cpp).
RunResult runRipple(const std::vector<std::string>& args);
// Any program, found on the PATH.
RunResult runProgram(const std::string& program, const std::vector<std::string>& args);

// The binary under test, set by the test's main() from its command line.
extern std::string gRippleBinary;

// `args` with --headless in front.
std::vector<std::string> headless(std::vector<std::string> args);
// A usage error: exit code 2, one line on stderr that starts with
// "ripple: " + `expectedStart`, nothing on stdout. (Fails the running test.)
void expectUsageError(const std::vector<std::string>& args, const std::string& expectedStart);

}  // namespace ripple::test

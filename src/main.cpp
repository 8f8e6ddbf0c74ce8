// ripple: the command line decides what runs; every error a user can cause
// ends here as one line, "ripple: <what is wrong>", and exit code 1.
#include <cstdio>

#include "app/interactive_app.hpp"
#include "app/options.hpp"
#include "core/error.hpp"

int main(int argc, char** argv) {
  const ripple::ParseResult parsed = ripple::parseOptions(argc, argv);
  if (parsed.exitCode) return *parsed.exitCode;
  try {
    return ripple::runInteractive(parsed.options);
  } catch (const ripple::Error& e) {
    std::fprintf(stderr, "ripple: %s\n", e.what());
    return 1;
  }
}

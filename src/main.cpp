// ripple: the command line decides what runs; every error a user can cause
// ends here as one line, "ripple: <what is wrong>", and exit code 1 (2 for a
// usage error, printed by the parser).
#include <csignal>
#include <cstdio>

#include "app/headless_run.hpp"
#include "app/interactive_app.hpp"
#include "app/options.hpp"
#include "core/error.hpp"

int main(int argc, char** argv) {
  // Past a file-size limit a write then fails with EFBIG, which is reported
  // like a full disk, instead of the signal killing the process mid-file.
  std::signal(SIGXFSZ, SIG_IGN);
  const ripple::ParseResult parsed = ripple::parseOptions(argc, argv);
  if (parsed.exitCode) return *parsed.exitCode;
  try {
    return parsed.options.headless ? ripple::runHeadless(parsed.options) : ripple::runInteractive(parsed.options);
  } catch (const ripple::UsageError& e) {
    std::fprintf(stderr, "ripple: %s (see ripple --help)\n", e.what());
    return 2;
  } catch (const ripple::Error& e) {
    std::fprintf(stderr, "ripple: %s\n", e.what());
    return 1;
  } catch (const std::bad_alloc&) {
    std::fprintf(stderr, "ripple: out of memory\n");
    return 1;
  }
}

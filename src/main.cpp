// ripple: the command line decides what runs; every error a user can cause
// ends here as one line, "ripple: <what is wrong>", and exit code 1 (2 for a
// usage error, printed by the parser). A window stopped by Ctrl+C or SIGTERM
// saves its settings and then ends by that signal.
#include <csignal>
#include <cstdio>

#include "app/headless_run.hpp"
#include "app/interactive_app.hpp"
#include "app/options.hpp"
#include "app/stop_signal.hpp"
#include "app/command_line_error.hpp"
#include "app/settings.hpp"

int main(int argc, char** argv) {
  // Past a file-size limit a write then fails with EFBIG, which is reported
  // like a full disk, instead of the signal killing the process mid-file.
  std::signal(SIGXFSZ, SIG_IGN);
  // The window starts from the user's saved settings, then the command line;
  // a headless run never reads them, so scripts give the same result anywhere.
  ripple::LoadedSettings settings;
  std::string settingsFile;
  if (!ripple::wantsHeadless(argc, argv)) {
    settingsFile = ripple::settingsPath();
    settings = ripple::loadSettings(settingsFile);
    if (!settings.warning.empty()) std::fprintf(stderr, "ripple: warning: %s\n", settings.warning.c_str());
  }
  ripple::ParseResult parsed = ripple::parseOptions(argc, argv, settings.params);
  if (parsed.exitCode) return *parsed.exitCode;
  parsed.options.settingsFile = settingsFile;
  parsed.options.settingsWarning = settings.warning;
  parsed.options.settingsAsRead = settings.params;
  parsed.options.settingsAtStart = parsed.options.settingsBeforeScene.value_or(parsed.options.params);
  // Ctrl+C or SIGTERM closes the window like Esc, so the settings are saved,
  // and ends a headless run at its next step with nothing half-written.
  ripple::installStopSignalHandlers();
  try {
    const int code =
        parsed.options.headless ? ripple::runHeadless(parsed.options) : ripple::runInteractive(parsed.options);
    ripple::endByStopSignal();  // stopped by a signal: ends by it, after the save
    return code;
  } catch (const ripple::CommandLineError& e) {
    std::fprintf(stderr, "ripple: %s (see ripple --help)\n", e.what());
    return 2;
  } catch (const ripple::Error& e) {
    std::fprintf(stderr, "ripple: %s\n", e.what());
    ripple::endByStopSignal();
    return 1;
  } catch (const std::bad_alloc&) {
    std::fprintf(stderr, "ripple: out of memory\n");
    return 1;
  } catch (const std::exception& e) {  // the system's (a thread that could not start, a folder gone)
    std::fprintf(stderr, "ripple: %s\n", e.what());
    return 1;
  }
}

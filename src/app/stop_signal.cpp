#include "app/stop_signal.hpp"

#include <signal.h>

#include <csignal>
#include <cstdio>

namespace ripple {
namespace {

// The signal that asked to stop, 0 until one does. Written by the handler,
// read by the main loop: sig_atomic_t is what a handler may write.
volatile std::sig_atomic_t gStopSignal = 0;

extern "C" void noteStopSignal(int signal) { gStopSignal = signal; }

void install(int signal) {
  struct sigaction action {};
  action.sa_handler = noteStopSignal;
  sigemptyset(&action.sa_mask);
  // SA_RESTART: a read or write the signal interrupts (the settings being
  // saved) goes on instead of failing with EINTR. SA_RESETHAND: the next one
  // takes the default action and ends the process at once.
  action.sa_flags = SA_RESTART | SA_RESETHAND;
  sigaction(signal, &action, nullptr);
}

}  // namespace

void installStopSignalHandlers() {
  install(SIGINT);
  install(SIGTERM);
}

bool stopRequested() { return gStopSignal != 0; }

void endByStopSignal() {
  const int signal = gStopSignal;
  if (signal == 0) return;
  std::fflush(nullptr);  // raise() skips exit()'s flushing
  struct sigaction fallback {};
  fallback.sa_handler = SIG_DFL;
  sigemptyset(&fallback.sa_mask);
  sigaction(signal, &fallback, nullptr);
  raise(signal);
}

}  // namespace ripple

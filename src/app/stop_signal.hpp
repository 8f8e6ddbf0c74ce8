#pragma once
// Ctrl+C and SIGTERM end the window like Esc does: the main loop sees the
// request, leaves, and the settings are saved on the way out. A headless run
// sees it at its next step and unwinds, removing what is half-written. The
// handler itself only notes which signal came (all a handler may safely do).
namespace ripple {

// Installs the handlers for SIGINT and SIGTERM. Each handles one signal and
// then gives way to the default action: a second Ctrl+C kills a program that
// is stuck, without waiting for the loop.
void installStopSignalHandlers();

// Whether SIGINT or SIGTERM has come since the handlers were installed.
bool stopRequested();

// After a clean stop: ends the process by the signal that asked for it, so
// that a shell or a service manager sees "killed by SIGINT/SIGTERM", not a
// success (a script that runs ripple stops at Ctrl+C too). Returns when no
// signal came.
void endByStopSignal();

}  // namespace ripple

#pragma once
// ripple --headless: runs the scenario with no window (an EGL context with no
// display, or no GL at all with --backend cpu), writes the files asked for,
// and with --verify runs the GPU and the CPU reference side by side.
#include "app/options.hpp"

namespace ripple {

// Returns the exit code: 0, or 1 when verification fails. Throws
// ripple::Error for what cannot be done (no GL, a bad picture, a file that
// cannot be written).
int runHeadless(const Options& options);

}  // namespace ripple

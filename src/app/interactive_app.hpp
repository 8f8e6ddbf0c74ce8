#pragma once
// The window: a picture under water that stones, drags and rain disturb, and
// the panel that tunes it while it runs.
#include "app/options.hpp"

namespace ripple {

// Runs until the window closes; returns the exit code. Throws ripple::Error
// when the window, the GL context, the picture or a shader cannot be had.
int runInteractive(const Options& options);

}  // namespace ripple

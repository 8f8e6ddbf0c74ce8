#pragma once
// --step-path and --shaders: how the GPU steps the water, as the command line
// asks for it and as the panel and the summaries say it.
#include "app/options.hpp"
#include "ripple/water.hpp"

namespace ripple {

// Throws ripple::Error, naming the option, when compute is asked for and the
// driver has no compute shaders.
void requireStepPath(StepPathChoice choice);
// The library's options for the water: --step-path's path, --shaders' folder.
Water::GpuOptions gpuOptions(const Options& o);
// "fragment pass" or "compute".
const char* stepPathName(const Water& water);

}  // namespace ripple

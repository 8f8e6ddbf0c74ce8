#pragma once
// --step-path: how the GPU steps the water, as the command line asks for it
// and as the panel and the summaries say it.
#include "app/options.hpp"

namespace ripple {

class GpuRipple;

// Throws ripple::Error, naming the option, when compute is asked for and the
// driver has no compute shaders.
void requireStepPath(StepPathChoice choice);
// Sets the step path --step-path asks for; Auto keeps GpuRipple's choice.
// Throws as requireStepPath() does.
void applyStepPath(GpuRipple& water, StepPathChoice choice);
// "fragment pass" or "compute".
const char* stepPathName(const GpuRipple& water);

}  // namespace ripple

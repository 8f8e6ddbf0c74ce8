#include "app/step_path.hpp"

#include <string>

#include "core/error.hpp"
#include "sim/gpu_ripple.hpp"

namespace ripple {

void requireStepPath(StepPathChoice choice) {
  if (choice == StepPathChoice::Compute && !GpuRipple::computeAvailable()) {
    throw Error(std::string("--step-path compute: ") + kNoComputeShaders);
  }
}

void applyStepPath(GpuRipple& water, StepPathChoice choice) {
  requireStepPath(choice);
  if (choice == StepPathChoice::Auto) return;
  water.setStepPath(choice == StepPathChoice::Compute ? StepPath::Compute : StepPath::Fragment);
}

const char* stepPathName(const GpuRipple& water) {
  return water.stepPath() == StepPath::Compute ? "compute" : "fragment pass";
}

}  // namespace ripple

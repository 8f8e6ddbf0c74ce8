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

Water::GpuOptions gpuOptions(const Options& o) {
  using StepPath = Water::GpuOptions::StepPath;
  Water::GpuOptions gpu;
  gpu.stepPath = o.stepPath == StepPathChoice::Compute    ? StepPath::Compute
                 : o.stepPath == StepPathChoice::Fragment ? StepPath::Fragment
                                                          : StepPath::Auto;
  gpu.shaderFolder = o.shaderDir;
  return gpu;
}

const char* stepPathName(const Water& water) {
  return water.stepPath() == Water::GpuOptions::StepPath::Compute ? "compute" : "fragment pass";
}

}  // namespace ripple

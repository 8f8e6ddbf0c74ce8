#include "app/step_path.hpp"

#include <string>

#include "ripple/types.hpp"

namespace ripple {

void requireStepPath(StepPathChoice choice) {
  if (choice == StepPathChoice::Compute && !computeStepAvailable()) {
    throw Error("--step-path compute: this GL driver has no compute shaders; use --step-path fragment");
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
  return water.gpuOptions().stepPath == Water::GpuOptions::StepPath::Compute ? "compute" : "fragment pass";
}

}  // namespace ripple

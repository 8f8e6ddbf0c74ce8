#pragma once
// Water and the frames of it, for the headless runs: a WaterSimulation (the
// GPU's or the CPU reference) with the refraction render that goes with it.
#include <memory>
#include <string>

#include "app/options.hpp"
#include "core/image.hpp"
#include "core/params.hpp"
#include "core/water_simulation.hpp"

namespace ripple {

namespace gl {
class ShaderSource;
}
class GpuRipple;

class WaterBackend {
 public:
  virtual ~WaterBackend() = default;
  virtual WaterSimulation& water() = 0;
  // The refracted frame of the current heights over the grid-sized picture.
  virtual Image frame(const RefractionSettings& settings) = 0;
  // "cpu", or "gpu (fragment pass on RENDERER)", for the summary.
  virtual std::string name() const = 0;
};

// The CPU reference, on all cores.
std::unique_ptr<WaterBackend> makeCpuBackend(const Image& picture);
// The GPU passes; needs a current GL 3.3 context. Throws ripple::Error when
// the step path asked for is one the driver lacks.
std::unique_ptr<WaterBackend> makeGpuBackend(const Image& picture, const gl::ShaderSource& shaders,
                                             StepPathChoice stepPath);

// Sets the step path --step-path asks for; Auto keeps GpuRipple's choice.
// Throws ripple::Error, naming the option, when the driver has no compute
// shaders and compute is asked for.
void applyStepPath(GpuRipple& water, StepPathChoice choice);
// "fragment pass" or "compute", as the panel and the summaries say it.
const char* stepPathName(const GpuRipple& water);

}  // namespace ripple

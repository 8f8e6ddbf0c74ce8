#pragma once
// One interface over the two implementations of the rules, so a scenario runs
// the same way on either, and --verify can run both side by side.
#include <memory>
#include <string>
#include <vector>

#include "app/options.hpp"
#include "core/cpu_reference.hpp"
#include "core/params.hpp"

namespace ripple {

namespace gl {
class ShaderSource;
}
class GpuRipple;

class WaterBackend {
 public:
  virtual ~WaterBackend() = default;
  virtual void dropStones(const std::vector<Stone>& stones) = 0;
  virtual void step(Mode mode, float damping) = 0;
  virtual HeightField heights() = 0;
  // The refracted frame of the current heights over the grid-sized picture.
  virtual Image frame(const RefractionSettings& settings) = 0;
  // "cpu", or "gpu, fragment pass": which implementation, and how it steps.
  virtual std::string label() const = 0;
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

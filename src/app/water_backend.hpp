#pragma once
// One interface over the two implementations of the rules, so a scenario runs
// the same way on either, and --verify can run both side by side.
#include <memory>
#include <string>
#include <vector>

#include "core/cpu_reference.hpp"
#include "core/params.hpp"

namespace ripple {

namespace gl {
class ShaderSource;
}

class WaterBackend {
 public:
  virtual ~WaterBackend() = default;
  virtual void dropStones(const std::vector<Stone>& stones) = 0;
  virtual void step(Mode mode, float damping) = 0;
  virtual HeightField heights() = 0;
  // The refracted frame of the current heights over the grid-sized picture.
  virtual Image frame(const RefractionSettings& settings) = 0;
  virtual std::string name() const = 0;
};

// The CPU reference, on all cores.
std::unique_ptr<WaterBackend> makeCpuBackend(const Image& picture);
// The GPU passes; needs a current GL 3.3 context.
std::unique_ptr<WaterBackend> makeGpuBackend(const Image& picture, const gl::ShaderSource& shaders);

}  // namespace ripple

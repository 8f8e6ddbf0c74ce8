#include "app/water_backend.hpp"

#include <thread>

#include "core/cpu_reference.hpp"

#include "core/error.hpp"
#include "gl/gl_info.hpp"
#include "render/refraction.hpp"
#include "sim/gpu_ripple.hpp"

namespace ripple {
namespace {

class CpuBackend final : public WaterBackend {
 public:
  explicit CpuBackend(const Image& picture) : picture_(picture), water_(picture.width, picture.height) {
    water_.setThreadCount(static_cast<int>(std::max(1u, std::thread::hardware_concurrency())));
  }
  WaterSimulation& water() override { return water_; }
  Image frame(const RefractionSettings& settings) override {
    const GridLayout layout = water_.layout();
    return renderRefraction(water_.state().cur, picture_, settings, &layout, water_.tankLook());
  }
  std::string name() const override { return water_.label(); }

 private:
  const Image& picture_;
  CpuReference water_;
};

class GpuBackend final : public WaterBackend {
 public:
  GpuBackend(const Image& picture, const gl::ShaderSource& shaders, StepPathChoice stepPath)
      : water_(picture.width, picture.height, shaders), refraction_(shaders) {
    applyStepPath(water_, stepPath);
    refraction_.setPicture(picture);
  }
  WaterSimulation& water() override { return water_; }
  Image frame(const RefractionSettings& settings) override { return refraction_.render(water_.current(), settings); }
  std::string name() const override {
    return std::string("gpu (") + stepPathName(water_) + " on " + gl::currentRendererDescription() + ")";
  }

 private:
  GpuRipple water_;
  Refraction refraction_;
};

}  // namespace

std::unique_ptr<WaterBackend> makeCpuBackend(const Image& picture) { return std::make_unique<CpuBackend>(picture); }

std::unique_ptr<WaterBackend> makeGpuBackend(const Image& picture, const gl::ShaderSource& shaders,
                                             StepPathChoice stepPath) {
  return std::make_unique<GpuBackend>(picture, shaders, stepPath);
}

void applyStepPath(GpuRipple& water, StepPathChoice choice) {
  if (choice == StepPathChoice::Auto) return;
  if (choice == StepPathChoice::Compute && !GpuRipple::computeAvailable()) {
    throw Error(std::string("--step-path compute: ") + kNoComputeShaders);
  }
  water.setStepPath(choice == StepPathChoice::Compute ? StepPath::Compute : StepPath::Fragment);
}

const char* stepPathName(const GpuRipple& water) {
  return water.stepPath() == StepPath::Compute ? "compute" : "fragment pass";
}

}  // namespace ripple

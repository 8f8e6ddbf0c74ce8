#include "app/water_backend.hpp"

#include <thread>

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
  void dropStones(const std::vector<Stone>& stones) override {
    for (const Stone& s : stones) water_.dropStone(s);
  }
  void step(Mode mode, float damping) override { water_.step(mode, damping); }
  HeightField heights() override { return water_.state().cur; }
  Image frame(const RefractionSettings& settings) override {
    return renderRefraction(water_.state().cur, picture_, settings);
  }
  std::string name() const override { return "cpu"; }

 private:
  const Image& picture_;
  CpuReference water_;
};

class GpuBackend final : public WaterBackend {
 public:
  GpuBackend(const Image& picture, const gl::ShaderSource& shaders)
      : water_(picture.width, picture.height, shaders), refraction_(shaders) {
    refraction_.setPicture(picture);
  }
  void dropStones(const std::vector<Stone>& stones) override { water_.dropStones(stones); }
  void step(Mode mode, float damping) override { water_.step(mode, damping); }
  HeightField heights() override { return water_.readCurrent(); }
  Image frame(const RefractionSettings& settings) override {
    return refraction_.render(water_.current(), settings);
  }
  std::string name() const override { return "gpu (" + gl::currentRendererDescription() + ")"; }

 private:
  GpuRipple water_;
  Refraction refraction_;
};

}  // namespace

std::unique_ptr<WaterBackend> makeCpuBackend(const Image& picture) { return std::make_unique<CpuBackend>(picture); }

std::unique_ptr<WaterBackend> makeGpuBackend(const Image& picture, const gl::ShaderSource& shaders) {
  return std::make_unique<GpuBackend>(picture, shaders);
}

}  // namespace ripple

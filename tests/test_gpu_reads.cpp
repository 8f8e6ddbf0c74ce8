// Every way the GPU reads the heights (TexelReads: image loads, the sampler,
// texelFetch) and both step paths compute the same bits, and the step is the
// CPU reference's bit for bit in float mode too: the shader works the new
// heights out as written (`precise`), one rounding an operation, as the
// reference does. Random water, no stones: a smooth stone's profile is a
// cosine, which the GPU and the CPU round differently.
#include <gtest/gtest.h>

#include <cstdio>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "core/cpu_reference.hpp"
#include "render/refraction.hpp"
#include "sim/gpu_ripple.hpp"

namespace ripple {
namespace {

constexpr int kWidth = 62, kHeight = 40;  // a width that is not a multiple of four cells a texel

WaterState randomWater(int w, int h, bool wholeHeights) {
  WaterState s(w, h);
  std::mt19937 random(7);
  std::uniform_real_distribution<float> height(-60.0f, 60.0f);
  for (HeightField* f : {&s.cur, &s.prev})
    for (float& v : f->cells) v = wholeHeights ? std::round(height(random)) : height(random);
  return s;
}

// A tank of walls, slow water and the given edges.
std::shared_ptr<const WaterWorld> tankWith(Edge edges) {
  WaterWorld world(kWidth, kHeight);
  world.leftRightEdges = world.topBottomEdges = edges;
  paintWall(world, {20, 5, 30, 25, 1});
  for (int y = 28; y < kHeight; ++y)
    for (int x = 0; x < 20; ++x) world.setSpeed(x, y, static_cast<CellSpeed>(100 + 3 * x));
  world.closeDiagonalGaps();
  return std::make_shared<const WaterWorld>(std::move(world));
}

struct Rule {
  std::string name;
  WaterRule rule;
};

std::vector<Rule> rules() {
  std::vector<Rule> all{{"seeds' form, float", {Mode::Float, 1.0f / 32}},
                        {"seeds' form, classic", {Mode::Classic, 1.0f / 32}},
                        {"five points, C = 0.5", {Mode::Float, 0.01f, 0.5f, Stencil::Five}},
                        {"nine points, C = 0.8", {Mode::Float, 0.006f, 0.8f, Stencil::Nine}}};
  for (Edge edges : {Edge::Fixed, Edge::Absorbing, Edge::Wrap}) {
    for (Rule r : {Rule{"tank, nine points", {Mode::Float, 0.006f, 0.8f, Stencil::Nine}},
                   Rule{"tank, classic", {Mode::Classic, 1.0f / 64}}}) {
      r.name += std::string(", ") + wordOf(edges) + " edges";
      r.rule.world = tankWith(edges);
      all.push_back(r);
    }
  }
  return all;
}

std::vector<TexelReads> readsToTry() {
  std::vector<TexelReads> reads{TexelReads::Sampler, TexelReads::TexelFetch};
  if (imageLoadsAvailable()) reads.push_back(TexelReads::ImageLoad);
  return reads;
}

TEST(GpuReads, EveryWayOfReadingGivesTheCpusBits) {
  ASSERT_TRUE(GLAD_GL_ARB_gpu_shader5) << "without `precise` float mode may round as the driver fuses";
  gl::ShaderSource shaders;
  for (const Rule& r : rules()) {
    SCOPED_TRACE(r.name);
    CpuReference cpu(kWidth, kHeight);
    cpu.prepareWorld(r.rule);
    const GridLayout layout = cpu.layout();
    const WaterState start = randomWater(layout.width(), layout.height(), r.rule.mode == Mode::Classic);
    cpu.setState(start);
    for (int i = 0; i < 25; ++i) cpu.step(r.rule);
    for (TexelReads reads : readsToTry()) {
      for (StepPath path : {StepPath::Fragment, StepPath::Compute}) {
        GpuRipple gpu(kWidth, kHeight, shaders, reads);
        gpu.setStepPath(path);
        gpu.prepareWorld(r.rule);
        gpu.writeState(start);
        for (int i = 0; i < 25; ++i) gpu.step(r.rule);
        const WaterState g = gpu.readState();
        long differing = 0;
        for (size_t i = 0; i < g.cur.cells.size(); ++i) differing += g.cur.cells[i] != cpu.state().cur.cells[i];
        EXPECT_EQ(differing, 0) << texelReadsName(reads) << ", " << (path == StepPath::Compute ? "compute" : "fragment")
                                << ": cells differing from the CPU's";
      }
    }
  }
}

// The frames of each way of reading: the same pixels (the refraction reads
// whole texels; only where it reads them from differs).
TEST(GpuReads, EveryWayOfReadingDrawsTheSameFrame) {
  gl::ShaderSource shaders;
  const WaterState water = randomWater(kWidth, kHeight, false);
  RefractionSettings lit{Mode::Float, 2.0f, 0.5f, 1.0f, 135.0f, 60.0f};
  lit.heightShading = 3.0f;
  for (auto [w, h] : {std::pair(kWidth, kHeight), std::pair(2 * kWidth, 2 * kHeight), std::pair(50, 30)}) {
    const Picture picture = coverPicture(defaultPicture(), w, h);
    std::vector<Picture> frames;
    for (TexelReads reads : readsToTry()) {
      GpuRipple gpu(kWidth, kHeight, shaders, reads);
      gpu.writeState(water);
      Refraction refraction(shaders, reads);
      refraction.setPicture(picture);
      frames.push_back(refraction.render(gpu.current(), lit));
    }
    for (size_t i = 1; i < frames.size(); ++i)
      EXPECT_EQ(frames[i].rgba, frames[0].rgba) << texelReadsName(readsToTry()[i]) << ", " << w << "x" << h;
  }
}

}  // namespace
}  // namespace ripple

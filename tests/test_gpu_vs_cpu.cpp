// The GPU computes what the rules say: the same scenario on the GPU and on the
// CPU reference, compared cell by cell (classic: bit for bit) and pixel by
// pixel for the refraction pass.
#include <gtest/gtest-spi.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>

#include "core/cpu_reference.hpp"
#include "core/error.hpp"
#include "core/rain.hpp"
#include "core/scenario_driver.hpp"
#include "core/verify.hpp"
#include "render/refraction.hpp"
#include "sim/gpu_ripple.hpp"

namespace ripple {
namespace {

// Stones at the centre, clipped at an edge and a corner, and dropped mid-run.
const std::vector<TimedStone> kScenario = {
    {0, {80, 60, 9, 128.0f}},     {0, {0, 0, 7, 64.0f}},       {0, {159, 70, 6, 96.0f}},  {37, {30, 100, 4, 50.0f}},
    {120, {120, 119, 8, 100.0f}}, {121, {124, 116, 8, 77.0f}}, {250, {60, 30, 1, 32.0f}}, {251, {60, 30, 12, 40.0f}},
};
constexpr int kWidth = 160, kHeight = 120, kSteps = 320;

// The scenario's stones in the given shape.
std::vector<TimedStone> scenarioOf(StoneShape shape) {
  std::vector<TimedStone> drops = kScenario;
  for (TimedStone& t : drops) t.stone.shape = shape;
  return drops;
}

// The scenario on both sides, through the one driver of src/core.
void runScenario(std::vector<WaterSimulation*> water, const WaterRule& rule, StoneShape shape = StoneShape::Disc) {
  ScenarioDriver driver(scenarioOf(shape));
  driver.advance(water, kSteps, rule, {});
}

long nonZeroCells(const HeightField& h) {
  return std::count_if(h.cells.begin(), h.cells.end(), [](float v) { return v != 0.0f; });
}

// Cells that one field moved from rest and the other left at 0.
long cellsMovedOnOneSideOnly(const HeightField& a, const HeightField& b) {
  long count = 0;
  for (size_t i = 0; i < a.cells.size(); ++i) count += (a.cells[i] != 0.0f) != (b.cells[i] != 0.0f);
  return count;
}

// Every test runs by both step paths: a fragment pass and a compute dispatch.
class GpuVsCpu : public testing::TestWithParam<StepPath> {
 protected:
  void SetUp() override {
    if (GetParam() == StepPath::Compute && !GpuRipple::computeAvailable()) {
      GTEST_SKIP() << "this driver has no compute shaders (Mesa has them): the fragment path is the one it runs";
    }
    gpu.setStepPath(GetParam());
    ASSERT_EQ(gpu.stepPath(), GetParam());
  }
  gl::ShaderSource shaders;  // the embedded ones
  GpuRipple gpu{kWidth, kHeight, shaders};
  CpuReference cpu{kWidth, kHeight};
};

std::string stepPathName(const testing::TestParamInfo<StepPath>& info) {
  return info.param == StepPath::Compute ? "compute" : "fragment";
}

TEST_P(GpuVsCpu, ClassicModeIsBitExact) {
  // Compared along the way, not only at the end: classic mode rounds small
  // waves away, and could erase a difference from early on by the last step.
  long checkpoints = 0;
  for (int step = 0; step < kSteps; ++step) {
    for (const TimedStone& t : kScenario) {
      if (t.step != step) continue;
      gpu.dropStones({t.stone});
      cpu.dropStone(t.stone);
    }
    gpu.step(WaterRule{Mode::Classic, 1.0f / 32.0f});
    cpu.step(WaterRule{Mode::Classic, 1.0f / 32.0f});
    if (step % 20 != 0 && step != kSteps - 1) continue;
    ++checkpoints;
    const WaterState g = gpu.readState();
    ASSERT_EQ(std::memcmp(g.cur.cells.data(), cpu.state().cur.cells.data(), g.cur.cells.size() * 4), 0)
        << "after step " << step << ", cur: " << compareHeights(g.cur, cpu.state().cur, Mode::Classic, 1).differingCells
        << " cells differ, largest by " << compareHeights(g.cur, cpu.state().cur, Mode::Classic, 1).largestDifference;
    ASSERT_EQ(std::memcmp(g.prev.cells.data(), cpu.state().prev.cells.data(), g.prev.cells.size() * 4), 0)
        << "after step " << step
        << ", prev: " << compareHeights(g.prev, cpu.state().prev, Mode::Classic, 1).differingCells << " cells differ";
  }
  EXPECT_EQ(checkpoints, 17);
  // Classic mode rounds small waves away; thousands of moving cells remain.
  EXPECT_GT(nonZeroCells(cpu.state().cur), 2000) << "the scenario should leave waves";
}

TEST_P(GpuVsCpu, ClassicModeWithOtherDampingIsBitExact) {
  runScenario({&gpu, &cpu}, WaterRule{Mode::Classic, 0.1f});
  const Comparison c = compareHeights(gpu.readCurrent(), cpu.state().cur, Mode::Classic, 1);
  EXPECT_TRUE(c.passed) << c.differingCells << " cells differ, largest by " << c.largestDifference;
}

TEST_P(GpuVsCpu, FloatModeWithinTolerance) {
  runScenario({&gpu, &cpu}, WaterRule{Mode::Float, 1.0f / 32.0f});
  // The tolerance of verify.hpp, scaled by the heaviest stone (128).
  const Comparison c = compareHeights(gpu.readCurrent(), cpu.state().cur, Mode::Float, 128.0f);
  std::printf("float mode after %d steps: largest |gpu - cpu| = %g (tolerance %g), %ld of %d cells differ\n", kSteps,
              c.largestDifference, c.tolerance, c.differingCells, kWidth * kHeight);
  EXPECT_GT(nonZeroCells(cpu.state().cur), kWidth * kHeight / 2);
  EXPECT_TRUE(c.passed);
}

// Float mode's general form, at other speeds and with nine points, and smooth
// stones: the GPU within float mode's tolerance of the CPU reference.
TEST_P(GpuVsCpu, SpeedsStencilsAndSmoothStonesWithinTolerance) {
  struct Case {
    WaterRule rule;
    StoneShape shape;
  };
  for (const Case& c : {Case{{Mode::Float, 1.0f / 32, kSeedCourant, Stencil::Five}, StoneShape::Smooth},
                        Case{{Mode::Float, 0.01f, 0.5f, Stencil::Five}, StoneShape::Disc},
                        Case{{Mode::Float, 0.01f, 0.5f, Stencil::Five}, StoneShape::Smooth},
                        Case{{Mode::Float, 0.004f, 0.8f, Stencil::Nine}, StoneShape::Disc},
                        Case{{Mode::Float, 0.0f, limits::maxCourantNine, Stencil::Nine}, StoneShape::Smooth}}) {
    gpu.reset();
    cpu.reset();
    runScenario({&gpu, &cpu}, c.rule, c.shape);
    const Comparison d = compareHeights(gpu.readCurrent(), cpu.state().cur, Mode::Float, 128.0f);
    std::printf(
        "%s-point stencil, C = %.4f, damping %g, %s stones, %d steps: largest |gpu - cpu| = %g (tolerance "
        "%g), %ld cells differ\n",
        wordOf(c.rule.stencil), c.rule.courant, c.rule.damping, wordOf(c.shape), kSteps, d.largestDifference,
        d.tolerance, d.differingCells);
    EXPECT_GT(nonZeroCells(cpu.state().cur), kWidth * kHeight / 2);
    EXPECT_TRUE(d.passed);
  }
}

// A smooth stone on the GPU is the CPU's raised cosine, on water at rest
// and on water that moves (the blend takes the height that was there).
TEST_P(GpuVsCpu, SmoothStoneMatchesTheCpu) {
  const Stone first{80, 60, 12, 100.0f, StoneShape::Smooth};
  gpu.dropStones({first});
  cpu.dropStone(first);
  const Comparison atRest = compareHeights(gpu.readCurrent(), cpu.state().cur, Mode::Float, 100.0f);
  EXPECT_TRUE(atRest.passed) << atRest.largestDifference;
  // The tolerance is loose next to the rim's heights (p is near 0 there), so
  // the stone's cells are checked on their own: the same ones are moved on
  // both sides, whatever a driver's cosine rounds to.
  EXPECT_EQ(cellsMovedOnOneSideOnly(gpu.readCurrent(), cpu.state().cur), 0);
  runScenario({&gpu, &cpu}, WaterRule{Mode::Float, 1.0f / 32.0f}, StoneShape::Smooth);
  const std::vector<Stone> more{{85, 62, 10, -60.0f, StoneShape::Smooth}, {0, 119, 9, 80.0f, StoneShape::Smooth}};
  gpu.dropStones(more);
  cpu.dropStones(more);
  const Comparison moving = compareHeights(gpu.readCurrent(), cpu.state().cur, Mode::Float, 128.0f);
  std::printf("smooth stones: largest |gpu - cpu| %g at rest, %g on moving water\n", atRest.largestDifference,
              moving.largestDifference);
  EXPECT_TRUE(moving.passed) << moving.largestDifference;
}

TEST_P(GpuVsCpu, ReadBackAndContinueMatches) {
  // What the panel's "Verify against CPU" does: take the GPU's state mid-run,
  // run the same steps on both, compare.
  runScenario({&gpu}, WaterRule{Mode::Classic, 1.0f / 32.0f});
  cpu.setState(gpu.readState());
  for (int i = 0; i < 60; ++i) {
    gpu.step(WaterRule{Mode::Classic, 1.0f / 32.0f});
    cpu.step(WaterRule{Mode::Classic, 1.0f / 32.0f});
  }
  EXPECT_EQ(compareHeights(gpu.readCurrent(), cpu.state().cur, Mode::Classic, 1).differingCells, 0);
}

TEST_P(GpuVsCpu, WriteStateRoundTrips) {
  WaterState s(kWidth, kHeight);
  for (size_t i = 0; i < s.cur.cells.size(); ++i) {
    s.cur.cells[i] = float(i % 97) - 48.5f;
    s.prev.cells[i] = float(i % 13) * 0.25f;
  }
  gpu.writeState(s);
  const WaterState back = gpu.readState();
  EXPECT_EQ(back.cur.cells, s.cur.cells);
  EXPECT_EQ(back.prev.cells, s.prev.cells);
}

Picture testPicture(int w, int h) {
  // Every pixel distinct, so a wrong shift of even one pixel shows.
  Picture p(w, h);
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x) {
      uint8_t* px = p.pixel(x, y);
      px[0] = uint8_t(x * 7 + y);
      px[1] = uint8_t(y * 5 + x * 3);
      px[2] = uint8_t((x ^ y) * 11);
      px[3] = 255;
    }
  return p;
}

TEST_P(GpuVsCpu, ClassicRefractionIsPixelExact) {
  runScenario({&gpu, &cpu}, WaterRule{Mode::Classic, 1.0f / 32.0f});
  const Picture picture = testPicture(kWidth, kHeight);
  Refraction refraction(shaders);
  refraction.setPicture(picture);
  const Picture g = refraction.render(gpu.current(), {Mode::Classic, 1.0f, 0.0f});
  const Picture c = renderRefraction(cpu.state().cur, picture, {Mode::Classic, 1.0f, 0.0f});
  EXPECT_GT(compareFrames(c, picture, Mode::Classic).differingPixels, 2000)
      << "the water should shift much of the picture";
  EXPECT_EQ(compareFrames(g, c, Mode::Classic).differingPixels, 0) << "pixels differing between GPU and CPU";
}

TEST_P(GpuVsCpu, FloatRefractionWithinTolerance) {
  runScenario({&gpu, &cpu}, WaterRule{Mode::Float, 1.0f / 32.0f});
  const Picture picture = testPicture(kWidth, kHeight);
  Refraction refraction(shaders);
  refraction.setPicture(picture);
  const RefractionSettings settings{Mode::Float, 0.75f, 0.5f};
  const FrameComparison c = compareFrames(refraction.render(gpu.current(), settings),
                                          renderRefraction(cpu.state().cur, picture, settings), Mode::Float);
  std::printf("float refraction: largest channel difference %d levels, %ld pixels over 2 levels\n",
              c.largestChannelDifference, c.pixelsOver2Levels);
  EXPECT_TRUE(c.passed);
}

// A look on the waves of a smooth-stone scenario: the GPU's frame against
// the CPU's, the grid the frame's size and half of it (where the slope, the
// highlight and the height come interpolated from the slope pass). `plain`
// is the same look without what is tested, which must show.
void expectLookMatches(GpuRipple& gpu, const CpuReference& cpu, const gl::ShaderSource& shaders,
                       const RefractionSettings& look, const RefractionSettings& plain, const char* what) {
  for (int scale : {1, 2}) {
    const Picture picture = testPicture(kWidth * scale, kHeight * scale);
    Refraction refraction(shaders);
    refraction.setPicture(picture);
    gpu.writeState(cpu.state());
    const Picture c = renderRefraction(cpu.state().cur, picture, look);
    EXPECT_GT(compareFrames(c, renderRefraction(cpu.state().cur, picture, plain), Mode::Classic).differingPixels,
              picture.width * picture.height / 50)
        << what << " should show on the waves";
    const FrameComparison f = compareFrames(refraction.render(gpu.current(), look), c, Mode::Float);
    std::printf("%s, 1/%d grid: largest channel difference %d levels, %ld pixels over 2 levels\n", what, scale,
                f.largestChannelDifference, f.pixelsOver2Levels);
    EXPECT_TRUE(f.passed) << what << ", 1/" << scale << " grid";
  }
}

// The light's highlight, from two directions.
TEST_P(GpuVsCpu, LightWithinTolerance) {
  runScenario({&cpu}, WaterRule{Mode::Float, 0.004f, 0.8f, Stencil::Nine}, StoneShape::Smooth);
  for (float azimuth : {135.0f, 300.0f}) {
    const std::string what = "light from " + std::to_string(static_cast<int>(azimuth)) + " degrees";
    expectLookMatches(gpu, cpu, shaders, {Mode::Float, 1.0f, 0.0f, 1.5f, azimuth, 40.0f}, {Mode::Float, 1.0f, 0.0f},
                      what.c_str());
  }
}

// The height shading.
TEST_P(GpuVsCpu, HeightShadingWithinTolerance) {
  runScenario({&cpu}, WaterRule{Mode::Float, 0.004f, 0.8f, Stencil::Nine}, StoneShape::Smooth);
  RefractionSettings shaded{Mode::Float, 1.0f, 0.0f};
  shaded.heightShading = 6.0f;
  expectLookMatches(gpu, cpu, shaders, shaded, {Mode::Float, 1.0f, 0.0f}, "height shading");
}

// The GPU packs four cells a texel: grids of every width modulo 4, with
// stones on the left and right edges, in the corners and across the padding
// past the last column, stay bit-exact, and so does their refraction, the
// grid the frame's size or half of it. By both step paths, and both ways of
// reading texels (TexelReads): each driver gets the one that is faster on
// it, so each must give the same bits on any driver.
class GpuVsCpuAnyWidth : public testing::TestWithParam<std::tuple<int, StepPath, TexelReads>> {};

TEST_P(GpuVsCpuAnyWidth, ClassicStepAndRefractionAreExact) {
  const auto [w, path, reads] = GetParam();
  const int h = 45;
  if (path == StepPath::Compute && !GpuRipple::computeAvailable()) GTEST_SKIP() << "no compute shaders here";
  gl::ShaderSource shaders;
  GpuRipple gpu(w, h, shaders, reads);
  ASSERT_EQ(gpu.texelReads(), reads);
  gpu.setStepPath(path);
  CpuReference cpu(w, h);
  const std::vector<std::pair<int, Stone>> stones{{0, {0, 20, 5, 90.0f}},          {0, {w - 1, 10, 6, 120.0f}},
                                                  {0, {w + 2, 30, 5, 70.0f}},      {0, {w / 2, h / 2, 7, 64.0f}},
                                                  {40, {w - 2, h - 1, 9, 100.0f}}, {41, {1, 0, 4, 50.0f}},
                                                  {90, {w - 3, 22, 3, 33.0f}}};
  for (int step = 0; step < 120; ++step) {
    for (const auto& [at, stone] : stones) {
      if (at != step) continue;
      gpu.dropStones({stone});
      cpu.dropStone(stone);
    }
    gpu.step(WaterRule{Mode::Classic, 1.0f / 32});
    cpu.step(WaterRule{Mode::Classic, 1.0f / 32});
  }
  const WaterState g = gpu.readState();
  EXPECT_GT(nonZeroCells(cpu.state().cur), 150) << "the scenario should leave waves";
  EXPECT_EQ(g.cur.cells, cpu.state().cur.cells) << "width " << w;
  EXPECT_EQ(g.prev.cells, cpu.state().prev.cells) << "width " << w;

  const RefractionSettings classic{Mode::Classic, 1.0f, 0.0f};
  for (int scale : {1, 2}) {
    const Picture picture = testPicture(w * scale, h * scale);
    Refraction refraction(shaders, reads);
    refraction.setPicture(picture);
    const Picture c = renderRefraction(cpu.state().cur, picture, classic);
    EXPECT_GT(compareFrames(c, picture, Mode::Classic).differingPixels, picture.width * picture.height / 10)
        << "the water should bend much of the picture";
    // The interpolated slope (scale 2) is real arithmetic that a GPU may
    // fuse: float mode's tolerance there, as in CoarseGridRefractionMatches.
    const FrameComparison f =
        compareFrames(refraction.render(gpu.current(), classic), c, scale == 1 ? Mode::Classic : Mode::Float);
    EXPECT_TRUE(f.passed) << "width " << w << ", frame " << scale << "x the grid: " << f.differingPixels
                          << " pixels differ";
  }
}

// Float mode's slope pass in layers writes four cells a fragment: grids of
// every width modulo 4, onto a frame a pixel narrower and shorter, with
// stones across the first and last columns, match the CPU reference.
TEST(GpuVsCpuLayers, EveryWidthModulo4MatchesTheCpu) {
  gl::ShaderSource shaders;
  for (int w : {61, 62, 63, 64}) {
    const int h = 45;
    GpuRipple gpu(w, h, shaders);
    CpuReference cpu(w, h);
    for (const Stone& stone : {Stone{0, 20, 6, 90.0f}, Stone{w - 1, 10, 6, 120.0f}, Stone{w / 2, h / 2, 7, 64.0f}}) {
      cpu.dropStone(stone);
    }
    for (int step = 0; step < 30; ++step) cpu.step(WaterRule{Mode::Float, 1.0f / 32});
    gpu.writeState(cpu.state());
    const Picture picture = testPicture(w - 1, h - 1);
    Refraction refraction(shaders, defaultTexelReads(), FineGridReads::SlopeLayers);
    refraction.setPicture(picture);
    for (const RefractionSettings& look : {RefractionSettings{Mode::Float, 1.0f, 0.5f},
                                           RefractionSettings{Mode::Float, 1.0f, 0.0f, 1.5f, 135.0f, 40.0f}}) {
      const Picture c = renderRefraction(cpu.state().cur, picture, look);
      EXPECT_GT(compareFrames(c, picture, Mode::Classic).differingPixels, picture.width * picture.height / 4)
          << "the water should bend much of the picture";
      const FrameComparison f = compareFrames(refraction.render(gpu.current(), look), c, Mode::Float);
      EXPECT_TRUE(f.passed) << "width " << w << ", light " << look.lightStrength << ": " << f.differingPixels
                            << " pixels differ, largest channel difference " << f.largestChannelDifference;
    }
  }
}

INSTANTIATE_TEST_SUITE_P(
    WidthsModulo4, GpuVsCpuAnyWidth,
    testing::Combine(testing::Values(61, 62, 63, 64), testing::Values(StepPath::Fragment, StepPath::Compute),
                     testing::Values(TexelReads::Sampler, TexelReads::TexelFetch, TexelReads::ImageLoad)),
    [](const auto& info) {
      return "width" + std::to_string(std::get<0>(info.param)) +
             (std::get<1>(info.param) == StepPath::Compute ? "_compute_" : "_fragment_") +
             texelReadsName(std::get<2>(info.param));
    });

// A grid coarser than the frame (simulation scale 1/2, 1/4): the slope is
// interpolated on both sides alike.
TEST_P(GpuVsCpu, CoarseGridRefractionMatches) {
  runScenario({&cpu}, WaterRule{Mode::Float, 1.0f / 32.0f});
  for (int scale : {2, 4}) {
    const Picture picture = testPicture(kWidth * scale, kHeight * scale);
    Refraction refraction(shaders);
    refraction.setPicture(picture);
    gpu.writeState(cpu.state());
    for (const RefractionSettings& settings :
         {RefractionSettings{Mode::Float, 0.75f, 0.5f}, RefractionSettings{Mode::Classic, 1.0f, 0.0f}}) {
      const Picture g = refraction.render(gpu.current(), settings);
      const Picture c = renderRefraction(cpu.state().cur, picture, settings);
      // Float mode's tolerance for both modes: the interpolated slope is real
      // arithmetic that a GPU may fuse, and one rounding can move classic
      // mode's nearest pixel. (On llvmpipe no pixel differs.)
      const FrameComparison f = compareFrames(g, c, Mode::Float);
      std::printf("1/%d grid, %s mode: %ld of %d pixels differ, largest channel difference %d levels\n", scale,
                  wordOf(settings.mode), f.differingPixels, picture.width * picture.height, f.largestChannelDifference);
      EXPECT_GT(compareFrames(c, picture, Mode::Classic).differingPixels, picture.width * picture.height / 4)
          << "the water should bend much of the picture";
      EXPECT_TRUE(f.passed) << "1/" << scale << " grid, " << wordOf(settings.mode) << " mode";
    }
  }
}

// A grid with more cells than the frame has pixels (a host's choice, and
// the peer's benchmark: 1024x1024 onto 1024x768): float mode reads the four
// cells around each pixel itself (FINE), or goes through the slope pass in
// layers (LAYERED; 120x90 and 160x90 here, not 60x45, which has fewer
// pixels than that pass has fragments); classic mode goes through the slope
// pass. All interpolate as the CPU reference does.
TEST_P(GpuVsCpu, FineGridRefractionMatches) {
  runScenario({&cpu}, WaterRule{Mode::Float, 1.0f / 32.0f});
  gpu.writeState(cpu.state());
  RefractionSettings lit{Mode::Float, 1.0f, 0.0f, 1.5f, 135.0f, 40.0f};
  RefractionSettings shaded{Mode::Float, 1.0f, 0.0f};
  shaded.heightShading = 6.0f;
  for (auto [w, h, fine] :
       {std::tuple(120, 90, FineGridReads::SlopeLayers), std::tuple(kWidth, 90, FineGridReads::SlopeLayers),
        std::tuple(60, 45, FineGridReads::SlopeLayers), std::tuple(120, 90, FineGridReads::AroundEachPixel)}) {
    const Picture picture = testPicture(w, h);
    Refraction refraction(shaders, defaultTexelReads(), fine);
    refraction.setPicture(picture);
    for (const RefractionSettings& settings :
         {RefractionSettings{Mode::Float, 0.75f, 0.5f}, lit, shaded, RefractionSettings{Mode::Classic, 1.0f, 0.0f}}) {
      const Picture g = refraction.render(gpu.current(), settings);
      const Picture c = renderRefraction(cpu.state().cur, picture, settings);
      const FrameComparison f = compareFrames(g, c, Mode::Float);
      std::printf(
          "%dx%d grid onto %dx%d (%s), %s mode, light %.1f, height shading %.0f: %ld of %d pixels differ, "
          "largest channel difference %d levels\n",
          kWidth, kHeight, w, h, fine == FineGridReads::SlopeLayers ? "layers asked" : "around each pixel",
          wordOf(settings.mode), settings.lightStrength, settings.heightShading, f.differingPixels, w * h,
          f.largestChannelDifference);
      EXPECT_GT(compareFrames(c, picture, Mode::Classic).differingPixels, w * h / 4)
          << "the water should bend much of the picture";
      EXPECT_TRUE(f.passed) << w << "x" << h << ", " << wordOf(settings.mode) << " mode";
    }
  }
}

INSTANTIATE_TEST_SUITE_P(StepPaths, GpuVsCpu, testing::Values(StepPath::Fragment, StepPath::Compute), stepPathName);

}  // namespace
}  // namespace ripple

namespace ripple {
namespace {

// The debug output that guards every GPU test does catch a GL error.
TEST(GlDebugOutput, TurnsAGlErrorIntoAFailure) {
  if (!GLAD_GL_KHR_debug) GTEST_SKIP() << "the driver has no KHR_debug (Mesa always has it)";
  EXPECT_NONFATAL_FAILURE(glBindTexture(GL_TEXTURE_2D, 0xdeadbeef), "GL error");
  while (glGetError() != GL_NO_ERROR) {
  }
}

// Resizing keeps the water (resampled) and never leaks textures, however
// many times it happens.
TEST(GpuResize, KeepsTheWaterAndLeaksNothing) {
  gl::ShaderSource shaders;
  GpuRipple gpu(120, 80, shaders);
  gpu.dropStones({{60, 40, 10, 100.0f}});
  const int textures = gl::liveTextureCount();
  for (int i = 0; i < 60; ++i) gpu.resize(120 + (i % 7) * 13, 80 + (i % 5) * 11);  // a storm of resizes
  gpu.resize(240, 160);
  EXPECT_EQ(gl::liveTextureCount(), textures) << "textures leaked by resizing";
  const HeightField h = gpu.readCurrent();
  ASSERT_EQ(h.width, 240);
  EXPECT_LT(h.at(120, 80), -50.0f) << "the stone's dent should still be at the centre";
  EXPECT_EQ(h.at(20, 20), 0.0f) << "calm water far from it";
}

// A broken shader in a live-edit folder names its file and line, and the
// programs that ran before keep running.
TEST(GpuReload, BrokenShaderKeepsTheLastGoodProgram) {
  namespace fs = std::filesystem;
  const fs::path dir = fs::temp_directory_path() / "ripple_reload_test";
  fs::remove_all(dir);
  fs::create_directories(dir);
  for (const auto& e : fs::directory_iterator(fs::path(RIPPLE_SOURCE_DIR) / "shaders")) {
    fs::copy_file(e.path(), dir / e.path().filename());
  }
  gl::ShaderSource folder(dir.string());
  GpuRipple gpu(64, 48, folder);
  std::ofstream((dir / "step_plain.glsl").string(), std::ios::app) << "this line is not GLSL\n";
  std::string message;
  try {
    gpu.reloadShaders(folder);
  } catch (const Error& e) {
    message = e.what();
  }
  EXPECT_EQ(message.rfind("shader " + (dir / "step_plain.glsl").string() + ":", 0), 0u) << message;
  EXPECT_TRUE(
      std::isdigit(static_cast<unsigned char>(message[("shader " + (dir / "step_plain.glsl").string() + ":").size()])))
      << "the line number follows the file name: " << message;
  fs::copy_file(fs::path(RIPPLE_SOURCE_DIR) / "shaders/step_plain.glsl", dir / "step_plain.glsl",
                fs::copy_options::overwrite_existing);
  fs::remove(dir / "stone.frag");
  try {
    gpu.reloadShaders(folder);
  } catch (const Error& e) {
    message = e.what();
  }
  EXPECT_EQ(message, "cannot read shader '" + (dir / "stone.frag").string() + "': No such file or directory");

  CpuReference cpu(64, 48);
  gpu.dropStones({{32, 24, 6, 90.0f}});
  cpu.dropStone({32, 24, 6, 90.0f});
  for (int i = 0; i < 50; ++i) {
    gpu.step(WaterRule{Mode::Classic, 1.0f / 32});
    cpu.step(WaterRule{Mode::Classic, 1.0f / 32});
  }
  EXPECT_EQ(compareHeights(gpu.readCurrent(), cpu.state().cur, Mode::Classic, 1).differingCells, 0)
      << "the last good programs should still compute the rule";
}

// test_soak.cpp's disturbance on a 96x64 grid: rain every step, and every
// 97th step up to 40 big stones of both signs, weights up to 4096.
std::vector<Stone> soakStones(RainGenerator& random, int step) {
  std::vector<Stone> stones = random.dropsForStep(96, 64, 0.3f, 3, 96.0f);
  if (step % 97 == 0) {
    for (Stone s : random.dropsForStep(96, 64, 4.0f, 40, 1.0f)) {
      s.weight = (s.x % 2 ? 1.0f : -1.0f) * float(s.y * 64 % 4096 + 1);
      stones.push_back(s);
    }
  }
  return stones;
}

// The GPU under the soak of test_soak.cpp's worst case (no damping, stones of
// both signs up to 4096): 100,000 steps, always finite, always in bounds, and
// in classic mode still equal to the CPU reference at the end.
TEST(GpuSoak, UndampedStaysFiniteBoundedAndExact) {
  for (Mode mode : {Mode::Float, Mode::Classic}) {
    gl::ShaderSource shaders;
    GpuRipple gpu(96, 64, shaders);
    CpuReference cpu(96, 64);
    RainGenerator random(77);
    for (int step = 0; step < 100000; ++step) {
      const std::vector<Stone> stones = soakStones(random, step);
      gpu.dropStones(stones);
      gpu.step(WaterRule{mode, 0.0f});
      if (mode == Mode::Classic) {
        for (const Stone& s : stones) cpu.dropStone(s);
        cpu.step(WaterRule{mode, 0.0f});
      }
      if (step % 5000 == 4999) {
        for (float v : gpu.readCurrent().cells) {
          ASSERT_TRUE(std::isfinite(v)) << wordOf(mode) << " step " << step;
          ASSERT_LE(std::abs(v), limits::maxHeight) << wordOf(mode) << " step " << step;
        }
      }
    }
    if (mode == Mode::Classic) {
      EXPECT_EQ(compareHeights(gpu.readCurrent(), cpu.state().cur, mode, 1).differingCells, 0);
    }
  }
}

// Damped water on the GPU comes back to rest as the CPU's does (test_soak.cpp):
// 20,000 steps of heavy stones and rain at damping 1/32, then none. In classic
// mode the GPU equals the CPU along the way and both end exactly flat; in
// float mode the GPU's heights fall below 1e-3.
TEST(GpuSoak, DampedComesToRestLikeTheCpu) {
  constexpr float kDamping = 1.0f / 32;
  for (Mode mode : {Mode::Float, Mode::Classic}) {
    gl::ShaderSource shaders;
    GpuRipple gpu(96, 64, shaders);
    CpuReference cpu(96, 64);
    RainGenerator random(78);
    for (int step = 0; step < 23000; ++step) {
      const std::vector<Stone> stones = step < 20000 ? soakStones(random, step) : std::vector<Stone>{};
      gpu.dropStones(stones);
      gpu.step(WaterRule{mode, kDamping});
      for (const Stone& s : stones) cpu.dropStone(s);
      cpu.step(WaterRule{mode, kDamping});
      if (mode == Mode::Classic && step % 1000 == 999) {
        ASSERT_EQ(compareHeights(gpu.readCurrent(), cpu.state().cur, mode, 1).differingCells, 0)
            << "classic mode, step " << step;
      }
    }
    float largest = 0;
    for (float v : gpu.readCurrent().cells) {
      ASSERT_TRUE(std::isfinite(v)) << wordOf(mode);
      largest = std::max(largest, std::abs(v));
    }
    if (mode == Mode::Classic) {
      EXPECT_EQ(largest, 0.0f) << "classic mode: flat 3000 steps after the last stone";
    } else {
      EXPECT_LT(largest, 1e-3f) << "float mode: at rest 3000 steps after the last stone";
    }
  }
}

}  // namespace
}  // namespace ripple

namespace ripple {
namespace {

// The panel's Verify: on calm water, where any two rules agree, it drops a
// test stone in both first and says so; on moving water it compares the
// water as it is. A broken step is caught either way.
TEST(VerifyAgainstCpu, CalmWaterGetsATestStone) {
  gl::ShaderSource shaders;
  GpuRipple gpu(96, 64, shaders);
  const WaterRule rule{Mode::Float, 0.006f, 0.8f, Stencil::Nine};
  const VerifyReport calm = verifyAgainstCpu(gpu, rule, 40, 96.0f);
  EXPECT_TRUE(calm.testStoneDropped);
  EXPECT_TRUE(calm.comparison.passed) << calm.comparison.largestDifference;
  EXPECT_GT(largestHeight(gpu.readCurrent()), 1.0f) << "the test stone's waves are there to compare";
  const VerifyReport moving = verifyAgainstCpu(gpu, rule, 40, 96.0f);
  EXPECT_FALSE(moving.testStoneDropped);
  EXPECT_TRUE(moving.comparison.passed);
  // Classic mode, bit for bit, from water that moves.
  const VerifyReport classic = verifyAgainstCpu(gpu, WaterRule{Mode::Classic, 1.0f / 32}, 40, 96.0f);
  EXPECT_TRUE(classic.comparison.passed) << classic.comparison.differingCells;
}

}  // namespace
}  // namespace ripple

namespace ripple {
namespace {

// The GPU's verification (verifyAgainstCpu, which the panel's Verify and
// ripple::Water::verify() run) has the sensitivity the CPU test works by
// hand: a step shader that moves one cell by twice the tolerance fails it,
// by half of it passes.
TEST(VerifyAgainstCpu, FailsAtTwiceTheToleranceInOneCellAndPassesAtHalf) {
  namespace fs = std::filesystem;
  const WaterRule rule{Mode::Float, 0.006f, 0.8f, Stencil::Nine};
  const std::vector<Stone> disc{{40, 30, 5, 100.0f}};
  auto report = [&](const gl::ShaderSource& shaders) {
    GpuRipple gpu(64, 48, shaders);
    gpu.setStepPath(StepPath::Fragment);  // the offset below is put in by gl_FragCoord
    gpu.dropStones(disc);
    return verifyAgainstCpu(gpu, rule, 1, 100.0f);
  };
  const VerifyReport clean = report(gl::ShaderSource());
  ASSERT_TRUE(clean.comparison.passed);
  ASSERT_EQ(clean.comparison.differingCells, 0);
  const float tolerance = clean.comparison.tolerance;
  for (const auto& [share, passes] : {std::pair(2.0f, false), std::pair(0.5f, true)}) {
    const fs::path dir = fs::temp_directory_path() / ("ripple_offset_shaders_" + std::to_string(share));
    fs::create_directories(dir);
    for (const auto& e : fs::directory_iterator(fs::path(RIPPLE_SOURCE_DIR) / "shaders"))
      fs::copy_file(e.path(), dir / e.path().filename(), fs::copy_options::overwrite_existing);
    std::ifstream in(dir / "step_rule.glsl");
    std::string step((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    const std::string code = "    nextOut = next;\n";
    const size_t at = step.find(code);
    ASSERT_NE(at, std::string::npos) << "the step no longer writes `nextOut = next;`";
    step.replace(at, code.size(),
                 "    nextOut = next + (ivec2(gl_FragCoord.xy) == HEIGHT_MARGIN + ivec2(5, 20) ? vec4(" +
                     std::to_string(share * tolerance) + ", 0.0, 0.0, 0.0) : vec4(0.0));\n");
    std::ofstream(dir / "step_rule.glsl", std::ios::trunc) << step;
    const VerifyReport r = report(gl::ShaderSource(dir.string()));
    EXPECT_EQ(r.comparison.passed, passes) << share << " x the tolerance";
    EXPECT_EQ(r.comparison.differingCells, 1);
    fs::remove_all(dir);
  }
}

}  // namespace
}  // namespace ripple

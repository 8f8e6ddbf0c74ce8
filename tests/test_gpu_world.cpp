// The wave tank on the GPU computes what the CPU reference does: walls (of
// both kinds, straight and diagonal, with a slit), slow water, sources
// (points and a line), and every kind of edge, by both step paths, with
// widths that are and are not a multiple of the four cells a texel holds.
// Classic mode must agree bit for bit, float mode within its tolerance; the
// frames too, absorbing layers included.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <memory>
#include <string>
#include <tuple>

#include "core/cpu_reference.hpp"
#include "core/scenario_driver.hpp"
#include "core/verify.hpp"
#include "render/refraction.hpp"
#include "sim/gpu_ripple.hpp"

namespace ripple {
namespace {

// A small tank: a diagonal wall, a board with a slit, a post, a shelf of
// slow water, two point sources (one that stops), a line source and a
// moving one (whose cells between two places it blends, in float mode, up to
// the grid's edge); stones that fall on water, on a wall and across an edge.
WaterWorld tank(int w, int h, Edge horizontal, Edge vertical, WallKind kind) {
  WaterWorld world(w, h);
  world.leftRightEdges = horizontal;
  world.topBottomEdges = vertical;
  world.wallKind = kind;
  paintWall(world, {5, 30, 20, 45, 1});                   // diagonal, one cell thick
  paintWall(world, {w / 2, 0, w / 2, h / 2 - 4, 2});      // a board from the top edge...
  paintWall(world, {w / 2, h / 2 + 4, w / 2, h - 1, 2});  // ...with a slit in the middle
  paintWall(world, {w - 12, 10, w - 12, 10, 3});          // a post
  for (int y = h - 14; y < h; ++y)
    for (int x = 0; x < w / 3; ++x) world.setSpeed(x, y, static_cast<CellSpeed>(90 + 4 * x % 160));
  world.closeDiagonalGaps();
  world.sources.push_back({10, 10, 10, 10, 9.5, 40.0f, 3, 200});
  world.sources.push_back({w - 3, h - 3, w - 3, h - 3, 13.0, 25.0f, 0, std::nullopt});
  world.sources.push_back({w / 2 + 6, 2, w / 2 + 6, h - 3, 16.0, 10.0f, 50, std::nullopt});
  world.sources.push_back({w / 2 + 10, h / 2, w - 1, 1, 11.0, 30.0f, 20, 260, true});
  return world;
}

const std::vector<TimedStone> kStones = {
    {0, {12, 20, 6, 120.0f}},
    {0, {0, 0, 5, 60.0f}},
    {40, {30, 30, 4, 80.0f}},   // on water, across a corner, ...
    {80, {32, 24, 5, -90.0f}},  // ... across the board
};

struct WorldCase {
  Edge horizontal, vertical;
  Mode mode;
  Stencil stencil;
  WallKind kind;
  int width;
  StepPath path;
};

std::string caseName(const testing::TestParamInfo<WorldCase>& info) {
  const WorldCase& c = info.param;
  return std::string(wordOf(c.horizontal)) + "_" + wordOf(c.vertical) + "_" + wordOf(c.mode) + wordOf(c.stencil) +
         (c.kind == WallKind::Held ? "_held" : "") + "_w" + std::to_string(c.width) +
         (c.path == StepPath::Compute ? "_compute" : "_fragment");
}

class GpuWorld : public testing::TestWithParam<WorldCase> {};

TEST_P(GpuWorld, StepsAndFramesMatchTheCpu) {
  const WorldCase c = GetParam();
  if (c.path == StepPath::Compute && !GpuRipple::computeAvailable()) GTEST_SKIP() << "no compute shaders";
  constexpr int kHeight = 50, kSteps = 300;
  WaterRule rule;
  rule.mode = c.mode;
  rule.damping = c.mode == Mode::Classic ? 1.0f / 64 : 0.002f;
  rule.stencil = c.stencil;
  rule.courant = c.stencil == Stencil::Nine ? 0.8f : 0.6f;
  if (c.mode == Mode::Classic) rule.courant = kSeedCourant;
  rule.world = std::make_shared<const WaterWorld>(tank(c.width, kHeight, c.horizontal, c.vertical, c.kind));

  gl::ShaderSource shaders;
  GpuRipple gpu(c.width, kHeight, shaders);
  gpu.setStepPath(c.path);
  ASSERT_EQ(gpu.stepPath(), c.path);
  CpuReference cpu(c.width, kHeight);
  ScenarioDriver driver(kStones);
  float largest = 1.0f;
  for (int step = 0; step < kSteps; step += 30) {
    driver.advance({&gpu, &cpu}, 30, rule, {});
    ASSERT_EQ(gpu.width(), cpu.width());
    ASSERT_EQ(gpu.height(), cpu.height());
    const HeightField g = gpu.readCurrent(), r = cpu.readCurrent();
    largest = std::max(largest, largestHeight(r));
    const Comparison diff = compareHeights(g, r, c.mode, largest);
    ASSERT_TRUE(diff.passed) << "after " << step + 30 << " steps: largest difference " << diff.largestDifference
                             << " (tolerance " << diff.tolerance << "), " << diff.differingCells << " cells differ";
  }
  // The water moves, walls hold 0.
  const HeightField r = cpu.readCurrent();
  EXPECT_GT(largestHeight(r), 1.0f);
  const GridLayout layout = cpu.layout();
  for (int y = 0; y < kHeight; ++y)
    for (int x = 0; x < c.width; ++x)
      if (rule.world->isWall(x, y)) {
        ASSERT_EQ(r.at(x + layout.left, y + layout.top), 0.0f) << x << "," << y;
      }

  // The frames of the visible grid, at the grid's size and at twice it.
  for (int scale : {1, 2}) {
    const Picture picture = coverPicture(defaultPicture(), c.width * scale, kHeight * scale);
    Refraction refraction(shaders);
    refraction.setPicture(picture);
    RefractionSettings look;
    look.mode = c.mode;
    look.refraction = c.mode == Mode::Classic ? 1.0f : 2.0f;
    look.lightStrength = c.mode == Mode::Classic ? 0.0f : 1.0f;
    look.heightShading = c.mode == Mode::Classic ? 0.0f : 3.0f;  // reads the layers' heights at the edge too
    const Picture gpuFrame = refraction.render(gpu.current(), look);
    const Picture cpuFrame = renderRefraction(cpu.readCurrent(), picture, look, &layout, cpu.tankLook());
    // The interpolated slope (scale 2) is real arithmetic that a GPU's filter
    // does with a few bits of fraction: float mode's tolerance there.
    const FrameComparison frames = compareFrames(gpuFrame, cpuFrame, scale == 1 ? c.mode : Mode::Float);
    EXPECT_TRUE(frames.passed) << "scale " << scale << ": " << frames.differingPixels << " pixels differ, "
                               << frames.pixelsOver2Levels << " by more than 2 levels";
  }
}

std::vector<WorldCase> cases() {
  std::vector<WorldCase> all;
  const std::pair<Edge, Edge> edges[] = {{Edge::Fixed, Edge::Fixed},         {Edge::Free, Edge::Free},
                                         {Edge::Absorbing, Edge::Absorbing}, {Edge::Wrap, Edge::Wrap},
                                         {Edge::Wrap, Edge::Absorbing},      {Edge::Free, Edge::Wrap}};
  for (StepPath path : {StepPath::Fragment, StepPath::Compute}) {
    for (const auto& [h, v] : edges) {
      all.push_back({h, v, Mode::Classic, Stencil::Five, WallKind::Reflecting, 62, path});
      all.push_back({h, v, Mode::Float, Stencil::Nine, WallKind::Reflecting, 62, path});
      all.push_back({h, v, Mode::Float, Stencil::Five, WallKind::Reflecting, 62, path});
    }
    // Held walls; and wrapping with every width modulo 4 (the last texel's
    // padding cells lie between the row's last cell and its first).
    all.push_back({Edge::Fixed, Edge::Free, Mode::Classic, Stencil::Five, WallKind::Held, 64, path});
    all.push_back({Edge::Free, Edge::Fixed, Mode::Float, Stencil::Nine, WallKind::Held, 64, path});
    for (int width : {61, 63, 64}) {
      all.push_back({Edge::Wrap, Edge::Wrap, Mode::Classic, Stencil::Five, WallKind::Reflecting, width, path});
      all.push_back({Edge::Wrap, Edge::Fixed, Mode::Float, Stencil::Nine, WallKind::Reflecting, width, path});
    }
  }
  return all;
}

INSTANTIATE_TEST_SUITE_P(EdgesModesWidths, GpuWorld, testing::ValuesIn(cases()), caseName);

// With absorbing edges a software renderer steps the layers apart from the
// visible grid and a GPU steps the whole grid in one pass (the cases above
// run the renderer's choice): the same bits in classic mode, and in float
// mode the same within its tolerance (the two variants' arithmetic differs
// where a compiler fuses a multiply and an add).
TEST(GpuWorldLayers, SteppedApartOrTogetherAgree) {
  for (StepPath path : {StepPath::Fragment, StepPath::Compute}) {
    if (path == StepPath::Compute && !GpuRipple::computeAvailable()) continue;
    for (const auto& [h, v] : {std::pair{Edge::Absorbing, Edge::Absorbing}, std::pair{Edge::Wrap, Edge::Absorbing},
                               std::pair{Edge::Absorbing, Edge::Fixed}}) {
      for (Mode mode : {Mode::Classic, Mode::Float}) {
        WaterRule rule;
        rule.mode = mode;
        rule.damping = 0.002f;
        rule.stencil = mode == Mode::Classic ? Stencil::Five : Stencil::Nine;
        rule.courant = mode == Mode::Classic ? kSeedCourant : 0.8f;
        rule.world = std::make_shared<const WaterWorld>(tank(62, 50, h, v, WallKind::Reflecting));
        gl::ShaderSource shaders;
        GpuRipple apart(62, 50, shaders), together(62, 50, shaders);
        for (GpuRipple* gpu : {&apart, &together}) gpu->setStepPath(path);
        apart.setLayersSteppedApart(true);
        together.setLayersSteppedApart(false);
        ScenarioDriver driver(kStones);
        driver.advance({&apart, &together}, 300, rule, {});
        const HeightField a = apart.readCurrent();
        EXPECT_GT(largestHeight(a), 1.0f);
        const Comparison diff = compareHeights(a, together.readCurrent(), mode, largestHeight(a));
        EXPECT_TRUE(diff.passed) << (path == StepPath::Compute ? "compute, " : "fragment, ") << wordOf(h) << "/"
                                 << wordOf(v) << ", " << wordOf(mode) << ": largest difference "
                                 << diff.largestDifference << ", " << diff.differingCells << " cells differ";
        std::printf("layers apart or together, %s, %s/%s, %s: largest difference %g\n",
                    path == StepPath::Compute ? "compute" : "fragment", wordOf(h), wordOf(v), wordOf(mode),
                    diff.largestDifference);
      }
    }
  }
}

// The panel's "Verify against CPU" with a wave tank: the CPU reference takes
// the GPU's water, absorbing layers included, and both step the same world:
// classic mode bit for bit, float mode within its tolerance.
TEST(GpuWorldVerify, ThePanelsVerifyPassesWithATank) {
  for (Mode mode : {Mode::Classic, Mode::Float}) {
    gl::ShaderSource shaders;
    GpuRipple gpu(70, 50, shaders);
    WaterRule rule;
    rule.mode = mode;
    rule.damping = 1.0f / 64;
    rule.stencil = mode == Mode::Classic ? Stencil::Five : Stencil::Nine;
    rule.courant = mode == Mode::Classic ? kSeedCourant : 0.8f;
    rule.world = std::make_shared<const WaterWorld>(tank(70, 50, Edge::Absorbing, Edge::Wrap, WallKind::Reflecting));
    ScenarioDriver driver(kStones);
    driver.advance({&gpu}, 120, rule, {});
    const VerifyReport report = verifyAgainstCpu(gpu, rule, 60, 100.0f);
    EXPECT_FALSE(report.testStoneDropped) << "the water moves";
    EXPECT_EQ(report.gridWidth, 70);
    EXPECT_TRUE(report.comparison.passed)
        << wordOf(mode) << ": largest difference " << report.comparison.largestDifference;
    if (mode == Mode::Classic) {
      EXPECT_EQ(report.comparison.differingCells, 0);
    }
  }
}

// A window resized with absorbing edges keeps its visible water where it
// was: the layers beyond it are not squeezed into the new grid, and the
// next step's world brings them back around it.
TEST(GpuWorldResize, KeepsTheVisibleWaterInPlace) {
  gl::ShaderSource shaders;
  GpuRipple gpu(100, 80, shaders);
  WaterWorld world(100, 80);
  world.leftRightEdges = world.topBottomEdges = Edge::Absorbing;
  WaterRule rule;
  rule.world = std::make_shared<const WaterWorld>(world);
  gpu.prepareWorld(rule);
  ASSERT_TRUE(gpu.layout().hasLayers());
  const GridLayout l = gpu.layout();
  gpu.dropStones({{20 + l.left, 16 + l.top, 4, 100.0f}});  // off the centre: a squeeze would move it
  gpu.resize(200, 160);
  EXPECT_EQ(gpu.width(), 200);
  EXPECT_LT(gpu.readCurrent().at(40, 32), -30.0f) << "the dent at twice its place";
  WaterWorld bigger(200, 160);
  bigger.leftRightEdges = bigger.topBottomEdges = Edge::Absorbing;
  rule.world = std::make_shared<const WaterWorld>(bigger);
  gpu.prepareWorld(rule);
  const GridLayout b = gpu.layout();
  EXPECT_EQ(b.visibleWidth, 200);
  EXPECT_LT(visibleHeights(gpu.readCurrent(), b).at(40, 32), -30.0f) << "and still there inside the layers";
}

}  // namespace
}  // namespace ripple

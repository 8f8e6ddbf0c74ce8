// The window's rest on the GPU (src/lib/core/visible_change.hpp): the water the
// window steps, read back every 30 steps as the window does, is found at
// rest, and setting it flat then moves no pixel of the GPU's frame by more
// than kRestLevels.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>

#include "core/scenario_driver.hpp"
#include "core/verify.hpp"
#include "core/visible_change.hpp"
#include "core/water_rule.hpp"
#include "render/refraction.hpp"
#include "sim/gpu_ripple.hpp"

namespace ripple {
namespace {

// The largest difference between two frames' channels, in levels.
int largestDifference(const Picture& a, const Picture& b) {
  return compareFrames(a, b, Mode::Float).largestChannelDifference;
}

TEST(GpuRest, SettingTheWaterFlatAtRestShowsNoJump) {
  constexpr int kFrameWidth = 320, kFrameHeight = 180, kGridWidth = 160, kGridHeight = 90;
  const Params defaults;
  gl::ShaderSource shaders;
  GpuRipple water(kGridWidth, kGridHeight, shaders);
  Refraction refraction(shaders);
  const Picture picture = coverPicture(defaultPicture(), kFrameWidth, kFrameHeight);
  refraction.setPicture(picture);
  const RefractionSettings settings = refractionSettings(defaults);
  const FrameLook look{settings, pictureContrast(picture), 2.0f, 2.0f};
  water.dropStones({{kGridWidth / 2, kGridHeight / 2, 10, defaults.stoneWeight, StoneShape::Smooth}});
  ScenarioDriver driver;
  int steps = 0;
  int shownAtFirstLook = 0;
  while (!restsUnseen(water.readState(), look) && steps < 20000) {
    driver.advance({&water}, 30, waterRule(defaults), {});
    steps += 30;
    if (steps == 30) shownAtFirstLook = largestDifference(refraction.render(water.current(), settings), picture);
  }
  ASSERT_LT(steps, 20000) << "the water never rests";
  const Picture beforeRest = refraction.render(water.current(), settings);
  water.reset();
  const int jump = largestDifference(beforeRest, refraction.render(water.current(), settings));
  std::printf("  at rest after %d steps; setting it flat moves a pixel by %d level(s) (the first look: %d)\n", steps,
              jump, shownAtFirstLook);
  EXPECT_GT(shownAtFirstLook, 100) << "the stone shows at first";
  EXPECT_LE(jump, kRestLevels);
}

}  // namespace
}  // namespace ripple

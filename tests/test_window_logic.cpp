// The window's decisions that need no window: when it may rest, the trail a
// drag leaves (no gaps), where a screenshot goes, what counts as calm for verification, and what a switch to classic
// mode does to the heights.
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>

#include "app/screenshot_name.hpp"
#include "app/window_rest.hpp"
#include "core/calm.hpp"
#include "core/cpu_reference.hpp"
#include "core/mode_switch.hpp"
#include "core/scenario_driver.hpp"

namespace ripple {
namespace {

namespace fs = std::filesystem;

TEST(Stroke, FastDragLeavesNoGap) {
  for (int radius : {1, 2, 6, 20}) {
    const auto stones = trailStones(10, 10, 610, 250, radius, 50.0f);
    ASSERT_FALSE(stones.empty());
    EXPECT_EQ(stones.back().x, 610);
    EXPECT_EQ(stones.back().y, 250);
    int px = 10, py = 10;
    const double allowed = std::max(1.0, radius / 2.0) + 1.0;  // spacing, plus rounding to cells
    for (const Drop& s : stones) {
      EXPECT_LE(std::hypot(s.x - px, s.y - py), allowed) << "radius " << radius;
      EXPECT_EQ(s.radius, radius);
      EXPECT_EQ(s.weight, 50.0f);
      px = s.x;
      py = s.y;
    }
  }
}

TEST(Stroke, NoMovementNoStones) { EXPECT_TRUE(trailStones(5, 5, 5, 5, 4, 1.0f).empty()); }

TEST(WindowRest, WaitsOnlyWithNothingToStepOrAnswer) {
  WindowRest rest;
  EXPECT_FALSE(rest.mayWait(false, false)) << "a new window draws its first frames";
  for (int i = 0; i < WindowRest::kFramesAfterInput; ++i) rest.frameDrawn();
  EXPECT_TRUE(rest.mayWait(false, false)) << "flat water, nothing falling, no input: rest";
  EXPECT_FALSE(rest.mayWait(false, true)) << "rain or a scripted stone to come";
  rest.waterDisturbed();
  EXPECT_FALSE(rest.mayWait(false, false)) << "moving water steps";
  EXPECT_TRUE(rest.mayWait(true, false)) << "a paused window rests, waves or not";
  rest.input();
  EXPECT_FALSE(rest.mayWait(true, false)) << "an event is answered with a few frames";
  for (int i = 0; i < WindowRest::kFramesAfterInput; ++i) rest.frameDrawn();
  EXPECT_TRUE(rest.mayWait(true, false));
  rest.waterRested();
  EXPECT_TRUE(rest.mayWait(false, false));
}

TEST(WindowRest, LooksForRestEveryFewStepsOfMovingWater) {
  WindowRest rest;
  EXPECT_FALSE(rest.restCheckDue(100)) << "water known to be at rest needs no look";
  rest.waterDisturbed();
  EXPECT_TRUE(rest.restCheckDue(WindowRest::kStepsBetweenRestChecks));
  EXPECT_FALSE(rest.restCheckDue(WindowRest::kStepsBetweenRestChecks + 1));
  EXPECT_TRUE(rest.restCheckDue(2 * WindowRest::kStepsBetweenRestChecks + 1));
}

TEST(ScreenshotPath, AbsoluteAndNeverOverwrites) {
  const fs::path dir = fs::path(RIPPLE_TEST_DATA_DIR) / "screenshot_path_test";
  fs::remove_all(dir);
  fs::create_directories(dir);
  const std::time_t when = 1700000000;
  const std::string first = timestampedPath(dir, when, ".png");
  EXPECT_TRUE(fs::path(first).is_absolute()) << first;
  EXPECT_EQ(fs::path(first).parent_path(), fs::absolute(dir));
  EXPECT_EQ(fs::path(first).filename().string().rfind("ripple-2023111", 0), 0u) << first;
  std::ofstream(first) << "taken";
  const std::string second = timestampedPath(dir, when, ".png");
  EXPECT_NE(second, first) << "a shot in the same second gets a name of its own";
  EXPECT_EQ(fs::path(second).stem().string(), fs::path(first).stem().string() + "-2");
  std::ofstream(second) << "taken";
  EXPECT_EQ(fs::path(timestampedPath(dir, when, ".png")).stem().string(), fs::path(first).stem().string() + "-3");
  // A recording's name, the same way.
  EXPECT_EQ(fs::path(timestampedPath(dir, when, ".mp4")).filename().string(), fs::path(first).stem().string() + ".mp4");
}

TEST(Calm, ThresholdOnBothFields) {
  WaterState s(4, 3);
  EXPECT_TRUE(isCalm(s));
  s.prev.at(1, 1) = -kCalmHeight;
  EXPECT_TRUE(isCalm(s)) << "the threshold itself is calm";
  s.prev.at(1, 1) = -2 * kCalmHeight;
  EXPECT_FALSE(isCalm(s)) << "prev counts: it is the water's speed";
  s.prev.at(1, 1) = 0;
  s.cur.at(2, 1) = std::nanf("");
  EXPECT_FALSE(isCalm(s)) << "NaN is never calm";
}

// Float heights rounded to whole ones when the water switches to classic
// mode: classic's rule then comes to rest exactly (unrounded, a shimmer of
// fractional heights goes on for ever).
TEST(ModeSwitch, RoundedWaterSettlesInClassicMode) {
  CpuReference floatWater(120, 80);
  floatWater.dropStones({{60, 40, 8, 96.0f}, {30, 20, 5, 70.0f}});
  ScenarioDriver driver;
  driver.advance({&floatWater}, 90, WaterRule{Mode::Float, 1.0f / 32}, {});
  WaterState rounded = floatWater.state();
  roundToWholeHeights(rounded);
  for (float h : rounded.cur.cells) ASSERT_EQ(h, std::round(h));
  EXPECT_EQ(rounded.cur.at(60, 40), std::round(floatWater.state().cur.at(60, 40)));

  auto largestAfterClassic = [](const WaterState& start) {
    CpuReference water(start.width(), start.height());
    water.setState(start);
    ScenarioDriver classic;
    classic.advance({&water}, 4000, WaterRule{Mode::Classic, 1.0f / 32}, {});
    float largest = 0;
    for (float h : water.state().cur.cells) largest = std::max(largest, std::abs(h));
    return largest;
  };
  EXPECT_EQ(largestAfterClassic(rounded), 0.0f) << "rounded, classic mode comes exactly to rest";
  EXPECT_GT(largestAfterClassic(floatWater.state()), 0.0f) << "unrounded it never would (what the switch fixes)";
}

}  // namespace
}  // namespace ripple

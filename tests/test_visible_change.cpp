// When the window rests (src/lib/core/visible_change.hpp): the bound on what the
// water can still change in the frame, measured against the CPU reference's
// render of the same water, for every setting that changes what shows.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>

#include "core/builtin_pictures.hpp"
#include "core/cpu_reference.hpp"
#include "core/scenario_driver.hpp"
#include "core/verify.hpp"
#include "core/visible_change.hpp"
#include "core/water_rule.hpp"

namespace ripple {
namespace {

// A 320x180 frame over a 160x90 grid: the window's default grid scale.
constexpr int kFrameWidth = 320, kFrameHeight = 180, kGridWidth = 160, kGridHeight = 90;

// The largest difference between two frames' channels, in levels.
int largestDifference(const Picture& a, const Picture& b) {
  return compareFrames(a, b, Mode::Float).largestChannelDifference;
}

// A grey picture with a vertical edge `contrast` levels high every 8 pixels:
// a picture whose steepest step is known.
Picture stripedPicture(int contrast) {
  Picture p(kFrameWidth, kFrameHeight);
  for (int y = 0; y < p.height; ++y)
    for (int x = 0; x < p.width; ++x)
      for (int c = 0; c < 3; ++c) p.pixel(x, y)[c] = std::uint8_t(100 + ((x / 8) % 2) * contrast);
  for (size_t i = 3; i < p.rgba.size(); i += 4) p.rgba[i] = 255;
  return p;
}

// A stone's rings after `steps` steps of the window's default rule, all
// heights scaled by `scale`: waves of any size, of the shapes a click makes.
WaterState rings(int steps, float scale) {
  CpuReference water(kGridWidth, kGridHeight);
  water.dropStones({{kGridWidth / 2, kGridHeight / 2, 10, 96.0f, StoneShape::Smooth}});
  ScenarioDriver driver;
  driver.advance({&water}, steps, waterRule(Params{}), {});
  WaterState s = water.state();
  for (HeightField* f : {&s.cur, &s.prev})
    for (float& h : f->cells) h *= scale;
  return s;
}

FrameLook lookOf(const RefractionSettings& settings, const Picture& picture) {
  return {settings, pictureContrast(picture), float(kFrameWidth) / kGridWidth, float(kFrameHeight) / kGridHeight};
}

// The frame's largest difference from flat water's, as rendered.
int shownChange(const WaterState& s, const RefractionSettings& settings, const Picture& picture) {
  const Picture flat = renderRefraction(HeightField(kGridWidth, kGridHeight), picture, settings);
  return largestDifference(renderRefraction(s.cur, picture, settings), flat);
}

RefractionSettings plainLook() {
  RefractionSettings s;
  s.refraction = 0.0f;
  return s;
}

// The bound never falls short of what the frame shows: the rendered
// difference from flat water is at most the bound plus the level that
// rounding can add, for each setting alone and for the defaults.
TEST(VisibleChange, BoundsWhatTheFrameShows) {
  const Picture pool = coverPicture(defaultPicture(), kFrameWidth, kFrameHeight);
  std::vector<std::pair<const char*, RefractionSettings>> looks;
  looks.push_back({"defaults", refractionSettings(Params{})});
  RefractionSettings s = plainLook();
  s.refraction = 8.0f;
  looks.push_back({"refraction 8", s});
  s = plainLook();
  s.shading = 4.0f;
  looks.push_back({"shading 4", s});
  s = plainLook();
  s.heightShading = 16.0f;
  looks.push_back({"height shading 16", s});
  for (float elevation : {20.0f, 60.0f, 90.0f}) {
    s = plainLook();
    s.lightStrength = 4.0f;
    s.lightElevation = elevation;
    looks.push_back({"light 4", s});
  }
  for (const auto& [name, look] : looks) {
    for (float scale : {0.0005f, 0.005f, 0.05f, 0.5f}) {
      const WaterState water = rings(150, scale);
      const float bound = visibleChangeBound(water, lookOf(look, pool));
      const int shown = shownChange(water, look, pool);
      std::printf("  %-18s elevation %2.0f, heights x %-6g: shown %3d levels, bound %8.3f\n", name, look.lightElevation,
                  scale, shown, bound);
      EXPECT_LE(shown, bound + 1.0f) << name << ", heights scaled by " << scale;
    }
  }
}

// Each setting that shows more: a wave the gentle setting does not show
// (at rest, and at most a level in the render) is not at rest at the setting
// that shows it (and the render shows it, by more than kRestLevels).
struct Case {
  const char* what;
  RefractionSettings gentle, strong;
  Picture gentlePicture, strongPicture;
};

void expectRestOnlyWhereUnseen(const Case& c, const WaterState& water) {
  SCOPED_TRACE(c.what);
  const float gentleBound = visibleChangeBound(water, lookOf(c.gentle, c.gentlePicture));
  const float strongBound = visibleChangeBound(water, lookOf(c.strong, c.strongPicture));
  const int gentleShown = shownChange(water, c.gentle, c.gentlePicture);
  const int strongShown = shownChange(water, c.strong, c.strongPicture);
  std::printf("  %-24s gentle: bound %.3f, shown %d; strong: bound %.3f, shown %d\n", c.what, gentleBound, gentleShown,
              strongBound, strongShown);
  EXPECT_TRUE(restsUnseen(water, lookOf(c.gentle, c.gentlePicture)));
  EXPECT_LE(gentleShown, 1);
  EXPECT_FALSE(restsUnseen(water, lookOf(c.strong, c.strongPicture)));
  EXPECT_GT(strongShown, kRestLevels) << "the strong setting shows the wave";
}

TEST(VisibleChange, AStrongerRefractionShowsWhatAWeakOneDoesNot) {
  const Picture pool = coverPicture(defaultPicture(), kFrameWidth, kFrameHeight);
  RefractionSettings gentle = plainLook(), strong = plainLook();
  gentle.refraction = 0.25f;
  strong.refraction = 8.0f;
  expectRestOnlyWhereUnseen({"refraction 0.25 / 8", gentle, strong, pool, pool}, rings(150, 0.0002f));
}

TEST(VisibleChange, AMoreContrastyPictureShowsWhatAPlainOneDoesNot) {
  RefractionSettings look = plainLook();
  look.refraction = 2.0f;
  expectRestOnlyWhereUnseen({"picture contrast 8 / 255", look, look, stripedPicture(8), stripedPicture(155)},
                            rings(150, 0.001f));
}

// Over a plain picture the refraction shows nothing: the light (the halfway
// vector 7.5 degrees from straight up, where flat water already shines), the
// height shading and seed 002's shading are all there is.
TEST(VisibleChange, TheLookShowsWhatTheRefractionDoesNot) {
  const Picture plain = stripedPicture(0);
  RefractionSettings refracted = plainLook();
  refracted.refraction = 2.0f;
  RefractionSettings lit = refracted, heightShaded = refracted, shaded = refracted;
  lit.lightStrength = 1.0f;
  lit.lightElevation = 75.0f;
  heightShaded.heightShading = 16.0f;
  shaded.shading = 4.0f;
  expectRestOnlyWhereUnseen({"light off / on", refracted, lit, plain, plain}, rings(150, 0.01f));
  expectRestOnlyWhereUnseen({"height shading 0 / 16", refracted, heightShaded, plain, plain}, rings(150, 0.01f));
  expectRestOnlyWhereUnseen({"shading 0 / 4", refracted, shaded, plain, plain}, rings(150, 0.1f));
}

// Classic mode shifts the picture by whole pixels: only flat water rests.
TEST(VisibleChange, ClassicModeRestsOnlyOnFlatWater) {
  FrameLook look;
  look.settings.mode = Mode::Classic;
  WaterState s(8, 6);
  EXPECT_TRUE(restsUnseen(s, look));
  s.prev.at(3, 3) = 1.0f;
  EXPECT_FALSE(restsUnseen(s, look)) << "prev counts: it is the water's speed";
}

TEST(VisibleChange, ANanIsNeverAtRest) {
  FrameLook look;  // refraction 1 over a picture of no contrast: nothing else shows
  WaterState s(8, 6);
  s.cur.at(2, 2) = std::numeric_limits<float>::quiet_NaN();
  EXPECT_TRUE(std::isinf(visibleChangeBound(s, look)));
}

// The bound worked by hand for one raised cell: the render's slopes across
// two cells (cells beyond the grid 0), each field on its own.
TEST(VisibleChange, BoundByHand) {
  FrameLook look;
  look.settings.refraction = 2.0f;
  look.settings.shading = 0.5f;
  look.settings.heightShading = 3.0f;
  look.contrast = {10.0f, 20.0f};
  look.pixelsPerCellX = 2.0f;
  look.pixelsPerCellY = 4.0f;
  WaterState s(5, 4);
  s.cur.at(0, 1) = 0.25f;  // slope 0.25 across at (1, 1), down at (0, 0) and (0, 2); height 0.25
  // At (1, 1): refraction 2 * 0.25 * 2 * 10 = 10, shading 0.5 * 0.25; at (0, 0) and (0, 2): 2 * 0.25 * 4 * 20 = 40;
  // at (0, 1): height shading 3 * 0.25. The largest is 40; the light is off.
  EXPECT_FLOAT_EQ(visibleChangeBound(s, look), 40.0f);
  s.prev.at(4, 3) = -0.5f;  // in prev, at the corner: slope 0.5 down at (4, 2) gives 80
  EXPECT_FLOAT_EQ(visibleChangeBound(s, look), 80.0f);
  EXPECT_EQ(pictureContrast(stripedPicture(37)).across, 37.0f);
  EXPECT_EQ(pictureContrast(stripedPicture(37)).down, 0.0f);
}

// The window's defaults, after a click: stepped at the window's pace (steps
// a second as at 1280x720), the water rests within 3 s of the frame ceasing
// to change by more than 2 levels from one second to the next, and setting
// it flat then moves no pixel by more than kRestLevels.
TEST(VisibleChange, RestComesSoonAfterTheFrameStopsChangingAndShowsNoJump) {
  const Params defaults;
  const Picture pool = coverPicture(defaultPicture(), kFrameWidth, kFrameHeight);
  const RefractionSettings settings = refractionSettings(defaults);
  const FrameLook look = lookOf(settings, pool);
  const int stepsASecond = int(defaults.waveSpeed / (defaults.courant * 2.0f));  // two frame pixels a cell
  CpuReference water(kGridWidth, kGridHeight);
  water.dropStones({{kGridWidth / 2, kGridHeight / 2, 10, defaults.stoneWeight, StoneShape::Smooth}});
  ScenarioDriver driver;
  Picture lastSecond = renderRefraction(water.state().cur, pool, settings);
  const Picture flat = renderRefraction(HeightField(kGridWidth, kGridHeight), pool, settings);
  int steps = 0, stillSince = -1, restAt = -1;
  Picture atRest;  // the frame when the water was found at rest
  while ((restAt < 0 || stillSince < 0) && steps < 200 * stepsASecond) {
    driver.advance({&water}, 30, waterRule(defaults), {});  // the window's steps between looks
    steps += 30;
    if (restAt < 0 && restsUnseen(water.state(), look)) {
      restAt = steps;
      atRest = renderRefraction(water.state().cur, pool, settings);
    }
    if (steps % stepsASecond < 30) {  // a screenshot a second
      const Picture now = renderRefraction(water.state().cur, pool, settings);
      if (largestDifference(now, lastSecond) > 2)
        stillSince = -1;
      else if (stillSince < 0)
        stillSince = steps;
      lastSecond = now;
    }
  }
  ASSERT_GT(restAt, 0) << "the water never rests";
  ASSERT_GT(stillSince, 0) << "the frame never stops changing";
  const int jump = largestDifference(atRest, flat);
  std::printf(
      "  frame still (2 levels a second) after %.1f s, at rest after %.1f s; setting it flat moves a "
      "pixel by %d level(s)\n",
      double(stillSince) / stepsASecond, double(restAt) / stepsASecond, jump);
  EXPECT_LE(restAt - stillSince, 3 * stepsASecond) << "rest within 3 s of the frame ceasing to change";
  EXPECT_LE(jump, kRestLevels);
}

}  // namespace
}  // namespace ripple

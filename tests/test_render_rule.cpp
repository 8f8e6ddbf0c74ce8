// The render rule on the CPU, worked by hand (docs/rules.md, "Render"): the
// shading's size and sign, and how far a slope moves the picture when the
// grid is coarser than the picture. The GPU is compared with the CPU
// reference elsewhere; these values are the oracle for both, so a change
// made to the shader and the reference alike still fails here.
#include <gtest/gtest.h>

#include <cstdint>

#include "core/cpu_reference.hpp"

namespace ripple {
namespace {

Picture uniformPicture(int w, int h, std::uint8_t grey) {
  Picture picture(w, h);
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x) {
      std::uint8_t* p = picture.pixel(x, y);
      p[0] = p[1] = p[2] = grey;
      p[3] = 255;
    }
  return picture;
}

// Every pixel distinct: red = 7 * x, green = 7 * y.
Picture coordinatePicture(int w, int h) {
  Picture picture(w, h);
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x) {
      std::uint8_t* p = picture.pixel(x, y);
      p[0] = static_cast<std::uint8_t>(7 * x);
      p[1] = static_cast<std::uint8_t>(7 * y);
      p[3] = 255;
    }
  return picture;
}

RefractionSettings floatMode(float refraction, float shading) {
  RefractionSettings s;
  s.mode = Mode::Float;
  s.refraction = refraction;
  s.shading = shading;
  return s;  // the light stays off
}

void expectGrey(const Picture& out, int x, int y, int grey) {
  for (int c = 0; c < 3; ++c) EXPECT_EQ(out.pixel(x, y)[c], grey) << "pixel (" << x << ", " << y << ") channel " << c;
  EXPECT_EQ(out.pixel(x, y)[3], 255) << "alpha is not shaded";
}

// On a 9x3 grid, row 1 holds +10 at x = 3 and -10 at x = 5; the rest is 0.
// The slope dx = h[x-1] - h[x+1] in row 1 is then
//   x:  0  1   2  3   4  5   6  7  8
//   dx: 0  0 -10  0 +20  0 -10  0  0
// and shading adds shading * dx / 255 to each colour: with shading 1 one
// grey level per unit of dx. On a uniform picture the refraction's shift
// shows the same grey, so the shading is all that changes.
HeightField bumpAndDip() {
  HeightField h(9, 3);
  h.at(3, 1) = 10.0f;
  h.at(5, 1) = -10.0f;
  return h;
}

TEST(RenderRule, ShadingAddsTheHorizontalSlopeOverTwoFiftyFive) {
  const Picture out = renderRefraction(bumpAndDip(), uniformPicture(9, 3, 100), floatMode(1.0f, 1.0f));
  const int expected[9] = {100, 100, 90, 100, 120, 100, 90, 100, 100};
  for (int x = 0; x < 9; ++x) expectGrey(out, x, 1, expected[x]);
}

TEST(RenderRule, SurfaceFallingToTheRightBrightensAndRisingDarkens) {
  // At x = 4 the surface falls from +10 to -10 going right: brighter. At
  // x = 2 and 6 it rises going right (0 to +10, -10 to 0): darker. Shading
  // 2 doubles both.
  const Picture out = renderRefraction(bumpAndDip(), uniformPicture(9, 3, 100), floatMode(1.0f, 2.0f));
  expectGrey(out, 4, 1, 140);
  expectGrey(out, 2, 1, 80);
  expectGrey(out, 6, 1, 80);
}

TEST(RenderRule, OnlyTheHorizontalSlopeShades) {
  // Rows 0 and 2 above and below the bump have dx = 0 but dy = -10 and +10
  // at x = 3: the picture shifts up or down, and stays the same grey.
  const Picture out = renderRefraction(bumpAndDip(), uniformPicture(9, 3, 100), floatMode(1.0f, 1.0f));
  for (int x = 0; x < 9; ++x) {
    expectGrey(out, x, 0, 100);
    expectGrey(out, x, 2, 100);
  }
}

TEST(RenderRule, ShadingSaturatesAtWhiteAndBlack) {
  const Picture bright = renderRefraction(bumpAndDip(), uniformPicture(9, 3, 250), floatMode(1.0f, 1.0f));
  expectGrey(bright, 4, 1, 255);  // 250 + 20, not 270 - 256 = 14
  const Picture dark = renderRefraction(bumpAndDip(), uniformPicture(9, 3, 5), floatMode(1.0f, 1.0f));
  expectGrey(dark, 2, 1, 0);  // 5 - 10, not 251
}

TEST(RenderRule, ClassicModeHasNoShadingOfEitherKind) {
  RefractionSettings classic;
  classic.mode = Mode::Classic;
  classic.shading = 4.0f;
  classic.heightShading = 16.0f;
  const Picture out = renderRefraction(bumpAndDip(), uniformPicture(9, 3, 100), classic);
  for (int y = 0; y < 3; ++y)
    for (int x = 0; x < 9; ++x) expectGrey(out, x, y, 100);
}

// The height shading moves each colour c (0 to 1) by d = heightShading * h
// / 255, h the cell's own height, eased: c + d / sqrt(1 + (d / r)^2), r the
// room between c and white (d > 0) or black (d < 0). On gentle waves that is
// plain addition within a fraction of a level: on bumpAndDip() with 2 over
// grey 100, the crest at x = 3 (+10) gains 19.8 grey levels (120) and the
// trough at x = 5 (-10) loses 19.6 (80), whatever the slope around them; the
// cells at 0 stay as they are. Refraction 0, so only the shading can change
// a pixel.
TEST(RenderRule, HeightShadingBrightensCrestsAndDarkensTroughs) {
  RefractionSettings s = floatMode(0.0f, 0.0f);
  s.heightShading = 2.0f;
  const Picture out = renderRefraction(bumpAndDip(), uniformPicture(9, 3, 100), s);
  const int expected[9] = {100, 100, 100, 120, 100, 80, 100, 100, 100};
  for (int x = 0; x < 9; ++x) expectGrey(out, x, 1, expected[x]);
  for (int x = 0; x < 9; ++x) {
    expectGrey(out, x, 0, 100);
    expectGrey(out, x, 2, 100);
  }
}

// Where plain addition would clip, the height shading eases towards white
// and black. Over grey 100 with height shading 8 a crest h would add 8h
// levels (10, 20, 30, 50: 180, then 255 three times); eased, with 155
// levels of room to white, it comes out 100 + 8h / sqrt(1 + (8h / 155)^2):
// 171, 211, 230, 245, each brighter than the one before and none white.
// The troughs as deep, with 100 levels of room to black,
// 100 - 8h / sqrt(1 + (8h / 100)^2): 38, 15, 8, 3, each darker and none
// black. A standing wave's crests keep their shape instead of flattening
// into bands.
TEST(RenderRule, HeightShadingEasesTowardsWhiteAndBlack) {
  const float heights[4] = {10.0f, 20.0f, 30.0f, 50.0f};
  HeightField h(9, 2);
  for (int i = 0; i < 4; ++i) {
    h.at(2 * i + 1, 0) = heights[i];
    h.at(2 * i + 1, 1) = -heights[i];
  }
  RefractionSettings s = floatMode(0.0f, 0.0f);
  s.heightShading = 8.0f;
  const Picture out = renderRefraction(h, uniformPicture(9, 2, 100), s);
  const int crests[4] = {171, 211, 230, 245}, troughs[4] = {38, 15, 8, 3};
  for (int i = 0; i < 4; ++i) {
    expectGrey(out, 2 * i + 1, 0, crests[i]);
    expectGrey(out, 2 * i + 1, 1, troughs[i]);
  }
}

// On a grid of half the picture's size the height is interpolated like the
// slope: pixel (6, 2) lies at cell (2.75, 0.75) of bumpAndDip(), a quarter of
// a cell left of and above cell (3, 1), so it sees 0.75 * 0.75 of its +10:
// 5.625, which with height shading 2 is 11.25 grey levels, eased to 11.2
// (100 -> 111). Its mirror over the trough, pixel (11, 3) at cell
// (5.25, 1.25), loses 11.2 (100 -> 89).
TEST(RenderRule, HeightShadingOnACoarserGridIsBilinear) {
  RefractionSettings s = floatMode(0.0f, 0.0f);
  s.heightShading = 2.0f;
  const Picture out = renderRefraction(bumpAndDip(), uniformPicture(18, 6, 100), s);
  expectGrey(out, 6, 2, 111);
  expectGrey(out, 11, 3, 89);
  expectGrey(out, 0, 0, 100);
}

// An 8x6 grid whose height falls by half a cell's worth each column to the
// right, h = -x / 2, so every cell with both neighbours in the grid has
// dx = h[x-1] - h[x+1] = 1 (and dy = 0 in the rows with both neighbours).
// Or the same falling downwards, h = -y / 2: dy = 1, dx = 0.
HeightField ramp(bool downwards) {
  HeightField h(8, 6);
  for (int y = 0; y < h.height; ++y)
    for (int x = 0; x < h.width; ++x) h.at(x, y) = -0.5f * (downwards ? y : x);
  return h;
}

// With the grid 1/k of the picture's size (k = 1, 2, 4), a slope of 1 moves
// the sample by k picture pixels in classic mode (where s is 1 whatever was
// asked) and by s * k in float mode, where it lands on a pixel's centre, so
// bilinear sampling returns that pixel exactly. Checked at the pixels that
// lie over cells 2 .. 5 across and 2 .. 3 down, whose neighbours' slopes are
// all the ramp's: e.g. at k = 2, pixel (6, 5) shows column 6 + 2 = 8, red
// 56; at k = 4 with s = 2, pixel (10, 9) shows column 10 + 8 = 18, red 126.
struct Case {
  Mode mode;
  float refraction;
  int pixelsPerCell;
  int shift;
};

void expectShiftedByTheRamp(const Case& c, bool downwards) {
  const HeightField h = ramp(downwards);
  const int k = c.pixelsPerCell;
  const Picture picture = coordinatePicture(h.width * k, h.height * k);
  RefractionSettings settings = floatMode(c.refraction, 0.0f);
  settings.mode = c.mode;
  const Picture out = renderRefraction(h, picture, settings);
  const int shiftX = downwards ? 0 : c.shift, shiftY = downwards ? c.shift : 0;
  for (int y = 2 * k; y < (h.height - 2) * k; ++y)
    for (int x = 2 * k; x < (h.width - 2) * k; ++x) {
      ASSERT_EQ(out.pixel(x, y)[0], 7 * (x + shiftX))
          << (c.mode == Mode::Classic ? "classic" : "float") << " mode, s " << c.refraction << ", 1/" << k
          << " grid, pixel (" << x << ", " << y << ") should show the picture at (" << x + shiftX << ", " << y + shiftY
          << ")";
      ASSERT_EQ(out.pixel(x, y)[1], 7 * (y + shiftY)) << "pixel (" << x << ", " << y << ")";
    }
}

TEST(RenderRule, ASlopeOfOneCellMovesTheSampleByTheCellsWidthInPixels) {
  for (const Case& c : {Case{Mode::Classic, 1.0f, 1, 1}, Case{Mode::Classic, 1.0f, 2, 2},
                        Case{Mode::Classic, 2.0f, 4, 4}, Case{Mode::Float, 1.0f, 1, 1}, Case{Mode::Float, 1.0f, 2, 2},
                        Case{Mode::Float, 1.0f, 4, 4}, Case{Mode::Float, 2.0f, 2, 4}, Case{Mode::Float, 2.0f, 4, 8}}) {
    expectShiftedByTheRamp(c, false);
    expectShiftedByTheRamp(c, true);
  }
}

TEST(RenderRule, HandWorkedPixelsOnCoarseGrids) {
  const HeightField h = ramp(false);
  RefractionSettings classic;
  classic.mode = Mode::Classic;
  const Picture half = renderRefraction(h, coordinatePicture(16, 12), classic);
  EXPECT_EQ(half.pixel(6, 5)[0], 56);
  EXPECT_EQ(half.pixel(6, 5)[1], 35);
  const Picture quarter = renderRefraction(h, coordinatePicture(32, 24), floatMode(2.0f, 0.0f));
  EXPECT_EQ(quarter.pixel(10, 9)[0], 126);
  EXPECT_EQ(quarter.pixel(10, 9)[1], 63);
}

}  // namespace
}  // namespace ripple

// Where a pass puts its viewport (pass_viewport.hpp): around the rectangle
// it draws (a step's, the slopes', the frame), with neither diagonal of the
// viewport crossing that rectangle, within what the driver allows. No GL
// needed.
#include <gtest/gtest.h>

#include <string>

#include "gl/pass_viewport.hpp"

namespace ripple::gl {
namespace {

const ViewportLimits kLlvmpipe{16384, 16384, -32768, 32767};

std::string describe(const PixelRect& r) {
  return std::to_string(r.width) + "x" + std::to_string(r.height) + " at (" + std::to_string(r.x) + ", " +
         std::to_string(r.y) + ")";
}

// The height of the line through (x0, y0) and (x1, y1) at x.
double lineAt(double x0, double y0, double x1, double y1, double x) { return y0 + (y1 - y0) * (x - x0) / (x1 - x0); }

TEST(PassViewport, HoldsTheRectangleAndItsDiagonalsPassBelowIt) {
  for (int width : {1, 2, 3, 14, 63, 256, 284, 1024}) {
    for (int height : {1, 4, 56, 240, 1024, 4096}) {
      for (const auto& [x, y] : {std::pair{0, 0}, std::pair{2, 4}, std::pair{16, 60}, std::pair{270, 1080}}) {
        const PixelRect rect{x, y, width, height};
        const PixelRect v = viewportAround(rect, kLlvmpipe);
        const std::string where = describe(rect) + " in " + describe(v);
        ASSERT_LE(v.x, rect.x) << where;
        ASSERT_LE(v.y, rect.y) << where;
        ASSERT_GE(v.x + v.width, rect.x + rect.width) << where;
        ASSERT_GE(v.y + v.height, rect.y + rect.height) << where;
        ASSERT_GT(v.width, rect.width) << where << ": the viewport is the rectangle itself";
        // Each diagonal is a straight line, highest over the rectangle at one
        // of its sides: both must lie below the rectangle's bottom there.
        const double left = rect.x, right = rect.x + rect.width, bottom = rect.y;
        const double x0 = v.x, x1 = v.x + v.width, y0 = v.y, y1 = v.y + v.height;
        for (double side : {left, right}) {
          EXPECT_LT(lineAt(x0, y0, x1, y1, side), bottom) << where << ": the rising diagonal at x " << side;
          EXPECT_LT(lineAt(x0, y1, x1, y0, side), bottom) << where << ": the falling diagonal at x " << side;
        }
      }
    }
  }
}

// Where the driver's limits leave no room, the viewport is the rectangle:
// the pass is right, only dearer.
TEST(PassViewport, FallsBackToTheRectangleWithinTheDriversLimits) {
  const PixelRect rect{16, 60, 256, 1024};
  for (const ViewportLimits& limits : {ViewportLimits{2047, 16384, -32768, 32767},     // too narrow
                                       ViewportLimits{16384, 3071, -32768, 32767},     // too low
                                       ViewportLimits{16384, 16384, 0, 32767},         // no corner below 0
                                       ViewportLimits{16384, 16384, -32768, 1000}}) {  // nor beyond 1000
    const PixelRect v = viewportAround(rect, limits);
    EXPECT_EQ(v.x, rect.x);
    EXPECT_EQ(v.y, rect.y);
    EXPECT_EQ(v.width, rect.width);
    EXPECT_EQ(v.height, rect.height);
  }
  const PixelRect v = viewportAround(rect, ViewportLimits{2048, 3072, -32768, 32767});  // just enough
  EXPECT_EQ(v.width, 2048);
  EXPECT_EQ(v.height, 3072);
}

}  // namespace
}  // namespace ripple::gl

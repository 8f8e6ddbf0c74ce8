// The plan of a wave tank's step on a software renderer (step_rects.hpp):
// the visible grid's texels by the cheaper variant of the shader, the
// absorbing layers' by the one that works them out. No GL needed.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "sim/step_rects.hpp"

namespace ripple {
namespace {

// Every texel of the packed grid is in exactly one rectangle, and the
// cheaper variant's holds no layer cell.
TEST(WorldStepRects, TileTheGridAndKeepTheLayersOutOfTheVisibleTexels) {
  for (const int left : {0, 56}) {
    for (const int top : {0, 56}) {
      for (const int visibleWidth : {1, 3, 4, 62, 64, 65}) {
        const GridLayout l{visibleWidth, 40, left, top, left, top};
        const WorldStepRects rects = worldStepRects(l);
        std::vector<int> covered(static_cast<size_t>(packedWidth(l.width())) * l.height(), 0);
        const auto cover = [&](const TexelRect& r) {
          for (int y = r.y; y < r.y + r.height; ++y)
            for (int x = r.x; x < r.x + r.width; ++x) ++covered[static_cast<size_t>(y) * packedWidth(l.width()) + x];
        };
        if (!rects.visible.empty()) cover(rects.visible);
        for (const TexelRect& r : rects.layers) cover(r);  // an empty one covers nothing
        const std::string where = "left/right " + std::to_string(left) + ", top/bottom " + std::to_string(top) +
                                  ", visible width " + std::to_string(visibleWidth);
        EXPECT_EQ(std::count(covered.begin(), covered.end(), 1), long(covered.size())) << where;
        for (int x = 4 * rects.visible.x; x < 4 * (rects.visible.x + rects.visible.width); ++x) {
          const bool layerCell = x < l.left || (x >= l.left + l.visibleWidth && x < l.width());
          EXPECT_FALSE(layerCell) << where << ": cell " << x << " is a layer's, in the visible texels";
        }
        EXPECT_EQ(rects.visible.y, l.top) << where;
        EXPECT_EQ(rects.visible.height, l.visibleHeight) << where;
      }
    }
  }
}

}  // namespace
}  // namespace ripple

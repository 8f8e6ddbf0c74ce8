// The plans of a step (step_rects.hpp): the plain pool's inner texels by the
// variant without the border's mask, the edges' by the one with it; a wave
// tank's visible texels on a software renderer by the cheaper variant, the
// absorbing layers' by the one that works them out. No GL needed.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "sim/step_rects.hpp"

namespace ripple {
namespace {

// Every texel of the packed grid is in exactly one rectangle, both when the
// layers are stepped apart and in one pass; the cheaper variant's holds no
// layer cell, and the outer rows are the grid's first and last.
TEST(WorldStepRects, TileTheGridAndKeepTheLayersOutOfTheVisibleTexels) {
  for (const Edge across : {Edge::Fixed, Edge::Absorbing}) {
    for (const Edge down : {Edge::Fixed, Edge::Absorbing}) {
      for (const int visibleWidth : {1, 3, 4, 62, 64, 65}) {
        WaterWorld world(visibleWidth, 40);
        world.leftRightEdges = across;
        world.topBottomEdges = down;
        const GridLayout l = gridLayout(&world, visibleWidth, 40);
        const WorldStepRects rects = worldStepRects(l);
        const std::string where = "left " + std::to_string(l.left) + ", right " + std::to_string(l.right) +
                                  ", top/bottom " + std::to_string(l.top) + ", visible width " +
                                  std::to_string(visibleWidth);
        // The one-way edge on the right reads the two cells inwards in its own texel.
        if (l.right > 0) {
          EXPECT_EQ(l.width() % 4, 0) << where;
        }
        std::vector<int> covered(static_cast<size_t>(packedWidth(l.width())) * l.height(), 0);
        const auto cover = [&](const TexelRect& r) {
          for (int y = r.y; y < r.y + r.height; ++y)
            for (int x = r.x; x < r.x + r.width; ++x) ++covered[static_cast<size_t>(y) * packedWidth(l.width()) + x];
        };
        const auto coveredOnce = [&] {
          const bool once = std::count(covered.begin(), covered.end(), 1) == long(covered.size());
          std::fill(covered.begin(), covered.end(), 0);
          return once;
        };
        if (!rects.visible.empty()) cover(rects.visible);
        for (const TexelRect& r : rects.layers) cover(r);  // an empty one covers nothing
        for (const TexelRect& r : rects.outerRows) cover(r);
        EXPECT_TRUE(coveredOnce()) << where << ", apart";
        cover(rects.betweenOuterRows);
        for (const TexelRect& r : rects.outerRows) cover(r);
        EXPECT_TRUE(coveredOnce()) << where << ", in one pass";
        if (l.top > 0) {
          EXPECT_EQ(rects.outerRows[0].y, 0) << where;
          EXPECT_EQ(rects.outerRows[1].y, l.height() - 1) << where;
          EXPECT_EQ(rects.outerRows[0].height + rects.outerRows[1].height, 2) << where;
        } else {
          EXPECT_TRUE(rects.outerRows[0].empty() && rects.outerRows[1].empty()) << where;
        }
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

// Every texel of the plain pool is in exactly one rectangle, and the inner
// one holds no cell of the border ring (nor padding): it is stepped unmasked.
TEST(PlainStepRects, TileTheGridAndKeepTheBorderOutOfTheInnerTexels) {
  for (const int width : {1, 2, 3, 4, 5, 8, 9, 12, 13, 16, 17, 62, 1024}) {
    for (const int height : {1, 2, 3, 4, 40}) {
      const PlainStepRects rects = plainStepRects(width, height);
      const std::string where = std::to_string(width) + "x" + std::to_string(height);
      const int texels = packedWidth(width);
      std::vector<int> covered(static_cast<size_t>(texels) * height, 0);
      const auto cover = [&](const TexelRect& r) {
        for (int y = r.y; y < r.y + r.height; ++y)
          for (int x = r.x; x < r.x + r.width; ++x) ++covered[static_cast<size_t>(y) * texels + x];
      };
      if (!rects.inner.empty()) cover(rects.inner);
      for (const TexelRect& r : rects.edges) cover(r);
      EXPECT_EQ(std::count(covered.begin(), covered.end(), 1), long(covered.size())) << where;
      if (rects.inner.empty()) continue;
      EXPECT_GE(4 * rects.inner.x, 1) << where;
      EXPECT_LE(4 * (rects.inner.x + rects.inner.width) - 1, width - 2) << where;
      EXPECT_GE(rects.inner.y, 1) << where;
      EXPECT_LE(rects.inner.y + rects.inner.height - 1, height - 2) << where;
    }
  }
  // And it is most of a large grid: all but the ring's texels.
  EXPECT_EQ(plainStepRects(1024, 1024).inner.width, 254);
  EXPECT_EQ(plainStepRects(1024, 1024).inner.height, 1022);
}

}  // namespace
}  // namespace ripple

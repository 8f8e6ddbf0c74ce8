// Classic mode against the seeds' own integer code: the same stones and steps
// must give the same heights, bit for bit. The seed functions below are the
// seeds' DropStone and RippleSpread (000/001), on 16-bit shorts, with the
// one change docs/rules.md makes to them: the left and right columns are held
// at 0 too (the seeds hold only the top and bottom rows).
#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "core/cpu_reference.hpp"

namespace ripple {
namespace {

struct SeedWater {
  int width, height;
  std::vector<short> buf1, buf2;  // buf1: current, buf2: previous (then next)
  SeedWater(int w, int h) : width(w), height(h), buf1(w * h, 0), buf2(w * h, 0) {}

  void dropStone(int x, int y, int stonesize, int stoneweight) {
    if ((x + stonesize) > width || (y + stonesize) > height || (x - stonesize) < 0 || (y - stonesize) < 0) return;
    for (int posx = x - stonesize; posx < x + stonesize; posx++)
      for (int posy = y - stonesize; posy < y + stonesize; posy++)
        if ((posx - x) * (posx - x) + (posy - y) * (posy - y) < stonesize * stonesize)
          buf1[width * posy + posx] = static_cast<short>(-stoneweight);
  }

  void rippleSpread() {
    for (int i = width; i < width * height - width; i++) {
      const int x = i % width;
      if (x == 0 || x == width - 1) {
        buf2[i] = 0;
        continue;
      }
      buf2[i] = static_cast<short>(((buf1[i - 1] + buf1[i + 1] + buf1[i - width] + buf1[i + width]) >> 1) - buf2[i]);
      buf2[i] -= buf2[i] >> 5;
    }
    std::swap(buf1, buf2);
  }
};

TEST(SeedEquivalence, ClassicModeIsTheSeedsIntegerAlgorithmBitForBit) {
  const int w = 120, h = 90;
  SeedWater seed(w, h);
  CpuReference ref(w, h);
  struct Drop {
    int step, x, y, r, weight;
  };
  const Drop drops[] = {{0, 60, 45, 8, 128},   {0, 20, 20, 3, 32},   {40, 100, 70, 5, 64},
                        {41, 103, 72, 5, 100}, {150, 30, 60, 1, 90}, {300, 80, 20, 10, 127}};
  long long nonZero = 0;
  for (int step = 0; step < 500; ++step) {
    for (const Drop& d : drops) {
      if (d.step != step) continue;
      seed.dropStone(d.x, d.y, d.r, d.weight);
      ref.dropStone({d.x, d.y, d.r, float(d.weight)});
    }
    seed.rippleSpread();
    ref.step(WaterRule{Mode::Classic, 1.0f / 32.0f});
    for (int i = 0; i < w * h; ++i) {
      ASSERT_EQ(float(seed.buf1[i]), ref.state().cur.cells[i]) << "step " << step << " cell " << i;
      ASSERT_EQ(float(seed.buf2[i]), ref.state().prev.cells[i]) << "step " << step << " cell " << i;
      nonZero += seed.buf1[i] != 0;
    }
  }
  EXPECT_GT(nonZero, 100000) << "the scenario should keep the water moving";
}

}  // namespace
}  // namespace ripple

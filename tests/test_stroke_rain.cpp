// Rain is random but reproducible.
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "core/rain.hpp"

namespace ripple {
namespace {

TEST(Rain, SameSeedSameDrops) {
  RainGenerator a(42), b(42), c(43);
  bool differs = false;
  for (int i = 0; i < 200; ++i) {
    const auto da = a.dropsForStep(300, 200, 0.7f, 3, 40.0f);
    const auto db = b.dropsForStep(300, 200, 0.7f, 3, 40.0f);
    const auto dc = c.dropsForStep(300, 200, 0.7f, 3, 40.0f);
    ASSERT_EQ(da.size(), db.size());
    for (size_t k = 0; k < da.size(); ++k) {
      EXPECT_EQ(da[k].x, db[k].x);
      EXPECT_EQ(da[k].y, db[k].y);
      EXPECT_EQ(da[k].radius, db[k].radius);
    }
    differs |= da.size() != dc.size() || (!da.empty() && da[0].x != dc[0].x);
  }
  EXPECT_TRUE(differs) << "another seed should give other drops";
}

TEST(Rain, MeanRateAndBounds) {
  RainGenerator rain(7);
  const int steps = 20000;
  long long count = 0;
  for (int i = 0; i < steps; ++i) {
    for (const Stone& s : rain.dropsForStep(64, 48, 0.25f, 3, 30.0f)) {
      ++count;
      ASSERT_GE(s.x, 0);
      ASSERT_LT(s.x, 64);
      ASSERT_GE(s.y, 0);
      ASSERT_LT(s.y, 48);
      ASSERT_GE(s.radius, 1);
      ASSERT_LE(s.radius, 3);
    }
  }
  EXPECT_NEAR(double(count) / steps, 0.25, 0.02);
  EXPECT_TRUE(rain.dropsForStep(64, 48, 0.0f, 3, 30.0f).empty());
}

// Rain can land on every cell, the last row and column included, and takes
// every radius from 1 to the largest: a generator that rounds or scales one
// short never reaches the far edge of the window.
TEST(Rain, FallsOnEveryRowAndColumnAndTakesEveryRadius) {
  constexpr int kWidth = 7, kHeight = 5, kMaxRadius = 4;
  RainGenerator rain(3);
  std::vector<int> columns(kWidth), rows(kHeight), radii(kMaxRadius + 1);
  for (int i = 0; i < 2000; ++i) {
    for (const Stone& s : rain.dropsForStep(kWidth, kHeight, 1.0f, kMaxRadius, 30.0f)) {
      ASSERT_TRUE(s.x >= 0 && s.x < kWidth && s.y >= 0 && s.y < kHeight) << s.x << "," << s.y;
      ASSERT_TRUE(s.radius >= 1 && s.radius <= kMaxRadius) << s.radius;
      ++columns[s.x];
      ++rows[s.y];
      ++radii[s.radius];
    }
  }
  for (int x = 0; x < kWidth; ++x) EXPECT_GT(columns[x], 0) << "no drop in column " << x;
  for (int y = 0; y < kHeight; ++y) EXPECT_GT(rows[y], 0) << "no drop in row " << y;
  for (int r = 1; r <= kMaxRadius; ++r) EXPECT_GT(radii[r], 0) << "no drop of radius " << r;
}

}  // namespace
}  // namespace ripple

// The CPU reference against values worked out by hand, and the properties the
// rules promise: symmetry, the border ring at 0, clipping, damping.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#if defined(__SSE__)
#include <xmmintrin.h>
#endif

#include "core/cpu_reference.hpp"
#include "core/step_float.hpp"

namespace ripple {
namespace {

// A 5x5 grid with a one-cell stone of weight 4 in the middle.
CpuReference centreDrop() {
  CpuReference ref(5, 5);
  ref.dropStone({2, 2, 1, 4.0f});
  return ref;
}

TEST(CpuReference, RadiusOneStoneIsOneCell) {
  CpuReference ref = centreDrop();
  for (int y = 0; y < 5; ++y)
    for (int x = 0; x < 5; ++x) EXPECT_EQ(ref.state().cur.at(x, y), (x == 2 && y == 2) ? -4.0f : 0.0f);
}

TEST(CpuReference, StoneIsAssignedNotAdded) {
  CpuReference ref(9, 9);
  ref.dropStone({4, 4, 3, 10.0f});
  ref.dropStone({4, 4, 2, 7.0f});
  EXPECT_EQ(ref.state().cur.at(4, 4), -7.0f);
  EXPECT_EQ(ref.state().cur.at(4, 6), -10.0f);  // dy = 2: inside r = 3, outside r = 2
  EXPECT_EQ(ref.state().cur.at(4, 7), 0.0f);    // dy = 3 is not < 3
}

TEST(CpuReference, FloatStepsByHand) {
  CpuReference ref = centreDrop();
  ref.step(WaterRule{Mode::Float, 0.0f});
  // next = (l + r + u + d) / 2 - prev: the four neighbours of the drop get -4/2.
  const HeightField& a = ref.state().cur;
  EXPECT_EQ(a.at(1, 2), -2.0f);
  EXPECT_EQ(a.at(3, 2), -2.0f);
  EXPECT_EQ(a.at(2, 1), -2.0f);
  EXPECT_EQ(a.at(2, 3), -2.0f);
  EXPECT_EQ(a.at(2, 2), 0.0f);
  EXPECT_EQ(ref.state().prev.at(2, 2), -4.0f);  // prev <- cur
  ref.step(WaterRule{Mode::Float, 0.0f});
  // Centre: (-2 * 4) / 2 - (-4) = 0. Diagonals: (-2 - 2) / 2 - 0 = -2.
  const HeightField& b = ref.state().cur;
  EXPECT_EQ(b.at(2, 2), 0.0f);
  EXPECT_EQ(b.at(1, 1), -2.0f);
  EXPECT_EQ(b.at(3, 3), -2.0f);
  EXPECT_EQ(b.at(1, 2), 0.0f);
}

TEST(CpuReference, DampingByHand) {
  CpuReference f = centreDrop();
  f.step(WaterRule{Mode::Float, 1.0f / 32.0f});
  EXPECT_EQ(f.state().cur.at(1, 2), -2.0f + 2.0f / 32.0f);  // -1.9375
  // Classic: floor(-4 * 0.5) = -2, then -2 - floor(-2 / 32) = -2 - (-1) = -1:
  // the seeds' (-2) >> 5 is -1, an arithmetic shift rounds down.
  CpuReference c = centreDrop();
  c.step(WaterRule{Mode::Classic, 1.0f / 32.0f});
  EXPECT_EQ(c.state().cur.at(1, 2), -1.0f);
}

// Denormals (below 2^-126) are flushed as in a GPU's shaders (llvmpipe's
// among them): a result that would be one becomes 0, and one going in counts
// as 0. Both threads' worth of rows, and the caller's floating-point state
// is left as it was.
TEST(CpuReference, DenormalsAreFlushedLikeTheGpu) {
  for (int threads : {1, 2}) {
    WaterState s(5, 7);
    s.cur.at(1, 2) = std::ldexp(1.0f, -126);   // the smallest normal: halved, a denormal
    s.cur.at(1, 4) = std::ldexp(1.0f, -125);   // halved, still normal
    s.prev.at(3, 5) = std::ldexp(1.0f, -130);  // a denormal going in
    CpuReference ref(5, 7);
    ref.setThreadCount(threads);
    ref.setState(s);
    ref.step(WaterRule{Mode::Float, 0.0f});
    const HeightField& next = ref.state().cur;
    EXPECT_EQ(next.at(2, 2), 0.0f) << threads << " threads: 2^-127 is a denormal, flushed";
    EXPECT_EQ(next.at(2, 4), std::ldexp(1.0f, -126)) << threads << " threads: 2^-126 is normal, kept";
    EXPECT_EQ(next.at(3, 5), 0.0f) << threads << " threads: 0 - a denormal prev counts as 0 - 0";
  }
  volatile float tiny = std::ldexp(1.0f, -126);
  EXPECT_EQ(tiny * 0.5f, std::ldexp(1.0f, -127)) << "outside a step, denormals are kept";
}

// Where no flush bits exist (WebAssembly), each of the step's operations
// flushes its own result (core/step_float.hpp): operation by operation, the
// bits x86's flush bits give, the sign of a flushed 0 included.
TEST(CpuReference, FlushedFloatsGiveWhatTheFlushBitsGive) {
#if defined(__SSE__)
  std::uint64_t state = 2024;
  auto nextBits = [&state] {
    state = state * 6364136223846793005ull + 1442695040888963407ull;
    return static_cast<std::uint32_t>(state >> 32);
  };
  // Around the denormals: exponents from 2^-150 to 2^-100, either sign.
  auto nearTiny = [&] {
    const float mantissa = 1.0f + (nextBits() % 1000) / 1000.0f;
    const float v = std::ldexp(mantissa, -150 + static_cast<int>(nextBits() % 51));
    return nextBits() % 2 ? -v : v;
  };
  auto bitsOf = [](float v) {
    std::uint32_t b;
    std::memcpy(&b, &v, sizeof b);
    return b;
  };
  int differing = 0;
  for (int i = 0; i < 100000; ++i) {
    volatile float a = nearTiny(), b = i % 3 ? nearTiny() : 0.3f;  // volatile: computed now, under the bits
    const unsigned saved = _mm_getcsr();
    _mm_setcsr(saved | 0x8040);  // flush to zero, denormals are zero
    const float sum = a + b, difference = a - b, product = a * b, scaled = a * 0.75f;
    _mm_setcsr(saved);
    const FlushedFloat fa = a, fb = b;
    differing += bitsOf(valueOf(fa + fb)) != bitsOf(sum);
    differing += bitsOf(valueOf(fa - fb)) != bitsOf(difference);
    differing += bitsOf(valueOf(fa * fb)) != bitsOf(product);
    differing += bitsOf(valueOf(fa * 0.75f)) != bitsOf(scaled);
  }
  EXPECT_EQ(differing, 0) << "of 400000 operations";
#else
  GTEST_SKIP() << "no flush bits to compare with here";
#endif
}

TEST(CpuReference, ClassicHalvesRoundDown) {
  CpuReference ref(5, 5);
  ref.dropStone({2, 2, 1, 3.0f});   // odd sum: -3 / 2 = -1.5 -> -2
  ref.dropStone({3, 3, 1, -3.0f});  // positive: 3 / 2 = 1.5 -> 1
  ref.step(WaterRule{Mode::Classic, 0.0f});
  EXPECT_EQ(ref.state().cur.at(1, 2), -2.0f);
  EXPECT_EQ(ref.state().cur.at(3, 2), 0.0f);  // (-3 + 3) / 2
  EXPECT_EQ(ref.state().cur.at(3, 1), 0.0f);  // no neighbour was touched
  EXPECT_EQ(ref.state().cur.at(2, 3), 0.0f);
  EXPECT_EQ(ref.state().cur.at(1, 1), 0.0f);
}

TEST(CpuReference, CentredStoneStaysSymmetric) {
  for (Mode mode : {Mode::Float, Mode::Classic}) {
    CpuReference ref(41, 41);
    ref.dropStone({20, 20, 5, 64.0f});
    for (int i = 0; i < 60; ++i) ref.step(WaterRule{mode, 1.0f / 32.0f});
    const HeightField& h = ref.state().cur;
    float largest = 0;
    for (int y = 0; y < 41; ++y) {
      for (int x = 0; x < 41; ++x) {
        largest = std::max(largest, std::abs(h.at(x, y)));
        // Left-right mirror images are exact: the sum starts with
        // (left + right), and a + b == b + a in floating point. The other
        // symmetries regroup ((l + r) + u) + d: exact on the classic mode's
        // integers, equal to rounding in float mode.
        ASSERT_EQ(h.at(x, y), h.at(40 - x, y)) << x << "," << y;
        if (mode == Mode::Classic) {
          ASSERT_EQ(h.at(x, y), h.at(x, 40 - y));
          ASSERT_EQ(h.at(x, y), h.at(y, x));
        } else {
          ASSERT_NEAR(h.at(x, y), h.at(x, 40 - y), 1e-4f);
          ASSERT_NEAR(h.at(x, y), h.at(y, x), 1e-4f);
        }
      }
    }
    EXPECT_GT(largest, 1.0f) << "the wave should still be there after 60 steps";
  }
}

TEST(CpuReference, BorderRingStaysZero) {
  CpuReference ref(32, 24);
  ref.dropStone({16, 12, 6, 100.0f});
  for (int i = 0; i < 200; ++i) {
    ref.step(WaterRule{Mode::Float, 0.0f});
    const HeightField& h = ref.state().cur;
    for (int x = 0; x < 32; ++x) ASSERT_EQ(h.at(x, 0), 0.0f) << "step " << i;
    for (int x = 0; x < 32; ++x) ASSERT_EQ(h.at(x, 23), 0.0f) << "step " << i;
    for (int y = 0; y < 24; ++y) ASSERT_EQ(h.at(0, y), 0.0f) << "step " << i;
    for (int y = 0; y < 24; ++y) ASSERT_EQ(h.at(31, y), 0.0f) << "step " << i;
  }
}

TEST(CpuReference, StonesAreClippedAtTheEdges) {
  CpuReference ref(10, 8);
  ref.dropStone({0, 0, 3, 5.0f});      // a quarter disc in the corner
  ref.dropStone({12, 4, 3, 7.0f});     // centre outside; x = 9 is dx = -3: not inside
  ref.dropStone({11, 4, 3, 9.0f});     // centre outside; x = 9 is dx = -2: |dy| <= 2 inside
  ref.dropStone({-50, -50, 4, 1.0f});  // entirely outside: nothing
  const HeightField& h = ref.state().cur;
  int corner = 0, right = 0;
  for (int y = 0; y < 8; ++y) {
    for (int x = 0; x < 10; ++x) {
      const float v = h.at(x, y);
      if (v == -5.0f) {
        ++corner;
        EXPECT_LT(x * x + y * y, 9);
      } else if (v == -9.0f) {
        ++right;
        EXPECT_EQ(x, 9);
      } else {
        EXPECT_EQ(v, 0.0f) << x << "," << y;
      }
    }
  }
  EXPECT_EQ(corner, 9);  // (0..2, 0..2): 2^2 + 2^2 = 8 < 9
  EXPECT_EQ(right, 5);   // (9, 2..6)
}

TEST(CpuReference, TinyGridsAreAllBorder) {
  for (int size : {1, 2}) {
    CpuReference ref(size, size);
    ref.dropStone({0, 0, 2, 10.0f});
    ref.step(WaterRule{Mode::Classic, 1.0f / 32.0f});
    for (float v : ref.state().cur.cells) EXPECT_EQ(v, 0.0f);
  }
}

// Energy here is the sum of squared heights over both fields; averaged over a
// window of steps (the wave trades height for speed within a window).
double windowEnergy(CpuReference& ref, Mode mode, float damping, int steps) {
  double total = 0;
  for (int i = 0; i < steps; ++i) {
    ref.step(WaterRule{mode, damping});
    for (float v : ref.state().cur.cells) total += double(v) * v;
  }
  return total / steps;
}

TEST(CpuReference, EnergyFallsWithDamping) {
  for (Mode mode : {Mode::Float, Mode::Classic}) {
    CpuReference ref(64, 64);
    ref.dropStone({32, 32, 6, 128.0f});
    double last = windowEnergy(ref, mode, 1.0f / 32.0f, 20);
    for (int window = 0; window < 5; ++window) {
      const double e = windowEnergy(ref, mode, 1.0f / 32.0f, 20);
      EXPECT_LT(e, last * 0.8) << wordOf(mode) << " window " << window;
      last = e;
    }
  }
  // Without damping the float wave keeps its energy far longer.
  CpuReference undamped(64, 64);
  undamped.dropStone({32, 32, 6, 128.0f});
  const double first = windowEnergy(undamped, Mode::Float, 0.0f, 20);
  for (int i = 0; i < 4; ++i) windowEnergy(undamped, Mode::Float, 0.0f, 20);
  EXPECT_GT(windowEnergy(undamped, Mode::Float, 0.0f, 20), first * 0.3);
}

TEST(CpuReference, ThreadsGiveTheSameResult) {
  CpuReference one(97, 61), four(97, 61);
  four.setThreadCount(4);
  for (auto* ref : {&one, &four}) {
    ref->dropStone({30, 20, 7, 90.0f});
    ref->dropStone({96, 60, 5, 50.0f});
    for (int i = 0; i < 50; ++i) ref->step(WaterRule{Mode::Float, 0.01f});
  }
  EXPECT_EQ(one.state().cur.cells, four.state().cur.cells);
  EXPECT_EQ(one.state().prev.cells, four.state().prev.cells);
}

TEST(CpuRender, ClassicShiftsBySlopeAndFallsBackOutside) {
  // A picture whose every pixel is distinct: red = x, green = y.
  Picture picture(8, 6);
  for (int y = 0; y < 6; ++y)
    for (int x = 0; x < 8; ++x) {
      picture.pixel(x, y)[0] = uint8_t(x);
      picture.pixel(x, y)[1] = uint8_t(y);
      picture.pixel(x, y)[3] = 255;
    }
  HeightField h(8, 6);
  h.at(3, 2) = 2.0f;   // pixel (4, 2): dx = h(3,2) - h(5,2) = 2 -> shows (6, 2)
  h.at(0, 4) = -3.0f;  // pixel (1, 4): dx = -3 -> x = -2, outside -> unshifted
  const Picture out = renderRefraction(h, picture, {Mode::Classic, 5.0f, 9.0f});  // s, shading ignored
  EXPECT_EQ(out.pixel(4, 2)[0], 6);
  EXPECT_EQ(out.pixel(4, 2)[1], 2);
  EXPECT_EQ(out.pixel(2, 2)[0], 0);  // dx = h(1,2) - h(3,2) = -2 -> shows (0, 2)
  EXPECT_EQ(out.pixel(3, 1)[1], 1);  // dy = h(3,0) - h(3,2) = -2 -> y = -1: outside -> unshifted
  EXPECT_EQ(out.pixel(1, 4)[0], 1);
  EXPECT_EQ(out.pixel(7, 5)[0], 7);  // flat water shows the picture as is
}

}  // namespace
}  // namespace ripple

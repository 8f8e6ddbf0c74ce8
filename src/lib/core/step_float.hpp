#pragma once
// The number the CPU reference steps with. A GPU's shaders may count
// numbers below 2^-126 (denormals) as 0, going into and coming out of an
// operation, and llvmpipe and NVIDIA's do: so does the reference. On x86 the
// processor does it for plain floats, told by MXCSR's flush bits while a step
// runs; WebAssembly has no such switch, so there every operation of the
// step flushes its own result (FlushedFloat), and the water keeps the same
// bits in a browser as in the native program.
#include <cmath>

// Inlined even unoptimized, where the step calls it once a cell or more.
#if defined(__GNUC__)
#define RIPPLE_ALWAYS_INLINE inline __attribute__((always_inline))
#else
#define RIPPLE_ALWAYS_INLINE inline
#endif

namespace ripple {

// A float whose every value, and every result of + - *, is 0 (of its sign)
// where it would be a denormal.
class FlushedFloat {
 public:
  FlushedFloat(float v) : v_(flushed(v)) {}  // NOLINT: implicit, as the float it stands for
  float value() const { return v_; }

  friend FlushedFloat operator+(FlushedFloat a, FlushedFloat b) { return a.v_ + b.v_; }
  friend FlushedFloat operator-(FlushedFloat a, FlushedFloat b) { return a.v_ - b.v_; }
  friend FlushedFloat operator*(FlushedFloat a, FlushedFloat b) { return a.v_ * b.v_; }
  FlushedFloat operator-() const { return -v_; }
  FlushedFloat& operator-=(FlushedFloat b) { return *this = *this - b; }
  friend bool operator<(FlushedFloat a, FlushedFloat b) { return a.v_ < b.v_; }

 private:
  static float flushed(float v) { return std::fabs(v) < 0x1p-126f ? std::copysign(0.0f, v) : v; }
  float v_;
};

RIPPLE_ALWAYS_INLINE float valueOf(float v) { return v; }
inline float valueOf(FlushedFloat v) { return v.value(); }
inline FlushedFloat floor(FlushedFloat v) { return std::floor(v.value()); }
inline FlushedFloat nearbyint(FlushedFloat v) { return std::nearbyint(v.value()); }

#if defined(__SSE__)
using StepFloat = float;  // flushed by MXCSR while a step runs
#else
using StepFloat = FlushedFloat;
#endif

}  // namespace ripple

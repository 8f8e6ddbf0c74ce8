#pragma once
// When water counts as calm for verification: with every height of both
// fields within kCalmHeight of 0 there is nothing worth comparing, and the
// panel's Verify drops a test stone first (src/lib/core/verify.cpp). (When the
// window may rest is another question, of what the frame shows:
// src/lib/core/visible_change.hpp.) Classic mode holds whole heights, so there
// calm is exactly 0.
#include <cmath>

#include "core/water_state.hpp"

namespace ripple {

inline constexpr float kCalmHeight = 1.0f / 1024.0f;

inline bool isCalm(const HeightField& field) {
  for (float h : field.cells)
    if (!(std::abs(h) <= kCalmHeight)) return false;  // a NaN is not calm
  return true;
}

inline bool isCalm(const WaterState& state) { return isCalm(state.cur) && isCalm(state.prev); }

}  // namespace ripple

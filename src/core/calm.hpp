#pragma once
// When water counts as calm. Float mode's damping takes heights towards 0
// without ever reaching it, so the window would step and redraw forever; once
// every height of both fields is within kCalmHeight of 0 the water is calm,
// and the window sets it exactly at rest and stops stepping until something
// falls. kCalmHeight is far below what shows: the steepest slope calm water
// can have, 2 kCalmHeight a cell, shifts the picture by 1/250 of a pixel with
// the default refraction and grid scale, and by 1/16 of a pixel with the
// strongest the panel offers (refraction 8, grid scale 1/4). Classic mode
// holds whole heights, so there calm is exactly 0.
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

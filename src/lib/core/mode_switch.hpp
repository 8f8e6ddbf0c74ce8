#pragma once
// What switching to classic mode does to the water. Classic mode's rule
// floors, and on fractional heights (float mode's) that rounding never lets
// the water settle: a shimmer of small heights went on for ever. So a switch
// to classic rounds both fields to the nearest whole heights (halves away
// from 0), after which classic mode is the seeds' integer algorithm on
// integers and comes to rest as it does. A switch to float mode keeps the
// heights as they are: whole numbers are heights like any other.
#include <cmath>

#include "core/water_state.hpp"

namespace ripple {

inline void roundToWholeHeights(HeightField& field) {
  for (float& h : field.cells) h = std::round(h);
}

inline void roundToWholeHeights(WaterState& state) {
  roundToWholeHeights(state.cur);
  roundToWholeHeights(state.prev);
}

}  // namespace ripple

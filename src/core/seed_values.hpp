#pragma once
// The panel's "Seed values" button: the 1990s demos' waves in one click. It
// sets what the seeds' step and stones were (how fast waves fade, how fast
// they travel, four neighbours, flat discs) and leaves the rest alone: the
// look, the stones' size and depth, the rain, the pace on screen. In float
// mode the step then takes the seeds' own expression (WaterRule::seedForm).
#include "core/params.hpp"

namespace ripple {

inline void applySeedValues(Params& p) {
  p.damping = 1.0f / 32.0f;  // the seeds' -= >> 5
  p.courant = kSeedCourant;  // their sum * 0.5 - prev
  p.stencil = Stencil::Five;
  p.stoneShape = StoneShape::Disc;
}

}  // namespace ripple

#pragma once
// The height shading (docs/rules.md, the render rule), as both renders work
// it out (shaders/refraction.frag and renderRefraction()): a colour channel
// c, 0 to 1, gains about d = K * h / 255 where the water is nearly calm, and
// eases towards white above and black below instead of reaching them, so that
// high crests and deep troughs (a standing wave, a source's own cell) keep
// their rounded shape instead of flattening into bands of pure white and
// black:
//   c + d / sqrt(1 + (d / r)^2),  r the room between c and the limit d moves it to.
// Within a tenth of a level of plain addition while |d| < r / 5 or so, so
// gentle waves shade as before; one inverse square root, which a CPU
// rasterizer does in a few instructions (the refraction pass sets the
// window's frame rate there).
#include <algorithm>
#include <cmath>

namespace ripple {

// Keeps r above 0 on a channel already at 0 or 1 (it then stays within
// half a grey level of it). The shader gets it as LEAST_SHADING_ROOM.
inline constexpr float kLeastShadingRoom = 1.0f / 512.0f;

inline float heightShaded(float c, float d) {
  const float room = std::max(d >= 0.0f ? 1.0f - c : c, kLeastShadingRoom);
  const float x = d / room;
  return c + d * (1.0f / std::sqrt(1.0f + x * x));  // the shader's d * inversesqrt(1 + x * x)
}

}  // namespace ripple

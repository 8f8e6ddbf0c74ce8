#pragma once
// The light above the water, as both renders use it (shaders/refraction.frag
// and renderRefraction()): a Blinn-Phong highlight where the surface turns
// its normal towards the halfway vector between the light and the viewer,
// who looks straight down. Worked out once on the CPU, with GLM, and handed
// to the shader as uniforms.
#include <glm/glm.hpp>

#include "core/params.hpp"

namespace ripple {

// The surface's normal at a slope (dx, dy) = (h[x-1] - h[x+1], h[y-1] - h[y+1])
// is normalize(dx * kNormalScale, dy * kNormalScale, 1): heights are in the
// seeds' units (stones of 32 to 128), which this scales to a surface whose
// ripples tilt by a few degrees to a few tens.
inline constexpr float kNormalScale = 1.0f / 48.0f;
// How tight the highlight is: flat water, 15 degrees off the halfway vector
// with the default light, shows 1/1000 of it.
inline constexpr float kShininess = 180.0f;

// x to the power kShininess, by squaring: x^128 * x^32 * x^16 * x^4, ten
// multiplications. The shader's highlight() does the same: a CPU rasterizer
// works pow() out as exp2(y * log2(x)), dearer (BENCHMARKS.md).
inline float raisedToTheShininess(float x) {
  static_assert(kShininess == 128.0f + 32.0f + 16.0f + 4.0f, "the squarings below make x^180");
  const float x2 = x * x, x4 = x2 * x2, x8 = x4 * x4, x16 = x8 * x8, x32 = x16 * x16, x64 = x32 * x32, x128 = x64 * x64;
  return x128 * x32 * x16 * x4;
}

struct LightVectors {
  glm::vec3 halfway{0.0f, 0.0f, 1.0f};  // x right, y down the picture, z up out of the water
  float strength = 0.0f;                // 0: no light
};

inline LightVectors lightVectors(const RefractionSettings& s) {
  const float azimuth = glm::radians(s.lightAzimuth), elevation = glm::radians(s.lightElevation);
  // Azimuth 90 is the top of the picture, where y is smallest.
  const glm::vec3 toLight(std::cos(elevation) * std::cos(azimuth), -std::cos(elevation) * std::sin(azimuth),
                          std::sin(elevation));
  const glm::vec3 toViewer(0.0f, 0.0f, 1.0f);
  return {glm::normalize(toLight + toViewer), s.lightStrength};
}

}  // namespace ripple

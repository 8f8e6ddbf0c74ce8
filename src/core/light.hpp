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

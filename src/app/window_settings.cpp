#include "app/window_settings.hpp"

namespace ripple {

void putParameters(const WindowSettings& s, Scene& scene) {
  scene.rule = s.rule;
  scene.look = s.look;
  const unsigned seed = scene.rain.seed;
  scene.rain = s.rain;
  scene.rain.seed = seed;
  scene.tank.leftRightEdges = s.leftRightEdges;
  scene.tank.topBottomEdges = s.topBottomEdges;
  scene.tank.wallKind = s.wallKind;
  scene.gridScale = s.gridScale;
  scene.waveSpeed = s.waveSpeed;
  scene.stoneRadius = s.stoneRadius;
}

WindowSettings settingsOf(const Scene& scene, const WindowSettings& window) {
  WindowSettings s = window;
  s.rule = scene.rule;
  s.look = scene.look;
  s.rain = scene.rain;
  s.leftRightEdges = scene.tank.leftRightEdges;
  s.topBottomEdges = scene.tank.topBottomEdges;
  s.wallKind = scene.tank.wallKind;
  s.gridScale = scene.gridScale;
  s.waveSpeed = scene.waveSpeed;
  s.stoneRadius = scene.stoneRadius;
  return s;
}

WindowSettings seedSettings(WindowSettings s) {
  s.rule.damping = 1.0f / 32.0f;
  s.rule.speed = kSeedSpeed;
  s.rule.stencil = Stencil::Five;
  s.rule.stoneShape = StoneShape::Disc;
  s.waveSpeed = 60.0f * kSeedSpeed;
  s.look.refraction = 1.0f;
  s.look.lightStrength = 0.0f;
  s.look.heightShading = 0.0f;  // not the seeds' at all
  return s;
}

}  // namespace ripple

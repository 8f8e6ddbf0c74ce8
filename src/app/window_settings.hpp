#pragma once
// What the window's panel tunes and its settings file keeps: a scene's
// parameters (ripple/parameters.hpp names each: the rule, the look, the
// rain, the edges and wall kind, the grid scale, the wave speed and a
// click's stone) and the window's own tools' values.
#include "ripple/scene.hpp"
#include "ripple/water.hpp"

namespace ripple {

struct WindowSettings {
  Rule rule;
  Look look;
  // Off, at the rate the panel's switch starts it at; its weight is a click's stone's.
  Rain rain{0.15f, 2, 96.0f, 1, false};
  Edge leftRightEdges = Edge::Fixed;
  Edge topBottomEdges = Edge::Fixed;
  WallKind wallKind = WallKind::Reflecting;
  int gridScale = Scene{}.gridScale;    // the grid: the window / 2^gridScale
  float waveSpeed = Scene{}.waveSpeed;  // window pixels a second
  int stoneRadius = Scene{}.stoneRadius;

  // The window's own.
  bool vsync = true;
  int verifySteps = 60;           // steps the "Verify against CPU" button runs
  int brushSize = 10;             // wall, eraser and slow-water brush, window pixels across
  float slowWaterFactor = 0.5f;   // painted slow water's speed, a share of open water's
  float sourcePeriod = 24.0f;     // a placed source's period, steps
  float sourceAmplitude = 96.0f;  // and its amplitude (as a stone's depth)
};

// The brush's width, window pixels: 1 to this.
inline constexpr int kMaxBrushSize = 256;

// The settings' parameters as a scene's (its seed kept), and back.
void putParameters(const WindowSettings& settings, Scene& scene);
// `window`'s own values, and the scene's parameters.
WindowSettings settingsOf(const Scene& scene, const WindowSettings& window = WindowSettings{});

// The panel's "Seed values": the seeds' rule and look on `s`: damping 1/32,
// their speed (1/sqrt 2 cells a step, 60 steps a second on a grid of one
// cell a window pixel), four neighbours, discs, refraction 1, no light, no
// height shading. The rest (mode, stone size and weight, grid scale) is kept.
WindowSettings seedSettings(WindowSettings s = WindowSettings{});

}  // namespace ripple

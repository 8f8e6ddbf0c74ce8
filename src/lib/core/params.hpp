#pragma once
// The one set of a scene's parameters inside the library: their defaults
// and valid ranges, which the scene reader, the setters and parameters()
// check (the program reads them through parameters()).
#include <cstdint>
#include <sstream>
#include <string>

#include "common/value_text.hpp"
#include "core/water_world.hpp"
#include "ripple/scene.hpp"
#include "ripple/types.hpp"
#include "ripple/water.hpp"

namespace ripple {

// The seeds' wave speed: sum * 0.5 - prev is the wave equation with a
// Courant number C = 1/sqrt(2) cells a step (ripple/scene.hpp).
inline constexpr float kSeedCourant = kSeedSpeed;

struct Params {
  // Simulation (docs/rules.md).
  Mode mode = Mode::Float;
  // The defaults are chosen to show off (docs/window.md); seedValues()
  // below gives the seeds' own.
  float damping = 0.006f;           // fraction lost per step; the seeds: 1/32, their >> 5
  float courant = 0.8f;             // wave speed in cells a step; classic mode: the seeds' 1/sqrt(2)
  Stencil stencil = Stencil::Nine;  // classic mode: Five

  // Stones: discs of height -weight. The seeds use weights 32..128.
  int stoneRadius = 20;                        // in window pixels; converted to cells by simScale
  float stoneWeight = 96.0f;                   // height of the disc, negated
  StoneShape stoneShape = StoneShape::Smooth;  // classic mode: Disc

  // Rain: small stones at random places.
  bool rain = false;
  float rainRate = 0.15f;  // mean drops per simulation step
  int rainRadius = 2;      // cells

  // Rendering.
  float refraction = 2.0f;  // offset in pixels per unit of slope; classic forces 1; the seeds: 1
  float shading = 0.0f;     // seed 002's brightness from the slope; 1 = seed's value
  // Brightness from the height itself, as a wave tank's display shows it:
  // crests lighter, troughs darker, whichever way the waves run.
  float heightShading = 0.0f;
  // A light above the water: a specular highlight where the surface mirrors
  // it towards the viewer. Strength 0 is off (classic mode: off).
  float lightStrength = 1.0f;
  float lightAzimuth = 135.0f;   // degrees, 0 = from the right, 90 = from the top of the picture
  float lightElevation = 60.0f;  // degrees above the water

  // Pace: the simulation advances at a fixed rate, not once per frame, so the
  // water moves at the same speed on a 60 Hz and a 144 Hz display.
  // The window runs as many steps a second as it takes for waves to travel
  // this fast across the screen (window pixels a second), whatever the grid
  // scale and the speed in cells a step.
  float waveSpeed = 180.0f;
  int simScaleShift = 1;  // grid = window / 2^shift: seed 000's MeshSize (1, 2, 4)

  // The world's edges and walls.
  Edge leftRightEdges = Edge::Fixed;
  Edge topBottomEdges = Edge::Fixed;
  WallKind wallKind = WallKind::Reflecting;
};

// What the refraction pass needs to know, on the GPU and the CPU alike.
struct RefractionSettings {
  Mode mode = Mode::Float;
  float refraction = 1.0f;     // s; classic mode uses 1
  float shading = 0.0f;        // classic mode uses none
  float lightStrength = 0.0f;  // classic mode uses none
  float lightAzimuth = 135.0f;
  float lightElevation = 60.0f;
  float heightShading = 0.0f;  // classic mode uses none
};

inline RefractionSettings refractionSettings(const Params& p) {
  return {p.mode, p.refraction, p.shading, p.lightStrength, p.lightAzimuth, p.lightElevation, p.heightShading};
}

// Valid ranges, from the public ends (ripple/scene.hpp) where they have one.
namespace limits {
inline constexpr Range<float> damping{0.0f, 1.0f, false};
inline constexpr Range<int> stoneRadius{1, kMaxStoneRadius};
// Weights keep heights far below 2^24, where floats stop holding every
// integer and classic mode could no longer be exact.
inline constexpr Range<float> stoneWeight{-kMaxStoneWeight, kMaxStoneWeight};
inline constexpr Range<float> rainRate{0.0f, 16.0f};
inline constexpr Range<int> rainRadius{1, 16};
inline constexpr Range<float> refraction{0.0f, 8.0f};
inline constexpr Range<float> shading{0.0f, 4.0f};
inline constexpr Range<float> heightShading{0.0f, 16.0f};
inline constexpr Range<float> waveSpeed{1.0f, 4000.0f};  // window pixels a second
// The speed in cells a step: stable up to 1/sqrt(2) with four neighbours and
// sqrt(3)/2 with nine (a von Neumann analysis of the leapfrog step).
inline constexpr Range<float> courant{0.01f, kMaxSpeedNine};
inline constexpr float maxCourantFive = kSeedSpeed;
inline constexpr float maxCourantNine = kMaxSpeedNine;
inline constexpr Range<float> lightStrength{0.0f, 4.0f};
inline constexpr Range<float> lightAzimuth{0.0f, 360.0f};
inline constexpr Range<float> lightElevation{5.0f, 90.0f};
inline constexpr Range<int> simScaleShift{0, 2};
inline constexpr Range<int> verifySteps{1, kMaxVerifySteps};
// Slow water is never a wall (0) and at most open water: a speed factor of
// 1/255 to 1 (src/lib/core/tank_tools.hpp rounds it to whole 255ths).
inline constexpr Range<float> slowWaterFactor{kMinSlowWaterSpeed, 1.0f};
inline constexpr Range<float> sourcePeriod{static_cast<float>(kMinSourcePeriod), static_cast<float>(kMaxSourcePeriod)};
// A source's amplitude: a negative one starts with a trough.
inline constexpr Range<float> sourceAmplitude{-kMaxSourceAmplitude, kMaxSourceAmplitude};
inline constexpr Range<int> gridSide{1, kMaxGridSide};
// Every step clamps heights to this (the seeds' 16-bit range), on the GPU and
// the CPU alike: whatever the input, the water cannot grow without bound, and
// classic mode stays on whole numbers a float holds exactly.
inline constexpr float maxHeight = 32767.0f;
inline constexpr Range<float> height{-maxHeight, maxHeight};
inline constexpr Range<int> steps{0, kMaxSteps};
inline constexpr Range<int> rainSeed{0, static_cast<int>(kMaxRainSeed)};  // a scene's or --seed's
}  // namespace limits

inline float maxCourant(Stencil s) { return s == Stencil::Nine ? limits::maxCourantNine : limits::maxCourantFive; }

// `v` with `digits` significant digits.
inline std::string valueText(double v, int digits) {
  std::ostringstream s;
  s.precision(digits);
  s << v;
  return s.str();
}
// The significant digits (at least `fewest`) that tell `v` apart from
// `other`: "0.70710683 ... 0.70710677", not "0.707107 ... 0.707107".
inline int digitsToTellApart(double v, double other, int fewest = 6) {
  int digits = fewest;
  while (digits < 17 && valueText(v, digits) == valueText(other, digits)) ++digits;
  return digits;
}
inline std::string valueTextApart(double v, double other, int fewest = 6) {
  return valueText(v, digitsToTellApart(v, other, fewest));
}

// The one stability check of the speed in cells a step (the command line,
// scene files, the settings file and the library say it alike): empty when
// `courant` is stable with `stencil`, else why not; `askForNine` says how
// the nine-point stencil is asked for there ("--stencil 9").
inline std::string stabilityProblem(float courant, Stencil stencil, const std::string& askForNine) {
  const float limit = maxCourant(stencil);
  if (courant <= limit) return {};
  const bool nine = stencil == Stencil::Nine;
  return "'" + valueTextApart(courant, limit, 4) + "' is beyond the stability limit of the " + wordOf(stencil) +
         "-point stencil, " + valueTextApart(limit, courant, 4) + (nine ? " (sqrt 3 / 2)" : " (1/sqrt 2)") +
         (nine ? "" : "; " + askForNine + " runs up to 0.8660");
}

// The panel's "Seed values": the seeds' rule and look on the parameters `p`
// had: damping 1/32, their speed (1/sqrt(2) cells a step, 60 steps a second
// on a grid of one cell a window pixel), four neighbours, discs, refraction 1,
// no light, no height shading. The rest (mode, stone size and weight, grid scale) is kept.
inline Params seedValues(Params p = Params{}) {
  p.damping = 1.0f / 32.0f;
  p.courant = kSeedCourant;
  p.stencil = Stencil::Five;
  p.stoneShape = StoneShape::Disc;
  p.waveSpeed = 60.0f * kSeedCourant;
  p.refraction = 1.0f;
  p.lightStrength = 0.0f;
  p.heightShading = 0.0f;  // not the seeds' at all
  return p;
}

}  // namespace ripple

#pragma once
// What the step reads, as one value: built once from the parameters and
// handed to both implementations of the rule (the GPU's shaders and the CPU
// reference), so a new parameter of the rule is added here and nowhere else
// between the panel and the two steps.
#include <memory>

#include "core/params.hpp"
#include "core/water_world.hpp"

namespace ripple {

struct WaterRule {
  Mode mode = Mode::Float;
  float damping = 1.0f / 32.0f;
  float courant = kSeedCourant;  // wave speed in cells a step
  Stencil stencil = Stencil::Five;
  // Walls, slow water, edges and sources (water_world.hpp); none: the seeds'
  // pool, whose border is held at 0.
  std::shared_ptr<const WaterWorld> world = nullptr;

  // The seeds' own expression, floor(sum * 0.5) or sum * 0.5, minus prev:
  // classic mode always, and float mode with four neighbours at the seeds'
  // speed, so that those keep exactly the bits they always had.
  bool seedForm() const { return mode == Mode::Classic || (stencil == Stencil::Five && courant == kSeedCourant); }
  // Whether the world's per-cell coefficients shape the step (world_grid.hpp):
  // walls, slow water or edges other than fixed. Otherwise the plain step runs.
  bool worldForm() const { return world && world->shapesTheStep(); }
  // C^2, the weight of the Laplacian in next = 2 cur - prev + C^2 L.
  float courantSquared() const { return courant * courant; }
};

// The rule the parameters ask for. Classic mode is the seeds' integer rule:
// four neighbours at the seeds' speed, whatever the other settings say.
inline WaterRule waterRule(const Params& p) {
  if (p.mode == Mode::Classic) return {Mode::Classic, p.damping, kSeedCourant, Stencil::Five, nullptr};
  return {p.mode, p.damping, p.courant, p.stencil, nullptr};
}

// The stone shape the parameters ask for: classic mode drops the seeds' discs.
inline StoneShape stoneShape(const Params& p) { return p.mode == Mode::Classic ? StoneShape::Disc : p.stoneShape; }

}  // namespace ripple

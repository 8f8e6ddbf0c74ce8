#pragma once
// The one interface of the two implementations of the rules: the GPU's
// (GpuRipple, src/lib/sim/) and the CPU reference (CpuReference). The window, the
// headless runs, the verification and the tests all drive water through it,
// so whatever runs on one runs the same way on the other.
#include <string>
#include <vector>

#include "core/water_rule.hpp"
#include "core/water_state.hpp"
#include "core/world_grid.hpp"

namespace ripple {

class WaterSimulation {
 public:
  virtual ~WaterSimulation() = default;

  // The grid the step runs on: the visible grid and any absorbing layers.
  virtual int width() const = 0;
  virtual int height() const = 0;
  // Where the visible grid lies in it (world_grid.hpp).
  virtual GridLayout layout() const = 0;
  // Makes the rule's world the water's: the grid grows or shrinks by the
  // absorbing layers it asks for (the visible water stays where it is), the
  // cells it holds at 0 (walls, a fixed edge's border) are set to 0, and
  // stones dropped from then on leave those cells alone. step() does it too;
  // a world that has not changed costs nothing.
  virtual void prepareWorld(const WaterRule& rule) = 0;
  // The stone rule on `cur`, in the order given (a later stone wins where two
  // overlap), in cells of the grid the step runs on.
  virtual void dropStones(const std::vector<Stone>& stones) = 0;
  // One step of the rule, then prev <- cur, cur <- next.
  virtual void step(const WaterRule& rule) = 0;
  // Both fields at rest (0).
  virtual void reset() = 0;
  // Both fields, read (a GPU -> CPU copy on the GPU) or replaced.
  virtual WaterState readState() const = 0;
  virtual HeightField readCurrent() const = 0;
  virtual void writeState(const WaterState& state) = 0;
  // "cpu", or "gpu, fragment pass": which implementation, and how it steps.
  virtual std::string label() const = 0;
};

}  // namespace ripple

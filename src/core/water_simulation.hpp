#pragma once
// The one interface of the two implementations of the rules: the GPU's
// (GpuRipple, src/sim/) and the CPU reference (CpuReference). The window, the
// headless runs, the verification and the tests all drive water through it,
// so whatever runs on one runs the same way on the other.
#include <string>
#include <vector>

#include "core/water_rule.hpp"
#include "core/water_state.hpp"

namespace ripple {

class WaterSimulation {
 public:
  virtual ~WaterSimulation() = default;

  virtual int width() const = 0;
  virtual int height() const = 0;
  // The stone rule on `cur`, in the order given (a later stone wins where two
  // overlap).
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

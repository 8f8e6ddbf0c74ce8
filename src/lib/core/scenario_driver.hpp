#pragma once
// The one driver of the water: before each step the stones that fall (the
// scripted ones, then the rain) and the sources that sing, then one step of
// the rule, on every
// simulation given, in lockstep. The window, the headless runs, both
// verifications and the tests run water through it, so a scenario means the
// same everywhere.
#include <cstdint>
#include <utility>
#include <vector>

#include "core/rain.hpp"
#include "core/scenario.hpp"
#include "core/water_simulation.hpp"

namespace ripple {

// Rain as the parameters ask for it: on average `rate` drops a step, radius
// 1 to maxRadius cells.
struct RainSettings {
  float rate = 0.0f;
  int maxRadius = 2;
  float weight = 96.0f;
  StoneShape shape = StoneShape::Disc;
};

RainSettings rainSettings(const Params& params);

// The stones by which `source` sings before step `step` (it must be
// active), in cells of a visible grid of width x height: a disc of radius 1
// on each cell it moves, moved by the cell's share (WorldSource::cellsAt), those
// beyond the grid left out. `wholeCells`: classic mode's whole heights, the
// value rounded and a moving point on its nearest cell.
std::vector<Stone> sourceStones(const WorldSource& source, long long step, bool wholeCells, int width, int height);

class ScenarioDriver {
 public:
  // `drops`: stones at given steps, in cells; `seed`: the rain's.
  explicit ScenarioDriver(std::vector<TimedStone> drops = {}, std::uint64_t seed = 1);

  // The rule's world is made the water's (WaterSimulation::prepareWorld),
  // then the stones due before the next step (scripted, then rain) fall on
  // every simulation, then the world's sources set their cells. Call once
  // before each step: the rain is drawn here. Stones, rain and sources are in
  // cells of the visible grid.
  void dropStonesDue(const std::vector<WaterSimulation*>& water, const RainSettings& rain, const WaterRule& rule);
  // One step of the rule on every simulation.
  void step(const std::vector<WaterSimulation*>& water, const WaterRule& rule);
  // `steps` times: the stones due, then a step.
  void advance(const std::vector<WaterSimulation*>& water, int steps, const WaterRule& rule, const RainSettings& rain);

  long long stepsDone() const { return steps_; }
  // The rain from now on as `seed` rains it.
  void reseedRain(std::uint64_t seed) { rain_ = RainGenerator(seed); }
  // The scripted stones, and whether any is still to fall.
  const std::vector<TimedStone>& scriptedStones() const { return drops_; }
  // Other scripted stones (the same, brought to a resized grid); the steps
  // done and the rain go on.
  void setScriptedStones(std::vector<TimedStone> drops) { drops_ = std::move(drops); }
  bool scriptedStonesPending() const;

 private:
  std::vector<TimedStone> drops_;
  RainGenerator rain_;
  long long steps_ = 0;
  bool dueDropped_ = false;  // dropStonesDue ran for the step about to come
};

}  // namespace ripple

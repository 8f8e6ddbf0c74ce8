#include "core/scenario_driver.hpp"

namespace ripple {

RainSettings rainSettings(const Params& p) {
  return {p.rain ? p.rainRate : 0.0f, p.rainRadius, p.stoneWeight, stoneShape(p)};
}

ScenarioDriver::ScenarioDriver(std::vector<TimedStone> drops, std::uint64_t seed)
    : drops_(std::move(drops)), rain_(seed) {}

void ScenarioDriver::dropStonesDue(const std::vector<WaterSimulation*>& water, const RainSettings& rain) {
  if (water.empty()) return;
  std::vector<Stone> stones;
  for (const TimedStone& t : drops_)
    if (t.step == steps_) stones.push_back(t.stone);
  for (const Stone& s : rain_.dropsForStep(water.front()->width(), water.front()->height(), rain.rate,
                                           rain.maxRadius, rain.weight, rain.shape)) {
    stones.push_back(s);
  }
  for (WaterSimulation* w : water) w->dropStones(stones);
  dueDropped_ = true;
}

void ScenarioDriver::step(const std::vector<WaterSimulation*>& water, const WaterRule& rule) {
  for (WaterSimulation* w : water) w->step(rule);
  ++steps_;
  dueDropped_ = false;
}

void ScenarioDriver::advance(const std::vector<WaterSimulation*>& water, int steps, const WaterRule& rule,
                             const RainSettings& rain) {
  for (int i = 0; i < steps; ++i) {
    if (!dueDropped_) dropStonesDue(water, rain);
    step(water, rule);
  }
}

bool ScenarioDriver::scriptedStonesPending() const {
  for (const TimedStone& t : drops_)
    if (t.step >= steps_) return true;
  return false;
}

}  // namespace ripple

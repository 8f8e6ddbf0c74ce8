#include "core/scenario_driver.hpp"

#include <cmath>

namespace ripple {

RainSettings rainSettings(const Params& p) {
  return {p.rain ? p.rainRate : 0.0f, p.rainRadius, p.stoneWeight, stoneShape(p)};
}

ScenarioDriver::ScenarioDriver(std::vector<TimedStone> drops, std::uint64_t seed)
    : drops_(std::move(drops)), rain_(seed) {}

void ScenarioDriver::dropStonesDue(const std::vector<WaterSimulation*>& water, const RainSettings& rain,
                                   const WaterRule& rule) {
  if (water.empty()) return;
  for (WaterSimulation* w : water) w->prepareWorld(rule);
  const GridLayout layout = water.front()->layout();
  std::vector<Stone> stones;
  for (const TimedStone& t : drops_)
    if (t.step == steps_) stones.push_back(t.stone);
  for (const Stone& s : rain_.dropsForStep(layout.visibleWidth, layout.visibleHeight, rain.rate, rain.maxRadius,
                                           rain.weight, rain.shape)) {
    stones.push_back(s);
  }
  if (rule.world) {
    for (const Source& source : rule.world->sources) {
      if (!source.activeAt(steps_)) continue;
      float value = source.valueAt(steps_);
      if (rule.mode == Mode::Classic) value = std::nearbyint(value);  // whole heights
      // A disc of radius 1 is its one cell, moved by the cell's share (1:
      // assigned). A moving point's cells beyond the grid are left out.
      for (const SourceCell& c : source.cellsAt(steps_, rule.mode == Mode::Classic)) {
        if (c.x < 0 || c.y < 0 || c.x >= layout.visibleWidth || c.y >= layout.visibleHeight) continue;
        stones.push_back({c.x, c.y, 1, -value, StoneShape::Disc, c.share});
      }
    }
  }
  for (Stone& s : stones) {
    s.x += layout.left;
    s.y += layout.top;
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
    if (!dueDropped_) dropStonesDue(water, rain, rule);
    step(water, rule);
  }
}

bool ScenarioDriver::scriptedStonesPending() const {
  for (const TimedStone& t : drops_)
    if (t.step >= steps_) return true;
  return false;
}

}  // namespace ripple

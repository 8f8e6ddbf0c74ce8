#include "core/scenario_driver.hpp"

#include <cmath>

namespace ripple {

RainSettings rainSettings(const Params& p) {
  return {p.rain ? p.rainRate : 0.0f, p.rainRadius, p.stoneWeight, stoneShape(p)};
}

std::vector<Stone> sourceStones(const WorldSource& source, long long step, bool wholeCells, int width, int height) {
  float value = source.valueAt(step);
  if (wholeCells) value = std::nearbyint(value);
  std::vector<Stone> stones;
  for (const SourceCell& c : source.cellsAt(step, wholeCells)) {
    if (c.x < 0 || c.y < 0 || c.x >= width || c.y >= height) continue;
    stones.push_back({c.x, c.y, 1, -value, StoneShape::Disc, c.share});
  }
  return stones;
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
    for (const WorldSource& source : rule.world->sources) {
      if (!source.activeAt(steps_)) continue;
      const std::vector<Stone> singing =
          sourceStones(source, steps_, rule.mode == Mode::Classic, layout.visibleWidth, layout.visibleHeight);
      stones.insert(stones.end(), singing.begin(), singing.end());
    }
  }
  // Into the field's cells, past the layers before the visible grid. A
  // scene's stone may lie at any int, so one that touches no cell of the
  // field is left out before its sum could overflow.
  const int fieldWidth = water.front()->width(), fieldHeight = water.front()->height();
  std::vector<Stone> inField;
  for (Stone s : stones) {
    const long long x = 1LL * s.x + layout.left, y = 1LL * s.y + layout.top;
    if (x + s.radius < 0 || y + s.radius < 0 || x - s.radius >= fieldWidth || y - s.radius >= fieldHeight) continue;
    s.x = static_cast<int>(x);
    s.y = static_cast<int>(y);
    inField.push_back(s);
  }
  for (WaterSimulation* w : water) w->dropStones(inField);
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

#pragma once
// The rules (docs/rules.md) on the CPU: stones, the step in float and classic
// mode, and the refraction render. No GL here: this is what the GPU is checked
// against, so it is written for clarity and exactness first.
#include <cstdint>
#include <optional>
#include <vector>

#include "core/image.hpp"
#include "core/params.hpp"
#include "core/water_simulation.hpp"

namespace ripple {

class CpuReference final : public WaterSimulation {
 public:
  CpuReference(int width, int height);

  int width() const override { return state_.width(); }
  int height() const override { return state_.height(); }
  GridLayout layout() const override { return layout_; }
  void prepareWorld(const WaterRule& rule) override;
  // The stone rule on `cur`, clipped at the grid's edges; cells the world
  // holds at 0 are left alone.
  void dropStone(const Stone& stone);
  void dropStones(const std::vector<Stone>& stones) override;
  // One step of the rule for every cell not on the border ring, then
  // prev <- cur, cur <- next. Rows are split over `threads` workers.
  void step(const WaterRule& rule) override;
  void reset() override;

  const WaterState& state() const { return state_; }
  // Replaces the state, e.g. with one read back from the GPU.
  void setState(WaterState state);
  WaterState readState() const override { return state_; }
  HeightField readCurrent() const override { return state_.cur; }
  void writeState(const WaterState& state) override { setState(state); }
  std::string label() const override { return "cpu"; }

  void setThreadCount(int threads) { threads_ = threads < 1 ? 1 : threads; }
  // The world's walls and slow water as the render shows them (tank_look.hpp);
  // null when the world prepared has none.
  const Picture* tankLook() const { return tankLook_ ? &*tankLook_ : nullptr; }

 private:
  void stepWorld(const WaterRule& rule, const WorldCoefficients& world);
  void stepOneWayRing(const WaterRule& rule, const WorldCoefficients& world);

  WaterState state_;
  HeightField next_;  // scratch for the step; becomes `prev` by the rotation
  int threads_ = 1;
  GridLayout layout_;
  WorldCoefficientsCache worldCache_;
  const WorldCoefficients* world_ = nullptr;  // the world prepared; null: the plain pool
  long worldRevision_ = -1;
  std::optional<Picture> tankLook_;
};

// The stone rule alone, on any field; the cells `world` holds at 0 are left
// alone.
void applyStone(HeightField& field, const Stone& stone, const WorldCoefficients* world = nullptr);
// A smooth stone's share p at distance sqrt(distanceSquared) from its centre:
// (1 + cos(pi d / r)) / 2, 1 at the centre, 0 at the rim.
float smoothStoneProfile(long long distanceSquared, int radius);

// The render rule: pixel (x, y) shows `picture` at
// (x + s*(h[x-1,y] - h[x+1,y]), y + s*(h[x,y-1] - h[x,y+1])). Classic mode:
// s = 1, nearest pixel, and a sample outside the picture shows the unshifted
// pixel. Float mode: bilinear, clamped to the edge, plus seed 002's shading.
// The frame is the picture's size; when the grid is coarser (simulation scale
// 1/2, 1/4) the slope is interpolated between the four cells around each
// pixel and scaled from cells to pixels, as the GPU does.
// `layout`: where the visible grid lies in `heights` (absorbing layers around
// it); none: all of it is visible. `tank`: the world's walls and slow water
// (tank_look.hpp), drawn over the water; none: open water.
Picture renderRefraction(const HeightField& heights, const Picture& picture, const RefractionSettings& settings,
                         const GridLayout* layout = nullptr, const Picture* tank = nullptr);

}  // namespace ripple

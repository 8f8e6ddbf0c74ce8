// ripple::Water's wave tank (include/ripple/water.hpp): each edit goes into
// the tank's options, from which the world is built anew as the command
// line builds its own, and the water takes it at the next call.
#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <limits>

#include "api/scene_values.hpp"
#include "api/water_state.hpp"
#include "core/tank_tools.hpp"
#include "core/world_grid.hpp"

namespace ripple {
namespace {

// The tank's sources in the order addSource() gave them: all kept in one list.
std::vector<WorldSource>& sourcesOf(WorldOptions& tank) { return tank.sources; }

// Each source of `given` that is one of `before` as it was, that one: so
// that a source given back keeps what it is doing (a glide) and where it
// came from (added while the water ran), wherever it now stands in the list.
void keepRunningSources(std::vector<WorldSource>& given, std::vector<WorldSource> before) {
  for (WorldSource& source : given) {
    const auto same = std::find_if(before.begin(), before.end(),
                                   [&](const WorldSource& b) { return sourceOf(b) == sourceOf(source); });
    if (same == before.end()) continue;
    source = *same;
    before.erase(same);  // two equal sources keep one each
  }
}

}  // namespace

void Water::State::rebuildWorld() {
  const bool none = !tankAsked(tank, params) && cellSpeeds.empty();
  if (none) {
    world.reset();
    return;
  }
  if (tankGrid.first == 0) tankGrid = grid();
  WaterWorld made = buildWorld(tank, params, tankGrid.first, tankGrid.second, cellSpeeds);
  if (tankGrid != grid()) made = resampledWorld(made, grid().first, grid().second);
  world = std::make_shared<const WaterWorld>(std::move(made));
}

void Water::State::requireGridFits(int w, int h, Edge leftRight, Edge topBottom) const {
  if (!gpu) return;
  WaterWorld edges(w, h);  // what the layout reads of it
  edges.leftRightEdges = leftRight;
  edges.topBottomEdges = topBottom;
  const GridLayout layout = gridLayout(&edges, w, h);
  GpuRipple::requireFieldsFit(layout.width(), layout.height());
}

void scaleTank(WorldOptions& tank, std::pair<int, int> from, std::pair<int, int> to) {
  const int fromW = from.first, fromH = from.second;  // not bindings: C++17 lambdas cannot capture those
  const int toW = to.first, toH = to.second;
  auto x = [&](int v) { return scaledCell(v, fromW, toW); };
  auto y = [&](int v) { return scaledCell(v, fromH, toH); };
  for (WallSegment& w : tank.walls) w = {x(w.x0), y(w.y0), x(w.x1), y(w.y1), w.thickness};
  for (MediumRegion& m : tank.media) {
    for (auto& [cx, cy] : m.corners) cx = x(cx), cy = y(cy);
    m.centreX = x(m.centreX);
    m.centreY = y(m.centreY);
    m.radius = std::max(1, m.radius * toW / std::max(1, fromW));
  }
  for (auto* list : {&tank.sources, &tank.lineSources, &tank.movingSources})
    for (WorldSource& s : *list) s.x0 = x(s.x0), s.y0 = y(s.y0), s.x1 = x(s.x1), s.y1 = y(s.y1);
}

void Water::State::rebaseTank() {
  const auto [fromW, fromH] = tankGrid.first == 0 ? grid() : tankGrid;
  const auto [toW, toH] = grid();
  tankGrid = grid();
  if (fromW == toW && fromH == toH) return;
  scaleTank(tank, {fromW, fromH}, {toW, toH});
  if (!cellSpeeds.empty()) {
    std::vector<CellSpeed> resampled(static_cast<size_t>(toW) * toH);
    for (int j = 0; j < toH; ++j)
      for (int i = 0; i < toW; ++i)
        resampled[static_cast<size_t>(j) * toW + i] =
            cellSpeeds[static_cast<size_t>(scaledCell(j, toH, fromH)) * fromW + scaledCell(i, toW, fromW)];
    cellSpeeds = std::move(resampled);
  }
}

void Water::State::bakeCells() {
  rebaseTank();
  const auto [w, h] = grid();
  std::vector<CellSpeed> cells(static_cast<size_t>(w) * h, kOpenWater);
  if (world)
    for (int y = 0; y < h; ++y)
      for (int x = 0; x < w; ++x) cells[static_cast<size_t>(y) * w + x] = world->speedAt(x, y);
  cellSpeeds = std::move(cells);
  tank.clearCells();
}

void Water::paint(int x0, int y0, int x1, int y1, int thickness, float speedFactor) {
  usableState(state_, "paint");
  requireIn("paint thickness", thickness, limits::wallThickness);
  requireSpeedFactor("paint", speedFactor);
  State& s = *state_;
  s.bakeCells();
  const auto [w, h] = s.grid();
  WaterWorld canvas(w, h);
  canvas.speed = std::move(s.cellSpeeds);
  paintStroke(canvas, x0, y0, x1, y1, thickness, cellSpeedOf(speedFactor));
  s.cellSpeeds = std::move(canvas.speed);
  s.rebuildWorld();
}

std::vector<float> Water::cellSpeeds() const {
  usableState(state_, "cellSpeeds");
  const auto [w, h] = state_->grid();
  std::vector<float> factors(static_cast<size_t>(w) * h, 1.0f);
  if (const WaterWorld* world = state_->world.get())
    for (int y = 0; y < h; ++y)
      for (int x = 0; x < w; ++x) factors[static_cast<size_t>(y) * w + x] = world->speedAt(x, y) / 255.0f;
  return factors;
}

std::size_t Water::addSource(const Source& source) {
  usableState(state_, "addSource");
  const auto [w, h] = state_->grid();
  requireSourceOn(source, w, h);
  WorldSource s = worldSourceOf(source);
  // One added while the water runs sings from a saved scene's start.
  s.addedWhileRunning = s.start <= state_->driver.stepsDone();
  state_->rebaseTank();
  // The three lists of the command line hold the three forms; one list keeps
  // the order addSource() gave.
  sourcesOf(state_->tank).push_back(s);
  state_->rebuildWorld();
  return sourcesOf(state_->tank).size() - 1;
}

void Water::State::requireSource(std::size_t index) const {
  if (index >= tank.sources.size()) {
    throw Error("source: there is no source " + std::to_string(index) + " (there are " +
                std::to_string(tank.sources.size()) + ")");
  }
}

void Water::removeSource(std::size_t index) {
  usableState(state_, "removeSource");
  state_->requireSource(index);
  std::vector<WorldSource>& sources = sourcesOf(state_->tank);
  sources.erase(sources.begin() + static_cast<long>(index));
  state_->rebuildWorld();
}

std::optional<std::size_t> sourceNear(const std::vector<Source>& sources, int x, int y, int reach) {
  const auto onAnyGrid = [](int v) { return v >= kMinPosition && v <= kMaxPosition; };
  std::optional<std::size_t> nearest;
  long long best = std::numeric_limits<long long>::max();
  for (std::size_t i = 0; i < sources.size(); ++i) {
    const Source& s = sources[i];
    if (!onAnyGrid(s.x0) || !onAnyGrid(s.y0) || !onAnyGrid(s.x1) || !onAnyGrid(s.y1))
      throw Error("sourceNear: source " + std::to_string(i) + " from (" + std::to_string(s.x0) + ", " +
                  std::to_string(s.y0) + ") to (" + std::to_string(s.x1) + ", " + std::to_string(s.y1) +
                  ") has a cell beyond " + std::to_string(kMinPosition) + " to " + std::to_string(kMaxPosition));
    for (const auto& [cx, cy] : lineCells(s.x0, s.y0, s.x1, s.y1)) {
      // In long long: (x, y) may be any int, however far off the grid.
      const long long d = std::max(std::llabs(1LL * cx - x), std::llabs(1LL * cy - y));
      if (d <= reach && d < best) {
        best = d;
        nearest = i;
      }
    }
  }
  return nearest;
}

void Water::moveSource(std::size_t index, int x, int y, int glideSteps) {
  usableState(state_, "moveSource");
  State& s = *state_;
  s.requireSource(index);
  if (glideSteps < 0) throw Error("moveSource: glideSteps is " + std::to_string(glideSteps) + "; it must be 0 or more");
  s.rebaseTank();
  const auto [w, h] = s.grid();
  WaterWorld moved(w, h);  // the tools need its size and its sources
  moved.sources = std::move(s.tank.sources);
  if (glideSteps > 0) {
    glideSource(moved, index, x, y, s.driver.stepsDone(), glideSteps);
  } else {
    ripple::moveSource(moved, index, x, y);
    stopGliding(moved, index);
  }
  s.tank.sources = std::move(moved.sources);
  s.rebuildWorld();
}

std::vector<Source> Water::sources() const {
  usableState(state_, "sources");
  std::vector<Source> out;
  if (!state_->world) return out;
  for (const WorldSource& s : state_->world->sources) out.push_back(sourceOf(s));
  return out;
}

Tank Water::State::tankOn(std::pair<int, int> frame) const {
  WorldOptions shapes = tank;
  const std::pair<int, int> from = tankGrid.first == 0 ? grid() : tankGrid;
  scaleTank(shapes, from, frame);
  Tank out = tankOf(shapes, params);
  if (!cellSpeeds.empty()) {
    // Painted cells: the world's every cell, which holds the shapes too.
    out.walls.clear();
    out.slowWater.clear();
    out.wallsPicture.clear();
    out.slowWaterPicture.clear();
    const auto [w, h] = grid();
    std::vector<CellSpeed> cells(static_cast<size_t>(frame.first) * frame.second, kOpenWater);
    if (world)
      for (int y = 0; y < frame.second; ++y)
        for (int x = 0; x < frame.first; ++x)
          cells[static_cast<size_t>(y) * frame.first + x] =
              world->speedAt(scaledCell(x, frame.first, w), scaledCell(y, frame.second, h));
    out.cellSpeeds = speedFactorsOf(cells);
  }
  return out;
}

void Water::State::putTankOn(const Tank& t, std::pair<int, int> frame) {
  requireTankOn(t, frame.first, frame.second);
  std::vector<WorldSource> before = std::move(tank.sources);
  putTank(t, tank, params);
  keepRunningSources(tank.sources, std::move(before));
  for (WallSegment& wall : tank.walls) wall = *wallWithinReach(wall, frame.first, frame.second);
  cellSpeeds = cellSpeedsOf(t.cellSpeeds);
  tankGrid = frame;
  rebuildWorld();
  requireGridFits(grid().first, grid().second);  // absorbing edges add layers
}

void Water::setTank(const Tank& tank) {
  State& s = usableState(state_, "setTank");
  s.editTank([&] { s.putTankOn(tank, s.grid()); });
}

Tank Water::tank() const {
  const State& s = usableState(state_, "tank");
  return s.tankOn(s.grid());
}

}  // namespace ripple

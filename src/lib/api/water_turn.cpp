// ripple::Water::quarterTurn (include/ripple/water.hpp): the water turned a
// quarter as it is, so that a phone turned on its side keeps its experiment
// and its waves rather than starting them again or stretching them.
#include <memory>
#include <tuple>
#include <utility>
#include <vector>

#include "api/quarter_turn.hpp"
#include "api/water_state.hpp"
#include "core/cpu_reference.hpp"

namespace ripple {
namespace {

// The sources, in cells of a grid of `at`'s size, turned.
void turnSources(WorldOptions& tank, const QuarterTurn& at) {
  for (auto* list : {&tank.sources, &tank.lineSources, &tank.movingSources}) {
    for (WorldSource& s : *list) {
      at.turnEnds(s);
      if (s.glide) std::tie(s.glide->fromX, s.glide->fromY) = at(s.glide->fromX, s.glide->fromY);
    }
  }
}

// `field` of layout `from` turned onto a field of layout `to`, the turned
// layout: each cell, absorbing layers included, to where the turn takes it
// relative to the visible grid. The layers' padding differs across and down
// (world_grid.cpp), so a padding cell may fall off, and one come in still.
HeightField turnedField(const HeightField& field, const GridLayout& from, const GridLayout& to, Turn turn) {
  const QuarterTurn at{from.visibleWidth, from.visibleHeight, turn};
  HeightField out(to.width(), to.height());
  for (int y = 0; y < field.height; ++y) {
    for (int x = 0; x < field.width; ++x) {
      const auto [tx, ty] = at(x - from.left, y - from.top);
      const int ox = tx + to.left, oy = ty + to.top;
      if (ox >= 0 && oy >= 0 && ox < out.width && oy < out.height) out.at(ox, oy) = field.at(x, y);
    }
  }
  return out;
}

// The tank turned on its grid: walls and slow water as the cells they are
// (a shape's cells turned are not always the turned shape's: a polygon's
// side, a line's stairs, a brush of even width; and a tank's pictures are
// files of the grid's size), the sources as points and lines, the edges'
// pairs swapped. Reading the cells is the one part that may refuse (a
// picture gone since), so it comes first.
void turnTank(Water::State& s, Turn turn) {
  const WorldOptions& shapes = s.tank;
  if (!shapes.walls.empty() || !shapes.media.empty() || !shapes.wallsPicture.empty() || !shapes.mediumPicture.empty())
    s.editTank([&] { s.bakeCells(); });
  const std::pair<int, int> tankGrid = s.tankGrid.first == 0 ? s.grid() : s.tankGrid;
  const QuarterTurn onTankGrid{tankGrid.first, tankGrid.second, turn};
  turnSources(s.tank, onTankGrid);
  if (!s.cellSpeeds.empty()) s.cellSpeeds = onTankGrid.grid(s.cellSpeeds);
  s.tankGrid = {tankGrid.second, tankGrid.first};
  std::swap(s.params.leftRightEdges, s.params.topBottomEdges);
}

// The scene's stones still to fall, kept in its frame's pixels, and its frame.
void turnSceneStones(Water::State& s, Turn turn) {
  if (s.scene.frameWidth == 0) return;  // no scene loaded: no stones
  const QuarterTurn onFrame{s.scene.frameWidth, s.scene.frameHeight, turn};
  for (TimedStone& t : s.sceneStones) std::tie(t.stone.x, t.stone.y) = onFrame(t.stone.x, t.stone.y);
  std::swap(s.scene.frameWidth, s.scene.frameHeight);
}

}  // namespace

void Water::quarterTurn(Turn turn) {
  State& s = usableState(state_, "quarterTurn");
  const KeepGlStateIfGpu keep(s);
  const auto [w, h] = s.grid();
  // The layers' padding is not the same across as down (world_grid.cpp), so
  // the turned grid may not fit the GPU's textures where this one does.
  s.requireGridFits(h, w, s.params.topBottomEdges, s.params.leftRightEdges);
  s.takeUpWorld();  // a tank set since the last step, as the water turned will have it
  const GridLayout layout = s.water().layout();
  const WaterState before = s.water().readState();

  turnTank(s, turn);
  turnSceneStones(s, turn);

  if (s.cpu)
    s.cpu = std::make_unique<CpuReference>(h, w);
  else
    s.gpu->resize(h, w);
  s.rebuildWorld();
  s.driver.setScriptedStones(s.sceneStonesOnGrid());
  WaterSimulation& water = s.water();
  s.takeUpWorld();  // its layers
  const GridLayout turned = water.layout();
  WaterState after;
  after.cur = turnedField(before.cur, layout, turned, turn);
  after.prev = turnedField(before.prev, layout, turned, turn);
  water.writeState(after);
}

}  // namespace ripple

// A scene turned a quarter (include/ripple/scene.hpp): so that an
// experiment laid out across a landscape frame stands upright on a portrait
// grid instead of being stretched onto it.
#include <tuple>
#include <utility>
#include <vector>

#include "api/quarter_turn.hpp"
#include "api/scene_values.hpp"
#include "api/water_state.hpp"

namespace ripple {
namespace {

// The frame's cells as the water would build them, shapes and pictures
// together: a tank's pictures are files of the frame's size, read here so
// that they can turn with the rest.
std::vector<float> frameCells(const Scene& scene) {
  Params params = paramsOf(scene);
  Tank cells = scene.tank;
  cells.sources.clear();  // the cells alone
  WorldOptions shapes;
  putTank(cells, shapes, params);
  const WaterWorld world =
      buildWorld(shapes, params, scene.frameWidth, scene.frameHeight, cellSpeedsOf(scene.tank.cellSpeeds));
  std::vector<CellSpeed> speeds(static_cast<size_t>(scene.frameWidth) * scene.frameHeight);
  for (int y = 0; y < scene.frameHeight; ++y)
    for (int x = 0; x < scene.frameWidth; ++x)
      speeds[static_cast<size_t>(y) * scene.frameWidth + x] = world.speedAt(x, y);
  return speedFactorsOf(speeds);
}

}  // namespace

Scene quarterTurned(const Scene& scene, Turn turn) {
  if (scene.frameWidth == 0 && scene.frameHeight == 0) {
    throw Error("quarterTurned: the scene has no frame (0 x 0), so nothing says where its middle is: give its size");
  }
  requireScene(scene, {scene.frameWidth, scene.frameHeight});
  const QuarterTurn at{scene.frameWidth, scene.frameHeight, turn};
  Scene out = scene;
  Tank& tank = out.tank;
  if (!tank.wallsPicture.empty() || !tank.slowWaterPicture.empty()) {
    tank.clearCells();
    tank.cellSpeeds = frameCells(scene);  // the walls and slow water drawn in them too
  }
  if (!tank.cellSpeeds.empty()) tank.cellSpeeds = at.grid(tank.cellSpeeds);
  std::swap(out.frameWidth, out.frameHeight);
  std::swap(tank.leftRightEdges, tank.topBottomEdges);
  for (Wall& w : tank.walls) at.turnWall(w);
  for (SlowWater& s : tank.slowWater) at.turnRegion(s);
  for (Source& s : tank.sources) at.turnEnds(s);
  for (ScheduledStone& s : out.stones) std::tie(s.stone.x, s.stone.y) = at(s.stone.x, s.stone.y);
  return out;
}

std::optional<Turn> turnToFit(const Scene& scene, int width, int height) {
  requireIn("turnToFit width", width, limits::gridSide);
  requireIn("turnToFit height", height, limits::gridSide);
  const bool frameAcross = scene.frameWidth > scene.frameHeight, frameUpright = scene.frameWidth < scene.frameHeight;
  if (frameAcross && width < height) return Turn::Clockwise;
  if (frameUpright && width > height) return Turn::Anticlockwise;
  return std::nullopt;
}

}  // namespace ripple

// A scene turned a quarter (include/ripple/scene.hpp): so that an
// experiment laid out across a landscape frame stands upright on a portrait
// grid instead of being stretched onto it.
#include <algorithm>
#include <tuple>
#include <utility>
#include <vector>

#include "api/scene_values.hpp"
#include "api/water_state.hpp"

namespace ripple {
namespace {

// Where a pixel (x, y) of a width x height frame lies in the turned frame,
// whose width is `height`: clockwise the left side comes to the top. In
// long long, then held within the positions a scene may hold, so that a
// stone however far off the frame stays off it without overflowing.
struct QuarterTurn {
  int width, height;
  Turn turn;
  std::pair<int, int> operator()(int x, int y) const {
    const long long tx = turn == Turn::Clockwise ? height - 1LL - y : y;
    const long long ty = turn == Turn::Clockwise ? x : width - 1LL - x;
    return {held(tx), held(ty)};
  }
  static int held(long long v) { return static_cast<int>(std::clamp<long long>(v, kMinPosition, kMaxPosition)); }
};

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

std::vector<float> turnedCells(const std::vector<float>& cells, const QuarterTurn& at) {
  std::vector<float> out(cells.size());
  for (int y = 0; y < at.height; ++y) {
    for (int x = 0; x < at.width; ++x) {
      const auto [tx, ty] = at(x, y);
      out[static_cast<size_t>(ty) * at.height + tx] = cells[static_cast<size_t>(y) * at.width + x];
    }
  }
  return out;
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
  if (!tank.cellSpeeds.empty()) tank.cellSpeeds = turnedCells(tank.cellSpeeds, at);
  std::swap(out.frameWidth, out.frameHeight);
  std::swap(tank.leftRightEdges, tank.topBottomEdges);
  for (Wall& w : tank.walls) {
    std::tie(w.x0, w.y0) = at(w.x0, w.y0);
    std::tie(w.x1, w.y1) = at(w.x1, w.y1);
  }
  for (SlowWater& s : tank.slowWater) {
    for (auto& [x, y] : s.corners) std::tie(x, y) = at(x, y);
    std::tie(s.centreX, s.centreY) = at(s.centreX, s.centreY);
  }
  for (Source& s : tank.sources) {
    std::tie(s.x0, s.y0) = at(s.x0, s.y0);
    std::tie(s.x1, s.y1) = at(s.x1, s.y1);
  }
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

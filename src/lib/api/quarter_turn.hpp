#pragma once
// A quarter turn of a width x height grid or frame, as ripple::Turn names
// it on the screen: clockwise the left side comes to the top. Scenes
// (scene_turn.cpp) and waters (water_turn.cpp) turn their positions and
// cells with it.
#include <algorithm>
#include <tuple>
#include <utility>
#include <vector>

#include "ripple/scene.hpp"

namespace ripple {

struct QuarterTurn {
  int width, height;  // before the turn
  Turn turn;

  // Where (x, y) lies in the turned frame, whose width is `height`. In long
  // long, then held within the positions a scene may hold, so that a stone
  // however far off the frame stays off it without overflowing.
  std::pair<int, int> operator()(int x, int y) const {
    const long long tx = turn == Turn::Clockwise ? height - 1LL - y : y;
    const long long ty = turn == Turn::Clockwise ? x : width - 1LL - x;
    return {held(tx), held(ty)};
  }
  // A position between cells (a gliding source's), turned alike.
  std::pair<double, double> operator()(double x, double y) const {
    return turn == Turn::Clockwise ? std::pair(height - 1.0 - y, x) : std::pair(y, width - 1.0 - x);
  }
  // A wall's or a source's two ends, and a region's corners and centre, in
  // place: the scene's parts and the water's own have the same fields.
  template <typename Line>
  void turnEnds(Line& line) const {
    std::tie(line.x0, line.y0) = (*this)(line.x0, line.y0);
    std::tie(line.x1, line.y1) = (*this)(line.x1, line.y1);
  }
  // A wall's square brush of even thickness reaches one cell further back
  // than forward (water_world.cpp's paintWall), so its line moves a cell
  // along the axis the turn reverses, to cover the cells turned.
  template <typename Wall>
  void turnWall(Wall& wall) const {
    turnEnds(wall);
    if (wall.thickness % 2 != 0) return;
    int& x0 = turn == Turn::Clockwise ? wall.x0 : wall.y0;
    int& x1 = turn == Turn::Clockwise ? wall.x1 : wall.y1;
    x0 = held(x0 + 1LL);
    x1 = held(x1 + 1LL);
  }
  template <typename Region>
  void turnRegion(Region& region) const {
    for (auto& [x, y] : region.corners) std::tie(x, y) = (*this)(x, y);
    std::tie(region.centreX, region.centreY) = (*this)(region.centreX, region.centreY);
  }
  static int held(long long v) { return static_cast<int>(std::clamp<long long>(v, kMinPosition, kMaxPosition)); }

  // A whole grid of values, row-major, the top row first, turned.
  template <typename T>
  std::vector<T> grid(const std::vector<T>& cells) const {
    std::vector<T> out(cells.size());
    for (int y = 0; y < height; ++y) {
      for (int x = 0; x < width; ++x) {
        const auto [tx, ty] = (*this)(x, y);
        out[static_cast<size_t>(ty) * height + tx] = cells[static_cast<size_t>(y) * width + x];
      }
    }
    return out;
  }
};

}  // namespace ripple

#include "core/tank_tools.hpp"

#include <algorithm>
#include <cmath>

namespace ripple {

CellSpeed slowWaterSpeed(float factor) {
  const float v = std::isfinite(factor) ? std::round(255.0f * factor) : 255.0f;
  return static_cast<CellSpeed>(std::clamp(v, 1.0f, 255.0f));
}

void paintStroke(WaterWorld& world, int x0, int y0, int x1, int y1, int thickness, CellSpeed value) {
  paintWall(world, {x0, y0, x1, y1, std::max(1, thickness)}, value);
  world.closeDiagonalGaps();
}

int scaledCell(int i, int from, int to) {
  const int cell = static_cast<int>(std::floor((i + 0.5) * to / std::max(1, from)));
  return std::clamp(cell, 0, std::max(0, to - 1));
}

WaterWorld resampledWorld(const WaterWorld& world, int width, int height) {
  WaterWorld out(width, height);
  out.wallKind = world.wallKind;
  out.leftRightEdges = world.leftRightEdges;
  out.topBottomEdges = world.topBottomEdges;
  if (!world.speed.empty()) {
    for (int y = 0; y < height; ++y)
      for (int x = 0; x < width; ++x)
        out.setSpeed(x, y, world.speedAt(scaledCell(x, width, world.width), scaledCell(y, height, world.height)));
    // Where the grid shrinks, nearest-neighbour sampling skips old cells: a
    // thin wall could vanish or break. Every old wall cell walls the new cell
    // that holds its centre.
    for (int y = 0; y < world.height; ++y)
      for (int x = 0; x < world.width; ++x)
        if (world.isWall(x, y))
          out.setSpeed(scaledCell(x, world.width, width), scaledCell(y, world.height, height), kWallCell);
    out.closeDiagonalGaps();
  }
  for (WorldSource s : world.sources) {
    s.x0 = scaledCell(s.x0, world.width, width);
    s.x1 = scaledCell(s.x1, world.width, width);
    s.y0 = scaledCell(s.y0, world.height, height);
    s.y1 = scaledCell(s.y1, world.height, height);
    s.glide.reset();  // its path lies on the old grid: the drag's next move starts a new one
    out.sources.push_back(s);
  }
  return out;
}

void addSource(WaterWorld& world, int x, int y, double period, float amplitude, long long start) {
  WorldSource s;
  s.x0 = s.x1 = std::clamp(x, 0, std::max(0, world.width - 1));
  s.y0 = s.y1 = std::clamp(y, 0, std::max(0, world.height - 1));
  s.period = std::max(period, kMinSourcePeriod);
  s.amplitude = std::clamp(amplitude, -kMaxSourceAmplitude, kMaxSourceAmplitude);
  s.start = start;
  s.addedWhileRunning = true;
  world.sources.push_back(s);
}

void moveSource(WaterWorld& world, std::size_t index, int x, int y) {
  if (index >= world.sources.size()) return;
  WorldSource& s = world.sources[index];
  // The shift that puts the first cell at (x, y), cut so that both ends stay
  // on the grid.
  const int left = std::min(s.x0, s.x1), right = std::max(s.x0, s.x1);
  const int top = std::min(s.y0, s.y1), bottom = std::max(s.y0, s.y1);
  const auto shift = [](long long to, int from, int lowest, int highest) {
    return static_cast<int>(std::clamp(to - from, 1LL * lowest, 1LL * std::max(lowest, highest)));
  };
  const int dx = shift(x, s.x0, -left, world.width - 1 - right);
  const int dy = shift(y, s.y0, -top, world.height - 1 - bottom);
  s.x0 += dx;
  s.x1 += dx;
  s.y0 += dy;
  s.y1 += dy;
}

void glideSource(WaterWorld& world, std::size_t index, int x, int y, long long now, long long steps) {
  if (index >= world.sources.size()) return;
  WorldSource& s = world.sources[index];
  const auto [fromX, fromY] = s.placeAt(now);
  moveSource(world, index, x, y);
  s.glide = WorldSource::Glide{fromX, fromY, now, now + std::max(steps, 1LL)};
}

void stopGliding(WaterWorld& world, std::size_t index) {
  if (index < world.sources.size()) world.sources[index].glide.reset();
}

}  // namespace ripple

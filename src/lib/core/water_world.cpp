#include "core/water_world.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <limits>

namespace ripple {

float WorldSource::valueAt(long long step) const {
  const double t = static_cast<double>(step - start);
  constexpr double kTwoPi = 6.283185307179586;
  // The envelope: a raised cosine from 0 to 1 over the first period, and
  // from 1 to 0 over the last period before the end.
  double envelope = 1.0;
  if (t < period) envelope = 0.5 - 0.5 * std::cos(kTwoPi / 2.0 * t / period);
  if (end) {
    const double left = static_cast<double>(*end - step);  // steps still to sing, this one included
    if (left < period) envelope = std::min(envelope, 0.5 - 0.5 * std::cos(kTwoPi / 2.0 * (left - 1.0) / period));
  }
  return static_cast<float>(amplitude * envelope * std::sin(kTwoPi * t / period));
}

std::pair<double, double> WorldSource::placeAt(long long step) const {
  // How far along a path that starts at step t0 and ends at t1.
  auto along = [step](long long t0, long long t1) {
    return t1 <= t0 ? 1.0 : std::clamp(static_cast<double>(step - t0) / static_cast<double>(t1 - t0), 0.0, 1.0);
  };
  if (moving && end && *end > start) {
    const double a = along(start, *end);
    return {x0 + a * (x1 - x0), y0 + a * (y1 - y0)};
  }
  if (glide) {
    const double a = along(glide->from, glide->to);
    return {glide->fromX + a * (x0 - glide->fromX), glide->fromY + a * (y0 - glide->fromY)};
  }
  return {x0, y0};
}

namespace {

// The cells within kMovingSourceRadius of (px, py), each with the raised
// cosine of its distance.
template <typename Visit>
void spreadAround(double px, double py, Visit visit) {
  constexpr double kPi = 3.141592653589793;
  constexpr double r = kMovingSourceRadius;
  for (int y = static_cast<int>(std::ceil(py - r)); y <= static_cast<int>(std::floor(py + r)); ++y) {
    for (int x = static_cast<int>(std::ceil(px - r)); x <= static_cast<int>(std::floor(px + r)); ++x) {
      const double d = std::hypot(x - px, y - py);
      if (d < r) visit(x, y, 0.5 + 0.5 * std::cos(kPi * d / r));
    }
  }
}

// The cells of the line from (x0, y0) to (x1, y1) shifted by (dx, dy), each
// spread as a gliding point's. Where the spreads overlap, the shares combine
// as setting the cell to the same value once for each would:
// 1 - (1 - s1)(1 - s2)...
std::vector<SourceCell> shiftedLineCells(int x0, int y0, int x1, int y1, double dx, double dy) {
  // Every cell's spread is the same, worked out once about the sub-cell offset.
  const double ix = std::floor(dx), iy = std::floor(dy);
  std::vector<SourceCell> spread;
  spreadAround(dx - ix, dy - iy, [&](int x, int y, double share) {
    spread.push_back({x + static_cast<int>(ix), y + static_cast<int>(iy), static_cast<float>(share)});
  });
  struct Touch {
    int y, x;
    double untouched;  // 1 - share
    bool operator<(const Touch& o) const { return y != o.y ? y < o.y : x < o.x; }
  };
  std::vector<Touch> touches;
  for (const auto& [x, y] : lineCells(x0, y0, x1, y1))
    for (const SourceCell& c : spread) touches.push_back({y + c.y, x + c.x, 1.0 - c.share});
  std::sort(touches.begin(), touches.end());
  std::vector<SourceCell> cells;
  for (size_t i = 0; i < touches.size();) {
    double untouched = 1.0;
    size_t j = i;
    for (; j < touches.size() && touches[j].y == touches[i].y && touches[j].x == touches[i].x; ++j)
      untouched *= touches[j].untouched;
    cells.push_back({touches[i].x, touches[i].y, static_cast<float>(1.0 - untouched)});
    i = j;
  }
  return cells;
}

}  // namespace

std::vector<SourceCell> WorldSource::cellsAt(long long step, bool wholeCells) const {
  std::vector<SourceCell> cells;
  if (!glide && !(moving && end && *end > start)) {
    for (const auto& [x, y] : lineCells(x0, y0, x1, y1)) cells.push_back({x, y, 1.0f});
    return cells;
  }
  const auto [px, py] = placeAt(step);
  if (isLine()) {  // gliding: shifted as its first end is
    if (!wholeCells) return shiftedLineCells(x0, y0, x1, y1, px - x0, py - y0);
    const int sx = static_cast<int>(std::lround(px - x0)), sy = static_cast<int>(std::lround(py - y0));
    for (const auto& [x, y] : lineCells(x0, y0, x1, y1)) cells.push_back({x + sx, y + sy, 1.0f});
    return cells;
  }
  if (wholeCells) return {{static_cast<int>(std::lround(px)), static_cast<int>(std::lround(py)), 1.0f}};
  spreadAround(px, py, [&](int x, int y, double share) { cells.push_back({x, y, static_cast<float>(share)}); });
  return cells;
}

bool WaterWorld::hasWalls() const {
  return std::any_of(speed.begin(), speed.end(), [](CellSpeed v) { return v == kWallCell; });
}

bool WaterWorld::hasSlowWater() const {
  return std::any_of(speed.begin(), speed.end(), [](CellSpeed v) { return v != kWallCell && v != kOpenWater; });
}

bool WaterWorld::shapesTheStep() const {
  if (leftRightEdges != Edge::Fixed || topBottomEdges != Edge::Fixed) return true;
  return std::any_of(speed.begin(), speed.end(), [](CellSpeed v) { return v != kOpenWater; });
}

void WaterWorld::setSpeed(int x, int y, CellSpeed v) {
  if (x < 0 || y < 0 || x >= width || y >= height) return;
  if (speed.empty()) {
    if (v == kOpenWater) return;
    speed.assign(static_cast<size_t>(width) * height, kOpenWater);
  }
  speed[static_cast<size_t>(y) * width + x] = v;
}

void WaterWorld::closeDiagonalGaps() {
  if (speed.empty()) return;
  for (int y = 0; y + 1 < height; ++y) {
    for (int x = 0; x + 1 < width; ++x) {
      const bool a = isWall(x, y), b = isWall(x + 1, y), c = isWall(x, y + 1), d = isWall(x + 1, y + 1);
      // Two walls across a corner, the other two cells water: a gap that a
      // diagonal neighbour would reach across.
      if (a && d && !b && !c) setSpeed(x + 1, y, kWallCell);
      if (b && c && !a && !d) setSpeed(x, y, kWallCell);
    }
  }
}

void paintMedium(WaterWorld& world, const MediumRegion& region) {
  // Only the cells of the region's bounding box, cut to the grid, can lie inside.
  long long left = 1LL * region.centreX - region.radius, right = 1LL * region.centreX + region.radius;
  long long top = 1LL * region.centreY - region.radius, bottom = 1LL * region.centreY + region.radius;
  if (!region.corners.empty()) {
    left = top = std::numeric_limits<long long>::max();
    right = bottom = std::numeric_limits<long long>::min();
    for (const auto& [cx, cy] : region.corners) {
      left = std::min<long long>(left, cx), right = std::max<long long>(right, cx);
      top = std::min<long long>(top, cy), bottom = std::max<long long>(bottom, cy);
    }
  }
  const int x0 = static_cast<int>(std::max(0LL, left)),
            x1 = static_cast<int>(std::min<long long>(world.width - 1, right));
  const int y0 = static_cast<int>(std::max(0LL, top)),
            y1 = static_cast<int>(std::min<long long>(world.height - 1, bottom));
  for (int y = y0; y <= y1; ++y) {
    const double cy = y + 0.5;
    for (int x = x0; x <= x1; ++x) {
      const double cx = x + 0.5;
      bool inside = false;
      if (region.corners.empty()) {
        const double dx = cx - (region.centreX + 0.5), dy = cy - (region.centreY + 0.5);
        inside = dx * dx + dy * dy < double(region.radius) * region.radius;
      } else {
        // Even-odd rule: a ray to the right crosses the outline an odd
        // number of times from inside. Corners are cell centres.
        const auto& c = region.corners;
        for (size_t i = 0, j = c.size() - 1; i < c.size(); j = i++) {
          const double xi = c[i].first + 0.5, yi = c[i].second + 0.5, xj = c[j].first + 0.5, yj = c[j].second + 0.5;
          if ((yi > cy) != (yj > cy) && cx < xi + (cy - yi) * (xj - xi) / (yj - yi)) inside = !inside;
        }
      }
      if (inside) world.setSpeed(x, y, region.speed);
    }
  }
}

std::vector<std::pair<int, int>> lineCells(int x0, int y0, int x1, int y1) {
  // Bresenham's line, with a side step wherever it would step diagonally,
  // so that consecutive cells share an edge.
  std::vector<std::pair<int, int>> cells;
  const int dx = std::abs(x1 - x0), dy = -std::abs(y1 - y0);
  const int sx = x0 < x1 ? 1 : -1, sy = y0 < y1 ? 1 : -1;
  int err = dx + dy;
  int x = x0, y = y0;
  cells.emplace_back(x, y);
  while (x != x1 || y != y1) {
    const int e2 = 2 * err;
    const bool stepX = e2 >= dy && x != x1;
    const bool stepY = e2 <= dx && y != y1;
    if (stepX && stepY) {
      // Take the x step first, then the y step: two edge-sharing cells.
      err += dy;
      x += sx;
      cells.emplace_back(x, y);
      err += dx;
      y += sy;
    } else if (stepX) {
      err += dy;
      x += sx;
    } else {
      err += dx;
      y += sy;
    }
    cells.emplace_back(x, y);
  }
  return cells;
}

std::optional<WallSegment> wallWithinReach(const WallSegment& wall, int w, int h) {
  // Liang and Barsky's clipping of the line to the box of the cells whose
  // square of the wall's thickness can touch the grid.
  const double reach = std::max(1, wall.thickness) + 1.0;
  const double left = -reach, top = -reach, right = w - 1 + reach, bottom = h - 1 + reach;
  const double x0 = wall.x0, y0 = wall.y0, dx = double(wall.x1) - x0, dy = double(wall.y1) - y0;
  auto inside = [&](double x, double y) { return x >= left && x <= right && y >= top && y <= bottom; };
  if (inside(x0, y0) && inside(wall.x1, wall.y1)) return wall;
  double enter = 0.0, leave = 1.0;
  const double p[4] = {-dx, dx, -dy, dy}, q[4] = {x0 - left, right - x0, y0 - top, bottom - y0};
  for (int i = 0; i < 4; ++i) {
    if (p[i] == 0.0) {
      if (q[i] < 0.0) return std::nullopt;  // parallel to this side, and beyond it
      continue;
    }
    const double t = q[i] / p[i];
    if (p[i] < 0.0) enter = std::max(enter, t);
    if (p[i] > 0.0) leave = std::min(leave, t);
  }
  if (enter > leave) return std::nullopt;
  auto cell = [](double v) { return static_cast<int>(std::lround(v)); };
  return WallSegment{cell(x0 + enter * dx), cell(y0 + enter * dy), cell(x0 + leave * dx), cell(y0 + leave * dy),
                     wall.thickness};
}

void paintWall(WaterWorld& world, const WallSegment& wall, CellSpeed value) {
  const std::optional<WallSegment> within = wallWithinReach(wall, world.width, world.height);
  if (!within) return;
  const int t = std::max(1, wall.thickness);
  const int back = t / 2;
  for (const auto& [cx, cy] : lineCells(within->x0, within->y0, within->x1, within->y1)) {
    for (int y = cy - back; y < cy - back + t; ++y)
      for (int x = cx - back; x < cx - back + t; ++x) world.setSpeed(x, y, value);
  }
}

}  // namespace ripple

#include "scene/world_options.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <sstream>

#include "core/error.hpp"
#include "core/image.hpp"

namespace ripple {
namespace {

// The picture of `option`, scaled to w x h by nearest neighbour: a cell
// takes the pixel under its centre.
Picture pictureOnGrid(const std::string& path, const char* option, int w, int h) {
  Picture source;
  try {
    source = loadImageFile(path);
  } catch (const Error& e) {
    throw UsageError(std::string(option) + ": " + e.what());
  }
  Picture out(w, h);
  for (int y = 0; y < h; ++y) {
    const int sy = static_cast<int>((2LL * y + 1) * source.height / (2LL * h));
    for (int x = 0; x < w; ++x) {
      const int sx = static_cast<int>((2LL * x + 1) * source.width / (2LL * w));
      const unsigned char* from = source.pixel(sx, sy);
      std::copy(from, from + 4, out.pixel(x, y));
    }
  }
  return out;
}

bool onGrid(int x, int y, int w, int h) { return x >= 0 && y >= 0 && x < w && y < h; }

std::string gridText(int w, int h) { return std::to_string(w) + "x" + std::to_string(h); }

// The option that gives the sources of `list`, one of o's three lists.
const char* sourceOption(const WorldOptions& o, const std::vector<WorldSource>* list) {
  return list == &o.sources ? "--source" : list == &o.lineSources ? "--line-source" : "--moving-source";
}

}  // namespace

bool wallTouchesGrid(const WallSegment& wall, int w, int h) {
  const std::optional<WallSegment> within = wallWithinReach(wall, w, h);
  if (!within) return false;
  const int t = wall.thickness, back = t / 2;
  for (const auto& [cx, cy] : lineCells(within->x0, within->y0, within->x1, within->y1)) {
    if (cx - back < w && cx - back + t > 0 && cy - back < h && cy - back + t > 0) return true;
  }
  return false;
}

bool sourceOnGrid(const WorldSource& s, int w, int h) { return onGrid(s.x0, s.y0, w, h) && onGrid(s.x1, s.y1, w, h); }

bool WorldOptions::any() const {
  return !walls.empty() || !wallsPicture.empty() || !mediumPicture.empty() || !sources.empty() ||
         !lineSources.empty() || !movingSources.empty() || !media.empty();
}

void WorldOptions::clearCells() {
  walls.clear();
  media.clear();
  wallsPicture.clear();
  mediumPicture.clear();
}

bool tankAsked(const WorldOptions& options, const Params& p) {
  return options.any() || p.leftRightEdges != Edge::Fixed || p.topBottomEdges != Edge::Fixed ||
         p.wallKind != WallKind::Reflecting;
}

std::string sourcePlace(const WorldSource& s) {
  const std::string from = "(" + std::to_string(s.x0) + ", " + std::to_string(s.y0) + ")";
  if (s.x0 == s.x1 && s.y0 == s.y1) return "at " + from;
  return std::string(s.moving ? "moving from " : "from ") + from + " to (" + std::to_string(s.x1) + ", " +
         std::to_string(s.y1) + ")";
}

int greyLevel(const unsigned char* rgba) { return (299 * rgba[0] + 587 * rgba[1] + 114 * rgba[2]) / 1000; }

WaterWorld buildWorld(const WorldOptions& o, const Params& params, int width, int height,
                      const std::vector<CellSpeed>& cellSpeeds) {
  WaterWorld world(width, height);
  if (!cellSpeeds.empty()) world.speed = cellSpeeds;
  if (!o.mediumPicture.empty()) {
    const Picture medium = pictureOnGrid(o.mediumPicture, "--medium", width, height);
    for (int y = 0; y < height; ++y)
      for (int x = 0; x < width; ++x) world.setSpeed(x, y, static_cast<CellSpeed>(greyLevel(medium.pixel(x, y))));
  }
  for (const MediumRegion& region : o.media) paintMedium(world, region);
  if (!o.wallsPicture.empty()) {
    const Picture walls = pictureOnGrid(o.wallsPicture, "--walls", width, height);
    for (int y = 0; y < height; ++y) {
      for (int x = 0; x < width; ++x) {
        const unsigned char* p = walls.pixel(x, y);
        if (p[3] >= 128 && greyLevel(p) < 128) world.setSpeed(x, y, kWallCell);
      }
    }
  }
  for (const WallSegment& wall : o.walls) {
    if (!wallTouchesGrid(wall, width, height)) {
      throw UsageError("--wall: the wall from (" + std::to_string(wall.x0) + ", " + std::to_string(wall.y0) + ") to (" +
                       std::to_string(wall.x1) + ", " + std::to_string(wall.y1) + "), " +
                       std::to_string(wall.thickness) + (wall.thickness == 1 ? " cell" : " cells") +
                       " thick, lies entirely outside the " + gridText(width, height) + " grid");
    }
    paintWall(world, wall);
  }
  world.closeDiagonalGaps();
  world.leftRightEdges = params.leftRightEdges;
  world.topBottomEdges = params.topBottomEdges;
  world.wallKind = params.wallKind;
  for (const auto* list : {&o.sources, &o.lineSources, &o.movingSources}) {
    for (const WorldSource& s : *list) {
      // Both ends on the grid: the line (or path) between them is too.
      if (!sourceOnGrid(s, width, height)) {
        throw UsageError(std::string(sourceOption(o, list)) + ": the source " + sourcePlace(s) +
                         (s.x0 != s.x1 || s.y0 != s.y1 ? " reaches" : " lies") + " outside the " +
                         gridText(width, height) + " grid");
      }
      world.sources.push_back(s);
    }
  }
  return world;
}

}  // namespace ripple

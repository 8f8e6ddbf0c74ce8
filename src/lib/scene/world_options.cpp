#include "scene/world_options.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <sstream>

#include "core/error.hpp"
#include "core/image.hpp"

namespace ripple {
namespace {

std::string trimmed(const std::string& s) {
  const size_t first = s.find_first_not_of(" \t");
  if (first == std::string::npos) return {};
  return s.substr(first, s.find_last_not_of(" \t") - first + 1);
}

std::vector<std::string> fields(const std::string& text, char separator) {
  std::vector<std::string> out;
  std::string field;
  std::istringstream in(text);
  while (std::getline(in, field, separator)) out.push_back(trimmed(field));
  if (!text.empty() && text.back() == separator) out.emplace_back();
  return out;
}

// A whole number of at most nine digits, optionally negative.
std::optional<long long> wholeNumber(const std::string& text, bool allowNegative = true) {
  const size_t digits = text.size() - (!text.empty() && text[0] == '-' ? 1 : 0);
  if (digits == 0 || digits > 9 || (!allowNegative && text[0] == '-')) return std::nullopt;
  if (text.find_first_not_of("0123456789", text.size() - digits) != std::string::npos) return std::nullopt;
  return std::stoll(text);
}

// A number strtod reads whole; nullopt when it is not one (NaN and infinity
// are numbers here: the callers say they are not finite).
std::optional<double> realNumber(const std::string& text) {
  if (text.empty()) return std::nullopt;
  char* end = nullptr;
  const double v = std::strtod(text.c_str(), &end);
  if (*end != '\0') return std::nullopt;
  return v;
}

std::string number(double v) {
  std::ostringstream s;
  s << v;
  return s.str();
}

std::string quoted(const std::string& text) { return "'" + text + "'"; }

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

std::optional<WallSegment> parseWall(const std::string& text, std::string& why) {
  const std::vector<std::string> parts = fields(text, ',');
  std::vector<long long> values;
  for (const std::string& part : parts) {
    const auto v = wholeNumber(part);
    if (!v) break;
    values.push_back(*v);
  }
  if (values.size() != parts.size() || (values.size() != 4 && values.size() != 5)) {
    why = quoted(text) + " must be X0,Y0,X1,Y1 or X0,Y0,X1,Y1,T (whole numbers)";
    return std::nullopt;
  }
  for (size_t i = 0; i < 4; ++i) {
    if (!limits::wallCoordinate.contains(static_cast<int>(values[i]))) {
      why = quoted(text) + ": the ends must be from " + std::to_string(limits::wallCoordinate.min) + " to " +
            std::to_string(limits::wallCoordinate.max);
      return std::nullopt;
    }
  }
  WallSegment wall{int(values[0]), int(values[1]), int(values[2]), int(values[3])};
  if (values.size() == 5) {
    if (!limits::wallThickness.contains(static_cast<int>(values[4]))) {
      why = quoted(text) + ": the thickness must be from " + std::to_string(limits::wallThickness.min) + " to " +
            std::to_string(limits::wallThickness.max) + " cells";
      return std::nullopt;
    }
    wall.thickness = static_cast<int>(values[4]);
  }
  return wall;
}

std::optional<WorldSource> parseSource(const std::string& text, SourceForm sourceForm, std::string& why) {
  const bool line = sourceForm != SourceForm::Point, moving = sourceForm == SourceForm::Moving;
  const std::string form = moving ? "X0,Y0,X1,Y1,PERIOD,AMP@START:END"
                           : line ? "X0,Y0,X1,Y1,PERIOD,AMP[@START[:END]]"
                                  : "X,Y,PERIOD,AMP[@START[:END]]";
  const std::string coordinates = line ? "X0, Y0, X1, Y1" : "X, Y";
  why = quoted(text) + " must be " + form + " (" + coordinates + ", START and END whole numbers)";
  const size_t at = text.find('@');
  const std::vector<std::string> parts = fields(text.substr(0, at), ',');
  const size_t cells = line ? 4 : 2;
  if (parts.size() != cells + 2) return std::nullopt;
  std::vector<int> ends;
  for (size_t i = 0; i < cells; ++i) {
    const auto v = wholeNumber(parts[i]);
    if (!v) return std::nullopt;
    ends.push_back(static_cast<int>(*v));
  }
  WorldSource s;
  s.x0 = s.x1 = ends[0];
  s.y0 = s.y1 = ends[1];
  if (line) {
    s.x1 = ends[2];
    s.y1 = ends[3];
  }
  if (at != std::string::npos) {
    const std::vector<std::string> steps = fields(text.substr(at + 1), ':');
    if (steps.empty() || steps.size() > 2) return std::nullopt;
    const auto start = wholeNumber(steps[0], false);
    if (!start) return std::nullopt;
    s.start = *start;
    if (steps.size() == 2) {
      const auto end = wholeNumber(steps[1], false);
      if (!end) return std::nullopt;
      s.end = *end;
    }
  }
  const auto period = realNumber(parts[cells]);
  const auto amplitude = realNumber(parts[cells + 1]);
  if (!period || !amplitude) return std::nullopt;
  if (!std::isfinite(*period)) {
    why = quoted(text) + ": the period '" + parts[cells] + "' is not a finite number";
    return std::nullopt;
  }
  if (!limits::sourcePeriod.contains(static_cast<float>(*period))) {
    why = quoted(text) + ": the period must be from " + number(limits::sourcePeriod.min) + " to " +
          number(limits::sourcePeriod.max) + " steps";
    return std::nullopt;
  }
  if (!std::isfinite(*amplitude)) {
    why = quoted(text) + ": the amplitude '" + parts[cells + 1] + "' is not a finite number";
    return std::nullopt;
  }
  if (!limits::sourceAmplitude.contains(static_cast<float>(*amplitude))) {
    why = quoted(text) + ": the amplitude must be from " + number(limits::sourceAmplitude.min) + " to " +
          number(limits::sourceAmplitude.max);
    return std::nullopt;
  }
  if (moving && !s.end) {
    why = quoted(text) + ": a moving source needs @START:END, the steps it takes from the first point to the second";
    return std::nullopt;
  }
  s.moving = moving;
  if (s.end && *s.end <= s.start) {
    why = quoted(text) + ": the end step " + std::to_string(*s.end) + " must come after the start step " +
          std::to_string(s.start);
    return std::nullopt;
  }
  s.period = *period;
  s.amplitude = static_cast<float>(*amplitude);
  why.clear();
  return s;
}

std::optional<std::pair<Edge, Edge>> parseEdges(const std::string& text, std::string& why) {
  const std::vector<std::string> parts = fields(text, ',');
  std::vector<Edge> edges;
  for (const std::string& part : parts) {
    const auto e = choiceOf<Edge>(part);
    if (!e) break;
    edges.push_back(*e);
  }
  if (edges.size() != parts.size() || edges.empty() || edges.size() > 2) {
    why = quoted(text) +
          " must be fixed, free, absorbing or wrap, or two of them as E1,E2 (left and right, "
          "then top and bottom)";
    return std::nullopt;
  }
  return std::pair<Edge, Edge>(edges.front(), edges.back());
}

std::string sourcePlace(const WorldSource& s) {
  const std::string from = "(" + std::to_string(s.x0) + ", " + std::to_string(s.y0) + ")";
  if (s.x0 == s.x1 && s.y0 == s.y1) return "at " + from;
  return std::string(s.moving ? "moving from " : "from ") + from + " to (" + std::to_string(s.x1) + ", " +
         std::to_string(s.y1) + ")";
}

const char* sourceOption(const WorldOptions& o, const std::vector<WorldSource>* list) {
  return list == &o.sources ? "--source" : list == &o.lineSources ? "--line-source" : "--moving-source";
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

// SceneFile files: TOML read with toml++ (which knows each value's line, so every
// message can name the file, the line and the key) and written by hand, in a
// fixed order with comments, so that a saved scene reads well and saving it
// again gives the same bytes.
#include <toml++/toml.h>

#include <cerrno>
#include <cstring>
#include <limits>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <functional>
#include <sstream>

#include "common/atomic_file.hpp"
#include "common/value_text.hpp"
#include "core/builtin_pictures.hpp"
#include "core/param_table.hpp"
#include "core/tank_tools.hpp"
#include "scene/scene.hpp"

namespace ripple {
namespace {

namespace fs = std::filesystem;

// ---- reading --------------------------------------------------------------

// One table of the file and its dotted name, for messages.
struct Section {
  const toml::table* table = nullptr;  // null: the file has no such table
  std::string name;                    // "" for the top level, "water", "tank.source[2]"
  int line = 1;                        // where it starts
};

class SceneReader {
 public:
  SceneReader(std::string fileName, std::string folder) : file_(std::move(fileName)), folder_(std::move(folder)) {}

  [[noreturn]] void fail(int line, const std::string& key, const std::string& what) const {
    throw SceneError(file_ + ":" + std::to_string(line) + ": " + key + ": " + what);
  }

  static int lineOf(const toml::node& n, int fallback) {
    const auto line = n.source().begin.line;
    return line > 0 ? static_cast<int>(line) : fallback;
  }

  std::string keyName(const Section& s, std::string_view key) const {
    return s.name.empty() ? std::string(key) : s.name + "." + std::string(key);
  }

  // A sub-table: absent is fine (every key has a default), anything else
  // but a table is not.
  Section section(const Section& parent, std::string_view key) const {
    Section s{nullptr, keyName(parent, key), parent.line};
    const toml::node* n = parent.table ? parent.table->get(key) : nullptr;
    if (!n) return s;
    s.line = lineOf(*n, parent.line);
    s.table = n->as_table();
    if (!s.table) fail(s.line, s.name, "must be a table, [" + s.name + "]");
    return s;
  }

  // The tables of an array of tables ([[name]]); none when absent.
  std::vector<Section> sections(const Section& parent, std::string_view key) const {
    std::vector<Section> out;
    const toml::node* n = parent.table ? parent.table->get(key) : nullptr;
    if (!n) return out;
    const toml::array* list = n->as_array();
    const std::string name = keyName(parent, key);
    if (!list) fail(lineOf(*n, parent.line), name, "must be a list of tables, each starting with [[" + name + "]]");
    for (size_t i = 0; i < list->size(); ++i) {
      const toml::node& item = *list->get(i);
      Section s{item.as_table(), name + "[" + std::to_string(i + 1) + "]", lineOf(item, parent.line)};
      if (!s.table) fail(s.line, s.name, "must be a table");
      out.push_back(s);
    }
    return out;
  }

  // Every key of `s` must be one of `known`: a misspelt key would otherwise
  // be silently ignored.
  void onlyKeys(const Section& s, const std::vector<std::string_view>& known) const {
    if (!s.table) return;
    for (auto&& [key, value] : *s.table) {
      bool found = false;
      for (std::string_view k : known) found = found || key.str() == k;
      if (found) continue;
      std::string list;
      for (std::string_view k : known) list += (list.empty() ? "" : ", ") + std::string(k);
      fail(lineOf(value, s.line), keyName(s, key.str()),
           "is not a key of " + (s.name.empty() ? std::string("the top level") : "[" + s.name + "]") +
               " (its keys: " + list + ")");
    }
  }

  const toml::node* find(const Section& s, std::string_view key) const { return s.table ? s.table->get(key) : nullptr; }
  bool has(const Section& s, std::string_view key) const { return find(s, key) != nullptr; }
  int lineOfKey(const Section& s, std::string_view key) const {
    const toml::node* n = find(s, key);
    return n ? lineOf(*n, s.line) : s.line;
  }

  // A number (whole or not) in `range`; `fallback` when absent. `asFloat`:
  // the value is checked as the float it becomes, as the command line checks
  // it, so that a float saved at a range's end (the nine-point stencil's
  // fastest speed, written as 0.8660254) reads back, and one that rounds to
  // an excluded end (damping 0.99999999 is 1.0f) is refused.
  double number(const Section& s, std::string_view key, double lowest, double highest, bool includesHighest,
                double fallback, bool asFloat = false) const {
    const toml::node* n = find(s, key);
    if (!n) return fallback;
    const std::string name = keyName(s, key);
    const int line = lineOf(*n, s.line);
    double v = 0;
    if (const auto* i = n->as_integer()) {
      v = static_cast<double>(i->get());
    } else if (const auto* f = n->as_floating_point()) {
      v = f->get();
    } else {
      fail(line, name, "must be a number");
    }
    if (!std::isfinite(v)) fail(line, name, "must be a finite number");
    if (asFloat && std::abs(v) <= std::numeric_limits<float>::max()) v = static_cast<float>(v);
    if (v < lowest || v > highest || (!includesHighest && v >= highest)) {
      const bool below = v < lowest;
      const int digits = digitsToTellApart(v, below ? lowest : highest);
      fail(line, name,
           valueText(v, digits) + " is out of range: it must be from " + valueText(lowest, below ? digits : 6) +
               (includesHighest ? " to " : " to below ") + valueText(highest, below ? 6 : digits));
    }
    return v;
  }
  float real(const Section& s, std::string_view key, Range<float> r, float fallback) const {
    return static_cast<float>(number(s, key, r.min, r.max, r.includesMax, fallback, true));
  }
  long long whole(const Section& s, std::string_view key, long long lowest, long long highest,
                  long long fallback) const {
    const toml::node* n = find(s, key);
    if (!n) return fallback;
    const auto* i = n->as_integer();
    const std::string name = keyName(s, key);
    const int line = lineOf(*n, s.line);
    if (!i) fail(line, name, "must be a whole number");
    const long long v = i->get();
    if (v < lowest || v > highest) {
      fail(line, name,
           std::to_string(v) + " is out of range: it must be from " + std::to_string(lowest) + " to " +
               std::to_string(highest));
    }
    return v;
  }
  int whole(const Section& s, std::string_view key, Range<int> r, int fallback) const {
    return static_cast<int>(whole(s, key, r.min, r.max, fallback));
  }
  bool flag(const Section& s, std::string_view key, bool fallback) const {
    const toml::node* n = find(s, key);
    if (!n) return fallback;
    if (const auto* b = n->as_boolean()) return b->get();
    fail(lineOf(*n, s.line), keyName(s, key), "must be true or false");
  }
  std::string text(const Section& s, std::string_view key) const {
    const toml::node* n = find(s, key);
    if (!n) return {};
    if (const auto* t = n->as_string()) return t->get();
    fail(lineOf(*n, s.line), keyName(s, key), "must be a text in quotes");
  }
  // One of `choices` (the first is the default).
  // One of a choice's words (core/choices.hpp).
  template <typename E>
  E choice(const Section& s, std::string_view key, E fallback) const {
    if (!has(s, key)) return fallback;
    const std::string v = text(s, key);
    if (const std::optional<E> chosen = choiceOf<E>(v)) return *chosen;
    fail(lineOfKey(s, key), keyName(s, key), "\"" + v + "\" must be " + wordsText<E>("\""));
  }
  // [X, Y], whole numbers in `r`.
  std::pair<int, int> point(const toml::node& n, const std::string& name, int line, Range<int> r) const {
    const toml::array* a = n.as_array();
    if (!a || a->size() != 2 || !a->get(0)->is_integer() || !a->get(1)->is_integer()) {
      fail(line, name, "must be a point, [X, Y] (whole numbers)");
    }
    const long long x = a->get(0)->as_integer()->get(), y = a->get(1)->as_integer()->get();
    if (x < r.min || x > r.max || y < r.min || y > r.max) {
      fail(line, name,
           "[" + std::to_string(x) + ", " + std::to_string(y) + "] is out of range: each must be from " +
               std::to_string(r.min) + " to " + std::to_string(r.max));
    }
    return {static_cast<int>(x), static_cast<int>(y)};
  }
  std::pair<int, int> point(const Section& s, std::string_view key, Range<int> r) const {
    const toml::node* n = find(s, key);
    if (!n) fail(s.line, keyName(s, key), "is missing from [" + s.name + "]");
    return point(*n, keyName(s, key), lineOf(*n, s.line), r);
  }
  std::vector<std::pair<int, int>> points(const Section& s, std::string_view key, Range<int> r, size_t fewest) const {
    const toml::node* n = find(s, key);
    const std::string name = keyName(s, key);
    if (!n) fail(s.line, name, "is missing from [" + s.name + "]");
    const int line = lineOf(*n, s.line);
    const toml::array* a = n->as_array();
    if (!a || a->size() < fewest) {
      fail(line, name, "must be a list of at least " + std::to_string(fewest) + " points, [[X, Y], [X, Y], ...]");
    }
    std::vector<std::pair<int, int>> out;
    for (size_t i = 0; i < a->size(); ++i) out.push_back(point(*a->get(i), name, line, r));
    return out;
  }
  // A picture beside the scene: the path as usable from here, checked to be there.
  // With `builtins`, a built-in picture's name too (builtin_pictures.hpp).
  std::string picture(const Section& s, std::string_view key, bool builtins = false) const {
    const std::string given = text(s, key);
    if (given.empty()) {
      if (has(s, key)) fail(lineOfKey(s, key), keyName(s, key), "is empty: leave the key out instead");
      return {};
    }
    if (namesBuiltinPicture(given)) {
      if (!builtins) {
        fail(lineOfKey(s, key), keyName(s, key), builtinPictureNotAFile(given, "frame.picture"));
      }
      const std::string problem = builtinPictureProblem(given);
      if (!problem.empty()) fail(lineOfKey(s, key), keyName(s, key), problem);
      return given;
    }
    fs::path path(given);
    if (path.is_relative() && !folder_.empty()) path = (fs::path(folder_) / path).lexically_normal();
    std::error_code ec;
    if (!fs::is_regular_file(path, ec)) {
      fail(lineOfKey(s, key), keyName(s, key), "the picture '" + path.string() + "' is not there");
    }
    return path.string();
  }

 private:
  std::string file_;
  std::string folder_;
};

// The table's parameters (core/param_table.hpp) of a section, each read as
// its kind says, in the table's order; and the section's keys: `before`,
// the table's, `after`.
void readRow(const SceneReader& r, const Section& s, const char* key, const FloatParam& v, Params& p) {
  p.*v.member = r.real(s, key, v.range, p.*v.member);
}
void readRow(const SceneReader& r, const Section& s, const char* key, const IntParam& v, Params& p) {
  p.*v.member = r.whole(s, key, v.range, p.*v.member);
}
void readRow(const SceneReader& r, const Section& s, const char* key, const FlagParam& v, Params& p) {
  p.*v.member = r.flag(s, key, p.*v.member);
}
template <typename E>
void readRow(const SceneReader& r, const Section& s, const char* key, const ChoiceParam<E>& v, Params& p) {
  p.*v.member = r.choice(s, key, p.*v.member);
}
// The stencil is written as a number (its points), read as its word.
void readRow(const SceneReader& r, const Section& s, const char* key, const ChoiceParam<Stencil>& v, Params& p) {
  const std::string points = std::to_string(r.whole(s, key, 0, 99, std::stoi(wordOf(p.*v.member))));
  const std::optional<Stencil> chosen = choiceOf<Stencil>(points);
  if (!chosen) r.fail(r.lineOfKey(s, key), s.name + "." + key, points + " must be " + wordsText<Stencil>());
  p.*v.member = *chosen;
}

void readRows(const SceneReader& r, const Section& s, Params& p) {
  for (const ParamRow& row : paramTable()) {
    if (s.name != row.sceneSection) continue;
    std::visit([&](const auto& v) { readRow(r, s, row.sceneKey, v, p); }, row.value);
  }
}

std::vector<std::string_view> keysOf(const char* section, std::vector<std::string_view> before,
                                     const std::vector<std::string_view>& after = {}) {
  for (const ParamRow& row : paramTable())
    if (std::string_view(row.sceneSection) == section) before.push_back(row.sceneKey);
  before.insert(before.end(), after.begin(), after.end());
  return before;
}

// One reader a table, in the file's order; each fills its part of `scene`.
void readFrame(const SceneReader& r, const Section& top, SceneFile& scene) {
  const Section frame = r.section(top, "frame");
  r.onlyKeys(frame, keysOf("frame", {"size", "picture"}));
  if (r.has(frame, "size")) scene.size = r.point(frame, "size", limits::gridSide);
  scene.picture = r.picture(frame, "picture", true);
  readRows(r, frame, scene.params);
}

void readWater(const SceneReader& r, const Section& top, Params& p) {
  const Section water = r.section(top, "water");
  r.onlyKeys(water, keysOf("water", {}));
  readRows(r, water, p);
  const std::string unstable = stabilityProblem(p.courant, p.stencil, "water.stencil = 9");
  if (!unstable.empty()) r.fail(r.lineOfKey(water, "speed"), "water.speed", unstable);
}

void readStones(const SceneReader& r, const Section& top, SceneFile& scene) {
  Params& p = scene.params;
  const Section stones = r.section(top, "stones");
  r.onlyKeys(stones, keysOf("stones", {}, {"drop"}));
  readRows(r, stones, p);
  for (const Section& d : r.sections(stones, "drop")) {
    r.onlyKeys(d, {"at", "radius", "weight", "step"});
    TimedStone t;
    std::tie(t.stone.x, t.stone.y) = r.point(d, "at", {-1000000000, 1000000000});
    t.stone.radius = r.whole(d, "radius", limits::stoneRadius, p.stoneRadius);
    t.stone.weight = r.real(d, "weight", limits::stoneWeight, p.stoneWeight);
    t.step = r.whole(d, "step", limits::steps, 0);
    scene.drops.push_back(t);
  }
}

void readRain(const SceneReader& r, const Section& top, SceneFile& scene) {
  Params& p = scene.params;
  const Section rain = r.section(top, "rain");
  r.onlyKeys(rain, keysOf("rain", {}, {"seed"}));
  readRows(r, rain, p);
  scene.seed = static_cast<std::uint64_t>(r.whole(rain, "seed", limits::rainSeed.min, limits::rainSeed.max, 1));
}

// tank.edges: one word for all four, or [LEFT_AND_RIGHT, TOP_AND_BOTTOM].
void readEdges(const SceneReader& r, const Section& tank, Params& p) {
  const toml::node* edges = r.find(tank, "edges");
  if (!edges) return;
  const int line = SceneReader::lineOf(*edges, tank.line);
  std::vector<std::string> names;
  if (const auto* one = edges->as_string()) names = {one->get()};
  if (const auto* list = edges->as_array()) {
    for (size_t i = 0; i < list->size(); ++i) {
      const auto* name = list->get(i)->as_string();
      names.push_back(name ? name->get() : "");
    }
  }
  if (names.empty() || names.size() > 2 || !choiceOf<Edge>(names.front()) || !choiceOf<Edge>(names.back())) {
    r.fail(line, "tank.edges",
           "must be " + wordsText<Edge>("\"") + ", or two of them, [LEFT_AND_RIGHT, TOP_AND_BOTTOM]");
  }
  p.leftRightEdges = *choiceOf<Edge>(names.front());
  p.topBottomEdges = *choiceOf<Edge>(names.back());
}

void readWalls(const SceneReader& r, const Section& tank, WorldOptions& w) {
  for (const Section& s : r.sections(tank, "wall")) {
    r.onlyKeys(s, {"from", "to", "points", "thickness"});
    const int thickness = r.whole(s, "thickness", limits::wallThickness, 2);
    std::vector<std::pair<int, int>> ends;
    if (r.has(s, "points")) {
      if (r.has(s, "from") || r.has(s, "to")) r.fail(s.line, s.name, "has both points and from/to: give one");
      ends = r.points(s, "points", limits::wallCoordinate, 2);
    } else {
      ends = {r.point(s, "from", limits::wallCoordinate), r.point(s, "to", limits::wallCoordinate)};
    }
    for (size_t i = 0; i + 1 < ends.size(); ++i) {
      w.walls.push_back({ends[i].first, ends[i].second, ends[i + 1].first, ends[i + 1].second, thickness});
    }
  }
}

// Slow water: polygons and discs, and the picture; none in classic mode.
void readMedia(const SceneReader& r, const Section& tank, Mode mode, WorldOptions& w) {
  for (const Section& s : r.sections(tank, "medium")) {
    r.onlyKeys(s, {"corners", "centre", "radius", "speed"});
    MediumRegion m;
    if (r.has(s, "corners")) {
      if (r.has(s, "centre") || r.has(s, "radius")) r.fail(s.line, s.name, "has both corners and a disc: give one");
      m.corners = r.points(s, "corners", limits::wallCoordinate, 3);
    } else {
      if (!r.has(s, "centre")) r.fail(s.line, s.name, "needs corners = [[X, Y], ...] or centre = [X, Y] and radius");
      std::tie(m.centreX, m.centreY) = r.point(s, "centre", limits::wallCoordinate);
      if (!r.has(s, "radius")) r.fail(s.line, s.name + ".radius", "is missing: a disc needs a radius");
      m.radius = r.whole(s, "radius", {1, limits::wallCoordinate.max}, 1);
    }
    if (!r.has(s, "speed"))
      r.fail(s.line, s.name + ".speed", "is missing: the share of open water's speed, 0 (a wall) to 1");
    const float speed = r.real(s, "speed", {0.0f, 1.0f}, 0.5f);
    m.speed = speed == 0.0f ? kWallCell : slowWaterSpeed(speed);
    if (mode == Mode::Classic && m.speed != kWallCell) {
      r.fail(r.lineOfKey(s, "speed"), s.name + ".speed",
             "classic mode has no slow water, only walls (speed 0): set water.mode = \"float\"");
    }
    w.media.push_back(m);
  }
  if (mode == Mode::Classic && !w.mediumPicture.empty()) {
    r.fail(r.lineOfKey(tank, "medium_picture"), "tank.medium_picture",
           "classic mode has no slow water: set water.mode = \"float\"");
  }
}

// A source's points lie on the frame, where the scene gives one: else the
// run finds out, and its message could not point here.
void checkSourceOnFrame(const SceneReader& r, const Section& s, const std::optional<std::pair<int, int>>& size) {
  if (!size) return;
  const auto [w, h] = *size;
  for (const char* key : {"at", "from", "to"}) {
    if (!r.has(s, key)) continue;
    const auto [x, y] = r.point(s, key, limits::wallCoordinate);
    if (x < 0 || y < 0 || x >= w || y >= h) {
      r.fail(r.lineOfKey(s, key), s.name + "." + key,
             "[" + std::to_string(x) + ", " + std::to_string(y) + "] is off the " + std::to_string(w) + "x" +
                 std::to_string(h) + " frame (frame.size)");
    }
  }
}

void readSources(const SceneReader& r, const Section& tank, const SceneFile& scene, WorldOptions& w) {
  for (const Section& s : r.sections(tank, "source")) {
    r.onlyKeys(s, {"at", "from", "to", "moving", "period", "amplitude", "start", "end"});
    WorldSource src;
    const bool moving = r.flag(s, "moving", false);
    if (r.has(s, "at")) {
      if (r.has(s, "from") || r.has(s, "to") || moving)
        r.fail(s.line, s.name, "has at and from/to: a point source has at, a line or a moving one from and to");
      std::tie(src.x0, src.y0) = r.point(s, "at", limits::wallCoordinate);
      src.x1 = src.x0;
      src.y1 = src.y0;
    } else {
      std::tie(src.x0, src.y0) = r.point(s, "from", limits::wallCoordinate);
      std::tie(src.x1, src.y1) = r.point(s, "to", limits::wallCoordinate);
    }
    if (!r.has(s, "period")) r.fail(s.line, s.name + ".period", "is missing: the steps of one oscillation, at least 2");
    src.period = r.number(s, "period", limits::sourcePeriod.min, limits::sourcePeriod.max, true, 20.0);
    if (!r.has(s, "amplitude")) r.fail(s.line, s.name + ".amplitude", "is missing");
    src.amplitude = r.real(s, "amplitude", limits::sourceAmplitude, 0.0f);
    src.start = r.whole(s, "start", 0, kLastSourceStep, 0);
    if (r.has(s, "end")) {
      src.end = r.whole(s, "end", 0, kLastSourceStep, 0);
      if (*src.end <= src.start) {
        r.fail(r.lineOfKey(s, "end"), s.name + ".end",
               "step " + std::to_string(*src.end) + " must come after the start step " + std::to_string(src.start));
      }
    }
    src.moving = moving;
    if (moving && !src.end)
      r.fail(s.line, s.name + ".end",
             "is missing: a moving source takes from start to end to go from one point to the other");
    checkSourceOnFrame(r, s, scene.size);
    (moving ? w.movingSources : src.isLine() ? w.lineSources : w.sources).push_back(src);
  }
}

void readTank(const SceneReader& r, const Section& top, SceneFile& scene) {
  Params& p = scene.params;
  WorldOptions& w = scene.world;
  const Section tank = r.section(top, "tank");
  r.onlyKeys(tank, keysOf("tank", {"edges"}, {"walls_picture", "medium_picture", "wall", "medium", "source"}));
  readEdges(r, tank, p);
  readRows(r, tank, p);
  w.wallsPicture = r.picture(tank, "walls_picture");
  w.mediumPicture = r.picture(tank, "medium_picture");
  readWalls(r, tank, w);
  readMedia(r, tank, p.mode, w);
  readSources(r, tank, scene, w);
}

void readLook(const SceneReader& r, const Section& top, Params& p) {
  const Section look = r.section(top, "look");
  r.onlyKeys(look, keysOf("look", {}));
  readRows(r, look, p);
}

}  // namespace

SceneFile parseSceneFile(std::string_view text, const std::string& fileName, const std::string& folder) {
  const SceneReader r(fileName, folder);
  toml::table root;
  try {
    root = toml::parse(text, fileName);
  } catch (const toml::parse_error& e) {
    r.fail(static_cast<int>(e.source().begin.line), "TOML", std::string(e.description()));
  }
  const Section top{&root, "", 1};
  if (!r.has(top, "ripple_scene")) {
    r.fail(1, "ripple_scene",
           "is missing: a scene file starts with ripple_scene = " + std::to_string(kSceneFormatVersion) +
               " (the format's version)");
  }
  const long long version = r.whole(top, "ripple_scene", 1, std::numeric_limits<int>::max(), 1);
  if (version > kSceneFormatVersion) {
    r.fail(r.lineOfKey(top, "ripple_scene"), "ripple_scene",
           "format version " + std::to_string(version) + " is newer than this ripple reads (" +
               std::to_string(kSceneFormatVersion) + "): update ripple");
  }
  r.onlyKeys(top, {"ripple_scene", "description", "frame", "water", "stones", "rain", "tank", "look", "run"});

  SceneFile scene;
  scene.description = r.text(top, "description");

  readFrame(r, top, scene);
  readWater(r, top, scene.params);
  readStones(r, top, scene);
  readRain(r, top, scene);
  readTank(r, top, scene);
  readLook(r, top, scene.params);

  const Section run = r.section(top, "run");
  r.onlyKeys(run, {"steps"});
  scene.steps = r.whole(run, "steps", limits::steps, scene.steps);
  return scene;
}

SceneFile loadSceneFile(const std::string& path) {
  std::error_code folderError;
  if (fs::is_directory(path, folderError)) throw SceneError(path + ": is a folder, not a scene file");
  std::ifstream in(path, std::ios::binary);
  if (!in) throw SceneError(path + ": cannot read the scene file: " + std::strerror(errno));
  std::ostringstream text;
  text << in.rdbuf();
  if (in.bad()) throw SceneError(path + ": cannot read the scene file");
  return parseSceneFile(text.str(), path, fs::path(path).parent_path().string());
}

bool looksLikeScene(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  char head[4096] = {};
  in.read(head, sizeof head);
  const std::string_view start(head, static_cast<size_t>(in.gcount()));
  return start.find("ripple_scene") != std::string_view::npos;
}

// ---- writing --------------------------------------------------------------

namespace {

// The shortest text that reads back as exactly `v`, as TOML wants a float
// written (with a point or an exponent).
template <typename T>
std::string exact(T v) {
  std::string s = shortestText(v);
  if (s.find_first_of(".e") == std::string::npos) s += ".0";
  return s;
}

std::string quoted(const std::string& s) {
  std::string out = "\"";
  for (const char c : s) {
    if (c == '"' || c == '\\') out += '\\';
    if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) {  // TOML allows neither raw
      char escape[8];
      std::snprintf(escape, sizeof escape, "\\u%04x", c);
      out += escape;
      continue;
    }
    out += c;
  }
  return out + "\"";
}

std::string pointText(int x, int y) { return "[" + std::to_string(x) + ", " + std::to_string(y) + "]"; }

// A parameter's value as a scene writes it: a number as it reads back, a
// flag, a word in quotes (a word that is a number, the stencil's, without).
std::string rowText(const FloatParam& v, const Params& p) { return exact(p.*v.member); }
std::string rowText(const IntParam& v, const Params& p) { return std::to_string(p.*v.member); }
std::string rowText(const FlagParam& v, const Params& p) { return p.*v.member ? "true" : "false"; }
template <typename E>
std::string rowText(const ChoiceParam<E>& v, const Params& p) {
  const std::string word = wordOf(p.*v.member);
  return word.find_first_not_of("0123456789") == std::string::npos ? word : quoted(word);
}

// The table's parameters of `section` (core/param_table.hpp), a line each.
void writeRows(std::ostream& out, const Params& p, std::string_view section) {
  for (const ParamRow& row : paramTable()) {
    if (section != row.sceneSection) continue;
    out << row.sceneKey << " = " << std::visit([&](const auto& v) { return rowText(v, p); }, row.value);
    if (*row.sceneNote) out << "  # " << row.sceneNote;
    out << "\n";
  }
}

// `picture` relative to `folder` when both are known, so that a scene and its
// pictures move together.
std::string pictureText(const std::string& picture, const std::string& folder) {
  if (folder.empty() || namesBuiltinPicture(picture)) return picture;
  std::error_code ec;
  const fs::path target = fs::absolute(picture, ec).lexically_normal();
  const fs::path base = fs::absolute(folder, ec).lexically_normal();
  if (ec) return picture;
  const fs::path relative = target.lexically_relative(base);
  return relative.empty() ? picture : relative.generic_string();
}

void writeSource(std::ostringstream& out, const WorldSource& s) {
  out << "\n[[tank.source]]\n";
  if (s.moving || s.isLine()) {
    out << "from = " << pointText(s.x0, s.y0) << "\nto = " << pointText(s.x1, s.y1) << "\n";
    if (s.moving) out << "moving = true\n";
  } else {
    out << "at = " << pointText(s.x0, s.y0) << "\n";
  }
  out << "period = " << exact(s.period) << "\namplitude = " << exact(s.amplitude) << "\nstart = " << s.start << "\n";
  if (s.end) out << "end = " << *s.end << "\n";
}

}  // namespace

std::string sceneFileText(const SceneFile& scene, const std::string& folder) {
  const Params& p = scene.params;
  const WorldOptions& w = scene.world;
  std::ostringstream out;
  out << "# A ripple scene (docs/scenes.md): run it with ripple --scene FILE.\n"
      << "ripple_scene = " << kSceneFormatVersion << "\n";
  if (!scene.description.empty()) out << "description = " << quoted(scene.description) << "\n";

  out << "\n[frame]  # positions below are pixels of this frame\n";
  if (scene.size) out << "size = " << pointText(scene.size->first, scene.size->second) << "\n";
  if (!scene.picture.empty()) out << "picture = " << quoted(pictureText(scene.picture, folder)) << "\n";
  writeRows(out, p, "frame");

  out << "\n[water]\n";
  writeRows(out, p, "water");

  out << "\n[stones]\n";
  writeRows(out, p, "stones");
  for (const TimedStone& t : scene.drops) {
    out << "\n[[stones.drop]]\nat = " << pointText(t.stone.x, t.stone.y) << "\nradius = " << t.stone.radius
        << "\nweight = " << exact(t.stone.weight) << "\nstep = " << t.step << "\n";
  }

  out << "\n[rain]\n";
  writeRows(out, p, "rain");
  out << "seed = " << scene.seed << "\n";

  out << "\n[tank]\n"
      << "edges = [" << quoted(wordOf(p.leftRightEdges)) << ", " << quoted(wordOf(p.topBottomEdges))
      << "]  # left and right, top and bottom\n";
  writeRows(out, p, "tank");
  if (!w.wallsPicture.empty()) out << "walls_picture = " << quoted(pictureText(w.wallsPicture, folder)) << "\n";
  if (!w.mediumPicture.empty()) out << "medium_picture = " << quoted(pictureText(w.mediumPicture, folder)) << "\n";
  for (const WallSegment& s : w.walls) {
    out << "\n[[tank.wall]]\nfrom = " << pointText(s.x0, s.y0) << "\nto = " << pointText(s.x1, s.y1)
        << "\nthickness = " << s.thickness << "\n";
  }
  for (const MediumRegion& m : w.media) {
    out << "\n[[tank.medium]]\n";
    if (m.corners.empty()) {
      out << "centre = " << pointText(m.centreX, m.centreY) << "\nradius = " << m.radius << "\n";
    } else {
      out << "corners = [";
      for (size_t i = 0; i < m.corners.size(); ++i)
        out << (i ? ", " : "") << pointText(m.corners[i].first, m.corners[i].second);
      out << "]\n";
    }
    out << "speed = " << exact(m.speed / 255.0) << "  # a share of open water's\n";
  }
  for (const auto* list : {&w.sources, &w.lineSources, &w.movingSources})
    for (const WorldSource& s : *list) writeSource(out, s);

  out << "\n[look]\n";
  writeRows(out, p, "look");

  out << "\n[run]\nsteps = " << scene.steps << "  # a headless run's length\n";
  return out.str();
}

void saveSceneFile(const SceneFile& scene, const std::string& path) {
  writeFileAtomically(path, sceneFileText(scene, fs::path(path).parent_path().string()));
}

bool SceneFile::operator==(const SceneFile& o) const {
  const Params &a = params, &b = o.params;
  // What a scene holds of the parameters: the table's with a scene key, and the edges.
  bool sameParams = a.leftRightEdges == b.leftRightEdges && a.topBottomEdges == b.topBottomEdges;
  for (const ParamRow& row : paramTable()) {
    if (!*row.sceneSection) continue;
    sameParams = sameParams && std::visit([&](const auto& v) { return a.*v.member == b.*v.member; }, row.value);
  }
  const WorldOptions &u = world, &v = o.world;
  const bool sameWorld = u.walls == v.walls && u.wallsPicture == v.wallsPicture && u.mediumPicture == v.mediumPicture &&
                         u.sources == v.sources && u.lineSources == v.lineSources &&
                         u.movingSources == v.movingSources && u.media == v.media;
  bool sameDrops = drops.size() == o.drops.size();
  for (size_t i = 0; sameDrops && i < drops.size(); ++i) {
    const Stone &s = drops[i].stone, &t = o.drops[i].stone;
    sameDrops =
        drops[i].step == o.drops[i].step && s.x == t.x && s.y == t.y && s.radius == t.radius && s.weight == t.weight;
  }
  return sameParams && sameWorld && sameDrops && description == o.description && size == o.size &&
         picture == o.picture && seed == o.seed && steps == o.steps;
}

}  // namespace ripple

#pragma once
// The values a scene is made of (docs/scenes.md): the rule, the rain, the
// look, the wave tank, the stones still to fall, and the scene that holds
// them all with its picture and run. Each is set on a ripple::Water whole
// and read back from it; a scene is read, parsed and written by the free
// functions at the end and loaded with Water::loadScene().
#include <cstddef>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "ripple/export.hpp"
#include "ripple/types.hpp"

namespace ripple {

// The seeds' speed, 1/sqrt 2 cells a step: classic mode's, whatever
// Rule::speed says.
inline constexpr float kSeedSpeed = 0.70710678f;

// The ranges of a scene's parts, as Water::drop(), setTank(), addSource()
// and loadScene() check them (a parameter's range: parameters()). A
// position may lie off the grid, within kMinPosition to kMaxPosition.
inline constexpr int kMaxGridSide = 16384;               // a grid's or a frame's side: 1 to this
inline constexpr int kMaxStoneRadius = 256;              // a stone's radius: 1 to this many cells
inline constexpr float kMaxStoneWeight = 4096.0f;        // its weight: -this to this
inline constexpr int kMinPosition = -16384;              // a wall's ends, a source's cells, slow water's
inline constexpr int kMaxPosition = 32768;               // corners and centre
inline constexpr int kMaxWallThickness = 64;             // 1 to this many cells
inline constexpr double kMinSourcePeriod = 2.0;          // steps a wave: the shortest the grid carries
inline constexpr double kMaxSourcePeriod = 100000.0;     // to this
inline constexpr float kMaxSourceAmplitude = 4096.0f;    // -this to this, as a stone's weight
inline constexpr long long kLastSourceStep = 999999999;  // a source's start and end: 0 to this
inline constexpr int kMaxSteps = 100000000;              // a run's steps, a stone's step: 0 to this
inline constexpr unsigned kMaxRainSeed = 2147483647;     // the rain's seed: 0 to this
inline constexpr float kMinSlowWaterSpeed = 1.0f / 255;  // slow water's speed factor: this to 1
inline constexpr float kMaxSpeedNine = 0.8660254f;       // Rule::speed's limit with Stencil::Nine (sqrt 3 / 2)

// The rule that steps the water, set whole (Water::setRule). The defaults
// are the command line's.
struct Rule {
  Mode mode = Mode::Float;
  float damping = 0.006f;                      // the fraction lost a step, 0 to below 1; the seeds' 1/32
  float speed = 0.8f;                          // cells a step: 0.01 to 0.7071 with Five, 0.8660 with Nine
  Stencil stencil = Stencil::Nine;             // Five: the seeds' four neighbours
  StoneShape stoneShape = StoneShape::Smooth;  // Disc: the seeds'; classic mode drops discs
  bool operator==(const Rule& o) const {
    return mode == o.mode && damping == o.damping && speed == o.speed && stencil == o.stencil &&
           stoneShape == o.stoneShape;
  }
  bool operator!=(const Rule& o) const { return !(*this == o); }
  // The speed the water steps at, cells a step: classic mode runs the
  // seeds' rule at their speed, kSeedSpeed (for SimulationClock's pace).
  float stepSpeed() const { return mode == Mode::Classic ? kSeedSpeed : speed; }
  // The fastest stable speed with this stencil: kSeedSpeed (1/sqrt 2) with
  // Five, kMaxSpeedNine with Nine (a von Neumann analysis of the step).
  float speedLimit() const { return stencil == Stencil::Nine ? kMaxSpeedNine : kSeedSpeed; }
};

// Random stones before each step; no rain by default.
struct Rain {
  float dropsPerStep = 0.0f;  // on average, 0 (none) to 16
  int radius = 2;             // each of radius 1 to this many cells, 1 to 16
  float weight = 96.0f;       // their depth, -4096 to 4096
  unsigned seed = 1;          // the same seed rains the same stones
  bool falling = true;        // false: none falls, the rest kept (a switch, as the window's)
  bool operator==(const Rain& o) const {
    return dropsPerStep == o.dropsPerStep && radius == o.radius && weight == o.weight && seed == o.seed &&
           falling == o.falling;
  }
  bool operator!=(const Rain& o) const { return !(*this == o); }
};

// How the water is drawn: the picture shifted by the slope of the surface,
// and what is added to it. The ranges are the command line's.
struct Look {
  float refraction = 2.0f;       // pixels a unit of slope shifts the picture, 0 to 8
  float shading = 0.0f;          // brightness from the slope across (seed 002's), 0 to 4
  float heightShading = 0.0f;    // crests lighter, troughs darker, 0 to 16
  float lightStrength = 1.0f;    // a highlight where the surface mirrors the light, 0 (off) to 4
  float lightAzimuth = 135.0f;   // where the light is, degrees: 0 right, 90 top, 0 to 360
  float lightElevation = 60.0f;  // degrees above the water, 5 to 90
  bool operator==(const Look& o) const {
    return refraction == o.refraction && shading == o.shading && heightShading == o.heightShading &&
           lightStrength == o.lightStrength && lightAzimuth == o.lightAzimuth && lightElevation == o.lightElevation;
  }
  bool operator!=(const Look& o) const { return !(*this == o); }
};

// A source of waves in the tank: a point, a line of cells that sing in
// phase (a plane wave), or a point that moves at a steady pace (the Doppler
// effect). Before each step S with start <= S < end its cells move to
// amplitude * sin(2 pi (S - start) / period), eased in over the first
// period and out over the last (docs/rules.md).
struct Source {
  int x0 = 0, y0 = 0;       // a point's cell; a line's or a path's first end
  int x1 = 0, y1 = 0;       // a line's or a path's other end; a point: the same as (x0, y0)
  double period = 24.0;     // steps a wave, 2 to 100000
  float amplitude = 96.0f;  // as a stone's depth, -4096 to 4096 (negative: a trough first)
  long long start = 0;      // the first step it sings before
  long long end = -1;       // the step it stops before; -1: never (a moving point must stop)
  bool moving = false;      // a point moving from (x0, y0) at `start` to (x1, y1) at `end`
  bool operator==(const Source& o) const {
    return x0 == o.x0 && y0 == o.y0 && x1 == o.x1 && y1 == o.y1 && period == o.period && amplitude == o.amplitude &&
           start == o.start && end == o.end && moving == o.moving;
  }
  bool operator!=(const Source& o) const { return !(*this == o); }
};

// A stone, as Water::drop() takes it: centred on cell (x, y), `radius`
// cells, `weight` deep.
struct Drop {
  int x = 0, y = 0;
  int radius = 1;
  float weight = 96.0f;
};

// A drag's trail: stones from (x0, y0), left out (it fell when the drag got
// there), to (x1, y1), at most max(1, radius / 2) cells apart, so that no
// gap is left however far the pointer moved between two frames. The seeds
// drop one a cell along the line; half a radius costs far fewer. A trail
// of more than kMaxTrailStones is refused (ripple::Error).
inline constexpr int kMaxTrailStones = 1 << 20;
RIPPLE_EXPORT std::vector<Drop> trailStones(int x0, int y0, int x1, int y1, int radius, float weight);

// A wall: a straight line of cells from (x0, y0) to (x1, y1), `thickness`
// (1 to 64) cells thick; of length 0, a post.
struct Wall {
  int x0 = 0, y0 = 0, x1 = 0, y1 = 0;
  int thickness = 2;
};

// Slow water, a share of open water's speed (1/255 to 1): a polygon of three
// corners or more, or where there are no corners a disc.
struct SlowWater {
  std::vector<std::pair<int, int>> corners;  // in order around it
  int centreX = 0, centreY = 0, radius = 0;  // the disc's
  float speedFactor = 0.5f;
};

// The wave tank: what the edges and walls do, the walls, slow water and
// sources, in cells of the grid (Water::setTank) or pixels of a scene's
// frame (Scene::tank). Walls stand over slow water, whatever the order.
struct Tank {
  Edge leftRightEdges = Edge::Fixed;  // the seeds': both Fixed
  Edge topBottomEdges = Edge::Fixed;
  WallKind wallKind = WallKind::Reflecting;
  std::vector<Wall> walls;
  std::vector<SlowWater> slowWater;
  // Pictures of the cells, as --walls and --medium take them: dark pixels
  // are walls; a grey level is a speed factor (black a wall, white open water).
  std::string wallsPicture, slowWaterPicture;
  // Every cell's speed factor (0 a wall, up to 1 open water), row-major,
  // the top row first, one a cell (or a frame's pixel); empty: none. The
  // shapes and pictures above stand over it.
  std::vector<float> cellSpeeds;
  std::vector<Source> sources;

  // Open water in every cell: no walls, slow water, pictures or cell
  // speeds; the edges, the wall kind and the sources stay.
  void clearCells() {
    walls.clear();
    slowWater.clear();
    wallsPicture.clear();
    slowWaterPicture.clear();
    cellSpeeds.clear();
  }
};

// A stone of a scene: dropped just before step `step` (0 before the first).
struct ScheduledStone {
  long long step = 0;
  Drop stone;
};

// A scene: all that defines a run. Its positions (stones, walls, slow water,
// sources) are pixels of its frame, which Water::loadScene() brings to the
// water's grid; a frame of 0 x 0 is the grid itself.
struct Scene {
  std::string description;  // one line: what it shows
  int frameWidth = 0, frameHeight = 0;
  std::string picture;  // what it is drawn over, for loadPicture(); "": the default picture
  Rule rule;
  Look look;
  Rain rain;  // its weight is a click's stone's too
  Tank tank;
  std::vector<ScheduledStone> stones;
  int steps = 100;           // how long its run is (ripple --headless)
  int gridScale = 1;         // the window's grid: the frame / 2^gridScale (0 to 2)
  float waveSpeed = 180.0f;  // frame pixels a second (for ripple::SimulationClock)
  int stoneRadius = 20;      // a click's stone, frame pixels
};

// A scene file (whatever its name: its content says it is one). Throws
// ripple::Error naming the file, the line and the key of a fault.
RIPPLE_EXPORT Scene readScene(const std::string& path);
// A scene's TOML text; its pictures' relative paths are taken from `folder`.
RIPPLE_EXPORT Scene parseScene(const std::string& toml, const std::string& folder = ".");
// A built-in scene, by one of presetNames().
RIPPLE_EXPORT Scene presetScene(const std::string& name);
// The built-in scenes' names ("double-slit", ...).
RIPPLE_EXPORT std::vector<std::string> presetNames();

// Which way quarterTurned() turns a scene, as seen on the screen.
enum class Turn { Clockwise, Anticlockwise };
// The scene turned a quarter: its frame's width and height swapped, every
// position (stones, walls, slow water, sources) and the tank's cells turned
// with it, the edges' pairs swapped; clockwise, its left side comes to the
// top. Its picture and light stay, as the screen's. A tank's pictures of
// cells are read and turned into its cellSpeeds (the walls and slow water
// drawn in with them). Throws ripple::Error on a scene without a frame
// (0 x 0), a value out of range (as Water::loadScene()) or a picture that
// cannot be read.
RIPPLE_EXPORT Scene quarterTurned(const Scene& scene, Turn turn = Turn::Clockwise);
// The quarter turn that fits the scene to a width x height grid, if any:
// Clockwise where its frame lies across and the grid stands upright,
// Anticlockwise the other way round, so that the frame's long side runs
// along the grid's; none where they lie alike, either is square or the
// frame is 0 x 0. The turns undo each other: a scene saved from an upright
// water comes back as it was on one across. Width and height 1 to 16384.
//   if (auto turn = ripple::turnToFit(scene, w, h)) scene = ripple::quarterTurned(scene, *turn);
RIPPLE_EXPORT std::optional<Turn> turnToFit(const Scene& scene, int width, int height);
// Whether the file at `path` starts like a scene file (a ripple_scene key
// near the top) rather than a picture, whatever its name: for a host that
// opens what a user drops on it.
RIPPLE_EXPORT bool looksLikeScene(const std::string& path);
// The scene as a scene file's text, every key written, pictures relative to
// `folder` where they lie under it. A tank's cellSpeeds have no text: throws
// ripple::Error (writeScene() puts them in a picture).
RIPPLE_EXPORT std::string sceneText(const Scene& scene, const std::string& folder = ".");
// Writes the scene file at `path`; the tank's cellSpeeds go in a picture
// beside it: PATH's stem + ".walls.png", or ".medium.png" where there is
// slow water. Throws ripple::Error naming the path.
RIPPLE_EXPORT void writeScene(const Scene& scene, const std::string& path);

// The index of the source, of Water::sources() or a tank's, with a cell
// nearest (x, y) and within `reach` cells of it (the larger of the distances
// across and down), if any: the one under a click. A line's every cell
// counts, and a moving point's whole path. Throws ripple::Error on a cell
// beyond kMinPosition to kMaxPosition.
RIPPLE_EXPORT std::optional<std::size_t> sourceNear(const std::vector<Source>& sources, int x, int y, int reach);

}  // namespace ripple

#include "api/scene_values.hpp"

#include <algorithm>
#include <cmath>
#include <string>

#include "api/water_state.hpp"
#include "core/tank_tools.hpp"

namespace ripple {
namespace {

std::string cellText(int x, int y) { return "(" + std::to_string(x) + ", " + std::to_string(y) + ")"; }
std::string gridText(int w, int h) { return std::to_string(w) + "x" + std::to_string(h) + " grid"; }

void requireSlowWater(const SlowWater& s) {
  requireSpeedFactor("slow water speed", s.speedFactor);
  if (s.corners.empty()) {
    requireIn("slow water radius", s.radius, limits::gridSide);
    requireIn("slow water centre x", s.centreX, limits::wallCoordinate);
    requireIn("slow water centre y", s.centreY, limits::wallCoordinate);
    return;
  }
  if (s.corners.size() < 3) {
    throw Error("slow water: a polygon needs three corners or more, not " + std::to_string(s.corners.size()));
  }
  for (const auto& [x, y] : s.corners) {
    requireIn("slow water corner x", x, limits::wallCoordinate);
    requireIn("slow water corner y", y, limits::wallCoordinate);
  }
}

}  // namespace

void requireSpeedFactor(const char* what, float factor) {
  if (!(factor >= 0.0f && factor <= 1.0f)) {
    throw Error(std::string(what) + ": '" + valueText(factor) +
                "' is out of range: a speed factor is from 0 (a wall) to 1");
  }
}

CellSpeed cellSpeedOf(float factor) { return factor <= 0.0f ? kWallCell : slowWaterSpeed(factor); }

float speedFactorOf(CellSpeed speed) { return speed / 255.0f; }

void requireRule(const Rule& rule) {
  requireChoice("mode", rule.mode);
  requireIn("damping", rule.damping, limits::damping);
  requireIn("speed", rule.speed, limits::courant);
  requireChoice("stencil", rule.stencil);
  requireChoice("stone shape", rule.stoneShape);
  const std::string unstable = stabilityProblem(rule.speed, rule.stencil, "Rule::stencil = Stencil::Nine");
  if (!unstable.empty()) throw Error("speed: " + unstable);
}

void requireLook(const Look& look) {
  requireIn("refraction", look.refraction, limits::refraction);
  requireIn("shading", look.shading, limits::shading);
  requireIn("height shading", look.heightShading, limits::heightShading);
  requireIn("light strength", look.lightStrength, limits::lightStrength);
  requireIn("light azimuth", look.lightAzimuth, limits::lightAzimuth);
  requireIn("light elevation", look.lightElevation, limits::lightElevation);
}

void requireRain(const Rain& rain) {
  requireIn("rain", rain.dropsPerStep, limits::rainRate);
  requireIn("rain radius", rain.radius, limits::rainRadius);
  requireIn("rain weight", rain.weight, limits::stoneWeight);
}

void requireSourceOn(const Source& source, int w, int h) {
  requireIn("source period", static_cast<float>(source.period), limits::sourcePeriod);
  requireIn("source amplitude", source.amplitude, limits::sourceAmplitude);
  const WorldSource s = worldSourceOf(source);
  if (!sourceOnGrid(s, w, h)) {
    throw Error("source: the source " + sourcePlace(s) + (s.x0 != s.x1 || s.y0 != s.y1 ? " reaches" : " lies") +
                " outside the " + gridText(w, h));
  }
  if (s.start < 0 || s.start > kLastSourceStep || (s.end && (*s.end <= s.start || *s.end > kLastSourceStep))) {
    throw Error("source: it must start at step 0 to " + std::to_string(kLastSourceStep) +
                " and end after it starts, by that step (end " + std::to_string(source.end) + ", start " +
                std::to_string(source.start) + ")");
  }
  if (s.moving && !s.end) throw Error("source: a moving source must end: it has arrived by then");
}

void requireTankOn(const Tank& tank, int w, int h) {
  requireChoice("left and right edges", tank.leftRightEdges);
  requireChoice("top and bottom edges", tank.topBottomEdges);
  requireChoice("wall kind", tank.wallKind);
  for (const Wall& wall : tank.walls) {
    requireIn("wall thickness", wall.thickness, limits::wallThickness);
    const std::optional<WallSegment> cut = wallWithinReach({wall.x0, wall.y0, wall.x1, wall.y1, wall.thickness}, w, h);
    if (!cut || !wallTouchesGrid(*cut, w, h)) {
      throw Error("wall: the wall from " + cellText(wall.x0, wall.y0) + " to " + cellText(wall.x1, wall.y1) + ", " +
                  std::to_string(wall.thickness) + (wall.thickness == 1 ? " cell" : " cells") +
                  " thick, lies entirely outside the " + gridText(w, h));
    }
  }
  for (const SlowWater& s : tank.slowWater) requireSlowWater(s);
  if (!tank.cellSpeeds.empty() && tank.cellSpeeds.size() != static_cast<size_t>(w) * h) {
    throw Error("cell speeds: " + std::to_string(tank.cellSpeeds.size()) + " given for the " + gridText(w, h) + "'s " +
                std::to_string(static_cast<size_t>(w) * h) + " cells");
  }
  for (float f : tank.cellSpeeds) requireSpeedFactor("cell speeds", f);
  for (const Source& s : tank.sources) requireSourceOn(s, w, h);
}

void requireScene(const Scene& scene, std::pair<int, int> grid) {
  const bool noFrame = scene.frameWidth == 0 && scene.frameHeight == 0;
  if (!noFrame) {
    requireIn("scene frame width", scene.frameWidth, limits::gridSide);
    requireIn("scene frame height", scene.frameHeight, limits::gridSide);
  }
  requireRule(scene.rule);
  requireLook(scene.look);
  requireRain(scene.rain);
  for (const ScheduledStone& s : scene.stones) {
    requireIn("stone radius", s.stone.radius, limits::stoneRadius);
    requireIn("stone weight", s.stone.weight, limits::stoneWeight);
    if (s.step < 0 || s.step > limits::steps.max) {
      throw Error("stone step: '" + std::to_string(s.step) + "' is out of range: it must be " +
                  rangeText(limits::steps));
    }
  }
  requireIn("scene steps", scene.steps, limits::steps);
  requireIn("grid scale", scene.gridScale, limits::simScaleShift);
  requireIn("wave speed", scene.waveSpeed, limits::waveSpeed);
  requireIn("stone radius", scene.stoneRadius, limits::stoneRadius);
  const auto [w, h] = noFrame ? grid : std::pair(scene.frameWidth, scene.frameHeight);
  requireTankOn(scene.tank, w, h);
}

Rule ruleOf(const Params& p) { return {p.mode, p.damping, p.courant, p.stencil, p.stoneShape}; }

void putRule(const Rule& rule, Params& p) {
  p.mode = rule.mode;
  p.damping = rule.damping;
  p.courant = rule.speed;
  p.stencil = rule.stencil;
  p.stoneShape = rule.stoneShape;
}

Look lookOf(const Params& p) {
  return {p.refraction, p.shading, p.heightShading, p.lightStrength, p.lightAzimuth, p.lightElevation};
}

void putLook(const Look& look, Params& p) {
  p.refraction = look.refraction;
  p.shading = look.shading;
  p.heightShading = look.heightShading;
  p.lightStrength = look.lightStrength;
  p.lightAzimuth = look.lightAzimuth;
  p.lightElevation = look.lightElevation;
}

Rain rainOf(const Params& p, unsigned seed) { return {p.rainRate, p.rainRadius, p.stoneWeight, seed, p.rain}; }

void putRain(const Rain& rain, Params& p) {
  p.rain = rain.falling;
  p.rainRate = rain.dropsPerStep;
  p.rainRadius = rain.radius;
  p.stoneWeight = rain.weight;
}

TimedStone timedStoneOf(const ScheduledStone& s, StoneShape shape) {
  TimedStone t;
  t.step = static_cast<int>(s.step);  // requireScene keeps it within limits::steps
  t.stone = {s.stone.x, s.stone.y, s.stone.radius, s.stone.weight, shape};
  return t;
}

ScheduledStone scheduledStoneOf(const TimedStone& t) {
  return {t.step, {t.stone.x, t.stone.y, t.stone.radius, t.stone.weight}};
}

WorldSource worldSourceOf(const Source& s) {
  WorldSource w;
  w.x0 = s.x0;
  w.y0 = s.y0;
  w.x1 = s.x1;
  w.y1 = s.y1;
  w.period = s.period;
  w.amplitude = s.amplitude;
  w.start = s.start;
  if (s.end >= 0) w.end = s.end;
  w.moving = s.moving;
  return w;
}

Source sourceOf(const WorldSource& w) {
  return {w.x0, w.y0, w.x1, w.y1, w.period, w.amplitude, w.start, w.end ? *w.end : -1, w.moving};
}

Tank tankOf(const WorldOptions& world, const Params& p) {
  Tank tank;
  tank.leftRightEdges = p.leftRightEdges;
  tank.topBottomEdges = p.topBottomEdges;
  tank.wallKind = p.wallKind;
  for (const WallSegment& w : world.walls) tank.walls.push_back({w.x0, w.y0, w.x1, w.y1, w.thickness});
  for (const MediumRegion& m : world.media)
    tank.slowWater.push_back({m.corners, m.centreX, m.centreY, m.radius, speedFactorOf(m.speed)});
  tank.wallsPicture = world.wallsPicture;
  tank.slowWaterPicture = world.mediumPicture;
  // One list, in the order the world is built with them.
  for (const auto* list : {&world.sources, &world.lineSources, &world.movingSources})
    for (const WorldSource& s : *list) tank.sources.push_back(sourceOf(s));
  return tank;
}

void putTank(const Tank& tank, WorldOptions& world, Params& p) {
  p.leftRightEdges = tank.leftRightEdges;
  p.topBottomEdges = tank.topBottomEdges;
  p.wallKind = tank.wallKind;
  world = WorldOptions{};
  for (const Wall& w : tank.walls) world.walls.push_back({w.x0, w.y0, w.x1, w.y1, w.thickness});
  for (const SlowWater& s : tank.slowWater) {
    MediumRegion m;
    m.corners = s.corners;
    m.centreX = s.centreX;
    m.centreY = s.centreY;
    m.radius = s.radius;
    m.speed = cellSpeedOf(s.speedFactor);
    world.media.push_back(m);
  }
  world.wallsPicture = tank.wallsPicture;
  world.mediumPicture = tank.slowWaterPicture;
  for (const Source& s : tank.sources) world.sources.push_back(worldSourceOf(s));
}

std::vector<float> speedFactorsOf(const std::vector<CellSpeed>& cells) {
  std::vector<float> factors(cells.size());
  std::transform(cells.begin(), cells.end(), factors.begin(), speedFactorOf);
  return factors;
}

std::vector<CellSpeed> cellSpeedsOf(const std::vector<float>& factors) {
  std::vector<CellSpeed> cells(factors.size());
  std::transform(factors.begin(), factors.end(), cells.begin(), cellSpeedOf);
  return cells;
}

Params paramsOf(const Scene& scene) {
  Params p;
  putRule(scene.rule, p);
  putLook(scene.look, p);
  putRain(scene.rain, p);
  p.leftRightEdges = scene.tank.leftRightEdges;
  p.topBottomEdges = scene.tank.topBottomEdges;
  p.wallKind = scene.tank.wallKind;
  p.simScaleShift = scene.gridScale;
  p.waveSpeed = scene.waveSpeed;
  p.stoneRadius = scene.stoneRadius;
  return p;
}

void putParams(const Params& p, Scene& scene) {
  scene.rule = ruleOf(p);
  scene.look = lookOf(p);
  scene.rain = rainOf(p, scene.rain.seed);
  scene.tank.leftRightEdges = p.leftRightEdges;
  scene.tank.topBottomEdges = p.topBottomEdges;
  scene.tank.wallKind = p.wallKind;
  scene.gridScale = p.simScaleShift;
  scene.waveSpeed = p.waveSpeed;
  scene.stoneRadius = p.stoneRadius;
}

Scene publicScene(const SceneFile& file) {
  Scene scene;
  scene.description = file.description;
  if (file.size) std::tie(scene.frameWidth, scene.frameHeight) = *file.size;
  scene.picture = file.picture;
  scene.rain.seed = static_cast<unsigned>(file.seed);
  putParams(file.params, scene);
  scene.tank = tankOf(file.world, file.params);
  for (const TimedStone& t : file.drops) scene.stones.push_back(scheduledStoneOf(t));
  scene.steps = file.steps;
  return scene;
}

SceneFile sceneFileOf(const Scene& scene) {
  if (!scene.tank.cellSpeeds.empty()) {
    throw Error("scene: a tank's cellSpeeds have no text; writeScene() puts them in a picture beside the scene");
  }
  SceneFile file;
  file.description = scene.description;
  if (scene.frameWidth > 0 || scene.frameHeight > 0) file.size = std::pair(scene.frameWidth, scene.frameHeight);
  file.picture = scene.picture;
  file.params = paramsOf(scene);
  putTank(scene.tank, file.world, file.params);
  file.seed = scene.rain.seed;
  for (const ScheduledStone& s : scene.stones) file.drops.push_back(timedStoneOf(s, file.params.stoneShape));
  file.steps = scene.steps;
  return file;
}

}  // namespace ripple

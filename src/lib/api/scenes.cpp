// ripple::Water's scenes, the built-in pictures and presets (include/ripple/
// water.hpp): a scene's parameters, look, rain, tank and stones brought to
// the Water's grid as the program brings them to its own.
#include <algorithm>
#include <filesystem>

#include "api/water_state.hpp"
#include "core/builtin_pictures.hpp"
#include "core/image.hpp"
#include "core/tank_tools.hpp"
#include "scene/presets.hpp"
#include "scene/scene.hpp"

namespace ripple {
namespace {

// n scaled from a side of `from` to one of `to`, rounded towards zero, as
// the program scales a scene's stones (app/scene_options.cpp).
int scaled(int n, int from, int to) { return static_cast<int>(static_cast<long long>(n) * to / std::max(1, from)); }

SceneInfo loadInto(Water::State& s, const Scene& scene) {
  const Params& from = scene.params;
  Params& p = s.params;
  p.mode = from.mode;
  p.damping = from.damping;
  p.courant = from.courant;
  p.stencil = from.stencil;
  p.stoneShape = from.stoneShape;
  p.stoneWeight = from.stoneWeight;
  p.rain = from.rain;
  p.rainRate = from.rainRate;
  p.rainRadius = from.rainRadius;
  p.refraction = from.refraction;
  p.shading = from.shading;
  p.heightShading = from.heightShading;
  p.lightStrength = from.lightStrength;
  p.lightAzimuth = from.lightAzimuth;
  p.lightElevation = from.lightElevation;

  const std::pair<int, int> grid = s.grid();
  const std::pair<int, int> frame = scene.size.value_or(grid);
  s.tank = scene.world;
  p.leftRightEdges = from.leftRightEdges;
  p.topBottomEdges = from.topBottomEdges;
  p.wallKind = from.wallKind;
  // One list of sources, in the order the world is built with them, so that
  // sources() and removeSource() count them alike.
  for (auto* list : {&s.tank.lineSources, &s.tank.movingSources}) {
    s.tank.sources.insert(s.tank.sources.end(), list->begin(), list->end());
    list->clear();
  }
  s.cellSpeeds.clear();
  s.tankGrid = frame;
  s.rebuildWorld();
  s.requireGridFits(grid.first, grid.second);

  s.sceneStones = scene.drops;
  for (TimedStone& t : s.sceneStones) t.stone.shape = stoneShape(p);
  s.sceneFrame = frame;
  s.driver = ScenarioDriver(s.sceneStonesOnGrid(), scene.seed);
  s.rainSeed = static_cast<unsigned>(scene.seed);
  s.water().reset();
  s.scene = {scene.description, scene.picture,      scene.steps,    frame.first,
             frame.second,      from.simScaleShift, from.waveSpeed, from.stoneRadius};
  return s.scene;
}

}  // namespace

std::vector<TimedStone> Water::State::sceneStonesOnGrid() const {
  const auto [w, h] = grid();
  std::vector<TimedStone> drops = sceneStones;
  for (TimedStone& t : drops) {
    t.stone.x = scaled(t.stone.x, sceneFrame.first, w);
    t.stone.y = scaled(t.stone.y, sceneFrame.second, h);
    t.stone.radius = std::max(1, scaled(t.stone.radius, sceneFrame.first, w));
  }
  return drops;
}

namespace {

// All of the scene or, where its tank cannot be built (a picture of its
// that is not there), none of it.
SceneInfo load(Water::State& s, const Scene& scene) {
  SceneInfo info;
  try {
    s.editTank([&] { info = loadInto(s, scene); });
  } catch (const Error& e) {
    throw Error(e.what());  // a UsageError is the program's; the caller gets the plain kind
  }
  return info;
}

// The world's cells as a picture: walls black and open water white, or with
// `grey` every cell's speed as its grey level (black is still a wall).
Image cellsPicture(const WaterWorld& world, bool grey) {
  Image out(world.width, world.height);
  for (int y = 0; y < world.height; ++y) {
    for (int x = 0; x < world.width; ++x) {
      const CellSpeed v = world.speedAt(x, y);
      const unsigned char level = grey ? v : (v == kWallCell ? 0 : 255);
      unsigned char* p = out.pixel(x, y);
      p[0] = p[1] = p[2] = level;
      p[3] = 255;
    }
  }
  return out;
}

// Painted cells go in a picture beside the scene, in place of the tank's
// shapes (the picture holds them too). Classic mode steps no slow water, and
// a classic scene with a medium is refused: its slow water stays out.
void saveCellsBeside(const WaterWorld& world, Mode mode, const std::string& path, WorldOptions& tank) {
  tank.clearCells();
  const std::string stem = std::filesystem::path(path).replace_extension().string();
  if (world.hasSlowWater() && mode != Mode::Classic) {
    tank.mediumPicture = stem + ".medium.png";
    savePng(cellsPicture(world, true), tank.mediumPicture);
  } else if (world.hasWalls()) {
    tank.wallsPicture = stem + ".walls.png";
    savePng(cellsPicture(world, false), tank.wallsPicture);
  }
}

}  // namespace

Picture loadPicture(const std::string& path) {
  Image image = loadNamedPicture(path);
  return {image.width, image.height, std::move(image.rgba)};
}

std::vector<std::string> presetNames() {
  std::vector<std::string> names;
  for (const PresetInfo& preset : presets()) names.push_back(preset.name);
  return names;
}

SceneInfo Water::loadScene(const std::string& path) {
  usableState(state_, "loadScene");
  const KeepGlStateIfGpu keep(*state_);
  try {
    return load(*state_, loadSceneFile(path));
  } catch (const UsageError& e) {  // "FILE:LINE: KEY: what is wrong"
    throw Error(e.what());
  }
}

SceneInfo Water::loadSceneText(const std::string& toml, const std::string& folder) {
  usableState(state_, "loadSceneText");
  const KeepGlStateIfGpu keep(*state_);
  try {
    return load(*state_, parseScene(toml, "the scene text", folder));
  } catch (const UsageError& e) {
    throw Error(e.what());
  }
}

SceneInfo Water::loadPreset(const std::string& name) {
  usableState(state_, "loadPreset");
  const std::vector<std::string> names = presetNames();
  if (std::find(names.begin(), names.end(), name) == names.end()) {
    std::string list;
    for (const std::string& n : names) list += (list.empty() ? "" : ", ") + n;
    throw Error("preset: there is no preset '" + name + "'; the presets are " + list);
  }
  const KeepGlStateIfGpu keep(*state_);
  return load(*state_, presetScene(name));
}

void Water::saveScene(const std::string& path) const {
  usableState(state_, "saveScene");
  saveScene(path, state_->scene);
}

void Water::saveScene(const std::string& path, const SceneInfo& info) const {
  usableState(state_, "saveScene");
  Water::State& s = *state_;
  s.rebaseTank();  // the tank's positions in the grid's cells
  Scene scene;
  scene.description = info.description;
  scene.picture = info.picture;
  scene.steps = info.steps;
  scene.seed = s.rainSeed;
  scene.drops = s.driver.scriptedStones();
  scene.params = s.params;
  scene.params.simScaleShift = info.gridScale;
  scene.params.waveSpeed = info.waveSpeed;
  scene.params.stoneRadius = info.stoneRadius;
  scene.world = s.tank;
  // A source added while the water ran sings from the scene's start.
  for (WorldSource& source : scene.world.sources)
    if (source.addedWhileRunning && source.start <= s.driver.stepsDone()) source.start = 0;
  if (!s.cellSpeeds.empty() && s.world) saveCellsBeside(*s.world, s.params.mode, path, scene.world);
  // Positions in pixels of the host's frame, each cell's centre.
  const std::pair<int, int> grid = s.grid();
  scene.size = info.frameWidth > 0 && info.frameHeight > 0 ? std::pair(info.frameWidth, info.frameHeight) : grid;
  scaleTank(scene.world, grid, *scene.size);
  for (TimedStone& t : scene.drops) {
    t.stone.x = scaledCell(t.stone.x, grid.first, scene.size->first);
    t.stone.y = scaledCell(t.stone.y, grid.second, scene.size->second);
    t.stone.radius = std::max(1, scaled(t.stone.radius, grid.first, scene.size->first));
  }
  saveSceneFile(scene, path);
}

}  // namespace ripple

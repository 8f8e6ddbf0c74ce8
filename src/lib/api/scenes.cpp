// ripple::Water's scenes and the free functions that read and write them
// (include/ripple/scene.hpp): a scene's rule, look, rain, tank and stones
// brought to the Water's grid from the scene's frame.
#include <algorithm>
#include <filesystem>

#include "api/scene_values.hpp"
#include "api/water_state.hpp"
#include "core/builtin_pictures.hpp"
#include "core/image.hpp"
#include "core/tank_tools.hpp"
#include "core/water_rule.hpp"
#include "scene/presets.hpp"
#include "scene/scene.hpp"

namespace ripple {
namespace {

// n scaled from a side of `from` to one of `to`, rounded towards zero, as
// the program scales a scene's stones (app/scene_options.cpp).
int scaled(int n, int from, int to) { return static_cast<int>(static_cast<long long>(n) * to / std::max(1, from)); }

// A scene file's fault ("FILE:LINE: KEY: what is wrong") as the plain
// ripple::Error a host catches.
template <typename Read>
auto readAsHostError(Read read) {
  try {
    return read();
  } catch (const Error& e) {
    throw Error(e.what());
  }
}

void loadInto(Water::State& s, const Scene& scene) {
  const std::pair<int, int> grid = s.grid();
  const std::pair<int, int> frame = scene.frameWidth > 0 ? std::pair(scene.frameWidth, scene.frameHeight) : grid;
  putRule(scene.rule, s.params);
  putLook(scene.look, s.params);
  putRain(scene.rain, s.params);
  s.putTankOn(scene.tank, frame);  // the one part that may refuse: nothing below has changed yet

  s.scene = scene;  // its tank and stones live in the state
  s.scene.tank = Tank{};
  s.scene.stones.clear();
  s.scene.frameWidth = frame.first;
  s.scene.frameHeight = frame.second;
  s.sceneStones.clear();
  for (const ScheduledStone& t : scene.stones) s.sceneStones.push_back(timedStoneOf(t, stoneShape(s.params)));
  s.driver = ScenarioDriver(s.sceneStonesOnGrid(), scene.rain.seed);
  s.rainSeed = scene.rain.seed;
  s.water().reset();
}

// The world's cells as a picture: walls black and open water white, or with
// `grey` every cell's speed as its grey level (black is still a wall).
Picture cellsPicture(const std::vector<float>& cellSpeeds, int width, int height, bool grey) {
  Picture out(width, height);
  for (int y = 0; y < height; ++y) {
    for (int x = 0; x < width; ++x) {
      const float f = cellSpeeds[static_cast<size_t>(y) * width + x];
      const CellSpeed v = f <= 0.0f ? kWallCell : slowWaterSpeed(f);
      const unsigned char level = grey || v == kWallCell ? v : 255;
      unsigned char* p = out.pixel(x, y);
      p[0] = p[1] = p[2] = level;
      p[3] = 255;
    }
  }
  return out;
}

// A tank's cellSpeeds go in a picture beside the scene file at `path`, in
// place of its shapes (the cells hold them too). Classic mode steps no slow
// water, and a classic scene with slow water is refused: it stays out.
void putCellsBeside(Scene& scene, const std::string& path) {
  Tank& tank = scene.tank;
  const int w = scene.frameWidth, h = scene.frameHeight;
  const bool slow = std::any_of(tank.cellSpeeds.begin(), tank.cellSpeeds.end(),
                                [](float f) { return f > 0.0f && slowWaterSpeed(f) != kOpenWater; });
  const bool walls = std::any_of(tank.cellSpeeds.begin(), tank.cellSpeeds.end(), [](float f) { return f <= 0.0f; });
  const std::string stem = std::filesystem::path(path).replace_extension().string();
  tank.walls.clear();
  tank.slowWater.clear();
  tank.wallsPicture.clear();
  tank.slowWaterPicture.clear();
  if (slow && scene.rule.mode != Mode::Classic) {
    tank.slowWaterPicture = stem + ".medium.png";
    savePicture(cellsPicture(tank.cellSpeeds, w, h, true), tank.slowWaterPicture);
  } else if (walls) {
    tank.wallsPicture = stem + ".walls.png";
    savePicture(cellsPicture(tank.cellSpeeds, w, h, false), tank.wallsPicture);
  }
  tank.cellSpeeds.clear();
}

}  // namespace

std::vector<TimedStone> Water::State::sceneStonesOnGrid() const {
  const auto [w, h] = grid();
  std::vector<TimedStone> drops = sceneStones;
  for (TimedStone& t : drops) {
    t.stone.x = scaled(t.stone.x, scene.frameWidth, w);
    t.stone.y = scaled(t.stone.y, scene.frameHeight, h);
    t.stone.radius = std::max(1, scaled(t.stone.radius, scene.frameWidth, w));
  }
  return drops;
}

std::vector<std::string> presetNames() {
  std::vector<std::string> names;
  for (const PresetInfo& preset : presets()) names.push_back(preset.name);
  return names;
}

Scene readScene(const std::string& path) {
  return readAsHostError([&] { return publicScene(loadSceneFile(path)); });
}

Scene parseScene(const std::string& toml, const std::string& folder) {
  return readAsHostError([&] { return publicScene(parseSceneFile(toml, "the scene text", folder)); });
}

Scene presetScene(const std::string& name) {
  const std::vector<std::string> names = presetNames();
  if (std::find(names.begin(), names.end(), name) == names.end()) {
    std::string list;
    for (const std::string& n : names) list += (list.empty() ? "" : ", ") + n;
    throw Error("preset: there is no preset '" + name + "'; the presets are " + list);
  }
  return publicScene(presetSceneFile(name));
}

std::string sceneText(const Scene& scene, const std::string& folder) {
  return sceneFileText(sceneFileOf(scene), folder);
}

void writeScene(const Scene& scene, const std::string& path) {
  Scene written = scene;
  if (!written.tank.cellSpeeds.empty()) {
    if (written.frameWidth <= 0 || written.frameHeight <= 0)
      throw Error("writeScene: a tank's cellSpeeds are pixels of the scene's frame: give its size");
    requireTankOn(written.tank, written.frameWidth, written.frameHeight);
    putCellsBeside(written, path);
  }
  readAsHostError([&] {
    saveSceneFile(sceneFileOf(written), path);
    return 0;
  });
}

void Water::loadScene(const Scene& scene) {
  State& s = usableState(state_, "loadScene");
  requireScene(scene, s.grid());
  const KeepGlStateIfGpu keep(s);
  // All of the scene or, where its tank cannot be built (a picture of its
  // that is not there, layers too large for the GPU), none of it.
  readAsHostError([&] {
    s.editTank([&] { loadInto(s, scene); });
    return 0;
  });
}

Scene Water::scene(int frameWidth, int frameHeight) const {
  const State& s = usableState(state_, "scene");
  if (frameWidth != 0 || frameHeight != 0) {
    requireIn("scene frame width", frameWidth, limits::gridSide);
    requireIn("scene frame height", frameHeight, limits::gridSide);
  }
  const std::pair<int, int> grid = s.grid();
  const std::pair<int, int> frame = frameWidth > 0           ? std::pair(frameWidth, frameHeight)
                                    : s.scene.frameWidth > 0 ? std::pair(s.scene.frameWidth, s.scene.frameHeight)
                                                             : grid;
  Scene scene = s.scene;
  scene.frameWidth = frame.first;
  scene.frameHeight = frame.second;
  scene.rule = ruleOf(s.params);
  scene.look = lookOf(s.params);
  scene.rain = rainOf(s.params, s.rainSeed);
  scene.tank = s.tankOn(frame);
  // A source added while the water ran sings from the scene's start.
  for (size_t i = 0; i < scene.tank.sources.size() && i < s.tank.sources.size(); ++i) {
    const WorldSource& source = s.tank.sources[i];
    if (source.addedWhileRunning && source.start <= s.driver.stepsDone()) scene.tank.sources[i].start = 0;
  }
  // The scene's stones, from the grid's cells to pixels of the frame.
  scene.stones.clear();
  for (TimedStone t : s.driver.scriptedStones()) {
    t.stone.x = scaledCell(t.stone.x, grid.first, frame.first);
    t.stone.y = scaledCell(t.stone.y, grid.second, frame.second);
    t.stone.radius = std::max(1, scaled(t.stone.radius, grid.first, frame.first));
    scene.stones.push_back(scheduledStoneOf(t));
  }
  return scene;
}

}  // namespace ripple

#include "app/window_scene.hpp"

#include <algorithm>
#include <filesystem>

#include "core/image.hpp"

namespace ripple {
namespace {

// n scaled from a side of `from` to one of `to`: a cell to the frame pixel
// under its centre.
int toFrame(int n, int from, int to) { return static_cast<int>((2LL * n + 1) * to / (2LL * std::max(1, from))); }

// The world's cells as a picture: walls black and open water white, or with
// `grey` every cell's speed as its grey level (black is still a wall).
Image worldPicture(const WaterWorld& world, bool grey) {
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

}  // namespace

void saveWindowScene(const WindowRun& run, const std::string& path) {
  const Options& o = *run.options;
  Scene scene;
  scene.description = o.sceneDescription;
  scene.size = std::pair<int, int>(run.frameWidth, run.frameHeight);
  scene.picture = run.picturePath;
  scene.params = *run.params;
  scene.seed = o.seed;
  scene.steps = o.steps;
  // The stones still to come, in this frame's pixels.
  const auto from = o.sceneFrame.value_or(std::pair<int, int>(run.frameWidth, run.frameHeight));
  for (TimedStone t : o.drops) {
    t.stone.x = static_cast<int>(static_cast<long long>(t.stone.x) * run.frameWidth / std::max(1, from.first));
    t.stone.y = static_cast<int>(static_cast<long long>(t.stone.y) * run.frameHeight / std::max(1, from.second));
    t.stone.radius =
        std::clamp(static_cast<int>(static_cast<long long>(t.stone.radius) * run.frameWidth / std::max(1, from.first)),
                   1, static_cast<int>(limits::stoneRadius.max));
    scene.drops.push_back(t);
  }
  WorldOptions& w = scene.world;
  w.horizontalEdges = run.params->horizontalEdges;
  w.verticalEdges = run.params->verticalEdges;
  w.wallKind = run.params->wallKind;
  if (const WaterWorld* world = run.world) {
    w.horizontalEdges = world->horizontalEdges;
    w.verticalEdges = world->verticalEdges;
    w.wallKind = world->wallKind;
    const std::filesystem::path stem = std::filesystem::path(path).replace_extension();
    // Classic mode steps no slow water (the seeds' rule has one speed), and
    // a classic scene with a medium is refused: its painted slow water stays
    // out, as it stays out of the run.
    if (world->hasSlowWater() && run.params->mode != Mode::Classic) {
      w.mediumPicture = stem.string() + ".medium.png";
      savePng(worldPicture(*world, true), w.mediumPicture);
    } else if (world->hasWalls()) {
      w.wallsPicture = stem.string() + ".walls.png";
      savePng(worldPicture(*world, false), w.wallsPicture);
    }
    for (WorldSource s : world->sources) {
      if (s.placedInWindow && s.start <= run.stepsDone) s.start = 0;
      s.x0 = toFrame(s.x0, world->width, run.frameWidth);
      s.x1 = toFrame(s.x1, world->width, run.frameWidth);
      s.y0 = toFrame(s.y0, world->height, run.frameHeight);
      s.y1 = toFrame(s.y1, world->height, run.frameHeight);
      (s.moving ? w.movingSources : s.isLine() ? w.lineSources : w.sources).push_back(s);
    }
  }
  saveSceneFile(scene, path);
}

}  // namespace ripple

// The window's "Save scene": what it writes opens again as the same world on
// the same grid (walls and slow water through the pictures beside the scene,
// sources through frame pixels), with the panel's settings.
#include <gtest/gtest.h>

#include <filesystem>

#include "app/scene_options.hpp"
#include "app/window_scene.hpp"
#include "core/tank_tools.hpp"

namespace ripple {
namespace {

namespace fs = std::filesystem;

WaterWorld paintedWorld(int w, int h) {
  WaterWorld world(w, h);
  paintStroke(world, 10, 20, 200, 40, 3, kWallCell);
  paintStroke(world, 100, 150, 160, 150, 9, slowWaterSpeed(0.4f));
  world.horizontalEdges = Edge::Absorbing;
  world.verticalEdges = Edge::Free;
  world.wallKind = WallKind::Held;
  addSource(world, 50, 60, 22.0, 40.0f, 7);
  WorldSource moving;
  moving.x0 = 10;
  moving.y0 = 200;
  moving.x1 = 300;
  moving.y1 = 210;
  moving.moving = true;
  moving.end = 900;
  world.sources.push_back(moving);
  return world;
}

TEST(WindowScene, SavedSceneOpensAsTheSameWorldAndSettings) {
  const fs::path dir = fs::temp_directory_path() / "ripple_window_scene";
  fs::remove_all(dir);
  fs::create_directories(dir);
  const WaterWorld world = paintedWorld(320, 240);
  Options options;
  Params params;
  params.damping = 0.0125f;
  params.lightStrength = 2.5f;
  params.simScaleShift = 1;
  const std::string path = (dir / "saved.toml").string();
  saveWindowScene({&options, &params, &world, 640, 480, ""}, path);
  EXPECT_TRUE(fs::exists(dir / "saved.medium.png")) << "slow water goes in a picture of speeds";

  Options opened;
  applyScene(loadSceneFile(path), opened);
  EXPECT_EQ(opened.params.damping, 0.0125f);
  EXPECT_EQ(opened.params.lightStrength, 2.5f);
  EXPECT_EQ(opened.sceneFrame, (std::pair<int, int>(640, 480)));
  const WaterWorld back = worldOnGrid(opened, {320, 240});
  EXPECT_EQ(back.speed, world.speed) << "every wall and slow-water cell where it was";
  EXPECT_EQ(back.horizontalEdges, Edge::Absorbing);
  EXPECT_EQ(back.verticalEdges, Edge::Free);
  EXPECT_EQ(back.wallKind, WallKind::Held);
  ASSERT_EQ(back.sources.size(), 2u);
  EXPECT_EQ(back.sources[0], world.sources[0]);
  EXPECT_EQ(back.sources[1], world.sources[1]);
}

// Saved at step 500: a source clicked in at step 332 of the window's run
// starts the scene; the scene's own sources keep their steps, one that began
// at 100 and one that waits for 900.
TEST(WindowScene, SourcesClickedInStartTheSavedScene) {
  const fs::path dir = fs::temp_directory_path() / "ripple_window_scene_sources";
  fs::remove_all(dir);
  fs::create_directories(dir);
  WaterWorld world(320, 240);
  addSource(world, 50, 60, 22.0, 40.0f, 332);
  WorldSource scheduled;
  scheduled.x0 = scheduled.x1 = 80;
  scheduled.start = 900;
  world.sources.push_back(scheduled);
  WorldSource moving;
  moving.x1 = 300;
  moving.moving = true;
  moving.start = 100;
  moving.end = 700;
  world.sources.push_back(moving);
  Options options;
  Params params;
  const std::string path = (dir / "sources.toml").string();
  saveWindowScene({&options, &params, &world, 320, 240, "", 500}, path);
  Options opened;
  applyScene(loadSceneFile(path), opened);
  const WaterWorld back = worldOnGrid(opened, {320, 240});
  ASSERT_EQ(back.sources.size(), 3u);
  EXPECT_EQ(back.sources[0].start, 0);
  EXPECT_FALSE(back.sources[0].end.has_value());
  EXPECT_EQ(back.sources[1].start, 900);
  EXPECT_EQ(back.sources[2].start, 100);
  EXPECT_EQ(back.sources[2].end, std::optional<long long>(700));
  EXPECT_EQ(back.sources[2].x1, 300);
}

// A scene's stones saved from a window of another size (a HiDPI
// framebuffer twice the scene's frame): where they fall and how large they
// are both scale with the frame, as the run scaled them.
TEST(WindowScene, StonesScaleWithTheFrame) {
  const fs::path dir = fs::temp_directory_path() / "ripple_window_scene_stones";
  fs::remove_all(dir);
  fs::create_directories(dir);
  Options options;
  options.sceneFrame = std::pair<int, int>(1280, 720);
  options.drops.push_back({40, Stone{860, 420, 16, 96.0f, StoneShape::Smooth}});
  Params params;
  const std::string path = (dir / "stones.toml").string();
  saveWindowScene({&options, &params, nullptr, 2560, 1440, ""}, path);
  const Scene saved = loadSceneFile(path);
  ASSERT_EQ(saved.drops.size(), 1u);
  EXPECT_EQ(saved.drops[0].step, 40);
  EXPECT_EQ(saved.drops[0].stone.x, 1720);
  EXPECT_EQ(saved.drops[0].stone.y, 840);
  EXPECT_EQ(saved.drops[0].stone.radius, 32);
}

TEST(WindowScene, WallsAloneGoInAWallsPicture) {
  const fs::path dir = fs::temp_directory_path() / "ripple_window_scene_walls";
  fs::remove_all(dir);
  fs::create_directories(dir);
  WaterWorld world(160, 90);
  paintStroke(world, 0, 45, 159, 45, 2, kWallCell);
  Options options;
  Params params;
  params.mode = Mode::Classic;  // classic mode has walls but no slow water
  const std::string path = (dir / "walls.toml").string();
  saveWindowScene({&options, &params, &world, 320, 180, ""}, path);
  EXPECT_TRUE(fs::exists(dir / "walls.walls.png"));
  EXPECT_FALSE(fs::exists(dir / "walls.medium.png"));
  Options opened;
  applyScene(loadSceneFile(path), opened);
  EXPECT_EQ(worldOnGrid(opened, {160, 90}).speed, world.speed);

  // Slow water painted in float mode, then a switch to classic: the scene
  // saved keeps the walls, leaves out the slow water classic mode does not
  // run, and opens again.
  paintStroke(world, 20, 20, 60, 20, 5, slowWaterSpeed(0.5f));
  saveWindowScene({&options, &params, &world, 320, 180, ""}, path);
  EXPECT_FALSE(fs::exists(dir / "walls.medium.png"));
  Options reopened;
  applyScene(loadSceneFile(path), reopened);
  const WaterWorld back = worldOnGrid(reopened, {160, 90});
  EXPECT_FALSE(back.hasSlowWater());
  EXPECT_EQ(back.speedAt(0, 45), kWallCell);
}

}  // namespace
}  // namespace ripple

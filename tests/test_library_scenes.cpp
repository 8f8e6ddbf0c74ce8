// Scenes saved by ripple::Water, as the window's "Save scene" saves them:
// what is saved opens again as the same tank, parameters and stones, and
// runs the same; painted cells go in pictures beside the file, positions in
// pixels of the host's frame.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <tuple>
#include <vector>

#include <ripple/ripple.hpp>

#include "cli_files.hpp"

namespace {

namespace fs = std::filesystem;

std::string scratch(const std::string& file) { return (ripple::test::scratchFolder("library_scenes") / file).string(); }

void setMode(ripple::Water& water, ripple::Mode mode) {
  ripple::Rule rule = water.rule();
  rule.mode = mode;
  water.setRule(rule);
}

TEST(LibraryScenes, SavedSceneOpensAsTheSameTankAndRunsTheSame) {
  ripple::Water water(320, 240, ripple::Backend::Cpu);
  water.paint(10, 20, 200, 40, 3, 0.0f);
  water.paint(100, 150, 160, 150, 9, 0.4f);
  water.setEdges(ripple::Edge::Absorbing, ripple::Edge::Free);
  water.setWallKind(ripple::WallKind::Held);
  water.addSource({50, 60, 50, 60, 22.0, 40.0f, 7});
  ripple::Source moving{10, 200, 300, 210};
  moving.moving = true;
  moving.end = 900;
  water.addSource(moving);
  ripple::Rule rule;
  rule.damping = 0.0125f;
  water.setRule(rule);
  ripple::Look look;
  look.lightStrength = 2.5f;
  water.setLook(look);
  const std::string path = scratch("saved.toml");
  water.saveScene(path, {"painted", "", 100, 640, 480, 1, 90.0f, 12});
  EXPECT_TRUE(fs::exists(scratch("saved.medium.png"))) << "slow water goes in a picture of speeds";

  ripple::Water back(320, 240, ripple::Backend::Cpu);
  const ripple::SceneInfo info = back.loadScene(path);
  EXPECT_EQ(info.frameWidth, 640);
  EXPECT_EQ(info.frameHeight, 480);
  EXPECT_EQ(info.gridScale, 1);
  EXPECT_EQ(info.waveSpeed, 90.0f);
  EXPECT_EQ(info.stoneRadius, 12);
  EXPECT_EQ(back.rule().damping, 0.0125f);
  EXPECT_EQ(back.look().lightStrength, 2.5f);
  EXPECT_EQ(back.edges(), std::pair(ripple::Edge::Absorbing, ripple::Edge::Free));
  EXPECT_EQ(back.wallKind(), ripple::WallKind::Held);
  EXPECT_EQ(back.cellSpeeds(), water.cellSpeeds()) << "every wall and slow-water cell where it was";
  ASSERT_EQ(back.sources().size(), 2u);
  for (std::size_t i = 0; i < 2; ++i) {
    const ripple::Source a = water.sources()[i], b = back.sources()[i];
    EXPECT_EQ(std::tie(a.x0, a.y0, a.x1, a.y1, a.start, a.end, a.moving),
              std::tie(b.x0, b.y0, b.x1, b.y1, b.start, b.end, b.moving))
        << "source " << i;
  }
  // The edges and the wall kind too: the same stone runs the same.
  for (ripple::Water* w : {&water, &back}) {
    w->drop(120, 120, 8, 96.0f);
    w->step(150);
  }
  EXPECT_EQ(back.heights(), water.heights());
}

// Saved at step 500: a source added at step 332 starts the scene; the
// scene's own sources keep their steps, one that began at 100 and one that
// waits for 900.
TEST(LibraryScenes, SourcesAddedWhileRunningStartTheSavedScene) {
  ripple::Water water(320, 240, ripple::Backend::Cpu);
  water.loadSceneText(
      "ripple_scene = 1\n[frame]\nsize = [320, 240]\ngrid_scale = 0\n"
      "[[tank.source]]\nat = [80, 10]\nperiod = 24\namplitude = 40\nstart = 900\n"
      "[[tank.source]]\nfrom = [0, 10]\nto = [300, 10]\nmoving = true\n"
      "period = 24\namplitude = 40\nstart = 100\nend = 700\n");
  water.step(332);
  water.addSource({50, 60, 50, 60, 22.0, 40.0f, water.stepsDone()});
  water.step(168);
  const std::string path = scratch("sources.toml");
  water.saveScene(path);
  ripple::Water back(320, 240, ripple::Backend::Cpu);
  back.loadScene(path);
  const std::vector<ripple::Source> sources = back.sources();  // points, lines, then moving ones
  ASSERT_EQ(sources.size(), 3u);
  EXPECT_EQ(sources[0].x0, 80);
  EXPECT_EQ(sources[0].start, 900);
  EXPECT_EQ(sources[1].x0, 50);
  EXPECT_EQ(sources[1].start, 0) << "added at step 332, it starts the saved scene";
  EXPECT_EQ(sources[1].end, -1);
  EXPECT_TRUE(sources[2].moving);
  EXPECT_EQ(sources[2].start, 100);
  EXPECT_EQ(sources[2].end, 700);
  EXPECT_EQ(sources[2].x1, 300);
}

// A scene's stones saved for a frame twice the scene's (a HiDPI
// framebuffer): opened again on the same grid, they fall where and when
// they fell, as large.
TEST(LibraryScenes, StonesScaleWithTheFrame) {
  const std::string scene =
      "ripple_scene = 1\n[frame]\nsize = [1280, 720]\n"
      "[[stones.drop]]\nat = [860, 420]\nradius = 16\nweight = 96\nstep = 40\n";
  ripple::Water water(640, 360, ripple::Backend::Cpu);
  water.loadSceneText(scene);
  const std::string path = scratch("stones.toml");
  water.saveScene(path, {"", "", 100, 2560, 1440, 2, 180.0f, 20});
  ripple::Water back(640, 360, ripple::Backend::Cpu);
  back.loadScene(path);
  water.step(60);
  back.step(60);
  EXPECT_EQ(back.heights(), water.heights());
  EXPECT_NE(back.heights()[210 * 640 + 430], 0.0f) << "no stone fell";
}

// A scene's stones still to fall, when the grid is resized before they do
// (a window resized), fall where the scene put them on the new grid: as on
// a grid of that size from the start, however many resizes came between.
TEST(LibraryScenes, StonesStillToFallFollowAResize) {
  const std::string scene =
      "ripple_scene = 1\n[frame]\nsize = [640, 360]\n"
      "[[stones.drop]]\nat = [500, 300]\nradius = 12\nweight = 96\nstep = 20\n";
  ripple::Water resized(640, 360, ripple::Backend::Cpu);
  resized.loadSceneText(scene);
  resized.step(5);
  for (auto [w, h] : {std::pair(333, 187), std::pair(401, 223), std::pair(320, 180)}) resized.resize(w, h);
  ripple::Water direct(320, 180, ripple::Backend::Cpu);
  direct.loadSceneText(scene);
  direct.step(5);
  resized.step(25);
  direct.step(25);
  EXPECT_EQ(resized.heights(), direct.heights());
  EXPECT_NE(direct.heights()[150 * 320 + 250], 0.0f) << "no stone fell";
}

TEST(LibraryScenes, WallsAloneGoInAWallsPicture) {
  ripple::Water water(160, 90, ripple::Backend::Cpu);
  setMode(water, ripple::Mode::Classic);  // classic mode has walls but no slow water
  water.paint(0, 45, 159, 45, 2, 0.0f);
  const std::string path = scratch("walls.toml");
  water.saveScene(path);
  EXPECT_TRUE(fs::exists(scratch("walls.walls.png")));
  EXPECT_FALSE(fs::exists(scratch("walls.medium.png")));
  ripple::Water back(160, 90, ripple::Backend::Cpu);
  back.loadScene(path);
  EXPECT_EQ(back.cellSpeeds(), water.cellSpeeds());

  // Slow water painted in float mode, then a switch to classic: the scene
  // keeps the walls, leaves out the slow water classic mode does not run,
  // and opens again.
  setMode(water, ripple::Mode::Float);
  water.paint(20, 20, 60, 20, 5, 0.5f);
  setMode(water, ripple::Mode::Classic);
  water.saveScene(path);
  EXPECT_FALSE(fs::exists(scratch("walls.medium.png")));
  ripple::Water reopened(160, 90, ripple::Backend::Cpu);
  reopened.loadScene(path);
  const std::vector<float> speeds = reopened.cellSpeeds();
  EXPECT_EQ(speeds[20 * 160 + 40], 1.0f) << "slow water in a classic scene";
  EXPECT_EQ(speeds[45 * 160 + 10], 0.0f) << "the wall";
}

}  // namespace

// Scenes saved by ripple::Water, as the window's "Save scene" saves them:
// what is saved opens again as the same tank, parameters and stones, and
// runs the same; painted cells go in pictures beside the file, positions in
// pixels of the host's frame.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <limits>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include <ripple/ripple.hpp>

#include "cli_files.hpp"
#include "cli_runner.hpp"
#include "tank_edit.hpp"

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
  ripple::test::editTank(water, [](ripple::Tank& t) {
    t.leftRightEdges = ripple::Edge::Absorbing;
    t.topBottomEdges = ripple::Edge::Free;
    t.wallKind = ripple::WallKind::Held;
  });
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
  ripple::Scene saved = water.scene(640, 480);
  saved.description = "painted";
  saved.waveSpeed = 90.0f;
  saved.stoneRadius = 12;
  ripple::writeScene(saved, path);
  EXPECT_TRUE(fs::exists(scratch("saved.medium.png"))) << "slow water goes in a picture of speeds";

  ripple::Water back(320, 240, ripple::Backend::Cpu);
  const ripple::Scene info = ripple::readScene(path);
  back.loadScene(info);
  EXPECT_EQ(info.description, "painted");
  EXPECT_EQ(info.frameWidth, 640);
  EXPECT_EQ(info.frameHeight, 480);
  EXPECT_EQ(info.gridScale, 1);
  EXPECT_EQ(info.waveSpeed, 90.0f);
  EXPECT_EQ(info.stoneRadius, 12);
  EXPECT_EQ(back.rule().damping, 0.0125f);
  EXPECT_EQ(back.look().lightStrength, 2.5f);
  EXPECT_EQ(back.tank().leftRightEdges, ripple::Edge::Absorbing);
  EXPECT_EQ(back.tank().topBottomEdges, ripple::Edge::Free);
  EXPECT_EQ(back.tank().wallKind, ripple::WallKind::Held);
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
  water.loadScene(
      ripple::parseScene("ripple_scene = 1\n[frame]\nsize = [320, 240]\ngrid_scale = 0\n"
                         "[[tank.source]]\nat = [80, 10]\nperiod = 24\namplitude = 40\nstart = 900\n"
                         "[[tank.source]]\nfrom = [0, 10]\nto = [300, 10]\nmoving = true\n"
                         "period = 24\namplitude = 40\nstart = 100\nend = 700\n"));
  water.step(332);
  water.addSource({50, 60, 50, 60, 22.0, 40.0f, water.stepsDone()});
  water.step(168);
  const std::string path = scratch("sources.toml");
  ripple::writeScene(water.scene(), path);
  ripple::Water back(320, 240, ripple::Backend::Cpu);
  back.loadScene(ripple::readScene(path));
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
  water.loadScene(ripple::parseScene(scene));
  const std::string path = scratch("stones.toml");
  ripple::writeScene(water.scene(2560, 1440), path);
  ripple::Water back(640, 360, ripple::Backend::Cpu);
  back.loadScene(ripple::readScene(path));
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
  resized.loadScene(ripple::parseScene(scene));
  resized.step(5);
  for (auto [w, h] : {std::pair(333, 187), std::pair(401, 223), std::pair(320, 180)}) resized.resize(w, h);
  ripple::Water direct(320, 180, ripple::Backend::Cpu);
  direct.loadScene(ripple::parseScene(scene));
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
  ripple::writeScene(water.scene(), path);
  EXPECT_TRUE(fs::exists(scratch("walls.walls.png")));
  EXPECT_FALSE(fs::exists(scratch("walls.medium.png")));
  ripple::Water back(160, 90, ripple::Backend::Cpu);
  back.loadScene(ripple::readScene(path));
  EXPECT_EQ(back.cellSpeeds(), water.cellSpeeds());

  // Slow water painted in float mode, then a switch to classic: the scene
  // keeps the walls, leaves out the slow water classic mode does not run,
  // and opens again.
  setMode(water, ripple::Mode::Float);
  water.paint(20, 20, 60, 20, 5, 0.5f);
  setMode(water, ripple::Mode::Classic);
  ripple::writeScene(water.scene(), path);
  EXPECT_FALSE(fs::exists(scratch("walls.medium.png")));
  ripple::Water reopened(160, 90, ripple::Backend::Cpu);
  reopened.loadScene(ripple::readScene(path));
  const std::vector<float> speeds = reopened.cellSpeeds();
  EXPECT_EQ(speeds[20 * 160 + 40], 1.0f) << "slow water in a classic scene";
  EXPECT_EQ(speeds[45 * 160 + 10], 0.0f) << "the wall";
}

// The tank as one value: what setTank() takes, tank() gives back, and it
// builds the cells and sources that the same tank in a scene file builds.
TEST(LibraryScenes, ATankIsSetWholeAndReadBack) {
  ripple::Tank tank;
  tank.leftRightEdges = ripple::Edge::Absorbing;
  tank.topBottomEdges = ripple::Edge::Free;
  tank.wallKind = ripple::WallKind::Held;
  tank.walls.push_back({10, 10, 100, 10, 3});
  tank.slowWater.push_back({{}, 40, 50, 12, 0.5f});
  tank.slowWater.push_back({{{70, 40}, {110, 40}, {90, 70}}, 0, 0, 0, 0.25f});
  tank.sources.push_back({20, 60, 20, 60, 24.0, 40.0f});
  ripple::Water water(120, 80, ripple::Backend::Cpu), calls(120, 80, ripple::Backend::Cpu);
  water.setTank(tank);
  calls.loadScene(
      ripple::parseScene("ripple_scene = 1\n[frame]\nsize = [120, 80]\n[tank]\nedges = [\"absorbing\", \"free\"]\n"
                         "wall_kind = \"held\"\n[[tank.wall]]\nfrom = [10, 10]\nto = [100, 10]\nthickness = 3\n"
                         "[[tank.medium]]\ncentre = [40, 50]\nradius = 12\nspeed = 0.5\n"
                         "[[tank.medium]]\ncorners = [[70, 40], [110, 40], [90, 70]]\nspeed = 0.25\n"
                         "[[tank.source]]\nat = [20, 60]\nperiod = 24\namplitude = 40\n"));
  EXPECT_EQ(water.cellSpeeds(), calls.cellSpeeds());
  EXPECT_EQ(water.cellSpeeds()[10 * 120 + 50], 0.0f) << "the wall";
  EXPECT_NEAR(water.cellSpeeds()[50 * 120 + 40], 0.5f, 1.0f / 255) << "the disc of slow water";

  const ripple::Tank back = water.tank();
  EXPECT_EQ(back.leftRightEdges, ripple::Edge::Absorbing);
  EXPECT_EQ(back.wallKind, ripple::WallKind::Held);
  ASSERT_EQ(back.walls.size(), 1u);
  EXPECT_EQ(std::tie(back.walls[0].x0, back.walls[0].x1, back.walls[0].thickness), std::tuple(10, 100, 3));
  ASSERT_EQ(back.slowWater.size(), 2u);
  EXPECT_EQ(back.slowWater[1].corners.size(), 3u);
  ASSERT_EQ(back.sources.size(), 1u);
  EXPECT_TRUE(back.cellSpeeds.empty()) << "no cells painted";
  ripple::Water again(120, 80, ripple::Backend::Cpu);
  again.setTank(back);
  EXPECT_EQ(again.cellSpeeds(), water.cellSpeeds()) << "the tank read back builds the same cells";
  for (ripple::Water* w : {&water, &calls, &again}) {
    w->drop(60, 30, 6, 96.0f);
    w->step(120);
  }
  EXPECT_EQ(water.heights(), calls.heights());
  EXPECT_EQ(again.heights(), water.heights());

  // Painted cells come back as cellSpeeds, which hold the shapes too.
  water.paint(5, 70, 60, 70, 2, 0.0f);
  const ripple::Tank painted = water.tank();
  EXPECT_TRUE(painted.walls.empty());
  ASSERT_EQ(painted.cellSpeeds.size(), 120u * 80u);
  again.setTank(painted);
  EXPECT_EQ(again.cellSpeeds(), water.cellSpeeds());

  // A source added while the water ran, given back as tank() gives it, is
  // the same source: it sings on from where it started, also when one
  // before it leaves the list.
  ripple::Water kept(120, 80, ripple::Backend::Cpu), given(120, 80, ripple::Backend::Cpu);
  for (ripple::Water* w : {&kept, &given}) {
    w->step(30);
    w->addSource({20, 20, 20, 20, 16.0, 30.0f, w->stepsDone()});
    w->addSource({60, 40, 60, 40, 20.0, 50.0f, w->stepsDone()});
    w->step(10);
  }
  kept.removeSource(0);
  ripple::test::editTank(given, [](ripple::Tank& t) { t.sources.erase(t.sources.begin()); });
  EXPECT_EQ(given.tank().sources[0].start, 30);
  EXPECT_EQ(given.scene().tank.sources[0].start, 0) << "a scene starts it at its own start";
  kept.step(40);
  given.step(40);
  EXPECT_EQ(given.heights(), kept.heights());

  // All or none: a part off the grid or out of range refuses the whole tank.
  const std::vector<float> before = water.cellSpeeds();
  for (int part = 0; part < 4; ++part) {
    ripple::Tank bad = tank;
    if (part == 0) bad.walls.push_back({200, 200, 300, 300, 2});
    if (part == 1) bad.sources.push_back({500, 5, 500, 5, 24.0, 40.0f});
    if (part == 2) bad.cellSpeeds.assign(17, 1.0f);
    if (part == 3) bad.wallsPicture = scratch("no-such-walls.png");
    EXPECT_THROW(water.setTank(bad), ripple::Error) << "part " << part;
    EXPECT_EQ(water.cellSpeeds(), before) << "part " << part;
    EXPECT_EQ(water.tank().sources.size(), 1u) << "part " << part;
    EXPECT_EQ(water.tank().leftRightEdges, ripple::Edge::Absorbing) << "part " << part;
  }
}

// A scene is a value: a preset loaded as one runs as its text does, and the
// water's own scene, as text and back, runs the same again. A scene with a
// part out of range changes nothing.
TEST(LibraryScenes, ASceneIsAValueLoadedWholeAndReadBack) {
  const ripple::Scene preset = ripple::presetScene("two-sources");
  ripple::Water value(320, 180, ripple::Backend::Cpu), text(320, 180, ripple::Backend::Cpu);
  value.loadScene(preset);
  text.loadScene(ripple::parseScene(ripple::sceneText(preset)));
  value.step(80);
  text.step(80);
  EXPECT_EQ(value.heights(), text.heights());

  const ripple::Scene own = value.scene();
  EXPECT_EQ(own.frameWidth, preset.frameWidth) << "the frame of the scene loaded last";
  EXPECT_EQ(own.description, preset.description);
  EXPECT_TRUE(own.rule == preset.rule);
  EXPECT_EQ(own.tank.sources.size(), preset.tank.sources.size());
  ripple::Water reloaded(320, 180, ripple::Backend::Cpu), fresh(320, 180, ripple::Backend::Cpu);
  reloaded.loadScene(ripple::parseScene(ripple::sceneText(own)));
  fresh.loadScene(preset);
  reloaded.step(50);
  fresh.step(50);
  EXPECT_EQ(reloaded.heights(), fresh.heights());

  ripple::Scene custom = preset;
  custom.look.heightShading = 3.0f;
  custom.rain = {0.2f, 3, 50.0f, 9, false};  // switched off: its rate is kept, as the window's slider
  custom.stoneRadius = 33;
  fresh.loadScene(custom);
  EXPECT_EQ(fresh.look().heightShading, 3.0f);
  EXPECT_TRUE(fresh.rain() == custom.rain);
  EXPECT_TRUE(ripple::parseScene(ripple::sceneText(fresh.scene())).rain == custom.rain);
  EXPECT_EQ(fresh.scene().stoneRadius, 33);

  const std::vector<float> heights = value.heights();
  ripple::Scene bad = preset;
  bad.stones.push_back({3, {10, 10, 0, 96.0f}});
  EXPECT_THROW(value.loadScene(bad), ripple::Error);
  bad = preset;
  bad.rule.damping = 2.0f;
  EXPECT_THROW(value.loadScene(bad), ripple::Error);
  bad = preset;
  bad.tank.slowWaterPicture = scratch("no-such-medium.png");
  EXPECT_THROW(value.loadScene(bad), ripple::Error);
  EXPECT_EQ(value.heights(), heights) << "a refused scene leaves the water as it was";
  EXPECT_EQ(value.tank().sources.size(), preset.tank.sources.size());
  EXPECT_NO_THROW(ripple::sceneText(value.scene()));
  value.paint(5, 5, 40, 5, 2, 0.0f);
  EXPECT_THROW(ripple::sceneText(value.scene()), ripple::Error) << "painted cells have no text";
}

// A scene's stones may lie at any int: those that touch no cell fall
// nowhere, without an overflow (found by the API fuzzer under the
// sanitizers: a stone at 2147483646 moved past the absorbing layers).
TEST(LibraryScenes, StonesFarOffTheGridFallNowhere) {
  ripple::Scene scene;
  scene.frameWidth = 64;
  scene.frameHeight = 48;
  scene.tank.leftRightEdges = scene.tank.topBottomEdges = ripple::Edge::Absorbing;  // layers around the grid
  const int far = std::numeric_limits<int>::max() - 1, near = std::numeric_limits<int>::min();
  scene.stones = {{0, {far, 10, 8, 96.0f}}, {0, {10, near, 8, 96.0f}}, {0, {near, far, 8, 96.0f}}};
  ripple::Water water(64, 48, ripple::Backend::Cpu);
  water.loadScene(scene);
  water.step(3);
  for (float h : water.heights()) ASSERT_EQ(h, 0.0f);
  scene.stones.push_back({1, {-8, 20, 9, 96.0f}});  // off the grid but not off its layers: it falls
  water.loadScene(scene);
  water.step(40);
  EXPECT_NE(water.heights()[20 * 64], 0.0f);
}

// A 48 x 30 frame with every part a scene can hold, none of it symmetric.
ripple::Scene sceneOfEveryPart(ripple::Mode mode) {
  ripple::Scene s;
  s.frameWidth = 48;
  s.frameHeight = 30;
  s.rule.mode = mode;
  s.tank.leftRightEdges = ripple::Edge::Absorbing;
  s.tank.topBottomEdges = ripple::Edge::Free;
  s.tank.walls = {{20, 0, 20, 11, 1}, {20, 15, 20, 29, 1}};  // a gap of three cells
  s.tank.sources.push_back({6, 9, 6, 9, 12.0, 30.0f});
  s.stones = {{0, {12, 22, 2, 96.0f}}, {15, {36, 5, 3, -60.0f}}};
  if (mode == ripple::Mode::Classic) return s;  // classic mode runs no slow water
  s.tank.slowWater.push_back({{}, 38, 20, 4, 0.5f});
  s.tank.slowWater.push_back({{{26, 3}, {34, 3}, {30, 9}}, 0, 0, 0, 0.25f});
  ripple::Source line{2, 1, 2, 12, 16.0, 10.0f};
  ripple::Source moving{40, 26, 28, 24, 20.0, 20.0f, 0, 60};
  moving.moving = true;
  s.tank.sources.push_back(line);
  s.tank.sources.push_back(moving);
  s.tank.cellSpeeds.assign(48 * 30, 1.0f);
  for (int x = 40; x < 48; ++x) s.tank.cellSpeeds[2 * 48 + x] = 0.0f;  // a wall of cells, top right
  return s;
}

// What a scene is but its cells, as its text says it.
std::string partsOf(ripple::Scene scene) {
  scene.tank.cellSpeeds.clear();
  return ripple::sceneText(scene);
}

// Heights of a w x h water in a row-major vector, turned a quarter clockwise.
std::vector<float> turnedClockwise(const std::vector<float>& heights, int w, int h) {
  std::vector<float> out(heights.size());
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x) out[static_cast<size_t>(x) * h + (h - 1 - y)] = heights[static_cast<size_t>(y) * w + x];
  return out;
}

// Run the scene on its frame's grid and turned on the turned grid: the
// heights of the one, turned, against the other's.
std::pair<std::vector<float>, std::vector<float>> runStraightAndTurned(const ripple::Scene& scene, int steps) {
  ripple::Water straight(scene.frameWidth, scene.frameHeight, ripple::Backend::Cpu);
  ripple::Water turned(scene.frameHeight, scene.frameWidth, ripple::Backend::Cpu);
  straight.loadScene(scene);
  turned.loadScene(ripple::quarterTurned(scene));
  straight.step(steps);
  turned.step(steps);
  return {turnedClockwise(straight.heights(), scene.frameWidth, scene.frameHeight), turned.heights()};
}

TEST(LibraryScenes, AQuarterTurnTurnsEveryPartAndTheTurnsUndoEachOther) {
  const ripple::Scene scene = sceneOfEveryPart(ripple::Mode::Float);
  const ripple::Scene turned = ripple::quarterTurned(scene);
  EXPECT_EQ(std::pair(turned.frameWidth, turned.frameHeight), std::pair(30, 48));
  EXPECT_EQ(turned.tank.leftRightEdges, ripple::Edge::Free);
  EXPECT_EQ(turned.tank.topBottomEdges, ripple::Edge::Absorbing);
  // Clockwise, the left side comes to the top: (x, y) to (29 - y, x).
  EXPECT_EQ(std::tie(turned.stones[0].stone.x, turned.stones[0].stone.y), std::tuple(7, 12));
  const ripple::Source& line = turned.tank.sources[1];
  EXPECT_EQ(std::tie(line.x0, line.y0, line.x1, line.y1), std::tuple(28, 2, 17, 2));
  EXPECT_EQ(turned.tank.walls[0].x0, 29);
  EXPECT_EQ(turned.tank.slowWater[1].corners[2], std::pair(20, 30));
  EXPECT_EQ(turned.tank.cellSpeeds[44 * 30 + 27], 0.0f) << "cell (44, 2) of the frame";
  EXPECT_EQ(turned.tank.cellSpeeds[2 * 30 + 27], 1.0f);

  const ripple::Scene back = ripple::quarterTurned(turned, ripple::Turn::Anticlockwise);
  EXPECT_EQ(partsOf(back), partsOf(scene));
  EXPECT_EQ(back.tank.cellSpeeds, scene.tank.cellSpeeds);
  ripple::Scene round = scene;
  for (int i = 0; i < 4; ++i) round = ripple::quarterTurned(round);
  EXPECT_EQ(partsOf(round), partsOf(scene));
  EXPECT_EQ(round.tank.cellSpeeds, scene.tank.cellSpeeds);
  EXPECT_NE(partsOf(ripple::quarterTurned(turned)), partsOf(scene)) << "two turns are a half turn";

  EXPECT_THROW(ripple::quarterTurned(ripple::Scene{}), ripple::Error) << "no frame: no middle to turn about";
  ripple::Scene bad = scene;
  bad.tank.walls[0].thickness = 0;
  EXPECT_THROW(ripple::quarterTurned(bad), ripple::Error);
  bad = scene;
  bad.stones[0].stone.y = std::numeric_limits<int>::min();  // far off the frame: stays off it
  EXPECT_EQ(ripple::quarterTurned(bad).stones[0].stone.x, ripple::kMaxPosition);
}

// The rule knows no direction, so a turned scene runs as the scene turned:
// classic mode's whole numbers bit for bit, float mode's sums within their
// rounding (the nine points are added in another order). A polygon of slow
// water is left out: a cell whose centre lies on its side falls inside on
// one side only (docs/scenes.md), so its cells turned are not the turned
// polygon's.
TEST(LibraryScenes, ATurnedSceneRunsAsTheSceneTurned) {
  const auto [classicStraight, classicTurned] = runStraightAndTurned(sceneOfEveryPart(ripple::Mode::Classic), 90);
  EXPECT_EQ(classicTurned, classicStraight);
  ripple::Scene scene = sceneOfEveryPart(ripple::Mode::Float);
  scene.tank.slowWater.pop_back();
  const auto [straight, turned] = runStraightAndTurned(scene, 90);
  float largest = 0.0f, difference = 0.0f;
  for (std::size_t i = 0; i < straight.size(); ++i) {
    largest = std::max(largest, std::abs(straight[i]));
    difference = std::max(difference, std::abs(straight[i] - turned[i]));
  }
  EXPECT_GT(largest, 5.0f) << "the sources and stones moved the water";
  EXPECT_LT(difference, 1e-4f * largest);
}

// A tank set is the water's from then: the heights read at once show its
// walls' cells still, as the next step finds them, on either backend (they
// showed the waves under the walls until the next step or draw).
TEST(LibraryScenes, ATankSetShowsInTheHeightsAtOnce) {
  for (const ripple::Backend backend : {ripple::Backend::Cpu, ripple::Backend::Gpu}) {
    ripple::Water water(64, 48, backend);
    water.drop(32, 24, 6, 96.0f);
    water.step(10);
    const std::vector<float> before = water.heights();
    ripple::Tank walled;
    walled.walls.push_back({32, 0, 32, 47, 3});  // through the ring
    water.setTank(walled);
    const std::vector<float> speeds = water.cellSpeeds(), now = water.heights(), previous = water.previousHeights();
    int walls = 0, stilled = 0, unstill = 0;
    for (std::size_t i = 0; i < speeds.size(); ++i) {
      if (speeds[i] != 0.0f) continue;
      ++walls;
      stilled += before[i] != 0.0f ? 1 : 0;
      unstill += now[i] != 0.0f || previous[i] != 0.0f ? 1 : 0;
    }
    EXPECT_GT(walls, 100);
    EXPECT_GT(stilled, 20) << "the waves ran under the wall before it was set";
    EXPECT_EQ(unstill, 0) << (backend == ripple::Backend::Cpu ? "cpu" : "gpu");
  }
}

// A water turned as it is, mid-run, runs on as the water turned: its waves,
// tank, sources (one gliding), stones still to fall and steps done go with
// it. Walls and slow water turn as their cells, so the polygon, a diagonal
// wall and walls of even thickness (whose shapes turned would not cover
// the cells turned) run alike; a source glides in float mode (in classic
// mode it takes the nearest cell on its way, and a tie rounds one way).
TEST(LibraryScenes, AWaterTurnedMidRunRunsOnAsTheWaterTurned) {
  for (const ripple::Backend backend : {ripple::Backend::Cpu, ripple::Backend::Gpu}) {
    for (const ripple::Mode mode : {ripple::Mode::Classic, ripple::Mode::Float}) {
      SCOPED_TRACE(std::string(backend == ripple::Backend::Cpu ? "cpu " : "gpu ") +
                   (mode == ripple::Mode::Classic ? "classic" : "float"));
      ripple::Scene scene = sceneOfEveryPart(mode);
      scene.tank.walls.push_back({30, 29, 44, 17, 2});
      scene.tank.walls.push_back({0, 30, 47, 30, 2});  // off the grid but for its brush's row 29
      ripple::Water straight(48, 30, backend), turned(48, 30, backend);
      for (ripple::Water* water : {&straight, &turned}) {
        water->loadScene(scene);
        water->step(10);  // a stone still to fall at 15, the moving source on its way
        if (mode == ripple::Mode::Classic) water->paint(30, 25, 44, 25, 1, 0.0f);
        if (mode == ripple::Mode::Float) water->moveSource(0, 9, 20, 12);
      }
      turned.quarterTurn();
      EXPECT_EQ(std::tuple(turned.width(), turned.height(), turned.stepsDone()), std::tuple(30, 48, 10LL));
      EXPECT_EQ(turned.cellSpeeds(), turnedClockwise(straight.cellSpeeds(), 48, 30));
      straight.step(80);
      turned.step(80);
      const std::vector<float> expected = turnedClockwise(straight.heights(), 48, 30), got = turned.heights();
      float largest = 0.0f, difference = 0.0f;
      for (std::size_t i = 0; i < expected.size(); ++i) {
        largest = std::max(largest, std::abs(expected[i]));
        difference = std::max(difference, std::abs(expected[i] - got[i]));
      }
      EXPECT_GT(largest, 5.0f) << "the sources and stones moved the water";
      if (mode == ripple::Mode::Classic)
        EXPECT_EQ(difference, 0.0f);
      else
        EXPECT_LT(difference, 1e-4f * largest);
    }
  }
}

// Four turns, or a turn and its undoing, give the water back as it was,
// bit for bit: heights, the step before, cells, sources and scene.
TEST(LibraryScenes, FourTurnsOfAWaterGiveItBack) {
  for (const ripple::Backend backend : {ripple::Backend::Cpu, ripple::Backend::Gpu}) {
    ripple::Water water(48, 30, backend);
    water.loadScene(sceneOfEveryPart(ripple::Mode::Float));
    water.step(25);
    const auto stateOf = [](const ripple::Water& w) {
      return std::tuple(w.heights(), w.previousHeights(), w.cellSpeeds(), w.sources(), partsOf(w.scene()));
    };
    const auto before = stateOf(water);
    for (int i = 0; i < 4; ++i) water.quarterTurn();
    EXPECT_TRUE(stateOf(water) == before) << "four turns";
    water.quarterTurn();
    water.quarterTurn(ripple::Turn::Anticlockwise);
    EXPECT_TRUE(stateOf(water) == before) << "a turn undone";
    water.quarterTurn();
    water.quarterTurn();
    EXPECT_FALSE(stateOf(water) == before) << "two turns are a half turn";
  }
}

// A turned scene's walls cover the cells turned, a brush of even thickness
// (a cell further back than forward) and one off the grid but for its
// brush included, both ways round.
TEST(LibraryScenes, ATurnedScenesWallsCoverTheCellsTurned) {
  ripple::Scene scene;
  scene.frameWidth = 48;
  scene.frameHeight = 30;
  scene.tank.walls = {{0, 30, 47, 30, 2}, {10, 3, 10, 20, 4}, {20, 5, 40, 5, 3}, {44, 0, 44, 29, 2}};
  ripple::Water straight(48, 30, ripple::Backend::Cpu);
  straight.loadScene(scene);
  ripple::Water turned(30, 48, ripple::Backend::Cpu);
  turned.loadScene(ripple::quarterTurned(scene));
  EXPECT_EQ(turned.cellSpeeds(), turnedClockwise(straight.cellSpeeds(), 48, 30));
  ripple::Water anticlockwise(30, 48, ripple::Backend::Cpu);
  anticlockwise.loadScene(ripple::quarterTurned(scene, ripple::Turn::Anticlockwise));
  const std::vector<float> halfTurned = turnedClockwise(turnedClockwise(straight.cellSpeeds(), 48, 30), 30, 48);
  EXPECT_EQ(anticlockwise.cellSpeeds(), turnedClockwise(halfTurned, 48, 30)) << "three turns clockwise";
}

// A tank's pictures are files of the frame: read and turned into its cells.
TEST(LibraryScenes, ATurnedScenesPicturesBecomeItsCells) {
  ripple::Water water(64, 36, ripple::Backend::Cpu);
  setMode(water, ripple::Mode::Classic);
  water.paint(10, 4, 10, 30, 2, 0.0f);
  water.paint(30, 18, 60, 18, 1, 0.0f);
  const std::string path = scratch("turned.toml");
  ripple::writeScene(water.scene(), path);
  ripple::Scene scene = ripple::readScene(path);
  ASSERT_FALSE(scene.tank.wallsPicture.empty());
  scene.tank.walls.push_back({50, 0, 50, 5, 1});  // a shape over the picture
  ripple::Water straight(64, 36, ripple::Backend::Cpu), turned(36, 64, ripple::Backend::Cpu);
  straight.loadScene(scene);
  const ripple::Scene t = ripple::quarterTurned(scene);
  EXPECT_TRUE(t.tank.wallsPicture.empty() && t.tank.walls.empty()) << "all in the cells";
  turned.loadScene(t);
  EXPECT_EQ(turned.cellSpeeds(), turnedClockwise(straight.cellSpeeds(), 64, 36));
  scene.tank.wallsPicture = scratch("no-such-walls.png");
  EXPECT_THROW(ripple::quarterTurned(scene), ripple::Error);
}

// A scene fits a grid turned where their long sides cross, and not otherwise.
TEST(LibraryScenes, ASceneIsTurnedToFitAnUprightGrid) {
  using ripple::Turn;
  const ripple::Scene across = sceneOfEveryPart(ripple::Mode::Classic);
  const ripple::Scene upright = ripple::quarterTurned(across);
  EXPECT_EQ(ripple::turnToFit(across, 390, 844), Turn::Clockwise);
  EXPECT_EQ(ripple::turnToFit(upright, 1280, 720), Turn::Anticlockwise) << "turned back, not on";
  EXPECT_EQ(ripple::turnToFit(across, 640, 360), std::nullopt);
  EXPECT_EQ(ripple::turnToFit(across, 300, 300), std::nullopt) << "a square grid: as it is";
  EXPECT_EQ(ripple::turnToFit(upright, 36, 64), std::nullopt);
  ripple::Scene square = across;
  square.frameHeight = square.frameWidth;
  EXPECT_EQ(ripple::turnToFit(square, 36, 64), std::nullopt);
  EXPECT_EQ(ripple::turnToFit(ripple::Scene{}, 36, 64), std::nullopt) << "a scene on the grid itself";
  EXPECT_THROW(ripple::turnToFit(across, 0, 64), ripple::Error);
  EXPECT_THROW(ripple::turnToFit(across, 64, 16385), ripple::Error);
}

}  // namespace

namespace {

// What `call` throws, or "no error".
template <typename Call>
std::string refusalOf(Call call) {
  try {
    call();
  } catch (const ripple::Error& e) {
    return e.what();
  }
  return "no error";
}

// A text just outside a number's range, and one inside it.
std::string outside(const ripple::Parameter& p) {
  return p.kind == ripple::ParameterKind::WholeNumber ? std::to_string(static_cast<long long>(p.max) + 1)
                                                      : std::to_string(p.max * 2 + 1);
}

}  // namespace

// The parameters by name (ripple/parameters.hpp): one name each, as the
// command line's options have them; every value in range or word is set on
// a scene and read back; one out of range is refused in the command line's
// own words (the binary's --NAME message) and changes nothing; the scene's
// text, written by the scene writer, says what was set.
TEST(LibraryScenes, ParametersAreSetByNameInTheCommandLinesWords) {
  const std::vector<ripple::Parameter> all = ripple::parameters();
  std::set<std::string> names;
  for (const ripple::Parameter& p : all) EXPECT_TRUE(names.insert(p.name).second) << p.name << " twice";
  for (const char* name : {"mode", "damping", "speed", "stencil", "stone-shape", "rain", "rain-radius", "rain-falling",
                           "refraction", "light", "edges", "wall-kind", "grid-scale", "wave-speed", "stone-radius"})
    EXPECT_EQ(names.count(name), 1u) << name;
  EXPECT_EQ(names.count("brush-size"), 0u) << "the window's own settings are no scene's";

  for (const ripple::Parameter& p : all) {
    SCOPED_TRACE(p.name);
    ripple::Scene scene;
    std::vector<std::string> good = p.words;
    if (good.empty()) {
      good.push_back(ripple::parameterText(scene, p.name));  // the default
      good.push_back(p.kind == ripple::ParameterKind::WholeNumber ? std::to_string(static_cast<long long>(p.min))
                                                                  : "0.5");
      if (p.kind == ripple::ParameterKind::WholeNumber && p.includesMax)
        good.push_back(std::to_string(static_cast<long long>(p.max)));
    }
    for (const std::string& text : good) {
      if (p.kind == ripple::ParameterKind::Number && (std::stod(text) < p.min || std::stod(text) > p.max)) continue;
      if (p.name == "stencil") scene.rule.speed = 0.5f;  // within both stencils' limits
      ripple::setParameter(scene, p.name, text);
      EXPECT_EQ(ripple::parameterText(scene, p.name), text);
    }
    const std::string before = ripple::sceneText(scene);
    const std::string bad = p.words.empty() ? outside(p) : "nonsense";
    const std::string refusal = refusalOf([&] { ripple::setParameter(scene, p.name, bad); });
    EXPECT_EQ(refusal.rfind(p.name + ": '" + bad + "'", 0), 0u) << refusal;
    EXPECT_EQ(ripple::sceneText(scene), before) << "a refused value changes nothing";
    if (!p.meaning.empty()) {  // the command line has it: --NAME says the same
      const ripple::test::RunResult cli = ripple::test::runRipple({"--headless", "--" + p.name, bad});
      EXPECT_EQ(cli.exitCode, 2) << cli.err;
      EXPECT_NE(cli.err.find("--" + refusal), std::string::npos) << cli.err << " / " << refusal;
    }
  }

  ripple::Scene scene;
  ripple::setParameter(scene, "damping", "0.01");
  ripple::setParameter(scene, "rain", "0.25");
  ripple::setParameter(scene, "wall-kind", "held");
  const std::string text = ripple::sceneText(scene);
  for (const char* line : {"damping = 0.01", "rate = 0.25", "wall_kind = \"held\""})
    EXPECT_NE(text.find(line), std::string::npos) << line << "\n" << text;
  EXPECT_EQ(scene.rule.damping, 0.01f);
  EXPECT_EQ(scene.tank.wallKind, ripple::WallKind::Held);

  // The edges: one word for all four, or left and right then top and bottom.
  ripple::setParameter(scene, "edges", "absorbing,free");
  EXPECT_EQ(scene.tank.leftRightEdges, ripple::Edge::Absorbing);
  EXPECT_EQ(scene.tank.topBottomEdges, ripple::Edge::Free);
  EXPECT_EQ(ripple::parameterText(scene, "edges"), "absorbing,free");
  ripple::setParameter(scene, "edges", " wrap , wrap");
  EXPECT_EQ(ripple::parameterText(scene, "edges"), "wrap") << "one word where the two are the same";
  for (const char* bad : {"bogus", "", "fixed,free,wrap", "free,", "Fixed"}) {
    EXPECT_EQ(refusalOf([&] { ripple::setParameter(scene, "edges", bad); }),
              "edges: '" + std::string(bad) +
                  "' must be fixed, free, absorbing or wrap, or two of them as E1,E2 (left and right, then top and "
                  "bottom)");
  }
  EXPECT_EQ(scene.tank.leftRightEdges, ripple::Edge::Wrap) << "a refused value changes nothing";

  // The speed's limit is the stencil's, whichever of the two comes second.
  ripple::setParameter(scene, "speed", "0.5");
  ripple::setParameter(scene, "stencil", "5");
  EXPECT_EQ(refusalOf([&] { ripple::setParameter(scene, "speed", "0.8"); }),
            "speed: '0.8' is beyond the stability limit of the 5-point stencil, 0.7071 (1/sqrt 2); stencil 9 runs up "
            "to 0.8660");
  ripple::setParameter(scene, "stencil", "9");
  ripple::setParameter(scene, "speed", "0.8");
  EXPECT_EQ(refusalOf([&] { ripple::setParameter(scene, "stencil", "5"); }).rfind("stencil: '0.8' is beyond", 0), 0u);
  EXPECT_EQ(refusalOf([&] {
              ripple::setParameter(scene, "depth", "1");
            }).rfind("parameter: there is no parameter 'depth'; the parameters are grid-scale, mode, damping", 0),
            0u);
}

// On a water, the parameters it holds go to its rule, look, rain and tank;
// the window's (grid scale, pace, a click's stone) are refused in words.
TEST(LibraryScenes, AWatersParametersAreItsRuleLookRainAndWallKind) {
  ripple::Water water(40, 30, ripple::Backend::Cpu);
  ripple::test::setEdges(water, ripple::Edge::Free, ripple::Edge::Wrap);
  ripple::setParameter(water, "damping", "0.02");
  EXPECT_EQ(ripple::parameterText(water, "edges"), "free,wrap");
  ripple::setParameter(water, "edges", "absorbing");
  EXPECT_EQ(water.tank().topBottomEdges, ripple::Edge::Absorbing);
  ripple::setParameter(water, "edges", "free,wrap");
  ripple::setParameter(water, "light", "0");
  ripple::setParameter(water, "rain-radius", "3");
  ripple::setParameter(water, "wall-kind", "held");
  ripple::setParameter(water, "mode", "classic");
  EXPECT_EQ(water.rule().damping, 0.02f);
  EXPECT_EQ(water.rule().mode, ripple::Mode::Classic);
  EXPECT_EQ(water.look().lightStrength, 0.0f);
  EXPECT_EQ(water.rain().radius, 3);
  EXPECT_EQ(water.tank().wallKind, ripple::WallKind::Held);
  EXPECT_EQ(water.tank().leftRightEdges, ripple::Edge::Free) << "the rest of the tank stays";
  for (const char* name : {"damping", "light", "rain-radius", "wall-kind", "mode"})
    EXPECT_EQ(ripple::parameterText(water, name), ripple::parameterText(water.scene(), name)) << name;
  EXPECT_EQ(refusalOf([&] { ripple::setParameter(water, "wave-speed", "100"); }),
            "wave-speed: a scene's, for the window that shows it, not the water's: set it on a ripple::Scene");
  EXPECT_EQ(refusalOf([&] { ripple::setParameter(water, "damping", "1"); }),
            "damping: '1' is out of range: it must be from 0 to below 1");
  EXPECT_EQ(water.rule().damping, 0.02f);
}

// Where a moving source is at each step, and the wave tank's world built
// from walls, sources and the --walls and --medium pictures: which cells
// are walls, how fast.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>

#include "scene/world_options.hpp"
#include "core/error.hpp"
#include "core/image.hpp"
#include "test_folder.hpp"

namespace ripple {
namespace {

namespace fs = std::filesystem;

std::string scratch(const std::string& name) { return (test::testFolder("world_options_test") / name).string(); }

// A moving source is at its first end at the start step, at its second at
// the end step, at a steady pace between, and stays at an end outside them.
// In whole cells (classic mode) it is its nearest cell; a line or a point is
// all its cells at every step, all the way.
TEST(WorldOptions, AMovingSourceInWholeCellsIsItsNearestCell) {
  using Cells = std::vector<SourceCell>;
  const WorldSource right{10, 20, 210, 70, 20.0, 5.0f, 100, 300, true};  // a cell a step along x, a quarter along y
  EXPECT_EQ(right.cellsAt(100, true), Cells({{10, 20}})) << "the start";
  EXPECT_EQ(right.cellsAt(200, true), Cells({{110, 45}})) << "halfway";
  EXPECT_EQ(right.cellsAt(160, true), Cells({{70, 35}})) << "30% of the way";
  EXPECT_EQ(right.cellsAt(101, true), Cells({{11, 20}})) << "a quarter of a cell along y: the nearest cell";
  EXPECT_EQ(right.cellsAt(103, true), Cells({{13, 21}})) << "three quarters along y: the nearest cell";
  EXPECT_EQ(right.cellsAt(300, true), Cells({{210, 70}})) << "the end";
  EXPECT_EQ(right.cellsAt(0, true), Cells({{10, 20}})) << "before the start: at the first end";
  EXPECT_EQ(right.cellsAt(5000, true), Cells({{210, 70}})) << "after the end: at the second";
  const WorldSource back{110, 70, 10, 20, 20.0, 5.0f, 0, 100, true};
  EXPECT_EQ(back.cellsAt(0, true), Cells({{110, 70}}));
  EXPECT_EQ(back.cellsAt(30, true), Cells({{80, 55}}));
  EXPECT_EQ(back.cellsAt(100, true), Cells({{10, 20}}));

  const WorldSource line{0, 3, 4, 3, 20.0, 5.0f, 0, 100};
  const WorldSource point{7, 8, 7, 8, 20.0, 5.0f, 0, std::nullopt};
  for (bool wholeCells : {true, false}) {
    EXPECT_EQ(line.cellsAt(50, wholeCells), Cells({{0, 3}, {1, 3}, {2, 3}, {3, 3}, {4, 3}}));
    EXPECT_EQ(point.cellsAt(50, wholeCells), Cells({{7, 8}}));
  }
}

// In float mode a moving point moves the cells within 2 of its place, each by
// the raised cosine of its distance d, (1 + cos(pi d / 2)) / 2. On a cell:
// that cell all the way, its four neighbours (d = 1) half way, the four
// diagonal ones (d = 1.414) 0.197. Half way between two cells along x: both
// 0.854 (d = 0.5), the two beyond them in the row (d = 1.5) 0.146, the four
// beside the first two (d = 1.118) 0.408, the four beside the others
// (d = 1.803) 0.024.
TEST(WorldOptions, AMovingSourceGlidesBetweenCells) {
  const WorldSource along{10, 5, 12, 5, 20.0, 5.0f, 0, 4, true};  // half a cell a step along x
  auto shares = [&](long long step) {
    std::map<std::pair<int, int>, float> out;
    for (const SourceCell& c : along.cellsAt(step, false)) out[{c.x, c.y}] = c.share;
    return out;
  };
  const auto onACell = shares(2);  // at (11, 5)
  ASSERT_EQ(onACell.size(), 9u);
  EXPECT_EQ(onACell.at({11, 5}), 1.0f);
  for (const auto& at : {std::pair{10, 5}, {12, 5}, {11, 4}, {11, 6}}) EXPECT_NEAR(onACell.at(at), 0.5f, 1e-6f);
  for (const auto& at : {std::pair{10, 4}, {12, 4}, {10, 6}, {12, 6}}) EXPECT_NEAR(onACell.at(at), 0.19715f, 1e-5f);

  const auto between = shares(1);  // at (10.5, 5)
  ASSERT_EQ(between.size(), 12u);
  for (const auto& at : {std::pair{10, 5}, {11, 5}}) EXPECT_NEAR(between.at(at), 0.85355f, 1e-5f);
  for (const auto& at : {std::pair{9, 5}, {12, 5}}) EXPECT_NEAR(between.at(at), 0.14645f, 1e-5f);
  for (const auto& at : {std::pair{10, 4}, {11, 4}, {10, 6}, {11, 6}}) EXPECT_NEAR(between.at(at), 0.40783f, 1e-5f);
  for (const auto& at : {std::pair{9, 4}, {12, 4}, {9, 6}, {12, 6}}) EXPECT_NEAR(between.at(at), 0.02380f, 1e-5f);
}

TEST(WorldOptions, OnlyAChangeFromTheSeedsPoolMakesAWorld) {
  WorldOptions o;
  EXPECT_FALSE(o.any()) << "the defaults: the plain step";
  auto with = [](auto change) {
    WorldOptions w;
    change(w);
    return w.any();
  };
  EXPECT_TRUE(with([](WorldOptions& w) { w.walls.push_back({}); }));
  EXPECT_TRUE(with([](WorldOptions& w) { w.wallsPicture = "w.png"; }));
  EXPECT_TRUE(with([](WorldOptions& w) { w.mediumPicture = "m.png"; }));
  EXPECT_TRUE(with([](WorldOptions& w) { w.sources.push_back({}); }));
  EXPECT_TRUE(with([](WorldOptions& w) { w.lineSources.push_back({}); }));
  EXPECT_TRUE(with([](WorldOptions& w) { w.movingSources.push_back({}); }));
  EXPECT_TRUE(with([](WorldOptions& w) { w.media.push_back({}); }));
  // The parameters' edges and wall kind, the tank's too.
  auto asked = [&](auto change) {
    Params p;
    change(p);
    return tankAsked(o, p);
  };
  EXPECT_FALSE(asked([](Params&) {}));
  EXPECT_TRUE(asked([](Params& p) { p.leftRightEdges = Edge::Wrap; }));
  EXPECT_TRUE(asked([](Params& p) { p.topBottomEdges = Edge::Free; }));
  EXPECT_TRUE(asked([](Params& p) { p.wallKind = WallKind::Held; }));
}

TEST(WorldOptions, GreyLevelIsTheLumaFormulaWithoutGamma) {
  const unsigned char red[4] = {255, 0, 0, 255}, green[4] = {0, 255, 0, 255}, blue[4] = {0, 0, 255, 255};
  const unsigned char grey[4] = {128, 128, 128, 255}, mixed[4] = {10, 200, 30, 0};
  EXPECT_EQ(greyLevel(red), 76);     // 299 * 255 / 1000 = 76.2
  EXPECT_EQ(greyLevel(green), 149);  // 587 * 255 / 1000 = 149.7, truncated
  EXPECT_EQ(greyLevel(blue), 29);
  EXPECT_EQ(greyLevel(grey), 128);
  EXPECT_EQ(greyLevel(mixed), (2990 + 117400 + 3420) / 1000);
}

void setPixel(Picture& image, int x, int y, unsigned char r, unsigned char g, unsigned char b, unsigned char a = 255) {
  unsigned char* p = image.pixel(x, y);
  p[0] = r;
  p[1] = g;
  p[2] = b;
  p[3] = a;
}

// 8x6: white, a dark 3x2 rectangle at (1,1), a black but transparent 2x2
// square at (5,3), and two greys on either side of 50% at (6,0) and (7,0).
std::string wallsPicture() {
  Picture picture(8, 6);
  for (int y = 0; y < 6; ++y)
    for (int x = 0; x < 8; ++x) setPixel(picture, x, y, 255, 255, 255);
  for (int y = 1; y < 3; ++y)
    for (int x = 1; x < 4; ++x) setPixel(picture, x, y, 40, 20, 90);
  for (int y = 3; y < 5; ++y)
    for (int x = 5; x < 7; ++x) setPixel(picture, x, y, 0, 0, 0, 100);
  setPixel(picture, 6, 0, 127, 127, 127);  // grey 127: wall
  setPixel(picture, 7, 0, 128, 128, 128);  // grey 128: water
  const std::string path = scratch("walls.png");
  savePicture(picture, path);
  return path;
}

std::vector<std::string> wallMap(const WaterWorld& world) {
  std::vector<std::string> rows;
  for (int y = 0; y < world.height; ++y) {
    std::string row;
    for (int x = 0; x < world.width; ++x) row += world.isWall(x, y) ? '#' : '.';
    rows.push_back(row);
  }
  return rows;
}

TEST(WorldOptions, WallsPictureDarkIsWallTransparentIsWater) {
  WorldOptions o;
  o.wallsPicture = wallsPicture();
  const WaterWorld same = buildWorld(o, Params{}, 8, 6);
  EXPECT_EQ(wallMap(same), (std::vector<std::string>{"......#.",  //
                                                     ".###....",  //
                                                     ".###....",  //
                                                     "........",  //
                                                     "........",  //
                                                     "........"}));
  EXPECT_FALSE(same.hasSlowWater()) << "a walls picture makes walls and water, nothing between";
  // Twice the size, nearest neighbour: each pixel is a 2x2 block of cells.
  const WaterWorld twice = buildWorld(o, Params{}, 16, 12);
  for (int y = 0; y < 12; ++y)
    for (int x = 0; x < 16; ++x) EXPECT_EQ(twice.isWall(x, y), same.isWall(x / 2, y / 2)) << x << "," << y;
  // Half the size in x: cell x takes the pixel under its centre, 2x + 1.
  const WaterWorld half = buildWorld(o, Params{}, 4, 6);
  for (int y = 0; y < 6; ++y)
    for (int x = 0; x < 4; ++x) EXPECT_EQ(half.isWall(x, y), same.isWall(2 * x + 1, y)) << x << "," << y;
}

TEST(WorldOptions, MediumIsTheGreyLevelAndWallsWinOverIt) {
  Picture picture(4, 1);
  setPixel(picture, 0, 0, 0, 0, 0);        // a wall
  setPixel(picture, 1, 0, 100, 100, 100);  // slow water
  setPixel(picture, 2, 0, 255, 255, 255);  // open water
  setPixel(picture, 3, 0, 255, 0, 0);      // grey 76
  const std::string path = scratch("medium.png");
  savePicture(picture, path);
  WorldOptions o;
  o.mediumPicture = path;
  const WaterWorld medium = buildWorld(o, Params{}, 4, 3);
  for (int y = 0; y < 3; ++y) {
    EXPECT_EQ(medium.speedAt(0, y), kWallCell);
    EXPECT_EQ(medium.speedAt(1, y), 100);
    EXPECT_EQ(medium.speedAt(2, y), kOpenWater);
    EXPECT_EQ(medium.speedAt(3, y), 76);
  }
  o.walls.push_back({1, 1, 1, 1, 1});  // a post on the slow water
  const WaterWorld walled = buildWorld(o, Params{}, 4, 3);
  EXPECT_EQ(walled.speedAt(1, 1), kWallCell);
  EXPECT_EQ(walled.speedAt(1, 0), 100);
}

TEST(WorldOptions, WallSegmentsEdgesKindAndSources) {
  WorldOptions o;
  o.walls.push_back({1, 1, 4, 1, 1});    // a line one cell thick
  o.walls.push_back({7, 4, 7, 4, 2});    // a 2x2 post: from (6,3) to (7,4)
  o.walls.push_back({-5, 9, 20, 9, 3});  // partly beyond the grid: clipped
  Params p;                              // the edges and the wall kind are the parameters'
  p.leftRightEdges = Edge::Absorbing;
  p.topBottomEdges = Edge::Wrap;
  p.wallKind = WallKind::Held;
  o.sources.push_back({2, 3, 2, 3, 8.0, 5.0f, 0, std::nullopt});
  o.lineSources.push_back({0, 5, 4, 5, 10.0, -7.0f, 3, 50});
  const WaterWorld world = buildWorld(o, p, 10, 11);
  EXPECT_EQ(wallMap(world), (std::vector<std::string>{"..........",  //
                                                      ".####.....",  //
                                                      "..........",  //
                                                      "......##..",  //
                                                      "......##..",  //
                                                      "..........",  //
                                                      "..........",  //
                                                      "..........",  //
                                                      "##########",  //
                                                      "##########",  //
                                                      "##########"}));
  EXPECT_EQ(world.leftRightEdges, Edge::Absorbing);
  EXPECT_EQ(world.topBottomEdges, Edge::Wrap);
  EXPECT_EQ(world.wallKind, WallKind::Held);
  ASSERT_EQ(world.sources.size(), 2u);
  EXPECT_EQ(world.sources[0].x0, 2);
  EXPECT_EQ(world.sources[0].amplitude, 5.0f);
  EXPECT_EQ(world.sources[1].x1, 4);
  EXPECT_EQ(world.sources[1].start, 3);
  EXPECT_EQ(*world.sources[1].end, 50);
}

TEST(WorldOptions, DiagonalGapsBetweenWallsAreClosed) {
  WorldOptions o;
  o.walls.push_back({0, 0, 0, 0, 1});
  o.walls.push_back({1, 1, 1, 1, 1});
  EXPECT_EQ(wallMap(buildWorld(o, Params{}, 3, 3)), (std::vector<std::string>{"##.", ".#.", "..."}));
}

// The message of the UsageError building the world throws.
std::string buildRefusal(const WorldOptions& o, int w, int h) {
  try {
    buildWorld(o, Params{}, w, h);
  } catch (const UsageError& e) {
    return e.what();
  }
  ADD_FAILURE() << "no UsageError";
  return {};
}

TEST(WorldOptions, WhatCannotBeBuiltIsAUsageErrorNamingTheOption) {
  WorldOptions wall;
  wall.walls.push_back({101, 10, 200, 10, 2});  // its first cell's square is x = 100 and 101
  EXPECT_EQ(buildRefusal(wall, 100, 80),
            "--wall: the wall from (101, 10) to (200, 10), 2 cells thick, lies entirely outside the 100x80 grid");
  wall.walls.back().thickness = 4;  // now it reaches x = 99
  EXPECT_NO_THROW(buildWorld(wall, Params{}, 100, 80));

  WorldOptions point;
  point.sources.push_back({100, 5, 100, 5, 8.0, 5.0f, 0, std::nullopt});
  EXPECT_EQ(buildRefusal(point, 100, 80), "--source: the source at (100, 5) lies outside the 100x80 grid");
  point.sources.back().x0 = point.sources.back().x1 = 99;
  EXPECT_NO_THROW(buildWorld(point, Params{}, 100, 80));
  WorldOptions line;
  line.lineSources.push_back({0, -1, 10, 5, 8.0, 5.0f, 0, std::nullopt});
  EXPECT_EQ(buildRefusal(line, 100, 80),
            "--line-source: the source from (0, -1) to (10, 5) reaches outside the 100x80 grid");

  std::ofstream(scratch("garbage.png"), std::ios::binary) << "\x89PNG\r\n\x1a\n garbage, not a picture";
  std::ofstream(scratch("empty.png")).close();
  WorldOptions pictures;
  pictures.wallsPicture = scratch("missing.png");
  EXPECT_EQ(buildRefusal(pictures, 10, 10),
            "--walls: cannot open picture '" + scratch("missing.png") + "': No such file or directory");
  pictures.wallsPicture = scratch("empty.png");
  EXPECT_EQ(buildRefusal(pictures, 10, 10), "--walls: picture '" + scratch("empty.png") + "' is empty");
  pictures.wallsPicture.clear();
  pictures.mediumPicture = scratch("garbage.png");
  EXPECT_EQ(buildRefusal(pictures, 10, 10).rfind("--medium: picture '" + scratch("garbage.png") + "' ", 0), 0u);
}

}  // namespace
}  // namespace ripple

// libripple as another program uses it: this test is a host of its own,
// linked against the library alone (through ripple::ripple, no internals),
// with its own GL loader, libepoxy, on an EGL context it makes itself. It
// checks the contract of include/ripple/ (the heights equal the command
// line's, bit for bit, on both backends), the GL state a call leaves, both
// loaders on one context, the errors, and what render() and
// heightTexture() give. Its one argument is the ripple binary
// (ripple_binary_main.cpp).
#include <epoxy/egl.h>
#include <epoxy/gl.h>
#include <gtest/gtest.h>

#include <array>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include <ripple/ripple.hpp>

#include "cli_files.hpp"
#include "cli_runner.hpp"
#include "host_gl.hpp"
#include "tank_edit.hpp"

namespace {

using ripple::test::HostFramebuffer;
using ripple::test::makePicture;

// The host's context: Mesa's surfaceless platform (no display, no window),
// through libepoxy's EGL.
ripple::test::HostContext gHost;

// The heights the command line writes after `args` (headless, quiet).
std::vector<float> commandLineHeights(std::vector<std::string> args) {
  static int run = 0;
  const std::string file = (ripple::test::scratchFolder("library") / ("run" + std::to_string(run++) + ".npy")).string();
  args.insert(args.begin(), "--headless");
  for (const char* more : {"--save-height", file.c_str(), "--quiet"}) args.push_back(more);
  const ripple::test::RunResult result = ripple::test::runRipple(args);
  EXPECT_EQ(result.exitCode, 0) << result.err;
  return ripple::test::readNpy(file).values;
}

// The contract of include/ripple/: the defaults are the command line's, and
// drop() and step() are --drop and --steps, bit for bit on either backend.
TEST(Library, HeightsEqualTheCommandLinesOnBothBackends) {
  for (auto [backend, name] : {std::pair(ripple::Backend::Cpu, "cpu"), std::pair(ripple::Backend::Gpu, "gpu")}) {
    ripple::Water water(640, 360, backend);
    water.drop(320, 180, 12, 96.0f);
    water.step(10);
    const std::vector<float> h = water.heights();
    ASSERT_EQ(h.size(), 640u * 360u);
    EXPECT_EQ(h,
              commandLineHeights({"--backend", name, "--size", "640x360", "--drop", "320,180,12,96", "--steps", "10"}))
        << name;
    // The stone at (320, 180), rows counted from the top: the heights about
    // it mirror left and right, and row 180 is its middle.
    EXPECT_NE(h[180 * 640 + 320], 0.0f);
    EXPECT_NEAR(h[170 * 640 + 320], h[190 * 640 + 320], 1e-3) << name << ": symmetric about row 180";
    EXPECT_NEAR(h[180 * 640 + 310], h[180 * 640 + 330], 1e-3) << name << ": symmetric about column 320";
  }
}

// Classic mode is the command line's, the seeds' rule bit for bit with
// their damping, on both backends; float water switched to it is rounded.
TEST(Library, ClassicModeIsTheCommandLines) {
  for (auto [backend, name] : {std::pair(ripple::Backend::Cpu, "cpu"), std::pair(ripple::Backend::Gpu, "gpu")}) {
    ripple::Water water(160, 120, backend);
    ripple::Rule classic;
    classic.mode = ripple::Mode::Classic;
    classic.damping = 1.0f / 32;
    water.setRule(classic);
    water.drop(80, 60, 8, 128.0f);
    water.step(300);
    EXPECT_EQ(water.heights(), commandLineHeights({"--backend", name, "--mode", "classic", "--damping", "0.03125",
                                                   "--size", "160x120", "--drop", "80,60,8,128", "--steps", "300"}))
        << name;
  }
  ripple::Water water(64, 48, ripple::Backend::Cpu);
  water.drop(32, 24, 6, 96.0f);
  water.step(7);
  ripple::Rule classic;
  classic.mode = ripple::Mode::Classic;
  water.setRule(classic);
  for (float h : water.heights()) ASSERT_EQ(h, std::round(h)) << "whole heights in classic mode";
}

// The wave tank from the API is the command line's: edges, walls, and the
// three forms of source, bit for bit after 150 steps (both in float mode,
// the defaults, on the CPU reference).
TEST(Library, TheTankIsTheCommandLines) {
  ripple::Water water(160, 120, ripple::Backend::Cpu);
  ripple::Tank tank;
  tank.leftRightEdges = ripple::Edge::Absorbing;
  tank.topBottomEdges = ripple::Edge::Free;
  tank.wallKind = ripple::WallKind::Held;
  tank.walls = {{80, 0, 80, 50}, {80, 70, 80, 119, 3}};
  water.setTank(tank);
  ripple::Source point;
  point.x0 = point.x1 = 40;
  point.y0 = point.y1 = 60;
  point.period = 16;
  point.amplitude = 40;
  ripple::Source line = point;
  line.x0 = 120, line.y0 = 10, line.x1 = 150, line.y1 = 10, line.start = 20;
  ripple::Source moving = point;
  moving.x0 = 100, moving.y0 = 100, moving.x1 = 140, moving.y1 = 100, moving.start = 10, moving.end = 120;
  moving.moving = true;
  EXPECT_EQ(water.addSource(point), 0u);
  EXPECT_EQ(water.addSource(line), 1u);
  EXPECT_EQ(water.addSource(moving), 2u);
  water.step(150);
  EXPECT_EQ(water.heights(), commandLineHeights({"--backend",       "cpu",
                                                 "--size",          "160x120",
                                                 "--edges",         "absorbing,free",
                                                 "--wall-kind",     "held",
                                                 "--wall",          "80,0,80,50",
                                                 "--wall",          "80,70,80,119,3",
                                                 "--source",        "40,60,16,40",
                                                 "--line-source",   "120,10,150,10,16,40@20",
                                                 "--moving-source", "100,100,140,100,16,40@10:120",
                                                 "--steps",         "150"}));
  ASSERT_EQ(water.sources().size(), 3u);
  EXPECT_TRUE(water.sources()[2].moving);
  water.removeSource(0);
  EXPECT_EQ(water.sources().size(), 2u);
  EXPECT_EQ(water.sources()[0].x1, 150);
  water.setTank({});
  EXPECT_TRUE(water.sources().empty());
}

// A preset from the API is the command line's --preset, brought to the
// same grid (double-slit: a 1280x720 frame, the grid half of it), and its
// saved scene, loaded into another Water, runs on with the same heights.
TEST(Library, APresetIsTheCommandLinesAndItsSavedSceneRunsTheSame) {
  ripple::Water water(640, 360, ripple::Backend::Cpu);
  const ripple::Scene preset = ripple::presetScene("double-slit");
  water.loadScene(preset);
  EXPECT_EQ(preset.picture, "builtin:tank");
  EXPECT_FALSE(preset.description.empty());
  water.step(60);
  EXPECT_EQ(water.heights(), commandLineHeights({"--backend", "cpu", "--preset", "double-slit", "--steps", "60"}));

  const std::string scene = (ripple::test::scratchFolder("library") / "saved.toml").string();
  ripple::Water fresh(640, 360, ripple::Backend::Cpu);
  fresh.loadScene(preset);
  ripple::writeScene(fresh.scene(), scene);
  ripple::Water reloaded(640, 360, ripple::Backend::Cpu);
  reloaded.loadScene(ripple::readScene(scene));
  fresh.step(40);
  reloaded.step(40);
  EXPECT_EQ(reloaded.heights(), fresh.heights());
  EXPECT_EQ(reloaded.sources().size(), fresh.sources().size());
  const ripple::Picture picture = ripple::loadPicture(preset.picture);
  EXPECT_EQ(picture.width * picture.height * 4, static_cast<int>(picture.rgba.size()));
  EXPECT_EQ(ripple::presetNames().size(), 12u);
}

// Slow water from the API, a disc and a polygon, is the same as a scene's;
// cell speeds of 0 are walls, as painted ones are; a resize keeps it all.
TEST(Library, SlowWaterAndCellSpeeds) {
  const std::string scene = (ripple::test::scratchFolder("library") / "slow.toml").string();
  {
    std::FILE* f = std::fopen(scene.c_str(), "w");
    std::fputs(
        "ripple_scene = 1\n[frame]\nsize = [100, 80]\ngrid_scale = 0\n"
        "[[tank.medium]]\ncentre = [30, 40]\nradius = 12\nspeed = 0.5\n"
        "[[tank.medium]]\ncorners = [[60, 10], [90, 10], [75, 40]]\nspeed = 0.25\n"
        "[[stones.drop]]\nat = [50, 40]\nradius = 6\nweight = 96\n",
        f);
    std::fclose(f);
  }
  ripple::Water fromScene(100, 80, ripple::Backend::Cpu), fromCalls(100, 80, ripple::Backend::Cpu);
  fromScene.loadScene(ripple::readScene(scene));
  ripple::Tank slow;
  slow.slowWater = {{{}, 30, 40, 12, 0.5f}, {{{60, 10}, {90, 10}, {75, 40}}, 0, 0, 0, 0.25f}};
  fromCalls.setTank(slow);
  fromCalls.drop(50, 40, 6, 96.0f);
  fromScene.step(80);
  fromCalls.step(80);
  EXPECT_EQ(fromCalls.heights(), fromScene.heights());

  ripple::Water walled(100, 80, ripple::Backend::Cpu), painted(100, 80, ripple::Backend::Cpu);
  std::vector<float> speeds(100 * 80, 1.0f);
  // A wall 2 cells thick on column 50 covers columns 49 and 50 (water_world.hpp).
  for (int y = 0; y < 80; ++y)
    speeds[static_cast<size_t>(y) * 100 + 49] = speeds[static_cast<size_t>(y) * 100 + 50] = 0.0f;
  ripple::Tank cells, wall;
  cells.cellSpeeds = speeds;
  wall.walls = {{50, 0, 50, 79, 2}};
  walled.setTank(cells);
  painted.setTank(wall);
  for (ripple::Water* w : {&walled, &painted}) {
    w->drop(20, 40, 6, 96.0f);
    w->step(120);
  }
  EXPECT_EQ(walled.heights(), painted.heights());
  EXPECT_EQ(walled.heights()[40 * 100 + 80], 0.0f) << "nothing beyond the wall";
  walled.resize(200, 160);
  walled.step(10);
  EXPECT_EQ(walled.heights()[80 * 200 + 99], 0.0f) << "the wall, on the larger grid";
}

// Everything the host had set is as it was after each call: framebuffers,
// viewport, scissor, program, vertex array and buffer, textures and the
// active unit, blending, colour mask, depth and culling, pixel storage.
struct SeenState {
  GLint drawFramebuffer, readFramebuffer, program, vertexArray, arrayBuffer, activeTexture, unpackAlignment;
  std::array<GLint, 4> viewport, scissorBox, textures;
  GLboolean blend, scissor, depth, cull;
  GLint blendSrc, blendDst, blendEquation;
  std::array<GLboolean, 4> colourMask;
  bool operator==(const SeenState& o) const {
    return drawFramebuffer == o.drawFramebuffer && readFramebuffer == o.readFramebuffer && program == o.program &&
           vertexArray == o.vertexArray && arrayBuffer == o.arrayBuffer && activeTexture == o.activeTexture &&
           unpackAlignment == o.unpackAlignment && viewport == o.viewport && scissorBox == o.scissorBox &&
           textures == o.textures && blend == o.blend && scissor == o.scissor && depth == o.depth && cull == o.cull &&
           blendSrc == o.blendSrc && blendDst == o.blendDst && blendEquation == o.blendEquation &&
           colourMask == o.colourMask;
  }
};

SeenState seeState() {
  SeenState s{};
  glGetIntegerv(GL_DRAW_FRAMEBUFFER_BINDING, &s.drawFramebuffer);
  glGetIntegerv(GL_READ_FRAMEBUFFER_BINDING, &s.readFramebuffer);
  glGetIntegerv(GL_CURRENT_PROGRAM, &s.program);
  glGetIntegerv(GL_VERTEX_ARRAY_BINDING, &s.vertexArray);
  glGetIntegerv(GL_ARRAY_BUFFER_BINDING, &s.arrayBuffer);
  glGetIntegerv(GL_ACTIVE_TEXTURE, &s.activeTexture);
  glGetIntegerv(GL_UNPACK_ALIGNMENT, &s.unpackAlignment);
  glGetIntegerv(GL_VIEWPORT, s.viewport.data());
  glGetIntegerv(GL_SCISSOR_BOX, s.scissorBox.data());
  for (int unit = 0; unit < 4; ++unit) {
    GLint active = 0;
    glGetIntegerv(GL_ACTIVE_TEXTURE, &active);
    glActiveTexture(GL_TEXTURE0 + unit);
    glGetIntegerv(GL_TEXTURE_BINDING_2D, &s.textures[unit]);
    glActiveTexture(static_cast<GLenum>(active));
  }
  s.blend = glIsEnabled(GL_BLEND);
  s.scissor = glIsEnabled(GL_SCISSOR_TEST);
  s.depth = glIsEnabled(GL_DEPTH_TEST);
  s.cull = glIsEnabled(GL_CULL_FACE);
  glGetIntegerv(GL_BLEND_SRC_RGB, &s.blendSrc);
  glGetIntegerv(GL_BLEND_DST_RGB, &s.blendDst);
  glGetIntegerv(GL_BLEND_EQUATION_RGB, &s.blendEquation);
  glGetBooleanv(GL_COLOR_WRITEMASK, s.colourMask.data());
  return s;
}

TEST(Library, EveryCallLeavesTheHostsGlStateAsItWas) {
  ripple::Water water(160, 90);
  const GLuint picture = makePicture(320, 180);
  HostFramebuffer frame(320, 180), other(8, 8);
  // The host's state: unusual on purpose.
  GLuint vertexArray = 0, buffer = 0, textures[4] = {};
  glGenVertexArrays(1, &vertexArray);
  glBindVertexArray(vertexArray);
  glGenBuffers(1, &buffer);
  glBindBuffer(GL_ARRAY_BUFFER, buffer);
  glGenTextures(4, textures);
  for (int unit = 0; unit < 4; ++unit) {
    glActiveTexture(GL_TEXTURE0 + unit);
    glBindTexture(GL_TEXTURE_2D, textures[unit]);
  }
  glActiveTexture(GL_TEXTURE2);
  glBindFramebuffer(GL_DRAW_FRAMEBUFFER, frame.framebuffer);
  glBindFramebuffer(GL_READ_FRAMEBUFFER, other.framebuffer);
  glViewport(3, 4, 50, 60);
  glEnable(GL_SCISSOR_TEST);
  glScissor(1, 2, 30, 40);
  glEnable(GL_BLEND);
  glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
  glBlendEquation(GL_FUNC_REVERSE_SUBTRACT);
  glEnable(GL_DEPTH_TEST);
  glEnable(GL_CULL_FACE);
  glColorMask(GL_TRUE, GL_FALSE, GL_TRUE, GL_FALSE);
  glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
  const SeenState before = seeState();

  water.drop(80, 45, 8, 96.0f);
  EXPECT_TRUE(seeState() == before) << "drop()";
  water.step(5);
  EXPECT_TRUE(seeState() == before) << "step()";
  water.render(picture, 0, 0, 320, 180);
  EXPECT_TRUE(seeState() == before) << "render()";
  water.heights();
  EXPECT_TRUE(seeState() == before) << "heights()";
  water.resize(100, 60);
  EXPECT_TRUE(seeState() == before) << "resize()";
  water.quarterTurn();
  EXPECT_TRUE(seeState() == before) << "quarterTurn()";
  water.verify(5);
  EXPECT_TRUE(seeState() == before) << "verify()";
  water.reset();
  EXPECT_TRUE(seeState() == before) << "reset()";
  water.restsUnseen({20.0f, 20.0f}, 320, 180);
  EXPECT_TRUE(seeState() == before) << "restsUnseen()";

  glDisable(GL_SCISSOR_TEST);
  glDisable(GL_BLEND);
  glDisable(GL_DEPTH_TEST);
  glDisable(GL_CULL_FACE);
  glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
  glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  glBindVertexArray(0);
  glDeleteVertexArrays(1, &vertexArray);
  glDeleteBuffers(1, &buffer);
  glDeleteTextures(4, textures);
  glDeleteTextures(1, &picture);
  glActiveTexture(GL_TEXTURE0);
}

// render() draws the host's picture, whatever its size and filter, into
// the rectangle asked for and nowhere else, flat water showing it as it is
// (row 0 of the picture at the top), a stone bending it; then the host
// draws on with its own loader.
TEST(Library, RenderDrawsTheHostsPictureIntoItsRectangle) {
  ripple::Water water(160, 90);
  const GLuint picture = makePicture(320, 180);
  HostFramebuffer frame(400, 300);
  glBindFramebuffer(GL_FRAMEBUFFER, frame.framebuffer);
  glClearColor(0.0f, 0.0f, 0.0f, 0.0f);
  glClear(GL_COLOR_BUFFER_BIT);
  ripple::Look plain;
  plain.lightStrength = 0.0f;
  water.setLook(plain);
  water.render(picture, 40, 60, 320, 180);
  const std::vector<unsigned char> flat = frame.read();
  auto at = [](const std::vector<unsigned char>& rgba, int x, int y) {
    return &rgba[(static_cast<size_t>(y) * 400 + x) * 4];
  };
  EXPECT_EQ(at(flat, 39, 100)[3], 0) << "left of the rectangle: untouched";
  EXPECT_EQ(at(flat, 40 + 320, 100)[3], 0) << "right of it";
  EXPECT_EQ(at(flat, 100, 59)[3], 0) << "below it";
  EXPECT_EQ(at(flat, 100, 60 + 180)[3], 0) << "above it";
  // GL's row 60 is the picture's bottom row, 179; its pixel (10, 179) is
  // (10*7 + 179, 179*5 + 30, (10^179)*11) mod 256.
  const unsigned char* bottomLeft = at(flat, 40 + 10, 60);
  EXPECT_NEAR(bottomLeft[0], (10 * 7 + 179) % 256, 1);
  EXPECT_NEAR(bottomLeft[1], (179 * 5 + 30) % 256, 1);
  const unsigned char* topLeft = at(flat, 40 + 10, 60 + 179);
  EXPECT_NEAR(topLeft[0], 70, 1) << "the picture's row 0 at the top";

  water.drop(80, 45, 10, 96.0f);
  water.step(20);
  glBindFramebuffer(GL_FRAMEBUFFER, frame.framebuffer);
  water.render(picture, 40, 60, 320, 180);
  const std::vector<unsigned char> bent = frame.read();
  long changed = 0;
  for (int y = 60; y < 240; ++y)
    for (int x = 40; x < 360; ++x) changed += std::memcmp(at(flat, x, y), at(bent, x, y), 3) != 0;
  EXPECT_GT(changed, 2000) << "the stone's rings bend the picture";

  // The host's own drawing after it, with its own loader: a clear of a corner.
  glEnable(GL_SCISSOR_TEST);
  glScissor(0, 0, 4, 4);
  glClearColor(1.0f, 0.0f, 0.0f, 1.0f);
  glClear(GL_COLOR_BUFFER_BIT);
  glDisable(GL_SCISSOR_TEST);
  EXPECT_EQ(frame.read()[0], 255);
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  glDeleteTextures(1, &picture);
}

// heightTexture(): cell (x, y) is component x % 4 of texel (origin.x + x / 4,
// origin.y + y), as the header says.
TEST(Library, HeightTextureHoldsTheHeightsAsDocumented) {
  ripple::Water water(61, 37);
  water.drop(20, 10, 6, 96.0f);
  water.step(7);
  const std::vector<float> heights = water.heights();
  const ripple::HeightTexture t = water.heightTexture();
  GLint texelsWide = 0, texelsHigh = 0;
  glBindTexture(GL_TEXTURE_2D, t.name);
  glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_WIDTH, &texelsWide);
  glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_HEIGHT, &texelsHigh);
  std::vector<float> texels(static_cast<size_t>(texelsWide) * texelsHigh * 4);
  glPixelStorei(GL_PACK_ALIGNMENT, 4);
  glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_FLOAT, texels.data());
  glBindTexture(GL_TEXTURE_2D, 0);
  long moved = 0;
  for (int y = 0; y < 37; ++y)
    for (int x = 0; x < 61; ++x) {
      const float fromTexture =
          texels[(static_cast<size_t>(t.originY + y) * texelsWide + t.originX + x / 4) * 4 + x % 4];
      ASSERT_EQ(fromTexture, heights[static_cast<size_t>(y) * 61 + x]) << x << "," << y;
      moved += fromTexture != 0.0f;
    }
  EXPECT_GT(moved, 100);
  EXPECT_EQ(texels[(static_cast<size_t>(t.originY) * texelsWide + t.originX - 1) * 4 + 3], 0.0f) << "0 beyond";
}

// setHeights() and previousHeights() are the water's whole state: what is
// set is read back, and one step from it is the seeds' rule worked out here
// by hand (on each backend alone: their agreement would prove nothing).
TEST(Library, HeightsSetAtOnceStepByTheRule) {
  const int w = 37, h = 23;  // a width that is no whole number of texels
  std::vector<float> cur(static_cast<size_t>(w) * h), prev(cur.size());
  for (size_t i = 0; i < cur.size(); ++i) {
    cur[i] = static_cast<float>((i * 7919) % 201) - 100.0f + 0.25f;
    prev[i] = static_cast<float>((i * 104729) % 151) - 75.0f;
  }
  for (ripple::Backend backend : {ripple::Backend::Cpu, ripple::Backend::Gpu}) {
    SCOPED_TRACE(backend == ripple::Backend::Gpu ? "gpu" : "cpu");
    ripple::Water water(w, h, backend);
    ripple::Rule seeds{ripple::Mode::Float, 1.0f / 32, 0.70710678f, ripple::Stencil::Five, ripple::StoneShape::Smooth};
    water.setRule(seeds);
    water.setHeights(cur, prev);
    EXPECT_EQ(water.heights(), cur);
    EXPECT_EQ(water.previousHeights(), prev);
    water.step(1);
    const std::vector<float> next = water.heights();
    EXPECT_EQ(water.previousHeights(), cur);
    const auto at = [&](int x, int y) { return cur[static_cast<size_t>(y) * w + x]; };
    for (int y = 0; y < h; ++y)
      for (int x = 0; x < w; ++x) {
        float expected = 0.0f;  // the border ring is held still
        if (x > 0 && y > 0 && x < w - 1 && y < h - 1) {
          const float sum = ((at(x - 1, y) + at(x + 1, y)) + at(x, y - 1)) + at(x, y + 1);
          expected = sum * 0.5f - prev[static_cast<size_t>(y) * w + x];
          expected -= expected * (1.0f / 32);
        }
        ASSERT_EQ(next[static_cast<size_t>(y) * w + x], expected) << x << "," << y;
      }

    // With absorbing edges the visible cells are set inside the layers; the
    // previous heights left out: the water still for an instant.
    ripple::test::setEdges(water, ripple::Edge::Absorbing, ripple::Edge::Absorbing);
    water.setHeights(cur);
    EXPECT_EQ(water.heights(), cur);
    EXPECT_EQ(water.previousHeights(), cur);

    // Classic mode's heights are whole numbers.
    seeds.mode = ripple::Mode::Classic;
    water.setRule(seeds);
    water.setHeights(cur, prev);
    const std::vector<float> whole = water.heights();
    for (size_t i = 0; i < whole.size(); ++i) ASSERT_EQ(whole[i], std::nearbyint(cur[i])) << i;

    // What is refused, and the water left as it was.
    const auto refused = [&](const std::vector<float>& heights, const std::vector<float>& previous,
                             const std::string& words) {
      try {
        water.setHeights(heights, previous);
        ADD_FAILURE() << "took " << words;
      } catch (const ripple::Error& e) {
        EXPECT_NE(std::string(e.what()).find(words), std::string::npos) << e.what();
      }
      EXPECT_EQ(water.heights(), whole);
    };
    refused(std::vector<float>(10), {}, "setHeights: 10 heights for a grid of 37x23, which has 851 cells");
    refused(cur, std::vector<float>(5), "setHeights: 5 previous heights for a grid of 37x23");
    std::vector<float> bad = cur;
    bad[2 * w + 5] = std::nanf("");
    refused(bad, {}, "setHeights: the height at (5, 2): 'nan' is not a finite number");
    bad[2 * w + 5] = 40000.0f;
    refused(cur, bad,
            "setHeights: the previous height at (5, 2): '40000' is out of range: it must be from -32767 to 32767");
  }
}

// Each way of reading the heights' texels gives the same water and the same
// frame, bit for bit; Auto is resolved to one of them.
TEST(Library, EveryWayOfReadingTheHeightsGivesTheSameWater) {
  using HeightReads = ripple::Water::GpuOptions::HeightReads;
  using StepPath = ripple::Water::GpuOptions::StepPath;
  EXPECT_NE(ripple::Water(8, 8).gpuOptions().heightReads, HeightReads::Auto);
  EXPECT_EQ(ripple::Water(8, 8, ripple::Backend::Cpu).gpuOptions().heightReads, HeightReads::Auto);
  const GLuint picture = makePicture(96, 64);
  std::vector<std::vector<float>> heights;
  std::vector<std::vector<unsigned char>> frames;
  for (HeightReads reads : {HeightReads::Sampler, HeightReads::TexelFetch, HeightReads::ImageLoad}) {
    ripple::Water water(96, 64, ripple::Backend::Gpu, {StepPath::Fragment, "", reads});
    EXPECT_EQ(water.gpuOptions().heightReads, reads);
    water.drop(40, 30, 6, 96.0f);
    water.step(20);
    heights.push_back(water.heights());
    const HostFramebuffer frame(96, 64);
    water.render(picture, 0, 0, 96, 64);
    frames.push_back(frame.read());
  }
  glDeleteTextures(1, &picture);
  for (size_t i = 1; i < heights.size(); ++i) {
    EXPECT_EQ(heights[i], heights[0]) << i;
    EXPECT_EQ(frames[i], frames[0]) << i;
  }
  EXPECT_NE(heights[0], std::vector<float>(96 * 64, 0.0f));
}

// The parameters refuse what the command line refuses, in its words.
TEST(Library, ParametersOutOfRangeAreRefusedInTheCommandLinesWords) {
  ripple::Water water(32, 32, ripple::Backend::Cpu);
  auto messageOf = [](auto call) {
    try {
      call();
    } catch (const ripple::Error& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  ripple::Rule rule;
  rule.damping = 1.5f;
  EXPECT_EQ(messageOf([&] { water.setRule(rule); }), "damping: '1.5' is out of range: it must be from 0 to below 1");
  rule.damping = std::nanf("");
  EXPECT_EQ(messageOf([&] { water.setRule(rule); }), "damping: 'nan' is not a finite number");
  rule = ripple::Rule{};
  rule.speed = 0.5f;
  rule.stencil = ripple::Stencil::Five;
  water.setRule(rule);
  rule.speed = 0.75f;
  EXPECT_EQ(messageOf([&] { water.setRule(rule); }),
            "speed: '0.75' is beyond the stability limit of the 5-point stencil, 0.7071 (1/sqrt 2); "
            "Rule::stencil = Stencil::Nine runs up to 0.8660");
  ripple::Look look;
  look.refraction = 9.0f;
  EXPECT_EQ(messageOf([&] { water.setLook(look); }), "refraction: '9' is out of range: it must be from 0 to 8");
  EXPECT_EQ(messageOf([&] { water.drop(1, 1, 0, 96.0f); }),
            "stone radius: '0' is out of range: it must be from 1 to 256");
  EXPECT_EQ(messageOf([&] { water.render(1, 0, 0, 10, 10); }),
            "render: a Water on the CPU backend does not draw; make it with Backend::Gpu");
  EXPECT_EQ(water.rule().damping, 0.006f) << "a refused value leaves the parameter as it was";
  EXPECT_EQ(water.rule().speed, 0.5f);
  ripple::Source offGrid;
  offGrid.x0 = offGrid.x1 = 40;
  EXPECT_EQ(messageOf([&] { water.addSource(offGrid); }), "source: the source at (40, 0) lies outside the 32x32 grid");
  ripple::Tank offGridWall;
  offGridWall.walls = {{40, 40, 50, 50}};
  EXPECT_EQ(messageOf([&] { water.setTank(offGridWall); }),
            "wall: the wall from (40, 40) to (50, 50), 2 cells thick, lies entirely outside the 32x32 grid");
  EXPECT_EQ(messageOf([&] {
              ripple::presetScene("no-such");
            }).rfind("preset: there is no preset 'no-such'; the presets are ", 0),
            0u);
}

// The rule and the rain as values: a new Water's are the structs' defaults
// (the command line's), each is read back as set, and a rule refused for
// one field (here a speed beyond the five-point stencil) changes none of it.
// The rain's seed is its own: the same seed rains the same stones.
TEST(Library, TheRuleAndTheRainAreSetWholeAndReadBack) {
  ripple::Water water(48, 32, ripple::Backend::Cpu);
  EXPECT_TRUE(water.rule() == ripple::Rule{}) << "a new Water's rule is Rule{}";
  EXPECT_TRUE(water.rain() == ripple::Rain{}) << "a new Water's rain is Rain{}";
  const ripple::Rule seeds{ripple::Mode::Classic, 1.0f / 32.0f, 0.7071f, ripple::Stencil::Five,
                           ripple::StoneShape::Disc};
  water.setRule(seeds);
  EXPECT_TRUE(water.rule() == seeds);

  // Classic mode steps at the seeds' speed whatever Rule::speed says: the
  // same heights at 0.3 as at 0.7, and stepSpeed() says so.
  std::vector<std::vector<float>> classicHeights;
  for (float speed : {0.3f, 0.7f}) {
    ripple::Rule classic = seeds;
    classic.speed = speed;
    EXPECT_EQ(classic.stepSpeed(), ripple::kSeedSpeed);
    ripple::Water pool(48, 32, ripple::Backend::Cpu);
    pool.setRule(classic);
    pool.drop(24, 16, 4, 96.0f);
    pool.step(20);
    classicHeights.push_back(pool.heights());
  }
  EXPECT_EQ(classicHeights[0], classicHeights[1]);
  ripple::Rule floatRule;
  floatRule.speed = 0.3f;
  EXPECT_EQ(floatRule.stepSpeed(), 0.3f) << "float mode steps at its own speed";

  ripple::Rule fast = ripple::Rule{};
  fast.stencil = ripple::Stencil::Five;  // 0.8 cells a step is beyond its 0.7071
  try {
    water.setRule(fast);
    ADD_FAILURE() << "a speed beyond the stencil's limit was taken";
  } catch (const ripple::Error& e) {
    EXPECT_EQ(std::string(e.what()),
              "speed: '0.8' is beyond the stability limit of the 5-point stencil, 0.7071 (1/sqrt 2); "
              "Rule::stencil = Stencil::Nine runs up to 0.8660");
  }
  EXPECT_TRUE(water.rule() == seeds) << "a refused rule changes nothing";
  fast.stencil = ripple::Stencil::Nine;  // whole: Five to Nine and 0.7071 to 0.8 in one call
  water.setRule(fast);
  EXPECT_TRUE(water.rule() == fast);

  const ripple::Rain rain{0.5f, 3, 40.0f, 7};
  water.setRain(rain);
  EXPECT_TRUE(water.rain() == rain);
  water.step(20);
  const std::vector<float> rained = water.heights();
  water.reset();
  water.setRain(rain);
  water.step(20);
  EXPECT_EQ(water.heights(), rained) << "the same seed, the same stones";
  EXPECT_THROW(water.setRain({17.0f}), ripple::Error);
  EXPECT_TRUE(water.rain() == rain) << "a refused rain changes nothing";
  water.setRain({});
  EXPECT_FALSE(water.disturbedByItself());
}

// What the GPU backend says where it cannot run.
TEST(Library, WithoutAContextOrWithAGridTooLargeItSaysWhy) {
  gHost.release();
  try {
    ripple::Water water(64, 64);
    ADD_FAILURE() << "made water on the GPU with no current context";
  } catch (const ripple::Error& e) {
    EXPECT_EQ(std::string(e.what()).rfind("no current OpenGL context", 0), 0u) << e.what();
  }
  EXPECT_THROW(ripple::gpuContextDescription(), ripple::Error);
  gHost.makeCurrent();
  const std::string described = ripple::gpuContextDescription();
  EXPECT_NE(described.find(reinterpret_cast<const char*>(glGetString(GL_RENDERER))), std::string::npos) << described;
  EXPECT_NE(described.find(", OpenGL "), std::string::npos) << described;
  GLint largest = 0;
  glGetIntegerv(GL_MAX_TEXTURE_SIZE, &largest);
  if (largest <= 16384) {  // Mesa's; NVIDIA's 32768 holds every grid of up to 16384 a side
    try {
      ripple::Water water(64, 16384);  // the heights' texture is a few rows taller than the grid
      ADD_FAILURE() << "made a grid taller than the driver's textures";
    } catch (const ripple::Error& e) {
      EXPECT_NE(std::string(e.what()).find("beyond what this GPU takes"), std::string::npos) << e.what();
    }
  }
  EXPECT_THROW(ripple::Water(0, 10, ripple::Backend::Cpu), ripple::Error);
}

// A host may delete a program, a vertex array or a texture while it is still
// bound: once ripple has bound its own, that name is gone, and putting it
// back would be a GL error (GL_INVALID_VALUE from glUseProgram). Nothing is
// bound in its place instead.
TEST(Library, ObjectsTheHostDeletedWhileBoundAreNotBoundAgain) {
  ripple::Water water(64, 48);
  while (glGetError() != GL_NO_ERROR) {
  }
  GLuint vertexArray = 0, texture = 0;
  glGenVertexArrays(1, &vertexArray);
  glBindVertexArray(vertexArray);
  glGenTextures(1, &texture);
  glActiveTexture(GL_TEXTURE0);
  glBindTexture(GL_TEXTURE_2D, texture);
  const GLuint program = glCreateProgram();
  const GLuint shader = glCreateShader(GL_VERTEX_SHADER);
  const char* text = "#version 330 core\nvoid main() { gl_Position = vec4(0.0); }\n";
  glShaderSource(shader, 1, &text, nullptr);
  glCompileShader(shader);
  glAttachShader(program, shader);
  glLinkProgram(program);
  glDeleteShader(shader);
  glUseProgram(program);
  glDeleteProgram(program);  // still current, so not yet gone
  glDeleteVertexArrays(1, &vertexArray);
  glDeleteTextures(1, &texture);

  water.drop(32, 24, 5, 96.0f);
  water.step(2);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  GLint bound = -1;
  glGetIntegerv(GL_CURRENT_PROGRAM, &bound);
  EXPECT_EQ(bound, 0);
  glGetIntegerv(GL_VERTEX_ARRAY_BINDING, &bound);
  EXPECT_EQ(bound, 0);
  glGetIntegerv(GL_TEXTURE_BINDING_2D, &bound);
  EXPECT_EQ(bound, 0);
}

// What the headless run asks of a Water: a step path by name, a scene's
// text, the frame as pixels, and a shader folder that fails in words.
TEST(Library, GpuOptionsSceneTextAndFrames) {
  using StepPath = ripple::Water::GpuOptions::StepPath;
  for (StepPath path : {StepPath::Fragment, StepPath::Compute}) {
    ripple::Water water(64, 48, ripple::Backend::Gpu, {path, ""});
    EXPECT_EQ(water.gpuOptions().stepPath, path);
    EXPECT_EQ(water.description().rfind(path == StepPath::Compute ? "gpu (compute" : "gpu (fragment pass", 0), 0u)
        << water.description();
  }
  ripple::Water cpu(64, 48, ripple::Backend::Cpu);
  EXPECT_EQ(cpu.description(), "cpu");

  // A scene's text runs as its file does.
  const std::string scene = (ripple::test::scratchFolder("library") / "text.toml").string();
  ripple::Water fromPreset(160, 90, ripple::Backend::Cpu);
  fromPreset.loadScene(ripple::presetScene("two-sources"));
  ripple::writeScene(fromPreset.scene(), scene);
  std::ifstream in(scene);
  const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  ripple::Water fromFile(160, 90, ripple::Backend::Cpu), fromText(160, 90, ripple::Backend::Cpu);
  fromFile.loadScene(ripple::readScene(scene));
  fromText.loadScene(ripple::parseScene(text));
  fromFile.step(30);
  fromText.step(30);
  EXPECT_EQ(fromText.heights(), fromFile.heights());

  // The frame at the picture's size, the same on both backends in classic mode.
  ripple::Picture picture{32, 24, std::vector<std::uint8_t>(32 * 24 * 4)};
  for (size_t i = 0; i < picture.rgba.size(); ++i) picture.rgba[i] = static_cast<std::uint8_t>(i * 7);
  std::vector<ripple::Picture> frames;
  for (ripple::Backend backend : {ripple::Backend::Gpu, ripple::Backend::Cpu}) {
    ripple::Water water(32, 24, backend);
    ripple::Rule classic;
    classic.mode = ripple::Mode::Classic;
    water.setRule(classic);
    water.drop(16, 12, 4, 96.0f);
    water.step(5);
    frames.push_back(water.frame(picture));
  }
  EXPECT_EQ(frames[0].width, 32);
  EXPECT_EQ(frames[0].height, 24);
  EXPECT_EQ(frames[0].rgba, frames[1].rgba);
  EXPECT_NE(frames[0].rgba, picture.rgba) << "the stone moved no pixel";

  try {
    ripple::Water water(16, 16, ripple::Backend::Gpu, {StepPath::Auto, "/nonexistent/shaders"});
    ADD_FAILURE() << "made water from a shader folder that is not there";
  } catch (const ripple::Error& e) {
    EXPECT_NE(std::string(e.what()).find("/nonexistent/shaders"), std::string::npos) << e.what();
  }
}

// The window's tools as a host has them: cells painted with a brush (walls,
// slow water, the eraser), a source found near a click and dragged, and a
// scene saved with the painted cells in a picture beside it.
TEST(Library, PaintedCellsDraggedSourcesAndTheirScene) {
  ripple::Water water(120, 80, ripple::Backend::Cpu);
  auto speedAt = [&](int x, int y) { return water.cellSpeeds()[static_cast<size_t>(y) * 120 + x]; };
  water.paint(60, 0, 60, 79, 2, 0.0f);
  EXPECT_EQ(speedAt(60, 5), 0.0f);
  EXPECT_EQ(speedAt(60, 35), 0.0f);
  EXPECT_EQ(speedAt(30, 35), 1.0f);
  water.paint(60, 30, 60, 40, 2, 1.0f);  // the eraser: a gap
  EXPECT_EQ(speedAt(60, 35), 1.0f);
  EXPECT_EQ(speedAt(60, 5), 0.0f);
  water.paint(10, 10, 20, 10, 3, 0.5f);
  EXPECT_NEAR(speedAt(15, 10), 0.5f, 1.0f / 255);
  const std::vector<float> painted = water.cellSpeeds();
  ripple::Tank paintedTank;
  paintedTank.cellSpeeds = painted;
  water.setTank(paintedTank);
  EXPECT_EQ(water.cellSpeeds(), painted) << "cellSpeeds() is what a tank's cellSpeeds take";
  EXPECT_THROW(water.paint(0, 0, 5, 5, 0, 0.0f), ripple::Error);
  EXPECT_THROW(water.paint(0, 0, 5, 5, 2, 1.5f), ripple::Error);

  const std::size_t source = water.addSource({30, 40, 30, 40, 20.0, 50.0f});
  EXPECT_EQ(ripple::sourceNear(water.sources(), 32, 41, 3), source);
  EXPECT_EQ(ripple::sourceNear(water.sources(), 40, 40, 3), std::nullopt);
  water.moveSource(source, 40, 50, 10);  // gliding there over ten steps
  EXPECT_EQ(water.sources()[source].x0, 40);
  EXPECT_EQ(water.sources()[source].y0, 50);
  water.step(12);
  EXPECT_NE(water.heights()[50 * 120 + 40], 0.0f) << "the source sings where it was dragged";
  EXPECT_THROW(water.moveSource(5, 1, 1), ripple::Error);

  const std::filesystem::path folder = ripple::test::scratchFolder("library_paint");
  const std::string scene = (folder / "painted.toml").string();
  ripple::Scene saved = water.scene();
  saved.description = "painted";
  saved.picture = "builtin:tank";
  saved.steps = 300;
  ripple::writeScene(saved, scene);
  EXPECT_TRUE(std::filesystem::exists(folder / "painted.medium.png")) << "slow water goes in a picture of speeds";
  ripple::Water back(120, 80, ripple::Backend::Cpu);
  const ripple::Scene info = ripple::readScene(scene);
  back.loadScene(info);
  EXPECT_EQ(info.description, "painted");
  EXPECT_EQ(info.picture, "builtin:tank");
  EXPECT_EQ(info.steps, 300);
  EXPECT_EQ(back.cellSpeeds(), painted) << "every painted cell where it was";
  ASSERT_EQ(back.sources().size(), 1u);
  EXPECT_EQ(back.sources()[0].x0, 40);
  EXPECT_EQ(back.sources()[0].start, 0) << "added while the water ran, it sings from the scene's start";

  ripple::test::editTank(back, [](ripple::Tank& t) { t.clearCells(); });  // the source stays
  EXPECT_EQ(back.cellSpeeds(), std::vector<float>(120 * 80, 1.0f));
  EXPECT_EQ(back.sources().size(), 1u);
}

// When moving water can no longer show, and what keeps it from resting.
TEST(Library, TheWaterSaysWhenItRestsUnseen) {
  for (ripple::Backend backend : {ripple::Backend::Gpu, ripple::Backend::Cpu}) {
    ripple::Water water(160, 90, backend);
    const ripple::PictureContrast contrast{20.0f, 20.0f};
    EXPECT_TRUE(water.restsUnseen(contrast, 320, 180)) << "still water";
    EXPECT_FALSE(water.disturbedByItself());
    water.drop(80, 45, 8, 96.0f);
    EXPECT_FALSE(water.restsUnseen(contrast, 320, 180)) << "a stone just dropped";
    ripple::Rule damped;
    damped.damping = 0.05f;
    water.setRule(damped);
    int steps = 0;
    while (!water.restsUnseen(contrast, 320, 180) && steps < 3000) water.step(10), steps += 10;
    EXPECT_LT(steps, 3000) << "damped water never rested";
    EXPECT_FALSE(water.restsUnseen({255.0f, 255.0f}, 320, 180)) << "a picture of more contrast shows it still";
    EXPECT_THROW(water.restsUnseen(contrast, 0, 180), ripple::Error);

    water.setRain({0.1f});
    EXPECT_TRUE(water.disturbedByItself()) << "rain";
    water.setRain({});
    const std::size_t source = water.addSource({20, 20, 20, 20, 24.0, 40.0f});
    EXPECT_TRUE(water.disturbedByItself()) << "a source";
    water.removeSource(source);
    EXPECT_FALSE(water.disturbedByItself());
  }
  const ripple::Picture edge{2, 2, {10, 10, 10, 255, 50, 50, 50, 255, 10, 10, 10, 255, 50, 50, 50, 255}};
  EXPECT_EQ(ripple::pictureContrast(edge).across, 40.0f);
  EXPECT_EQ(ripple::pictureContrast(edge).down, 0.0f);
}

// That `call` throws ripple::Error with `words` in its message.
template <typename Call>
void expectErrorMentioning(Call call, const std::string& words) {
  try {
    call();
    ADD_FAILURE() << "no error; expected one mentioning: " << words;
  } catch (const ripple::Error& e) {
    EXPECT_NE(std::string(e.what()).find(words), std::string::npos) << e.what();
  }
}

// The picture calls a host shows the water over: the built-in ones by name,
// a frame saved and read back byte for byte, a picture covered to a frame of
// another shape, and pictures that are not one refused in words.
TEST(Library, PicturesAreLoadedSavedAndCovered) {
  const std::vector<std::string> names = ripple::builtinPictureNames();
  ASSERT_EQ(names, (std::vector<std::string>{"builtin:pool", "builtin:tank"}));
  for (const std::string& name : names) {
    EXPECT_TRUE(ripple::namesBuiltinPicture(name));
    EXPECT_GT(ripple::loadPicture(name).width, 0) << name;
  }
  EXPECT_FALSE(ripple::namesBuiltinPicture("pool.png"));
  EXPECT_EQ(ripple::loadPicture("").rgba, ripple::loadPicture("builtin:pool").rgba) << "\"\" is the default picture";
  expectErrorMentioning([] { ripple::loadPicture("builtin:sea"); }, "'builtin:sea' is not a built-in picture");

  ripple::Picture striped(6, 4);
  for (int y = 0; y < 4; ++y)
    for (int x = 0; x < 6; ++x) {
      unsigned char* p = striped.pixel(x, y);
      p[0] = static_cast<unsigned char>(x * 40), p[1] = static_cast<unsigned char>(y * 60), p[2] = 7, p[3] = 255;
    }
  const std::string path = (ripple::test::scratchFolder("library_pictures") / "striped.png").string();
  ripple::savePicture(striped, path);
  const ripple::Picture back = ripple::loadPicture(path);
  EXPECT_EQ(back.width, 6);
  EXPECT_EQ(back.height, 4);
  EXPECT_EQ(back.rgba, striped.rgba) << "a PNG keeps every byte";

  // Twice as wide as tall onto a square: the middle half of the columns stays.
  const ripple::Picture covered = ripple::coverPicture(ripple::coverPicture(striped, 8, 4), 4, 4);
  EXPECT_EQ(covered.width, 4);
  EXPECT_EQ(covered.height, 4);
  EXPECT_GT(covered.pixel(0, 0)[0], striped.pixel(0, 0)[0]) << "the left columns are cropped";
  EXPECT_LT(covered.pixel(3, 0)[0], striped.pixel(5, 0)[0]) << "and the right ones";

  const ripple::Picture negative(-1, 5);  // no pixels, not a vector of 2^64 bytes
  EXPECT_TRUE(negative.rgba.empty());
  expectErrorMentioning([&] { ripple::savePicture(negative, path); }, "savePicture: the picture must have");
  const ripple::Picture ragged{2, 2, {1, 2, 3}};
  expectErrorMentioning([&] { ripple::savePicture(ragged, path); }, "savePicture: the picture must have");
  expectErrorMentioning([&] { ripple::coverPicture(ragged, 4, 4); }, "coverPicture: the picture must have");
  expectErrorMentioning([&] { ripple::pictureContrast(ripple::Picture{}); }, "pictureContrast: the picture must");
  expectErrorMentioning([&] { ripple::coverPicture(striped, 0, 4); }, "coverPicture: picture 'of the frame' is 0x4");
  expectErrorMentioning([&] { ripple::coverPicture(striped, 1 << 20, 4); }, "at most 16384 on a side");
  expectErrorMentioning([&] { ripple::savePicture(striped, path + ".missing/folder/x.png"); }, "x.png");
  EXPECT_EQ(ripple::loadPicture(path).rgba, striped.rgba) << "a refused save leaves the file as it was";
}

// A host's own --verify: a GPU water and a CPU one that ran the same
// scene agree as verify() says agree; one stone more, a water of another
// size or mode, a frame that is not a picture and a mode that is none are
// told apart or refused in words.
TEST(Library, TwoRunsAreComparedAsVerifyComparesThem) {
  ripple::Scene scene = ripple::presetScene("double-slit");
  ripple::Water gpu(160, 90), cpu(160, 90, ripple::Backend::Cpu);
  gpu.loadScene(scene);
  cpu.loadScene(scene);
  gpu.step(40);
  cpu.step(40);
  const ripple::Verification same = ripple::compareWaters(gpu, cpu, 96.0f);
  EXPECT_TRUE(same.passed) << same.largestDifference << " over " << same.tolerance;
  EXPECT_FLOAT_EQ(same.tolerance, 1e-4f * 96.0f) << "float mode: 1e-4 of the heaviest stone, the largest height";
  const ripple::Picture pool = ripple::loadPicture("");
  const ripple::Picture picture = ripple::coverPicture(pool, 160, 90);
  EXPECT_TRUE(ripple::compareFrames(gpu.frame(picture), cpu.frame(picture), ripple::Mode::Float).passed);

  cpu.drop(20, 20, 4, 50.0f);
  cpu.step();
  gpu.step();
  const ripple::Verification differ = ripple::compareWaters(gpu, cpu, 96.0f);
  EXPECT_FALSE(differ.passed);
  EXPECT_GT(differ.differingCells, 20);
  EXPECT_GT(differ.largestDifference, 1.0f);
  const ripple::FrameComparison frames =
      ripple::compareFrames(gpu.frame(picture), cpu.frame(picture), ripple::Mode::Classic);
  EXPECT_FALSE(frames.passed);
  EXPECT_GT(frames.differingPixels, 20);

  ripple::Water small(80, 45, ripple::Backend::Cpu), classic(160, 90, ripple::Backend::Cpu);
  classic.setRule({ripple::Mode::Classic});
  expectErrorMentioning([&] { ripple::compareWaters(cpu, small, 1.0f); }, "compareWaters: a 160x90 water and a 80x45");
  expectErrorMentioning([&] { ripple::compareWaters(cpu, classic, 1.0f); }, "float mode and the other in classic");
  expectErrorMentioning([&] { ripple::compareWaters(cpu, cpu, NAN); }, "heaviest stone: 'nan' is not a finite");
  const ripple::Picture ragged{2, 2, {1, 2, 3}};
  expectErrorMentioning([&] { ripple::compareFrames(ragged, picture, ripple::Mode::Float); },
                        "compareFrames: the picture must have");
  expectErrorMentioning([&] { ripple::compareFrames(picture, picture, static_cast<ripple::Mode>(7)); },
                        "compareFrames: mode: 7 is not one of float or classic");
  EXPECT_FALSE(ripple::compareFrames(picture, pool, ripple::Mode::Float).passed) << "frames of other sizes differ";
}

// A host whose users edit the shaders while it runs: an edit is compiled,
// one that fails is named and the water runs on with what it had.
TEST(Library, ShadersEditedWhileRunningAreReloaded) {
  namespace fs = std::filesystem;
  const fs::path folder = ripple::test::scratchFolder("library_shaders");
  for (const auto& e : fs::directory_iterator(fs::path(RIPPLE_SOURCE_DIR) / "shaders"))
    fs::copy_file(e.path(), folder / e.path().filename(), fs::copy_options::overwrite_existing);
  ripple::Water water(64, 48, ripple::Backend::Gpu, {ripple::Water::GpuOptions::StepPath::Fragment, folder.string()});
  EXPECT_FALSE(water.reloadEditedShaders()) << "nothing edited";
  const fs::path step = folder / "step_plain.glsl";
  fs::last_write_time(step, fs::last_write_time(step) + std::chrono::seconds(2));
  EXPECT_TRUE(water.reloadEditedShaders());
  EXPECT_FALSE(water.reloadEditedShaders()) << "read once";
  std::ofstream(step, std::ios::app) << "this is not GLSL\n";
  fs::last_write_time(step, fs::last_write_time(step) + std::chrono::seconds(4));
  try {
    water.reloadEditedShaders();
    ADD_FAILURE() << "a shader that does not compile was taken";
  } catch (const ripple::Error& e) {
    EXPECT_NE(std::string(e.what()).find("step_plain.glsl"), std::string::npos) << e.what();
  }
  water.drop(32, 24, 5, 96.0f);
  water.step(3);
  EXPECT_NE(water.heights()[24 * 64 + 32], 0.0f) << "the water runs on";
  EXPECT_FALSE(water.reloadEditedShaders()) << "a failed edit is tried again at the next change only";
  ripple::Water builtIn(16, 16);
  EXPECT_FALSE(builtIn.reloadEditedShaders()) << "built-in shaders are never edited";
}

// A Water moves; the one moved from is empty and may be destroyed.
TEST(Library, AWaterMoves) {
  ripple::Water a(40, 30);
  a.drop(20, 15, 5, 96.0f);
  ripple::Water b(std::move(a));
  b.step(3);
  ripple::Water c(10, 10, ripple::Backend::Cpu);
  c = std::move(b);
  EXPECT_EQ(c.width(), 40);
  EXPECT_EQ(c.stepsDone(), 3);
  EXPECT_NE(c.heights()[15 * 40 + 20], 0.0f);
}

// The host's context, made before any test runs; without it every test fails.
class HostContextEnvironment : public testing::Environment {
 public:
  void SetUp() override {
    const auto host = ripple::test::makeHostContext();
    ASSERT_TRUE(host) << "no EGL context on Mesa's surfaceless platform: the library cannot be tested";
    gHost = *host;
  }
};
testing::Environment* const gHostEnvironment = testing::AddGlobalTestEnvironment(new HostContextEnvironment);

}  // namespace

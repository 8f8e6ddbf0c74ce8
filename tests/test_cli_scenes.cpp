// Scenes on the command line, through the real binary: the presets are
// listed and each runs; a run saved with --save-scene and run again with
// --scene gives the same heights bit for bit; options override the scene
// they follow; a bad scene file is one line, exit 2, and no file written.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>

#include "cli_runner.hpp"
#include "core/image.hpp"
#include "cli_files.hpp"
#include "scene/presets.hpp"
#include "scene/scene.hpp"

namespace ripple {
namespace {

namespace fs = std::filesystem;
using test::Npy;
using test::readFile;
using test::readNpy;
using test::RunResult;
using test::runRipple;

fs::path scratchDir() {
  const fs::path dir = test::scratchFolder("cli_scenes_test");
  fs::create_directories(dir / "pictures");
  return dir;
}
std::string scratch(const std::string& name) { return (scratchDir() / name).string(); }

std::vector<std::string> headless(std::vector<std::string> args) {
  args.insert(args.begin(), "--headless");
  args.push_back("--quiet");
  return args;
}

std::string joined(const std::vector<std::string>& args) {
  std::string out;
  for (const std::string& a : args) out += a + " ";
  return out;
}

// Runs and expects exit 0; the heights it saved at `npy`.
Npy runAndRead(const std::vector<std::string>& args, const std::string& npy) {
  fs::remove(npy);
  const RunResult r = runRipple(args);
  EXPECT_EQ(r.exitCode, 0) << joined(args) << "\n" << r.err;
  return readNpy(npy);
}

// The presets as --list-presets prints them: name, a tab, the description.
std::vector<std::pair<std::string, std::string>> listedPresets() {
  const RunResult r = runRipple({"--list-presets"});
  EXPECT_EQ(r.exitCode, 0) << r.err;
  EXPECT_TRUE(r.err.empty()) << r.err;
  std::vector<std::pair<std::string, std::string>> out;
  std::istringstream lines(r.out);
  std::string line;
  const std::regex form(R"(([a-z0-9-]+)\t([^\t]+))");
  while (std::getline(lines, line)) {
    std::smatch m;
    EXPECT_TRUE(std::regex_match(line, m, form)) << "not NAME<TAB>DESCRIPTION: '" << line << "'";
    if (m.size() == 3) out.emplace_back(m[1], m[2]);
  }
  EXPECT_FALSE(r.out.empty() || r.out.back() != '\n') << "lines end with a newline";
  return out;
}

TEST(CliScenes, ListPresetsPrintsANameAndADescriptionALine) {
  const auto listed = listedPresets();
  EXPECT_GE(listed.size(), 12u);
  const std::vector<PresetInfo>& known = presets();
  ASSERT_EQ(listed.size(), known.size());
  for (size_t i = 0; i < listed.size(); ++i) {
    EXPECT_EQ(listed[i].first, known[i].name);
    EXPECT_EQ(listed[i].second, known[i].description);
  }
}

// Each preset runs its own steps headless (run.steps: the seeds' pool,
// damped as theirs, calms sooner than the rest) and its water stays finite,
// within the heights' clamp, and moving: a preset shows something.
TEST(CliScenes, EachPresetRunsWithFiniteMovingWater) {
  const auto listed = listedPresets();
  ASSERT_GE(listed.size(), 12u);
  for (const auto& [name, description] : listed) {
    const std::string npy = scratch("preset-" + name + ".npy");
    const Npy heights = runAndRead(headless({"--preset", name, "--save-height", npy}), npy);
    const SceneFile scene = presetSceneFile(name);
    ASSERT_TRUE(scene.size) << name;
    ASSERT_GE(scene.steps, 300) << name << ": a preset runs long enough to show something";
    const int divisor = 1 << scene.params.simScaleShift;
    EXPECT_EQ(heights.cols, (scene.size->first + divisor - 1) / divisor)
        << name << ": the grid is the frame / 2^grid_scale";
    EXPECT_EQ(heights.rows, (scene.size->second + divisor - 1) / divisor) << name;
    long notFinite = 0;
    float largest = 0;
    for (float v : heights.values) {
      if (!std::isfinite(v))
        ++notFinite;
      else
        largest = std::max(largest, std::abs(v));
    }
    std::printf("  %-17s %dx%d, %d steps: largest |height| %.1f\n", name.c_str(), heights.cols, heights.rows,
                scene.steps, largest);
    EXPECT_EQ(notFinite, 0) << name;
    EXPECT_LE(largest, 32767.0f) << name;
    EXPECT_GT(largest, 0.5f) << name << ": still water after its " << scene.steps << " steps";
  }
}

// Classic mode is the seeds' integer algorithm: the GPU and the CPU agree
// bit for bit on each classic preset.
TEST(CliScenes, ClassicPresetsVerifyBitForBit) {
  int classic = 0;
  for (const PresetInfo& info : presets()) {
    if (presetSceneFile(info.name).params.mode != Mode::Classic) continue;
    ++classic;
    const RunResult r = runRipple({"--headless", "--preset", info.name, "--verify", "--quiet"});
    EXPECT_EQ(r.exitCode, 0) << info.name << "\n" << r.out << r.err;
    EXPECT_EQ(r.out.rfind("verify PASS: classic mode, ", 0), 0u) << info.name << ": " << r.out;
    EXPECT_NE(r.out.find("largest height difference 0 "), std::string::npos) << info.name << ": " << r.out;
    EXPECT_NE(r.out.find(" 0 differing cells, 0 differing pixels"), std::string::npos) << info.name << ": " << r.out;
  }
  EXPECT_GE(classic, 1) << "seeds-pool at least";
}

// Pictures for the run below: the picture under the water, a walls picture
// (a dark block) and a medium picture (a grey ramp of slow water).
struct Pictures {
  std::string water = scratch("pictures/water.png"), walls = scratch("pictures/walls.png"),
              medium = scratch("pictures/medium.png");
  Pictures() {
    Picture w(80, 60), k(80, 60), m(80, 60);
    for (int y = 0; y < 60; ++y) {
      for (int x = 0; x < 80; ++x) {
        const uint8_t rgba[4] = {uint8_t(x * 3), uint8_t(y * 4), 90, 255};
        std::copy(rgba, rgba + 4, w.pixel(x, y));
        const uint8_t wall = (x >= 60 && x < 66 && y >= 10 && y < 40) ? 0 : 255;
        const uint8_t grey = static_cast<uint8_t>(x < 30 ? 255 : 120 + x);
        for (int c = 0; c < 3; ++c) {
          k.pixel(x, y)[c] = wall;
          m.pixel(x, y)[c] = grey;
        }
        k.pixel(x, y)[3] = m.pixel(x, y)[3] = 255;
      }
    }
    savePicture(w, water);
    savePicture(k, walls);
    savePicture(m, medium);
  }
};

// A run with nearly every option: all of them go into the scene.
std::vector<std::string> manyOptions(const Pictures& p) {
  return {"--size",
          "160x120",
          "--steps",
          "150",
          "--damping",
          "0.0123457",
          "--speed",
          "0.7512345",
          "--stencil",
          "9",
          "--stone-shape",
          "smooth",
          "--stone-weight",
          "70.5",
          "--drop",
          "40,40,6,90",
          "--drop",
          "120,80,5,-60@40",
          "--rain",
          "0.2",
          "--seed",
          "4242",
          "--wall",
          "0,60,70,60,2",
          "--wall",
          "90,5,90,30,1",
          "--walls",
          p.walls,
          "--medium",
          p.medium,
          "--edges",
          "absorbing,free",
          "--wall-kind",
          "held",
          "--source",
          "30,90,14.5,25",
          "--line-source",
          "100,10,150,10,20,15@5:120",
          "--moving-source",
          "20,100,140,100,10,30@0:150",
          "--refraction",
          "3",
          "--shading",
          "0.4",
          "--height-shading",
          "2.5",
          "--light",
          "2.5",
          "--light-azimuth",
          "200",
          "--light-elevation",
          "25",
          "--image",
          p.water};
}

std::vector<std::string> plus(std::vector<std::string> a, const std::vector<std::string>& b) {
  a.insert(a.end(), b.begin(), b.end());
  return a;
}

// A run saved as a scene and the scene run again: the same heights and the
// same frame, bit for bit; and the scene saved again is the same file.
TEST(CliScenes, ASavedRunRunsAgainBitForBit) {
  const Pictures pictures;
  const std::string scene = scratch("many.toml");
  const Npy a =
      runAndRead(headless(plus(manyOptions(pictures), {"--save-scene", scene, "--save-height", scratch("many-a.npy"),
                                                       "--save-frame", scratch("many-a.png")})),
                 scratch("many-a.npy"));
  const std::string text = readFile(scene);
  ASSERT_FALSE(text.empty());
  EXPECT_NE(text.find("picture = \"pictures/water.png\""), std::string::npos) << "written relative:\n" << text;
  const Npy b = runAndRead(
      headless({"--scene", scene, "--save-height", scratch("many-b.npy"), "--save-frame", scratch("many-b.png")}),
      scratch("many-b.npy"));
  EXPECT_EQ(readFile(scratch("many-a.npy")), readFile(scratch("many-b.npy"))) << "the heights, bit for bit";
  EXPECT_EQ(readFile(scratch("many-a.png")), readFile(scratch("many-b.png"))) << "the frame, bit for bit";
  EXPECT_EQ(a.cols, 160);
  EXPECT_EQ(a.rows, 120);
  EXPECT_TRUE(std::any_of(a.values.begin(), a.values.end(), [](float v) { return std::abs(v) > 1; }));

  // Saved again from the scene, the same bytes.
  ASSERT_EQ(runRipple(headless({"--scene", scene, "--save-scene", scratch("many-again.toml")})).exitCode, 0);
  EXPECT_EQ(readFile(scratch("many-again.toml")), text);
}

// A preset saved (with --steps changed) is the preset with those steps; run
// again, it gives the same heights bit for bit. One classic with stones
// (scaled from its frame to the grid), one with a moving source, one with rain.
TEST(CliScenes, APresetSavedRunsAgainBitForBit) {
  for (const std::string name : {"seeds-pool", "doppler", "rockpool-rain"}) {
    const std::string scene = scratch(name + ".toml"), a = scratch(name + "-a.npy"), b = scratch(name + "-b.npy");
    runAndRead(headless({"--preset", name, "--steps", "240", "--save-scene", scene, "--save-height", a}), a);
    SceneFile expected = presetSceneFile(name);
    expected.steps = 240;
    SceneFile saved;
    ASSERT_NO_THROW(saved = loadSceneFile(scene)) << name;
    EXPECT_TRUE(saved == expected) << name << ":\n" << readFile(scene);
    runAndRead(headless({"--scene", scene, "--save-height", b}), b);
    EXPECT_EQ(readFile(a), readFile(b)) << name << ": the heights, bit for bit";
  }
}

// Whatever else the command line says overrides the scene, wherever it
// stands: here the damping and the edges; a --drop adds a stone.
TEST(CliScenes, OptionsOverrideTheSceneAndAddToIt) {
  const std::string base = scratch("override-base.toml");
  ASSERT_EQ(runRipple(headless({"--preset", "two-sources", "--steps", "30", "--save-scene", base})).exitCode, 0);
  const SceneFile original = loadSceneFile(base);
  ASSERT_NE(original.params.damping, 0.05f);
  for (const bool before : {false, true}) {
    const std::string out = scratch(before ? "override-before.toml" : "override-after.toml");
    std::vector<std::string> overrides = {"--damping", "0.05", "--edges", "wrap", "--drop", "640,360,20,40@5"};
    const std::vector<std::string> args = before ? plus(plus(overrides, {"--scene", base}), {"--save-scene", out})
                                                 : plus(plus({"--scene", base}, overrides), {"--save-scene", out});
    ASSERT_EQ(runRipple(headless(args)).exitCode, 0) << joined(args);
    SceneFile expected = original;
    expected.params.damping = 0.05f;
    expected.params.leftRightEdges = expected.params.topBottomEdges = Edge::Wrap;
    expected.drops.push_back({5, {640, 360, 20, 40.0f, StoneShape::Disc}});
    EXPECT_TRUE(loadSceneFile(out) == expected) << joined(args) << "\n" << readFile(out);
  }
}

// A scene's positions are pixels of its frame: on a grid of half the frame
// (grid_scale 1) a stone at pixel (100, 50) of radius 10 is a disc of
// radius 5 at cell (50, 25); a --drop given with the scene is in its pixels too.
TEST(CliScenes, ASceneFramesPixelsAreScaledToTheGrid) {
  const std::string scene = scratch("frame.toml");
  std::ofstream(scene) << "ripple_scene = 1\n"
                          "[frame]\nsize = [200, 100]\ngrid_scale = 1\n"
                          "[stones]\nshape = \"disc\"\n"
                          "[[stones.drop]]\nat = [100, 50]\nradius = 10\nweight = 50.0\n"
                          "[run]\nsteps = 0\n";
  const std::string npy = scratch("frame.npy");
  const Npy h = runAndRead(headless({"--scene", scene, "--drop", "40,20,6,30", "--save-height", npy}), npy);
  ASSERT_EQ(h.cols, 100);
  ASSERT_EQ(h.rows, 50);
  long wrong = 0;
  for (int y = 0; y < 50; ++y) {
    for (int x = 0; x < 100; ++x) {
      const bool big = (x - 50) * (x - 50) + (y - 25) * (y - 25) < 25;
      const bool small = (x - 20) * (x - 20) + (y - 10) * (y - 10) < 9;
      const float expected = big ? -50.0f : small ? -30.0f : 0.0f;
      if (h.at(x, y) != expected) ++wrong;
    }
  }
  EXPECT_EQ(wrong, 0) << "cells off the stones scaled from the frame's pixels to the grid's cells";
}

// A bad scene file: exit 2, one line on stderr, "ripple: FILE:LINE: KEY:
// ...", nothing on stdout, and none of the files the run would write.
TEST(CliScenes, ABadSceneIsOneLineExitTwoAndWritesNothing) {
  struct Bad {
    std::string text;
    int line;
    std::string key;
  };
  const std::string v = "ripple_scene = 1\n";
  const std::vector<Bad> cases = {
      {v + "[water\n", 2, "TOML"},
      {v + "[water]\nmode = \"float\"\ndampning = 0.1\n", 4, "water.dampning"},
      {v + "\n[rain]\nradius = 99\n", 4, "rain.radius"},
      {v + "[look]\nlight = nan\n", 3, "look.light"},
      {v + "[frame]\npicture = \"nowhere.png\"\n", 3, "frame.picture"},
      {v + "[[tank.source]]\nfrom = [1, 1]\nto = [9, 1]\nmoving = true\nperiod = 9.0\namplitude = 4.0\n", 2,
       "tank.source[1].end"},
      {v + "[water]\nmode = \"classic\"\n[[tank.medium]]\ncentre = [5, 5]\nradius = 3\nspeed = 0.5\n", 7,
       "tank.medium[1].speed"},
      {"ripple_scene = 9\n", 1, "ripple_scene"},
  };
  const std::vector<std::string> outputs = {scratch("bad-out.npy"), scratch("bad-out.png"), scratch("bad-out.toml"),
                                            scratch("bad-out-frames")};
  for (size_t i = 0; i < cases.size(); ++i) {
    const std::string file = scratch("bad" + std::to_string(i) + ".toml");
    std::ofstream(file) << cases[i].text;
    const RunResult r = runRipple({"--headless", "--scene", file, "--save-height", outputs[0], "--save-frame",
                                   outputs[1], "--save-scene", outputs[2], "--save-frames", outputs[3]});
    EXPECT_EQ(r.exitCode, 2) << cases[i].text << r.err;
    const std::string start = "ripple: " + file + ":" + std::to_string(cases[i].line) + ": " + cases[i].key + ": ";
    EXPECT_EQ(r.err.rfind(start, 0), 0u) << "should start with '" << start << "':\n" << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << "one line: " << r.err;
    EXPECT_TRUE(r.out.empty()) << r.out;
    for (const std::string& out : outputs) EXPECT_FALSE(fs::exists(out)) << out << " written for\n" << cases[i].text;
  }
  // A scene file that is not there.
  const RunResult missing = runRipple({"--headless", "--scene", scratch("missing.toml"), "--save-height", outputs[0]});
  EXPECT_EQ(missing.exitCode, 2) << missing.err;
  EXPECT_EQ(missing.err.rfind("ripple: " + scratch("missing.toml") + ": ", 0), 0u) << missing.err;
  EXPECT_EQ(std::count(missing.err.begin(), missing.err.end(), '\n'), 1) << missing.err;
  EXPECT_FALSE(fs::exists(outputs[0]));
}

// A usage error: exit 2, one line on stderr that says `says`, nothing on stdout.
RunResult expectUsage(const std::vector<std::string>& args, const std::string& says) {
  const RunResult r = runRipple(args);
  EXPECT_EQ(r.exitCode, 2) << joined(args) << "\n" << r.err;
  EXPECT_EQ(r.err.rfind("ripple: ", 0), 0u) << r.err;
  EXPECT_NE(r.err.find(says), std::string::npos) << joined(args) << "\nshould say '" << says << "':\n" << r.err;
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << "one line: " << r.err;
  EXPECT_TRUE(r.out.empty()) << r.out;
  return r;
}

TEST(CliScenes, UsageErrors) {
  const std::string scene = scratch("usage.toml");
  std::ofstream(scene) << "ripple_scene = 1\n";
  expectUsage({"--headless", "--scene", scene, "--preset", "lens"}, "--scene and --preset");
  expectUsage({"--headless", "--preset", "lens", "--scene", scene}, "--scene and --preset");

  const RunResult unknown = expectUsage({"--headless", "--preset", "double-slot"}, "'double-slot'");
  for (const PresetInfo& info : presets()) EXPECT_NE(unknown.err.find(info.name), std::string::npos) << unknown.err;

  // Without --headless the window would save nothing: refused before any window opens.
  expectUsage({"--scene", scene, "--save-scene", scratch("window.toml")}, "--save-scene");
  EXPECT_FALSE(fs::exists(scratch("window.toml")));

  // A scene's positions are pixels of its frame: saved from a run at
  // another size, it could not run the same.
  expectUsage({"--headless", "--preset", "doppler", "--size", "320x180", "--steps", "1", "--save-scene",
               scratch("resized.toml")},
              "--save-scene");
  EXPECT_FALSE(fs::exists(scratch("resized.toml")));
}

}  // namespace
}  // namespace ripple

// The window's settings: written whole, read back the same, and a corrupt or
// foreign file gives a warning and the defaults, never a crash.
#include <gtest/gtest.h>

#include <set>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <csignal>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>

#include "core/error.hpp"
#include "app/settings.hpp"
#include "ripple/parameters.hpp"
#include "api/scene_values.hpp"
#include "core/water_rule.hpp"

namespace ripple {
namespace {

namespace fs = std::filesystem;

fs::path scratch(const std::string& name) {
  const fs::path dir = fs::path(RIPPLE_TEST_DATA_DIR) / "settings_test";
  fs::create_directories(dir);
  return dir / name;
}

WindowSettings unusual() {
  WindowSettings p;
  p.rule.mode = Mode::Classic;
  p.rule.damping = 0.0123456789f;
  p.rule.speed = 0.8123f;  // above the four neighbours' limit: valid with nine only
  p.rule.stencil = Stencil::Nine;
  p.stoneRadius = 17;
  p.rain.weight = 333.5f;
  p.rule.stoneShape = StoneShape::Smooth;
  p.rain.falling = true;
  p.rain.dropsPerStep = 2.25f;
  p.look.refraction = 3.5f;
  p.look.shading = 1.25f;
  p.look.heightShading = 7.5f;
  p.look.lightStrength = 2.75f;
  p.look.lightAzimuth = 301.5f;
  p.look.lightElevation = 12.25f;
  p.waveSpeed = 144.0f;
  p.gridScale = 2;
  p.vsync = false;
  p.verifySteps = 250;
  p.brushSize = 33;
  p.slowWaterFactor = 0.375f;
  p.sourcePeriod = 12.5f;
  p.sourceAmplitude = 77.25f;
  p.leftRightEdges = Edge::Absorbing;
  p.topBottomEdges = Edge::Wrap;
  p.wallKind = WallKind::Held;
  return p;
}

void expectSame(const WindowSettings& a, const WindowSettings& b) {
  EXPECT_EQ(a.rule.mode, b.rule.mode);
  EXPECT_EQ(a.rule.damping, b.rule.damping);
  EXPECT_EQ(a.rule.speed, b.rule.speed);
  EXPECT_EQ(a.rule.stencil, b.rule.stencil);
  EXPECT_EQ(a.stoneRadius, b.stoneRadius);
  EXPECT_EQ(a.rain.weight, b.rain.weight);
  EXPECT_EQ(a.rule.stoneShape, b.rule.stoneShape);
  EXPECT_EQ(a.rain.falling, b.rain.falling);
  EXPECT_EQ(a.rain.dropsPerStep, b.rain.dropsPerStep);
  EXPECT_EQ(a.look.refraction, b.look.refraction);
  EXPECT_EQ(a.look.shading, b.look.shading);
  EXPECT_EQ(a.look.heightShading, b.look.heightShading);
  EXPECT_EQ(a.look.lightStrength, b.look.lightStrength);
  EXPECT_EQ(a.look.lightAzimuth, b.look.lightAzimuth);
  EXPECT_EQ(a.look.lightElevation, b.look.lightElevation);
  EXPECT_EQ(a.waveSpeed, b.waveSpeed);
  EXPECT_EQ(a.gridScale, b.gridScale);
  EXPECT_EQ(a.vsync, b.vsync);
  EXPECT_EQ(a.verifySteps, b.verifySteps);
  EXPECT_EQ(a.brushSize, b.brushSize);
  EXPECT_EQ(a.slowWaterFactor, b.slowWaterFactor);
  EXPECT_EQ(a.sourcePeriod, b.sourcePeriod);
  EXPECT_EQ(a.sourceAmplitude, b.sourceAmplitude);
  EXPECT_EQ(a.leftRightEdges, b.leftRightEdges);
  EXPECT_EQ(a.topBottomEdges, b.topBottomEdges);
  EXPECT_EQ(a.wallKind, b.wallKind);
}

TEST(Settings, SaveThenLoadGivesTheSameValues) {
  const fs::path file = scratch("nested/folder/settings.ini");
  fs::remove_all(scratch("nested"));
  saveSettings(unusual(), file.string());
  const LoadedSettings loaded = loadSettings(file.string());
  EXPECT_EQ(loaded.warning, "");
  expectSame(loaded.params, unusual());
  for (const auto& e : fs::directory_iterator(file.parent_path())) {
    EXPECT_EQ(e.path().filename(), "settings.ini") << "a temporary file was left";
  }
}

std::string readAll(const fs::path& file) {
  std::ifstream in(file, std::ios::binary);
  return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

// A save that fails part-way leaves the old settings as they were, byte for
// byte, and no temporary file. The failure is real: a child process with a
// file-size limit of 16 bytes (the full disk's error, EFBIG) saves other
// settings over the old file. Writing straight to the file would have cut it
// to nothing before the first byte failed; a temporary file renamed over it
// only once whole leaves it alone.
TEST(Settings, AFailedSaveKeepsTheOldFileWhole) {
  const fs::path dir = scratch("failed_save");
  fs::remove_all(dir);
  fs::create_directories(dir);
  const fs::path file = dir / "settings.ini";
  saveSettings(unusual(), file.string());
  const std::string before = readAll(file);
  constexpr rlim_t kLimit = 16;
  ASSERT_GT(encodeSettings(WindowSettings{}).size(), kLimit) << "the new settings must not fit under the limit";
  ASSERT_GT(before.size(), kLimit);

  const pid_t child = ::fork();
  ASSERT_GE(child, 0);
  if (child == 0) {
    // Exit codes: 0 the save failed with an Error naming the file, 1 it did
    // not fail, 2 the Error does not name the file, 3 no limit could be set.
    std::signal(SIGXFSZ, SIG_IGN);  // a write past the limit fails instead of killing
    const rlimit limit{kLimit, kLimit};
    if (::setrlimit(RLIMIT_FSIZE, &limit) != 0) ::_exit(3);
    try {
      saveSettings(WindowSettings{}, file.string());
    } catch (const Error& e) {
      ::_exit(std::string(e.what()).find(file.string()) != std::string::npos ? 0 : 2);
    }
    ::_exit(1);
  }
  int status = 0;
  ASSERT_EQ(::waitpid(child, &status, 0), child);
  ASSERT_TRUE(WIFEXITED(status)) << "the saving process was killed by signal " << WTERMSIG(status);
  EXPECT_EQ(WEXITSTATUS(status), 0) << "1: the save did not fail; 2: its error does not name the file; 3: no limit";
  EXPECT_EQ(readAll(file), before) << "the old settings must survive a failed save";
  for (const auto& e : fs::directory_iterator(dir)) {
    EXPECT_EQ(e.path().filename(), "settings.ini") << "a temporary file was left";
  }
}

TEST(Settings, MissingFileIsQuietDefaults) {
  const LoadedSettings loaded = loadSettings(scratch("does_not_exist.ini").string());
  EXPECT_EQ(loaded.warning, "");
  expectSame(loaded.params, WindowSettings{});
}

// A bad value costs that value alone: the others are the user's, and the
// exit writes the file again from what was read.
TEST(Settings, ABadValueCostsThatValueAlone) {
  std::string text = encodeSettings(unusual());
  const size_t azimuth = text.find("light_azimuth=");
  text.insert(azimuth + std::string("light_azimuth=").size(), "4");  // 4301.5 degrees
  const LoadedSettings loaded = decodeSettings(text, "s.ini", WindowSettings{});
  EXPECT_NE(loaded.warning.find("bad value for light_azimuth '4301.5'; using its default"), std::string::npos)
      << loaded.warning;
  WindowSettings expected = unusual();
  expected.look.lightAzimuth = WindowSettings{}.look.lightAzimuth;
  expectSame(loaded.params, expected);

  // A file cut off mid-value keeps every value before it.
  const std::string good = encodeSettings(unusual());
  const LoadedSettings cut = decodeSettings(good.substr(0, good.size() - 4), "s.ini", WindowSettings{});
  EXPECT_NE(cut.warning.find("bad value for"), std::string::npos) << cut.warning;
  EXPECT_EQ(cut.params.rule.damping, unusual().rule.damping);
  EXPECT_EQ(cut.params.wallKind, unusual().wallKind);

  // A speed its stencil cannot hold costs the pair, which the file gave.
  const LoadedSettings unstable =
      decodeSettings(encodeSettings(unusual()) + "stencil=5\n", "s.ini", WindowSettings{});  // a later line wins
  EXPECT_NE(unstable.warning.find("using the defaults for courant and stencil"), std::string::npos) << unstable.warning;
  EXPECT_EQ(unstable.params.rule.speed, WindowSettings{}.rule.speed);
  EXPECT_EQ(unstable.params.rule.stencil, WindowSettings{}.rule.stencil);
  EXPECT_EQ(unstable.params.rule.damping, unusual().rule.damping);
}

// Every bad value is named, in one line: a user mends the file once.
TEST(Settings, EveryBadValueIsNamedInTheOneWarning) {
  const std::string text = "ripple-settings 1\ndamping=7\nmode=classic\nstencil=5\ncourant=0.8\nbrush_size=0\n";
  const LoadedSettings loaded = decodeSettings(text, "s.ini", WindowSettings{});
  EXPECT_EQ(loaded.warning,
            "settings file 's.ini' line 2: bad value for damping '7'; using its default"
            " (also line 5 courant, line 6 brush_size, each at its default)");
  EXPECT_EQ(loaded.warning.find('\n'), std::string::npos);
  WindowSettings expected;
  expected.rule.mode = Mode::Classic;
  expectSame(loaded.params, expected);
}

TEST(Settings, CorruptOrForeignFilesGiveAWarningAndTheDefaults) {
  const std::string good = encodeSettings(unusual());
  const std::vector<std::pair<std::string, std::string>> cases{
      {"", "is empty or not a ripple settings file"},
      {"[Window][Debug##Default]\nPos=60,60\n", "is not a ripple settings file"},
      {"\x89PNG\r\n\x1a\n binary", "is not a ripple settings file"},
      {"ripple-settings 1\ndamping=nan\n", "line 2: bad value for damping 'nan'"},
      {"ripple-settings 1\ndamping=1\n", "line 2: bad value for damping '1'"},
      {"ripple-settings 1\nstone_weight=1e30\n", "line 2: bad value for stone_weight '1e30'"},
      {"ripple-settings 1\nmode=wave\n", "line 2: bad value for mode 'wave'"},
      {"ripple-settings 1\ngrid_scale_shift=9\n", "line 2: bad value for grid_scale_shift '9'"},
      {"ripple-settings 1\nvsync\n", "line 2: bad value for vsync ''"},
      {"ripple-settings 1\ncourant=0\n", "line 2: bad value for courant '0'"},
      {"ripple-settings 1\nstencil=7\n", "line 2: bad value for stencil '7'"},
      {"ripple-settings 1\nstone_shape=square\n", "line 2: bad value for stone_shape 'square'"},
      {"ripple-settings 1\nlight_strength=-1\n", "line 2: bad value for light_strength '-1'"},
      {"ripple-settings 1\nlight_azimuth=361\n", "line 2: bad value for light_azimuth '361'"},
      {"ripple-settings 1\nlight_elevation=2\n", "line 2: bad value for light_elevation '2'"},
      {"ripple-settings 1\nbrush_size=0\n", "line 2: bad value for brush_size '0'"},
      {"ripple-settings 1\nbrush_size=257\n", "line 2: bad value for brush_size '257'"},
      {"ripple-settings 1\nslow_water_speed=0\n", "line 2: bad value for slow_water_speed '0'"},
      {"ripple-settings 1\nslow_water_speed=1.5\n", "line 2: bad value for slow_water_speed '1.5'"},
      {"ripple-settings 1\nsource_period=1\n", "line 2: bad value for source_period '1'"},
      {"ripple-settings 1\nsource_period=inf\n", "line 2: bad value for source_period 'inf'"},
      {"ripple-settings 1\nsource_amplitude=-5000\n", "line 2: bad value for source_amplitude '-5000'"},
      {"ripple-settings 1\nsource_amplitude=5000\n", "line 2: bad value for source_amplitude '5000'"},
      {"ripple-settings 1\nedges_horizontal=open\n", "line 2: bad value for edges_horizontal 'open'"},
      {"ripple-settings 1\nedges_vertical=\n", "line 2: bad value for edges_vertical ''"},
      {"ripple-settings 1\nwall_kind=soft\n", "line 2: bad value for wall_kind 'soft'"},
      // Faster than four neighbours are stable at, wherever the stencil is said.
      {"ripple-settings 1\nstencil=5\ncourant=0.8\n",
       "line 3: bad value for courant '0.8' is beyond the stability limit of the 5-point stencil, 0.7071"},
      {"ripple-settings 1\ncourant=0.8\nstencil=5\n",
       "line 2: bad value for courant '0.8' is beyond the stability limit of the 5-point stencil, 0.7071"},
      {"ripple-settings 1\nstencil=9\ncourant=0.87\n", "line 3: bad value for courant '0.87'"},
  };
  for (const auto& [text, expected] : cases) {
    const fs::path file = scratch("bad.ini");
    std::ofstream(file, std::ios::binary | std::ios::trunc) << text;
    const LoadedSettings loaded = loadSettings(file.string());
    EXPECT_NE(loaded.warning.find(expected), std::string::npos) << "file:\n" << text << "\nwarning: " << loaded.warning;
    EXPECT_NE(loaded.warning.find(file.string()), std::string::npos) << "the warning names the file";
    expectSame(loaded.params, WindowSettings{});
  }
}

// Every value the panel can hold is written, in words a person can read.
TEST(Settings, EveryValueHasItsKey) {
  const std::string text = encodeSettings(unusual());
  for (const char* line : {"courant=0.8123\n", "stencil=9\n", "stone_shape=smooth\n", "light_strength=2.75\n",
                           "light_azimuth=301.5\n", "light_elevation=12.25\n", "wave_speed=144\n", "brush_size=33\n",
                           "slow_water_speed=0.375\n", "source_period=12.5\n", "source_amplitude=77.25\n",
                           "edges_horizontal=absorbing\n", "edges_vertical=wrap\n", "wall_kind=held\n"}) {
    EXPECT_NE(text.find(line), std::string::npos) << line << "missing from\n" << text;
  }
  WindowSettings p;
  p.rule.stencil = Stencil::Five;
  p.rule.stoneShape = StoneShape::Disc;
  EXPECT_NE(encodeSettings(p).find("stencil=5\n"), std::string::npos);
  EXPECT_NE(encodeSettings(p).find("stone_shape=disc\n"), std::string::npos);
  EXPECT_NE(encodeSettings(p).find("edges_horizontal=fixed\n"), std::string::npos);
  EXPECT_NE(encodeSettings(p).find("wall_kind=reflecting\n"), std::string::npos);
}

// The nine-point stencil's speed is valid whichever of the two lines comes first.
TEST(Settings, SpeedAboveFourNeighboursIsGoodWithNine) {
  for (const char* text :
       {"ripple-settings 1\ncourant=0.8\nstencil=9\n", "ripple-settings 1\nstencil=9\ncourant=0.8\n"}) {
    const LoadedSettings loaded = decodeSettings(text, "x.ini", WindowSettings{});
    EXPECT_EQ(loaded.warning, "") << text;
    EXPECT_EQ(loaded.params.rule.speed, 0.8f) << text;
    EXPECT_EQ(loaded.params.rule.stencil, Stencil::Nine) << text;
  }
}

// What the exit saves: a value the command line set for one run and the
// panel left alone keeps the file's value; one the panel changed is saved,
// even where the command line had set it; the rest are the file's.
TEST(Settings, TheExitSavesThePanelsChangesNotTheCommandLines) {
  WindowSettings asRead = unusual();  // the file
  WindowSettings atStart = asRead;    // the command line: --damping 0.25 --mode classic --courant 0.6 --stencil 5
  atStart.rule.damping = 0.25f;
  atStart.rule.mode = Mode::Classic;
  atStart.rule.speed = 0.6f;
  atStart.rule.stencil = Stencil::Five;
  WindowSettings now = atStart;  // the panel: the rain, the brush and the damping changed
  now.rain.falling = !asRead.rain.falling;
  now.brushSize = asRead.brushSize + 7;
  now.rule.damping = 0.125f;
  const WindowSettings saved = settingsToSave(asRead, atStart, now);
  WindowSettings expected = asRead;
  expected.rain.falling = now.rain.falling;
  expected.brushSize = now.brushSize;
  expected.rule.damping = 0.125f;  // set on the command line, then changed in the panel
  expectSame(saved, expected);

  // Nothing changed: the file as it was, whatever the command line said.
  expectSame(settingsToSave(asRead, atStart, atStart), asRead);
  // No options: everything as the panel has it.
  expectSame(settingsToSave(asRead, asRead, now), now);
}

// A speed kept from the file must still suit the stencil the panel chose:
// 0.8 cells a step is above the four-neighbour step's limit.
TEST(Settings, TheSavedSpeedSuitsTheSavedStencil) {
  WindowSettings asRead;
  asRead.rule.stencil = Stencil::Nine;
  asRead.rule.speed = 0.8f;
  WindowSettings atStart = asRead;
  atStart.rule.speed = 0.5f;  // --courant 0.5, left alone in the panel
  WindowSettings now = atStart;
  now.rule.stencil = Stencil::Five;  // chosen in the panel
  const WindowSettings saved = settingsToSave(asRead, atStart, now);
  EXPECT_EQ(saved.rule.stencil, Stencil::Five);
  EXPECT_EQ(saved.rule.speed, 0.5f);
  EXPECT_EQ(decodeSettings(encodeSettings(saved), "x.ini", WindowSettings{}).warning, "");
}

// Every parameter of a scene the window tunes has its key (the rain's radius
// and the edges, kept in two keys of their own, aside), and the window's own
// values take their ranges at both ends and refuse what lies beyond.
TEST(Settings, EveryParameterHasItsKeyAndTheWindowsValuesTheirRanges) {
  std::set<std::string> named;
  for (const auto& [key, name] : settingsParameterKeys()) named.insert(name);
  for (const Parameter& p : parameters()) {
    if (p.name == "rain-radius" || p.name == "edges") continue;
    EXPECT_EQ(named.count(p.name), 1u) << p.name << " has no key in the settings file";
  }
  const std::pair<const char*, std::vector<std::string>> ends[] = {{"verify_steps", {"1", "1000"}},
                                                                   {"brush_size", {"1", "256"}},
                                                                   {"slow_water_speed", {"0.003921569", "1"}},
                                                                   {"source_period", {"2", "100000"}},
                                                                   {"source_amplitude", {"-4096", "4096"}}};
  const std::pair<const char*, std::vector<std::string>> beyond[] = {
      {"verify_steps", {"0", "1001", "1.5"}},     {"brush_size", {"0", "257"}},
      {"slow_water_speed", {"0", "1.01", "nan"}}, {"source_period", {"1.9", "100001", "inf"}},
      {"source_amplitude", {"-4097", "4097"}},    {"vsync", {"yes", ""}}};
  for (const auto& [key, values] : ends) {
    for (const std::string& v : values) {
      const std::string text = std::string("ripple-settings 1\n") + key + "=" + v + "\n";
      EXPECT_EQ(decodeSettings(text, "s.ini", WindowSettings{}).warning, "") << key << "=" << v;
    }
  }
  for (const auto& [key, values] : beyond) {
    for (const std::string& v : values) {
      const std::string text = std::string("ripple-settings 1\n") + key + "=" + v + "\n";
      EXPECT_NE(decodeSettings(text, "s.ini", WindowSettings{}).warning.find(std::string("bad value for ") + key),
                std::string::npos)
          << key << "=" << v;
    }
  }
}

// "Seed values": the seeds' step, stones, pace and look, nothing else changed.
TEST(SeedValues, GiveTheSeedsStepAndStonesAndKeepTheRest) {
  WindowSettings p = unusual();
  p.rule.mode = Mode::Float;
  p = seedSettings(p);
  EXPECT_EQ(p.rule.damping, 1.0f / 32.0f);
  EXPECT_EQ(p.rule.speed, kSeedCourant);
  EXPECT_EQ(p.rule.stencil, Stencil::Five);
  EXPECT_EQ(p.rule.stoneShape, StoneShape::Disc);
  EXPECT_NEAR(p.waveSpeed / kSeedCourant, 60.0f, 1e-3f) << "60 steps a second at one cell a window pixel";
  EXPECT_EQ(p.look.refraction, 1.0f);
  EXPECT_EQ(p.look.lightStrength, 0.0f);
  EXPECT_EQ(p.look.heightShading, 0.0f);
  Scene scene;
  putParameters(p, scene);
  EXPECT_TRUE(waterRule(paramsOf(scene)).seedForm()) << "float mode should step with the seeds' own expression";
  EXPECT_EQ(stoneShape(paramsOf(scene)), StoneShape::Disc);
  // What the user chose for the look, the stones and the pace stays.
  WindowSettings rest = unusual();
  rest.rule.mode = Mode::Float;
  rest.rule.damping = p.rule.damping;
  rest.rule.speed = p.rule.speed;
  rest.rule.stencil = p.rule.stencil;
  rest.rule.stoneShape = p.rule.stoneShape;
  rest.waveSpeed = p.waveSpeed;
  rest.look.refraction = p.look.refraction;
  rest.look.lightStrength = p.look.lightStrength;
  rest.look.heightShading = p.look.heightShading;
  expectSame(p, rest);
  // And the result is a valid settings file.
  EXPECT_EQ(decodeSettings(encodeSettings(p), "x.ini", WindowSettings{}).warning, "");
}

TEST(Settings, UnknownKeysAreIgnored) {
  const LoadedSettings loaded =
      decodeSettings("ripple-settings 1\nfuture_option=42\ndamping=0.25\n", "x.ini", WindowSettings{});
  EXPECT_EQ(loaded.warning, "");
  EXPECT_EQ(loaded.params.rule.damping, 0.25f);
}

TEST(Settings, PathFollowsXdg) {
  const std::string home = std::getenv("HOME") ? std::getenv("HOME") : "";
  setenv("XDG_CONFIG_HOME", "/tmp/xdg_here", 1);
  EXPECT_EQ(settingsPath(), "/tmp/xdg_here/ripple/settings.ini");
  setenv("XDG_CONFIG_HOME", "relative/ignored", 1);
  setenv("HOME", "/home/someone", 1);
  EXPECT_EQ(settingsPath(), "/home/someone/.config/ripple/settings.ini");
  unsetenv("XDG_CONFIG_HOME");
  unsetenv("HOME");
  EXPECT_EQ(settingsPath(), "");
  if (!home.empty()) setenv("HOME", home.c_str(), 1);
}

}  // namespace
}  // namespace ripple

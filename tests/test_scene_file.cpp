// SceneFile files: every key survives a save and a load exactly, and saving what
// was loaded gives the same bytes; every bad file is refused with one line
// that names the file, the line and the key; a scene is told from a picture
// by its content; every preset parses, round-trips and says what it shows.
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iterator>
#include <set>

#include "core/image.hpp"
#include "scene/presets.hpp"
#include "scene/scene.hpp"
#include "test_folder.hpp"

namespace ripple {
namespace {

namespace fs = std::filesystem;

fs::path scratchDir() {
  const fs::path dir = test::testFolder("scene_file_test");
  fs::create_directories(dir / "pictures");
  fs::create_directories(dir / "elsewhere");
  return dir;
}
std::string scratch(const std::string& name) { return (scratchDir() / name).string(); }

std::string readFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

// A small real picture under scratch/pictures/, its path as parseSceneFile gives
// it back (the scene's folder joined to what the file says).
std::string picture(const std::string& name) {
  const std::string path = scratch("pictures/" + name);
  if (!fs::exists(path)) savePicture(Picture(4, 3), path);
  return path;
}

// A scene with every key of the format set, each to a value other than its
// default (what a default would hide: a key not written, or not read),
// floats that need all their digits, and every form of wall, medium and
// source. Float mode: classic mode has no slow water (see ClassicScene).
SceneFile everyKey() {
  SceneFile s;
  s.description = R"(Say "hello" to C:\water\n and \"this\", 'quoted' \\ twice)";
  s.size = std::pair<int, int>(321, 203);
  s.picture = picture("water.png");
  Params& p = s.params;
  p.mode = Mode::Float;
  p.damping = 0.0123456789f;
  p.courant = 0.654321f;
  p.stencil = Stencil::Five;
  p.stoneRadius = 7;
  p.stoneWeight = -33.3333f;
  p.stoneShape = StoneShape::Disc;
  p.rain = true;
  p.rainRate = 0.377777f;
  p.rainRadius = 5;
  p.refraction = 3.14159f;
  p.shading = 0.7071f;
  p.heightShading = 5.4321f;
  p.lightStrength = 2.5f;
  p.lightAzimuth = 33.3f;
  p.lightElevation = 12.34f;
  p.waveSpeed = 321.123f;
  p.simScaleShift = 2;
  p.leftRightEdges = Edge::Absorbing;
  p.topBottomEdges = Edge::Wrap;
  p.wallKind = WallKind::Held;
  WorldOptions& w = s.world;
  w.wallsPicture = picture("walls.png");
  w.mediumPicture = picture("medium.png");
  w.walls = {{10, 20, 30, 40, 3}, {-5, 0, 5, 0, 1}, {100, 100, 100, 100, 64}};
  w.media = {{{{0, 0}, {50, 0}, {60, 40}, {-3, 45}}, 0, 0, 0, 77},  // a polygon of slow water
             {{}, 100, 80, 25, 200},                                // a disc
             {{}, 150, 150, 10, kWallCell}};                        // speed 0: a wall
  w.sources = {{12, 13, 12, 13, 17.3, 40.5f, 3, std::nullopt}, {20, 21, 20, 21, 2.0, -4096.0f, 0, 99}};
  w.lineSources = {{0, 5, 0, 60, 33.333333333, 12.5f, 7, std::nullopt}, {1, 2, 30, 4, 99999.5, 0.001f, 11, 12}};
  w.movingSources = {{10, 100, 300, 100, 12.0, 32.0f, 5, 1205, true}, {40, 40, 40, 90, 7.77, -3.5f, 0, 1, true}};
  s.drops = {{0, {5, 6, 3, 50.5f, StoneShape::Disc}}, {123, {-10, 300, 256, -4096.0f, StoneShape::Disc}}};
  s.seed = 2147483647;
  s.steps = 777;
  return s;
}

// The float parameters a scene carries, for messages that say which.
const std::pair<const char*, float Params::*> kFloats[] = {
    {"damping", &Params::damping},
    {"speed", &Params::courant},
    {"stone weight", &Params::stoneWeight},
    {"rain rate", &Params::rainRate},
    {"refraction", &Params::refraction},
    {"shading", &Params::shading},
    {"height shading", &Params::heightShading},
    {"light", &Params::lightStrength},
    {"light azimuth", &Params::lightAzimuth},
    {"light elevation", &Params::lightElevation},
    {"wave speed", &Params::waveSpeed},
};

TEST(Scene, EveryKeyRoundTripsExactlyAndSavingAgainGivesTheSameBytes) {
  const SceneFile scene = everyKey();
  const std::string folder = scratchDir().string();
  const std::string text = sceneFileText(scene, folder);
  const SceneFile back = parseSceneFile(text, "every.toml", folder);
  for (const auto& [name, member] : kFloats) EXPECT_EQ(back.params.*member, scene.params.*member) << name;
  EXPECT_EQ(back.description, scene.description);
  EXPECT_EQ(back.picture, scene.picture);
  EXPECT_EQ(back.world.wallsPicture, scene.world.wallsPicture);
  EXPECT_EQ(back.world.mediumPicture, scene.world.mediumPicture);
  EXPECT_TRUE(back.world.media == scene.world.media);
  EXPECT_TRUE(back.world.movingSources == scene.world.movingSources);
  EXPECT_TRUE(back == scene) << text;
  EXPECT_EQ(sceneFileText(back, folder), text) << "saving what was loaded must give the same bytes";

  // The pictures are written relative to the scene's folder, so that the
  // scene and its pictures can move together.
  EXPECT_NE(text.find("\npicture = \"pictures/water.png\"\n"), std::string::npos) << text;
  EXPECT_NE(text.find("\nwalls_picture = \"pictures/walls.png\"\n"), std::string::npos) << text;
  EXPECT_NE(text.find("\nmedium_picture = \"pictures/medium.png\"\n"), std::string::npos) << text;
  EXPECT_EQ(text.find(folder), std::string::npos) << "no absolute path in the file:\n" << text;
}

TEST(Scene, SaveLoadSaveGivesTheSameFileAndMovesWithItsPictures) {
  const SceneFile scene = everyKey();
  saveSceneFile(scene, scratch("saved.toml"));
  const SceneFile loaded = loadSceneFile(scratch("saved.toml"));
  EXPECT_TRUE(loaded == scene) << readFile(scratch("saved.toml"));
  saveSceneFile(loaded, scratch("saved-again.toml"));
  EXPECT_EQ(readFile(scratch("saved-again.toml")), readFile(scratch("saved.toml")));

  // Saved in another folder, the pictures are found from there.
  saveSceneFile(scene, scratch("elsewhere/saved.toml"));
  EXPECT_NE(readFile(scratch("elsewhere/saved.toml")).find("\npicture = \"../pictures/water.png\"\n"),
            std::string::npos);
  EXPECT_TRUE(loadSceneFile(scratch("elsewhere/saved.toml")) == scene);

  // Read from another working directory through a relative path, the
  // pictures are still the ones beside the scene.
  const fs::path here = fs::current_path();
  fs::current_path(scratchDir() / "elsewhere");
  SceneFile relative;
  EXPECT_NO_THROW(relative = loadSceneFile("../saved.toml"));
  std::error_code ec;
  EXPECT_TRUE(fs::equivalent(relative.picture, scene.picture, ec)) << relative.picture;
  EXPECT_TRUE(fs::equivalent(relative.world.wallsPicture, scene.world.wallsPicture, ec)) << relative.world.wallsPicture;
  fs::current_path(here);
}

// Equality must see every field, or a round trip that loses one would pass.
TEST(Scene, EqualityNoticesAChangeToAnyField) {
  const SceneFile base = everyKey();
  ASSERT_TRUE(base == base);
  std::vector<std::pair<std::string, std::function<void(SceneFile&)>>> changes = {
      {"description", [](SceneFile& s) { s.description += "."; }},
      {"size", [](SceneFile& s) { s.size->second += 1; }},
      {"no size", [](SceneFile& s) { s.size.reset(); }},
      {"picture", [](SceneFile& s) { s.picture.clear(); }},
      {"mode", [](SceneFile& s) { s.params.mode = Mode::Classic; }},
      {"stencil", [](SceneFile& s) { s.params.stencil = Stencil::Nine; }},
      {"stone radius", [](SceneFile& s) { s.params.stoneRadius += 1; }},
      {"stone shape", [](SceneFile& s) { s.params.stoneShape = StoneShape::Smooth; }},
      {"rain", [](SceneFile& s) { s.params.rain = false; }},
      {"rain radius", [](SceneFile& s) { s.params.rainRadius += 1; }},
      {"grid scale", [](SceneFile& s) { s.params.simScaleShift = 1; }},
      {"edges", [](SceneFile& s) { s.params.leftRightEdges = Edge::Free; }},
      {"edges (top and bottom)", [](SceneFile& s) { s.params.topBottomEdges = Edge::Free; }},
      {"wall kind", [](SceneFile& s) { s.params.wallKind = WallKind::Reflecting; }},
      {"walls picture", [](SceneFile& s) { s.world.wallsPicture.clear(); }},
      {"medium picture", [](SceneFile& s) { s.world.mediumPicture.clear(); }},
      {"wall thickness", [](SceneFile& s) { s.world.walls[1].thickness += 1; }},
      {"medium corner", [](SceneFile& s) { s.world.media[0].corners[3].first += 1; }},
      {"medium speed", [](SceneFile& s) { s.world.media[1].speed += 1; }},
      {"medium radius", [](SceneFile& s) { s.world.media[2].radius += 1; }},
      {"source period",
       [](SceneFile& s) { s.world.sources[0].period = std::nextafter(s.world.sources[0].period, 100.0); }},
      {"source end", [](SceneFile& s) { s.world.sources[0].end = 1000; }},
      {"line source start", [](SceneFile& s) { s.world.lineSources[1].start += 1; }},
      {"moving source's end", [](SceneFile& s) { *s.world.movingSources[0].end += 1; }},
      {"moving source's to", [](SceneFile& s) { s.world.movingSources[0].x1 += 1; }},
      {"drop step", [](SceneFile& s) { s.drops[1].step += 1; }},
      {"drop weight", [](SceneFile& s) { s.drops[0].stone.weight += 0.5f; }},
      {"drop place", [](SceneFile& s) { s.drops[0].stone.y += 1; }},
      {"drops", [](SceneFile& s) { s.drops.pop_back(); }},
      {"seed", [](SceneFile& s) { s.seed -= 1; }},
      {"steps", [](SceneFile& s) { s.steps += 1; }},
  };
  for (const auto& [name, member] : kFloats) {
    changes.push_back(
        {name, [member = member](SceneFile& s) { s.params.*member = std::nextafter(s.params.*member, 1e6f); }});
  }
  for (const auto& [name, change] : changes) {
    SceneFile changed = base;
    change(changed);
    EXPECT_FALSE(changed == base) << name;
  }
}

// Every slow-water speed there is (1/255 to 1) is read back as the same
// cell speed it was written from.
TEST(Scene, EverySlowWaterSpeedRoundTrips) {
  SceneFile scene;
  for (int v = 0; v <= 255; ++v) scene.world.media.push_back({{}, v, v, 3, static_cast<CellSpeed>(v)});
  const SceneFile back = parseSceneFile(sceneFileText(scene, ""), "speeds.toml", "");
  ASSERT_EQ(back.world.media.size(), scene.world.media.size());
  for (size_t i = 0; i < scene.world.media.size(); ++i) {
    EXPECT_EQ(int(back.world.media[i].speed), int(scene.world.media[i].speed));
  }
}

// Classic mode has walls (speed 0) but no slow water; its scene round-trips.
TEST(Scene, ClassicSceneWithWallsRoundTrips) {
  SceneFile scene;
  scene.description = "classic";
  scene.params.mode = Mode::Classic;
  scene.params.damping = 1.0f / 32;
  scene.world.media = {{{}, 30, 30, 8, kWallCell}, {{{0, 0}, {9, 0}, {9, 9}}, 0, 0, 0, kWallCell}};
  scene.world.walls = {{0, 50, 99, 50, 2}};
  const std::string text = sceneFileText(scene, "");
  EXPECT_NE(text.find("mode = \"classic\""), std::string::npos) << text;
  const SceneFile back = parseSceneFile(text, "classic.toml", "");
  EXPECT_TRUE(back == scene) << text;
  EXPECT_EQ(sceneFileText(back, ""), text);
}

// A description may hold any text: control characters are escaped.
TEST(Scene, ADescriptionWithControlCharactersRoundTrips) {
  SceneFile scene;
  scene.description = std::string("tab\there, bell\a, delete\x7f, unicode \xc3\xa9t\xc3\xa9, end");
  const std::string text = sceneFileText(scene, "");
  SceneFile back;
  ASSERT_NO_THROW(back = parseSceneFile(text, "controls.toml", "")) << text;
  EXPECT_EQ(back.description, scene.description);
}

// A file with nothing but its version is the defaults: every key may be left out.
TEST(Scene, LeftOutKeysAreTheDefaults) {
  const SceneFile minimal = parseSceneFile("ripple_scene = 1\n", "minimal.toml", "");
  EXPECT_TRUE(minimal == SceneFile()) << sceneFileText(minimal, "");
  EXPECT_FALSE(minimal.size);
  EXPECT_TRUE(minimal.picture.empty());
}

// A wall given as `points` is the polyline's segments, each as thick.
TEST(Scene, WallPointsAreAPolylineOfSegments) {
  const SceneFile scene = parseSceneFile(
      "ripple_scene = 1\n"
      "[[tank.wall]]\n"
      "points = [[0, 0], [10, 0], [10, 20], [-4, 25]]\n"
      "thickness = 3\n"
      "[[tank.wall]]\n"
      "from = [1, 2]\n"
      "to = [3, 4]\n",
      "polyline.toml", "");
  const std::vector<WallSegment> expected = {
      {0, 0, 10, 0, 3}, {10, 0, 10, 20, 3}, {10, 20, -4, 25, 3}, {1, 2, 3, 4, 2}};
  EXPECT_EQ(scene.world.walls, expected);
  // Written back as segments, it reads back the same.
  EXPECT_TRUE(parseSceneFile(sceneFileText(scene, ""), "segments.toml", "") == scene);
}

// A scene's relative picture is found beside the scene, wherever it is run from.
TEST(Scene, RelativePicturesAreTakenFromTheScenesFolder) {
  picture("beside.png");
  const std::string text =
      "ripple_scene = 1\n[frame]\npicture = \"pictures/beside.png\"\n"
      "[tank]\nwalls_picture = \"pictures/beside.png\"\n";
  const SceneFile scene = parseSceneFile(text, "relative.toml", scratchDir().string());
  EXPECT_EQ(scene.picture, picture("beside.png"));
  EXPECT_EQ(scene.world.wallsPicture, picture("beside.png"));
  EXPECT_THROW(parseSceneFile(text, "relative.toml", (scratchDir() / "elsewhere").string()), SceneError);
}

// A built-in picture is kept by name, wherever the scene is read or saved.
TEST(Scene, ABuiltInPictureRoundTripsByName) {
  const std::string text = "ripple_scene = 1\n[frame]\npicture = \"builtin:tank\"\n";
  const SceneFile scene = parseSceneFile(text, "tank.toml", (scratchDir() / "anywhere").string());
  EXPECT_EQ(scene.picture, "builtin:tank");
  const std::string saved = sceneFileText(scene, scratchDir().string());
  EXPECT_NE(saved.find("\npicture = \"builtin:tank\"\n"), std::string::npos) << saved;
  EXPECT_EQ(parseSceneFile(saved, "saved.toml", scratchDir().string()), scene);
}

struct BadScene {
  const char* what;
  std::string text;
  int line;
  std::string key;
  std::string says;  // a part of what the message says is wrong
};

// What every refusal must be: one line, "FILE:LINE: KEY: what is wrong".
void expectRefusal(const BadScene& bad) {
  const std::string file = scratch("bad.toml");
  try {
    parseSceneFile(bad.text, file, scratchDir().string());
    ADD_FAILURE() << bad.what << ": accepted\n" << bad.text;
  } catch (const SceneError& e) {
    const std::string message = e.what();
    const std::string start = file + ":" + std::to_string(bad.line) + ": " + bad.key + ": ";
    EXPECT_EQ(message.rfind(start, 0), 0u) << bad.what << ": the message should start with '" << start << "'\n"
                                           << message;
    EXPECT_NE(message.find(bad.says), std::string::npos) << bad.what << ": should say '" << bad.says << "'\n"
                                                         << message;
    EXPECT_EQ(message.find('\n'), std::string::npos) << bad.what << ": one line\n" << message;
  } catch (const std::exception& e) {
    ADD_FAILURE() << bad.what << ": not a SceneError: " << e.what();
  }
}

TEST(Scene, EachBadSceneNamesTheFileTheLineAndTheKey) {
  picture("water.png");  // there, so that only the mode is wrong where a case names it (ctest runs each test alone)
  const std::string v = "ripple_scene = 1\n";
  const std::string source = "[[tank.source]]\nat = [5, 5]\nperiod = 20.0\namplitude = 8.0\n";
  const std::vector<BadScene> cases = {
      {"malformed TOML", v + "\n[water\ndamping = 0.1\n", 3, "TOML", ""},
      {"malformed TOML (a value)", v + "[water]\ndamping = 0.1.2\n", 3, "TOML", ""},
      {"a newer format", "# from the future\nripple_scene = 2\n", 2, "ripple_scene", "newer"},
      {"format version 0", "ripple_scene = 0\n", 1, "ripple_scene", "out of range"},
      {"no ripple_scene", "description = \"no version\"\n", 1, "ripple_scene", "missing"},
      {"a misspelt key at the top level", v + "descripton = \"typo\"\n", 2, "descripton", "is not a key"},
      {"an unknown table", v + "\n[watter]\ndamping = 0.1\n", 3, "watter", "is not a key"},
      {"a misspelt key in a table", v + "[water]\nmode = \"float\"\ndampning = 0.1\n", 4, "water.dampning",
       "is not a key of [water]"},
      {"a misspelt key in a source", v + source + "amplitud = 3.0\n", 6, "tank.source[1].amplitud", "is not a key"},
      {"a misspelt key in a drop", v + "[[stones.drop]]\nat = [1, 1]\nsetp = 4\n", 4, "stones.drop[1].setp",
       "is not a key"},
      {"a text for a number", v + "[water]\ndamping = \"0.1\"\n", 3, "water.damping", "must be a number"},
      {"a float for a whole number", v + "[run]\nsteps = 1.5\n", 3, "run.steps", "must be a whole number"},
      {"a number for true or false", v + "[rain]\nfalling = 1\n", 3, "rain.falling", "must be true or false"},
      {"a number for a text", v + "description = 5\n", 2, "description", "must be a text"},
      {"a table for a point", v + "[frame]\nsize = {x = 1, y = 2}\n", 3, "frame.size", "must be a point"},
      {"a table that is a value", v + "water = 5\n", 2, "water", "must be a table"},
      {"an unknown mode", v + "[water]\nmode = \"integer\"\n", 3, "water.mode", "must be \"float\" or \"classic\""},
      {"damping 1", v + "[water]\n\ndamping = 1.0\n", 4, "water.damping", "out of range"},
      {"a damping that is 1 as a float", v + "[water]\ndamping = 0.99999999\n", 3, "water.damping", "out of range"},
      {"a negative damping", v + "[water]\ndamping = -0.5\n", 3, "water.damping", "out of range"},
      {"rain radius 17", v + "[rain]\nradius = 17\n", 3, "rain.radius", "out of range"},
      {"grid scale 3", v + "[frame]\ngrid_scale = 3\n", 3, "frame.grid_scale", "out of range"},
      {"a size of 0", v + "[frame]\nsize = [0, 720]\n", 3, "frame.size", "out of range"},
      {"stencil 7", v + "[water]\nstencil = 7\n", 3, "water.stencil", "must be 5 or 9"},
      {"NaN damping", v + "[water]\ndamping = nan\n", 3, "water.damping", "finite"},
      {"infinite light", v + "[look]\nlight = inf\n", 3, "look.light", "finite"},
      {"minus infinite period", v + "[[tank.source]]\nat = [5, 5]\nperiod = -inf\namplitude = 8.0\n", 4,
       "tank.source[1].period", "finite"},
      {"a picture that is not there", v + "[frame]\npicture = \"nowhere.png\"\n", 3, "frame.picture", "is not there"},
      {"a walls picture that is not there", v + "[tank]\nwalls_picture = \"pictures/no.png\"\n", 3,
       "tank.walls_picture", "is not there"},
      {"an empty picture", v + "[frame]\npicture = \"\"\n", 3, "frame.picture", "is empty"},
      {"an unknown built-in picture", v + "[frame]\npicture = \"builtin:sea\"\n", 3, "frame.picture",
       "'builtin:sea' is not a built-in picture: builtin:pool or builtin:tank"},
      {"a built-in picture for walls", v + "[tank]\nwalls_picture = \"builtin:tank\"\n", 3, "tank.walls_picture",
       "'builtin:tank': built-in pictures are for frame.picture; this one must be a file"},
      {"a source period under 2", v + "[[tank.source]]\nat = [5, 5]\nperiod = 1.5\namplitude = 8.0\n", 4,
       "tank.source[1].period", "out of range"},
      {"a source without a period", v + "\n[[tank.source]]\nat = [5, 5]\namplitude = 8.0\n", 3, "tank.source[1].period",
       "is missing"},
      {"an end before the start", v + source + "start = 50\nend = 20\n", 7, "tank.source[1].end", "must come after"},
      {"an end at the start", v + source + "start = 50\nend = 50\n", 7, "tank.source[1].end", "must come after"},
      {"a moving source without an end",
       v + source + "[[tank.source]]\nfrom = [1, 1]\nto = [50, 1]\nmoving = true\nperiod = 9.0\namplitude = 4.0\n", 6,
       "tank.source[2].end", "is missing"},
      {"a source off the frame",
       v + "[frame]\nsize = [200, 100]\n[[tank.source]]\nfrom = [0, 0]\nto = [200, 50]\nperiod = 9.0\namplitude = "
           "4.0\n",
       6, "tank.source[1].to", "is off the 200x100 frame"},
      {"a moving source at a point", v + "[[tank.source]]\nat = [1, 1]\nmoving = true\nperiod = 9.0\n", 2,
       "tank.source[1]", "has at and from/to"},
      {"classic mode with slow water",
       v + "[water]\nmode = \"classic\"\n[[tank.medium]]\ncentre = [5, 5]\nradius = 3\nspeed = 0.5\n", 7,
       "tank.medium[1].speed", "classic mode has no slow water"},
      {"classic mode with a medium picture",
       v + "[water]\nmode = \"classic\"\n[tank]\nmedium_picture = \"pictures/water.png\"\n", 5, "tank.medium_picture",
       "classic mode has no slow water"},
      {"speed beyond the 5-point stencil's limit", v + "[water]\nstencil = 5\nspeed = 0.8\n", 4, "water.speed",
       "stability limit"},
      {"speed beyond the 9-point stencil's limit", v + "[water]\nspeed = 0.87\n", 3, "water.speed", "out of range"},
      // Just beyond: the message shows the digits that tell the value from the limit.
      {"speed just beyond the 9-point stencil's limit", v + "[water]\nspeed = 0.86602545\n", 3, "water.speed",
       "0.86602545 is out of range: it must be from 0.01 to 0.86602539"},
      {"speed just beyond the 5-point stencil's limit", v + "[water]\nstencil = 5\nspeed = 0.7071068\n", 4,
       "water.speed", "'0.70710683' is beyond the stability limit of the 5-point stencil, 0.70710677 (1/sqrt 2)"},
      {"a polygon of 2 corners", v + "[[tank.medium]]\ncorners = [[0, 0], [5, 5]]\nspeed = 0.5\n", 3,
       "tank.medium[1].corners", "at least 3 points"},
      {"a medium without a speed", v + "[[tank.medium]]\ncentre = [5, 5]\nradius = 3\n", 2, "tank.medium[1].speed",
       "is missing"},
      {"a medium faster than open water", v + "[[tank.medium]]\ncentre = [5, 5]\nradius = 3\nspeed = 1.5\n", 5,
       "tank.medium[1].speed", "out of range"},
      {"unknown edges", v + "[tank]\nedges = \"sticky\"\n", 3, "tank.edges", "must be \"fixed\""},
      {"an unknown edge of two", v + "[tank]\nedges = [\"free\", \"sticky\"]\n", 3, "tank.edges", "must be"},
      {"three edges", v + "[tank]\nedges = [\"free\", \"wrap\", \"fixed\"]\n", 3, "tank.edges", "must be"},
      {"an unknown wall kind", v + "[tank]\nwall_kind = \"soft\"\n", 3, "tank.wall_kind", "must be"},
      {"a wall of points and ends", v + "[[tank.wall]]\npoints = [[0, 0], [1, 1]]\nfrom = [0, 0]\n", 2, "tank.wall[1]",
       "has both"},
      {"a wall of one point", v + "[[tank.wall]]\npoints = [[0, 0]]\n", 3, "tank.wall[1].points", "at least 2"},
      {"a seed too large", v + "[rain]\nseed = 2147483648\n", 3, "rain.seed", "out of range"},
  };
  for (const BadScene& bad : cases) expectRefusal(bad);
}

TEST(Scene, LoadingNamesTheFile) {
  const std::string path = scratch("typo.toml");
  std::ofstream(path) << "ripple_scene = 1\n[look]\nligth = 2.0\n";
  try {
    loadSceneFile(path);
    ADD_FAILURE() << "accepted";
  } catch (const SceneError& e) {
    EXPECT_EQ(std::string(e.what()).rfind(path + ":3: look.ligth: ", 0), 0u) << e.what();
  }
  try {
    loadSceneFile(scratch("missing.toml"));
    ADD_FAILURE() << "accepted";
  } catch (const SceneError& e) {
    EXPECT_EQ(std::string(e.what()).rfind(scratch("missing.toml") + ": ", 0), 0u) << e.what();
  }
  try {
    loadSceneFile(scratchDir().string());
    ADD_FAILURE() << "accepted";
  } catch (const SceneError& e) {
    EXPECT_EQ(std::string(e.what()), scratchDir().string() + ": is a folder, not a scene file");
  }
}

// A value saved at the end of its range reads back: the scene holds the
// float the run used, and is checked as that float, not as the decimal.
TEST(Scene, ValuesAtTheEndsOfTheirRangesRoundTrip) {
  SceneFile scene;
  scene.params.stencil = Stencil::Nine;
  scene.params.courant = limits::courant.max;
  scene.params.lightElevation = limits::lightElevation.max;
  scene.params.damping = std::nextafter(1.0f, 0.0f);
  saveSceneFile(scene, scratch("ends.toml"));
  const SceneFile loaded = loadSceneFile(scratch("ends.toml"));
  EXPECT_EQ(loaded.params.courant, limits::courant.max);
  EXPECT_EQ(loaded.params.lightElevation, limits::lightElevation.max);
  EXPECT_EQ(loaded.params.damping, std::nextafter(1.0f, 0.0f));
}

TEST(Scene, LooksLikeSceneByContentNotName) {
  saveSceneFile(everyKey(), scratch("scene.toml"));
  EXPECT_TRUE(looksLikeScene(scratch("scene.toml")));
  fs::copy_file(scratch("scene.toml"), scratch("scene-named.png"), fs::copy_options::overwrite_existing);
  EXPECT_TRUE(looksLikeScene(scratch("scene-named.png")));
  EXPECT_FALSE(looksLikeScene(picture("water.png")));
  std::ofstream(scratch("other.toml")) << "[package]\nname = \"not a scene\"\n";
  EXPECT_FALSE(looksLikeScene(scratch("other.toml")));
  EXPECT_FALSE(looksLikeScene(scratch("not-there.toml")));
}

TEST(Presets, EachParsesRoundTripsAndSaysInOneLineWhatItShows) {
  const std::vector<PresetInfo>& list = presets();
  EXPECT_GE(list.size(), 12u);
  std::set<std::string> names;
  for (const PresetInfo& info : list) {
    EXPECT_TRUE(names.insert(info.name).second) << "twice: " << info.name;
    EXPECT_FALSE(info.description.empty()) << info.name;
    EXPECT_EQ(info.description.find_first_of("\t\r\n"), std::string::npos) << info.name;
    SceneFile scene;
    ASSERT_NO_THROW(scene = presetSceneFile(info.name)) << info.name;
    EXPECT_EQ(scene.description, info.description);
    EXPECT_TRUE(scene.size) << info.name << ": a preset's positions are pixels of its frame";
    EXPECT_TRUE(scene.picture.empty() || scene.picture == "builtin:tank")
        << info.name << ": a preset uses a built-in picture, not a file: " << scene.picture;
    const SceneFile back = parseSceneFile(sceneFileText(scene, ""), "preset " + info.name, "");
    EXPECT_TRUE(back == scene) << info.name;
  }
  // Every preset file in assets/presets/ is one of them.
  for (const auto& entry : fs::directory_iterator(fs::path(RIPPLE_SOURCE_DIR) / "assets" / "presets")) {
    EXPECT_EQ(names.count(entry.path().stem().string()), 1u) << entry.path() << " is not in the list of presets";
  }
}

TEST(Presets, AnUnknownNameIsAUsageErrorListingThePresets) {
  try {
    presetSceneFile("double-slot");
    ADD_FAILURE() << "accepted";
  } catch (const UsageError& e) {
    const std::string message = e.what();
    EXPECT_NE(message.find("'double-slot'"), std::string::npos) << message;
    for (const PresetInfo& info : presets()) EXPECT_NE(message.find(info.name), std::string::npos) << message;
  }
}

}  // namespace
}  // namespace ripple

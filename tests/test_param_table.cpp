// The one table of parameters (src/lib/core/param_table.hpp): the window's
// settings file (through parameters()) and scene files take every number's range from it, at both ends and
// just beyond, and refuse what lies beyond naming the table's key.
#include <gtest/gtest.h>

#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <set>
#include <string>
#include <variant>

#include "core/param_table.hpp"
#include "api/scene_values.hpp"
#include "app/settings.hpp"
#include "scene/scene.hpp"

namespace ripple {
namespace {

std::string text(float v) {
  char buffer[32];
  std::string s(buffer, std::to_chars(buffer, buffer + sizeof buffer, v).ptr);
  return s.find_first_of(".e") == std::string::npos ? s + ".0" : s;  // TOML's floats have a point
}
std::string text(int v) { return std::to_string(v); }

// Just beyond the range's top: its end where the range leaves it out.
float beyond(Range<float> r) { return r.includesMax ? std::nextafter(r.max * 1.01f + 1.0f, 1e30f) : r.max; }
int beyond(Range<int> r) { return r.max + 1; }

// The window's settings as the table's Params.
Params paramsOfSettings(const WindowSettings& w) {
  Scene scene;
  putParameters(w, scene);
  return paramsOf(scene);
}

// The settings file's key of a row's parameter (the program's map of its
// keys to the parameters' names); "" where the file has none.
std::string settingsKeyOf(const ParamRow& row) {
  for (const auto& [key, name] : settingsParameterKeys())
    if (name == paramName(row)) return key;
  return {};
}

template <typename Number, typename T>
void expectRangeTaken(const ParamRow& row, Number Params::*member, Range<T> range) {
  const std::string settingsKey = settingsKeyOf(row);
  SCOPED_TRACE(settingsKey + " / " + row.sceneSection + "." + row.sceneKey);
  for (const T ok : {range.min, range.includesMax ? range.max : range.min}) {
    if (!settingsKey.empty()) {
      const LoadedSettings s =
          decodeSettings("ripple-settings 1\n" + settingsKey + "=" + text(ok) + "\n", "s.ini", WindowSettings{});
      EXPECT_EQ(s.warning, "");
      EXPECT_EQ(paramsOfSettings(s.params).*member, ok);
    }
    if (*row.sceneSection) {
      const SceneFile scene = parseSceneFile(
          std::string("ripple_scene = 1\n[") + row.sceneSection + "]\n" + row.sceneKey + " = " + text(ok) + "\n",
          "s.toml", ".");
      EXPECT_EQ(scene.params.*member, ok);
    }
  }
  const T bad = beyond(range);
  if (!settingsKey.empty()) {
    const LoadedSettings s =
        decodeSettings("ripple-settings 1\n" + settingsKey + "=" + text(bad) + "\n", "s.ini", WindowSettings{});
    EXPECT_NE(s.warning.find("bad value for " + settingsKey), std::string::npos) << s.warning;
  }
  if (*row.sceneSection) {
    try {
      parseSceneFile(
          std::string("ripple_scene = 1\n[") + row.sceneSection + "]\n" + row.sceneKey + " = " + text(bad) + "\n",
          "s.toml", ".");
      ADD_FAILURE() << text(bad) << " was taken";
    } catch (const SceneError& e) {
      const std::string key = std::string(row.sceneSection) + "." + row.sceneKey;
      const std::string what = e.what();
      EXPECT_NE(what.find(key + ": "), std::string::npos) << what;
      EXPECT_NE(what.find("is out of range"), std::string::npos) << what;
    }
  }
}

TEST(ParamTable, SettingsAndScenesTakeEachNumbersRangeFromTheTable) {
  int numbers = 0;
  for (const ParamRow& row : paramTable()) {
    if (const auto* f = std::get_if<FloatParam>(&row.value)) expectRangeTaken(row, f->member, f->range), ++numbers;
    if (const auto* i = std::get_if<IntParam>(&row.value)) expectRangeTaken(row, i->member, i->range), ++numbers;
  }
  EXPECT_GT(numbers, 10) << "the table's numbers were not all seen";
}

// Each name once in each input.
TEST(ParamTable, EachNameIsOnceInEachInput) {
  std::set<std::string> settings, scene, options;
  for (const auto& [key, name] : settingsParameterKeys()) EXPECT_TRUE(settings.insert(key).second) << key;
  for (const ParamRow& row : paramTable()) {
    if (*row.sceneSection) {
      EXPECT_TRUE(scene.insert(row.sceneSection + std::string(".") + row.sceneKey).second) << row.sceneKey;
    }
    if (*row.option) {
      EXPECT_TRUE(options.insert(row.option).second) << row.option;
    }
  }
}

}  // namespace
}  // namespace ripple

namespace ripple {
namespace {

// WebAssembly's scene files and parameter texts are written by the printf
// way of shortestText(): it must write what to_chars writes here, every
// digit and the choice of fixed or scientific.
TEST(ValueText, ThePrintfWayWritesWhatToCharsWrites) {
  std::vector<float> floats = {0.1f,      1e-5f,       1e-4f, 0.001f, 1e6f,   123456.0f, 1234567.0f, 0.006f, -0.8f,
                               1.0f / 32, 0.70710678f, 3e38f, 1e-38f, 1e-45f, -0.0f,     0.0f,       180.0f, 100000.0f};
  std::vector<double> doubles = {0.1, 1e-5, 1e-4, 24.0, 1e22, 1e23, 5e-324, 0.30000000000000004, -2.5, 1e15, 1e16};
  for (int e = -149; e <= 127; ++e) floats.push_back(std::ldexp(1.0f, e));  // powers of two: narrower below
  for (int e = -1074; e <= 1023; e += 7) doubles.push_back(std::ldexp(1.0, e));
  std::uint64_t state = 12345;  // any bit pattern, from a fixed seed
  auto next = [&state] {
    state = state * 6364136223846793005ull + 1442695040888963407ull;
    return state >> 16;
  };
  for (int i = 0; i < 200000; ++i) {
    const std::uint32_t bits = static_cast<std::uint32_t>(next());
    float f;
    std::memcpy(&f, &bits, sizeof f);
    if (std::isfinite(f)) floats.push_back(f);
    const std::uint64_t wide = next() << 32 | (next() & 0xffffffffu);
    double d;
    std::memcpy(&d, &wide, sizeof d);
    if (std::isfinite(d)) doubles.push_back(d);
  }
  int differing = 0;
  for (float f : floats)
    if (shortestTextFromPrintf(f) != shortestText(f) && ++differing < 10)
      ADD_FAILURE() << shortestTextFromPrintf(f) << " is not " << shortestText(f);
  for (double d : doubles)
    if (shortestTextFromPrintf(d) != shortestText(d) && ++differing < 10)
      ADD_FAILURE() << shortestTextFromPrintf(d) << " is not " << shortestText(d);
  EXPECT_EQ(differing, 0) << "of " << floats.size() << " floats and " << doubles.size() << " doubles";
}

}  // namespace
}  // namespace ripple

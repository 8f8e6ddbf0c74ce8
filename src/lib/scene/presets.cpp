#include "scene/presets.hpp"

#include "embedded/embedded_files.hpp"

namespace ripple {
namespace {

// The menu's order: the seeds' pool first, then the wave tank from simple to
// subtle. Each name is a file assets/presets/NAME.toml.
constexpr const char* kPresetNames[] = {
    "seeds-pool", "rockpool-rain", "single-slit", "double-slit", "harbour",          "lens",
    "prism",      "waveguide",     "two-sources", "doppler",     "parabolic-mirror", "open-sea",
};

std::string presetPath(const std::string& name) { return "assets/presets/" + name + ".toml"; }

SceneFile parsePreset(const std::string& name) {
  const auto text = embedded::find(presetPath(name));
  if (!text) {
    std::string names;
    for (const char* n : kPresetNames) names += (names.empty() ? "" : ", ") + std::string(n);
    throw UsageError("--preset: there is no preset '" + name + "'; the presets are " + names +
                     " (ripple --list-presets says what each shows)");
  }
  // An embedded preset has no folder: it uses the embedded picture.
  return parseSceneFile(*text, "preset " + name, "");
}

}  // namespace

const std::vector<PresetInfo>& presets() {
  static const std::vector<PresetInfo> list = [] {
    std::vector<PresetInfo> out;
    for (const char* name : kPresetNames) out.push_back({name, parsePreset(name).description});
    return out;
  }();
  return list;
}

SceneFile presetSceneFile(const std::string& name) { return parsePreset(name); }

}  // namespace ripple

#pragma once
// The presets: scenes compiled into the binary (assets/presets/*.toml), each
// chosen to show something worth seeing. --preset NAME, --list-presets and
// the panel's Presets menu read them here.
#include <string>
#include <vector>

#include "scene/scene.hpp"

namespace ripple {

struct PresetInfo {
  std::string name;         // e.g. "double-slit"
  std::string description;  // its one line
};

// Every preset, in the menu's order.
const std::vector<PresetInfo>& presets();

// The scene of a preset; throws UsageError naming the unknown name and the
// names there are.
SceneFile presetSceneFile(const std::string& name);

}  // namespace ripple

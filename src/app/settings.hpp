#pragma once
// The window's settings survive a restart: the panel's values are written on
// exit to the user's config folder (XDG) and read at start. A file that is
// corrupt, foreign or out of range gives one warning and the defaults.
#include <string>
#include <utility>
#include <vector>

#include "app/window_settings.hpp"

namespace ripple {

// $XDG_CONFIG_HOME/ripple/settings.ini, else $HOME/.config/ripple/settings.ini;
// empty when neither variable is set.
std::string settingsPath();

// The file's keys of a scene's parameters, each with the parameter's name
// (ripple/parameters.hpp): "courant" is "speed". The file's other keys are
// the edges (edges_horizontal, edges_vertical) and the window's own values.
const std::vector<std::pair<std::string, std::string>>& settingsParameterKeys();

std::string encodeSettings(const WindowSettings& params);

struct LoadedSettings {
  WindowSettings params;
  std::string warning;  // empty when the file was good or absent
};
// Reads `path` over `defaults`. A missing file is not an error.
LoadedSettings loadSettings(const std::string& path, const WindowSettings& defaults = WindowSettings{});
LoadedSettings decodeSettings(const std::string& text, const std::string& path, const WindowSettings& defaults);

// What the window's exit saves: the values as they are `now`, except those
// still as they were at start (`atStart`: the file's values with the command
// line's over them), which keep the value the file had (`asRead`). An option
// given for one run is not a setting: `ripple --mode classic` once does not
// make every later start classic; a value changed in the panel is saved.
WindowSettings settingsToSave(const WindowSettings& asRead, const WindowSettings& atStart, const WindowSettings& now);

// Writes atomically, creating the folder; throws ripple::Error naming the path.
void saveSettings(const WindowSettings& params, const std::string& path);

}  // namespace ripple

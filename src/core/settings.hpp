#pragma once
// The window's settings survive a restart: the panel's values are written on
// exit to the user's config folder (XDG) and read at start. A file that is
// corrupt, foreign or out of range gives one warning and the defaults.
#include <string>

#include "core/params.hpp"

namespace ripple {

// $XDG_CONFIG_HOME/ripple/settings.ini, else $HOME/.config/ripple/settings.ini;
// empty when neither variable is set.
std::string settingsPath();

std::string encodeSettings(const Params& params);

struct LoadedSettings {
  Params params;
  std::string warning;  // empty when the file was good or absent
};
// Reads `path` over `defaults`. A missing file is not an error.
LoadedSettings loadSettings(const std::string& path, const Params& defaults = Params{});
LoadedSettings decodeSettings(const std::string& text, const std::string& path, const Params& defaults);

// Writes atomically, creating the folder; throws ripple::Error naming the path.
void saveSettings(const Params& params, const std::string& path);

}  // namespace ripple

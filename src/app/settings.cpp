#include "app/settings.hpp"

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <sstream>

#include "common/atomic_file.hpp"
#include "core/param_table.hpp"

namespace ripple {
namespace {

constexpr const char* kHeader = "ripple-settings 1";

// Every parameter with a settings key in the table (core/param_table.hpp),
// by its key: written and read back as the table's text, with the command
// line's range checks.
const std::map<std::string, const ParamRow*>& fields() {
  static const std::map<std::string, const ParamRow*> kFields = [] {
    std::map<std::string, const ParamRow*> all;
    for (const ParamRow& row : paramTable()) {
      if (*row.settingsKey) all.emplace(row.settingsKey, &row);
    }
    return all;
  }();
  return kFields;
}

}  // namespace

std::string settingsPath() {
  namespace fs = std::filesystem;
  const char* xdg = std::getenv("XDG_CONFIG_HOME");
  const char* home = std::getenv("HOME");
  // XDG: a relative XDG_CONFIG_HOME is invalid and is ignored.
  if (xdg && xdg[0] == '/') return (fs::path(xdg) / "ripple" / "settings.ini").string();
  if (home && home[0] != '\0') return (fs::path(home) / ".config" / "ripple" / "settings.ini").string();
  return {};
}

std::string encodeSettings(const Params& params) {
  std::string out = std::string("# ripple's panel settings: written on exit, read at start.\n") + kHeader + "\n";
  for (const auto& [key, row] : fields()) out += key + "=" + paramText(*row, params) + "\n";
  return out;
}

Params settingsToSave(const Params& asRead, const Params& atStart, const Params& now) {
  Params result = now;
  for (const auto& [key, row] : fields()) {
    if (paramText(*row, now) == paramText(*row, atStart)) readParam(*row, paramText(*row, asRead), result);
  }
  // The speed's limit depends on the stencil: a speed kept from the file with
  // a stencil chosen in the panel could lie above it, and the next start
  // would refuse the file. The pair as the panel has it is good.
  if (result.courant > maxCourant(result.stencil)) {
    result.courant = now.courant;
    result.stencil = now.stencil;
  }
  return result;
}

LoadedSettings decodeSettings(const std::string& text, const std::string& path, const Params& defaults) {
  LoadedSettings result{defaults, {}};
  Params parsed = defaults;
  std::istringstream lines(text);
  std::string line;
  bool headerSeen = false;
  int courantLine = 0, stencilLine = 0;  // where they were set; 0: not in the file
  for (int number = 1; std::getline(lines, line); ++number) {
    if (line.empty() || line[0] == '#') continue;
    if (!headerSeen) {
      if (line != kHeader) {
        result.warning = "settings file '" + path + "' is not a ripple settings file; using the defaults";
        return result;
      }
      headerSeen = true;
      continue;
    }
    const size_t eq = line.find('=');
    const std::string key = line.substr(0, eq), value = eq == std::string::npos ? "" : line.substr(eq + 1);
    const auto field = fields().find(key);
    if (field == fields().end()) continue;  // a setting of a newer version: ignore it
    // A bad value costs that value alone: the rest of the file is the
    // user's, and the exit writes the file again.
    if (eq == std::string::npos || !readParam(*field->second, value, parsed).empty()) {
      if (result.warning.empty()) {
        result.warning = "settings file '" + path + "' line " + std::to_string(number) + ": bad value for " + key +
                         " '" + value + "'; using its default";
      }
      continue;
    }
    if (key == "courant") courantLine = number;
    if (key == "stencil") stencilLine = number;
  }
  if (!headerSeen) {
    result.warning = "settings file '" + path + "' is empty or not a ripple settings file; using the defaults";
    return result;
  }
  // The speed's limit depends on the stencil, which may come on a later line
  // than the speed, so it is checked once both are known: above it the water
  // would blow up.
  const std::string unstable = stabilityProblem(parsed.courant, parsed.stencil, "stencil=9");
  if (!unstable.empty()) {
    const int line = courantLine > 0 ? courantLine : stencilLine;
    if (result.warning.empty()) {
      result.warning = "settings file '" + path + "'" + (line > 0 ? " line " + std::to_string(line) : std::string()) +
                       ": bad value for courant " + unstable + "; using the defaults for courant and stencil";
    }
    parsed.courant = defaults.courant;
    parsed.stencil = defaults.stencil;
  }
  result.params = parsed;
  return result;
}

LoadedSettings loadSettings(const std::string& path, const Params& defaults) {
  if (path.empty()) return {defaults, {}};
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    if (errno == ENOENT) return {defaults, {}};
    return {defaults, "cannot read settings file '" + path + "': " + std::strerror(errno) + "; using the defaults"};
  }
  const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  return decodeSettings(text, path, defaults);
}

void saveSettings(const Params& params, const std::string& path) {
  std::error_code ec;
  std::filesystem::create_directories(std::filesystem::path(path).parent_path(), ec);
  writeFileAtomically(path, encodeSettings(params));
}

}  // namespace ripple

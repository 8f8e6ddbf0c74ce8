#include "app/settings.hpp"

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iterator>
#include <map>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <vector>

#include "common/atomic_file.hpp"
#include "app/parameter_named.hpp"
#include "ripple/parameters.hpp"
#include "ripple/water.hpp"

namespace ripple {
namespace {

constexpr const char* kHeader = "ripple-settings 1";

// The shortest text that reads back as exactly `v`.
template <typename T>
std::string exactText(T v) {
  char buffer[64];
  const auto [end, ec] = std::to_chars(buffer, buffer + sizeof buffer, v);
  return std::string(buffer, ec == std::errc() ? end : buffer);
}

// `text` as a T within [low, high], or nullopt.
template <typename T>
std::optional<T> numberIn(const std::string& text, T low, T high) {
  T v{};
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (ec != std::errc() || end != text.data() + text.size() || !(v >= low && v <= high)) return std::nullopt;
  return v;
}

// A key of the file: a scene's parameter by its name (ripple/parameters.hpp,
// read and checked as the library reads it), one of the edges, or one of
// the window's own values. The keys are the file's since its first version.
struct Key {
  std::function<std::string(const WindowSettings&)> text;
  std::function<bool(const std::string&, WindowSettings&)> read;  // false: not a value of it
};

Key parameterKey(const std::string& name) {
  return {[name](const WindowSettings& s) {
            Scene scene;
            putParameters(s, scene);
            return parameterText(scene, name);
          },
          [name](const std::string& text, WindowSettings& s) {
            // Read where the other of speed and stencil cannot make it
            // unstable: the pair is checked once both are read (decodeSettings).
            Scene scene;
            putParameters(s, scene);
            if (name == "speed") {
              scene.rule.stencil = Stencil::Nine;
            } else {
              scene.rule.speed = static_cast<float>(parameterNamed("speed").min);
            }
            try {
              setParameter(scene, name, text);
            } catch (const Error&) {
              return false;
            }
            WindowSettings read = settingsOf(scene, s);
            if (name == "speed") {
              read.rule.stencil = s.rule.stencil;
            } else {
              read.rule.speed = s.rule.speed;
            }
            s = read;
            return true;
          }};
}

template <Edge WindowSettings::*side>
Key edgeKey() {
  return {[](const WindowSettings& s) {
            Scene scene;
            scene.tank.leftRightEdges = scene.tank.topBottomEdges = s.*side;
            return parameterText(scene, "edges");
          },
          [](const std::string& text, WindowSettings& s) {
            Scene scene;
            try {
              setParameter(scene, "edges", text);
            } catch (const Error&) {
              return false;
            }
            if (scene.tank.leftRightEdges != scene.tank.topBottomEdges) return false;  // one word a side
            s.*side = scene.tank.leftRightEdges;
            return true;
          }};
}

template <typename T, T WindowSettings::*member>
Key windowKey(T low, T high) {
  return {[](const WindowSettings& s) { return exactText(s.*member); },
          [low, high](const std::string& text, WindowSettings& s) {
            const auto v = numberIn<T>(text, low, high);
            if (v) s.*member = *v;
            return v.has_value();
          }};
}

Key flagKey() {
  return {[](const WindowSettings& s) { return std::string(s.vsync ? "true" : "false"); },
          [](const std::string& text, WindowSettings& s) {
            if (text != "true" && text != "false") return false;
            s.vsync = text == "true";
            return true;
          }};
}

// Every key, in the file's order.
const std::map<std::string, Key>& keys() {
  static const std::map<std::string, Key> all = [] {
    std::map<std::string, Key> k;
    for (const auto& [key, name] : settingsParameterKeys()) k.emplace(key, parameterKey(name));
    k.emplace("edges_horizontal", edgeKey<&WindowSettings::leftRightEdges>());
    k.emplace("edges_vertical", edgeKey<&WindowSettings::topBottomEdges>());
    k.emplace("vsync", flagKey());
    k.emplace("verify_steps", windowKey<int, &WindowSettings::verifySteps>(1, kMaxVerifySteps));
    k.emplace("brush_size", windowKey<int, &WindowSettings::brushSize>(1, kMaxBrushSize));
    k.emplace("slow_water_speed", windowKey<float, &WindowSettings::slowWaterFactor>(kMinSlowWaterSpeed, 1.0f));
    k.emplace("source_period", windowKey<float, &WindowSettings::sourcePeriod>(static_cast<float>(kMinSourcePeriod),
                                                                               static_cast<float>(kMaxSourcePeriod)));
    k.emplace("source_amplitude",
              windowKey<float, &WindowSettings::sourceAmplitude>(-kMaxSourceAmplitude, kMaxSourceAmplitude));
    return k;
  }();
  return all;
}

}  // namespace

const std::vector<std::pair<std::string, std::string>>& settingsParameterKeys() {
  static const std::vector<std::pair<std::string, std::string>> named = {{"grid_scale_shift", "grid-scale"},
                                                                         {"mode", "mode"},
                                                                         {"damping", "damping"},
                                                                         {"courant", "speed"},
                                                                         {"stencil", "stencil"},
                                                                         {"wave_speed", "wave-speed"},
                                                                         {"stone_radius", "stone-radius"},
                                                                         {"stone_weight", "stone-weight"},
                                                                         {"stone_shape", "stone-shape"},
                                                                         {"rain", "rain-falling"},
                                                                         {"rain_rate", "rain"},
                                                                         {"wall_kind", "wall-kind"},
                                                                         {"refraction", "refraction"},
                                                                         {"shading", "shading"},
                                                                         {"height_shading", "height-shading"},
                                                                         {"light_strength", "light"},
                                                                         {"light_azimuth", "light-azimuth"},
                                                                         {"light_elevation", "light-elevation"}};
  return named;
}

std::string settingsPath() {
  namespace fs = std::filesystem;
  const char* xdg = std::getenv("XDG_CONFIG_HOME");
  const char* home = std::getenv("HOME");
  // XDG: a relative XDG_CONFIG_HOME is invalid and is ignored.
  if (xdg && xdg[0] == '/') return (fs::path(xdg) / "ripple" / "settings.ini").string();
  if (home && home[0] != '\0') return (fs::path(home) / ".config" / "ripple" / "settings.ini").string();
  return {};
}

std::string encodeSettings(const WindowSettings& settings) {
  std::string out = std::string("# ripple's panel settings: written on exit, read at start.\n") + kHeader + "\n";
  for (const auto& [key, k] : keys()) out += key + "=" + k.text(settings) + "\n";
  return out;
}

// The speed's limit is the stencil's: empty when the pair is stable, else
// why not, in the library's words.
std::string instability(const WindowSettings& s) {
  Scene scene;
  putParameters(s, scene);
  try {
    setParameter(scene, "speed", parameterText(scene, "speed"));
  } catch (const Error& e) {
    const std::string why = e.what();
    return why.substr(std::min(why.size(), std::string("speed: ").size()));
  }
  return {};
}

WindowSettings settingsToSave(const WindowSettings& asRead, const WindowSettings& atStart, const WindowSettings& now) {
  WindowSettings result = now;
  for (const auto& [key, k] : keys()) {
    if (k.text(now) == k.text(atStart)) k.read(k.text(asRead), result);
  }
  // The speed's limit depends on the stencil: a speed kept from the file with
  // a stencil chosen in the panel could lie above it, and the next start
  // would refuse the file. The pair as the panel has it is good.
  if (!instability(result).empty()) {
    result.rule.speed = now.rule.speed;
    result.rule.stencil = now.rule.stencil;
  }
  return result;
}

namespace {

// A value of the file that was not read, which the warning names.
struct BadValue {
  int line;  // 0: not in the file (a speed its default stencil cannot hold)
  std::string key;
  std::string what;  // what is wrong: "'7'", or why the speed is unstable
  std::string instead;
};

// One line for all of `bad`: the first in full, the others by line and key.
std::string badValuesWarning(const std::string& path, const std::vector<BadValue>& bad) {
  const auto where = [](const BadValue& b) { return b.line > 0 ? " line " + std::to_string(b.line) : std::string(); };
  const BadValue& first = bad.front();
  std::string warning = "settings file '" + path + "'" + where(first) + ": bad value for " + first.key + " " +
                        first.what + "; " + first.instead;
  for (size_t i = 1; i < bad.size(); ++i) warning += (i == 1 ? " (also" : ",") + where(bad[i]) + " " + bad[i].key;
  if (bad.size() > 1) warning += ", each at its default)";
  return warning;
}

}  // namespace

LoadedSettings decodeSettings(const std::string& text, const std::string& path, const WindowSettings& defaults) {
  LoadedSettings result{defaults, {}};
  WindowSettings parsed = defaults;
  std::istringstream lines(text);
  std::string line;
  bool headerSeen = false;
  int courantLine = 0, stencilLine = 0;  // where they were set; 0: not in the file
  std::vector<BadValue> bad;
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
    const auto found = keys().find(key);
    if (found == keys().end()) continue;  // a setting of a newer version: ignore it
    // A bad value costs that value alone: the rest of the file is the
    // user's, and the exit writes the file again.
    if (eq == std::string::npos || !found->second.read(value, parsed)) {
      bad.push_back({number, key, "'" + value + "'", "using its default"});
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
  const std::string unstable = instability(parsed);
  if (!unstable.empty()) {
    const int line = courantLine > 0 ? courantLine : stencilLine;
    const BadValue pair{line, "courant", unstable, "using the defaults for courant and stencil"};
    bad.insert(std::upper_bound(bad.begin(), bad.end(), pair,
                                [](const BadValue& a, const BadValue& b) { return a.line < b.line; }),
               pair);
    parsed.rule.speed = defaults.rule.speed;
    parsed.rule.stencil = defaults.rule.stencil;
  }
  if (!bad.empty()) result.warning = badValuesWarning(path, bad);
  result.params = parsed;
  return result;
}

LoadedSettings loadSettings(const std::string& path, const WindowSettings& defaults) {
  if (path.empty()) return {defaults, {}};
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    if (errno == ENOENT) return {defaults, {}};
    return {defaults, "cannot read settings file '" + path + "': " + std::strerror(errno) + "; using the defaults"};
  }
  const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  return decodeSettings(text, path, defaults);
}

void saveSettings(const WindowSettings& params, const std::string& path) {
  std::error_code ec;
  std::filesystem::create_directories(std::filesystem::path(path).parent_path(), ec);
  writeFileAtomically(path, encodeSettings(params));
}

}  // namespace ripple

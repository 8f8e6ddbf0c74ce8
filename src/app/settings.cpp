#include "app/settings.hpp"

#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iterator>
#include <map>
#include <sstream>
#include <variant>

#include "core/atomic_file.hpp"
#include "core/error.hpp"
#include "core/param_table.hpp"

namespace ripple {
namespace {

constexpr const char* kHeader = "ripple-settings 1";

// One entry per saved value: how to write it, and how to read it back with
// the same range checks as the command line (false: not a valid value).
struct Field {
  std::function<std::string(const Params&)> write;
  std::function<bool(const std::string&, Params&)> read;
};

bool parseFloat(const std::string& text, Range<float> range, float& out) {
  char* end = nullptr;
  const float v = std::strtof(text.c_str(), &end);
  if (text.empty() || *end != '\0' || !std::isfinite(v) || !range.contains(v)) return false;
  out = v;
  return true;
}

bool parseInt(const std::string& text, Range<int> range, int& out) {
  char* end = nullptr;
  const long v = std::strtol(text.c_str(), &end, 10);
  if (text.empty() || *end != '\0' || v < range.min || v > range.max) return false;
  out = static_cast<int>(v);
  return true;
}

bool parseBool(const std::string& text, bool& out) {
  if (text != "true" && text != "false") return false;
  out = text == "true";
  return true;
}

template <typename T>
bool parseEnum(std::optional<T> parsed, T& out) {
  if (!parsed) return false;
  out = *parsed;
  return true;
}

// The shortest text that reads back as the same float.
std::string formatFloat(float v) {
  char buffer[32];
  const auto result = std::to_chars(buffer, buffer + sizeof buffer, v);
  return std::string(buffer, result.ptr);
}

// A choice of Params, by its words (core/choices.hpp).
template <typename E>
Field fieldFor(const ChoiceParam<E>& choice) {
  return {[member = choice.member](const Params& p) { return std::string(wordOf(p.*member)); },
          [member = choice.member](const std::string& t, Params& p) { return parseEnum(choiceOf<E>(t), p.*member); }};
}
// A number of Params, written as is and read back within its range.
Field fieldFor(const FloatParam& number) {
  return {[member = number.member](const Params& p) { return formatFloat(p.*member); },
          [member = number.member, range = number.range](const std::string& t, Params& p) {
            return parseFloat(t, range, p.*member);
          }};
}
Field fieldFor(const IntParam& number) {
  return {[member = number.member](const Params& p) { return std::to_string(p.*member); },
          [member = number.member, range = number.range](const std::string& t, Params& p) {
            return parseInt(t, range, p.*member);
          }};
}
Field fieldFor(const FlagParam& flag) {
  return {[member = flag.member](const Params& p) { return std::string(p.*member ? "true" : "false"); },
          [member = flag.member](const std::string& t, Params& p) { return parseBool(t, p.*member); }};
}

// Every parameter with a settings key in the table (core/param_table.hpp).
const std::map<std::string, Field>& fields() {
  static const std::map<std::string, Field> kFields = [] {
    std::map<std::string, Field> all;
    for (const ParamRow& row : paramTable()) {
      if (*row.settingsKey)
        all.emplace(row.settingsKey, std::visit([](const auto& v) { return fieldFor(v); }, row.value));
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
  for (const auto& [key, field] : fields()) out += key + "=" + field.write(params) + "\n";
  return out;
}

Params settingsToSave(const Params& asRead, const Params& atStart, const Params& now) {
  Params result = now;
  for (const auto& [key, field] : fields()) {
    if (field.write(now) == field.write(atStart)) field.read(field.write(asRead), result);
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
    if (eq == std::string::npos || !field->second.read(value, parsed)) {
      result.warning = "settings file '" + path + "' line " + std::to_string(number) + ": bad value for " + key + " '" +
                       value + "'; using the defaults";
      return result;
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
    result.warning = "settings file '" + path + "'" + (line > 0 ? " line " + std::to_string(line) : std::string()) +
                     ": bad value for courant " + unstable + "; using the defaults";
    return result;
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

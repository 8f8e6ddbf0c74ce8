#include "app/tank_options.hpp"

#include <cmath>
#include <cstdlib>
#include <regex>
#include <sstream>
#include <vector>

namespace ripple {
namespace {

std::string trimmed(const std::string& s) {
  const size_t first = s.find_first_not_of(" \t");
  if (first == std::string::npos) return {};
  return s.substr(first, s.find_last_not_of(" \t") - first + 1);
}

std::vector<std::string> fields(const std::string& text, char separator) {
  std::vector<std::string> out;
  std::string field;
  std::istringstream in(text);
  while (std::getline(in, field, separator)) out.push_back(trimmed(field));
  if (!text.empty() && text.back() == separator) out.emplace_back();
  return out;
}

// A whole number of at most nine digits, optionally negative.
std::optional<long long> wholeNumber(const std::string& text, bool allowNegative = true) {
  const size_t digits = text.size() - (!text.empty() && text[0] == '-' ? 1 : 0);
  if (digits == 0 || digits > 9 || (!allowNegative && text[0] == '-')) return std::nullopt;
  if (text.find_first_not_of("0123456789", text.size() - digits) != std::string::npos) return std::nullopt;
  return std::stoll(text);
}

// A number strtod reads whole; nullopt when it is not one (NaN and infinity
// are numbers here: the callers say they are not finite).
std::optional<double> realNumber(const std::string& text) {
  if (text.empty()) return std::nullopt;
  char* end = nullptr;
  const double v = std::strtod(text.c_str(), &end);
  if (*end != '\0') return std::nullopt;
  return v;
}

std::string number(double v) {
  std::ostringstream s;
  s << v;
  return s.str();
}

std::string quoted(const std::string& text) { return "'" + text + "'"; }

}  // namespace

std::optional<ScheduledStone> parseDrop(const std::string& text, std::string& why) {
  static const std::regex kDrop(
      R"(^\s*(-?\d{1,9})\s*,\s*(-?\d{1,9})\s*,\s*(-?\d{1,9})\s*,\s*([-+0-9.eE]+)\s*(?:@\s*(\d{1,9}))?\s*$)");
  std::smatch m;
  why = quoted(text) + " must be X,Y,R,W or X,Y,R,W@S (whole numbers, W a number)";
  if (!std::regex_match(text, m, kDrop)) return std::nullopt;
  const auto weight = realNumber(m[4]);
  if (!weight) return std::nullopt;
  ScheduledStone s;
  s.stone.x = std::stoi(m[1]);
  s.stone.y = std::stoi(m[2]);
  s.stone.radius = std::stoi(m[3]);
  s.step = m[5].matched ? std::stoi(m[5]) : 0;
  if (s.stone.radius < 1 || s.stone.radius > kMaxStoneRadius) {
    why = quoted(text) + ": the radius must be from 1 to " + std::to_string(kMaxStoneRadius);
    return std::nullopt;
  }
  if (!std::isfinite(*weight) || std::abs(*weight) > kMaxStoneWeight) {
    why = quoted(text) + ": the weight must be from " + number(-kMaxStoneWeight) + " to " + number(kMaxStoneWeight);
    return std::nullopt;
  }
  s.stone.weight = static_cast<float>(*weight);
  why.clear();
  return s;
}

std::optional<Wall> parseWall(const std::string& text, std::string& why) {
  const std::vector<std::string> parts = fields(text, ',');
  std::vector<long long> values;
  for (const std::string& part : parts) {
    const auto v = wholeNumber(part);
    if (!v) break;
    values.push_back(*v);
  }
  if (values.size() != parts.size() || (values.size() != 4 && values.size() != 5)) {
    why = quoted(text) + " must be X0,Y0,X1,Y1 or X0,Y0,X1,Y1,T (whole numbers)";
    return std::nullopt;
  }
  for (size_t i = 0; i < 4; ++i) {
    if (values[i] < kMinPosition || values[i] > kMaxPosition) {
      why = quoted(text) + ": the ends must be from " + std::to_string(kMinPosition) + " to " +
            std::to_string(kMaxPosition);
      return std::nullopt;
    }
  }
  Wall wall{int(values[0]), int(values[1]), int(values[2]), int(values[3])};
  if (values.size() == 5) {
    if (values[4] < 1 || values[4] > kMaxWallThickness) {
      why = quoted(text) + ": the thickness must be from " + "1 to " + std::to_string(kMaxWallThickness) + " cells";
      return std::nullopt;
    }
    wall.thickness = static_cast<int>(values[4]);
  }
  return wall;
}

std::optional<Source> parseSource(const std::string& text, SourceForm sourceForm, std::string& why) {
  const bool line = sourceForm != SourceForm::Point, moving = sourceForm == SourceForm::Moving;
  const std::string form = moving ? "X0,Y0,X1,Y1,PERIOD,AMP@START:END"
                           : line ? "X0,Y0,X1,Y1,PERIOD,AMP[@START[:END]]"
                                  : "X,Y,PERIOD,AMP[@START[:END]]";
  const std::string coordinates = line ? "X0, Y0, X1, Y1" : "X, Y";
  why = quoted(text) + " must be " + form + " (" + coordinates + ", START and END whole numbers)";
  const size_t at = text.find('@');
  const std::vector<std::string> parts = fields(text.substr(0, at), ',');
  const size_t cells = line ? 4 : 2;
  if (parts.size() != cells + 2) return std::nullopt;
  std::vector<int> ends;
  for (size_t i = 0; i < cells; ++i) {
    const auto v = wholeNumber(parts[i]);
    if (!v) return std::nullopt;
    ends.push_back(static_cast<int>(*v));
  }
  Source s;
  s.x0 = s.x1 = ends[0];
  s.y0 = s.y1 = ends[1];
  if (line) {
    s.x1 = ends[2];
    s.y1 = ends[3];
  }
  if (at != std::string::npos) {
    const std::vector<std::string> steps = fields(text.substr(at + 1), ':');
    if (steps.empty() || steps.size() > 2) return std::nullopt;
    const auto start = wholeNumber(steps[0], false);
    if (!start) return std::nullopt;
    s.start = *start;
    if (steps.size() == 2) {
      const auto end = wholeNumber(steps[1], false);
      if (!end) return std::nullopt;
      s.end = *end;
    }
  }
  const auto period = realNumber(parts[cells]);
  const auto amplitude = realNumber(parts[cells + 1]);
  if (!period || !amplitude) return std::nullopt;
  if (!std::isfinite(*period)) {
    why = quoted(text) + ": the period '" + parts[cells] + "' is not a finite number";
    return std::nullopt;
  }
  if (*period < kMinSourcePeriod || *period > kMaxSourcePeriod) {
    why = quoted(text) + ": the period must be from " + number(kMinSourcePeriod) + " to " + number(kMaxSourcePeriod) +
          " steps";
    return std::nullopt;
  }
  if (!std::isfinite(*amplitude)) {
    why = quoted(text) + ": the amplitude '" + parts[cells + 1] + "' is not a finite number";
    return std::nullopt;
  }
  if (std::abs(*amplitude) > kMaxSourceAmplitude) {
    why = quoted(text) + ": the amplitude must be from " + number(-kMaxSourceAmplitude) + " to " +
          number(kMaxSourceAmplitude);
    return std::nullopt;
  }
  if (moving && s.end < 0) {
    why = quoted(text) + ": a moving source needs @START:END, the steps it takes from the first point to the second";
    return std::nullopt;
  }
  s.moving = moving;
  if (s.end >= 0 && s.end <= s.start) {
    why = quoted(text) + ": the end step " + std::to_string(s.end) + " must come after the start step " +
          std::to_string(s.start);
    return std::nullopt;
  }
  s.period = *period;
  s.amplitude = static_cast<float>(*amplitude);
  why.clear();
  return s;
}

const char* sourceOption(const Source& s) {
  if (s.moving) return "--moving-source";
  return s.x0 == s.x1 && s.y0 == s.y1 ? "--source" : "--line-source";
}

std::string sourcePlace(const Source& s) {
  const std::string from = "(" + std::to_string(s.x0) + ", " + std::to_string(s.y0) + ")";
  if (s.x0 == s.x1 && s.y0 == s.y1) return "at " + from;
  return std::string(s.moving ? "moving from " : "from ") + from + " to (" + std::to_string(s.x1) + ", " +
         std::to_string(s.y1) + ")";
}

}  // namespace ripple

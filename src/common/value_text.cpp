#include "common/value_text.hpp"

#include <cerrno>
#include <cmath>
#include <cstdlib>

namespace ripple {

std::string numberProblem(const std::string& text, Range<float> range) {
  char* end = nullptr;
  const double v = std::strtod(text.c_str(), &end);
  if (text.empty() || *end != '\0') return "'" + text + "' is not a number";
  if (!std::isfinite(v)) return "'" + text + "' is not a finite number";
  if (!range.contains(static_cast<float>(v))) return outOfRangeText(text, range);
  return {};
}

std::string wholeNumberProblem(const std::string& text, Range<int> range) {
  char* end = nullptr;
  errno = 0;
  const long v = std::strtol(text.c_str(), &end, 10);
  if (text.empty() || *end != '\0') return "'" + text + "' is not a whole number";
  if (errno == ERANGE || v < range.min || v > range.max) return outOfRangeText(text, range);
  return {};
}

std::string wordProblem(const std::string& text, const std::vector<std::string>& words) {
  for (const std::string& word : words)
    if (text == word) return {};
  std::string list;
  for (size_t i = 0; i < words.size(); ++i) list += (i == 0 ? "" : i + 1 == words.size() ? " or " : ", ") + words[i];
  return "'" + text + "' must be " + list;
}

}  // namespace ripple

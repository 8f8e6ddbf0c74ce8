#pragma once
// How values and ranges are worded wherever a value is checked (the command
// line, the settings file, the library's setters and scene reader): "from 0
// to below 1", and "'1.5' is out of range: it must be from 0 to below 1",
// `text` the value as given. Shared by the library and the program.
#include <sstream>
#include <string>
#include <vector>

namespace ripple {

template <typename T>
struct Range {
  T min;
  T max;
  bool includesMax = true;  // false: [min, max)
  constexpr bool contains(T v) const { return v >= min && (includesMax ? v <= max : v < max); }
};

inline std::string valueText(float v) {
  std::ostringstream s;
  s << v;
  return s.str();
}
inline std::string valueText(int v) { return std::to_string(v); }
template <typename T>
std::string rangeText(Range<T> r) {
  return "from " + valueText(r.min) + (r.includesMax ? " to " : " to below ") + valueText(r.max);
}
template <typename T>
std::string outOfRangeText(const std::string& text, Range<T> r) {
  return "'" + text + "' is out of range: it must be " + rangeText(r);
}

// The shortest text that reads back as exactly `v`, as std::to_chars writes
// it (fixed or scientific, whichever is shorter). WebAssembly's C++ library
// has no floating-point to_chars: there it is made from printf, and
// shortestTextFromPrintf() is that way, for a test to compare.
std::string shortestText(float v);
std::string shortestText(double v);
std::string shortestTextFromPrintf(float v);
std::string shortestTextFromPrintf(double v);

// Empty when `text` is a number in `range` (a whole number), else what is wrong.
std::string numberProblem(const std::string& text, Range<float> range);
std::string wholeNumberProblem(const std::string& text, Range<int> range);
// Empty when `text` is one of `words`, else "'x' must be a or b".
std::string wordProblem(const std::string& text, const std::vector<std::string>& words);

}  // namespace ripple

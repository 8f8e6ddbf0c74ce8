#include "common/value_text.hpp"

#include <charconv>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <limits>

namespace ripple {

namespace {

template <typename T>
T parsed(const char* text) {
  if constexpr (std::is_same_v<T, float>) {
    return std::strtof(text, nullptr);
  } else {
    return std::strtod(text, nullptr);
  }
}

// `scientific` ("d.ddde+XX") one unit up in its last digit.
std::string oneUp(std::string scientific) {
  std::size_t i = scientific.find('e');
  while (i-- > 0) {
    char& c = scientific[i];
    if (c == '.' || c == '-') continue;
    if (c != '9') {
      ++c;
      return scientific;
    }
    c = '0';
  }
  return scientific;  // 9.99...e+XX: no such candidate (10.0e+XX has another length), try the next length
}

// The fewest significant digits that read back as `v`, in printf's %e:
// "d.ddde+XX". The nearest decimal of each length is the one to try, except
// at a power of two, whose interval is narrower below: there the one above
// it may read back where the nearest does not.
template <typename T>
std::string shortestScientific(T v) {
  char text[64];
  for (int digits = 1; digits < std::numeric_limits<T>::max_digits10; ++digits) {
    std::snprintf(text, sizeof text, "%.*e", digits - 1, static_cast<double>(v));
    if (parsed<T>(text) == v) return text;
    const std::string above = oneUp(text);
    if (parsed<T>(above.c_str()) == v) return above;
  }
  std::snprintf(text, sizeof text, "%.*e", std::numeric_limits<T>::max_digits10 - 1, static_cast<double>(v));
  return text;
}

// to_chars's plain form of those digits: fixed where it is no longer than
// scientific ("1e-05", "0.001", "1e+06", "123456"); a whole number in fixed
// form has all its digits, the exact value's ("134217728").
template <typename T>
std::string plainForm(T v, const std::string& scientific) {
  const bool negative = scientific[0] == '-';
  const std::size_t e = scientific.find('e');
  std::string digits;
  for (std::size_t i = negative ? 1 : 0; i < e; ++i)
    if (scientific[i] != '.') digits += scientific[i];
  while (digits.size() > 1 && digits.back() == '0') digits.pop_back();
  const int exponent = std::atoi(scientific.c_str() + e + 1);
  const int n = static_cast<int>(digits.size());
  const int magnitude = std::abs(exponent);
  std::string sci = digits.substr(0, 1) + (n > 1 ? "." + digits.substr(1) : "") + (exponent < 0 ? "e-" : "e+") +
                    (magnitude < 10 ? "0" : "") + std::to_string(magnitude);
  std::string fixed;
  if (exponent >= n - 1) {
    char whole[400];
    std::snprintf(whole, sizeof whole, "%.0f", std::fabs(static_cast<double>(v)));
    fixed = whole;
  } else if (exponent >= 0) {
    fixed = digits.substr(0, static_cast<std::size_t>(exponent) + 1) + "." + digits.substr(exponent + 1);
  } else {
    fixed = "0." + std::string(static_cast<std::size_t>(-exponent - 1), '0') + digits;
  }
  return (negative ? "-" : "") + (fixed.size() <= sci.size() ? fixed : sci);
}

template <typename T>
std::string fromPrintf(T v) {
  if (std::isnan(v)) return "nan";
  if (std::isinf(v)) return v < 0 ? "-inf" : "inf";
  if (v == 0) return std::signbit(v) ? "-0" : "0";
  return plainForm(v, shortestScientific(v));
}

template <typename T>
std::string shortest(T v) {
#if defined(__cpp_lib_to_chars)
  char text[64];
  const auto [end, ec] = std::to_chars(text, text + sizeof text, v);
  return std::string(text, ec == std::errc() ? end : text);
#else
  return fromPrintf(v);
#endif
}

}  // namespace

std::string shortestText(float v) { return shortest(v); }
std::string shortestText(double v) { return shortest(v); }
std::string shortestTextFromPrintf(float v) { return fromPrintf(v); }
std::string shortestTextFromPrintf(double v) { return fromPrintf(v); }

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

#pragma once
// The words of each choice among the parameters, in one place: the command
// line, scene files, the settings file and the library's messages all write
// and read these (wordOf, choiceOf, wordsText).
#include <array>
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "ripple/types.hpp"

namespace ripple {

// Choice<E>::words: the words of enum E's values, in the enum's order.
template <typename E>
struct Choice;
template <>
struct Choice<Mode> {
  static constexpr std::array<const char*, 2> words{"float", "classic"};
};
template <>
struct Choice<Stencil> {
  static constexpr std::array<const char*, 2> words{"5", "9"};  // the points of the Laplacian
};
template <>
struct Choice<StoneShape> {
  static constexpr std::array<const char*, 2> words{"disc", "smooth"};
};
template <>
struct Choice<Edge> {
  static constexpr std::array<const char*, 4> words{"fixed", "free", "absorbing", "wrap"};
};
template <>
struct Choice<WallKind> {
  static constexpr std::array<const char*, 2> words{"reflecting", "held"};
};

template <typename E>
const char* wordOf(E value) {
  return Choice<E>::words[static_cast<std::size_t>(value)];
}

template <typename E>
std::optional<E> choiceOf(std::string_view word) {
  for (std::size_t i = 0; i < Choice<E>::words.size(); ++i)
    if (word == Choice<E>::words[i]) return static_cast<E>(i);
  return std::nullopt;
}

template <typename E>
std::vector<std::string> wordsOf() {
  return {Choice<E>::words.begin(), Choice<E>::words.end()};
}

// "float or classic", "fixed, free, absorbing or wrap" for messages; with
// `quote` '"', each word quoted as a scene file writes it.
template <typename E>
std::string wordsText(const char* quote = "") {
  std::string text;
  const auto& words = Choice<E>::words;
  for (std::size_t i = 0; i < words.size(); ++i)
    text += (i == 0 ? "" : i + 1 == words.size() ? " or " : ", ") + (quote + std::string(words[i]) + quote);
  return text;
}

// Throws ripple::Error unless `value` is one of the `count` values of its
// enum, `names`: a number cast to the enum is refused in words, never read
// past a table ("stencil: 7 is not one of 5 or 9").
template <typename E>
void requireEnumValue(const char* what, E value, std::size_t count, const std::string& names) {
  const auto number = static_cast<long long>(value);
  if (number < 0 || static_cast<unsigned long long>(number) >= count) {
    throw Error(std::string(what) + ": " + std::to_string(number) + " is not one of " + names);
  }
}
template <typename E>
void requireChoice(const char* what, E value) {
  requireEnumValue(what, value, Choice<E>::words.size(), wordsText<E>());
}

}  // namespace ripple

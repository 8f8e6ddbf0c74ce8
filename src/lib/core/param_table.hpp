#pragma once
// Every parameter an input can set, one row each: its name in the settings
// file, in a scene file ([section] key) and on the command line, and its
// range (limits::) or its words (choices.hpp). The settings file, the scene
// reader and writer and the command line take a parameter's names and range
// from here, and nowhere else. (A scene's edges are one key for the pair,
// tank.edges, read and written beside the table.)
#include <stdexcept>
#include <type_traits>
#include <variant>
#include <vector>

#include "core/choices.hpp"
#include "core/params.hpp"

namespace ripple {

// A member of Params, by its kind: a number within a range, a flag, or one
// of an enum's words.
struct FloatParam {
  float Params::*member;
  Range<float> range;
};
struct IntParam {
  int Params::*member;
  Range<int> range;
};
struct FlagParam {
  bool Params::*member;
};
template <typename E>
struct ChoiceParam {
  E Params::*member;
};
using ParamValue = std::variant<FloatParam, IntParam, FlagParam, ChoiceParam<Mode>, ChoiceParam<Stencil>,
                                ChoiceParam<StoneShape>, ChoiceParam<Edge>, ChoiceParam<WallKind>>;

struct ParamRow {
  ParamValue value;
  const char* settingsKey;   // "" where the settings file holds none
  const char* sceneSection;  // "water"; "" where scene files hold none
  const char* sceneKey;      // its key in that section
  const char* option;        // "--damping"; "" where the command line has none
  const char* sceneNote;     // what a written scene says after it; "" none
  // The command line's help: the option's value ("D"; a choice's are its
  // words) and what it means; the help adds the range and the default.
  const char* optionValue = "";
  const char* optionHelp = "";
};

// The rows in a scene file's order.
const std::vector<ParamRow>& paramTable();

// The row of a member of Params (&Params::damping): every parameter an
// input sets has one (a missing one is a bug: it throws std::logic_error).
template <typename T>
const ParamRow& paramOf(T Params::*member) {
  for (const ParamRow& row : paramTable()) {
    const bool found = std::visit(
        [member](const auto& v) {
          if constexpr (std::is_same_v<decltype(v.member), T Params::*>) return v.member == member;
          return false;
        },
        row.value);
    if (found) return row;
  }
  throw std::logic_error("a member of Params has no row in the parameters' table");
}

}  // namespace ripple

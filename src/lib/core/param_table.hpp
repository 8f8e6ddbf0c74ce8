#pragma once
// Every parameter of a scene, one row each: its name in a scene file
// ([section] key) and on the command line, and its range (limits::) or its
// words (choices.hpp). The scene reader and writer and the public
// parameters() (which the program's options, panel and settings file read)
// take a parameter's names and range from here, and nowhere else. (A
// scene's edges are one key for the pair, tank.edges, read and written
// beside the table.)
#include <stdexcept>
#include <string>
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
  const char* sceneSection;  // "water"; "" where scene files hold none
  const char* sceneKey;      // its key in that section
  const char* option;        // "--damping"; "" where the command line has none
  const char* sceneNote;     // what a written scene says after it; "" none
  // The command line's help: the option's value ("D"; a choice's are its
  // words) and what it means; the help adds the range and the default.
  const char* optionValue = "";
  const char* optionHelp = "";
  // Its name where the command line has no option for it ("grid-scale");
  // else the option's, without the dashes (paramName).
  const char* name = "";
};

// The rows in a scene file's order.
const std::vector<ParamRow>& paramTable();

// A parameter's name, as the public API and the browser's set() take it:
// "damping" (--damping), "grid-scale".
std::string paramName(const ParamRow& row);

// The value of `row` in `p` as text: a number written as the shortest text
// that reads back as the same float, a choice as its word, a flag as
// "true" or "false".
std::string paramText(const ParamRow& row, const Params& p);
// Reads `text` into `row`'s member of `p`. Returns empty, or what is wrong
// in the command line's words ("'1.5' is out of range: it must be from 0 to
// below 1"), `p` then as it was. The speed's limit, which depends on the
// stencil, is checked apart (stabilityProblem).
std::string readParam(const ParamRow& row, const std::string& text, Params& p);

// numberProblem(), wholeNumberProblem() and wordProblem() word a value of no
// row the same way (common/value_text.hpp).

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

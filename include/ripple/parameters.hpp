#pragma once
// The parameters by name: every value of a scene a person tunes (the rule,
// the look, the rain, the wall kind, the window's grid, pace and stones),
// each with one name, the command line's ("damping" for --damping), its
// range or words and what it means. A value is read and set as text and
// checked as the command line checks it, in its words: for a host's own
// controls, settings or scripts, without a case for each field.
#include <string>
#include <vector>

#include "ripple/export.hpp"
#include "ripple/scene.hpp"

namespace ripple {

class Water;

enum class ParameterKind { Number, WholeNumber, Flag, Choice };

struct Parameter {
  std::string name;      // "damping": the command line's --damping
  std::string sceneKey;  // "water.damping": its section and key in a scene file
  ParameterKind kind = ParameterKind::Number;
  double min = 0.0, max = 0.0;     // a number's range
  bool includesMax = true;         // false: up to below max
  std::vector<std::string> words;  // a choice's ("float", "classic"); a flag's "true", "false"
  std::string meaning;             // one line, as --help says it; "" where the command line has no option
  std::string valueName;           // how --help names its value ("D"; a choice's words, "float|classic")
};

// Every parameter, in a scene file's order. "edges" is two words or one:
// "absorbing,free" sets the left and right edges, then the top and bottom;
// "wrap" all four.
RIPPLE_EXPORT std::vector<Parameter> parameters();

// The parameter `name` of `scene` as text: a number as the shortest text
// that reads back as the same value, a choice as its word, a flag as "true"
// or "false".
RIPPLE_EXPORT std::string parameterText(const Scene& scene, const std::string& name);
// Sets it from `text`; on an unknown name, a text that is not a value of it
// or a speed beyond the stencil's limit, throws ripple::Error in the command
// line's words ("damping: '1.5' is out of range: it must be from 0 to below
// 1") and leaves the scene as it was.
RIPPLE_EXPORT void setParameter(Scene& scene, const std::string& name, const std::string& text);

// The same on a water, for the parameters it holds: the rule, the look, the
// rain, the edges and the wall kind (setRule, setLook, setRain, setTank). The grid
// scale, the wave speed and the stone radius are a scene's, for the window
// that shows it: the water refuses them in words.
RIPPLE_EXPORT std::string parameterText(const Water& water, const std::string& name);
RIPPLE_EXPORT void setParameter(Water& water, const std::string& name, const std::string& text);

}  // namespace ripple

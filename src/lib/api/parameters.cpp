// The public parameter calls (include/ripple/parameters.hpp) over the one
// table of parameters (core/param_table.hpp) and the mapping of a scene's
// values to Params (api/scene_values.hpp).
#include "ripple/parameters.hpp"

#include <type_traits>
#include <variant>

#include "api/scene_values.hpp"
#include "core/param_table.hpp"
#include "ripple/water.hpp"

namespace ripple {
namespace {

// The rows a scene file holds: the settings file's own (the window's brush,
// vsync, ...) are not a scene's.
bool sceneRow(const ParamRow& row) { return *row.sceneSection != '\0'; }

const ParamRow& rowNamed(const std::string& name) {
  std::string names;
  for (const ParamRow& row : paramTable()) {
    if (!sceneRow(row)) continue;
    if (paramName(row) == name) return row;
    names += (names.empty() ? "" : ", ") + paramName(row);
  }
  throw Error("parameter: there is no parameter '" + name + "'; the parameters are " + names);
}

// What the window keeps of a scene, not the water.
bool windowValue(const ParamRow& row) {
  return &row == &paramOf(&Params::simScaleShift) || &row == &paramOf(&Params::waveSpeed) ||
         &row == &paramOf(&Params::stoneRadius);
}

Parameter publicParameter(const ParamRow& row) {
  Parameter out;
  out.name = paramName(row);
  out.sceneKey = std::string(row.sceneSection) + "." + row.sceneKey;
  out.meaning = row.optionHelp;
  std::visit(
      [&out](const auto& v) {
        using V = std::decay_t<decltype(v)>;
        if constexpr (std::is_same_v<V, FloatParam> || std::is_same_v<V, IntParam>) {
          out.kind = std::is_same_v<V, FloatParam> ? ParameterKind::Number : ParameterKind::WholeNumber;
          out.min = v.range.min;
          out.max = v.range.max;
          out.includesMax = v.range.includesMax;
        } else if constexpr (std::is_same_v<V, FlagParam>) {
          out.kind = ParameterKind::Flag;
          out.words = {"true", "false"};
        } else {
          out.kind = ParameterKind::Choice;
          out.words = wordsOf<std::decay_t<decltype(Params{}.*v.member)>>();
        }
      },
      row.value);
  return out;
}

// Reads `text` into `p`, or throws in the command line's words.
void readInto(const ParamRow& row, const std::string& name, const std::string& text, Params& p) {
  Params changed = p;
  std::string why = readParam(row, text, changed);
  if (why.empty()) why = stabilityProblem(changed.courant, changed.stencil, "stencil 9");
  if (!why.empty()) throw Error(name + ": " + why);
  p = changed;
}

const ParamRow& waterRow(const std::string& name) {
  const ParamRow& row = rowNamed(name);
  if (windowValue(row)) {
    throw Error(name + ": a scene's, for the window that shows it, not the water's: set it on a ripple::Scene");
  }
  return row;
}

// The parameters the water holds, as Params (the wall kind only where it is
// the one asked for: tank() copies the whole tank).
Params paramsOf(const Water& water, const ParamRow& row) {
  Params p;
  putRule(water.rule(), p);
  putLook(water.look(), p);
  putRain(water.rain(), p);
  if (&row == &paramOf(&Params::wallKind)) p.wallKind = water.tank().wallKind;
  return p;
}

}  // namespace

std::vector<Parameter> parameters() {
  std::vector<Parameter> all;
  for (const ParamRow& row : paramTable())
    if (sceneRow(row)) all.push_back(publicParameter(row));
  return all;
}

std::string parameterText(const Scene& scene, const std::string& name) {
  return paramText(rowNamed(name), paramsOf(scene));
}

void setParameter(Scene& scene, const std::string& name, const std::string& text) {
  const ParamRow& row = rowNamed(name);
  Params p = paramsOf(scene);
  readInto(row, name, text, p);
  putParams(p, scene);
}

std::string parameterText(const Water& water, const std::string& name) {
  const ParamRow& row = waterRow(name);
  return paramText(row, paramsOf(water, row));
}

void setParameter(Water& water, const std::string& name, const std::string& text) {
  const ParamRow& row = waterRow(name);
  const Params before = paramsOf(water, row);
  Params p = before;
  readInto(row, name, text, p);
  if (ruleOf(p) != ruleOf(before)) water.setRule(ruleOf(p));
  if (lookOf(p) != lookOf(before)) water.setLook(lookOf(p));
  const Rain rain = rainOf(p, water.rain().seed);
  if (rain != water.rain()) water.setRain(rain);
  if (p.wallKind != before.wallKind) {
    Tank tank = water.tank();
    tank.wallKind = p.wallKind;
    water.setTank(tank);
  }
}

}  // namespace ripple

// The public parameter calls (include/ripple/parameters.hpp) over the one
// table of parameters (core/param_table.hpp) and the mapping of a scene's
// values to Params (api/scene_values.hpp).
#include "ripple/parameters.hpp"

#include <tuple>
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
  for (const ParamRow& row : paramTable())
    if (sceneRow(row) && paramName(row) == name) return row;
  std::string names;
  for (const Parameter& p : parameters()) names += (names.empty() ? "" : ", ") + p.name;
  throw Error("parameter: there is no parameter '" + name + "'; the parameters are " + names);
}

// What the window keeps of a scene, not the water.
bool windowValue(const ParamRow& row) {
  return &row == &paramOf(&Params::simScaleShift) || &row == &paramOf(&Params::waveSpeed) ||
         &row == &paramOf(&Params::stoneRadius);
}

// The words of a choice's value in --help: "float|classic".
std::string joinedWords(const std::vector<std::string>& words) {
  std::string text;
  for (const std::string& w : words) text += (text.empty() ? "" : "|") + w;
  return text;
}

Parameter publicParameter(const ParamRow& row) {
  Parameter out;
  out.name = paramName(row);
  out.sceneKey = std::string(row.sceneSection) + "." + row.sceneKey;
  out.meaning = row.optionHelp;
  out.valueName = row.optionValue;
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
          out.valueName = joinedWords(out.words);
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

// The edges: one parameter for the pair, as the scene file's tank.edges
// and the command line's --edges have it (the table has a row a side, for
// the settings file).
const char* const kEdges = "edges";

Parameter edgesParameter() {
  Parameter out;
  out.name = kEdges;
  out.sceneKey = "tank.edges";
  out.kind = ParameterKind::Choice;
  out.words = wordsOf<Edge>();
  out.meaning =
      "what the grid's edges do, all four or left/right then top/bottom: fixed (held at 0), free, "
      "absorbing (open sea) or wrap";
  out.valueName = "E[,E]";
  return out;
}

std::string edgesText(Edge leftRight, Edge topBottom) {
  return leftRight == topBottom ? wordOf(leftRight) : std::string(wordOf(leftRight)) + "," + wordOf(topBottom);
}

std::string trimmed(const std::string& s) {
  const size_t first = s.find_first_not_of(" \t");
  if (first == std::string::npos) return {};
  return s.substr(first, s.find_last_not_of(" \t") - first + 1);
}

// "E" or "E1,E2"; throws in the command line's words.
std::pair<Edge, Edge> readEdges(const std::string& text) {
  std::vector<Edge> edges;
  size_t from = 0;
  bool known = true;
  for (size_t comma = 0; known && comma != std::string::npos; from = comma + 1) {
    comma = text.find(',', from);
    const auto edge = choiceOf<Edge>(trimmed(text.substr(from, comma == std::string::npos ? comma : comma - from)));
    known = edge.has_value();
    if (known) edges.push_back(*edge);
  }
  if (!known || edges.size() > 2) {
    throw Error(std::string(kEdges) + ": '" + text + "' must be " + wordsText<Edge>() +
                ", or two of them as E1,E2 (left and right, then top and bottom)");
  }
  return {edges.front(), edges.back()};
}

}  // namespace

std::vector<Parameter> parameters() {
  std::vector<Parameter> all;
  for (const ParamRow& row : paramTable()) {
    if (&row == &paramOf(&Params::wallKind)) all.push_back(edgesParameter());  // tank.edges, then tank.wall_kind
    if (sceneRow(row)) all.push_back(publicParameter(row));
  }
  return all;
}

std::string parameterText(const Scene& scene, const std::string& name) {
  if (name == kEdges) return edgesText(scene.tank.leftRightEdges, scene.tank.topBottomEdges);
  return paramText(rowNamed(name), paramsOf(scene));
}

void setParameter(Scene& scene, const std::string& name, const std::string& text) {
  if (name == kEdges) {
    std::tie(scene.tank.leftRightEdges, scene.tank.topBottomEdges) = readEdges(text);
    return;
  }
  const ParamRow& row = rowNamed(name);
  Params p = paramsOf(scene);
  readInto(row, name, text, p);
  putParams(p, scene);
}

std::string parameterText(const Water& water, const std::string& name) {
  if (name == kEdges) {
    const Tank tank = water.tank();
    return edgesText(tank.leftRightEdges, tank.topBottomEdges);
  }
  const ParamRow& row = waterRow(name);
  return paramText(row, paramsOf(water, row));
}

void setParameter(Water& water, const std::string& name, const std::string& text) {
  if (name == kEdges) {
    const auto [leftRight, topBottom] = readEdges(text);
    Tank tank = water.tank();
    if (tank.leftRightEdges == leftRight && tank.topBottomEdges == topBottom) return;
    tank.leftRightEdges = leftRight;
    tank.topBottomEdges = topBottom;
    water.setTank(tank);
    return;
  }
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

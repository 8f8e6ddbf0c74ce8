#include "core/param_table.hpp"

#include <cerrno>
#include <cmath>
#include <cstdlib>

namespace ripple {

const std::vector<ParamRow>& paramTable() {
  using P = Params;
  namespace l = limits;
  static const std::vector<ParamRow> kRows = {
      // scene section and key, option, what a scene says after it,
      // the option's value and help
      {IntParam{&P::simScaleShift, l::simScaleShift}, "frame", "grid_scale", "", "the grid is the frame / 2^grid_scale",
       "", "", "grid-scale"},
      {ChoiceParam<Mode>{&P::mode}, "water", "mode", "--mode", "", "",
       "float, or classic: the seeds' integer rule; with their damping too (--damping 0.03125, or --preset "
       "seeds-pool) their program bit for bit"},
      {FloatParam{&P::damping, l::damping}, "water", "damping", "--damping", "", "D",
       "fraction lost per step; the seeds': 0.03125"},
      {FloatParam{&P::courant, l::courant}, "water", "speed", "--speed", "cells a step", "C",
       "wave speed in cells a step, the Courant number: at most 0.7071 (1/sqrt 2, the seeds' speed) with --stencil "
       "5, 0.8660 (sqrt 3 / 2) with --stencil 9"},
      {ChoiceParam<Stencil>{&P::stencil}, "water", "stencil", "--stencil", "", "",
       "5: the seeds' four neighbours; 9: four neighbours and four diagonals, for round rings"},
      {FloatParam{&P::waveSpeed, l::waveSpeed}, "water", "wave_speed", "--wave-speed",
       "the window's pace, pixels a second", "PX/S",
       "window: how fast waves cross the screen, in window pixels a second"},
      {IntParam{&P::stoneRadius, l::stoneRadius}, "stones", "radius", "--stone-radius", "", "R",
       "window: a click's stone radius in pixels"},
      {FloatParam{&P::stoneWeight, l::stoneWeight}, "stones", "weight", "--stone-weight", "", "W",
       "window: a click's stone weight; also the rain's"},
      {ChoiceParam<StoneShape>{&P::stoneShape}, "stones", "shape", "--stone-shape", "", "",
       "disc: the seeds' flat disc; smooth: a rounded bump of the same radius and weight"},
      {FlagParam{&P::rain}, "rain", "falling", "", "", "", "", "rain-falling"},
      {FloatParam{&P::rainRate, l::rainRate}, "rain", "rate", "--rain", "drops a step", "RATE",
       "random stones, RATE per step on average"},
      {IntParam{&P::rainRadius, l::rainRadius}, "rain", "radius", "", "", "", "", "rain-radius"},
      {ChoiceParam<WallKind>{&P::wallKind}, "tank", "wall_kind", "--wall-kind", "", "",
       "reflecting: walls reflect as real ones; held: the seeds', held at 0, the wave comes back upside down"},
      {FloatParam{&P::refraction, l::refraction}, "look", "refraction", "--refraction", "", "S",
       "refraction strength, float mode: pixels a unit of slope shifts the picture; the seeds': 1"},
      {FloatParam{&P::shading, l::shading}, "look", "shading", "--shading", "", "K",
       "shading from the slope, float mode, as seed 002's"},
      {FloatParam{&P::heightShading, l::heightShading}, "look", "height_shading", "--height-shading", "", "K",
       "brightness from the height, float mode: crests lighter, troughs darker, whichever way the waves run; shows "
       "faint waves far from their source"},
      {FloatParam{&P::lightStrength, l::lightStrength}, "look", "light", "--light", "", "S",
       "strength of the light's highlight on the water, 0 off, float mode"},
      {FloatParam{&P::lightAzimuth, l::lightAzimuth}, "look", "light_azimuth", "--light-azimuth", "", "DEG",
       "where the light comes from, degrees: 0 the right, 90 the top of the picture"},
      {FloatParam{&P::lightElevation, l::lightElevation}, "look", "light_elevation", "--light-elevation", "", "DEG",
       "the light's height above the water, degrees"},
  };
  return kRows;
}

std::string paramName(const ParamRow& row) { return *row.option ? std::string(row.option + 2) : std::string(row.name); }

namespace {

std::string textOf(const FloatParam& row, const Params& p) { return shortestText(p.*row.member); }
std::string textOf(const IntParam& row, const Params& p) { return std::to_string(p.*row.member); }
std::string textOf(const FlagParam& row, const Params& p) { return p.*row.member ? "true" : "false"; }
template <typename E>
std::string textOf(const ChoiceParam<E>& row, const Params& p) {
  return wordOf(p.*row.member);
}

// strtof, not strtod: the shortest text of a float reads back as that float.
std::string read(const FloatParam& row, const std::string& text, Params& p) {
  std::string why = numberProblem(text, row.range);
  if (why.empty()) p.*row.member = std::strtof(text.c_str(), nullptr);
  return why;
}
std::string read(const IntParam& row, const std::string& text, Params& p) {
  std::string why = wholeNumberProblem(text, row.range);
  if (why.empty()) p.*row.member = static_cast<int>(std::strtol(text.c_str(), nullptr, 10));
  return why;
}
std::string read(const FlagParam& row, const std::string& text, Params& p) {
  std::string why = wordProblem(text, {"true", "false"});
  if (why.empty()) p.*row.member = text == "true";
  return why;
}
template <typename E>
std::string read(const ChoiceParam<E>& row, const std::string& text, Params& p) {
  std::string why = wordProblem(text, wordsOf<E>());
  if (why.empty()) p.*row.member = *choiceOf<E>(text);
  return why;
}

}  // namespace

std::string paramText(const ParamRow& row, const Params& p) {
  return std::visit([&p](const auto& v) { return textOf(v, p); }, row.value);
}

std::string readParam(const ParamRow& row, const std::string& text, Params& p) {
  return std::visit([&](const auto& v) { return read(v, text, p); }, row.value);
}

}  // namespace ripple

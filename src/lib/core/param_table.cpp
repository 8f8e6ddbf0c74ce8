#include "core/param_table.hpp"

namespace ripple {

const std::vector<ParamRow>& paramTable() {
  using P = Params;
  namespace l = limits;
  static const std::vector<ParamRow> kRows = {
      // settings key, scene section and key, option, what a scene says after it
      {IntParam{&P::simScaleShift, l::simScaleShift}, "grid_scale_shift", "frame", "grid_scale", "",
       "the grid is the frame / 2^grid_scale"},
      {ChoiceParam<Mode>{&P::mode}, "mode", "water", "mode", "--mode", ""},
      {FloatParam{&P::damping, l::damping}, "damping", "water", "damping", "--damping", ""},
      {FloatParam{&P::courant, l::courant}, "courant", "water", "speed", "--speed", "cells a step"},
      {ChoiceParam<Stencil>{&P::stencil}, "stencil", "water", "stencil", "--stencil", ""},
      {FloatParam{&P::waveSpeed, l::waveSpeed}, "wave_speed", "water", "wave_speed", "--wave-speed",
       "the window's pace, pixels a second"},
      {IntParam{&P::stoneRadius, l::stoneRadius}, "stone_radius", "stones", "radius", "--stone-radius", ""},
      {FloatParam{&P::stoneWeight, l::stoneWeight}, "stone_weight", "stones", "weight", "--stone-weight", ""},
      {ChoiceParam<StoneShape>{&P::stoneShape}, "stone_shape", "stones", "shape", "--stone-shape", ""},
      {FlagParam{&P::rain}, "rain", "rain", "falling", "", ""},
      {FloatParam{&P::rainRate, l::rainRate}, "rain_rate", "rain", "rate", "--rain", "drops a step"},
      {IntParam{&P::rainRadius, l::rainRadius}, "", "rain", "radius", "", ""},
      {ChoiceParam<Edge>{&P::horizontalEdges}, "edges_horizontal", "", "", "", ""},
      {ChoiceParam<Edge>{&P::verticalEdges}, "edges_vertical", "", "", "", ""},
      {ChoiceParam<WallKind>{&P::wallKind}, "wall_kind", "tank", "wall_kind", "--wall-kind", ""},
      {FloatParam{&P::refraction, l::refraction}, "refraction", "look", "refraction", "--refraction", ""},
      {FloatParam{&P::shading, l::shading}, "shading", "look", "shading", "--shading", ""},
      {FloatParam{&P::heightShading, l::heightShading}, "height_shading", "look", "height_shading", "--height-shading",
       ""},
      {FloatParam{&P::lightStrength, l::lightStrength}, "light_strength", "look", "light", "--light", ""},
      {FloatParam{&P::lightAzimuth, l::lightAzimuth}, "light_azimuth", "look", "light_azimuth", "--light-azimuth", ""},
      {FloatParam{&P::lightElevation, l::lightElevation}, "light_elevation", "look", "light_elevation",
       "--light-elevation", ""},
      // The window's own, kept in the settings file only.
      {FlagParam{&P::vsync}, "vsync", "", "", "", ""},
      {IntParam{&P::verifySteps, l::verifySteps}, "verify_steps", "", "", "", ""},
      {IntParam{&P::brushSize, l::brushSize}, "brush_size", "", "", "", ""},
      {FloatParam{&P::slowWaterFactor, l::slowWaterFactor}, "slow_water_speed", "", "", "", ""},
      {FloatParam{&P::sourcePeriod, l::sourcePeriod}, "source_period", "", "", "", ""},
      {FloatParam{&P::sourceAmplitude, l::sourceAmplitude}, "source_amplitude", "", "", "", ""},
  };
  return kRows;
}

}  // namespace ripple

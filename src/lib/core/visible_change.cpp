#include "core/visible_change.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "core/light.hpp"

namespace ripple {
namespace {

constexpr float kInfinity = std::numeric_limits<float>::infinity();

// The largest of the linear parts of the bound (refraction, shading, height
// shading) over the cells of `f`, and the square of its steepest slope.
// Written so that a NaN, which compares false, makes them infinite.
struct FieldExtremes {
  float linear = 0.0f;
  float steepestSquared = 0.0f;
};

void takeExtremes(const HeightField& f, const FrameLook& look, FieldExtremes& e) {
  const RefractionSettings& s = look.settings;
  const float perSlopeX = s.refraction * look.pixelsPerCellX * look.contrast.across + s.shading;
  const float perSlopeY = s.refraction * look.pixelsPerCellY * look.contrast.down;
  for (int y = 0; y < f.height; ++y) {
    for (int x = 0; x < f.width; ++x) {
      const float dx = std::abs(f.atOrZero(x - 1, y) - f.atOrZero(x + 1, y));
      const float dy = std::abs(f.atOrZero(x, y - 1) - f.atOrZero(x, y + 1));
      const float h = std::abs(f.at(x, y));
      const float linear = perSlopeX * dx + perSlopeY * dy + s.heightShading * h;
      const float steepestSquared = dx * dx + dy * dy;
      if (std::isnan(linear + steepestSquared + h)) {
        e = {kInfinity, kInfinity};
        return;
      }
      e.linear = std::max(e.linear, linear);
      e.steepestSquared = std::max(e.steepestSquared, steepestSquared);
    }
  }
}

// The highlight's largest change from flat water's, in levels, for normals
// tilted by up to `tilt` radians from straight up. The highlight depends only
// on the angle between the normal and the halfway vector, which lies within
// `tilt` of flat water's angle to it.
float highlightChange(const RefractionSettings& settings, float tilt) {
  const LightVectors light = lightVectors(settings);
  if (light.strength <= 0.0f) return 0.0f;
  const double pi = std::acos(-1.0);
  const double flatAngle = std::acos(std::clamp(double(light.halfway.z), -1.0, 1.0));
  auto highlightAt = [&](double angle) {
    return light.strength * std::pow(std::max(std::cos(std::min(angle, pi)), 0.0), double(kShininess));
  };
  const double flat = highlightAt(flatAngle);
  const double brightest = highlightAt(std::max(flatAngle - tilt, 0.0));
  const double darkest = highlightAt(flatAngle + tilt);
  return static_cast<float>(255.0 * std::max(brightest - flat, flat - darkest));
}

}  // namespace

// The picture's steepest steps between neighbours, over its colour channels.
PictureContrast pictureContrast(const Picture& picture) {
  requireWholePicture(picture, "pictureContrast");
  int across = 0, down = 0;
  for (int y = 0; y < picture.height; ++y) {
    for (int x = 0; x < picture.width; ++x) {
      const std::uint8_t* p = picture.pixel(x, y);
      for (int c = 0; c < 3; ++c) {
        if (x + 1 < picture.width) across = std::max(across, std::abs(p[c] - picture.pixel(x + 1, y)[c]));
        if (y + 1 < picture.height) down = std::max(down, std::abs(p[c] - picture.pixel(x, y + 1)[c]));
      }
    }
  }
  return {float(across), float(down)};
}

float visibleChangeBound(const WaterState& water, const FrameLook& look) {
  if (look.settings.mode == Mode::Classic) {
    for (const HeightField* f : {&water.cur, &water.prev})
      for (float h : f->cells)
        if (h != 0.0f) return kInfinity;
    return 0.0f;
  }
  FieldExtremes e;
  takeExtremes(water.cur, look, e);
  takeExtremes(water.prev, look, e);
  if (std::isinf(e.linear)) return kInfinity;
  return e.linear + highlightChange(look.settings, std::atan(std::sqrt(e.steepestSquared) * kNormalScale));
}

}  // namespace ripple

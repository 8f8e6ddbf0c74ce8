// The light's highlight, worked by hand: a slope whose normal points along
// the halfway vector between the light and the viewer shines at full
// strength; the opposite slope and flat water stay dark.
#include <gtest/gtest.h>

#include <cmath>

#include "core/cpu_reference.hpp"
#include "core/light.hpp"

namespace ripple {
namespace {

// A 5x3 grid whose middle cell (2, 1) has the slope (dx, 0), over a grey
// picture, drawn with no refraction so only the light changes the pixel.
int litPixel(float dx, float azimuth, float strength = 1.0f) {
  HeightField h(5, 3);
  h.at(1, 1) = dx / 2;
  h.at(3, 1) = -dx / 2;
  Picture grey(5, 3);
  for (size_t i = 0; i < grey.rgba.size(); ++i) grey.rgba[i] = i % 4 == 3 ? 255 : 64;
  RefractionSettings s;
  s.refraction = 0.0f;
  s.lightStrength = strength;
  s.lightAzimuth = azimuth;
  s.lightElevation = 60.0f;
  return renderRefraction(h, grey, s).pixel(2, 1)[0];
}

TEST(Light, HalfwayVectorByHand) {
  // Light from the right (azimuth 0) at 60 degrees: toLight (1/2, 0, sqrt(3)/2),
  // halfway normalize(1/2, 0, 1 + sqrt(3)/2). A normal (dx k, 0, 1) along it
  // needs dx k = (1/2) / (1 + sqrt(3)/2) = 0.2679: dx = 12.86 with k = 1/48.
  const LightVectors light = lightVectors({Mode::Float, 1.0f, 0.0f, 1.0f, 0.0f, 60.0f});
  EXPECT_NEAR(light.halfway.x / light.halfway.z, 0.5 / (1 + std::sqrt(3.0) / 2), 1e-6);
  EXPECT_NEAR(light.halfway.y, 0.0, 1e-6);
  // Azimuth 90 is the top of the picture: y (down the picture) negative.
  EXPECT_LT(lightVectors({Mode::Float, 1.0f, 0.0f, 1.0f, 90.0f, 60.0f}).halfway.y, -0.2f);
}

TEST(Light, TheShininessPowerBySquaringIsThePower) {
  // 0.99^180 = exp(180 ln 0.99) = 0.163808; 0.966^180 = 0.0019764 (flat water
  // under the default light); 1 stays 1, 0 stays 0.
  EXPECT_NEAR(raisedToTheShininess(0.99f), 0.163808, 2e-5);
  EXPECT_NEAR(raisedToTheShininess(0.966f), 0.0019764, 2e-6);
  EXPECT_EQ(raisedToTheShininess(1.0f), 1.0f);
  EXPECT_EQ(raisedToTheShininess(0.0f), 0.0f);
  for (float x = 0.5f; x <= 1.0f; x += 0.001f) {
    const double exact = std::pow(double(x), double(kShininess));
    ASSERT_NEAR(raisedToTheShininess(x), exact, 1e-5 * exact + 1e-30) << x;
  }
}

TEST(Light, SlopeFacingTheLightShines) {
  const float facing = 0.2679492f / kNormalScale;  // the normal along the halfway vector
  EXPECT_EQ(litPixel(facing, 0.0f), 255) << "64 plus the whole highlight, clamped";
  EXPECT_NEAR(litPixel(facing, 0.0f, 0.5f), 64 + 128, 1) << "half the strength, half the light";
  EXPECT_EQ(litPixel(-facing, 0.0f), 64) << "the slope facing away is 30 degrees off: 0.866^180";
  EXPECT_EQ(litPixel(facing, 180.0f), 64) << "the light from the left lights the other slope";
  EXPECT_EQ(litPixel(-facing, 180.0f), 255);
  EXPECT_EQ(litPixel(0.0f, 0.0f), 64) << "flat water, 15 degrees off: 0.966^180 = 2e-3 of a level";
  EXPECT_EQ(litPixel(facing, 0.0f, 0.0f), 64) << "strength 0 is no light";
}

TEST(Light, ClassicModeHasNone) {
  HeightField h(5, 3);
  h.at(1, 1) = 6.43f;
  h.at(3, 1) = -6.43f;
  Picture grey(5, 3);
  for (size_t i = 0; i < grey.rgba.size(); ++i) grey.rgba[i] = 64;
  RefractionSettings s;
  s.mode = Mode::Classic;
  s.lightStrength = 4.0f;
  s.lightAzimuth = 0.0f;
  EXPECT_EQ(renderRefraction(h, grey, s).pixel(2, 1)[0], 64);
}

}  // namespace
}  // namespace ripple

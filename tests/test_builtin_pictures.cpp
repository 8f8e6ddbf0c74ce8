// The built-in pictures: found by name wherever a picture's path goes, the
// tank's floor as designed, and a clear line for a name that is not one.
#include <gtest/gtest.h>

#include <array>

#include "core/builtin_pictures.hpp"
#include "core/error.hpp"

namespace ripple {
namespace {

TEST(BuiltinPictures, NamesGiveTheirPictures) {
  EXPECT_EQ(loadPicture("").rgba, defaultPicture().rgba) << "no picture: the default";
  EXPECT_EQ(loadPicture("builtin:pool").rgba, defaultPicture().rgba);
  const Picture tank = loadPicture("builtin:tank");
  EXPECT_EQ(tank.width, 1280);
  EXPECT_EQ(tank.height, 720);
  EXPECT_EQ(tank.rgba, tankFloorPicture().rgba);
}

TEST(BuiltinPictures, TheTankFloorIsAGradientWithFaintTileLines) {
  const Picture floor = tankFloorPicture();
  auto rgb = [&](int x, int y) {
    const std::uint8_t* p = floor.pixel(x, y);
    return std::array<int, 4>{p[0], p[1], p[2], p[3]};
  };
  // Inside a tile: the gradient, 47 111 143 at the top row to 29 74 102 at
  // the bottom one (row 8 + 64 k and the next, column 64 k and the next, are lines).
  EXPECT_EQ(rgb(10, 0), (std::array<int, 4>{47, 111, 143, 255}));
  EXPECT_EQ(rgb(10, 719), (std::array<int, 4>{29, 74, 102, 255}));
  EXPECT_EQ(rgb(10, 359), (std::array<int, 4>{47 - 18 * 359 / 719, 111 - 37 * 359 / 719, 143 - 41 * 359 / 719, 255}));
  // A line: a tenth of the way (26/255) to white, at the same height.
  const int top = 47 + (255 - 47) * 26 / 255;
  EXPECT_EQ(rgb(64, 0)[0], top);
  EXPECT_EQ(rgb(65, 0)[0], top);
  EXPECT_EQ(rgb(66, 0)[0], 47) << "lines are two pixels wide";
  EXPECT_EQ(rgb(10, 8)[0], top) << "row 8 is a line (the gradient there still rounds to 47)";
  EXPECT_EQ(rgb(10, 9)[0], top);
  EXPECT_EQ(rgb(10, 7)[0], 47);
  EXPECT_EQ(rgb(10, 10)[0], 47) << "row 10 is past the line at rows 8 and 9";
}

TEST(BuiltinPictures, AnUnknownNameSaysWhichAreKnown) {
  EXPECT_EQ(builtinPictureProblem("builtin:tank"), "");
  EXPECT_EQ(builtinPictureProblem("floor.png"), "") << "not a built-in name: a path, checked when read";
  EXPECT_EQ(builtinPictureProblem("builtin:sea"),
            "'builtin:sea' is not a built-in picture: builtin:pool or builtin:tank");
  EXPECT_TRUE(namesBuiltinPicture("builtin:"));
  EXPECT_FALSE(namesBuiltinPicture("builtin"));
  try {
    loadPicture("builtin:sea");
    ADD_FAILURE() << "an unknown built-in picture was loaded";
  } catch (const Error& e) {
    EXPECT_STREQ(e.what(), "'builtin:sea' is not a built-in picture: builtin:pool or builtin:tank");
  }
}

}  // namespace
}  // namespace ripple

// The command line's texts of stones and of the wave tank's walls and
// sources (--drop, --wall, --source, --line-source, --moving-source) read
// exactly into the library's values, and refused in words.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "app/tank_options.hpp"

namespace ripple {
namespace {

bool isLine(const Source& s) { return !s.moving && (s.x0 != s.x1 || s.y0 != s.y1); }

// The message of a text the parser refuses.
template <typename Parse>
std::string refusal(Parse parse, const std::string& text) {
  std::string why;
  EXPECT_FALSE(parse(text, why)) << text;
  return why;
}
auto wallParser = [](const std::string& t, std::string& why) { return parseWall(t, why).has_value(); };
auto pointParser = [](const std::string& t, std::string& why) {
  return parseSource(t, SourceForm::Point, why).has_value();
};
auto lineParser = [](const std::string& t, std::string& why) {
  return parseSource(t, SourceForm::Line, why).has_value();
};
auto movingParser = [](const std::string& t, std::string& why) {
  return parseSource(t, SourceForm::Moving, why).has_value();
};

TEST(TankOptions, WallsParseExactlyWithThicknessTwoByDefault) {
  std::string why;
  auto wall = parseWall("1,2,30,40", why);
  ASSERT_TRUE(wall) << why;
  EXPECT_EQ(std::vector<int>({wall->x0, wall->y0, wall->x1, wall->y1, wall->thickness}),
            std::vector<int>({1, 2, 30, 40, 2}));
  wall = parseWall(" -3, 4 ,5,6, 7", why);
  ASSERT_TRUE(wall) << why;
  EXPECT_EQ(std::vector<int>({wall->x0, wall->y0, wall->x1, wall->y1, wall->thickness}),
            std::vector<int>({-3, 4, 5, 6, 7}));
  wall = parseWall("5,5,5,5,1", why);  // a post one cell wide
  ASSERT_TRUE(wall) << why;
  EXPECT_EQ(wall->thickness, 1);
}

TEST(TankOptions, BadWallsSayWhatIsWrong) {
  EXPECT_EQ(refusal(wallParser, "1,2,3,4,0"), "'1,2,3,4,0': the thickness must be from 1 to 64 cells");
  EXPECT_EQ(refusal(wallParser, "1,2,3,4,-2"), "'1,2,3,4,-2': the thickness must be from 1 to 64 cells");
  EXPECT_EQ(refusal(wallParser, "1,2,3,4,65"), "'1,2,3,4,65': the thickness must be from 1 to 64 cells");
  EXPECT_EQ(refusal(wallParser, "1,2,3,40000"), "'1,2,3,40000': the ends must be from -16384 to 32768");
  for (const char* bad : {"a,b,c,d", "1,2,3", "1,2,3,4,5,6", "1.5,2,3,4", "1,2,3,4,", "", "1,,3,4", "1,2,3,4,x"}) {
    EXPECT_EQ(refusal(wallParser, bad),
              "'" + std::string(bad) + "' must be X0,Y0,X1,Y1 or X0,Y0,X1,Y1,T (whole numbers)");
  }
}

TEST(TankOptions, SourcesParseExactly) {
  std::string why;
  auto s = parseSource("10,20,12.5,-30", SourceForm::Point, why);
  ASSERT_TRUE(s) << why;
  EXPECT_EQ(std::vector<int>({s->x0, s->y0, s->x1, s->y1}), std::vector<int>({10, 20, 10, 20}));
  EXPECT_EQ(s->period, 12.5);
  EXPECT_EQ(s->amplitude, -30.0f);
  EXPECT_EQ(s->start, 0);
  EXPECT_EQ(s->end, -1) << "sings for ever by default";
  EXPECT_FALSE(isLine(*s));

  s = parseSource("0,0,2,4096@7", SourceForm::Point, why);
  ASSERT_TRUE(s) << why;
  EXPECT_EQ(s->period, 2.0);
  EXPECT_EQ(s->amplitude, 4096.0f);
  EXPECT_EQ(s->start, 7);
  EXPECT_EQ(s->end, -1);

  s = parseSource("3,4,8,5@3:40", SourceForm::Point, why);
  ASSERT_TRUE(s) << why;
  EXPECT_EQ(s->start, 3);
  EXPECT_EQ(s->end, 40);

  s = parseSource("1,2,30,4,10,-4096@0:1", SourceForm::Line, why);
  ASSERT_TRUE(s) << why;
  EXPECT_EQ(std::vector<int>({s->x0, s->y0, s->x1, s->y1}), std::vector<int>({1, 2, 30, 4}));
  EXPECT_EQ(s->period, 10.0);
  EXPECT_EQ(s->amplitude, -4096.0f);
  EXPECT_EQ(s->start, 0);
  EXPECT_EQ(s->end, 1);
  EXPECT_TRUE(isLine(*s));
}

TEST(TankOptions, BadSourcesSayWhatIsWrong) {
  EXPECT_EQ(refusal(pointParser, "10,10,1.5,20"), "'10,10,1.5,20': the period must be from 2 to 100000 steps");
  EXPECT_EQ(refusal(pointParser, "10,10,-8,20"), "'10,10,-8,20': the period must be from 2 to 100000 steps");
  EXPECT_EQ(refusal(pointParser, "10,10,100001,20"), "'10,10,100001,20': the period must be from 2 to 100000 steps");
  // Steps of 9 digits at most: the table's last source step, 999999999.
  EXPECT_FALSE(refusal(pointParser, "10,10,20,20@1000000000").empty());
  EXPECT_EQ(refusal(pointParser, "10,10,inf,20"), "'10,10,inf,20': the period 'inf' is not a finite number");
  EXPECT_EQ(refusal(pointParser, "10,10,8,nan"), "'10,10,8,nan': the amplitude 'nan' is not a finite number");
  EXPECT_EQ(refusal(pointParser, "10,10,8,1e9"), "'10,10,8,1e9': the amplitude must be from -4096 to 4096");
  EXPECT_EQ(refusal(pointParser, "10,10,8,-4096.5"), "'10,10,8,-4096.5': the amplitude must be from -4096 to 4096");
  EXPECT_EQ(refusal(pointParser, "10,10,8,5@40:30"),
            "'10,10,8,5@40:30': the end step 30 must come after the start step 40");
  EXPECT_EQ(refusal(pointParser, "10,10,8,5@5:5"), "'10,10,8,5@5:5': the end step 5 must come after the start step 5");
  for (const char* bad : {"10,10,8", "10,10,8,5,1", "a,10,8,5", "10,10,x,5", "10,10,8,5@", "10,10,8,5@-1",
                          "10,10,8,5@1:2:3", "10,10,8,5@1.5", "10,10,8,5@2:", "1.5,10,8,5"}) {
    EXPECT_EQ(refusal(pointParser, bad),
              "'" + std::string(bad) + "' must be X,Y,PERIOD,AMP[@START[:END]] (X, Y, START and END whole numbers)");
  }
  EXPECT_EQ(refusal(lineParser, "10,10,8,5"),
            "'10,10,8,5' must be X0,Y0,X1,Y1,PERIOD,AMP[@START[:END]] (X0, Y0, X1, Y1, START and END whole numbers)");
  EXPECT_EQ(refusal(lineParser, "0,0,9,0,1,5"), "'0,0,9,0,1,5': the period must be from 2 to 100000 steps");
}

// --moving-source: two ends and the steps it takes from one to the other.
TEST(TankOptions, MovingSourcesParseExactlyAndNeedStartAndEnd) {
  std::string why;
  const auto s = parseSource("10,20,110,-70,12.5,30@100:300", SourceForm::Moving, why);
  ASSERT_TRUE(s) << why;
  EXPECT_EQ(std::vector<int>({s->x0, s->y0, s->x1, s->y1}), std::vector<int>({10, 20, 110, -70}));
  EXPECT_EQ(s->period, 12.5);
  EXPECT_EQ(s->amplitude, 30.0f);
  EXPECT_EQ(s->start, 100);
  EXPECT_EQ(s->end, 300);
  EXPECT_TRUE(s->moving);
  EXPECT_FALSE(isLine(*s)) << "a moving point, not a line of cells";
  EXPECT_FALSE(parseSource("10,20,110,-70,12.5,30@100:300", SourceForm::Line, why)->moving);

  const std::string needsEnd =
      ": a moving source needs @START:END, the steps it takes from the first point to the second";
  EXPECT_EQ(refusal(movingParser, "1,2,3,4,20,5"), "'1,2,3,4,20,5'" + needsEnd);
  EXPECT_EQ(refusal(movingParser, "1,2,3,4,20,5@7"), "'1,2,3,4,20,5@7'" + needsEnd);
  EXPECT_EQ(refusal(movingParser, "1,2,3,4,20,5@7:7"),
            "'1,2,3,4,20,5@7:7': the end step 7 must come after the start step 7");
  EXPECT_EQ(refusal(movingParser, "1,2,3,4,1,5@0:9"), "'1,2,3,4,1,5@0:9': the period must be from 2 to 100000 steps");
  EXPECT_EQ(refusal(movingParser, "1,2,20,5@0:9"),
            "'1,2,20,5@0:9' must be X0,Y0,X1,Y1,PERIOD,AMP@START:END (X0, Y0, X1, Y1, START and END whole numbers)");
}

TEST(TankOptions, DropsParseExactlyAndSayWhatIsWrong) {
  std::string why;
  auto drop = parseDrop("10,-20,5,96.5", why);
  ASSERT_TRUE(drop) << why;
  EXPECT_EQ(std::vector<int>({drop->stone.x, drop->stone.y, drop->stone.radius}), std::vector<int>({10, -20, 5}));
  EXPECT_EQ(drop->stone.weight, 96.5f);
  EXPECT_EQ(drop->step, 0) << "before the first step by default";
  drop = parseDrop(" 1 , 2 , 256 , -4096 @ 30", why);
  ASSERT_TRUE(drop) << why;
  EXPECT_EQ(drop->stone.radius, 256);
  EXPECT_EQ(drop->stone.weight, -4096.0f);
  EXPECT_EQ(drop->step, 30);
  auto dropParser = [](const std::string& t, std::string& why) { return parseDrop(t, why).has_value(); };
  EXPECT_EQ(refusal(dropParser, "1,2,0,5"), "'1,2,0,5': the radius must be from 1 to 256");
  EXPECT_EQ(refusal(dropParser, "1,2,257,5"), "'1,2,257,5': the radius must be from 1 to 256");
  EXPECT_EQ(refusal(dropParser, "1,2,3,1e30"), "'1,2,3,1e30': the weight must be from -4096 to 4096");
  EXPECT_EQ(refusal(dropParser, "1,2,3,-4096.5"), "'1,2,3,-4096.5': the weight must be from -4096 to 4096");
  for (const char* bad : {"1,2,3", "1,2,3,nan", "1.5,2,3,4", "1,2,3,4@-1", "1,2,3,4@", "1,2,3,4,5", "", "1,2,3,1e"}) {
    EXPECT_EQ(refusal(dropParser, bad),
              "'" + std::string(bad) + "' must be X,Y,R,W or X,Y,R,W@S (whole numbers, W a number)");
  }
}

TEST(TankOptions, ASourceIsNamedByItsOptionAndPlace) {
  std::string why;
  const Source point = *parseSource("1,2,8,5", SourceForm::Point, why);
  const Source line = *parseSource("1,2,30,2,8,5", SourceForm::Line, why);
  const Source moving = *parseSource("1,2,30,2,8,5@0:10", SourceForm::Moving, why);
  EXPECT_STREQ(sourceOption(point), "--source");
  EXPECT_STREQ(sourceOption(line), "--line-source");
  EXPECT_STREQ(sourceOption(moving), "--moving-source");
  EXPECT_EQ(sourcePlace(point), "at (1, 2)");
  EXPECT_EQ(sourcePlace(line), "from (1, 2) to (30, 2)");
  EXPECT_EQ(sourcePlace(moving), "moving from (1, 2) to (30, 2)");
}

}  // namespace
}  // namespace ripple

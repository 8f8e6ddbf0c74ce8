// What libripple refuses, as a host meets it: a Water called where its
// context is not current (another context, none, another thread), a Water
// outliving its context, contexts it cannot run on, and arguments out of
// their range, far off the grid or of the wrong kind. Each refusal is one
// ripple::Error that says what is wrong, leaves no GL error, and leaves the
// water (and any other context's) as it was.
#include <gtest/gtest.h>
#include <sys/resource.h>

#include <climits>
#include <cstdint>
#include <functional>
#include <string>
#include <thread>
#include <vector>

#include <ripple/ripple.hpp>

#include "host_gl.hpp"
#include "tank_edit.hpp"

namespace {

std::string messageOf(const std::function<void()>& call) {
  try {
    call();
  } catch (const ripple::Error& e) {
    return e.what();
  }
  return "(no error)";
}

bool startsWith(const std::string& text, const std::string& start) { return text.rfind(start, 0) == 0; }

void clearGlErrors() {
  while (glGetError() != GL_NO_ERROR) {
  }
}

// A Water runs on the context it was made on only: on another it refuses
// and touches nothing, that context's own water included.
TEST(Refusals, AWaterCalledOnAnotherContextRefusesAndTouchesNothing) {
  const ripple::test::KeepCurrentContext keep;
  const EGLContext first = eglGetCurrentContext();
  ripple::Water mine(64, 48);
  mine.drop(32, 24, 6, 96.0f);
  auto other = ripple::test::makeHostContext();
  ASSERT_TRUE(other);
  ripple::Water theirs(64, 48);
  theirs.drop(20, 20, 5, 80.0f);
  theirs.step(3);
  const std::vector<float> theirsBefore = theirs.heights();
  clearGlErrors();
  EXPECT_EQ(messageOf([&] { mine.step(1); }),
            "step: another OpenGL context is current; make the context this Water was made on current on this "
            "thread first");
  for (const auto& call : std::vector<std::function<void()>>{
           [&] { mine.drop(1, 1, 2, 3.0f); }, [&] { mine.heights(); }, [&] { mine.reset(); },
           [&] { mine.resize(10, 10); }, [&] { mine.quarterTurn(); },
           [&] { mine.setHeights(std::vector<float>(64 * 48)); }, [&] { mine.render(1, 0, 0, 4, 4); },
           [&] { mine.verify(2); }, [&] { mine.heightTexture(); }, [&] { mine.setRule({}); }, [&] { mine.width(); }}) {
    EXPECT_THROW(call(), ripple::Error);
  }
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR)) << "no GL error left on the other context";
  EXPECT_EQ(theirs.heights(), theirsBefore) << "the other context's water untouched";
  other->release();
  EXPECT_TRUE(startsWith(messageOf([&] { mine.step(1); }), "step: no OpenGL context is current"));
  // A context sharing the first's objects is another context all the same:
  // framebuffers and vertex arrays are never shared.
  ripple::test::ContextAsked sharing;
  sharing.sharing = first;
  auto shared = ripple::test::makeHostContext(sharing);
  ASSERT_TRUE(shared);
  EXPECT_TRUE(startsWith(messageOf([&] { mine.step(1); }), "step: another OpenGL context is current"));
  shared->release();
  shared->destroy();
  std::string fromThread;
  std::thread([&] { fromThread = messageOf([&] { mine.heights(); }); }).join();
  EXPECT_TRUE(startsWith(fromThread, "heights: no OpenGL context is current")) << fromThread;
  other->makeCurrent();
  theirs = ripple::Water(8, 8);  // freed on its own context
  other->release();
  other->destroy();
}

// A Water whose context is gone, destroyed with another current, leaves that
// other context's objects alone (their names are that context's own).
TEST(Refusals, AWaterOutlivingItsContextFreesNothingOfAnothers) {
  const ripple::test::KeepCurrentContext keep;
  auto first = ripple::test::makeHostContext();
  auto second = ripple::test::makeHostContext();
  ASSERT_TRUE(first && second);
  first->makeCurrent();
  auto orphan = std::make_unique<ripple::Water>(64, 48);
  {
    const ripple::test::HostFramebuffer target(8, 8);  // its refraction's objects too
    orphan->render(ripple::test::makePicture(8, 8), 0, 0, 8, 8);
  }
  first->release();
  first->destroy();
  second->makeCurrent();
  ripple::Water survivor(64, 48);
  survivor.drop(32, 24, 6, 96.0f);
  std::vector<GLuint> textures(8);
  glGenTextures(8, textures.data());
  for (GLuint t : textures) glBindTexture(GL_TEXTURE_2D, t);
  glBindTexture(GL_TEXTURE_2D, 0);
  clearGlErrors();
  orphan.reset();
  for (GLuint t : textures) EXPECT_TRUE(glIsTexture(t)) << "texture " << t << " of the current context";
  survivor.step(5);
  EXPECT_NE(survivor.heights()[24 * 64 + 32], 0.0f) << "the current context's water runs on";
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  glDeleteTextures(8, textures.data());
  second->release();
  second->destroy();
}

// render() draws 2-D textures only; any other name is refused before a
// draw, and no GL error is left.
TEST(Refusals, RenderTakesTwoDimensionalTexturesOnly) {
  ripple::Water water(32, 32);
  GLuint textures[3] = {}, buffer = 0;
  glGenTextures(3, textures);
  glBindTexture(GL_TEXTURE_RECTANGLE, textures[0]);
  glTexImage2D(GL_TEXTURE_RECTANGLE, 0, GL_RGBA8, 8, 8, 0, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
  glBindTexture(GL_TEXTURE_2D_ARRAY, textures[1]);
  glTexImage3D(GL_TEXTURE_2D_ARRAY, 0, GL_RGBA8, 8, 8, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
  glGenBuffers(1, &buffer);
  glBindBuffer(GL_ARRAY_BUFFER, buffer);
  glBindBuffer(GL_ARRAY_BUFFER, 0);
  ripple::test::HostFramebuffer frame(16, 16);
  clearGlErrors();
  EXPECT_EQ(messageOf([&] { water.render(textures[0], 0, 0, 16, 16); }),
            "render: texture " + std::to_string(textures[0]) + " is a rectangle texture; it must be a 2-D one");
  EXPECT_EQ(messageOf([&] { water.render(textures[1], 0, 0, 16, 16); }),
            "render: texture " + std::to_string(textures[1]) + " is a 2-D array texture; it must be a 2-D one");
  GLuint whole = 0;  // an integer texture: no float sampler reads it
  glGenTextures(1, &whole);
  glBindTexture(GL_TEXTURE_2D, whole);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8UI, 8, 8, 0, GL_RGBA_INTEGER, GL_UNSIGNED_BYTE, nullptr);
  glBindTexture(GL_TEXTURE_2D, 0);
  EXPECT_EQ(messageOf([&] { water.render(whole, 0, 0, 16, 16); }),
            "render: texture " + std::to_string(whole) +
                " holds whole numbers (an integer format); the picture must hold colours");
  glDeleteTextures(1, &whole);
  const GLuint unused = textures[2] + 100;
  EXPECT_EQ(messageOf([&] { water.render(unused, 0, 0, 16, 16); }),
            "render: " + std::to_string(unused) + " is not a GL texture name");
  const GLuint picture = ripple::test::makePicture(8, 8);
  EXPECT_EQ(messageOf([&] {
              water.render(picture, 0, 0, 1 << 30, 16);
            }).rfind("render: the rectangle 1073741824x16 is larger", 0),
            0u);
  EXPECT_EQ(messageOf([&] {
              water.render(picture, INT_MAX - 1, 0, 16, 16);
            }).rfind("render: the rectangle at (2147483646, 0) of 16x16 reaches beyond where this driver draws", 0),
            0u);
  glBindFramebuffer(GL_FRAMEBUFFER, 0);  // a surfaceless context has no window's framebuffer
  EXPECT_EQ(messageOf([&] { water.render(picture, 0, 0, 16, 16); }),
            "render: the framebuffer bound for drawing is not complete (status 0x8219); bind one that is, or the "
            "window's");
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  glDeleteTextures(1, &picture);
  glDeleteTextures(3, textures);
  glDeleteBuffers(1, &buffer);
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
}

long peakMemoryKb() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  return usage.ru_maxrss;
}

// A wall or a stroke given from far off the grid is cut to it first: the
// cells are those of the part on the grid, and no call takes more memory
// than a small multiple of the grid's.
TEST(Refusals, WallsAndStrokesFromFarOffAreCutToTheGrid) {
  const long before = peakMemoryKb();
  ripple::Water far(64, 48, ripple::Backend::Cpu), near(64, 48, ripple::Backend::Cpu);
  auto wall = [](int x0, int y0, int x1, int y1, int thickness) {
    ripple::Tank tank;
    tank.walls = {{x0, y0, x1, y1, thickness}};
    return tank;
  };
  far.setTank(wall(INT_MIN, 20, INT_MAX, 20, 2));
  near.setTank(wall(-10, 20, 80, 20, 2));
  EXPECT_EQ(far.cellSpeeds(), near.cellSpeeds());
  far.paint(INT_MIN, INT_MIN, INT_MAX, INT_MAX, 3, 0.0f);
  far.paint(INT_MAX, INT_MIN, INT_MIN, INT_MAX, 64, 0.5f);
  ripple::test::editTank(far, [](ripple::Tank& t) { t.walls.push_back({INT_MAX, INT_MAX, INT_MIN, INT_MIN, 64}); });
  far.step(3);
  EXPECT_LT(peakMemoryKb() - before, 64 * 1024) << "kB more at the peak";
  const std::vector<float> speeds = far.cellSpeeds();
  EXPECT_EQ(speeds[24 * 64 + 24], 0.0f) << "the diagonal wall crosses the grid";
  EXPECT_EQ(messageOf([&] { far.setTank(wall(INT_MIN, INT_MIN, INT_MIN + 5, INT_MIN, 2)); }),
            "wall: the wall from (-2147483648, -2147483648) to (-2147483643, -2147483648), 2 cells thick, lies "
            "entirely outside the 64x48 grid");
}

// A drag's trail from far off is cut to the grid before its stones are
// made: the stones where it crosses are those of the part on the grid, and
// no call makes more than the grid's worth of them. One that misses the
// grid still has its radius checked.
TEST(Refusals, TrailsFromFarOffAreCutToTheGrid) {
  const long before = peakMemoryKb();
  ripple::Water far(64, 48, ripple::Backend::Cpu), near(64, 48, ripple::Backend::Cpu);
  far.dropAlong(INT_MIN, 20, INT_MAX, 20, 3, 50.0f);
  near.dropAlong(-8, 20, 71, 20, 3, 50.0f);
  EXPECT_LT(peakMemoryKb() - before, 64 * 1024) << "kB more at the peak";
  const std::vector<float> heights = far.heights();
  EXPECT_EQ(heights, near.heights());
  for (int x = 0; x < 64; ++x) EXPECT_LT(heights[20 * 64 + x], 0.0f) << "no stone at x " << x << " of row 20";
  // In the grid, the trail is trailStones()'s, dropped.
  ripple::Water along(64, 48, ripple::Backend::Cpu), dropped(64, 48, ripple::Backend::Cpu);
  along.dropAlong(5, 7, 50, 40, 4, 30.0f);
  dropped.drop(ripple::trailStones(5, 7, 50, 40, 4, 30.0f));
  EXPECT_EQ(along.heights(), dropped.heights());
  // trailStones() itself, which knows no grid, refuses what it cannot make.
  EXPECT_EQ(messageOf([] { ripple::trailStones(INT_MIN, 0, INT_MAX, 0, 1, 50.0f); }),
            "trailStones: the trail from (-2147483648, 0) to (2147483647, 0) would take 4294967295 stones; at most "
            "1048576 are made: cut it to the grid first, as Water::dropAlong() does");
  EXPECT_EQ(ripple::trailStones(0, 0, ripple::kMaxTrailStones, 0, 1, 50.0f).size(),
            static_cast<size_t>(ripple::kMaxTrailStones));
  EXPECT_EQ(messageOf([&] {
              far.dropAlong(INT_MIN, INT_MIN, INT_MIN + 5, INT_MIN, 300, 50.0f);
            }).rfind("stone radius: '300' is out of range", 0),
            0u);
}

// An enum value outside its enum is refused in words, the water as it was.
TEST(Refusals, ValuesOutsideTheirEnumAreRefusedInWords) {
  ripple::Water water(32, 32, ripple::Backend::Cpu);
  auto ruleWith = [](auto field, auto value) {
    ripple::Rule rule;
    rule.*field = value;
    return rule;
  };
  EXPECT_EQ(messageOf([&] { water.setRule(ruleWith(&ripple::Rule::mode, static_cast<ripple::Mode>(7))); }),
            "mode: 7 is not one of float or classic");
  EXPECT_EQ(messageOf([&] { water.setRule(ruleWith(&ripple::Rule::stencil, static_cast<ripple::Stencil>(-1))); }),
            "stencil: -1 is not one of 5 or 9");
  EXPECT_EQ(messageOf([&] { water.setRule(ruleWith(&ripple::Rule::stoneShape, static_cast<ripple::StoneShape>(2))); }),
            "stone shape: 2 is not one of disc or smooth");
  EXPECT_EQ(messageOf([&] { ripple::test::setEdges(water, ripple::Edge::Fixed, static_cast<ripple::Edge>(4)); }),
            "top and bottom edges: 4 is not one of fixed, free, absorbing or wrap");
  EXPECT_EQ(messageOf([&] {
              ripple::test::editTank(water, [](ripple::Tank& t) { t.wallKind = static_cast<ripple::WallKind>(1000); });
            }),
            "wall kind: 1000 is not one of reflecting or held");
  EXPECT_EQ(messageOf([] { ripple::Water w(8, 8, static_cast<ripple::Backend>(3)); }),
            "backend: 3 is not one of Gpu or Cpu");
  ripple::Water::GpuOptions options;
  options.stepPath = static_cast<ripple::Water::GpuOptions::StepPath>(9);
  EXPECT_EQ(messageOf([&] { ripple::Water w(8, 8, ripple::Backend::Gpu, options); }),
            "step path: 9 is not one of Auto, Fragment or Compute");
  EXPECT_TRUE(water.rule() == ripple::Rule{});
  EXPECT_EQ(water.tank().topBottomEdges, ripple::Edge::Fixed);
}

// Absorbing edges add layers beyond the grid: where the GPU's textures
// cannot hold them, setEdges() and resize() refuse, and the water runs on.
TEST(Refusals, EdgesOrSizesTheGpuCannotHoldAreRefusedAtOnce) {
  GLint largest = 0;
  glGetIntegerv(GL_MAX_TEXTURE_SIZE, &largest);
  if (largest - 64 >= 16384) {
    GTEST_SKIP() << "this driver's textures (" << largest << " texels a side) hold every grid with its layers";
  }
  std::unique_ptr<ripple::Water> tall;
  for (int h = std::min(largest, 16384); h > largest - 64 && !tall; --h) {
    try {
      tall = std::make_unique<ripple::Water>(8, h);
    } catch (const ripple::Error&) {
    }
  }
  ASSERT_TRUE(tall) << "no grid as tall as the driver's textures";
  tall->drop(4, 100, 3, 96.0f);
  const std::vector<float> before = tall->heights();
  EXPECT_NE(messageOf([&] {
              ripple::test::setEdges(*tall, ripple::Edge::Fixed, ripple::Edge::Absorbing);
            }).find("is beyond what this GPU takes"),
            std::string::npos);
  EXPECT_EQ(tall->tank().topBottomEdges, ripple::Edge::Fixed);
  EXPECT_EQ(tall->heights(), before);
  tall->step(1);
  const int h = tall->height();
  tall->resize(8, 64);
  ripple::test::setEdges(*tall, ripple::Edge::Fixed, ripple::Edge::Absorbing);
  EXPECT_NE(messageOf([&] { tall->resize(8, h); }).find("is beyond what this GPU takes"), std::string::npos);
  EXPECT_EQ(tall->height(), 64);
  tall->step(2);

  // The fields hold four cells a texel across, so a grid as wide as the
  // textures holds its layers at the sides; turned a quarter, they would
  // run down beyond them: quarterTurn() refuses, the water as it was.
  // (Found by the API fuzzer.)
  ripple::Water wide(std::min(largest, 16384), 4);
  ripple::test::setEdges(wide, ripple::Edge::Absorbing, ripple::Edge::Fixed);
  wide.drop(100, 2, 2, 96.0f);
  wide.step(1);
  const std::vector<float> wideBefore = wide.heights();
  EXPECT_NE(messageOf([&] { wide.quarterTurn(); }).find("is beyond what this GPU takes"), std::string::npos);
  EXPECT_EQ(std::pair(wide.width(), wide.tank().leftRightEdges),
            std::pair(std::min(largest, 16384), ripple::Edge::Absorbing));
  EXPECT_EQ(wide.heights(), wideBefore);
  wide.step(1);
}

// Classic mode draws a grid finer than the frame through the slope pass,
// whose texture holds the grid and a border of one cell: a grid as wide as
// the driver's largest texture has no room for it. render() refuses it in
// words, leaves no GL error and the host's pixels as they were, and draws
// once the grid fits. (Found by the API fuzzer: a GL_INVALID_VALUE, and a
// frame drawn from no slopes.) A tank set before it, its walls' cells
// still from then, is as it was after the refusal. (Found by the fuzzer
// again, when the draw was the first to take a tank up: the wall's cells
// were stilled, then the draw refused.)
TEST(Refusals, AGridTooWideForTheSlopePassIsRefusedAtRender) {
  GLint largest = 0;
  glGetIntegerv(GL_MAX_TEXTURE_SIZE, &largest);
  if (largest > 16384) {
    GTEST_SKIP() << "this driver's textures (" << largest << " texels a side) hold the widest grid and its border";
  }
  ripple::Water water(largest, 12);
  ripple::Rule classic;
  classic.mode = ripple::Mode::Classic;
  water.setRule(classic);
  water.drop(100, 6, 4, 96.0f);
  water.step(2);
  ripple::Tank walled;
  walled.walls.push_back({100, 0, 100, 11, 4});  // through the stone's ring
  water.setTank(walled);
  const std::vector<float> heights = water.heights();
  const GLuint picture = ripple::test::makePicture(8, 8);
  ripple::test::HostFramebuffer frame(16, 16);
  const std::vector<unsigned char> before = frame.read();
  clearGlErrors();
  const std::string refusal = "render: the slope pass's texture (the grid and a border of one cell), " +
                              std::to_string(largest + 2) + "x14 is beyond what this GPU takes (1 to " +
                              std::to_string(largest) + " pixels a side)";
  EXPECT_EQ(messageOf([&] { water.render(picture, 0, 0, 16, 16); }), refusal);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  EXPECT_EQ(frame.read(), before) << "a refused render draws nothing";
  ripple::Picture small;
  small.width = small.height = 16;
  small.rgba.assign(16 * 16 * 4, 128);
  EXPECT_EQ(messageOf([&] { water.frame(small); }), refusal);
  EXPECT_EQ(water.heights(), heights) << "a refused draw took up the tank set before it";
  water.resize(largest - 2, 12);
  EXPECT_NO_THROW(water.render(picture, 0, 0, 16, 16));
  EXPECT_NE(frame.read(), before);
  glDeleteTextures(1, &picture);
}

// A host that gives the water's own heights texture as its picture, after a
// tank edit whose absorbing layers make new fields when the water is next
// drawn: by the time the picture is bound, that texture is gone. render()
// refuses in words and leaves no GL error. (Found by the API fuzzer on an
// NVIDIA H200, whose core profile refuses to bind a deleted name; Mesa
// binds it silently.)
TEST(Refusals, APictureThatWasTheWatersOwnAndIsReplacedIsRefused) {
  ripple::Water water(64, 48);
  water.drop(32, 24, 5, 96.0f);
  water.step(2);
  const GLuint own = water.heightTexture().name;
  ripple::test::setEdges(water, ripple::Edge::Absorbing, ripple::Edge::Absorbing);
  ripple::test::HostFramebuffer frame(16, 16);
  const std::vector<unsigned char> before = frame.read();
  clearGlErrors();
  EXPECT_EQ(messageOf([&] { water.render(own, 0, 0, 16, 16); }),
            "render: texture " + std::to_string(own) +
                " was one of the water's own, replaced while it drew; the picture must be the host's");
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  EXPECT_EQ(frame.read(), before) << "a refused render draws nothing";
  const GLuint picture = ripple::test::makePicture(8, 8);
  EXPECT_NO_THROW(water.render(picture, 0, 0, 16, 16));
  glDeleteTextures(1, &picture);
}

// One range for a source, the parameter table's: what sources() gives back,
// a scene or the command line takes, addSource() takes too.
TEST(Refusals, SourcesGivenBackAreTakenAgain) {
  ripple::Water water(64, 48, ripple::Backend::Cpu);
  water.loadScene(ripple::parseScene(
      "ripple_scene = 1\n[frame]\nsize = [64, 48]\n"
      "[[tank.source]]\nat = [10, 10]\nperiod = 100000\namplitude = -4096\nstart = 5\n"
      "[[tank.source]]\nfrom = [5, 40]\nto = [60, 40]\nperiod = 2\namplitude = 4096\nend = 999999999\n"));
  ASSERT_EQ(water.sources().size(), 2u);
  ripple::Water again(64, 48, ripple::Backend::Cpu);
  for (const ripple::Source& s : water.sources()) EXPECT_NO_THROW(again.addSource(s));
  EXPECT_EQ(again.sources().size(), 2u);
  ripple::Source tooSlow;
  tooSlow.x0 = tooSlow.x1 = 5;
  tooSlow.y0 = tooSlow.y1 = 5;
  tooSlow.period = 100001;
  EXPECT_EQ(messageOf([&] { again.addSource(tooSlow); }),
            "source period: '100001' is out of range: it must be from 2 to 100000");
  EXPECT_TRUE(startsWith(messageOf([&] {
                           ripple::parseScene(
                               "ripple_scene = 1\n[[tank.source]]\nat = [1, 1]\nperiod = 100001\namplitude = 1\n");
                         }),
                         "the scene text:"));
}

// A Water moved from refuses every call but assignment and destruction.
TEST(Refusals, AWaterMovedFromRefusesInWords) {
  ripple::Water a(16, 16, ripple::Backend::Cpu);
  ripple::Water b(std::move(a));
  EXPECT_EQ(messageOf([&] { a.step(1); }), "step: this Water was moved from; assign another Water to it first");
  EXPECT_THROW(a.width(), ripple::Error);
  EXPECT_THROW(a.heights(), ripple::Error);
  a = ripple::Water(4, 4, ripple::Backend::Cpu);
  EXPECT_EQ(a.width(), 4);
}

}  // namespace

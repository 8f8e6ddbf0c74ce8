// libripple under a host's ordinary GL state, on the wrong context and with
// bad arguments: each state a host may leave set is left set around a run of
// calls, whose heights, frame and drawing must equal a clean run's bit for
// bit, and the state must be as the host left it; a Water called from
// another context, or none, refuses and touches nothing; bad arguments get
// one clear ripple::Error and leave no GL error.
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

using ripple::test::HostFramebuffer;
using ripple::test::makePicture;

constexpr int kGridW = 61, kGridH = 37, kFrameW = 93, kFrameH = 64;  // rows of 372 bytes: no multiple of 8
// A frame with fewer pixels than the grid has cells, drawn through the slope
// pass in layers, which writes four draw buffers.
constexpr int kFineW = 40, kFineH = 30;

// What a run of calls gives: the heights and those before, still water
// after a reset, the frame from pixels and the frame drawn into the host's
// framebuffer.
struct Outcome {
  std::vector<float> afterReset, heights, previous;
  std::vector<unsigned char> frame, fineFrame, drawn;
};

ripple::Picture picturePixels() {
  ripple::Picture p{kFrameW, kFrameH, std::vector<unsigned char>(size_t(kFrameW) * kFrameH * 4)};
  for (size_t i = 0; i < p.rgba.size(); ++i) p.rgba[i] = static_cast<unsigned char>((i * 37) % 251);
  return p;
}

std::vector<float> pattern(int salt) {
  std::vector<float> h(size_t(kGridW) * kGridH);
  for (size_t i = 0; i < h.size(); ++i) h[i] = static_cast<float>((i * 7919 + salt) % 201) - 100.0f;
  return h;
}

// The calls under test; `between` runs where the host would draw, and
// `beforeReading` before the test reads the host's framebuffer back.
Outcome runCalls(
    ripple::Water& water, GLuint picture, HostFramebuffer& target, const std::function<void()>& beforeReading = [] {}) {
  Outcome out;
  water.drop(30, 18, 6, 96.0f);
  water.step(2);
  water.reset();
  out.afterReset = water.heights();
  water.setHeights(pattern(1), pattern(2));
  water.drop(30, 18, 6, 96.0f);
  water.drop({{10, 10, 3, 50.0f}, {50, 25, 4, 70.0f}});
  water.step(4);
  out.heights = water.heights();
  out.previous = water.previousHeights();
  out.frame = water.frame(picturePixels()).rgba;
  out.fineFrame =
      water.frame(ripple::Picture{kFineW, kFineH, std::vector<unsigned char>(kFineW * kFineH * 4, 200)}).rgba;
  glBindFramebuffer(GL_DRAW_FRAMEBUFFER, target.framebuffer);
  water.render(picture, 0, 0, kFrameW, kFrameH);
  water.render(picture, kFrameW - kFineW, kFrameH - kFineH, kFineW, kFineH);
  beforeReading();
  out.drawn = target.read();
  return out;
}

// A state a host may leave set: how to set it, put it back, and read it.
struct HostSetting {
  std::string name;
  std::function<void()> set, unset;
  std::function<std::vector<GLint>()> read;
};

HostSetting pixelStore(const std::string& name, GLenum parameter, GLint value, GLint usual) {
  return {name, [=] { glPixelStorei(parameter, value); }, [=] { glPixelStorei(parameter, usual); },
          [=] {
            GLint v = 0;
            glGetIntegerv(parameter, &v);
            return std::vector<GLint>{v};
          }};
}

HostSetting capability(
    const char* name, GLenum cap, bool on, const std::function<void()>& more = [] {}) {
  return {name,
          [=] {
            on ? glEnable(cap) : glDisable(cap);
            more();
          },
          [=] { on ? glDisable(cap) : glEnable(cap); }, [=] { return std::vector<GLint>{glIsEnabled(cap)}; }};
}

HostSetting integerState(const char* name, GLenum query, int count, std::function<void()> set,
                         std::function<void()> unset) {
  return {name, std::move(set), std::move(unset), [=] {
            std::vector<GLint> v(static_cast<size_t>(count));
            glGetIntegerv(query, v.data());
            return v;
          }};
}

// Blending and the colour mask of draw buffer `index`, one of those the
// slope pass in layers writes besides 0.
HostSetting drawBufferBlending(GLuint index) {
  return {"blending of draw buffer " + std::to_string(index) + ", dual-source",
          [=] {
            glEnablei(GL_BLEND, index);
            glBlendFunc(GL_ONE, GL_ONE_MINUS_SRC1_COLOR);
          },
          [=] {
            glDisablei(GL_BLEND, index);
            glBlendFunc(GL_ONE, GL_ZERO);
          },
          [=] {
            GLint function = 0;
            glGetIntegerv(GL_BLEND_DST_RGB, &function);
            return std::vector<GLint>{glIsEnabledi(GL_BLEND, index), function};
          }};
}

HostSetting drawBufferMaskOff(GLuint index) {
  return {"colour mask of draw buffer " + std::to_string(index) + " off",
          [=] { glColorMaski(index, GL_FALSE, GL_FALSE, GL_FALSE, GL_FALSE); },
          [=] { glColorMaski(index, GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE); },
          [=] {
            GLboolean mask[4] = {};
            glGetBooleani_v(GL_COLOR_WRITEMASK, index, mask);
            return std::vector<GLint>(mask, mask + 4);
          }};
}

// Each pixel-store parameter, pack and unpack: a value that would move or
// reorder what ripple reads and uploads, and GL's default.
struct PixelStoreValue {
  const char* name;
  GLenum pack, unpack;
  GLint value, usual;
};
constexpr PixelStoreValue kPixelStoreValues[] = {
    {"row length", GL_PACK_ROW_LENGTH, GL_UNPACK_ROW_LENGTH, 1000, 0},
    {"skip rows", GL_PACK_SKIP_ROWS, GL_UNPACK_SKIP_ROWS, 3, 0},
    {"skip pixels", GL_PACK_SKIP_PIXELS, GL_UNPACK_SKIP_PIXELS, 5, 0},
    {"alignment", GL_PACK_ALIGNMENT, GL_UNPACK_ALIGNMENT, 8, 4},
    {"swap bytes", GL_PACK_SWAP_BYTES, GL_UNPACK_SWAP_BYTES, GL_TRUE, GL_FALSE},
    {"LSB first", GL_PACK_LSB_FIRST, GL_UNPACK_LSB_FIRST, GL_TRUE, GL_FALSE},
    {"image height", GL_PACK_IMAGE_HEIGHT, GL_UNPACK_IMAGE_HEIGHT, 7, 0},
    {"skip images", GL_PACK_SKIP_IMAGES, GL_UNPACK_SKIP_IMAGES, 2, 0},
};

std::vector<HostSetting> coreSettings() {
  std::vector<HostSetting> s;
  for (const PixelStoreValue& p : kPixelStoreValues) {
    s.push_back(pixelStore("pack " + std::string(p.name), p.pack, p.value, p.usual));
    s.push_back(pixelStore("unpack " + std::string(p.name), p.unpack, p.value, p.usual));
  }
  const std::vector<HostSetting> more = {
      integerState(
          "colour mask off", GL_COLOR_WRITEMASK, 4, [] { glColorMask(GL_FALSE, GL_FALSE, GL_FALSE, GL_FALSE); },
          [] { glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE); }),
      integerState(
          "colour mask partial", GL_COLOR_WRITEMASK, 4, [] { glColorMask(GL_TRUE, GL_FALSE, GL_TRUE, GL_FALSE); },
          [] { glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE); }),
      capability("scissor test", GL_SCISSOR_TEST, true, [] { glScissor(0, 0, 1, 1); }),
      capability("logic op", GL_COLOR_LOGIC_OP, true, [] { glLogicOp(GL_INVERT); }),
      capability("sRGB framebuffer", GL_FRAMEBUFFER_SRGB, true),
      capability("no dither", GL_DITHER, false),
      capability("no multisample", GL_MULTISAMPLE, false),
      capability("alpha to coverage", GL_SAMPLE_ALPHA_TO_COVERAGE, true),
      capability("alpha to one", GL_SAMPLE_ALPHA_TO_ONE, true),
      capability("sample coverage", GL_SAMPLE_COVERAGE, true, [] { glSampleCoverage(0.25f, GL_TRUE); }),
      capability("sample mask", GL_SAMPLE_MASK, true, [] { glSampleMaski(0, 0); }),
      capability("clip distance 0", GL_CLIP_DISTANCE0, true),
      capability("clip distance 7", GL_CLIP_DISTANCE7, true),
      capability("primitive restart", GL_PRIMITIVE_RESTART, true, [] { glPrimitiveRestartIndex(0); }),
      capability("polygon smooth", GL_POLYGON_SMOOTH, true),
      capability("blending", GL_BLEND, true, [] { glBlendFunc(GL_ZERO, GL_ONE); }),
      drawBufferBlending(3),
      drawBufferMaskOff(2),
      capability("depth test", GL_DEPTH_TEST, true, [] { glDepthFunc(GL_NEVER); }),
      capability("stencil test", GL_STENCIL_TEST, true, [] { glStencilFunc(GL_NEVER, 0, 0); }),
      capability("culling", GL_CULL_FACE, true, [] { glCullFace(GL_FRONT_AND_BACK); }),
      capability("rasterizer discard", GL_RASTERIZER_DISCARD, true),
      integerState(
          "depth mask off", GL_DEPTH_WRITEMASK, 1, [] { glDepthMask(GL_FALSE); }, [] { glDepthMask(GL_TRUE); }),
      integerState(
          "stencil mask 0", GL_STENCIL_WRITEMASK, 1, [] { glStencilMask(0); }, [] { glStencilMask(~0u); }),
      integerState(
          "provoking vertex first", GL_PROVOKING_VERTEX, 1, [] { glProvokingVertex(GL_FIRST_VERTEX_CONVENTION); },
          [] { glProvokingVertex(GL_LAST_VERTEX_CONVENTION); }),
      integerState(
          "clamped reads", GL_CLAMP_READ_COLOR, 1, [] { glClampColor(GL_CLAMP_READ_COLOR, GL_TRUE); },
          [] { glClampColor(GL_CLAMP_READ_COLOR, GL_FIXED_ONLY); }),
      integerState(
          "polygon mode line", GL_POLYGON_MODE, 2, [] { glPolygonMode(GL_FRONT_AND_BACK, GL_LINE); },
          [] { glPolygonMode(GL_FRONT_AND_BACK, GL_FILL); }),
  };
  s.insert(s.end(), more.begin(), more.end());
  return s;
}

class HostState : public testing::Test {
 protected:
  void SetUp() override {
    picture_ = makePicture(kFrameW, kFrameH);
    target_ = std::make_unique<HostFramebuffer>(kFrameW, kFrameH);
  }
  void TearDown() override {
    target_.reset();
    glDeleteTextures(1, &picture_);
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
  }
  Outcome clean() {
    ripple::Water water(kGridW, kGridH);
    return runCalls(water, picture_, *target_);
  }
  // Each setting left set around the calls: the same outcome, the setting
  // as the host left it, no GL error.
  void expectUnchangedUnder(const std::vector<HostSetting>& settings, const Outcome& reference) {
    for (const HostSetting& setting : settings) {
      SCOPED_TRACE(setting.name);
      ripple::Water water(kGridW, kGridH);
      while (glGetError() != GL_NO_ERROR) {
      }
      setting.set();
      const std::vector<GLint> before = setting.read();
      std::vector<GLint> after;
      const Outcome seen = runCalls(water, picture_, *target_, [&] {
        after = setting.read();
        setting.unset();
      });
      EXPECT_EQ(after, before) << "the host's setting is as it left it";
      EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
      EXPECT_EQ(seen.afterReset, reference.afterReset) << "reset()";
      EXPECT_EQ(seen.heights, reference.heights) << "heights()";
      EXPECT_EQ(seen.previous, reference.previous) << "previousHeights()";
      EXPECT_EQ(seen.frame, reference.frame) << "frame()";
      EXPECT_EQ(seen.fineFrame, reference.fineFrame) << "frame() of a fine grid";
      EXPECT_EQ(seen.drawn, reference.drawn) << "render()";
    }
  }
  GLuint picture_ = 0;
  std::unique_ptr<HostFramebuffer> target_;
};

TEST_F(HostState, NothingAHostLeavesSetChangesTheWater) {
  const Outcome reference = clean();
  for (float h : reference.afterReset) ASSERT_EQ(h, 0.0f) << "reset() stills the water";
  ASSERT_NE(reference.heights, pattern(1));
  expectUnchangedUnder(coreSettings(), reference);
}

// Pixel buffers bound by the host: ripple's reads and uploads go to memory.
TEST_F(HostState, PixelBuffersTheHostBoundAreNotUsed) {
  const Outcome reference = clean();
  GLuint buffers[2] = {};
  glGenBuffers(2, buffers);
  glBindBuffer(GL_PIXEL_PACK_BUFFER, buffers[0]);
  glBufferData(GL_PIXEL_PACK_BUFFER, 64, nullptr, GL_STREAM_READ);
  glBindBuffer(GL_PIXEL_UNPACK_BUFFER, buffers[1]);
  glBufferData(GL_PIXEL_UNPACK_BUFFER, 64, nullptr, GL_STREAM_DRAW);
  ripple::Water water(kGridW, kGridH);
  GLint pack = 0, unpack = 0;
  const Outcome seen = runCalls(water, picture_, *target_, [&] {
    glGetIntegerv(GL_PIXEL_PACK_BUFFER_BINDING, &pack);
    glGetIntegerv(GL_PIXEL_UNPACK_BUFFER_BINDING, &unpack);
    glBindBuffer(GL_PIXEL_PACK_BUFFER, 0);
    glBindBuffer(GL_PIXEL_UNPACK_BUFFER, 0);
  });
  EXPECT_EQ(static_cast<GLuint>(pack), buffers[0]);
  EXPECT_EQ(static_cast<GLuint>(unpack), buffers[1]);
  EXPECT_EQ(seen.heights, reference.heights);
  EXPECT_EQ(seen.frame, reference.frame);
  glDeleteBuffers(2, buffers);
}

// A transform feedback the host left recording, triangles into its buffer:
// ripple's draws are not captured, its programs are not refused, and the
// recording goes on after.
TEST_F(HostState, ATransformFeedbackTheHostLeftRecordingCapturesNothing) {
  ASSERT_TRUE(epoxy_has_gl_extension("GL_ARB_transform_feedback2")) << "Mesa pauses transform feedback";
  const Outcome reference = clean();
  const GLuint shader = glCreateShader(GL_VERTEX_SHADER);
  const char* source =
      "#version 330 core\nout vec4 captured;\nvoid main() { captured = vec4(1.0); gl_Position = vec4(0.0); }\n";
  glShaderSource(shader, 1, &source, nullptr);
  glCompileShader(shader);
  const GLuint program = glCreateProgram();
  glAttachShader(program, shader);
  const char* varyings[] = {"captured"};
  glTransformFeedbackVaryings(program, 1, varyings, GL_INTERLEAVED_ATTRIBS);
  glLinkProgram(program);
  GLint linked = GL_FALSE;
  glGetProgramiv(program, GL_LINK_STATUS, &linked);
  ASSERT_TRUE(linked);
  constexpr unsigned char kUntouched = 0x5A;
  const std::vector<unsigned char> untouched(4096, kUntouched);
  GLuint buffer = 0;
  glGenBuffers(1, &buffer);
  glBindBuffer(GL_TRANSFORM_FEEDBACK_BUFFER, buffer);
  glBufferData(GL_TRANSFORM_FEEDBACK_BUFFER, static_cast<GLsizeiptr>(untouched.size()), untouched.data(),
               GL_STATIC_READ);
  glBindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, 0, buffer);
  glUseProgram(program);
  glBeginTransformFeedback(GL_TRIANGLES);
  ASSERT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  ripple::Water water(kGridW, kGridH);
  GLint active = GL_FALSE, paused = GL_TRUE, current = 0;
  const Outcome seen = runCalls(water, picture_, *target_, [&] {
    glGetIntegerv(GL_TRANSFORM_FEEDBACK_BUFFER_ACTIVE, &active);
    glGetIntegerv(GL_TRANSFORM_FEEDBACK_BUFFER_PAUSED, &paused);
    glGetIntegerv(GL_CURRENT_PROGRAM, &current);
    glEndTransformFeedback();
    glUseProgram(0);
  });
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  EXPECT_TRUE(active && !paused) << "the host's recording goes on";
  EXPECT_EQ(static_cast<GLuint>(current), program);
  std::vector<unsigned char> held(untouched.size());
  glGetBufferSubData(GL_TRANSFORM_FEEDBACK_BUFFER, 0, static_cast<GLsizeiptr>(held.size()), held.data());
  EXPECT_EQ(held, untouched) << "ripple's draws were captured into the host's buffer";
  EXPECT_EQ(seen.heights, reference.heights);
  EXPECT_EQ(seen.frame, reference.frame);
  EXPECT_EQ(seen.drawn, reference.drawn);
  glBindBuffer(GL_TRANSFORM_FEEDBACK_BUFFER, 0);
  glDeleteBuffers(1, &buffer);
  glDeleteProgram(program);
  glDeleteShader(shader);
}

// A compatibility profile's own state reaches a shader's fragments: the
// alpha test, polygon stipple, clamped fragment colours; and its polygon
// mode has a front and a back, both kept.
TEST_F(HostState, ACompatibilityContextIsAcceptedAndItsStateKept) {
  const Outcome reference = clean();
  const ripple::test::KeepCurrentContext keep;
  ripple::test::ContextAsked asked;
  asked.compatibility = true;
  auto compat = ripple::test::makeHostContext(asked);
  ASSERT_TRUE(compat) << "Mesa gives no compatibility context here";
  {
    const GLuint picture = makePicture(kFrameW, kFrameH);
    HostFramebuffer target(kFrameW, kFrameH);
    ripple::Water clean(kGridW, kGridH);
    const Outcome compatReference = runCalls(clean, picture, target);
    EXPECT_EQ(compatReference.heights, reference.heights) << "a compatibility context steps as a core one";
    glPolygonMode(GL_FRONT, GL_FILL);
    glPolygonMode(GL_BACK, GL_LINE);
    glEnable(GL_ALPHA_TEST);
    glAlphaFunc(GL_NEVER, 0.0f);
    glEnable(GL_POLYGON_STIPPLE);
    GLubyte none[128] = {};
    glPolygonStipple(none);
    glClampColor(GL_CLAMP_FRAGMENT_COLOR, GL_TRUE);
    ripple::Water water(kGridW, kGridH);
    GLint modes[2] = {};
    GLboolean alphaTest = GL_FALSE, stipple = GL_FALSE;
    GLint clamp = 0;
    const Outcome seen = runCalls(water, picture, target, [&] {
      glGetIntegerv(GL_POLYGON_MODE, modes);
      alphaTest = glIsEnabled(GL_ALPHA_TEST);
      stipple = glIsEnabled(GL_POLYGON_STIPPLE);
      glGetIntegerv(GL_CLAMP_FRAGMENT_COLOR, &clamp);
      glPolygonMode(GL_FRONT_AND_BACK, GL_FILL);
      glDisable(GL_ALPHA_TEST);
      glDisable(GL_POLYGON_STIPPLE);
    });
    EXPECT_EQ(modes[0], GL_FILL);
    EXPECT_EQ(modes[1], GL_LINE) << "the back face's polygon mode";
    EXPECT_TRUE(alphaTest && stipple);
    EXPECT_EQ(clamp, GL_TRUE);
    EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
    EXPECT_EQ(seen.heights, reference.heights);
    EXPECT_EQ(seen.previous, reference.previous);
    EXPECT_EQ(seen.frame, compatReference.frame);
    EXPECT_EQ(seen.drawn, compatReference.drawn);
    glDeleteTextures(1, &picture);
  }
  compat->release();
  compat->destroy();
}

// A tank edit takes effect at the next call that touches the water: where
// that is render() and the edit changes the grid's layers, render() still
// draws into the host's framebuffer, not the window's.
TEST_F(HostState, RenderAfterATankEditDrawsIntoTheHostsFramebuffer) {
  ripple::Water water(kGridW, kGridH);
  ripple::test::setEdges(water, ripple::Edge::Absorbing, ripple::Edge::Absorbing);
  water.step(2);
  ripple::test::setEdges(water, ripple::Edge::Fixed, ripple::Edge::Fixed);  // no layers: new fields at the next call
  glBindFramebuffer(GL_FRAMEBUFFER, target_->framebuffer);
  glClearColor(0, 0, 0, 0);
  glClear(GL_COLOR_BUFFER_BIT);
  while (glGetError() != GL_NO_ERROR) {
  }
  water.render(picture_, 0, 0, kFrameW, kFrameH);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  const std::vector<unsigned char> drawn = target_->read();
  EXPECT_EQ(drawn[(size_t(kFrameH / 2) * kFrameW + kFrameW / 2) * 4 + 3], 255) << "the picture, drawn";
}

}  // namespace

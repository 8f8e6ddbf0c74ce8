// A context the GPU backend cannot run on is named as it is, and no GL error
// is left there. Mesa gives an OpenGL 2.1 context only to a process started
// with MESA_GL_VERSION_OVERRIDE=2.1 (it keeps the first value it reads), so
// CTest runs each test in a process of its own (tests/CMakeLists.txt).
#include <gtest/gtest.h>

#include <string>

#include <ripple/ripple.hpp>

#include "host_gl.hpp"

namespace {

std::string messageOfMakingWater() {
  try {
    ripple::Water water(16, 16);
  } catch (const ripple::Error& e) {
    return e.what();
  }
  return "(no error)";
}

void expectRefusedAs(const ripple::test::ContextAsked& asked, const std::string& start) {
  auto context = ripple::test::makeHostContext(asked);
  ASSERT_TRUE(context) << "Mesa made no such context";
  const std::string message = messageOfMakingWater();
  EXPECT_EQ(message.rfind(start, 0), 0u) << message;
  try {
    ripple::gpuContextDescription();
    ADD_FAILURE() << "described a context the water cannot run on";
  } catch (const ripple::Error& e) {
    EXPECT_EQ(std::string(e.what()), message) << "the check a Water makes, in the same words";
  }
  EXPECT_NE(message.find("; ripple needs desktop OpenGL 3.3 or later"), std::string::npos) << message;
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  context->release();
  context->destroy();
}

TEST(ContextKinds, OpenGl21IsNamed) {
  ripple::test::ContextAsked asked;
  asked.major = 2;
  asked.minor = 1;
  expectRefusedAs(asked, "the current context is OpenGL 2.1 ");
}

TEST(ContextKinds, OpenGlEsIsNamed) {
  ripple::test::ContextAsked asked;
  asked.es = true;
  asked.major = 3;
  asked.minor = 2;
  expectRefusedAs(asked, "the current context is OpenGL ES 3.2 ");
}

}  // namespace

// One headless GL context for every GPU test (after magnum's OpenGLTester).
// Without a context the run fails with the reason: a GPU test never passes,
// or skips, because there was no GL to test.
#include <gtest/gtest.h>

#include <cstdio>

#include "core/error.hpp"
#include "app/headless_context.hpp"
#include "app/gl_debug_output.hpp"
#include "gl/gl_info.hpp"

int main(int argc, char** argv) {
  testing::InitGoogleTest(&argc, argv);
  std::unique_ptr<ripple::gl::HeadlessContext> context;
  try {
    context = ripple::gl::HeadlessContext::create();
  } catch (const ripple::Error& e) {
    std::fprintf(stderr, "GPU tests FAILED: %s\n", e.what());
    return 1;
  }
  std::printf("GL context: %s\n", ripple::gl::currentRendererDescription().c_str());
  // Every GL error the driver reports fails the test that caused it.
  const bool debug = ripple::gl::enableDebugOutput([](const std::string& message) { ADD_FAILURE() << message; });
  std::printf("GL debug output: %s\n", debug ? "on (a GL error fails the test)" : "not offered by this driver");
  return RUN_ALL_TESTS();
}

// One headless GL context for every GPU test (after magnum's OpenGLTester).
// Without a context the run fails with the reason: a GPU test never passes,
// or skips, because there was no GL to test.
#include <gtest/gtest.h>

#include <cstdio>

#include "core/error.hpp"
#include "gl/context_headless.hpp"
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
  return RUN_ALL_TESTS();
}

#pragma once
// A GL 3.3 core context with no window and no display, through EGL: for the
// headless mode, the tests and the benchmark (after magnum's
// WindowlessEglApplication). It tries the device platform (the usual route on
// NVIDIA), then Mesa's surfaceless platform, then the default display.
#include <memory>
#include <string>

namespace ripple::gl {

class HeadlessContext {
 public:
  // Creates the context and makes it current. Throws ripple::Error naming
  // every route tried and the EGL error each one gave.
  static std::unique_ptr<HeadlessContext> create();
  ~HeadlessContext();
  HeadlessContext(const HeadlessContext&) = delete;
  HeadlessContext& operator=(const HeadlessContext&) = delete;

 private:
  HeadlessContext() = default;
  void* display_ = nullptr;
  void* context_ = nullptr;
};

}  // namespace ripple::gl

#pragma once
// Reads frames back without waiting for them: glReadPixels into one of two
// pixel-pack buffers returns at once (the driver fills the buffer when the
// frame is drawn), and the read before it, long done, is mapped and copied
// out meanwhile. A frame comes out one read late. Where a plain
// glReadPixels stops the CPU until the GPU (or llvmpipe's threads) has
// finished the frame, this keeps the frame's drawing and the next frame's
// commands going (what that is worth on llvmpipe: BENCHMARKS.md).
#include <glad/gl.h>

#include <array>

#include "ripple/picture.hpp"

namespace ripple::gl {

class FrameReadback {
 public:
  // Needs the context current, as its destructor does.
  FrameReadback(int width, int height);
  ~FrameReadback();
  FrameReadback(const FrameReadback&) = delete;
  FrameReadback& operator=(const FrameReadback&) = delete;

  // Starts reading the framebuffer bound for reading (RGBA, rows bottom
  // first), remembering `tag` with it.
  void start(int tag);
  // Reads begun and not yet collected.
  int pending() const { return pending_; }
  // The oldest read begun, copied into `into` (width x height); returns its
  // tag. Waits for it if the GPU is not done yet. Needs pending() > 0.
  // Throws ripple::Error when the GPU does not hand the pixels back.
  int collect(Picture& into);

 private:
  int width_, height_;
  std::array<GLuint, 2> buffers_{};
  std::array<int, 2> tags_{};
  int next_ = 0;     // the buffer the next read goes to
  int pending_ = 0;  // reads begun and not collected, the oldest at next_ - pending_
};

}  // namespace ripple::gl

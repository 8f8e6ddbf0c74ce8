#include "app/frame_readback.hpp"

#include <cstring>

#include "ripple/types.hpp"

namespace ripple::gl {

FrameReadback::FrameReadback(int width, int height) : width_(width), height_(height) {
  glGenBuffers(2, buffers_.data());
  for (GLuint b : buffers_) {
    glBindBuffer(GL_PIXEL_PACK_BUFFER, b);
    glBufferData(GL_PIXEL_PACK_BUFFER, GLsizeiptr(width) * height * 4, nullptr, GL_STREAM_READ);
  }
  glBindBuffer(GL_PIXEL_PACK_BUFFER, 0);
}

FrameReadback::~FrameReadback() { glDeleteBuffers(2, buffers_.data()); }

void FrameReadback::start(int tag) {
  glBindBuffer(GL_PIXEL_PACK_BUFFER, buffers_[next_]);
  glPixelStorei(GL_PACK_ALIGNMENT, 4);
  glReadPixels(0, 0, width_, height_, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
  glBindBuffer(GL_PIXEL_PACK_BUFFER, 0);
  tags_[next_] = tag;
  next_ = (next_ + 1) % 2;
  ++pending_;
}

int FrameReadback::collect(Picture& into) {
  const int oldest = (next_ + 2 - pending_) % 2;
  glBindBuffer(GL_PIXEL_PACK_BUFFER, buffers_[oldest]);
  const size_t bytes = size_t(width_) * height_ * 4;
  const void* pixels = glMapBufferRange(GL_PIXEL_PACK_BUFFER, 0, GLsizeiptr(bytes), GL_MAP_READ_BIT);
  if (pixels) {
    std::memcpy(into.rgba.data(), pixels, bytes);
    glUnmapBuffer(GL_PIXEL_PACK_BUFFER);
  }
  glBindBuffer(GL_PIXEL_PACK_BUFFER, 0);
  --pending_;
  // Without its pixels `into` holds an older frame or none: recorded, that
  // would be a frame the window never showed.
  if (!pixels) throw Error("the GPU did not hand back the frame read (glMapBufferRange failed)");
  return tags_[oldest];
}

}  // namespace ripple::gl

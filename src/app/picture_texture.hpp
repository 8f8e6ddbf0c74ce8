#pragma once
// The picture under the water as the window's own GL texture, which
// ripple::Water::render() refracts: RGBA8, LINEAR (classic mode reads whole
// texels), clamped at its edges, row 0 the picture's top.
#include <glad/gl.h>

#include "ripple/picture.hpp"

namespace ripple {

class PictureTexture {
 public:
  PictureTexture() { glGenTextures(1, &name_); }
  ~PictureTexture() { glDeleteTextures(1, &name_); }
  PictureTexture(const PictureTexture&) = delete;
  PictureTexture& operator=(const PictureTexture&) = delete;

  void upload(const Picture& picture);
  GLuint name() const { return name_; }

 private:
  GLuint name_ = 0;
};

}  // namespace ripple

#pragma once
// The refraction pass: the picture, drawn shifted by the slope of the water.
#include "core/image.hpp"
#include "core/params.hpp"
#include "gl/handle.hpp"
#include "gl/shader_source.hpp"

namespace ripple {

class Refraction {
 public:
  // Needs a current GL 3.3 context; throws ripple::Error when a shader fails.
  explicit Refraction(const gl::ShaderSource& shaders);

  // The picture, already the frame's size (see coverResize()).
  void setPicture(const Image& frameSizedPicture);
  int frameWidth() const { return frameWidth_; }
  int frameHeight() const { return frameHeight_; }

  // Draws into the bound framebuffer over a viewport of the frame's size.
  // `toWindow`: the default framebuffer, whose row 0 is the bottom row.
  void draw(GLuint heightTexture, const RefractionSettings& settings, bool toWindow);
  // Draws into an offscreen frame and reads it back, row 0 at the top.
  Image render(GLuint heightTexture, const RefractionSettings& settings);

 private:
  gl::ProgramHandle program_;
  GLint heights_, picture_, classic_, flipY_, refraction_, shading_;
  gl::VertexArray emptyVertexArray_;
  gl::Texture pictureTexture_;
  int frameWidth_ = 0, frameHeight_ = 0;
  gl::Texture offscreenTexture_;  // created on first render()
  gl::Framebuffer offscreenFramebuffer_;
  int offscreenWidth_ = 0, offscreenHeight_ = 0;
};

}  // namespace ripple

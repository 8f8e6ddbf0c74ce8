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

  // Rebuilds the program; on failure throws ripple::Error and keeps the last
  // good one.
  void reloadShaders(const gl::ShaderSource& shaders);

  // Draws into the bound framebuffer over a viewport of the frame's size.
  // `toWindow`: the default framebuffer, whose row 0 is the bottom row.
  void draw(GLuint heightTexture, const RefractionSettings& settings, bool toWindow);
  // Draws into an offscreen frame and reads it back, row 0 at the top.
  Image render(GLuint heightTexture, const RefractionSettings& settings);

 private:
  struct Program {
    gl::ProgramHandle program;
    GLint heights, picture, classic, flipY, refraction, shading;
  };
  static Program buildProgram(const gl::ShaderSource& shaders);
  Program program_;
  gl::VertexArray emptyVertexArray_;
  gl::Texture pictureTexture_;
  int frameWidth_ = 0, frameHeight_ = 0;
  gl::Texture offscreenTexture_;  // created on first render()
  gl::Framebuffer offscreenFramebuffer_;
  int offscreenWidth_ = 0, offscreenHeight_ = 0;
};

}  // namespace ripple

#include "gl/state_guard.hpp"

namespace ripple::gl {
namespace {

void setEnabled(GLenum capability, GLboolean on) {
  if (on) {
    glEnable(capability);
  } else {
    glDisable(capability);
  }
}

// A name saved as bound, or 0 where its object is gone: a host may delete an
// object while it is bound (Dear ImGui's backend meets the same with
// programs), and once ripple binds its own the name is no longer one.
GLuint stillThere(GLint saved, GLboolean (*isObject)(GLuint)) {
  const GLuint name = static_cast<GLuint>(saved);
  return name != 0 && isObject(name) ? name : 0;
}

}  // namespace

StateGuard::StateGuard() {
  glGetIntegerv(GL_ACTIVE_TEXTURE, &activeTexture_);
  for (int unit = 0; unit < kUnits; ++unit) {
    glActiveTexture(GL_TEXTURE0 + unit);
    glGetIntegerv(GL_TEXTURE_BINDING_2D, &textures_[unit]);
    glGetIntegerv(GL_SAMPLER_BINDING, &samplers_[unit]);
  }
  glActiveTexture(GL_TEXTURE0);
  imagesSaved_ = GLAD_GL_ARB_shader_image_load_store;
  if (imagesSaved_) {
    for (int unit = 0; unit < kUnits; ++unit) {
      ImageUnit& u = images_[unit];
      glGetIntegeri_v(GL_IMAGE_BINDING_NAME, unit, &u.name);
      glGetIntegeri_v(GL_IMAGE_BINDING_LEVEL, unit, &u.level);
      glGetIntegeri_v(GL_IMAGE_BINDING_LAYERED, unit, &u.layered);
      glGetIntegeri_v(GL_IMAGE_BINDING_LAYER, unit, &u.layer);
      glGetIntegeri_v(GL_IMAGE_BINDING_ACCESS, unit, &u.access);
      glGetIntegeri_v(GL_IMAGE_BINDING_FORMAT, unit, &u.format);
    }
  }
  glGetIntegerv(GL_CURRENT_PROGRAM, &program_);
  glGetIntegerv(GL_DRAW_FRAMEBUFFER_BINDING, &drawFramebuffer_);
  glGetIntegerv(GL_READ_FRAMEBUFFER_BINDING, &readFramebuffer_);
  glGetIntegerv(GL_VERTEX_ARRAY_BINDING, &vertexArray_);
  glGetIntegerv(GL_ARRAY_BUFFER_BINDING, &arrayBuffer_);
  glGetIntegerv(GL_PIXEL_PACK_BUFFER_BINDING, &packBuffer_);
  glGetIntegerv(GL_PIXEL_UNPACK_BUFFER_BINDING, &unpackBuffer_);
  glGetIntegerv(GL_PACK_ALIGNMENT, &packAlignment_);
  glGetIntegerv(GL_UNPACK_ALIGNMENT, &unpackAlignment_);
  glGetIntegerv(GL_VIEWPORT, viewport_.data());
  glGetIntegerv(GL_SCISSOR_BOX, scissorBox_.data());
  glGetBooleanv(GL_COLOR_WRITEMASK, colourMask_.data());
  scissor_ = glIsEnabled(GL_SCISSOR_TEST);
  blend_ = glIsEnabled(GL_BLEND);
  depth_ = glIsEnabled(GL_DEPTH_TEST);
  stencil_ = glIsEnabled(GL_STENCIL_TEST);
  cull_ = glIsEnabled(GL_CULL_FACE);
  discard_ = glIsEnabled(GL_RASTERIZER_DISCARD);
  glGetIntegerv(GL_BLEND_SRC_RGB, &blendSrcRgb_);
  glGetIntegerv(GL_BLEND_DST_RGB, &blendDstRgb_);
  glGetIntegerv(GL_BLEND_SRC_ALPHA, &blendSrcAlpha_);
  glGetIntegerv(GL_BLEND_DST_ALPHA, &blendDstAlpha_);
  glGetIntegerv(GL_BLEND_EQUATION_RGB, &blendEquationRgb_);
  glGetIntegerv(GL_BLEND_EQUATION_ALPHA, &blendEquationAlpha_);
  glGetIntegerv(GL_POLYGON_MODE, polygonMode_.data());

  // What the passes take for granted.
  glDisable(GL_DEPTH_TEST);
  glDisable(GL_STENCIL_TEST);
  glDisable(GL_CULL_FACE);
  glDisable(GL_RASTERIZER_DISCARD);
  glPolygonMode(GL_FRONT_AND_BACK, GL_FILL);
  glBindBuffer(GL_PIXEL_PACK_BUFFER, 0);
  glBindBuffer(GL_PIXEL_UNPACK_BUFFER, 0);
}

StateGuard::~StateGuard() {
  for (int unit = 0; unit < kUnits; ++unit) {
    glActiveTexture(GL_TEXTURE0 + unit);
    glBindTexture(GL_TEXTURE_2D, stillThere(textures_[unit], glIsTexture));
    glBindSampler(unit, stillThere(samplers_[unit], glIsSampler));
  }
  glActiveTexture(static_cast<GLenum>(activeTexture_));
  if (imagesSaved_) {
    for (int unit = 0; unit < kUnits; ++unit) {
      const ImageUnit& u = images_[unit];
      glBindImageTexture(unit, stillThere(u.name, glIsTexture), u.level, static_cast<GLboolean>(u.layered), u.layer,
                         static_cast<GLenum>(u.access), static_cast<GLenum>(u.format));
    }
  }
  glUseProgram(stillThere(program_, glIsProgram));
  glBindFramebuffer(GL_DRAW_FRAMEBUFFER, stillThere(drawFramebuffer_, glIsFramebuffer));
  glBindFramebuffer(GL_READ_FRAMEBUFFER, stillThere(readFramebuffer_, glIsFramebuffer));
  glBindVertexArray(stillThere(vertexArray_, glIsVertexArray));
  glBindBuffer(GL_ARRAY_BUFFER, stillThere(arrayBuffer_, glIsBuffer));
  glBindBuffer(GL_PIXEL_PACK_BUFFER, stillThere(packBuffer_, glIsBuffer));
  glBindBuffer(GL_PIXEL_UNPACK_BUFFER, stillThere(unpackBuffer_, glIsBuffer));
  glPixelStorei(GL_PACK_ALIGNMENT, packAlignment_);
  glPixelStorei(GL_UNPACK_ALIGNMENT, unpackAlignment_);
  glViewport(viewport_[0], viewport_[1], viewport_[2], viewport_[3]);
  glScissor(scissorBox_[0], scissorBox_[1], scissorBox_[2], scissorBox_[3]);
  glColorMask(colourMask_[0], colourMask_[1], colourMask_[2], colourMask_[3]);
  setEnabled(GL_SCISSOR_TEST, scissor_);
  setEnabled(GL_BLEND, blend_);
  setEnabled(GL_DEPTH_TEST, depth_);
  setEnabled(GL_STENCIL_TEST, stencil_);
  setEnabled(GL_CULL_FACE, cull_);
  setEnabled(GL_RASTERIZER_DISCARD, discard_);
  glBlendEquationSeparate(static_cast<GLenum>(blendEquationRgb_), static_cast<GLenum>(blendEquationAlpha_));
  glBlendFuncSeparate(static_cast<GLenum>(blendSrcRgb_), static_cast<GLenum>(blendDstRgb_),
                      static_cast<GLenum>(blendSrcAlpha_), static_cast<GLenum>(blendDstAlpha_));
  glPolygonMode(GL_FRONT_AND_BACK, static_cast<GLenum>(polygonMode_[0]));
}

}  // namespace ripple::gl

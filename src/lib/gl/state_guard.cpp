#include "gl/state_guard.hpp"

#include <iterator>

#if defined(__EMSCRIPTEN__)
#include <emscripten.h>
#endif

namespace ripple::gl {
namespace {

#if defined(__EMSCRIPTEN__)
// A page's own WebGL objects have no name in emscripten's registry, whose
// glGet answers 0 for them: the bindings are saved and put back as objects,
// on a stack kept with the context. An object deleted meanwhile is not
// bound again (as stillThere() below does natively). Only ripple can have
// deleted one during its call, and only its own, which are in the registry;
// a page's program deleted while in use goes once ripple uses its own, which
// its DELETE_STATUS tells at once (the browser answers that itself, where
// isTexture and its kind would ask the GPU process, a round trip each).
// clang-format off
EM_JS(void, saveWebGlBindings, (int units), {
  const gl = GLctx;
  const saved = {active : gl.getParameter(gl.ACTIVE_TEXTURE), units : []};
  for (let unit = 0; unit < units; ++unit) {
    gl.activeTexture(gl.TEXTURE0 + unit);
    saved.units.push([
      gl.getParameter(gl.TEXTURE_BINDING_2D), gl.getParameter(gl.TEXTURE_BINDING_2D_ARRAY),
      gl.getParameter(gl.SAMPLER_BINDING)
    ]);
  }
  gl.activeTexture(gl.TEXTURE0);
  for (const name of ['CURRENT_PROGRAM', 'DRAW_FRAMEBUFFER_BINDING', 'READ_FRAMEBUFFER_BINDING', 'VERTEX_ARRAY_BINDING',
                      'ARRAY_BUFFER_BINDING', 'PIXEL_PACK_BUFFER_BINDING', 'PIXEL_UNPACK_BUFFER_BINDING']) {
    saved[name] = gl.getParameter(gl[name]);
  }
  const program = saved.CURRENT_PROGRAM;
  if (program && gl.getProgramParameter(program, gl.DELETE_STATUS)) saved.CURRENT_PROGRAM = null;
  (gl.rippleSavedBindings = gl.rippleSavedBindings || []).push(saved);
});

EM_JS(void, restoreWebGlBindings, (), {
  const gl = GLctx;
  const saved = gl.rippleSavedBindings.pop();
  const still = (object, registry) => (object && (!('name' in object) || registry[object.name] === object) ? object : null);
  saved.units.forEach(([texture, array, sampler], unit) => {
    gl.activeTexture(gl.TEXTURE0 + unit);
    gl.bindTexture(gl.TEXTURE_2D, still(texture, GL.textures));
    gl.bindTexture(gl.TEXTURE_2D_ARRAY, still(array, GL.textures));
    gl.bindSampler(unit, still(sampler, GL.samplers));
  });
  gl.activeTexture(saved.active);
  gl.useProgram(still(saved.CURRENT_PROGRAM, GL.programs));
  gl.bindFramebuffer(gl.DRAW_FRAMEBUFFER, still(saved.DRAW_FRAMEBUFFER_BINDING, GL.framebuffers));
  gl.bindFramebuffer(gl.READ_FRAMEBUFFER, still(saved.READ_FRAMEBUFFER_BINDING, GL.framebuffers));
  gl.bindVertexArray(still(saved.VERTEX_ARRAY_BINDING, GL.vaos));
  gl.bindBuffer(gl.ARRAY_BUFFER, still(saved.ARRAY_BUFFER_BINDING, GL.buffers));
  gl.bindBuffer(gl.PIXEL_PACK_BUFFER, still(saved.PIXEL_PACK_BUFFER_BINDING, GL.buffers));
  gl.bindBuffer(gl.PIXEL_UNPACK_BUFFER, still(saved.PIXEL_UNPACK_BUFFER_BINDING, GL.buffers));
});
// clang-format on
#endif

void setEnabled(GLenum capability, GLboolean on) {
  if (on) {
    glEnable(capability);
  } else {
    glDisable(capability);
  }
}

#if !defined(__EMSCRIPTEN__)
// A name saved as bound, or 0 where its object is gone: a host may delete an
// object while it is bound (Dear ImGui's backend meets the same with
// programs), and once ripple binds its own the name is no longer one.
GLuint stillThere(GLint saved, GLboolean (*isObject)(GLuint)) {
  const GLuint name = static_cast<GLuint>(saved);
  return name != 0 && isObject(name) ? name : 0;
}
#endif

// Each capability that could change a pixel the passes write, and its value
// during a call: a host's scissor would keep a stone from falling, its
// logic op or sRGB conversion would change the heights, its clip distances
// (which ripple's shaders do not write) would drop its triangles. Primitive
// restart cannot touch ripple's draws (it draws no elements) but is set all
// the same. Blending and the colour mask are the draw buffers', below.
struct Capability {
  GLenum name;
  GLboolean duringCall;
};
#if defined(__EMSCRIPTEN__)
constexpr Capability kSetForTheCall[] = {
    {GL_DEPTH_TEST, GL_FALSE},
    {GL_STENCIL_TEST, GL_FALSE},
    {GL_CULL_FACE, GL_FALSE},
    {GL_RASTERIZER_DISCARD, GL_FALSE},
    {GL_SCISSOR_TEST, GL_FALSE},
    {GL_DITHER, GL_FALSE},
    {GL_SAMPLE_ALPHA_TO_COVERAGE, GL_FALSE},
    {GL_SAMPLE_COVERAGE, GL_FALSE},
};
#else
constexpr Capability kSetForTheCall[] = {
    {GL_DEPTH_TEST, GL_FALSE},          {GL_STENCIL_TEST, GL_FALSE},
    {GL_CULL_FACE, GL_FALSE},           {GL_RASTERIZER_DISCARD, GL_FALSE},
    {GL_SCISSOR_TEST, GL_FALSE},        {GL_COLOR_LOGIC_OP, GL_FALSE},
    {GL_FRAMEBUFFER_SRGB, GL_FALSE},    {GL_DITHER, GL_FALSE},
    {GL_MULTISAMPLE, GL_TRUE},          {GL_SAMPLE_ALPHA_TO_COVERAGE, GL_FALSE},
    {GL_SAMPLE_ALPHA_TO_ONE, GL_FALSE}, {GL_SAMPLE_COVERAGE, GL_FALSE},
    {GL_SAMPLE_MASK, GL_FALSE},         {GL_PRIMITIVE_RESTART, GL_FALSE},
    {GL_POLYGON_SMOOTH, GL_FALSE},      {GL_CLIP_DISTANCE0, GL_FALSE},
    {GL_CLIP_DISTANCE1, GL_FALSE},      {GL_CLIP_DISTANCE2, GL_FALSE},
    {GL_CLIP_DISTANCE3, GL_FALSE},      {GL_CLIP_DISTANCE4, GL_FALSE},
    {GL_CLIP_DISTANCE5, GL_FALSE},      {GL_CLIP_DISTANCE6, GL_FALSE},
    {GL_CLIP_DISTANCE7, GL_FALSE},
};
#endif
static_assert(std::size(kSetForTheCall) == StateGuard::kCapabilities);

// Compatibility profiles' own state that applies to a shader's fragments
// too; core profiles have no such enums (glad's core header neither).
#if !defined(__EMSCRIPTEN__)
constexpr GLenum kAlphaTest = 0x0BC0, kPolygonStipple = 0x0B42, kClampFragmentColor = 0x891B;
#endif

}  // namespace

StateGuard::StateGuard() {
#if !defined(__EMSCRIPTEN__)
  GLint profile = 0;
  glGetIntegerv(GL_CONTEXT_PROFILE_MASK, &profile);
  compatibility_ = (profile & GL_CONTEXT_COMPATIBILITY_PROFILE_BIT) != 0;
#endif
  pauseTransformFeedback();
  saveBindings();
  saveAndSetRasterState();
}

StateGuard::~StateGuard() {
  restoreBindings();
  restoreRasterState();
  resumeTransformFeedback();
}

// A transform feedback the caller left recording would capture ripple's
// draws into the caller's buffers, and refuse ripple's programs: it is
// paused for the call (GL 4.0's pause; a driver without it can neither
// pause nor report one). Not in a browser, where asking whether one records
// is two round trips to the GPU process a call: a page pauses its own
// (docs/web.md).
void StateGuard::pauseTransformFeedback() {
#if !defined(__EMSCRIPTEN__)
  if (!GLAD_GL_ARB_transform_feedback2) return;
  GLint active = GL_FALSE, paused = GL_FALSE;
  glGetIntegerv(GL_TRANSFORM_FEEDBACK_BUFFER_ACTIVE, &active);
  glGetIntegerv(GL_TRANSFORM_FEEDBACK_BUFFER_PAUSED, &paused);
  feedbackPaused_ = active && !paused;
  if (feedbackPaused_) glPauseTransformFeedback();
#endif
}

// After the caller's program is current again, which resuming needs.
void StateGuard::resumeTransformFeedback() const {
#if !defined(__EMSCRIPTEN__)
  if (feedbackPaused_) glResumeTransformFeedback();
#endif
}

void StateGuard::saveBindings() {
#if defined(__EMSCRIPTEN__)
  saveWebGlBindings(kUnits);
  glBindBuffer(GL_PIXEL_PACK_BUFFER, 0);  // through emscripten, which tracks these two
  glBindBuffer(GL_PIXEL_UNPACK_BUFFER, 0);
#else
  glGetIntegerv(GL_ACTIVE_TEXTURE, &activeTexture_);
  for (int unit = 0; unit < kUnits; ++unit) {
    glActiveTexture(GL_TEXTURE0 + unit);
    glGetIntegerv(GL_TEXTURE_BINDING_2D, &textures_[unit]);
    glGetIntegerv(GL_TEXTURE_BINDING_2D_ARRAY, &textureArrays_[unit]);
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
  glBindBuffer(GL_PIXEL_PACK_BUFFER, 0);
  glBindBuffer(GL_PIXEL_UNPACK_BUFFER, 0);
#endif
}

void StateGuard::restoreBindings() const {
#if defined(__EMSCRIPTEN__)
  restoreWebGlBindings();
#else
  for (int unit = 0; unit < kUnits; ++unit) {
    glActiveTexture(GL_TEXTURE0 + unit);
    glBindTexture(GL_TEXTURE_2D, stillThere(textures_[unit], glIsTexture));
    glBindTexture(GL_TEXTURE_2D_ARRAY, stillThere(textureArrays_[unit], glIsTexture));
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
#endif
}

void StateGuard::saveAndSetRasterState() {
  for (int i = 0; i < kCapabilities; ++i) {
    capabilities_[i] = glIsEnabled(kSetForTheCall[i].name);
    setEnabled(kSetForTheCall[i].name, kSetForTheCall[i].duringCall);
  }
  glGetIntegerv(GL_VIEWPORT, viewport_.data());
  glGetIntegerv(GL_SCISSOR_BOX, scissorBox_.data());
  saveAndSetColourWrites();
  // Not the depth and stencil write masks: with both tests off for the call
  // nothing is written there, and a browser answers each read of one with a
  // round trip to its GPU process.
  saveAndSetDesktopState();
}

// The colour masks and blending of the draw buffers ripple writes (it
// touches no others); WebGL 2 has one for all.
void StateGuard::saveAndSetColourWrites() {
#if defined(__EMSCRIPTEN__)
  glGetBooleanv(GL_COLOR_WRITEMASK, colourMask_.data());
  blend_ = glIsEnabled(GL_BLEND);
  glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
  glDisable(GL_BLEND);
#else
  for (GLuint i = 0; i < kDrawBuffers; ++i) {
    glGetBooleani_v(GL_COLOR_WRITEMASK, i, colourMasks_[i].data());
    blends_[i] = glIsEnabledi(GL_BLEND, i);
    glColorMaski(i, GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
    glDisablei(GL_BLEND, i);
  }
  // The blend functions, which dual-source blending's stones set (WebGL's
  // stones draw over copies and set none: GpuRipple's kCopyBlend).
  glGetIntegerv(GL_BLEND_SRC_RGB, &blendSrcRgb_);
  glGetIntegerv(GL_BLEND_DST_RGB, &blendDstRgb_);
  glGetIntegerv(GL_BLEND_SRC_ALPHA, &blendSrcAlpha_);
  glGetIntegerv(GL_BLEND_DST_ALPHA, &blendDstAlpha_);
  glGetIntegerv(GL_BLEND_EQUATION_RGB, &blendEquationRgb_);
  glGetIntegerv(GL_BLEND_EQUATION_ALPHA, &blendEquationAlpha_);
#endif
}

void StateGuard::restoreColourWrites() const {
#if defined(__EMSCRIPTEN__)
  glColorMask(colourMask_[0], colourMask_[1], colourMask_[2], colourMask_[3]);
  setEnabled(GL_BLEND, blend_);
#else
  for (GLuint i = 0; i < kDrawBuffers; ++i) {
    const std::array<GLboolean, 4>& mask = colourMasks_[i];
    glColorMaski(i, mask[0], mask[1], mask[2], mask[3]);
    if (blends_[i]) {
      glEnablei(GL_BLEND, i);
    } else {
      glDisablei(GL_BLEND, i);
    }
  }
  glBlendEquationSeparate(static_cast<GLenum>(blendEquationRgb_), static_cast<GLenum>(blendEquationAlpha_));
  glBlendFuncSeparate(static_cast<GLenum>(blendSrcRgb_), static_cast<GLenum>(blendDstRgb_),
                      static_cast<GLenum>(blendSrcAlpha_), static_cast<GLenum>(blendDstAlpha_));
#endif
}

// Desktop GL's state that WebGL 2 does not have.
void StateGuard::saveAndSetDesktopState() {
#if !defined(__EMSCRIPTEN__)
  glGetIntegerv(GL_PROVOKING_VERTEX, &provokingVertex_);
  glProvokingVertex(GL_LAST_VERTEX_CONVENTION);
  // A clamped read would cut the heights read back to 0..1.
  glGetIntegerv(GL_CLAMP_READ_COLOR, &clampRead_);
  glClampColor(GL_CLAMP_READ_COLOR, GL_FIXED_ONLY);
  // Front and back; NVIDIA's core profiles write the front's alone.
  polygonMode_ = {GL_FILL, -1};
  glGetIntegerv(GL_POLYGON_MODE, polygonMode_.data());
  if (!compatibility_ || polygonMode_[1] == -1) polygonMode_[1] = polygonMode_[0];
  glPolygonMode(GL_FRONT_AND_BACK, GL_FILL);
  if (compatibility_) {
    alphaTest_ = glIsEnabled(kAlphaTest);
    polygonStipple_ = glIsEnabled(kPolygonStipple);
    glGetIntegerv(kClampFragmentColor, &clampFragment_);
    glDisable(kAlphaTest);
    glDisable(kPolygonStipple);
    glClampColor(kClampFragmentColor, GL_FIXED_ONLY);
  }
#endif
}

void StateGuard::restoreDesktopState() const {
#if !defined(__EMSCRIPTEN__)
  glProvokingVertex(static_cast<GLenum>(provokingVertex_));
  glClampColor(GL_CLAMP_READ_COLOR, static_cast<GLenum>(clampRead_));
  if (polygonMode_[0] == polygonMode_[1]) {
    glPolygonMode(GL_FRONT_AND_BACK, static_cast<GLenum>(polygonMode_[0]));
  } else {  // a compatibility profile's: core profiles take FRONT_AND_BACK only
    glPolygonMode(GL_FRONT, static_cast<GLenum>(polygonMode_[0]));
    glPolygonMode(GL_BACK, static_cast<GLenum>(polygonMode_[1]));
  }
  if (compatibility_) {
    setEnabled(kAlphaTest, alphaTest_);
    setEnabled(kPolygonStipple, polygonStipple_);
    glClampColor(kClampFragmentColor, static_cast<GLenum>(clampFragment_));
  }
#endif
}

void StateGuard::restoreRasterState() const {
  for (int i = 0; i < kCapabilities; ++i) setEnabled(kSetForTheCall[i].name, capabilities_[i]);
  glViewport(viewport_[0], viewport_[1], viewport_[2], viewport_[3]);
  glScissor(scissorBox_[0], scissorBox_[1], scissorBox_[2], scissorBox_[3]);
  restoreColourWrites();
  restoreDesktopState();
}

}  // namespace ripple::gl

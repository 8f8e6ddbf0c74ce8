#include "gl/gl_info.hpp"

#include <glad/gl.h>
#if defined(__EMSCRIPTEN__)
#include <emscripten.h>
#include <emscripten/html5_webgl.h>
#endif

#include <algorithm>
#include <cstdio>

#include "core/error.hpp"

namespace ripple::gl {

namespace {

#if defined(__EMSCRIPTEN__)
// A canvas's own framebuffer is complete whenever it is bound; asking would
// be a round trip to the GPU process.
// clang-format off
EM_JS(bool, drawsIntoTheCanvas, (), { return GLctx.getParameter(GLctx.DRAW_FRAMEBUFFER_BINDING) === null; });
// clang-format on
#else
bool drawsIntoTheCanvas() { return false; }  // a context without a window has an incomplete one
#endif

std::string glString(GLenum name) {
  const auto* s = reinterpret_cast<const char*>(glGetString(name));
  return s ? s : "?";
}

// What draws. Chromium and Safari answer GL_RENDERER with a mask ("WebKit
// WebGL") and name the renderer behind it through their debug information;
// Firefox names it here and warns of that extension as deprecated.
std::string rendererName() {
  const std::string named = glString(GL_RENDERER);
#if defined(__EMSCRIPTEN__)
  constexpr GLenum kUnmaskedRenderer = 0x9246;  // UNMASKED_RENDERER_WEBGL
  if (named == "WebKit WebGL" &&
      emscripten_webgl_enable_extension(emscripten_webgl_get_current_context(), "WEBGL_debug_renderer_info")) {
    return glString(kUnmaskedRenderer);
  }
#endif
  return named;
}

}  // namespace

std::string currentRendererDescription() {
  const std::string version = glString(GL_VERSION);  // "4.5 (Core Profile) Mesa ...", "OpenGL ES 3.0 ..."
  return rendererName() + ", " + (version.rfind("OpenGL", 0) == 0 ? "" : "OpenGL ") + version;
}

bool isSwiftShader() { return rendererName().find("SwiftShader") != std::string::npos; }

bool isSoftwareRenderer() {
  const std::string name = rendererName();
  for (const char* software : {"llvmpipe", "softpipe", "SwiftShader"}) {
    if (name.find(software) != std::string::npos) return true;
  }
  return false;
}

void requireGl33(const std::string& contextName) {
  // The version string, not GL_MAJOR_VERSION, which a 2.1 context does not
  // know (it answers 0 and records an error in the caller's context).
  const auto* version = reinterpret_cast<const char*>(glGetString(GL_VERSION));
  const std::string text = version ? version : "";
#if defined(__EMSCRIPTEN__)
  // A browser's: "OpenGL ES 3.0 (WebGL 2.0 ...)", WebGL 2 being OpenGL ES 3.0.
  if (text.find("WebGL 2") == std::string::npos)
    throw Error(contextName + " is " + (text.empty() ? "of no known version" : text) + "; ripple needs WebGL 2");
  return;
#endif
  const bool es = text.rfind("OpenGL ES", 0) == 0;
  int major = 0, minor = 0;
  std::sscanf(text.c_str() + (es ? 9 : 0), "%d.%d", &major, &minor);
  if (es || major * 10 + minor < 33) {
    const auto* renderer = reinterpret_cast<const char*>(glGetString(GL_RENDERER));
    throw Error(contextName + " is " + (es ? "" : "OpenGL ") + (text.empty() ? "of no known version" : text) + " on " +
                (renderer ? renderer : "an unnamed renderer") + "; ripple needs desktop OpenGL 3.3 or later");
  }
}

namespace {

struct TextureKind {
  GLenum target, binding;
  const char* name;
};
constexpr TextureKind kTextureKinds[] = {
    {GL_TEXTURE_2D, GL_TEXTURE_BINDING_2D, "a 2-D texture"},
#if defined(__EMSCRIPTEN__)  // WebGL 2 has these alone
    {GL_TEXTURE_2D_ARRAY, GL_TEXTURE_BINDING_2D_ARRAY, "a 2-D array texture"},
    {GL_TEXTURE_CUBE_MAP, GL_TEXTURE_BINDING_CUBE_MAP, "a cube map"},
    {GL_TEXTURE_3D, GL_TEXTURE_BINDING_3D, "a 3-D texture"},
#else
    {GL_TEXTURE_RECTANGLE, GL_TEXTURE_BINDING_RECTANGLE, "a rectangle texture"},
    {GL_TEXTURE_2D_ARRAY, GL_TEXTURE_BINDING_2D_ARRAY, "a 2-D array texture"},
    {GL_TEXTURE_2D_MULTISAMPLE, GL_TEXTURE_BINDING_2D_MULTISAMPLE, "a multisample texture"},
    {GL_TEXTURE_2D_MULTISAMPLE_ARRAY, GL_TEXTURE_BINDING_2D_MULTISAMPLE_ARRAY, "a multisample array texture"},
    {GL_TEXTURE_CUBE_MAP, GL_TEXTURE_BINDING_CUBE_MAP, "a cube map"},
    {GL_TEXTURE_3D, GL_TEXTURE_BINDING_3D, "a 3-D texture"},
    {GL_TEXTURE_1D, GL_TEXTURE_BINDING_1D, "a 1-D texture"},
    {GL_TEXTURE_1D_ARRAY, GL_TEXTURE_BINDING_1D_ARRAY, "a 1-D array texture"},
    {GL_TEXTURE_BUFFER, GL_TEXTURE_BINDING_BUFFER, "a buffer texture"},
#endif
};

// Whether texture `name` is of `kind`: GL 3.3 has no query for a texture's
// kind (GL_TEXTURE_TARGET is 4.5's, and Mesa's compatibility profiles refuse
// it), but a bind to another kind's target does not take. The error that
// bind records is taken back, and the unit's binding put back either way.
bool isOfKind(GLuint name, const TextureKind& kind) {
  GLint saved = 0, bound = 0;
  glGetIntegerv(kind.binding, &saved);
  glBindTexture(kind.target, name);
  glGetIntegerv(kind.binding, &bound);
  const bool took = static_cast<GLuint>(bound) == name;
  if (!took) glGetError();
  glBindTexture(kind.target, static_cast<GLuint>(saved));
  return took;
}

// Whether 2-D texture `name` holds whole numbers (RGBA8UI, R32I, ...), which
// a float sampler cannot read: NVIDIA's drivers refuse the draw. (WebGL 2
// cannot tell: its draw is refused with a GL error.)
bool holdsIntegers(GLuint name) {
#if defined(__EMSCRIPTEN__)
  (void)name;
  return false;
#endif
  GLint saved = 0, type = GL_NONE;
  glGetIntegerv(GL_TEXTURE_BINDING_2D, &saved);
  glBindTexture(GL_TEXTURE_2D, name);
  glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_RED_TYPE, &type);
  glBindTexture(GL_TEXTURE_2D, static_cast<GLuint>(saved));
  return type == GL_INT || type == GL_UNSIGNED_INT;
}

}  // namespace

void require2dTexture(unsigned name, const std::string& call) {
  if (!glIsTexture(name)) throw Error(call + ": " + std::to_string(name) + " is not a GL texture name");
  if (isOfKind(name, kTextureKinds[0])) {
    if (holdsIntegers(name)) {
      throw Error(call + ": texture " + std::to_string(name) +
                  " holds whole numbers (an integer format); the picture must hold colours");
    }
    return;
  }
  const char* kind = "a texture of another kind";
  for (const TextureKind& k : kTextureKinds)
    if (&k != &kTextureKinds[0] && isOfKind(name, k)) {
      kind = k.name;
      break;
    }
  throw Error(call + ": texture " + std::to_string(name) + " is " + kind + "; it must be a 2-D one");
}

void requireDrawTarget(int x, int y, int w, int h, const std::string& call) {
  const GLenum status = drawsIntoTheCanvas() ? GL_FRAMEBUFFER_COMPLETE : glCheckFramebufferStatus(GL_DRAW_FRAMEBUFFER);
  if (status != GL_FRAMEBUFFER_COMPLETE) {
    char hex[16];
    std::snprintf(hex, sizeof hex, "0x%04X", status);
    throw Error(call + ": the framebuffer bound for drawing is not complete (status " + hex +
                "); bind one that is, or the window's");
  }
  GLint largest[2] = {};
  glGetIntegerv(GL_MAX_VIEWPORT_DIMS, largest);
  if (w > largest[0] || h > largest[1]) {
    throw Error(call + ": the rectangle " + std::to_string(w) + "x" + std::to_string(h) +
                " is larger than this driver draws (" + std::to_string(largest[0]) + "x" + std::to_string(largest[1]) +
                ")");
  }
  // Where a viewport's corners may lie: GL 4.1 says; before it, the least it
  // may be, twice the largest viewport each way.
  GLint bounds[2] = {-2 * std::max(largest[0], largest[1]), 2 * std::max(largest[0], largest[1]) - 1};
  if (GLAD_GL_ARB_viewport_array) glGetIntegerv(GL_VIEWPORT_BOUNDS_RANGE, bounds);
  const auto within = [&](long long v) { return v >= bounds[0] && v <= bounds[1]; };
  if (!within(x) || !within(y) || !within(1LL * x + w - 1) || !within(1LL * y + h - 1)) {
    throw Error(call + ": the rectangle at (" + std::to_string(x) + ", " + std::to_string(y) + ") of " +
                std::to_string(w) + "x" + std::to_string(h) + " reaches beyond where this driver draws (" +
                std::to_string(bounds[0]) + " to " + std::to_string(bounds[1]) + ")");
  }
}

void requireTextureSize(int w, int h, const std::string& what) {
  GLint maxSize = 0;
  glGetIntegerv(GL_MAX_TEXTURE_SIZE, &maxSize);
  if (w < 1 || h < 1 || w > maxSize || h > maxSize) {
    throw Error(what + " " + std::to_string(w) + "x" + std::to_string(h) + " is beyond what this GPU takes (1 to " +
                std::to_string(maxSize) + " pixels a side)");
  }
}

}  // namespace ripple::gl

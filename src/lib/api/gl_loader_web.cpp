// The caller's current context in a browser: emscripten's WebGL 2, whose
// functions glad takes from emscripten_webgl_get_proc_address(). glad loads
// a version's functions only where GL_VERSION says it has that version,
// and WebGL 2 says "OpenGL ES 3.0": while glad loads, it is told 3.3, and
// WebGL 2's functions of 3.1 to 3.3 (samplers, instancing) are found;
// those desktop GL has and WebGL has not stay null, and the library calls
// none of them in a browser.
#include <emscripten/html5_webgl.h>
#include <glad/gl.h>

#include <cstring>

#include "api/gl_loader.hpp"
#include "core/error.hpp"
#include "gl/gl_info.hpp"

namespace ripple::api {
namespace {

using GetString = const GLubyte* (*)(GLenum);

GetString webGlGetString() {
  static const auto get = reinterpret_cast<GetString>(emscripten_webgl_get_proc_address("glGetString"));
  return get;
}

const GLubyte* versionForGlad(GLenum name) {
  if (name == GL_VERSION) return reinterpret_cast<const GLubyte*>("3.3 (WebGL 2)");
  return webGlGetString()(name);
}

GLADapiproc lookup(const char* name) {
  if (std::strcmp(name, "glGetString") == 0) return reinterpret_cast<GLADapiproc>(versionForGlad);
  return reinterpret_cast<GLADapiproc>(emscripten_webgl_get_proc_address(name));
}

}  // namespace

void loadGlOfCurrentContext() {
  if (emscripten_webgl_get_current_context() == 0 || !gladLoadGL(lookup)) {
    throw Error(
        "no current WebGL 2 context: make one current (emscripten's GL.makeContextCurrent) before creating a "
        "ripple::Water on the GPU, or use Backend::Cpu");
  }
  glad_glGetString = webGlGetString();
  gl::requireGl33("the current context");
}

ContextName currentContext() {
  ContextName name;
  name.webgl = reinterpret_cast<const void*>(emscripten_webgl_get_current_context());
  return name;
}

}  // namespace ripple::api

#include "gl/gl_info.hpp"

#include <glad/gl.h>

#include "core/error.hpp"

namespace ripple::gl {

std::string currentRendererDescription() {
  auto str = [](GLenum name) {
    const auto* s = reinterpret_cast<const char*>(glGetString(name));
    return std::string(s ? s : "?");
  };
  return str(GL_RENDERER) + ", OpenGL " + str(GL_VERSION);
}

bool isSoftwareRenderer() {
  const auto* renderer = reinterpret_cast<const char*>(glGetString(GL_RENDERER));
  const std::string name = renderer ? renderer : "";
  for (const char* software : {"llvmpipe", "softpipe", "SwiftShader"}) {
    if (name.find(software) != std::string::npos) return true;
  }
  return false;
}

void requireGl33(const std::string& contextName) {
  GLint major = 0, minor = 0;
  glGetIntegerv(GL_MAJOR_VERSION, &major);
  glGetIntegerv(GL_MINOR_VERSION, &minor);
  if (major * 10 + minor < 33) {
    throw Error(contextName + " gives OpenGL " + std::to_string(major) + "." + std::to_string(minor) + " (" +
                currentRendererDescription() + "); ripple needs OpenGL 3.3 core");
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

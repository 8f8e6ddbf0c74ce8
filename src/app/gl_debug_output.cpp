#include "app/gl_debug_output.hpp"

#include <glad/gl.h>

#include <cstdio>
#include <cstdlib>

namespace ripple::gl {
namespace {

std::function<void(const std::string&)>& handler() {
  static std::function<void(const std::string&)> h;
  return h;
}

void GLAPIENTRY onMessage(GLenum source, GLenum type, GLuint id, GLenum severity, GLsizei length, const GLchar* message,
                          const void*) {
  if (type != GL_DEBUG_TYPE_ERROR && type != GL_DEBUG_TYPE_UNDEFINED_BEHAVIOR) return;
  // A shader that fails to compile is reported by linkProgram() with its file
  // and line (and is expected while a shader is being edited live).
  if (source == GL_DEBUG_SOURCE_SHADER_COMPILER) return;
  const std::string text(message, length >= 0 ? static_cast<size_t>(length) : std::char_traits<char>::length(message));
  const char* kind = type == GL_DEBUG_TYPE_ERROR ? "GL error" : "GL undefined behaviour";
  const char* level = severity == GL_DEBUG_SEVERITY_HIGH     ? "high"
                      : severity == GL_DEBUG_SEVERITY_MEDIUM ? "medium"
                                                             : "low";
  if (handler()) handler()(std::string(kind) + " (id " + std::to_string(id) + ", " + level + "): " + text);
}

}  // namespace

bool enableDebugOutput(std::function<void(const std::string&)> onError) {
  if (!GLAD_GL_KHR_debug) return false;
  handler() = std::move(onError);
  glEnable(GL_DEBUG_OUTPUT);
  glEnable(GL_DEBUG_OUTPUT_SYNCHRONOUS);  // the callback runs inside the faulty call
  glDebugMessageCallback(onMessage, nullptr);
  glDebugMessageControl(GL_DONT_CARE, GL_DONT_CARE, GL_DONT_CARE, 0, nullptr, GL_TRUE);
  return true;
}

void enableDebugOutputInDebugBuilds() {
  if (!kDebugContext) return;
  enableDebugOutput([](const std::string& message) {
    std::fprintf(stderr, "ripple: %s\n", message.c_str());
    std::abort();
  });
}

}  // namespace ripple::gl

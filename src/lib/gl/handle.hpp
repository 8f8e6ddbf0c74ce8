#pragma once
// Move-only owners of GL object names (after ANGLE's gl_raii.h): the object is
// deleted exactly once, when its owner goes, and cannot be copied by accident.
// They must be destroyed while their context is current, or under KeepObjects.
#include <glad/gl.h>

#include <utility>

namespace ripple::gl {

// While one lives, owners going on this thread leave their objects to the
// context they were made on: for a Water destroyed where that context is no
// longer current, whose names would be another context's (docs/api.md).
class KeepObjects {
 public:
  KeepObjects() { active() = true; }
  ~KeepObjects() { active() = false; }
  KeepObjects(const KeepObjects&) = delete;
  KeepObjects& operator=(const KeepObjects&) = delete;
  static bool& active() {
    thread_local bool on = false;
    return on;
  }
};

template <void (*Delete)(GLuint)>
class Handle {
 public:
  Handle() = default;
  explicit Handle(GLuint name) : name_(name) {}
  ~Handle() { reset(); }
  Handle(Handle&& other) noexcept : name_(std::exchange(other.name_, 0)) {}
  Handle& operator=(Handle&& other) noexcept {
    if (this != &other) {
      reset();
      name_ = std::exchange(other.name_, 0);
    }
    return *this;
  }
  Handle(const Handle&) = delete;
  Handle& operator=(const Handle&) = delete;

  GLuint get() const { return name_; }
  explicit operator bool() const { return name_ != 0; }
  void reset() {
    if (name_ != 0 && !KeepObjects::active()) Delete(name_);
    name_ = 0;
  }

 private:
  GLuint name_ = 0;
};

// Textures alive now, made by makeTexture() and not yet deleted: lets a test
// check that resizing and reloading never leak GPU memory.
inline int& liveTextureCount() {
  static int count = 0;
  return count;
}

namespace detail {
inline void deleteTexture(GLuint n) {
  glDeleteTextures(1, &n);
  --liveTextureCount();
}
inline void deleteFramebuffer(GLuint n) { glDeleteFramebuffers(1, &n); }
inline void deleteBuffer(GLuint n) { glDeleteBuffers(1, &n); }
inline void deleteVertexArray(GLuint n) { glDeleteVertexArrays(1, &n); }
inline void deleteQuery(GLuint n) { glDeleteQueries(1, &n); }
inline void deleteSampler(GLuint n) { glDeleteSamplers(1, &n); }
inline void deleteProgram(GLuint n) { glDeleteProgram(n); }
inline void deleteShader(GLuint n) { glDeleteShader(n); }
}  // namespace detail

using Texture = Handle<detail::deleteTexture>;
using Framebuffer = Handle<detail::deleteFramebuffer>;
using Buffer = Handle<detail::deleteBuffer>;
using VertexArray = Handle<detail::deleteVertexArray>;
using Query = Handle<detail::deleteQuery>;
using Sampler = Handle<detail::deleteSampler>;
using ProgramHandle = Handle<detail::deleteProgram>;
using ShaderHandle = Handle<detail::deleteShader>;

inline Texture makeTexture() {
  GLuint n = 0;
  glGenTextures(1, &n);
  ++liveTextureCount();
  return Texture(n);
}
inline Framebuffer makeFramebuffer() {
  GLuint n = 0;
  glGenFramebuffers(1, &n);
  return Framebuffer(n);
}
inline Buffer makeBuffer() {
  GLuint n = 0;
  glGenBuffers(1, &n);
  return Buffer(n);
}
inline VertexArray makeVertexArray() {
  GLuint n = 0;
  glGenVertexArrays(1, &n);
  return VertexArray(n);
}
inline Query makeQuery() {
  GLuint n = 0;
  glGenQueries(1, &n);
  return Query(n);
}
inline Sampler makeSampler() {
  GLuint n = 0;
  glGenSamplers(1, &n);
  return Sampler(n);
}

}  // namespace ripple::gl

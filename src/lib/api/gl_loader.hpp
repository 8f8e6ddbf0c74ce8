#pragma once
// The caller's current context: the GL functions the library calls, loaded
// from it by the library's own copy of glad, whose symbols libripple keeps
// hidden (a host's loader, glad, GLEW or libepoxy, never meets them); and
// which context it is, so that a Water touches no context but its own.
namespace ripple::api {

// Loads them, then checks the context: throws ripple::Error when no context
// is current or it is not desktop OpenGL 3.3 or later (in a browser, WebGL
// 2: gl_loader_web.cpp).
void loadGlOfCurrentContext();

// The context current on the calling thread, as EGL and GLX name it, or in
// a browser emscripten's WebGL (each null where it has none current).
struct ContextName {
  const void* egl = nullptr;
  const void* glx = nullptr;
  const void* webgl = nullptr;
  bool none() const { return !egl && !glx && !webgl; }
  bool operator==(const ContextName& o) const { return egl == o.egl && glx == o.glx && webgl == o.webgl; }
  bool operator!=(const ContextName& o) const { return !(*this == o); }
};
ContextName currentContext();

}  // namespace ripple::api

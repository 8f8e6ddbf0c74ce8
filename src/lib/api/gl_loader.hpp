#pragma once
// The caller's current context: the GL functions the library calls, loaded
// from it by the library's own copy of glad, whose symbols libripple keeps
// hidden (a host's loader, glad, GLEW or libepoxy, never meets them); and
// which context it is, so that a Water touches no context but its own.
namespace ripple::api {

// Loads them, then checks the context: throws ripple::Error when no context
// is current or it is not desktop OpenGL 3.3 or later.
void loadGlOfCurrentContext();

// The context current on the calling thread, as EGL and GLX name it (each
// null where it has none current).
struct ContextName {
  const void* egl = nullptr;
  const void* glx = nullptr;
  bool none() const { return !egl && !glx; }
  bool operator==(const ContextName& o) const { return egl == o.egl && glx == o.glx; }
  bool operator!=(const ContextName& o) const { return !(*this == o); }
};
ContextName currentContext();

}  // namespace ripple::api

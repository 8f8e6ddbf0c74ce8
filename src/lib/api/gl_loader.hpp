#pragma once
// The GL functions the library calls, loaded from the caller's current
// context by the library's own copy of glad, whose symbols libripple keeps
// hidden: a host's loader (glad, GLEW, libepoxy) never meets them.
namespace ripple::api {

// Loads them, then checks the context: throws ripple::Error when no context
// is current or it is below OpenGL 3.3.
void loadGlOfCurrentContext();

}  // namespace ripple::api

#pragma once
// What the current GL context is, and checks that it is enough.
#include <string>

namespace ripple::gl {

// "llvmpipe (LLVM 15.0.6, 256 bits), OpenGL 4.5 (Core Profile) Mesa 22.3.6"
std::string currentRendererDescription();
// Whether the context renders on the CPU (Mesa's llvmpipe or softpipe,
// SwiftShader): there a fragment pass beats a compute dispatch.
bool isSoftwareRenderer();
// Throws ripple::Error, saying what was found, when the context is below 3.3.
void requireGl33(const std::string& contextName);
// Throws ripple::Error when a w x h texture is beyond what the GPU takes;
// `what` names it in the message ("grid", "frame").
void requireTextureSize(int w, int h, const std::string& what);

}  // namespace ripple::gl

#pragma once
// What the current GL context is, and checks that it is enough.
#include <string>

namespace ripple::gl {

// "llvmpipe (LLVM 15.0.6, 256 bits), OpenGL 4.5 (Core Profile) Mesa 22.3.6"
std::string currentRendererDescription();
// Whether the context renders on the CPU (Mesa's llvmpipe or softpipe,
// SwiftShader): there a fragment pass beats a compute dispatch.
bool isSoftwareRenderer();
// Whether it is SwiftShader (Chromium's WebGL without a GPU).
bool isSwiftShader();
// Throws ripple::Error, saying what the context is ("OpenGL 2.1 on llvmpipe",
// "OpenGL ES 3.2 ..."), unless it is desktop OpenGL 3.3 or later.
void requireGl33(const std::string& contextName);
// Throws ripple::Error unless `name` is a 2-D texture of colours (not a
// rectangle, array, multisample or other kind, nor one of an integer format,
// nor a buffer's or no object's name);
// `call` names the caller ("render: 7 is a rectangle texture, not a 2-D one").
void require2dTexture(unsigned name, const std::string& call);
// Throws ripple::Error unless the framebuffer bound for drawing is complete
// and takes a viewport of w x h pixels at (x, y).
void requireDrawTarget(int x, int y, int w, int h, const std::string& call);
// Throws ripple::Error when a w x h texture is beyond what the GPU takes;
// `what` names it in the message ("grid", "frame").
void requireTextureSize(int w, int h, const std::string& what);

}  // namespace ripple::gl

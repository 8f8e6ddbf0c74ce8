// offscreen: ripple with no window. A headless EGL context (Mesa's
// surfaceless platform, or a GPU's), the double-slit preset for 600 steps,
// and the frame written as a PNG.
//   offscreen [frame.png]
#include <epoxy/egl.h>
#include <epoxy/gl.h>
#include <stb/stb_image_write.h>

#include <cstdio>
#include <string>
#include <vector>

#include <ripple/ripple.hpp>

// A current OpenGL 3.3 core context with no surface: it draws into
// framebuffers of its own.
bool makeHeadlessContext() {
  EGLDisplay display = eglGetPlatformDisplayEXT(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, nullptr);
  if (display == EGL_NO_DISPLAY || !eglInitialize(display, nullptr, nullptr) || !eglBindAPI(EGL_OPENGL_API))
    return false;
  const EGLint attributes[] = {
      EGL_CONTEXT_MAJOR_VERSION,           3,       EGL_CONTEXT_MINOR_VERSION, 3, EGL_CONTEXT_OPENGL_PROFILE_MASK,
      EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT, EGL_NONE};
  EGLContext context = eglCreateContext(display, EGL_NO_CONFIG_KHR, EGL_NO_CONTEXT, attributes);
  return context != EGL_NO_CONTEXT && eglMakeCurrent(display, EGL_NO_SURFACE, EGL_NO_SURFACE, context);
}

GLuint makeTexture(int width, int height, const void* rgba) {
  GLuint texture = 0;
  glGenTextures(1, &texture);
  glBindTexture(GL_TEXTURE_2D, texture);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, width, height, 0, GL_RGBA, GL_UNSIGNED_BYTE, rgba);
  return texture;
}

int main(int argc, char** argv) {
  const std::string path = argc > 1 ? argv[1] : "frame.png";
  if (!makeHeadlessContext()) {
    std::fprintf(stderr, "offscreen: no headless OpenGL 3.3 context (EGL, surfaceless)\n");
    return 1;
  }
  try {
    const int width = 1280, height = 720;
    ripple::Water water(width / 2, height / 2);  // a cell every two pixels, as the preset asks
    const ripple::Scene scene = ripple::presetScene("double-slit");
    water.loadScene(scene);
    water.step(600);

    // The preset's picture, and a framebuffer to draw the frame into.
    const ripple::Picture picture = ripple::loadPicture(scene.picture);
    const GLuint pictureTexture = makeTexture(picture.width, picture.height, picture.rgba.data());
    const GLuint frameTexture = makeTexture(width, height, nullptr);
    GLuint framebuffer = 0;
    glGenFramebuffers(1, &framebuffer);
    glBindFramebuffer(GL_FRAMEBUFFER, framebuffer);
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, frameTexture, 0);
    water.render(pictureTexture, 0, 0, width, height);

    // GL's row 0 is the bottom: the PNG's is the top.
    std::vector<unsigned char> rgba(static_cast<size_t>(width) * height * 4);
    glPixelStorei(GL_PACK_ALIGNMENT, 4);
    glReadPixels(0, 0, width, height, GL_RGBA, GL_UNSIGNED_BYTE, rgba.data());
    stbi_flip_vertically_on_write(1);
    if (!stbi_write_png(path.c_str(), width, height, 4, rgba.data(), width * 4)) {
      throw ripple::Error("cannot write '" + path + "'");
    }
    std::printf("offscreen: %s, %lld steps: %s\n", scene.description.c_str(), water.stepsDone(), path.c_str());
    glDeleteFramebuffers(1, &framebuffer);
    glDeleteTextures(1, &frameTexture);
    glDeleteTextures(1, &pictureTexture);
  } catch (const ripple::Error& e) {
    std::fprintf(stderr, "offscreen: %s\n", e.what());
    return 1;
  }
  return 0;
}

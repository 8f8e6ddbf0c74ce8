#include "host_gl.hpp"

namespace ripple::test {

void HostContext::destroy() {
  if (context != EGL_NO_CONTEXT) eglDestroyContext(display, context);
  context = EGL_NO_CONTEXT;
}

namespace {

// Mesa's surfaceless platform, else the first EGL device (NVIDIA's route).
EGLDisplay hostDisplay() {
  EGLDisplay display = eglGetPlatformDisplayEXT(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, nullptr);
  if (display != EGL_NO_DISPLAY && eglInitialize(display, nullptr, nullptr)) return display;
  EGLDeviceEXT device = nullptr;
  EGLint devices = 0;
  if (!epoxy_has_egl_extension(EGL_NO_DISPLAY, "EGL_EXT_device_enumeration") ||
      !eglQueryDevicesEXT(1, &device, &devices) || devices < 1) {
    return EGL_NO_DISPLAY;
  }
  display = eglGetPlatformDisplayEXT(EGL_PLATFORM_DEVICE_EXT, device, nullptr);
  return display != EGL_NO_DISPLAY && eglInitialize(display, nullptr, nullptr) ? display : EGL_NO_DISPLAY;
}

}  // namespace

std::optional<HostContext> makeHostContext(const ContextAsked& asked) {
  HostContext host;
  host.display = hostDisplay();
  if (host.display == EGL_NO_DISPLAY) return std::nullopt;
  eglBindAPI(asked.es ? EGL_OPENGL_ES_API : EGL_OPENGL_API);
  std::vector<EGLint> attributes = {EGL_CONTEXT_MAJOR_VERSION, asked.major, EGL_CONTEXT_MINOR_VERSION, asked.minor};
  if (!asked.es && asked.major * 10 + asked.minor >= 32) {
    attributes.push_back(EGL_CONTEXT_OPENGL_PROFILE_MASK);
    attributes.push_back(asked.compatibility ? EGL_CONTEXT_OPENGL_COMPATIBILITY_PROFILE_BIT
                                             : EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT);
  }
  attributes.push_back(EGL_NONE);
  // No surface, so no config (EGL_KHR_no_config_context): it draws into framebuffers of its own.
  host.context = eglCreateContext(host.display, EGL_NO_CONFIG_KHR, asked.sharing, attributes.data());
  eglBindAPI(EGL_OPENGL_API);
  if (host.context == EGL_NO_CONTEXT) return std::nullopt;
  host.makeCurrent();
  return host;
}

GLuint makePicture(int w, int h) {
  std::vector<unsigned char> rgba(static_cast<size_t>(w) * h * 4);
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x) {
      unsigned char* p = &rgba[(static_cast<size_t>(y) * w + x) * 4];
      p[0] = static_cast<unsigned char>(x * 7 + y);
      p[1] = static_cast<unsigned char>(y * 5 + x * 3);
      p[2] = static_cast<unsigned char>((x ^ y) * 11);
      p[3] = 255;
    }
  GLuint texture = 0;
  glGenTextures(1, &texture);
  glBindTexture(GL_TEXTURE_2D, texture);
  glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, w, h, 0, GL_RGBA, GL_UNSIGNED_BYTE, rgba.data());
  // A mipmapped filter with no mipmaps: sampled with these, the picture would be incomplete (black).
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR_MIPMAP_LINEAR);
  glBindTexture(GL_TEXTURE_2D, 0);
  return texture;
}

HostFramebuffer::HostFramebuffer(int w, int h) : width(w), height(h) {
  glGenTextures(1, &texture);
  glBindTexture(GL_TEXTURE_2D, texture);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, w, h, 0, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
  glGenFramebuffers(1, &framebuffer);
  glBindFramebuffer(GL_FRAMEBUFFER, framebuffer);
  glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, texture, 0);
}

HostFramebuffer::~HostFramebuffer() {
  glDeleteFramebuffers(1, &framebuffer);
  glDeleteTextures(1, &texture);
}

std::vector<unsigned char> HostFramebuffer::read() const {
  std::vector<unsigned char> rgba(static_cast<size_t>(width) * height * 4);
  glBindFramebuffer(GL_READ_FRAMEBUFFER, framebuffer);
  glPixelStorei(GL_PACK_ALIGNMENT, 4);
  glReadPixels(0, 0, width, height, GL_RGBA, GL_UNSIGNED_BYTE, rgba.data());
  return rgba;
}

}  // namespace ripple::test

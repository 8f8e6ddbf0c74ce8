#include "record/libav.hpp"

extern "C" {
#include <libavutil/error.h>
#include <libavutil/log.h>
}

#include <cstdio>
#include <mutex>

#include "ripple/types.hpp"

namespace ripple::av {
namespace {

// libav logs from its own threads (x264's among them).
std::mutex gLogMutex;
std::string gLastError;

void keepLastError(void* avcl, int level, const char* format, va_list args) {
  if (level > AV_LOG_ERROR) return;
  char line[512];
  int prefix = 1;
  av_log_format_line2(avcl, level, format, args, line, sizeof line, &prefix);
  std::string text = line;
  while (!text.empty() && (text.back() == '\n' || text.back() == ' ' || text.back() == '.')) text.pop_back();
  // Drop the "[libx264 @ 0x55d0c...] " prefix: an address means nothing to a user.
  if (const size_t end = text.find("] "); !text.empty() && text.front() == '[' && end != std::string::npos) {
    text.erase(0, end + 2);
  }
  std::lock_guard<std::mutex> lock(gLogMutex);
  gLastError = text;
}

}  // namespace

void quietLogs() {
  static std::once_flag once;
  std::call_once(once, [] { av_log_set_callback(keepLastError); });
}

Frame makeFrame(AVPixelFormat format, int width, int height) {
  Frame frame(av_frame_alloc());
  if (!frame) throw Error("out of memory for a video frame");
  frame->format = format;
  frame->width = width;
  frame->height = height;
  if (av_frame_get_buffer(frame.get(), 0) < 0) throw Error("out of memory for a video frame");
  return frame;
}

std::string errorText(int code) {
  char text[AV_ERROR_MAX_STRING_SIZE] = {};
  av_strerror(code, text, sizeof text);
  std::string logged;
  {
    std::lock_guard<std::mutex> lock(gLogMutex);
    logged.swap(gLastError);
  }
  return logged.empty() || logged == text ? std::string(text) : std::string(text) + ": " + logged;
}

void forgetLoggedError() {
  std::lock_guard<std::mutex> lock(gLogMutex);
  gLastError.clear();
}

}  // namespace ripple::av

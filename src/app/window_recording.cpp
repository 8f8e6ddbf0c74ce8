#include "app/window_recording.hpp"

#include <glad/gl.h>

#include <algorithm>
#include <cmath>
#include <ctime>
#include <filesystem>

#include "app/screenshot_name.hpp"
#include "ripple/types.hpp"
#include "ripple/picture.hpp"

namespace ripple {
namespace {

// "1:05" for 65 seconds.
std::string minutesAndSeconds(double seconds) {
  const long whole = std::lround(std::floor(seconds));
  char text[32];
  std::snprintf(text, sizeof text, "%ld:%02ld", whole / 60, whole % 60);
  return text;
}

}  // namespace

std::string saveScreenshot(int width, int height) {
  Picture shot(width, height);
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  glPixelStorei(GL_PACK_ALIGNMENT, 4);
  glReadPixels(0, 0, width, height, GL_RGBA, GL_UNSIGNED_BYTE, shot.rgba.data());
  // The window's row 0 is its bottom: flip to the file's top-first order.
  Picture flipped(width, height);
  const size_t row = static_cast<size_t>(width) * 4;
  for (int y = 0; y < height; ++y) {
    std::copy_n(&shot.rgba[y * row], row, &flipped.rgba[(height - 1 - y) * row]);
  }
  for (size_t i = 3; i < flipped.rgba.size(); i += 4) flipped.rgba[i] = 255;
  try {
    const std::string path = timestampedPath(std::filesystem::current_path(), std::time(nullptr), ".png");
    savePicture(flipped, path);
    std::printf("ripple: screenshot saved to %s\n", path.c_str());
    std::fflush(stdout);
    return "saved " + path;
  } catch (const std::exception& e) {  // ripple::Error, or the folder gone (filesystem_error)
    const std::string line = std::string("screenshot not saved: ") + e.what();
    std::fprintf(stderr, "ripple: %s\n", line.c_str());
    return line;
  }
}

std::string WindowRecording::say(std::FILE* stream, const std::string& line) const {
  if (stream) {
    std::fprintf(stream, "ripple: %s\n", line.c_str());
    std::fflush(stream);
  }
  return line;
}

// The recording is over: its temporary file is gone with the recorder.
std::string WindowRecording::failure(const std::string& what) {
  recorder_.reset();
  pacer_.reset();
  readback_.reset();
  return say(failed_, "recording stopped: " + what);
}

std::string WindowRecording::toggle(int width, int height, double now) {
  if (active()) return stop();
  try {
    return start(timestampedPath(std::filesystem::current_path(), std::time(nullptr), ".mp4"), width, height, now);
  } catch (const std::filesystem::filesystem_error& e) {  // the current folder gone
    return say(failed_, std::string("not recording: ") + e.what());
  }
}

std::string WindowRecording::start(const std::string& path, int width, int height, double now) {
  try {
    // The name is a time stamp made up here: another recording that took it
    // meanwhile (another window, the same second) keeps its file.
    recorder_ = std::make_unique<VideoRecorder>(path, width, height, kFps, EncoderSpeed::Live, ExistingTarget::Keep);
  } catch (const std::exception& e) {  // ripple::Error, or no thread or memory for the encoder
    return say(failed_, std::string("not recording: ") + e.what());
  }
  pacer_ = std::make_unique<FramePacer>(kFps, now);
  readback_ = std::make_unique<gl::FrameReadback>(width, height);
  return "recording " + std::to_string(width) + "x" + std::to_string(height) + " to " + path + " (V stops)";
}

std::string WindowRecording::stop(const std::string& why) {
  if (!active()) return "";
  const double seconds = pacer_->seconds();
  try {
    pushReads(true);
    recorder_->finish();
  } catch (const Error& e) {
    return failure(e.what());
  }
  const std::string path = recorder_->path();
  recorder_.reset();
  pacer_.reset();
  readback_.reset();
  return say(saved_, why + "recording saved to " + path + " (" + minutesAndSeconds(seconds) + ")");
}

std::string WindowRecording::capture(int width, int height, double now) {
  if (!active()) return "";
  if (width != recorder_->width() || height != recorder_->height()) {
    return stop("the window changed size from " + std::to_string(recorder_->width()) + "x" +
                std::to_string(recorder_->height()) + " to " + std::to_string(width) + "x" + std::to_string(height) +
                ", which ends a recording: ");
  }
  const int copies = pacer_->framesDue(now);
  if (copies == 0) return "";
  readback_->start(copies);
  try {
    pushReads(false);
  } catch (const Error& e) {
    return failure(e.what());
  }
  return "";
}

void WindowRecording::pushReads(bool all) {
  while (readback_->pending() > (all ? 0 : 1)) {
    Picture frame = recorder_->spareFrame();
    const int copies = readback_->collect(frame);
    recorder_->push(std::move(frame), RowOrder::BottomFirst, copies);
  }
}

}  // namespace ripple

#pragma once
// The window's screenshots (S) and its recording. A screenshot is the frame
// as drawn, into ripple-YYYYMMDD-HHMMSS.png in the current folder.
//
// The recording: V or the panel's Record button starts it, into
// ripple-YYYYMMDD-HHMMSS.mp4 in the current folder (as screenshots), and
// stops it again, writing the file. Frames are read back from the
// framebuffer at the video's pace of wall time (FramePacer, 30 frames a
// second), not every frame the display shows, without waiting for the
// frame to be drawn (gl::FrameReadback: each is handed on at the next
// read), and encoded on the recorder's thread. A window that changes size stops the recording and
// writes what it has: a video keeps one size, and scaling the new frames
// to the old would record something the window never showed.
//
// Each call that changes something says it in a line for the panel, and
// prints it: a saved file's path on stdout, a failure on stderr. The
// recording's errors (a full disk) never end the program.
#include <cstdio>
#include <memory>
#include <string>

#include "app/frame_readback.hpp"
#include "record/frame_pacer.hpp"
#include "record/video_recorder.hpp"

namespace ripple {

// Reads the window's framebuffer (width x height) and saves it, opaque, as
// the screenshot. Returns the line for the panel; prints the file's path on
// stdout, or why it was not saved on stderr.
std::string saveScreenshot(int width, int height);

class WindowRecording {
 public:
  static constexpr int kFps = 30;

  // Where the lines go besides the panel; nullptr: nowhere (the benchmark).
  explicit WindowRecording(std::FILE* saved = stdout, std::FILE* failed = stderr) : saved_(saved), failed_(failed) {}

  bool active() const { return recorder_ != nullptr; }
  // The video's length so far, in seconds.
  double seconds() const { return pacer_ ? pacer_->seconds() : 0.0; }

  // Starts recording into ripple-...mp4 in the current folder, or stops.
  std::string toggle(int width, int height, double now);
  // Starts recording a width x height framebuffer into `path`.
  std::string start(const std::string& path, int width, int height, double now);
  // Stops and writes the file; "" when none was being recorded. `why`, when
  // given, starts the line.
  std::string stop(const std::string& why = "");
  // With the frame to record drawn and its framebuffer bound for reading:
  // reads it back when the pace asks for a frame. A framebuffer of another
  // size stops the recording. Returns a line when the recording ended, else "".
  std::string capture(int width, int height, double now);

 private:
  std::string say(std::FILE* stream, const std::string& line) const;
  std::string failure(const std::string& what);
  // Hands the reads to the recorder, all but the last begun (all: every one).
  void pushReads(bool all);

  std::FILE* saved_;
  std::FILE* failed_;
  std::unique_ptr<VideoRecorder> recorder_;
  std::unique_ptr<FramePacer> pacer_;
  std::unique_ptr<gl::FrameReadback> readback_;  // needs the window's GL context
};

}  // namespace ripple

#pragma once
// Which of a window's frames go into a recording, and how many times each:
// the video runs at `fps` frames a second of wall-clock time, whatever the
// display's own rate. Slot k of the video covers [k/fps, (k+1)/fps) seconds
// after the start, and holds the frame last shown by then: a display faster
// than fps leaves frames out, a slower one has its frames repeated, so that
// a second of the window is a second of the video. A window that showed no
// frame for more than a second (minimised, or held up) leaves that time out
// rather than filling it with one frame.
namespace ripple {

class FramePacer {
 public:
  FramePacer(int fps, double startSeconds) : fps_(fps), start_(startSeconds) {}

  // How many slots the frame shown at `now` fills (0: none due yet); counts
  // them as filled.
  int framesDue(double now);
  // The video's length so far, in seconds.
  double seconds() const { return double(filled_) / fps_; }
  long long frames() const { return filled_; }

 private:
  int fps_;
  double start_;
  long long filled_ = 0;
};

}  // namespace ripple

#pragma once
// When the window may rest: with water at rest (or paused), nothing falling
// and no input to answer, it stops stepping and drawing and waits for events,
// instead of redrawing the same picture as fast as it can. The water is at
// rest once it can no longer change the frame (src/lib/core/visible_change.hpp). After an event it
// draws a few frames, which ImGui needs to follow the mouse and settle its
// widgets.
namespace ripple {

class WindowRest {
 public:
  // Frames drawn after an event before the window may wait again.
  static constexpr int kFramesAfterInput = 3;
  // Steps between looks at the heights for rest (a read-back from the GPU).
  static constexpr int kStepsBetweenRestChecks = 30;

  // An event came (mouse, key, resize, expose): draw a few frames.
  void input() { framesOwed_ = kFramesAfterInput; }
  // Something moves the water (a stone, rain, a scripted drop, a resize):
  // it is not known to be at rest any more.
  void waterDisturbed() { atRest_ = false; }
  // The heights were found to show no more and set exactly at rest.
  void waterRested() { atRest_ = true; }
  bool waterAtRest() const { return atRest_; }

  // Whether to look at the heights for rest after `stepsDone` steps.
  bool restCheckDue(long long stepsDone) {
    if (atRest_ || stepsDone - lastCheck_ < kStepsBetweenRestChecks) return false;
    lastCheck_ = stepsDone;
    return true;
  }

  // Whether the window has nothing to do: the water needs no steps (paused,
  // or at rest with nothing to fall) and no frame is owed to an event.
  bool mayWait(bool paused, bool somethingFalls) const {
    const bool stepping = !paused && (!atRest_ || somethingFalls);
    return !stepping && framesOwed_ == 0;
  }
  void frameDrawn() {
    if (framesOwed_ > 0) --framesOwed_;
  }

 private:
  bool atRest_ = true;  // a new window's water is flat
  int framesOwed_ = kFramesAfterInput;
  long long lastCheck_ = 0;
};

}  // namespace ripple

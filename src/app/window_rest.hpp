#pragma once
// When the window may rest: with calm water (or paused), nothing falling and
// no input to answer, it stops stepping and drawing and waits for events,
// instead of redrawing the same picture as fast as it can. After an event it
// draws a few frames, which ImGui needs to follow the mouse and settle its
// widgets.
namespace ripple {

class WindowRest {
 public:
  // Frames drawn after an event before the window may wait again.
  static constexpr int kFramesAfterInput = 3;
  // Steps between looks at the heights for calm (a read-back from the GPU).
  static constexpr int kStepsBetweenCalmChecks = 30;

  // An event came (mouse, key, resize, expose): draw a few frames.
  void input() { framesOwed_ = kFramesAfterInput; }
  // Something moves the water (a stone, rain, a scripted drop, a resize):
  // it is not known to be calm any more.
  void waterDisturbed() { calm_ = false; }
  // The heights were found calm and set exactly at rest.
  void waterCalmed() { calm_ = true; }
  bool waterCalm() const { return calm_; }

  // Whether to look at the heights for calm after `stepsDone` steps.
  bool calmCheckDue(long long stepsDone) {
    if (calm_ || stepsDone - lastCheck_ < kStepsBetweenCalmChecks) return false;
    lastCheck_ = stepsDone;
    return true;
  }

  // Whether the window has nothing to do: the water needs no steps (paused,
  // or calm with nothing to fall) and no frame is owed to an event.
  bool mayWait(bool paused, bool somethingFalls) const {
    const bool stepping = !paused && (!calm_ || somethingFalls);
    return !stepping && framesOwed_ == 0;
  }
  void frameDrawn() {
    if (framesOwed_ > 0) --framesOwed_;
  }

 private:
  bool calm_ = true;  // a new window's water is at rest
  int framesOwed_ = kFramesAfterInput;
  long long lastCheck_ = 0;
};

}  // namespace ripple

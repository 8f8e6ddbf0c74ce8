#include "record/frame_pacer.hpp"

#include <cmath>

namespace ripple {

int FramePacer::framesDue(double now) {
  const long long slot = static_cast<long long>(std::floor((now - start_) * fps_));
  long long due = slot + 1 - filled_;
  if (due > fps_) {
    // A gap of more than a second: the video goes on from here, one frame.
    start_ = now - double(filled_) / fps_;
    due = 1;
  }
  if (due <= 0) return 0;
  filled_ += due;
  return static_cast<int>(due);
}

}  // namespace ripple

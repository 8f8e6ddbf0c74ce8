#pragma once
// GPU time of a stretch of GL commands, from GL_TIME_ELAPSED queries (core
// since 3.3). Results are collected a few frames later, never waited for, so
// measuring does not stall the pipeline.
#include <array>

#include "gl/handle.hpp"

namespace ripple::gl {

class GpuTimer {
 public:
  GpuTimer();
  // Brackets the commands to time; `work` is what they did (e.g. steps), so
  // the result is milliseconds per unit of work.
  void begin();
  void end(int work);
  // The latest finished measurement in ms per unit, or a negative value
  // before the first one is ready.
  double millisecondsPerUnit();

 private:
  struct Slot {
    Query query;
    int work = 0;
    bool pending = false;
  };
  std::array<Slot, 4> slots_;
  int next_ = 0;
  bool open_ = false;
  double latest_ = -1.0;
};

}  // namespace ripple::gl

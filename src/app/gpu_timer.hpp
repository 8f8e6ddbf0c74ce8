#pragma once
// GPU time of a stretch of GL commands, from GL_TIME_ELAPSED queries (core
// since 3.3). Results are collected a few frames later, never waited for, so
// measuring does not stall the pipeline.
#include <glad/gl.h>

#include <array>

namespace ripple {

// The window's own GL object, made and freed on its context.
class GpuTimer {
 public:
  GpuTimer();
  ~GpuTimer();
  GpuTimer(const GpuTimer&) = delete;
  GpuTimer& operator=(const GpuTimer&) = delete;
  // Brackets the commands to time; `work` is what they did (e.g. steps), so
  // the result is milliseconds per unit of work.
  void begin();
  void end(int work);
  // The latest finished measurement in ms per unit, or a negative value
  // before the first one is ready.
  double millisecondsPerUnit();

 private:
  struct Slot {
    GLuint query = 0;
    int work = 0;
    bool pending = false;
  };
  std::array<Slot, 4> slots_;
  int next_ = 0;
  bool open_ = false;
  double latest_ = -1.0;
};

}  // namespace ripple

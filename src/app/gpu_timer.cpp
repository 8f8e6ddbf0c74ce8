#include "app/gpu_timer.hpp"

namespace ripple {

GpuTimer::GpuTimer() {
  for (Slot& s : slots_) glGenQueries(1, &s.query);
}

GpuTimer::~GpuTimer() {
  for (Slot& s : slots_) glDeleteQueries(1, &s.query);
}

void GpuTimer::begin() {
  Slot& s = slots_[next_];
  if (s.pending) return;  // all slots in flight: skip this measurement
  glBeginQuery(GL_TIME_ELAPSED, s.query);
  open_ = true;
}

void GpuTimer::end(int work) {
  if (!open_) return;
  glEndQuery(GL_TIME_ELAPSED);
  open_ = false;
  slots_[next_].work = work;
  slots_[next_].pending = true;
  next_ = (next_ + 1) % static_cast<int>(slots_.size());
}

double GpuTimer::millisecondsPerUnit() {
  for (Slot& s : slots_) {
    if (!s.pending) continue;
    GLint available = 0;
    glGetQueryObjectiv(s.query, GL_QUERY_RESULT_AVAILABLE, &available);
    if (!available) continue;
    GLuint64 nanoseconds = 0;
    glGetQueryObjectui64v(s.query, GL_QUERY_RESULT, &nanoseconds);
    s.pending = false;
    if (s.work > 0) latest_ = nanoseconds / 1e6 / s.work;
  }
  return latest_;
}

}  // namespace ripple

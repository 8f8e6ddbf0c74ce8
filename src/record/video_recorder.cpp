#include "record/video_recorder.hpp"

#include <algorithm>
#include <cstring>

#include "ripple/types.hpp"

namespace ripple {
namespace {

// The queue holds up to 8 frames, and at most 256 MiB of them (but always
// 2): enough to ride out an encoder's slow frame without holding a window
// up, little enough that a huge headless frame does not take the memory.
constexpr size_t kMostQueuedFrames = 8;
constexpr size_t kMostQueuedBytes = size_t(256) << 20;

}  // namespace

VideoRecorder::VideoRecorder(const std::string& path, int width, int height, int fps, EncoderSpeed speed,
                             ExistingTarget existing)
    : path_(path),
      width_(width),
      height_(height),
      fps_(fps),
      capacity_(
          std::clamp<size_t>(kMostQueuedBytes / (static_cast<size_t>(std::max(width, 1)) * std::max(height, 1) * 4), 2,
                             kMostQueuedFrames)),
      encoder_(openVideoEncoder(path, width, height, fps, speed, existing)) {
  spares_.reserve(capacity_);  // so that keeping one never throws
  thread_ = std::thread([this] { encodeQueue(); });
}

VideoRecorder::~VideoRecorder() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    queue_.clear();  // abandoned: what is queued will not be wanted
  }
  stopThread();
  encoder_.reset();  // removes its temporary file when unfinished
}

void VideoRecorder::stopThread() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    closing_ = true;
  }
  changed_.notify_all();
  if (thread_.joinable()) thread_.join();
}

void VideoRecorder::rethrowError() {
  if (error_) std::rethrow_exception(error_);
}

void VideoRecorder::push(Picture frame, RowOrder rows, int copies) {
  if (frame.width != width_ || frame.height != height_ || copies < 1) {
    throw Error("cannot record a " + std::to_string(frame.width) + "x" + std::to_string(frame.height) +
                " frame into '" + path_ + "', which is " + std::to_string(width_) + "x" + std::to_string(height_));
  }
  std::unique_lock<std::mutex> lock(mutex_);
  changed_.wait(lock, [&] { return queue_.size() < capacity_ || error_ || closing_; });
  rethrowError();
  if (closing_) throw Error("cannot record into '" + path_ + "': it is finished");
  queue_.push_back({std::move(frame), rows, copies});
  pushed_ += copies;
  lock.unlock();
  changed_.notify_all();
}

Picture VideoRecorder::spareFrame() {
  std::lock_guard<std::mutex> lock(mutex_);
  keepSpares_ = true;
  if (spares_.empty()) return Picture(width_, height_);
  Picture spare = std::move(spares_.back());
  spares_.pop_back();
  return spare;
}

void VideoRecorder::encodeQueue() {
  for (;;) {
    std::unique_lock<std::mutex> lock(mutex_);
    changed_.wait(lock, [&] { return !queue_.empty() || closing_; });
    if (queue_.empty()) return;  // closing, and all is encoded
    Queued next = std::move(queue_.front());
    queue_.pop_front();
    lock.unlock();
    changed_.notify_all();  // room for a push
    try {
      encoder_->addFrame(next.frame, next.rows, next.copies);
      encoded_ += next.copies;
      lock.lock();
      if (keepSpares_ && spares_.size() < capacity_) spares_.push_back(std::move(next.frame));
      lock.unlock();
    } catch (...) {
      // Ripple's own errors name the file already; anything else (memory) is
      // said as what stopped the recording of it.
      std::exception_ptr error = std::current_exception();
      try {
        throw;
      } catch (const Error&) {
      } catch (const std::exception& e) {
        error = std::make_exception_ptr(Error("cannot write '" + path_ + "': " + e.what()));
      } catch (...) {  // not a std::exception: handed on as it is
      }
      encoder_.reset();  // the temporary file goes at once
      lock.lock();
      error_ = error;
      queue_.clear();
      lock.unlock();
      changed_.notify_all();
      return;
    }
  }
}

void VideoRecorder::finish(const WriteProgress& progress) {
  stopThread();
  rethrowError();
  if (!encoder_) throw Error("cannot write '" + path_ + "': it is finished");
  if (pushed_ == 0) {
    encoder_.reset();
    throw Error("cannot write '" + path_ + "': no frame was recorded");
  }
  try {
    encoder_->finish(progress);
  } catch (...) {
    encoder_.reset();
    throw;
  }
  path_ = encoder_->path();
  encoder_.reset();
}

}  // namespace ripple

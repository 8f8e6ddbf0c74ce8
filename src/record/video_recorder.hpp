#pragma once
// Records frames into a video file on a thread of its own: push() copies a
// frame into a bounded queue and returns, the thread encodes (VideoEncoder),
// and finish() waits for the queue to empty and writes the end of the file.
// The caller is held up only when the queue is full (the encoder is behind):
// frames are never dropped. An error on the thread (a full disk) is thrown
// by the next push() or by finish(), and the temporary file is gone by then.
#include <atomic>
#include <condition_variable>
#include <deque>
#include <exception>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "ripple/picture.hpp"
#include "record/video_encoder.hpp"

namespace ripple {

class VideoRecorder {
 public:
  // Opens the encoder and its temporary file now, so that a path that cannot
  // be written, or a name that is no video, throws ripple::Error before any
  // frame is made.
  VideoRecorder(const std::string& path, int width, int height, int fps, EncoderSpeed speed = EncoderSpeed::Offline,
                ExistingTarget existing = ExistingTarget::Replace);
  // Unfinished: stops the thread and removes the temporary file.
  ~VideoRecorder();
  VideoRecorder(const VideoRecorder&) = delete;
  VideoRecorder& operator=(const VideoRecorder&) = delete;

  // Queues `frame` (width x height RGBA) to be shown for `copies` frames of
  // the video. Throws ripple::Error: the thread's error, or a frame of
  // another size.
  void push(Picture frame, RowOrder rows = RowOrder::TopFirst, int copies = 1);
  // A frame of the recording's size to fill and push: one whose pixels the
  // thread is done with, when there is one (no allocation, no zeroing of
  // 3.5 MiB a frame at 1280x720), else a new one.
  Picture spareFrame();
  // Encodes what is queued, writes the end of the file and renames it over
  // the target. `progress` hears of the frames that finishing writes (all of
  // a GIF's). Throws ripple::Error, and then nothing is left behind.
  void finish(const WriteProgress& progress = {});

  // The target; after finish(), the name the file got (ExistingTarget).
  const std::string& path() const { return path_; }
  int width() const { return width_; }
  int height() const { return height_; }
  int fps() const { return fps_; }
  long long framesPushed() const { return pushed_; }
  // Frames the thread has encoded (or, for a GIF, put by) so far.
  long long framesEncoded() const { return encoded_.load(); }

 private:
  struct Queued {
    Picture frame;
    RowOrder rows;
    int copies;
  };
  void encodeQueue();
  void stopThread();
  void rethrowError();

  std::string path_;
  int width_, height_, fps_;
  size_t capacity_;  // frames the queue holds at most
  std::unique_ptr<VideoEncoder> encoder_;

  std::mutex mutex_;
  std::condition_variable changed_;
  std::deque<Queued> queue_;
  std::vector<Picture> spares_;  // frames encoded, their memory kept for spareFrame()
  bool keepSpares_ = false;      // spareFrame() has been asked for
  bool closing_ = false;         // no more frames: the thread ends once the queue is empty
  std::exception_ptr error_;     // the thread's, once it failed
  long long pushed_ = 0;
  std::atomic<long long> encoded_{0};
  std::thread thread_;
};

}  // namespace ripple

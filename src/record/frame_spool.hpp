#pragma once
// Frames kept on the disk until the end of a recording (a GIF's palette
// needs all of them before the first can be written): fixed-size records in
// a temporary file beside the target, unlinked as soon as it is made, so
// that nothing is left behind whatever happens to the process, and memory
// stays flat however long the clip.
#include <cstdint>
#include <string>

namespace ripple {

class FrameSpool {
 public:
  // `target`: the file the frames are for; errors name it, and the spool
  // lies in its folder (the disk the user chose for it). Throws ripple::Error.
  FrameSpool(const std::string& target, size_t frameBytes);
  ~FrameSpool();
  FrameSpool(const FrameSpool&) = delete;
  FrameSpool& operator=(const FrameSpool&) = delete;

  void append(const std::uint8_t* frame);                 // frameBytes bytes
  void read(long long index, std::uint8_t* frame) const;  // frameBytes bytes
  long long frames() const { return frames_; }

 private:
  [[noreturn]] void fail(int error) const;

  std::string target_;
  size_t frameBytes_;
  int fd_ = -1;
  long long frames_ = 0;
};

}  // namespace ripple

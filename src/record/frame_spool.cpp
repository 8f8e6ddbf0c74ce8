#include "record/frame_spool.hpp"

#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "ripple/types.hpp"

namespace ripple {

FrameSpool::FrameSpool(const std::string& target, size_t frameBytes) : target_(target), frameBytes_(frameBytes) {
  std::string name = target + ".frames-XXXXXX";
  fd_ = ::mkstemp(name.data());
  if (fd_ < 0) fail(errno);
  ::unlink(name.c_str());  // open, it lives on nameless until closed
}

FrameSpool::~FrameSpool() {
  if (fd_ >= 0) ::close(fd_);
}

void FrameSpool::fail(int error) const { throw Error("cannot write '" + target_ + "': " + std::strerror(error)); }

void FrameSpool::append(const std::uint8_t* frame) {
  const off_t at = static_cast<off_t>(frames_) * static_cast<off_t>(frameBytes_);
  for (size_t done = 0; done < frameBytes_;) {
    const ssize_t n = ::pwrite(fd_, frame + done, frameBytes_ - done, at + static_cast<off_t>(done));
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) fail(errno);
    done += static_cast<size_t>(n);
  }
  ++frames_;
}

void FrameSpool::read(long long index, std::uint8_t* frame) const {
  const off_t at = static_cast<off_t>(index) * static_cast<off_t>(frameBytes_);
  for (size_t done = 0; done < frameBytes_;) {
    const ssize_t n = ::pread(fd_, frame + done, frameBytes_ - done, at + static_cast<off_t>(done));
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0)
      throw Error("cannot write '" + target_ + "': its frames could not be read back (" +
                  (n < 0 ? std::strerror(errno) : "the temporary file is short") + ")");
    done += static_cast<size_t>(n);
  }
}

}  // namespace ripple

#include "common/atomic_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>

#include "ripple/types.hpp"

namespace ripple {

namespace {

// rename() that fails with EEXIST instead of replacing a file already there,
// so that two writers that chose one name at once both keep their files.
int renameWithoutReplacing(const char* from, const char* to) {
#if defined(RENAME_NOREPLACE)  // Linux's; not in WebAssembly's C library
  if (::renameat2(AT_FDCWD, from, AT_FDCWD, to, RENAME_NOREPLACE) == 0) return 0;
  if (errno != EINVAL && errno != ENOSYS) return -1;
#endif
  // A file system without RENAME_NOREPLACE: a hard link also fails when the
  // name is taken...
  if (::link(from, to) == 0) {
    ::unlink(from);
    return 0;
  }
  if (errno == EEXIST) return -1;
  // ...and one without hard links either (FAT): look first, then rename.
  // Two writers could still collide in that moment, but a recording is
  // never lost for want of hard links.
  struct stat there;
  if (::lstat(to, &there) == 0) {
    errno = EEXIST;
    return -1;
  }
  return std::rename(from, to);
}

}  // namespace

std::string numberedPath(const std::string& path, int n) {
  if (n <= 1) return path;
  const std::filesystem::path p(path);
  return (p.parent_path() / (p.stem().string() + "-" + std::to_string(n) + p.extension().string())).string();
}

PendingFile::PendingFile(std::string path, ExistingTarget existing) : path_(std::move(path)), existing_(existing) {
  std::error_code ec;
  if (std::filesystem::is_directory(path_, ec)) throw Error("cannot write '" + path_ + "': it is a directory");
  // mkstemp's name is unique, so two writers never share a temporary file.
  temp_ = path_ + ".tmp-XXXXXX";
  fd_ = ::mkstemp(temp_.data());
  if (fd_ < 0) {
    const std::string folder = std::filesystem::path(path_).parent_path().string();
    throw Error("cannot write '" + path_ + "': cannot create a file in '" + (folder.empty() ? "." : folder) + "' (" +
                std::strerror(errno) + ")");
  }
}

PendingFile::~PendingFile() { discard(); }

void PendingFile::discard() {
  if (fd_ >= 0) ::close(fd_);
  if (!temp_.empty()) ::unlink(temp_.c_str());
  fd_ = -1;
  temp_.clear();
}

void PendingFile::fail(int error) {
  discard();
  throw Error("cannot write '" + path_ + "': " + std::strerror(error));
}

void PendingFile::write(std::string_view bytes) {
  for (size_t done = 0; done < bytes.size();) {
    const ssize_t n = ::write(fd_, bytes.data() + done, bytes.size() - done);
    if (n < 0) {
      if (errno == EINTR) continue;
      fail(errno);
    }
    done += static_cast<size_t>(n);
  }
}

void PendingFile::commit() {
  // mkstemp makes the file private; give it the mode a new file would get.
  const mode_t mask = ::umask(0);
  ::umask(mask);
  if (::fchmod(fd_, 0666 & ~mask) != 0 || ::fsync(fd_) != 0) fail(errno);
  const int fd = fd_;
  fd_ = -1;
  if (::close(fd) != 0) fail(errno);
  if (existing_ == ExistingTarget::Replace) {
    if (std::rename(temp_.c_str(), path_.c_str()) != 0) fail(errno);
  } else {
    const std::string wanted = path_;
    for (int n = 1;; ++n) {
      const std::string name = numberedPath(wanted, n);
      if (renameWithoutReplacing(temp_.c_str(), name.c_str()) == 0) {
        path_ = name;
        break;
      }
      if (errno != EEXIST || n == 1000) fail(errno);
    }
  }
  temp_.clear();  // it is the target now
}

void writeFileAtomically(const std::string& path, std::string_view bytes) {
  PendingFile file(path);
  file.write(bytes);
  file.commit();
}

}  // namespace ripple

#include "core/atomic_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>

#include "core/error.hpp"

namespace ripple {
namespace {

[[noreturn]] void fail(const std::string& path, int error, int fd, const std::string& temp) {
  if (fd >= 0) ::close(fd);
  if (!temp.empty()) ::unlink(temp.c_str());
  throw Error("cannot write '" + path + "': " + std::strerror(error));
}

}  // namespace

void writeFileAtomically(const std::string& path, std::string_view bytes) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) throw Error("cannot write '" + path + "': it is a directory");
  // mkstemp's name is unique, so two writers never share a temporary file.
  std::string temp = path + ".tmp-XXXXXX";
  const int fd = ::mkstemp(temp.data());
  if (fd < 0) {
    const std::string folder = std::filesystem::path(path).parent_path().string();
    throw Error("cannot write '" + path + "': cannot create a file in '" + (folder.empty() ? "." : folder) +
                "' (" + std::strerror(errno) + ")");
  }
  for (size_t done = 0; done < bytes.size();) {
    const ssize_t n = ::write(fd, bytes.data() + done, bytes.size() - done);
    if (n < 0) {
      if (errno == EINTR) continue;
      fail(path, errno, fd, temp);
    }
    done += static_cast<size_t>(n);
  }
  // mkstemp makes the file private; give it the mode a new file would get.
  const mode_t mask = ::umask(0);
  ::umask(mask);
  if (::fchmod(fd, 0666 & ~mask) != 0 || ::fsync(fd) != 0) fail(path, errno, fd, temp);
  if (::close(fd) != 0) fail(path, errno, -1, temp);
  if (std::rename(temp.c_str(), path.c_str()) != 0) fail(path, errno, -1, temp);
}

}  // namespace ripple

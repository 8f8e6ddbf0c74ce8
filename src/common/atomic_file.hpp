#pragma once
// Output files appear complete or not at all: the bytes go to a temporary
// file in the same folder, which is renamed over the target only once every
// byte is written and flushed. A full disk or a killed process leaves no
// half-written file under the target's name.
#include <string>
#include <string_view>

namespace ripple {

// Throws ripple::Error naming `path` and the system's reason.
void writeFileAtomically(const std::string& path, std::string_view bytes);

// What a PendingFile's commit() does when a file of the target's name is
// there by then.
enum class ExistingTarget {
  Replace,  // the user named the target: the new file takes its place
  Keep,     // the name was made up (a time stamp): the new file takes the
            // first free NAME-2.EXT, NAME-3.EXT, ... and the old one stays
};

// `path` numbered: "a/b.mp4", 2 -> "a/b-2.mp4" (1: `path` itself).
std::string numberedPath(const std::string& path, int n);

// A file written a piece at a time (a video as it is encoded): its temporary
// file is made at once, so that a folder that takes no files is known before
// any work is done, and it is removed unless commit() renames it over the
// target. Every error is a ripple::Error that names the target, not the
// temporary file: that is the file the user asked for.
class PendingFile {
 public:
  // Throws when the temporary file cannot be made (a missing folder, no
  // permission) or the target is a folder.
  explicit PendingFile(std::string path, ExistingTarget existing = ExistingTarget::Replace);
  ~PendingFile();  // removes the temporary file unless committed
  PendingFile(const PendingFile&) = delete;
  PendingFile& operator=(const PendingFile&) = delete;

  // The target; after commit() with ExistingTarget::Keep, the name the file got.
  const std::string& path() const { return path_; }
  int descriptor() const { return fd_; }

  // Writes every byte, or throws (the temporary file is then removed).
  void write(std::string_view bytes);
  // Removes the temporary file and throws "cannot write 'PATH': <errno's text>".
  [[noreturn]] void fail(int error);
  // Gives the file the mode a new file gets, flushes it to the disk and
  // renames it over the target (or beside it: ExistingTarget). Throws as
  // write() does.
  void commit();
  // Removes the temporary file now (no-op once committed or discarded).
  void discard();

 private:
  std::string path_, temp_;
  ExistingTarget existing_;
  int fd_ = -1;
};

}  // namespace ripple

#pragma once
// A video container (MP4 or GIF) written through a PendingFile: libav's
// muxer writes into the temporary file beside the target by callbacks of
// ours, which keep the system's reason when a write fails ("File too large",
// "No space left on device"), and finish() renames it over the target once
// the trailer is written. Until then the target is untouched; a failure or
// a MuxedFile destroyed unfinished removes the temporary file.
#include <string>

#include "common/atomic_file.hpp"
#include "record/libav.hpp"

namespace ripple {

class MuxedFile {
 public:
  // `muxer`: libav's name for the container ("mp4", "gif"). Throws
  // ripple::Error when the target's folder takes no file.
  MuxedFile(const std::string& path, const char* muxer, ExistingTarget existing = ExistingTarget::Replace);
  MuxedFile(const MuxedFile&) = delete;
  MuxedFile& operator=(const MuxedFile&) = delete;

  const std::string& path() const { return file_.path(); }  // after finish(): the name it got
  // Whether the encoder must put its headers in extradata (MP4's avcC).
  bool wantsGlobalHeader() const;

  // The one video stream, from the opened encoder; then the header.
  void addStreamAndWriteHeader(const AVCodecContext& encoder);
  // Sends `frame` (nullptr: the end, which flushes the encoder) and writes
  // every packet the encoder gives back, each lasting one frame.
  void encode(AVCodecContext& encoder, const AVFrame* frame);
  // The trailer, then the rename.
  void finish();

  // Throws "cannot write 'PATH': ..." after removing the temporary file:
  // the system's reason when a write failed, else `what` and libav's text.
  [[noreturn]] void fail(const std::string& what, int code);

 private:
  // libavformat 61 (FFmpeg 7) hands the write callback its bytes as const.
#if LIBAVFORMAT_VERSION_MAJOR >= 61
  using WrittenBytes = const std::uint8_t*;
#else
  using WrittenBytes = std::uint8_t*;
#endif
  static int writeBytes(void* opaque, WrittenBytes bytes, int size);
  static std::int64_t seek(void* opaque, std::int64_t offset, int whence);

  PendingFile file_;
  int writeErrno_ = 0;  // the first failed write's errno
  av::Format format_;
  av::Io io_;
  AVStream* stream_ = nullptr;
  av::Packet packet_;
};

}  // namespace ripple

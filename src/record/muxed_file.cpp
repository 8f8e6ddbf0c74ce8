#include "record/muxed_file.hpp"

#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>

#include "ripple/types.hpp"

namespace ripple {
namespace {

constexpr int kIoBufferBytes = 1 << 16;

}  // namespace

MuxedFile::MuxedFile(const std::string& path, const char* muxer, ExistingTarget existing)
    : file_(path, existing), packet_(av_packet_alloc()) {
  av::quietLogs();
  av::forgetLoggedError();
  AVFormatContext* format = nullptr;
  if (avformat_alloc_output_context2(&format, nullptr, muxer, nullptr) < 0 || !format) {
    fail(std::string("libav has no ") + muxer + " muxer", AVERROR_MUXER_NOT_FOUND);
  }
  format_.reset(format);
  auto* buffer = static_cast<std::uint8_t*>(av_malloc(kIoBufferBytes));
  io_.reset(buffer ? avio_alloc_context(buffer, kIoBufferBytes, 1, this, nullptr, writeBytes, seek) : nullptr);
  if (!io_ || !packet_) {
    if (!io_) av_free(buffer);
    fail("out of memory", AVERROR(ENOMEM));
  }
  format_->pb = io_.get();
  format_->flags |= AVFMT_FLAG_CUSTOM_IO;
}

bool MuxedFile::wantsGlobalHeader() const { return format_->oformat->flags & AVFMT_GLOBALHEADER; }

// Called by libav with its buffer: every byte, or the error that stopped it.
int MuxedFile::writeBytes(void* opaque, WrittenBytes bytes, int size) {
  auto& self = *static_cast<MuxedFile*>(opaque);
  for (int done = 0; done < size;) {
    const ssize_t n = ::write(self.file_.descriptor(), bytes + done, static_cast<size_t>(size - done));
    if (n < 0) {
      if (errno == EINTR) continue;
      if (self.writeErrno_ == 0) self.writeErrno_ = errno;
      return AVERROR(errno);
    }
    done += static_cast<int>(n);
  }
  return size;
}

// MP4's muxer goes back to fill in sizes, and asks for the file's size.
std::int64_t MuxedFile::seek(void* opaque, std::int64_t offset, int whence) {
  const int fd = static_cast<MuxedFile*>(opaque)->file_.descriptor();
  if (whence & AVSEEK_SIZE) {
    struct stat s {};
    return ::fstat(fd, &s) == 0 ? s.st_size : AVERROR(errno);
  }
  const off_t at = ::lseek(fd, offset, whence & ~AVSEEK_FORCE);
  return at < 0 ? AVERROR(errno) : at;
}

void MuxedFile::addStreamAndWriteHeader(const AVCodecContext& encoder) {
  stream_ = avformat_new_stream(format_.get(), nullptr);
  if (!stream_) fail("out of memory", AVERROR(ENOMEM));
  int code = avcodec_parameters_from_context(stream_->codecpar, &encoder);
  if (code < 0) fail("cannot describe the video stream", code);
  // A hint: the MP4 muxer keeps a multiple of it; the GIF muxer sets 1/100.
  stream_->time_base = encoder.time_base;
  stream_->avg_frame_rate = encoder.framerate;
  stream_->r_frame_rate = encoder.framerate;
  if ((code = avformat_write_header(format_.get(), nullptr)) < 0) fail("cannot write the header", code);
}

void MuxedFile::encode(AVCodecContext& encoder, const AVFrame* frame) {
  int code = avcodec_send_frame(&encoder, frame);
  if (code < 0) fail("the encoder refused a frame", code);
  for (;;) {
    code = avcodec_receive_packet(&encoder, packet_.get());
    if (code == AVERROR(EAGAIN) || code == AVERROR_EOF) return;
    if (code < 0) fail("the encoder failed", code);
    // Every frame lasts one tick of the encoder's time base, 1/fps; the
    // last one's duration is the one the muxer cannot work out itself.
    packet_->duration = 1;
    packet_->stream_index = stream_->index;
    av_packet_rescale_ts(packet_.get(), encoder.time_base, stream_->time_base);
    code = av_interleaved_write_frame(format_.get(), packet_.get());  // takes the packet's data
    if (code < 0) fail("cannot write a frame", code);
  }
}

void MuxedFile::finish() {
  int code = av_write_trailer(format_.get());
  if (code >= 0) {
    avio_flush(io_.get());
    code = io_->error;
  }
  if (code < 0) fail("cannot write the end of the file", code);
  file_.commit();
}

void MuxedFile::fail(const std::string& what, int code) {
  if (writeErrno_ != 0) file_.fail(writeErrno_);
  const std::string text = av::errorText(code);
  file_.discard();
  throw Error("cannot write '" + file_.path() + "': " + what + " (" + text + ")");
}

}  // namespace ripple

#pragma once
// The few things every part of the recorder needs from FFmpeg's libraries:
// owning handles that free what libav allocates, and libav's errors in words.
extern "C" {
#include <libavcodec/avcodec.h>
#include <libavfilter/avfilter.h>
#include <libavformat/avformat.h>
#include <libavutil/frame.h>
#include <libswscale/swscale.h>
}

#include <memory>
#include <string>

namespace ripple::av {

struct FreeCodec {
  void operator()(AVCodecContext* c) const { avcodec_free_context(&c); }
};
struct FreeFrame {
  void operator()(AVFrame* f) const { av_frame_free(&f); }
};
struct FreePacket {
  void operator()(AVPacket* p) const { av_packet_free(&p); }
};
struct FreeGraph {
  void operator()(AVFilterGraph* g) const { avfilter_graph_free(&g); }
};
struct FreeFormat {
  void operator()(AVFormatContext* f) const { avformat_free_context(f); }
};
// A custom I/O context: its buffer is libav's to grow and ours to free.
struct FreeIo {
  void operator()(AVIOContext* io) const {
    av_freep(&io->buffer);
    avio_context_free(&io);
  }
};
struct FreeScaler {
  void operator()(SwsContext* s) const { sws_freeContext(s); }
};
using Codec = std::unique_ptr<AVCodecContext, FreeCodec>;
using Frame = std::unique_ptr<AVFrame, FreeFrame>;
using Packet = std::unique_ptr<AVPacket, FreePacket>;
using Graph = std::unique_ptr<AVFilterGraph, FreeGraph>;
using Scaler = std::unique_ptr<SwsContext, FreeScaler>;
using Format = std::unique_ptr<AVFormatContext, FreeFormat>;
using Io = std::unique_ptr<AVIOContext, FreeIo>;

// A frame of `format`, with its buffers. Throws ripple::Error when out of memory.
Frame makeFrame(AVPixelFormat format, int width, int height);

// libav's text for an error code, and, when libav logged an error since the
// last call (x264's "width not divisible by 2", a filter's complaint), that
// line too: "Invalid argument: width not divisible by 2". libav's own log
// never reaches the terminal (see quietLogs()).
std::string errorText(int code);

// Forgets the error line libav logged last, so that errorText() does not hang
// it on a later, unrelated failure: called as a file is opened.
void forgetLoggedError();

// Silences libav's log for the whole process, once: ripple's errors are one
// line each, and x264's statistics are not the user's business. The last
// error-level line is kept for errorText().
void quietLogs();

}  // namespace ripple::av

#include "video_reader.hpp"

extern "C" {
#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
#include <libavutil/pixdesc.h>
#include <libswscale/swscale.h>
}

#include <cstdlib>
#include <cstring>
#include <memory>

namespace ripple::test {
namespace {

// The RGBA picture of a decoded frame, with the colours the stream says it
// has (BT.709 or BT.601, limited or full range).
Picture toRgba(const AVFrame& frame) {
  Picture image(frame.width, frame.height);
  SwsContext* sws =
      sws_getContext(frame.width, frame.height, AVPixelFormat(frame.format), frame.width, frame.height, AV_PIX_FMT_RGBA,
                     SWS_BICUBIC | SWS_ACCURATE_RND | SWS_FULL_CHR_H_INT, nullptr, nullptr, nullptr);
  const int* coefficients = sws_getCoefficients(frame.colorspace == AVCOL_SPC_BT709 ? SWS_CS_ITU709 : SWS_CS_ITU601);
  sws_setColorspaceDetails(sws, coefficients, frame.color_range == AVCOL_RANGE_JPEG ? 1 : 0, coefficients, 1, 0,
                           1 << 16, 1 << 16);
  std::uint8_t* planes[1] = {image.rgba.data()};
  const int stride[1] = {frame.width * 4};
  sws_scale(sws, frame.data, frame.linesize, 0, frame.height, planes, stride);
  sws_freeContext(sws);
  return image;
}

}  // namespace

DecodedVideo readVideo(const std::string& path) {
  DecodedVideo video;
  av_log_set_level(AV_LOG_ERROR);
  AVFormatContext* format = nullptr;
  if (avformat_open_input(&format, path.c_str(), nullptr, nullptr) < 0) {
    video.error = "cannot open " + path;
    return video;
  }
  std::unique_ptr<AVFormatContext, void (*)(AVFormatContext*)> closeFormat(
      format, [](AVFormatContext* f) { avformat_close_input(&f); });
  if (avformat_find_stream_info(format, nullptr) < 0) {
    video.error = "no stream info in " + path;
    return video;
  }
  const AVCodec* codec = nullptr;
  const int index = av_find_best_stream(format, AVMEDIA_TYPE_VIDEO, -1, -1, &codec, 0);
  if (index < 0 || !codec) {
    video.error = "no video stream in " + path;
    return video;
  }
  const AVStream* stream = format->streams[index];
  video.container = format->iformat->name;
  video.codec = codec->name;
  video.width = stream->codecpar->width;
  video.height = stream->codecpar->height;
  video.frameRateNum = stream->avg_frame_rate.num;
  video.frameRateDen = stream->avg_frame_rate.den;
  video.containerFrames = stream->nb_frames;

  std::unique_ptr<AVCodecContext, void (*)(AVCodecContext*)> decoder(
      avcodec_alloc_context3(codec), [](AVCodecContext* c) { avcodec_free_context(&c); });
  avcodec_parameters_to_context(decoder.get(), stream->codecpar);
  if (avcodec_open2(decoder.get(), codec, nullptr) < 0) {
    video.error = "cannot open the decoder of " + path;
    return video;
  }
  AVPacket* packet = av_packet_alloc();
  AVFrame* frame = av_frame_alloc();
  auto receive = [&] {
    while (avcodec_receive_frame(decoder.get(), frame) == 0) {
      video.pixelFormat = av_get_pix_fmt_name(AVPixelFormat(frame->format));
      video.frames.push_back(toRgba(*frame));
      av_frame_unref(frame);
    }
  };
  long long duration = 0;
  while (av_read_frame(format, packet) >= 0) {
    if (packet->stream_index == index) {
      ++video.packets;
      duration += packet->duration;
      if (avcodec_send_packet(decoder.get(), packet) < 0) video.error = "a packet did not decode";
      receive();
    }
    av_packet_unref(packet);
  }
  avcodec_send_packet(decoder.get(), nullptr);
  receive();
  video.seconds = double(duration) * stream->time_base.num / stream->time_base.den;
  av_frame_free(&frame);
  av_packet_free(&packet);
  return video;
}

FrameDifference difference(const Picture& a, const Picture& b) {
  FrameDifference d;
  if (a.width != b.width || a.height != b.height) return {1e9, 255};
  long long sum = 0;
  const size_t pixels = static_cast<size_t>(a.width) * a.height;
  for (size_t i = 0; i < pixels; ++i) {
    for (int c = 0; c < 3; ++c) {
      const int delta = std::abs(int(a.rgba[i * 4 + c]) - int(b.rgba[i * 4 + c]));
      sum += delta;
      if (delta > d.largest) d.largest = delta;
    }
  }
  d.mean = pixels ? double(sum) / (pixels * 3) : 0;
  return d;
}

}  // namespace ripple::test

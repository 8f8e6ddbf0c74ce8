#include "record/mp4_writer.hpp"

extern "C" {
#include <libavutil/opt.h>
}

#include <algorithm>
#include <cstring>

#include "ripple/types.hpp"
#include "record/scaler_input.hpp"

namespace ripple {
namespace {

// libx264's settings by EncoderSpeed (video_encoder.hpp). Offline:
// "veryfast" at CRF 18, "visually lossless": the picture under the water is
// full of fine detail (pebbles, grout), which CRF 20 and 23 visibly soften.
// Live: "ultrafast", which has no deblocking filter and so keeps more of
// that detail at a given CRF: at CRF 23 as near the original as veryfast
// at 18, with fewer bits and so less work (BENCHMARKS.md).
struct X264Settings {
  const char* preset;
  const char* crf;
};
constexpr X264Settings kOffline{"veryfast", "18"}, kLive{"ultrafast", "23"};

}  // namespace

Mp4Writer::Mp4Writer(const std::string& path, int width, int height, int fps, EncoderSpeed speed,
                     ExistingTarget existing)
    : file_(path, "mp4", existing) {
  const AVCodec* h264 = avcodec_find_encoder_by_name("libx264");
  if (!h264) h264 = avcodec_find_encoder(AV_CODEC_ID_H264);
  if (!h264)
    file_.fail("this FFmpeg has no H.264 encoder (Debian's libavcodec has libx264)", AVERROR_ENCODER_NOT_FOUND);
  encoder_.reset(avcodec_alloc_context3(h264));
  if (!encoder_) file_.fail("out of memory", AVERROR(ENOMEM));
  encoder_->width = width + (width & 1);
  encoder_->height = height + (height & 1);
  encoder_->pix_fmt = AV_PIX_FMT_YUV420P;
  encoder_->time_base = {1, fps};
  encoder_->framerate = {fps, 1};
  // The colours as converted below (BT.709, limited range), so that players
  // turn them back into the same RGB.
  encoder_->color_primaries = AVCOL_PRI_BT709;
  encoder_->color_trc = AVCOL_TRC_BT709;
  encoder_->colorspace = AVCOL_SPC_BT709;
  encoder_->color_range = AVCOL_RANGE_MPEG;
  if (file_.wantsGlobalHeader()) encoder_->flags |= AV_CODEC_FLAG_GLOBAL_HEADER;
  if (std::strcmp(h264->name, "libx264") == 0) {
    const X264Settings& settings = speed == EncoderSpeed::Live ? kLive : kOffline;
    av_opt_set(encoder_->priv_data, "preset", settings.preset, 0);
    av_opt_set(encoder_->priv_data, "crf", settings.crf, 0);
    // Live: one thread, which x264 keeps busy with less work in all than
    // its frame threads take.
    if (speed == EncoderSpeed::Live) encoder_->thread_count = 1;
  }
  int code = avcodec_open2(encoder_.get(), h264, nullptr);
  if (code < 0) {
    file_.fail("the H.264 encoder refused " + std::to_string(encoder_->width) + "x" + std::to_string(encoder_->height) +
                   " at " + std::to_string(fps) + " frames a second",
               code);
  }
  file_.addStreamAndWriteHeader(*encoder_);
  yuv_ = av::makeFrame(AV_PIX_FMT_YUV420P, encoder_->width, encoder_->height);
  toYuv_.reset(sws_getContext(encoder_->width, encoder_->height, AV_PIX_FMT_RGBA, encoder_->width, encoder_->height,
                              AV_PIX_FMT_YUV420P, SWS_BICUBIC | SWS_ACCURATE_RND | SWS_FULL_CHR_H_INP, nullptr, nullptr,
                              nullptr));
  if (!toYuv_) file_.fail("cannot convert RGBA to yuv420p", AVERROR(EINVAL));
  const int* bt709 = sws_getCoefficients(SWS_CS_ITU709);
  sws_setColorspaceDetails(toYuv_.get(), bt709, 1, bt709, 0, 0, 1 << 16, 1 << 16);
}

void Mp4Writer::addFrame(const Picture& frame, RowOrder rows, int copies) {
  const ScalerInput input = scalerInput(frame, rows, encoder_->width, encoder_->height, staged_);
  const std::uint8_t* first[1] = {input.firstRow};
  const int stride[1] = {input.stride};
  const int code = av_frame_make_writable(yuv_.get());  // the encoder may still hold the last one
  if (code < 0) file_.fail("out of memory", code);
  sws_scale(toYuv_.get(), first, stride, 0, encoder_->height, yuv_->data, yuv_->linesize);
  // Converted once; x264 itself takes about as long over a repeated frame
  // as over a new one.
  for (int i = 0; i < copies; ++i) {
    yuv_->pts = frames_++;
    file_.encode(*encoder_, yuv_.get());
  }
}

void Mp4Writer::finish(const WriteProgress& progress) {
  file_.encode(*encoder_, nullptr);  // the frames x264 held back to look ahead
  file_.finish();
  if (progress) progress(frames_, frames_);
}

}  // namespace ripple

#include "record/gif_writer.hpp"

extern "C" {
#include <libavfilter/buffersink.h>
#include <libavfilter/buffersrc.h>
#include <libavutil/pixdesc.h>
}

#include <cstring>

#include "ripple/types.hpp"

namespace ripple {
namespace {

// All 256 colours for the water (none kept for transparency: the frames are
// opaque). Ordered (Bayer) dithering rather than error diffusion: its
// pattern is tied to the pixel's place, so water that stands still keeps
// its pixels from frame to frame instead of shimmering, and smooth
// gradients still do not band.
constexpr const char* kPaletteGen = "max_colors=256:reserve_transparent=0:stats_mode=full";
constexpr const char* kPaletteUse = "dither=bayer:bayer_scale=3";

AVFilterContext* addFilter(MuxedFile& file, AVFilterGraph& graph, const char* filter, const char* name,
                           const std::string& args) {
  AVFilterContext* context = nullptr;
  const int code =
      avfilter_graph_create_filter(&context, avfilter_get_by_name(filter), name, args.c_str(), nullptr, &graph);
  if (code < 0) file.fail(std::string("cannot set up libavfilter's ") + filter, code);
  return context;
}

av::Graph makeGraph(MuxedFile& file) {
  av::Graph graph(avfilter_graph_alloc());
  if (!graph) file.fail("out of memory", AVERROR(ENOMEM));
  graph->nb_threads = 1;  // the recorder's thread is the one it gets
  return graph;
}

void link(MuxedFile& file, AVFilterContext* from, AVFilterContext* to, unsigned toPad = 0) {
  const int code = avfilter_link(from, 0, to, toPad);
  if (code < 0) file.fail("cannot link libavfilter's filters", code);
}

void configure(MuxedFile& file, AVFilterGraph& graph) {
  const int code = avfilter_graph_config(&graph, nullptr);
  if (code < 0) file.fail("cannot set up libavfilter's palette filters", code);
}

std::string bufferArgs(int width, int height, const char* pixelFormat, int fps) {
  return "video_size=" + std::to_string(width) + "x" + std::to_string(height) + ":pix_fmt=" + pixelFormat +
         ":time_base=1/" + std::to_string(fps) + ":pixel_aspect=1/1";
}

// Hands a frame (or the end, nullptr) to a graph's input and runs the graph
// on it at once (PUSH), so that no frame waits in the graph's queues.
void push(MuxedFile& file, AVFilterContext* input, AVFrame* frame) {
  const int code = av_buffersrc_add_frame_flags(input, frame, AV_BUFFERSRC_FLAG_PUSH | AV_BUFFERSRC_FLAG_KEEP_REF);
  if (code < 0) file.fail("libavfilter refused a frame", code);
}

}  // namespace

GifWriter::GifWriter(const std::string& path, int width, int height, int fps, ExistingTarget existing)
    : file_(path, "gif", existing),
      width_(width),
      height_(height),
      fps_(fps),
      spool_(path, static_cast<size_t>(width) * height * 3),
      rgb_(static_cast<size_t>(width) * height * 3) {
  const AVCodec* gif = avcodec_find_encoder(AV_CODEC_ID_GIF);
  if (!gif) file_.fail("this FFmpeg has no GIF encoder", AVERROR_ENCODER_NOT_FOUND);
  encoder_.reset(avcodec_alloc_context3(gif));
  if (!encoder_) file_.fail("out of memory", AVERROR(ENOMEM));
  encoder_->width = width;
  encoder_->height = height;
  encoder_->pix_fmt = AV_PIX_FMT_PAL8;
  encoder_->time_base = {1, fps};
  encoder_->framerate = {fps, 1};
  const int code = avcodec_open2(encoder_.get(), gif, nullptr);
  if (code < 0) {
    file_.fail("the GIF encoder refused " + std::to_string(width) + "x" + std::to_string(height), code);
  }
  file_.addStreamAndWriteHeader(*encoder_);

  paletteGraph_ = makeGraph(file_);
  paletteInput_ = addFilter(file_, *paletteGraph_, "buffer", "frames", bufferArgs(width, height, "rgb24", fps));
  AVFilterContext* palettegen = addFilter(file_, *paletteGraph_, "palettegen", "palettegen", kPaletteGen);
  paletteOutput_ = addFilter(file_, *paletteGraph_, "buffersink", "palette", "");
  link(file_, paletteInput_, palettegen);
  link(file_, palettegen, paletteOutput_);
  configure(file_, *paletteGraph_);
}

av::Frame GifWriter::rgbFrame(long long pts) {
  av::Frame frame = av::makeFrame(AV_PIX_FMT_RGB24, width_, height_);
  const size_t row = static_cast<size_t>(width_) * 3;
  for (int y = 0; y < height_; ++y) std::memcpy(frame->data[0] + y * frame->linesize[0], &rgb_[y * row], row);
  frame->pts = pts;
  return frame;
}

void GifWriter::addFrame(const Picture& frame, RowOrder rows, int copies) {
  for (int y = 0; y < height_; ++y) {
    const std::uint8_t* from = frame.pixel(0, rows == RowOrder::BottomFirst ? height_ - 1 - y : y);
    std::uint8_t* to = &rgb_[static_cast<size_t>(y) * width_ * 3];
    for (int x = 0; x < width_; ++x) std::memcpy(to + x * 3, from + x * 4, 3);  // alpha dropped: opaque
  }
  // Each copy is a frame of the GIF, and counts in the palette as long as
  // it is shown.
  for (int i = 0; i < copies; ++i) {
    spool_.append(rgb_.data());
    push(file_, paletteInput_, rgbFrame(spool_.frames() - 1).get());
  }
}

void GifWriter::encodeWhatTheGraphGives(AVFilterContext* sink) {
  av::Frame mapped(av_frame_alloc());
  if (!mapped) file_.fail("out of memory", AVERROR(ENOMEM));
  for (;;) {
    const int code = av_buffersink_get_frame(sink, mapped.get());
    if (code == AVERROR(EAGAIN) || code == AVERROR_EOF) return;
    if (code < 0) file_.fail("libavfilter's paletteuse failed", code);
    file_.encode(*encoder_, mapped.get());
    av_frame_unref(mapped.get());
  }
}

void GifWriter::finish(const WriteProgress& progress) {
  // The palette, from every frame's colours.
  push(file_, paletteInput_, nullptr);
  av::Frame palette(av_frame_alloc());
  if (!palette) file_.fail("out of memory", AVERROR(ENOMEM));
  int code = av_buffersink_get_frame(paletteOutput_, palette.get());
  if (code < 0) file_.fail("libavfilter's palettegen made no palette", code);
  paletteGraph_.reset();

  // Each spooled frame mapped to it, then encoded.
  const av::Graph graph = makeGraph(file_);
  AVFilterContext* frames = addFilter(file_, *graph, "buffer", "frames", bufferArgs(width_, height_, "rgb24", fps_));
  AVFilterContext* paletteInput =
      addFilter(file_, *graph, "buffer", "palette",
                bufferArgs(palette->width, palette->height, av_get_pix_fmt_name(AVPixelFormat(palette->format)), fps_));
  AVFilterContext* paletteuse = addFilter(file_, *graph, "paletteuse", "paletteuse", kPaletteUse);
  AVFilterContext* output = addFilter(file_, *graph, "buffersink", "gif", "");
  link(file_, frames, paletteuse, 0);
  link(file_, paletteInput, paletteuse, 1);
  link(file_, paletteuse, output);
  configure(file_, *graph);
  palette->pts = 0;
  push(file_, paletteInput, palette.get());
  push(file_, paletteInput, nullptr);  // one palette for the whole clip

  const long long total = spool_.frames();
  for (long long i = 0; i < total; ++i) {
    spool_.read(i, rgb_.data());
    push(file_, frames, rgbFrame(i).get());
    encodeWhatTheGraphGives(output);
    if (progress) progress(i + 1, total);
  }
  push(file_, frames, nullptr);
  encodeWhatTheGraphGives(output);
  file_.encode(*encoder_, nullptr);
  file_.finish();
}

}  // namespace ripple

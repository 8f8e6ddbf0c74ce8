#pragma once
// A GIF whose 256 colours are chosen for the clip, in two passes: while the
// frames come, each goes to libavfilter's palettegen, which keeps only a
// histogram of its colours, and to a spool on the disk (frame_spool.hpp);
// at finish() the palette is made, and the spooled frames are mapped to it
// by paletteuse and encoded. Neither pass holds more than a frame in memory:
// the alternative, letting the filter graph buffer the clip until the
// palette exists, would hold every frame (2.6 MiB each at 1280x720; a
// minute at 30 frames a second is 4.7 GiB). The spool takes as much disk
// until the end (3 bytes a pixel).
#include "record/frame_spool.hpp"
#include "record/libav.hpp"
#include "record/muxed_file.hpp"
#include "record/video_encoder.hpp"

namespace ripple {

class GifWriter final : public VideoEncoder {
 public:
  GifWriter(const std::string& path, int width, int height, int fps, ExistingTarget existing = ExistingTarget::Replace);
  void addFrame(const Picture& frame, RowOrder rows, int copies) override;
  void finish(const WriteProgress& progress) override;
  const std::string& path() const override { return file_.path(); }

 private:
  // The spooled rgb24 bytes `rgb_` as a frame for a filter's input.
  av::Frame rgbFrame(long long pts);
  void encodeWhatTheGraphGives(AVFilterContext* sink);

  MuxedFile file_;
  int width_, height_, fps_;
  av::Codec encoder_;
  av::Graph paletteGraph_;
  AVFilterContext* paletteInput_ = nullptr;  // owned by the graph
  AVFilterContext* paletteOutput_ = nullptr;
  FrameSpool spool_;
  std::vector<std::uint8_t> rgb_;  // one frame, 3 bytes a pixel, rows top first
};

}  // namespace ripple

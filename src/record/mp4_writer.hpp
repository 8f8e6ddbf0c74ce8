#pragma once
// An MP4 of H.264 (libx264, yuv420p), frame by frame as they come.
#include "record/libav.hpp"
#include "record/muxed_file.hpp"
#include "record/video_encoder.hpp"

namespace ripple {

class Mp4Writer final : public VideoEncoder {
 public:
  Mp4Writer(const std::string& path, int width, int height, int fps, EncoderSpeed speed,
            ExistingTarget existing = ExistingTarget::Replace);
  void addFrame(const Picture& frame, RowOrder rows, int copies) override;
  void finish(const WriteProgress& progress) override;
  const std::string& path() const override { return file_.path(); }

 private:
  MuxedFile file_;
  av::Codec encoder_;
  av::Frame yuv_;
  av::Scaler toYuv_;
  Picture staged_;  // a frame swscale cannot read as it is, copied (scaler_input.hpp)
  long long frames_ = 0;
};

}  // namespace ripple

#include "record/video_encoder.hpp"

#include "ripple/types.hpp"
#include "record/gif_writer.hpp"
#include "record/mp4_writer.hpp"
#include "record/video_format.hpp"

namespace ripple {

std::unique_ptr<VideoEncoder> openVideoEncoder(const std::string& path, int width, int height, int fps,
                                               EncoderSpeed speed, ExistingTarget existing) {
  const std::optional<VideoFormat> format = videoFormatOf(path);
  if (!format) throw Error("cannot record: " + videoNameProblem(path));
  if (width < 1 || height < 1 || !limits::videoFps.contains(fps)) {
    throw Error("cannot record '" + path + "': " + std::to_string(width) + "x" + std::to_string(height) + " at " +
                std::to_string(fps) + " frames a second is no video");
  }
  if (*format == VideoFormat::Gif) return std::make_unique<GifWriter>(path, width, height, fps, existing);
  return std::make_unique<Mp4Writer>(path, width, height, fps, speed, existing);
}

}  // namespace ripple

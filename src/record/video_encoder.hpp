#pragma once
// Encodes RGBA frames into a video file, on the calling thread (the
// recorder, video_recorder.hpp, gives it a thread of its own). The file is
// written beside the target and renamed over it by finish(); an encoder
// destroyed unfinished, or one that failed, leaves nothing behind.
#include <functional>
#include <memory>
#include <string>

#include "common/atomic_file.hpp"
#include "ripple/picture.hpp"

namespace ripple {

// (frames done, frames in all) while finish() writes what it kept back.
using WriteProgress = std::function<void(long long done, long long total)>;

// How a frame's rows are stored: top first (pictures, the headless frames)
// or bottom first (what glReadPixels gives). The encoders read either as it
// is, in the conversion they make anyway.
enum class RowOrder { TopFirst, BottomFirst };

// How hard the MP4's encoder works a frame. Live: the window records while
// it draws, on the cores it draws with: x264's "ultrafast" on one thread,
// the cheapest it has (BENCHMARKS.md has what it costs the window).
// Offline: a headless run, which waits for nobody: "veryfast", whose files
// are far smaller than ultrafast's at the same CRF (BENCHMARKS.md).
enum class EncoderSpeed { Live, Offline };

class VideoEncoder {
 public:
  virtual ~VideoEncoder() = default;
  // One frame of the size the encoder was opened with, shown for `copies`
  // frames of the video (converted once). Throws ripple::Error naming the
  // file.
  virtual void addFrame(const Picture& frame, RowOrder rows, int copies) = 0;
  // Writes the rest and renames the file over the target. Throws as addFrame.
  virtual void finish(const WriteProgress& progress) = 0;
  // The target; after finish(), the name the file got (ExistingTarget).
  virtual const std::string& path() const = 0;
};

// The format follows `path`'s extension (video_format.hpp):
//   .mp4: H.264 (libx264), yuv420p. yuv420p halves the colour both ways, so
//         H.264 takes only even sizes: an odd width or height is padded by
//         repeating the last column or row, never cropped, so that every
//         pixel of the water is in the file (a 641x481 window makes a
//         642x482 video) and any size down to 1x1 records.
//   .gif: a palette of 256 colours made for the whole clip (palettegen),
//         then each frame mapped to it with ordered dithering (paletteuse):
//         see gif_writer.cpp.
// Throws ripple::Error (naming `path`) when the name is neither, the folder
// takes no file, or the encoder refuses the size: before any frame.
std::unique_ptr<VideoEncoder> openVideoEncoder(const std::string& path, int width, int height, int fps,
                                               EncoderSpeed speed = EncoderSpeed::Offline,
                                               ExistingTarget existing = ExistingTarget::Replace);

}  // namespace ripple

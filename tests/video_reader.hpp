#pragma once
// Reads a recorded video back with libav's own demuxer and decoder, for the
// tests: what a player would see, independent of the recorder's code.
#include <string>
#include <vector>

#include "core/image.hpp"

namespace ripple::test {

struct DecodedVideo {
  std::string error;        // empty when the file was read
  std::string container;    // the demuxer's name, e.g. "mov,mp4,m4a,3gp,3g2,mj2" or "gif"
  std::string codec;        // "h264", "gif"
  std::string pixelFormat;  // the decoder's, e.g. "yuv420p", "bgra"
  int width = 0, height = 0;
  int frameRateNum = 0, frameRateDen = 0;  // the stream's average frame rate
  long long containerFrames = 0;           // as the container counts them (0: it does not say)
  long long packets = 0;
  double seconds = 0;           // the packets' durations added up
  std::vector<Picture> frames;  // decoded to RGBA, top row first
};

DecodedVideo readVideo(const std::string& path);

// How far apart two frames of one size are, over R, G and B (0-255): the
// mean absolute difference and the largest.
struct FrameDifference {
  double mean = 0;
  int largest = 0;
};
FrameDifference difference(const Picture& a, const Picture& b);

}  // namespace ripple::test

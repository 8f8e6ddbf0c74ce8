#pragma once
// What swscale reads an RGBA frame from when it converts it for the H.264
// encoder. swscale's RGBA readers read whole blocks of pixels, past the end
// of a row narrower than a block, and so past the end of the frame on its
// last row (seen: rows of 2 to 6 pixels read beyond a guard page, rows of 8
// and more did not). A frame with short rows, or of another size than the
// encoder's, is read from a staged copy instead.
#include <cstdint>

#include "ripple/picture.hpp"
#include "record/video_encoder.hpp"

namespace ripple {

// The shortest row swscale is given: every row, the last included, has at
// least this many pixels readable from its start.
inline constexpr int kScalerRowPixels = 16;

struct ScalerInput {
  const std::uint8_t* firstRow;  // the picture's top row
  int stride;                    // bytes from one row to the next below it; negative: upwards in memory
};

// `frame` as a width x height picture (the encoder's size: the frame's, or
// one column or row more for an odd side): the frame itself when it is that
// size with rows of at least kScalerRowPixels, whichever order its rows come
// in; otherwise `staging`, a copy top first in rows of at least
// kScalerRowPixels, an added column or row repeating the frame's edge.
ScalerInput scalerInput(const Picture& frame, RowOrder rows, int width, int height, Picture& staging);

}  // namespace ripple

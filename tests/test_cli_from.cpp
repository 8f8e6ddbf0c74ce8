// --from and --video-size, through the real binary: where the sequences
// (--save-frames, --save-heights, --save-video) start, and the video's size.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>

#include "cli_files.hpp"
#include "cli_runner.hpp"
#include "core/image.hpp"
#include "video_reader.hpp"

namespace ripple {
namespace {

namespace fs = std::filesystem;
using test::expectUsageError;
using test::headless;
using test::runRipple;

TEST(CliSequence, FromStartsTheSequencesAtThatStep) {
  const fs::path dir = test::scratchFolder("cli_from") / "frames";
  const test::RunResult r = runRipple(headless({"--size", "32x24", "--drop", "16,12,4,80", "--steps", "10", "--from",
                                                "4", "--every", "3", "--quiet", "--save-frames", dir.string()}));
  ASSERT_EQ(r.exitCode, 0) << r.err;
  std::vector<std::string> names;
  for (const auto& entry : fs::directory_iterator(dir)) names.push_back(entry.path().filename().string());
  std::sort(names.begin(), names.end());
  EXPECT_EQ(names, (std::vector<std::string>{"frame_000004.png", "frame_000007.png", "frame_000010.png"}));
}

TEST(CliSequence, VideoSizeScalesTheVideosFrames) {
  const fs::path dir = test::scratchFolder("cli_video_size");
  const std::string gif = (dir / "small.gif").string(), frames = (dir / "frames").string();
  ASSERT_EQ(runRipple(headless({"--size", "64x48", "--drop", "32,24,6,90", "--steps", "6", "--every", "2",
                                "--video-size", "32x24", "--quiet", "--save-video", gif, "--save-frames", frames}))
                .exitCode,
            0);
  const test::DecodedVideo video = test::readVideo(gif);
  ASSERT_TRUE(video.error.empty()) << video.error;
  EXPECT_EQ(video.width, 32);
  EXPECT_EQ(video.height, 24);
  ASSERT_EQ(video.frames.size(), 4u);
  // The last frame is the PNG of that step, scaled down (within the palette's error).
  const Picture scaled = coverPicture(loadImageFile(frames + "/frame_000006.png"), 32, 24);
  EXPECT_LT(test::difference(video.frames.back(), scaled).mean, 6.0);
}

TEST(CliSequence, UsageErrors) {
  expectUsageError(headless({"--steps", "5", "--from", "2"}), "--from: sets where --save-frames");
  expectUsageError(headless({"--steps", "5", "--from", "6", "--save-frames", "x"}),
                   "--from: '6' is after the last step");
  expectUsageError(headless({"--video-size", "20x10"}), "--video-size: sets the size of --save-video");
  expectUsageError(headless({"--video-size", "0x10", "--save-video", "a.gif"}), "--video-size: '0x10' must be");
  expectUsageError({"--from", "3"}, "--from: needs --headless");
}

}  // namespace
}  // namespace ripple

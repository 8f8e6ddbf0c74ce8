// The recorder on its own, no GL: frames of a known pattern into MP4 and
// GIF files, read back with libav's own demuxer and decoder (video_reader):
// the frame count, size and rate the container says, each frame where it
// belongs, odd sizes, rows bottom first, repeated frames; and what a bad
// name, a folder that takes no files and a full disk give.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <csignal>
#include <cstddef>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iterator>
#include <random>
#include <thread>

extern "C" {
#include <libavutil/error.h>
#include <libavutil/log.h>
}

#include "common/atomic_file.hpp"
#include "core/error.hpp"
#include "record/frame_pacer.hpp"
#include "record/libav.hpp"
#include "record/scaler_input.hpp"
#include "record/video_recorder.hpp"
#include "test_folder.hpp"
#include "video_reader.hpp"

namespace ripple {
namespace {

namespace fs = std::filesystem;
using test::difference;
using test::readVideo;

fs::path scratch(const std::string& name) { return test::testFolder("video_test") / name; }

// Frame n of a clip: smooth gradients (which a poor palette would band) and
// a bright disc that goes round a circle, a twentieth of a turn a frame, so
// that neighbouring frames differ clearly and a frame out of place is seen.
Picture patternFrame(int n, int width, int height) {
  Picture frame(width, height);
  const double turn = 2 * M_PI * n / 20;
  const double cx = width / 2.0 + height / 4.0 * std::cos(turn), cy = height / 2.0 + height / 4.0 * std::sin(turn);
  for (int y = 0; y < height; ++y) {
    for (int x = 0; x < width; ++x) {
      std::uint8_t* p = frame.pixel(x, y);
      const bool disc = std::hypot(x - cx, y - cy) < height / 5.0;
      p[0] = disc ? 250 : std::uint8_t(40 + 150 * x / width);
      p[1] = disc ? 240 : std::uint8_t(60 + 120 * y / height);
      p[2] = disc ? 90 : std::uint8_t(200 - 100 * x / width);
      p[3] = 255;
    }
  }
  return frame;
}

void record(const fs::path& path, int width, int height, int fps, int frames) {
  VideoRecorder recorder(path.string(), width, height, fps);
  for (int n = 0; n < frames; ++n) recorder.push(patternFrame(n, width, height));
  recorder.finish();
}

// Nothing in the folder but the files named: no temporary file left behind.
std::string contentsOf(const fs::path& path) {
  std::ifstream in(path);
  return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

std::vector<std::string> filesIn(const fs::path& dir) {
  std::vector<std::string> names;
  for (const auto& e : fs::directory_iterator(dir)) names.push_back(e.path().filename().string());
  std::sort(names.begin(), names.end());
  return names;
}

std::string errorOf(const std::function<void()>& f) {
  try {
    f();
  } catch (const Error& e) {
    return e.what();
  }
  return "";
}

// The codec's tolerance, in levels of 0-255 averaged over R, G and B: H.264
// at CRF 20 with yuv420p (colour at half resolution both ways, which blurs
// the disc's saturated rim: measured 2.5) and a GIF's 256 dithered colours
// (measured 2.1). A frame's neighbour in the clip is 6 or more away.
constexpr double kMp4Tolerance = 3.5;
constexpr double kGifTolerance = 3.5;

// Each decoded frame is within tolerance of the one pushed at its place,
// and nearer to it than to its neighbours (the order is kept).
void expectFramesInPlace(const test::DecodedVideo& video, int width, int height, double tolerance) {
  double worst = 0;
  for (size_t n = 0; n < video.frames.size(); ++n) {
    const double own = difference(video.frames[n], patternFrame(int(n), width, height)).mean;
    worst = std::max(worst, own);
    EXPECT_LE(own, tolerance) << "frame " << n;
    for (int other : {int(n) - 1, int(n) + 1}) {
      if (other < 0 || other >= int(video.frames.size())) continue;
      EXPECT_GT(difference(video.frames[n], patternFrame(other, width, height)).mean, own + 1.0)
          << "frame " << n << " looks like frame " << other;
    }
  }
  std::printf("%s: largest mean difference of a frame from its original %.3f levels (tolerance %.1f)\n",
              video.codec.c_str(), worst, tolerance);
}

TEST(VideoRecorder, Mp4HasTheFramesSizeAndRateItWasGiven) {
  record(scratch("clip.mp4"), 96, 64, 30, 45);
  const test::DecodedVideo video = readVideo(scratch("clip.mp4").string());
  ASSERT_TRUE(video.error.empty()) << video.error;
  EXPECT_EQ(video.codec, "h264");
  EXPECT_EQ(video.pixelFormat, "yuv420p");
  EXPECT_EQ(video.width, 96);
  EXPECT_EQ(video.height, 64);
  EXPECT_EQ(video.frameRateNum, 30);
  EXPECT_EQ(video.frameRateDen, 1);
  EXPECT_EQ(video.containerFrames, 45);
  EXPECT_EQ(video.frames.size(), 45u);
  EXPECT_DOUBLE_EQ(video.seconds, 1.5);
  expectFramesInPlace(video, 96, 64, kMp4Tolerance);
}

TEST(VideoRecorder, GifHasTheFramesSizeAndRateItWasGiven) {
  record(scratch("clip.gif"), 96, 64, 25, 30);
  const test::DecodedVideo video = readVideo(scratch("clip.gif").string());
  ASSERT_TRUE(video.error.empty()) << video.error;
  EXPECT_EQ(video.codec, "gif");
  EXPECT_EQ(video.width, 96);
  EXPECT_EQ(video.height, 64);
  EXPECT_EQ(video.frames.size(), 30u);
  EXPECT_EQ(video.packets, 30);
  // 25 frames a second is 4 hundredths a frame, which a GIF holds exactly.
  EXPECT_DOUBLE_EQ(video.seconds, 1.2);
  EXPECT_EQ(video.frameRateNum * 1.0 / video.frameRateDen, 25.0);
  expectFramesInPlace(video, 96, 64, kGifTolerance);
}

// 30 frames a second is 3 1/3 hundredths: the GIF's delays go 3, 3, 4 (as
// the frames' times round), so that the clip lasts what it should.
TEST(VideoRecorder, GifAtThirtyFramesASecondKeepsItsLength) {
  record(scratch("thirty.gif"), 32, 24, 30, 31);
  const test::DecodedVideo video = readVideo(scratch("thirty.gif").string());
  ASSERT_TRUE(video.error.empty()) << video.error;
  EXPECT_EQ(video.frames.size(), 31u);
  EXPECT_NEAR(video.seconds, 31 / 30.0, 0.01);
}

TEST(VideoRecorder, TheExtensionChoosesTheFormatInAnyCase) {
  record(scratch("upper.MP4"), 32, 24, 30, 3);
  record(scratch("mixed.Gif"), 32, 24, 30, 3);
  EXPECT_EQ(readVideo(scratch("upper.MP4").string()).codec, "h264");
  EXPECT_EQ(readVideo(scratch("mixed.Gif").string()).codec, "gif");
  const std::string avi = scratch("clip.avi").string();
  EXPECT_EQ(errorOf([&] { VideoRecorder(avi, 32, 24, 30); }),
            "cannot record: '" + avi + "' must end in .mp4 (H.264) or .gif: the format follows the file name");
  EXPECT_FALSE(fs::exists(avi));
}

// H.264 in yuv420p takes even sizes: an odd side is padded by repeating the
// last column or row, so that every pixel is kept. A GIF keeps any size.
TEST(VideoRecorder, OddSizesArePaddedForMp4AndKeptForGif) {
  record(scratch("odd.mp4"), 97, 65, 30, 4);
  record(scratch("odd.gif"), 97, 65, 30, 4);
  const test::DecodedVideo mp4 = readVideo(scratch("odd.mp4").string());
  ASSERT_TRUE(mp4.error.empty()) << mp4.error;
  EXPECT_EQ(mp4.width, 98);
  EXPECT_EQ(mp4.height, 66);
  ASSERT_EQ(mp4.frames.size(), 4u);
  // The frame as recorded, padded as the recorder says it pads; and the
  // added column and row alone hold the frame's edge.
  const Picture original = patternFrame(0, 97, 65);
  Picture padded(98, 66), addedColumn(1, 66), addedRow(98, 1), edgeColumn(1, 66), edgeRow(98, 1);
  for (int y = 0; y < 66; ++y)
    for (int x = 0; x < 98; ++x) std::memcpy(padded.pixel(x, y), original.pixel(std::min(x, 96), std::min(y, 64)), 4);
  for (int y = 0; y < 66; ++y) {
    std::memcpy(addedColumn.pixel(0, y), mp4.frames[0].pixel(97, y), 4);
    std::memcpy(edgeColumn.pixel(0, y), padded.pixel(97, y), 4);
  }
  std::memcpy(addedRow.pixel(0, 0), mp4.frames[0].pixel(0, 65), 98 * 4);
  std::memcpy(edgeRow.pixel(0, 0), padded.pixel(0, 65), 98 * 4);
  EXPECT_LE(difference(mp4.frames[0], padded).mean, kMp4Tolerance);
  EXPECT_LE(difference(addedColumn, edgeColumn).mean, kMp4Tolerance);
  EXPECT_LE(difference(addedRow, edgeRow).mean, kMp4Tolerance);
  const test::DecodedVideo gif = readVideo(scratch("odd.gif").string());
  EXPECT_EQ(gif.width, 97);
  EXPECT_EQ(gif.height, 65);
  EXPECT_EQ(gif.frames.size(), 4u);
  // The smallest frame of all.
  record(scratch("tiny.mp4"), 1, 1, 30, 2);
  EXPECT_EQ(readVideo(scratch("tiny.mp4").string()).frames.size(), 2u);
}

// What swscale reads a frame from: every row of the picture, the last
// included, has a whole block of kScalerRowPixels readable from its start
// inside the buffer it lies in (swscale reads that far past a short row),
// and the picture is the frame, top first, padded by its edge to the
// encoder's even size. Frames 1 to 20 pixels wide and one of the window's.
TEST(ScalerInput, EveryRowHasAWholeBlockReadableAndThePictureIsTheFrame) {
  for (int frameWidth : {1, 2, 3, 4, 6, 8, 14, 15, 16, 17, 20, 1280}) {
    for (int frameHeight : {1, 2, 3}) {
      for (RowOrder rows : {RowOrder::TopFirst, RowOrder::BottomFirst}) {
        const int width = frameWidth + (frameWidth & 1), height = frameHeight + (frameHeight & 1);
        const Picture frame = patternFrame(3, frameWidth, frameHeight);
        Picture staging;
        const ScalerInput input = scalerInput(frame, rows, width, height, staging);
        const std::vector<std::uint8_t>& buffer =
            input.firstRow >= staging.rgba.data() && input.firstRow < staging.rgba.data() + staging.rgba.size()
                ? staging.rgba
                : frame.rgba;
        const std::string where = std::to_string(frameWidth) + "x" + std::to_string(frameHeight) +
                                  (rows == RowOrder::BottomFirst ? " bottom first" : " top first");
        for (int y = 0; y < height; ++y) {
          const std::uint8_t* row = input.firstRow + static_cast<std::ptrdiff_t>(y) * input.stride;
          ASSERT_GE(row, buffer.data()) << where << ", row " << y;
          ASSERT_LE(row + kScalerRowPixels * 4, buffer.data() + buffer.size()) << where << ", row " << y;
          for (int x = 0; x < width; ++x) {
            const int fy = std::min(y, frameHeight - 1);
            const std::uint8_t* want =
                frame.pixel(std::min(x, frameWidth - 1), rows == RowOrder::BottomFirst ? frameHeight - 1 - fy : fy);
            ASSERT_EQ(std::memcmp(row + x * 4, want, 4), 0) << where << ", pixel " << x << ", " << y;
          }
        }
      }
    }
  }
}

// What glReadPixels gives (the bottom row first) is turned over; a frame
// pushed for several slots of the video is that many frames.
TEST(VideoRecorder, RowsBottomFirstAndRepeatedFrames) {
  {
    VideoRecorder recorder(scratch("rows.mp4").string(), 64, 48, 30);
    Picture upsideDown(64, 48);
    const Picture frame = patternFrame(5, 64, 48);
    for (int y = 0; y < 48; ++y) std::memcpy(upsideDown.pixel(0, 47 - y), frame.pixel(0, y), 64 * 4);
    recorder.push(upsideDown, RowOrder::BottomFirst, 3);
    recorder.push(patternFrame(9, 64, 48));
    EXPECT_EQ(recorder.framesPushed(), 4);
    recorder.finish();
  }
  const test::DecodedVideo video = readVideo(scratch("rows.mp4").string());
  ASSERT_EQ(video.frames.size(), 4u);
  for (int n = 0; n < 3; ++n) EXPECT_LE(difference(video.frames[n], patternFrame(5, 64, 48)).mean, kMp4Tolerance);
  EXPECT_LE(difference(video.frames[3], patternFrame(9, 64, 48)).mean, kMp4Tolerance);
}

// The window fills spare frames: the memory of frames the thread is done
// with, given back instead of a new frame's.
TEST(VideoRecorder, SpareFramesAreFramesTheThreadIsDoneWith) {
  VideoRecorder recorder(scratch("spares.mp4").string(), 64, 48, 30, EncoderSpeed::Live);
  const Picture none = recorder.spareFrame();  // none yet: a new one
  EXPECT_EQ(none.width, 64);
  EXPECT_EQ(none.height, 48);
  Picture frame = patternFrame(0, 64, 48);
  const std::uint8_t* memory = frame.rgba.data();
  recorder.push(std::move(frame));
  bool reused = false;
  for (int i = 0; i < 200 && !reused; ++i) {
    Picture spare = recorder.spareFrame();
    reused = spare.rgba.data() == memory;
    if (!reused) std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  EXPECT_TRUE(reused) << "the pushed frame's memory should come back";
  recorder.finish();
  EXPECT_EQ(readVideo(scratch("spares.mp4").string()).frames.size(), 1u);
}

TEST(VideoRecorder, AFrameOfAnotherSizeOrNoFrameAtAllIsAnError) {
  const std::string path = scratch("sizes.mp4").string();
  VideoRecorder recorder(path, 64, 48, 30);
  EXPECT_EQ(errorOf([&] { recorder.push(Picture(48, 64)); }),
            "cannot record a 48x64 frame into '" + path + "', which is 64x48");
  EXPECT_EQ(errorOf([&] { recorder.finish(); }), "cannot write '" + path + "': no frame was recorded");
  EXPECT_FALSE(fs::exists(path));
}

// A folder that takes no files is known when the recorder is made, before
// any frame; nothing is created.
TEST(VideoRecorder, APathThatCannotBeWrittenIsRefusedAtOnce) {
  const std::string missing = scratch("no/such/folder/clip.mp4").string();
  EXPECT_EQ(errorOf([&] { VideoRecorder(missing, 32, 24, 30); }),
            "cannot write '" + missing + "': cannot create a file in '" + scratch("no/such/folder").string() +
                "' (No such file or directory)");
  EXPECT_EQ(errorOf([&] {
              VideoRecorder("/proc/clip.gif", 32, 24, 30);
            }).rfind("cannot write '/proc/clip.gif': cannot create a file in '/proc' (", 0),
            0u);
  const std::string folder = scratch("a_folder.mp4").string();
  fs::create_directories(folder);
  EXPECT_EQ(errorOf([&] { VideoRecorder(folder, 32, 24, 30); }), "cannot write '" + folder + "': it is a directory");
}

// A recorder given up unfinished (the window closed by a crash's unwinding,
// an error elsewhere) leaves no file and no temporary file.
TEST(VideoRecorder, UnfinishedLeavesNothingBehind) {
  const fs::path dir = scratch("unfinished");
  fs::create_directories(dir);
  for (const char* name : {"a.mp4", "a.gif"}) {
    VideoRecorder recorder((dir / name).string(), 64, 48, 30);
    for (int n = 0; n < 5; ++n) recorder.push(patternFrame(n, 64, 48));
  }
  EXPECT_TRUE(filesIn(dir).empty());
}

// The window's recordings are named for the second they start in: two that
// chose one name (two windows, one folder, the same second) both keep their
// files, the later one numbered, and a file already there is never replaced.
// A name the user gave (headless --save-video) is replaced as asked.
TEST(VideoRecorder, AMadeUpNameNeverReplacesAFile) {
  const fs::path dir = scratch("made_up");
  fs::create_directories(dir);
  const std::string name = (dir / "ripple-20261124-090000.mp4").string();
  VideoRecorder first(name, 64, 48, 30, EncoderSpeed::Live, ExistingTarget::Keep);
  VideoRecorder second(name, 64, 48, 30, EncoderSpeed::Live, ExistingTarget::Keep);
  for (int n = 0; n < 3; ++n) first.push(patternFrame(n, 64, 48));
  for (int n = 0; n < 7; ++n) second.push(patternFrame(n, 64, 48));
  first.finish();
  second.finish();
  EXPECT_EQ(first.path(), name);
  EXPECT_EQ(second.path(), (dir / "ripple-20261124-090000-2.mp4").string());
  EXPECT_EQ(readVideo(first.path()).frames.size(), 3u);
  EXPECT_EQ(readVideo(second.path()).frames.size(), 7u);
  EXPECT_EQ(filesIn(dir), (std::vector<std::string>{"ripple-20261124-090000-2.mp4", "ripple-20261124-090000.mp4"}));

  record(name, 64, 48, 30, 2);  // a name given: replaced
  EXPECT_EQ(readVideo(name).frames.size(), 2u);
}

TEST(PendingFile, KeepNumbersTheNewFileAndLeavesTheOldOne) {
  const fs::path dir = scratch("pending_keep");
  fs::create_directories(dir);
  const std::string target = (dir / "shot.png").string();
  writeFileAtomically(target, "old");
  writeFileAtomically((dir / "shot-2.png").string(), "older");
  PendingFile file(target, ExistingTarget::Keep);
  file.write("new");
  file.commit();
  EXPECT_EQ(file.path(), (dir / "shot-3.png").string());
  EXPECT_EQ(contentsOf(target), "old");
  EXPECT_EQ(contentsOf(dir / "shot-2.png"), "older");
  EXPECT_EQ(contentsOf(dir / "shot-3.png"), "new");
  EXPECT_EQ(numberedPath("a/b.c.mp4", 2), "a/b.c-2.mp4");
  EXPECT_EQ(numberedPath("b", 1), "b");
}

#if defined(__x86_64__) || defined(__aarch64__)
// Makes this process's file system look like FAT's: renameat2 with
// RENAME_NOREPLACE says EINVAL and a hard link EPERM (a seccomp filter; no
// privileges needed once new ones are given up).
bool pretendNoReplaceAndNoHardLinks() {
#if defined(__x86_64__)
  constexpr std::uint32_t kArch = AUDIT_ARCH_X86_64;
#else
  constexpr std::uint32_t kArch = AUDIT_ARCH_AARCH64;
#endif
  sock_filter program[] = {
      BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(seccomp_data, arch)),
      BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, kArch, 1, 0),
      BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_KILL_PROCESS),
      BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(seccomp_data, nr)),
      BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_renameat2, 0, 1),
      BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | EINVAL),
      BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_linkat, 0, 1),
      BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | EPERM),
#ifdef __NR_link
      BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_link, 0, 1),
      BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | EPERM),
#endif
      BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
  };
  sock_fprog filter{static_cast<unsigned short>(std::size(program)), program};
  return prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) == 0 && prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &filter) == 0;
}

// On such a file system a made-up name still never replaces a file: the
// fallback looks first, then renames. Run in a child process, which the
// filter then holds.
TEST(PendingFile, KeepWorksWithoutRenameNoReplaceOrHardLinks) {
  const fs::path dir = scratch("pending_fat");
  fs::create_directories(dir);
  const std::string target = (dir / "shot.png").string(), free = (dir / "free.png").string();
  writeFileAtomically(target, "old");
  EXPECT_EXIT(
      {
        auto check = [](bool ok, const char* what) {
          if (!ok) {
            std::fprintf(stderr, "failed: %s\n", what);
            std::_Exit(1);
          }
        };
        check(pretendNoReplaceAndNoHardLinks(), "the seccomp filter is in place");
        check(::renameat2(AT_FDCWD, "a", AT_FDCWD, "b", RENAME_NOREPLACE) != 0 && errno == EINVAL,
              "renameat2 says EINVAL");
        check(::link(target.c_str(), (target + ".link").c_str()) != 0 && errno == EPERM, "link says EPERM");
        PendingFile taken(target, ExistingTarget::Keep);
        taken.write("new");
        taken.commit();
        check(taken.path() == numberedPath(target, 2), "a taken name gets the next number");
        PendingFile untaken(free, ExistingTarget::Keep);
        untaken.write("free");
        untaken.commit();
        check(untaken.path() == free, "a free name is kept");
        std::_Exit(0);
      },
      ::testing::ExitedWithCode(0), "");
  EXPECT_EQ(contentsOf(target), "old");
  EXPECT_EQ(contentsOf(numberedPath(target, 2)), "new");
  EXPECT_EQ(contentsOf(free), "free");
  EXPECT_EQ(filesIn(dir), (std::vector<std::string>{"free.png", "shot-2.png", "shot.png"}));
}
#endif

// A disk that fills up mid-recording (made real with a file-size limit: a
// write past it fails with EFBIG, as main() ignores SIGXFSZ): the error
// comes back on the caller's side, at a push or at finish(), as one line
// naming the file, and no file or temporary file is left.
TEST(VideoRecorder, AFullDiskIsOneErrorAndLeavesNothing) {
  std::signal(SIGXFSZ, SIG_IGN);
  const fs::path dir = scratch("full");
  fs::create_directories(dir);
  for (const char* name : {"full.mp4", "full.gif"}) {
    const std::string path = (dir / name).string();
    rlimit old{};
    getrlimit(RLIMIT_FSIZE, &old);
    rlimit limited = old;
    limited.rlim_cur = 60000;  // a few frames of noise
    ASSERT_EQ(setrlimit(RLIMIT_FSIZE, &limited), 0);
    const std::string error = errorOf([&] {
      VideoRecorder recorder(path, 160, 120, 30);
      std::mt19937 random(7);
      for (int n = 0; n < 60; ++n) {
        Picture noise(160, 120);
        for (auto& v : noise.rgba) v = std::uint8_t(random());
        recorder.push(noise);
      }
      recorder.finish();
    });
    setrlimit(RLIMIT_FSIZE, &old);
    EXPECT_EQ(error, "cannot write '" + path + "': File too large");
    EXPECT_TRUE(filesIn(dir).empty()) << filesIn(dir).front();
  }
}

// libav's last error line explains the failure it came with; one logged
// before a file was opened is not hung on that file's failures.
TEST(Libav, AnErrorLoggedBeforeAFileIsNotBlamedOnIt) {
  av::quietLogs();
  av_log(nullptr, AV_LOG_ERROR, "[x @ 0x1] width not divisible by 2\n");
  EXPECT_EQ(av::errorText(AVERROR(EINVAL)), "Invalid argument: width not divisible by 2");
  EXPECT_EQ(av::errorText(AVERROR(EINVAL)), "Invalid argument") << "a line is told once";

  av_log(nullptr, AV_LOG_ERROR, "an old complaint\n");
  {
    VideoRecorder recorder(scratch("after_complaint.mp4"), 64, 48, 30);
    recorder.push(Picture(64, 48));
    recorder.finish();
  }
  EXPECT_EQ(av::errorText(AVERROR(EIO)), std::strerror(EIO));
}

// The window's pace: a frame a 30th of a second of wall time, whatever the
// display's rate.
TEST(FramePacer, ThirtyFramesASecondOfWallTime) {
  // Frames shown from 0 to 2 s, both included: slots 0 to 60.
  auto framesOver = [](int displayHz) {
    FramePacer pacer(30, 100.0);
    long long frames = 0;
    for (int i = 0; i <= 2 * displayHz; ++i) frames += pacer.framesDue(100.0 + double(i) / displayHz);
    return frames;
  };
  EXPECT_EQ(framesOver(60), 61) << "a 60 Hz display: every other frame";
  EXPECT_EQ(framesOver(144), 61) << "144 Hz";
  EXPECT_EQ(framesOver(20), 61) << "a slow 20 Hz window: frames repeated";
  EXPECT_EQ(framesOver(30), 61);
  FramePacer pacer(30, 0.0);
  EXPECT_EQ(pacer.framesDue(0.0), 1) << "the first frame at once";
  EXPECT_EQ(pacer.framesDue(0.01), 0);
  EXPECT_EQ(pacer.framesDue(0.1), 3) << "0.1 s is three slots: the frame fills the two it missed";
  EXPECT_EQ(pacer.framesDue(5.0), 1) << "a gap of seconds is left out, not filled";
  EXPECT_EQ(pacer.framesDue(5.0 + 1.0 / 30), 1) << "and the pace goes on from there";
  EXPECT_EQ(pacer.frames(), 6);
  EXPECT_DOUBLE_EQ(pacer.seconds(), 6 / 30.0);
}

}  // namespace
}  // namespace ripple

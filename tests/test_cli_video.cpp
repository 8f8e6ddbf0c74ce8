// --save-video through the real binary: the video holds the frames that
// --save-frames saves, at the same steps, at --fps frames a second (read
// back with libav's own demuxer and decoder), and what a bad name, a bad
// rate, a path that cannot be written and a full disk give.
#include <gtest/gtest.h>
#include <signal.h>
#include <spawn.h>
#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <functional>
#include <thread>
#include <cstdlib>
#include <filesystem>
#include <regex>

#include "cli_files.hpp"
#include "cli_runner.hpp"
#include "core/image.hpp"
#include "video_reader.hpp"

namespace ripple {
namespace {

namespace fs = std::filesystem;
using test::difference;
using test::expectUsageError;
using test::headless;
using test::readVideo;
using test::RunResult;
using test::runRipple;

fs::path scratch(const std::string& name) { return test::scratchFolder("cli_video_test") / name; }

std::vector<std::string> namesIn(const fs::path& dir) {
  std::vector<std::string> names;
  for (const auto& e : fs::directory_iterator(dir)) names.push_back(e.path().filename().string());
  std::sort(names.begin(), names.end());
  return names;
}

// A stone's rings spreading, 40 steps: every 5 steps a frame.
const std::vector<std::string> kRings{"--size", "320x200", "--drop", "160,100,8,200", "--steps",
                                      "40",     "--every", "5",      "--quiet"};
constexpr int kRingFrames = 9;  // steps 0, 5, ... 40

// The codec's tolerance on the water's frames, in levels of 0-255 averaged
// over R, G and B. The picture under the water is fine detail in strong
// colours (pebbles, orange tiles), the hardest case for yuv420p's colour at
// half resolution: that alone costs 4.8 levels on the first frame (measured
// with x264 lossless), and CRF 18 brings the MP4 to 6.2 at most; the GIF's
// 256 colours, 2.5.
// Each video frame must also be nearer its own step's PNG than its
// neighbours': the order is kept.
constexpr double kMp4Tolerance = 8.0;
constexpr double kGifTolerance = 3.5;

// Where the PNGs of two steps differ (by more than 16 levels in a channel:
// the rings that moved), how much nearer `decoded` is to `own` than to
// `other`, in levels averaged over those pixels' R, G and B. Over the whole
// frame the rings are a few pixels among many and the codec's noise hides
// them.
double nearerWhereTheyDiffer(const Picture& decoded, const Picture& own, const Picture& other) {
  long long toOwn = 0, toOther = 0, pixels = 0;
  for (size_t i = 0; i + 3 < own.rgba.size(); i += 4) {
    int apart = 0;
    for (int c = 0; c < 3; ++c) apart = std::max(apart, std::abs(own.rgba[i + c] - other.rgba[i + c]));
    if (apart <= 16) continue;
    ++pixels;
    for (int c = 0; c < 3; ++c) {
      toOwn += std::abs(decoded.rgba[i + c] - own.rgba[i + c]);
      toOther += std::abs(decoded.rgba[i + c] - other.rgba[i + c]);
    }
  }
  return pixels ? double(toOther - toOwn) / (3 * pixels) : 0.0;
}

// Records kRings into `video` along with --save-frames, and checks each
// frame against the PNG of its step.
test::DecodedVideo recordRings(const std::string& video, const std::vector<std::string>& extra, double tolerance) {
  const fs::path frames = scratch(fs::path(video).filename().string() + "_frames");
  std::vector<std::string> args = headless(kRings);
  args.insert(args.end(), {"--save-frames", frames.string(), "--save-video", video});
  args.insert(args.end(), extra.begin(), extra.end());
  const RunResult r = runRipple(args);
  EXPECT_EQ(r.exitCode, 0) << r.err;
  EXPECT_TRUE(r.err.empty() && r.out.empty()) << r.err << r.out;
  const test::DecodedVideo decoded = readVideo(video);
  EXPECT_TRUE(decoded.error.empty()) << decoded.error;
  EXPECT_EQ(decoded.frames.size(), size_t(kRingFrames));
  std::vector<Picture> pngs;
  for (int step = 0; step <= 40; step += 5) {
    char name[32];
    std::snprintf(name, sizeof name, "frame_%06d.png", step);
    pngs.push_back(loadImageFile((frames / name).string()));
  }
  double worst = 0, nearestOther = 1e9;
  for (size_t n = 0; n < std::min(decoded.frames.size(), pngs.size()); ++n) {
    const double own = difference(decoded.frames[n], pngs[n]).mean;
    worst = std::max(worst, own);
    EXPECT_LE(own, tolerance) << video << ": frame " << n << " against step " << n * 5;
    for (size_t other : {n - 1, n + 1}) {
      if (other >= pngs.size()) continue;
      const double nearer = nearerWhereTheyDiffer(decoded.frames[n], pngs[n], pngs[other]);
      nearestOther = std::min(nearestOther, nearer);
      EXPECT_GT(nearer, 5.0) << video << ": frame " << n << " is too like step " << other * 5 << "'s";
    }
  }
  std::printf(
      "%s: largest mean difference from the step's PNG %.3f levels (tolerance %.1f); where the rings "
      "moved, a neighbouring step's PNG at least %.1f levels further (at least 5)\n",
      video.c_str(), worst, tolerance, nearestOther);
  return decoded;
}

TEST(CliVideo, Mp4HoldsTheFramesOfSaveFramesAtFps) {
  const test::DecodedVideo video = recordRings(scratch("rings.mp4").string(), {"--fps", "12"}, kMp4Tolerance);
  EXPECT_EQ(video.codec, "h264");
  EXPECT_EQ(video.width, 320);
  EXPECT_EQ(video.height, 200);
  EXPECT_EQ(video.frameRateNum, 12);
  EXPECT_EQ(video.frameRateDen, 1);
  EXPECT_EQ(video.containerFrames, kRingFrames);
  EXPECT_DOUBLE_EQ(video.seconds, kRingFrames / 12.0);
}

TEST(CliVideo, GifHoldsTheFramesOfSaveFramesAtFps) {
  const test::DecodedVideo video = recordRings(scratch("rings.gif").string(), {"--fps", "20"}, kGifTolerance);
  EXPECT_EQ(video.codec, "gif");
  EXPECT_EQ(video.width, 320);
  EXPECT_EQ(video.height, 200);
  EXPECT_EQ(video.frameRateNum * 1.0 / video.frameRateDen, 20.0);
  EXPECT_EQ(video.packets, kRingFrames);
  EXPECT_DOUBLE_EQ(video.seconds, kRingFrames / 20.0);
}

// Without --fps: 30 frames a second, and --every's default, every step; a
// last step that is no multiple of K is left out, as --save-frames leaves it.
TEST(CliVideo, DefaultsAndStepsThatAreNoMultipleOfEvery) {
  const std::string all = scratch("every_step.mp4").string();
  ASSERT_EQ(runRipple(headless({"--size", "64x48", "--steps", "7", "--quiet", "--save-video", all})).exitCode, 0);
  const test::DecodedVideo video = readVideo(all);
  EXPECT_EQ(video.frames.size(), 8u) << "steps 0 to 7";
  EXPECT_EQ(video.frameRateNum, 30);
  EXPECT_EQ(video.frameRateDen, 1);
  const std::string some = scratch("every_5.gif").string();
  ASSERT_EQ(runRipple(headless({"--size", "64x48", "--steps", "12", "--every", "5", "--quiet", "--save-video", some}))
                .exitCode,
            0);
  EXPECT_EQ(readVideo(some).frames.size(), 3u) << "steps 0, 5 and 10";
  EXPECT_NEAR(readVideo(some).seconds, 3 / 30.0, 0.01);
}

// H.264 in yuv420p takes even sides: the odd one is padded by a repeated
// edge; a GIF keeps the grid's size.
TEST(CliVideo, OddSizes) {
  const std::string mp4 = scratch("odd.mp4").string(), gif = scratch("odd.gif").string();
  for (const std::string& file : {mp4, gif}) {
    ASSERT_EQ(runRipple(headless({"--size", "65x33", "--steps", "2", "--quiet", "--save-video", file})).exitCode, 0);
  }
  EXPECT_EQ(readVideo(mp4).width, 66);
  EXPECT_EQ(readVideo(mp4).height, 34);
  EXPECT_EQ(readVideo(gif).width, 65);
  EXPECT_EQ(readVideo(gif).height, 33);
}

TEST(CliVideo, UsageErrors) {
  const RunResult help = runRipple({"--help"});
  EXPECT_NE(help.out.find("--save-video"), std::string::npos);
  EXPECT_NE(help.out.find("--fps"), std::string::npos);
  const std::string avi = scratch("clip.avi").string();
  expectUsageError(headless({"--save-video", avi}),
                   "--save-video: '" + avi + "' must end in .mp4 (H.264) or .gif: the format follows the file name");
  expectUsageError(headless({"--save-video", scratch("noextension").string()}), "--save-video: '");
  const std::string mp4 = scratch("u.mp4").string(), gif = scratch("u.gif").string();
  expectUsageError(headless({"--save-video", mp4, "--fps", "0"}),
                   "--fps: '0' is out of range: it must be from 1 to 60");
  expectUsageError(headless({"--save-video", mp4, "--fps", "61"}),
                   "--fps: '61' is out of range: it must be from 1 to 60");
  expectUsageError(headless({"--save-video", mp4, "--fps", "2.5"}), "--fps: '2.5' is not a whole number");
  expectUsageError(headless({"--save-video", gif, "--fps", "51"}),
                   "--fps: '51' is too fast for a GIF, whose frames last whole hundredths of a second");
  expectUsageError(headless({"--fps", "30"}), "--fps: sets the frame rate of --save-video's file, and needs it");
  expectUsageError({"--save-video", mp4}, "--save-video: needs --headless");
  expectUsageError({"--fps", "30"}, "--fps: needs --headless");
  EXPECT_FALSE(fs::exists(avi) || fs::exists(mp4) || fs::exists(gif));
  // The limits themselves run; --every takes --save-video alone.
  for (const auto& [file, fps] : {std::pair{mp4, "60"}, std::pair{gif, "50"}, std::pair{mp4, "1"}}) {
    const RunResult r = runRipple(
        headless({"--size", "16x16", "--steps", "2", "--every", "2", "--quiet", "--save-video", file, "--fps", fps}));
    EXPECT_EQ(r.exitCode, 0) << file << " at " << fps << ": " << r.err;
    const test::DecodedVideo video = readVideo(file);
    EXPECT_EQ(video.frames.size(), 2u) << file;
    EXPECT_NEAR(video.frames.size() / video.seconds, std::stod(fps), 1e-9) << file;
  }
}

// A path that cannot be written stops the run before any step: one line,
// exit 1, no frame of --save-frames saved, and not even the folder made for
// them left behind.
TEST(CliVideo, APathThatCannotBeWrittenStopsTheRunAtOnce) {
  const fs::path frames = scratch("unwritten_frames");
  struct Case {
    std::string path, error;
  };
  const std::string missing = scratch("missing/clip.mp4").string(), folder = scratch("a_folder.gif").string();
  fs::create_directories(folder);
  for (const Case& c : {Case{missing, "cannot write '" + missing + "': cannot create a file in '" +
                                          scratch("missing").string() + "' (No such file or directory)"},
                        Case{"/proc/clip.gif", "cannot write '/proc/clip.gif': cannot create a file in '/proc' ("},
                        Case{folder, "cannot write '" + folder + "': it is a directory"}}) {
    const RunResult r = runRipple(
        headless({"--size", "32x32", "--steps", "5", "--save-frames", frames.string(), "--save-video", c.path}));
    EXPECT_EQ(r.exitCode, 1) << r.err;
    EXPECT_EQ(r.err.rfind("ripple: " + c.error, 0), 0u) << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
    EXPECT_FALSE(fs::exists(frames)) << "left behind, with " << (fs::exists(frames) ? namesIn(frames).size() : 0)
                                     << " files in it";
  }
  EXPECT_FALSE(fs::exists(missing));
}

// A disk that fills up mid-run (a file-size limit, prlimit: the writes then
// fail with EFBIG, as main() ignores SIGXFSZ) ends the run with one line
// naming the video, exit 1, and no file or temporary file left. The GIF's
// frames, spooled beside it, meet the limit too.
TEST(CliVideo, AFullDiskEndsTheRunWithOneLineAndNoFile) {
  for (const char* name : {"full.mp4", "full.gif"}) {
    const fs::path dir = scratch(std::string(name) + "_dir");
    fs::create_directories(dir);
    const std::string path = (dir / name).string();
    const RunResult r =
        test::runProgram("prlimit", {"--fsize=40000", test::gRippleBinary, "--headless", "--size", "320x240", "--rain",
                                     "0.5", "--steps", "60", "--quiet", "--save-video", path});
    EXPECT_EQ(r.exitCode, 1) << r.err;
    EXPECT_EQ(r.err, "ripple: cannot write '" + path + "': File too large\n");
    EXPECT_TRUE(namesIn(dir).empty()) << namesIn(dir).front();
  }
}

// On a terminal, a long run's progress counts the frames written too.
// How long a run takes depends on the machine: the steps double until a run
// lasts long enough (a second) to show its progress (script(1) gives it a
// terminal).
TEST(CliVideo, ProgressCountsTheFramesWritten) {
  const std::string video = scratch("progress.mp4").string();
  for (long steps = 64;; steps *= 2) {
    ASSERT_LE(steps, 1L << 16) << "no run showed its progress";
    const std::string command = test::gRippleBinary + " --headless --size 512x512 --every 8 --save-video " + video +
                                " --steps " + std::to_string(steps);
    const RunResult r = test::runProgram("script", {"-qec", command, "/dev/null"});
    ASSERT_EQ(r.exitCode, 0) << r.out;
    if (r.out.find("\rripple: step ") == std::string::npos) continue;
    EXPECT_TRUE(std::regex_search(r.out, std::regex(R"(\rripple: step \d+ of \d+, \d+ frames written)"))) << r.out;
    break;
  }
}

// Ctrl+C in a long headless recording: the run stops at its next step, says
// so in one line, ends by SIGINT (as a script that runs it expects), and
// leaves no file behind, neither the video nor its temporary file.
TEST(CliVideo, CtrlCStopsTheRunAndLeavesNoFile) {
  const fs::path dir = scratch("interrupted");
  fs::create_directories(dir);
  const std::string err = scratch("interrupted.err").string();
  const std::vector<std::string> args{
      test::gRippleBinary,         "--headless", "--size", "160x100", "--steps", "100000000", "--save-video",
      (dir / "clip.mp4").string(), "--quiet"};
  std::vector<char*> argv;
  for (const std::string& a : args) argv.push_back(const_cast<char*>(a.c_str()));
  argv.push_back(nullptr);
  posix_spawn_file_actions_t files;
  posix_spawn_file_actions_init(&files);
  posix_spawn_file_actions_addopen(&files, STDERR_FILENO, err.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  pid_t pid = 0;
  ASSERT_EQ(posix_spawn(&pid, argv[0], &files, nullptr, argv.data(), environ), 0);
  posix_spawn_file_actions_destroy(&files);

  // The temporary file is made before the first step: the run is under way.
  // (The deadlines only bound a hang; the run is killed past them.)
  using namespace std::chrono_literals;
  const auto waitFor = [](const std::function<bool()>& done, std::chrono::seconds limit) {
    for (const auto until = std::chrono::steady_clock::now() + limit; std::chrono::steady_clock::now() < until;) {
      if (done()) return true;
      std::this_thread::sleep_for(20ms);
    }
    return done();
  };
  const bool started = waitFor([&] { return !namesIn(dir).empty(); }, 120s);
  if (started) std::this_thread::sleep_for(300ms);  // a few frames into the file
  kill(pid, SIGINT);
  int status = 0;
  const bool ended = waitFor([&] { return waitpid(pid, &status, WNOHANG) == pid; }, 120s);
  if (!ended) {
    kill(pid, SIGKILL);
    waitpid(pid, &status, 0);
  }
  ASSERT_TRUE(started) << "no temporary file appeared in " << dir;
  ASSERT_TRUE(ended) << "the run did not stop at Ctrl+C";
  EXPECT_TRUE(WIFSIGNALED(status) && WTERMSIG(status) == SIGINT) << "status " << status;
  EXPECT_EQ(namesIn(dir), std::vector<std::string>{}) << "a file was left behind";
  const std::string said = test::readFile(err);
  EXPECT_TRUE(std::regex_match(said, std::regex("ripple: stopped at step [0-9]+ of 100000000 by a signal; no "
                                                "half-written file is left\n")))
      << said;
}

}  // namespace
}  // namespace ripple

#include "app/headless_run.hpp"

#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <vector>

#include "app/headless_context.hpp"
#include "app/npy.hpp"
#include "app/scene_options.hpp"
#include "app/step_path.hpp"
#include "app/stop_signal.hpp"
#include "app/tank_options.hpp"
#include "app/command_line_error.hpp"
#include "common/atomic_file.hpp"
#include "record/video_recorder.hpp"
#include "ripple/parameters.hpp"
#include "ripple/water.hpp"

namespace ripple {
namespace {

using Clock = std::chrono::steady_clock;

// "step 1200 of 5000" on stderr, for runs longer than a second, only when a
// person is watching (stderr is a terminal) and not --quiet; with a video,
// ", 40 frames written"; and "writing F.gif: frame 30 of 120" while a
// video's end is written.
class Progress {
 public:
  Progress(bool enabled, long long total, std::string what = "step")
      : enabled_(enabled && ::isatty(STDERR_FILENO)), total_(total), what_(std::move(what)) {}
  void update(long long done, long long framesWritten = -1) {
    if (!enabled_) return;
    const auto now = Clock::now();
    if (now - start_ < std::chrono::seconds(1) || now - last_ < std::chrono::milliseconds(100)) return;
    last_ = now;
    std::fprintf(stderr, "\rripple: %s %lld of %lld", what_.c_str(), done, total_);
    if (framesWritten >= 0) std::fprintf(stderr, ", %lld frames written", framesWritten);
    shown_ = true;
  }
  void finish() {
    if (shown_) std::fprintf(stderr, "\r\033[K");
  }

 private:
  bool enabled_;
  long long total_;
  std::string what_;
  bool shown_ = false;
  Clock::time_point start_ = Clock::now(), last_ = start_;
};

// DIR/frame_000010.png, DIR/height_000010.npy: `kind` after `step` steps.
std::string sequenceFileName(const std::string& dir, const char* kind, int step, const char* extension) {
  char name[48];
  std::snprintf(name, sizeof name, "%s_%06d.%s", kind, step, extension);
  return (std::filesystem::path(dir) / name).string();
}

// The folder of a sequence: made before the first step, so that one that
// cannot be made stops the run at once, and taken away again (with any
// parents made for it) when the run ends without keep(), in an error or a
// stop, before a file was written into it: a failed run leaves nothing
// behind.
class OutputFolder {
 public:
  OutputFolder(const std::string& dir, const char* option) {
    if (dir.empty()) return;
    namespace fs = std::filesystem;
    // The folders that do not exist yet, deepest first.
    for (fs::path p = fs::path(dir).lexically_normal(); !p.empty() && p != p.root_path(); p = p.parent_path()) {
      std::error_code ec;
      if (fs::exists(p, ec) || ec) break;
      made_.push_back(p);
    }
    std::error_code ec;
    fs::create_directories(dir, ec);
    if (ec || !fs::is_directory(dir)) {
      removeWhatWasMade();
      throw Error("cannot create the folder '" + dir + "' for " + option + ": " +
                  (ec ? ec.message() : "a file of that name is in the way"));
    }
  }
  OutputFolder(const OutputFolder&) = delete;
  OutputFolder& operator=(const OutputFolder&) = delete;
  ~OutputFolder() {
    if (!kept_) removeWhatWasMade();
  }
  void keep() { kept_ = true; }

 private:
  // std::filesystem::remove takes only empty folders: one with a file in it stays.
  void removeWhatWasMade() {
    for (const std::filesystem::path& p : made_) {
      std::error_code ec;
      if (!std::filesystem::remove(p, ec)) break;
    }
  }
  std::vector<std::filesystem::path> made_;
  bool kept_ = false;
};

// The weight that sets the float tolerance's scale: the heaviest stone.
float heaviestStone(const Options& o) {
  float w = o.scene.rain.falling ? std::abs(o.scene.rain.weight) : 1.0f;
  for (const ScheduledStone& s : o.scene.stones) w = std::max(w, std::abs(s.stone.weight));
  return w;
}

// Ctrl+C or SIGTERM ends the run by an exception, so that what is
// half-written (a video's temporary file) is removed on the way out; main()
// then ends the process by the signal.
void stopIfAsked(const std::string& where) {
  if (stopRequested()) throw Error("stopped " + where + " by a signal; no half-written file is left");
}

// The video's last frames and its end; a GIF's frames are all written now.
void finishVideo(VideoRecorder& video, bool quiet) {
  Progress writing(!quiet, video.framesPushed(), "writing " + video.path() + ": frame");
  video.finish([&](long long done, long long total) {
    writing.update(done);
    stopIfAsked("while writing frame " + std::to_string(done) + " of " + std::to_string(total) + " of " + video.path());
  });
  writing.finish();
}

// How the GPU is asked to run: --step-path, --shaders.
// "gpu, fragment pass", "gpu, compute" or "cpu", as --verify's line says it.
std::string stepLabel(const ripple::Water& water) {
  using StepPath = ripple::Water::GpuOptions::StepPath;
  if (water.backend() == Backend::Cpu) return "cpu";
  return water.gpuOptions().stepPath == StepPath::Compute ? "gpu, compute" : "gpu, fragment pass";
}

// A source that starts after the last step would silently never sing:
// refused before anything is written.
void requireEverySourceSings(const Options& o) {
  for (const Source& s : o.scene.tank.sources) {
    if (s.start > 0 && s.start >= o.scene.steps) {
      throw CommandLineError(std::string(sourceOption(s)) + ": the source " + sourcePlace(s) + " starts at step " +
                             std::to_string(s.start) + ", but --steps " + std::to_string(o.scene.steps) +
                             " ends before it");
    }
  }
}

// A stone that misses the grid would silently never show: refused before
// anything is written. Its place is a pixel of the scene's frame, or where
// the scene has none a cell of the grid.
void requireEveryStoneShows(const Options& o, std::pair<int, int> grid) {
  const bool frame = o.scene.frameWidth > 0 && o.scene.frameHeight > 0;
  const auto [width, height] = frame ? std::pair(o.scene.frameWidth, o.scene.frameHeight) : grid;
  for (const ScheduledStone& s : o.scene.stones) {
    // The cell nearest the centre is in the disc unless the disc misses the grid.
    const Drop& d = s.stone;
    const long dx = std::clamp(d.x, 0, width - 1) - d.x;
    const long dy = std::clamp(d.y, 0, height - 1) - d.y;
    if (dx * dx + dy * dy >= long(d.radius) * d.radius) {
      throw CommandLineError("--drop: the stone at (" + std::to_string(d.x) + ", " + std::to_string(d.y) +
                             ") with radius " + std::to_string(d.radius) + " lies entirely outside the " +
                             std::to_string(width) + "x" + std::to_string(height) + (frame ? " frame" : " grid"));
    }
  }
}

// The files a run writes, opened before its first step: a path that cannot
// be written stops the run there, and a failed run leaves nothing behind.
struct RunFiles {
  RunFiles(const Options& o, int width, int height)
      : framesFolder(o.saveFramesDir, "--save-frames"), heightsFolder(o.saveHeightsDir, "--save-heights") {
    std::tie(videoWidth, videoHeight) = o.videoSize.value_or(std::pair<int, int>(width, height));
    if (!o.saveVideo.empty()) video = std::make_unique<VideoRecorder>(o.saveVideo, videoWidth, videoHeight, o.videoFps);
    if (!o.saveHeight.empty()) heightFile = std::make_unique<PendingFile>(o.saveHeight);
    if (!o.saveFrame.empty()) frameFile = std::make_unique<PendingFile>(o.saveFrame);
  }
  OutputFolder framesFolder, heightsFolder;
  std::unique_ptr<VideoRecorder> video;
  int videoWidth = 0, videoHeight = 0;
  std::unique_ptr<PendingFile> heightFile, frameFile;  // the last heights and frame
};

// The waters that run the scene: the GPU's first (when used), so that
// --verify's frames come from it, then the CPU's; each through the
// library's ripple::Water. The context outlives them.
struct Runners {
  std::unique_ptr<gl::HeadlessContext> context;
  std::vector<std::unique_ptr<ripple::Water>> waters;
};
Runners makeRunners(const Options& o, int width, int height) {
  Runners r;
  const Scene scene = runScene(o, o.params, {width, height});
  if (o.verify || o.backend == Backend::Gpu) {
    r.context = gl::HeadlessContext::create();
    requireStepPath(o.stepPath);
    r.waters.push_back(std::make_unique<ripple::Water>(width, height, Backend::Gpu, gpuOptions(o)));
  }
  if (o.verify || o.backend == Backend::Cpu)
    r.waters.push_back(std::make_unique<ripple::Water>(width, height, Backend::Cpu));
  // What the scene holds is the user's: a wall off the grid or a picture
  // that cannot be read is a usage error.
  try {
    for (auto& water : r.waters) water->loadScene(scene);
  } catch (const Error& e) {
    throw CommandLineError(e.what());
  }
  return r;
}

// Said once the run can start, so that an error stays the only line.
void noteWhenNothingIsWritten(const Options& o) {
  if (o.saveHeight.empty() && o.saveFrame.empty() && o.saveFramesDir.empty() && o.saveHeightsDir.empty() &&
      o.saveScene.empty() && o.saveVideo.empty() && !o.verify && !o.quiet) {
    std::fprintf(stderr,
                 "ripple: note: no --save-height, --save-heights, --save-frame, --save-frames, --save-video, "
                 "--save-scene or --verify: nothing will be written, the run only reports its speed\n");
  }
}

Picture frameOf(ripple::Water& water, const ripple::Picture& underWater) { return water.frame(underWater); }

// The sequences' and the video's frame after `step` steps, when one is due.
void saveIfDue(const Options& o, int step, ripple::Water& water, const ripple::Picture& underWater, RunFiles& files) {
  if (step < o.sequenceFrom || (step - o.sequenceFrom) % o.every != 0) return;
  if (!o.saveFramesDir.empty() || files.video) {
    Picture frame = frameOf(water, underWater);
    if (!o.saveFramesDir.empty()) savePicture(frame, sequenceFileName(o.saveFramesDir, "frame", step, "png"));
    if (files.video && o.videoSize) frame = coverPicture(frame, files.videoWidth, files.videoHeight);
    if (files.video) files.video->push(std::move(frame));
  }
  if (!o.saveHeightsDir.empty())
    saveNpy(water.width(), water.height(), water.heights(), sequenceFileName(o.saveHeightsDir, "height", step, "npy"));
}

// For S in 0..N-1: the stones of step S, then one step. Frame n shows the
// water after n steps and the stones that fall before step n. Returns the
// seconds it took.
double runSteps(const Options& o, Runners& runners, const ripple::Picture& underWater, RunFiles& files) {
  ripple::Water& main = *runners.waters.front();
  Progress progress(!o.quiet, o.scene.steps);
  const auto start = Clock::now();
  for (int step = 0; step < o.scene.steps; ++step) {
    stopIfAsked("at step " + std::to_string(step) + " of " + std::to_string(o.scene.steps));
    for (auto& water : runners.waters) water->dropDue();
    saveIfDue(o, step, main, underWater, files);
    for (auto& water : runners.waters) water->step();
    progress.update(step + 1, files.video ? files.video->framesEncoded() : -1);
  }
  if (o.scene.steps == 0)
    for (auto& water : runners.waters) water->dropDue();
  saveIfDue(o, o.scene.steps, main, underWater, files);
  const double seconds = std::chrono::duration<double>(Clock::now() - start).count();
  progress.finish();
  return seconds;
}

// The files that the run's end completes: the video, the sequences'
// folders, the last heights and frame.
void finishFiles(const Options& o, ripple::Water& main, const ripple::Picture& underWater, RunFiles& files) {
  if (files.video) finishVideo(*files.video, o.quiet);
  files.framesFolder.keep();
  files.heightsFolder.keep();
  if (files.heightFile) {
    files.heightFile->write(encodeNpy(main.width(), main.height(), main.heights()));
    files.heightFile->commit();
  }
  if (files.frameFile) {
    files.frameFile->discard();  // it showed that the path takes a file; savePicture() writes it whole
    savePicture(frameOf(main, underWater), o.saveFrame);
  }
}

// --verify's line; returns the exit code, 1 when the GPU and the CPU differ
// by more than the tolerance.
int reportVerify(const Options& o, Runners& runners, const ripple::Picture& underWater) {
  ripple::Water &gpuWater = *runners.waters[0], &cpuWater = *runners.waters[1];
  const Verification heights = compareWaters(gpuWater, cpuWater, heaviestStone(o));
  const FrameComparison frames =
      compareFrames(frameOf(gpuWater, underWater), frameOf(cpuWater, underWater), o.scene.rule.mode);
  const bool passed = heights.passed && frames.passed;
  std::printf(
      "verify %s: %s mode, %dx%d, %d steps (%s): largest height difference %g (tolerance %g), %ld "
      "differing cells, %ld differing pixels (%ld by more than 2 levels)\n",
      passed ? "PASS" : "FAIL", parameterText(o.scene, "mode").c_str(), gpuWater.width(), gpuWater.height(),
      o.scene.steps, stepLabel(gpuWater).c_str(), heights.largestDifference, heights.tolerance, heights.differingCells,
      frames.differingPixels, frames.pixelsOver2Levels);
  return passed ? 0 : 1;
}

void reportSpeed(const Options& o, const Runners& runners, double seconds) {
  std::string names;
  for (const auto& water : runners.waters) names += (names.empty() ? "" : " and ") + water->description();
  const ripple::Water& main = *runners.waters.front();
  std::fprintf(stderr, "ripple: %d steps in %.2f s (%.1f steps/s), %dx%d, %s mode, backend %s\n", o.scene.steps,
               seconds, seconds > 0 ? o.scene.steps / seconds : 0.0, main.width(), main.height(),
               parameterText(o.scene, "mode").c_str(), names.c_str());
}

}  // namespace

int runHeadless(const Options& o) {
  const Picture source = loadPicture(o.scene.picture);
  const std::pair<int, int> frameSize = o.size.value_or(std::pair<int, int>(source.width, source.height));
  const auto [width, height] = headlessGrid(o, frameSize);
  requireEverySourceSings(o);
  requireEveryStoneShows(o, {width, height});
  // The waters before anything is written, so that a bad wall, stone or
  // picture leaves no file behind.
  Runners runners = makeRunners(o, width, height);
  if (!o.saveScene.empty()) writeScene(sceneOf(o, frameSize), o.saveScene);
  const Picture underWater = coverPicture(source, width, height);
  RunFiles files(o, width, height);
  noteWhenNothingIsWritten(o);
  const double seconds = runSteps(o, runners, underWater, files);
  finishFiles(o, *runners.waters.front(), underWater, files);
  const int exitCode = o.verify ? reportVerify(o, runners, underWater) : 0;
  if (!o.quiet) reportSpeed(o, runners, seconds);
  return exitCode;
}

}  // namespace ripple

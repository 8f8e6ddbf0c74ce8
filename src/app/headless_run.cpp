#include "app/headless_run.hpp"

#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <vector>

#include "app/scene_options.hpp"
#include "api/scene_values.hpp"
#include "app/step_path.hpp"
#include "app/stop_signal.hpp"
#include "scene/world_options.hpp"
#include "common/atomic_file.hpp"
#include "core/error.hpp"
#include "app/npy.hpp"
#include "app/headless_context.hpp"
#include "record/video_recorder.hpp"
#include "ripple/water.hpp"
#include "scene/scene.hpp"

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
  float w = o.params.rain ? std::abs(o.params.stoneWeight) : 1.0f;
  for (const TimedStone& t : o.drops) w = std::max(w, std::abs(t.stone.weight));
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
  return water.stepPath() == StepPath::Compute ? "gpu, compute" : "gpu, fragment pass";
}

// A stone that misses the grid, or a source that starts after the last
// step, would silently never show: refused before anything is written.
void requireEverythingShows(const Options& o, int width, int height) {
  for (const TimedStone& t : dropsOnGrid(o, {width, height})) {
    // The grid cell nearest the centre is in the disc unless the disc misses the grid.
    const long dx = std::clamp(t.stone.x, 0, width - 1) - t.stone.x;
    const long dy = std::clamp(t.stone.y, 0, height - 1) - t.stone.y;
    if (dx * dx + dy * dy >= long(t.stone.radius) * t.stone.radius) {
      throw UsageError("--drop: the stone at (" + std::to_string(t.stone.x) + ", " + std::to_string(t.stone.y) +
                       ") with radius " + std::to_string(t.stone.radius) + " lies entirely outside the " +
                       std::to_string(width) + "x" + std::to_string(height) + " grid");
    }
  }
  for (const auto* list : {&o.world.sources, &o.world.lineSources, &o.world.movingSources}) {
    for (const WorldSource& s : *list) {
      if (s.start > 0 && s.start >= o.steps) {
        throw UsageError(std::string(sourceOption(o.world, list)) + ": the source " + sourcePlace(s) +
                         " starts at step " + std::to_string(s.start) + ", but --steps " + std::to_string(o.steps) +
                         " ends before it");
      }
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
  const Scene scene = publicScene(runScene(o, {width, height}));
  if (o.verify || o.backend == Backend::Gpu) {
    r.context = gl::HeadlessContext::create();
    requireStepPath(o.stepPath);
    r.waters.push_back(std::make_unique<ripple::Water>(width, height, Backend::Gpu, gpuOptions(o)));
  }
  if (o.verify || o.backend == Backend::Cpu)
    r.waters.push_back(std::make_unique<ripple::Water>(width, height, Backend::Cpu));
  for (auto& water : r.waters) water->loadScene(scene);
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
  Progress progress(!o.quiet, o.steps);
  const auto start = Clock::now();
  for (int step = 0; step < o.steps; ++step) {
    stopIfAsked("at step " + std::to_string(step) + " of " + std::to_string(o.steps));
    for (auto& water : runners.waters) water->dropDue();
    saveIfDue(o, step, main, underWater, files);
    for (auto& water : runners.waters) water->step();
    progress.update(step + 1, files.video ? files.video->framesEncoded() : -1);
  }
  if (o.steps == 0)
    for (auto& water : runners.waters) water->dropDue();
  saveIfDue(o, o.steps, main, underWater, files);
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
  const Params& p = o.params;
  const Verification heights = compareWaters(gpuWater, cpuWater, heaviestStone(o));
  const FrameComparison frames = compareFrames(frameOf(gpuWater, underWater), frameOf(cpuWater, underWater), p.mode);
  const bool passed = heights.passed && frames.passed;
  std::printf(
      "verify %s: %s mode, %dx%d, %d steps (%s): largest height difference %g (tolerance %g), %ld "
      "differing cells, %ld differing pixels (%ld by more than 2 levels)\n",
      passed ? "PASS" : "FAIL", wordOf(p.mode), gpuWater.width(), gpuWater.height(), o.steps,
      stepLabel(gpuWater).c_str(), heights.largestDifference, heights.tolerance, heights.differingCells,
      frames.differingPixels, frames.pixelsOver2Levels);
  return passed ? 0 : 1;
}

void reportSpeed(const Options& o, const Runners& runners, double seconds) {
  std::string names;
  for (const auto& water : runners.waters) names += (names.empty() ? "" : " and ") + water->description();
  const ripple::Water& main = *runners.waters.front();
  std::fprintf(stderr, "ripple: %d steps in %.2f s (%.1f steps/s), %dx%d, %s mode, backend %s\n", o.steps, seconds,
               seconds > 0 ? o.steps / seconds : 0.0, main.width(), main.height(), wordOf(o.params.mode),
               names.c_str());
}

}  // namespace

int runHeadless(const Options& o) {
  const Picture source = loadPicture(o.imagePath);
  const std::pair<int, int> frameSize = o.size.value_or(std::pair<int, int>(source.width, source.height));
  const auto [width, height] = headlessGrid(o, frameSize);
  requireEverythingShows(o, width, height);
  // The world before anything is written, so that a bad wall, source or
  // picture leaves no file behind.
  if (o.world.any()) worldOnGrid(o, {width, height});
  if (!o.saveScene.empty()) saveSceneFile(sceneOf(o, frameSize), o.saveScene);
  const Picture picture = coverPicture(source, width, height);
  const ripple::Picture underWater{picture.width, picture.height, picture.rgba};
  RunFiles files(o, width, height);
  Runners runners = makeRunners(o, width, height);
  noteWhenNothingIsWritten(o);
  const double seconds = runSteps(o, runners, underWater, files);
  finishFiles(o, *runners.waters.front(), underWater, files);
  const int exitCode = o.verify ? reportVerify(o, runners, underWater) : 0;
  if (!o.quiet) reportSpeed(o, runners, seconds);
  return exitCode;
}

}  // namespace ripple

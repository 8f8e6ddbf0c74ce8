// ripple-bench: how fast each part of ripple runs on this machine, against
// the machine's own memory bandwidth. Prints a table and writes JSON.
//
//   ripple-bench [--quick] [--json bench/results.json] [--only memory,step,...]
//                [--shaders DIR]
//
// Every GPU figure is synchronised honestly: each timed batch ends with
// glFinish() and a fence wait, so the clock stops only once the GPU has done
// the work, never when the commands were merely submitted. Batches
// grow until one takes long enough that the wait at its end is noise.
#include <CLI/CLI.hpp>
#include <glad/gl.h>
#include <backends/imgui_impl_opengl3.h>
#include <imgui.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <array>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <functional>
#include <memory>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "app/picture_texture.hpp"
#include "app/window_recording.hpp"
#include "api/height_reads.hpp"
#include "api/scene_values.hpp"
#include "app/window_to_grid.hpp"
#include "core/cpu_reference.hpp"
#include "core/error.hpp"
#include "ripple/picture.hpp"
#include "core/water_rule.hpp"
#include "app/headless_context.hpp"
#include "gl/handle.hpp"
#include "gl/shader_source.hpp"
#include "ripple/water.hpp"
#include "sim/height_texture.hpp"
#include "ui/panel.hpp"

namespace ripple {
namespace {

using Clock = std::chrono::steady_clock;
using StepPath = ripple::Water::GpuOptions::StepPath;

// Bytes a step moves per cell: it reads `cur` and `prev` (4 bytes each; the
// neighbours' texels come from cache) and writes `next` (4 bytes).
constexpr double kStepBytesPerCell = 12.0;

struct Settings {
  bool quick = false;
  double minSeconds = 1.0;  // each figure is timed for at least this long
  std::vector<int> sizes{256, 512, 1024, 2048, 4096};
  std::string shaderFolder;  // empty: the embedded shaders
  std::string texelReadsChoice = "auto";
  TexelReads reads = TexelReads::Sampler;  // from texelReadsChoice, once there is a context
};

// Runs `batch` (which does `work` units) until at least `minSeconds` and
// three batches have passed, after one untimed warm-up batch; returns units
// per second.
double unitsPerSecond(const std::function<void()>& batch, double work, double minSeconds) {
  batch();
  int batches = 0;
  const auto start = Clock::now();
  double elapsed = 0;
  while (batches < 3 || elapsed < minSeconds) {
    batch();
    ++batches;
    elapsed = std::chrono::duration<double>(Clock::now() - start).count();
  }
  return batches * work / elapsed;
}

// Random numbers, not zeros or a pattern: a GPU may compress regular data in
// memory and move it faster than real water.
void randomFill(std::vector<float>& data, float amplitude = 100.0f) {
  std::mt19937 random(20261123);
  std::uniform_real_distribution<float> uniform(-amplitude, amplitude);
  for (float& v : data) v = uniform(random);
}

std::vector<float> randomHeights(int w, int h) {
  std::vector<float> heights(static_cast<size_t>(w) * h);
  randomFill(heights);
  return heights;
}

// Waits for the GPU: glFinish, then a fence after every command so far, so
// that even a driver that returns early from glFinish must have finished the
// work: draws and compute dispatches alike. (It used to read one pixel back,
// which covers only the draws into the framebuffer bound at the time.)
void syncGpu() {
  glFinish();
  GLsync fence = glFenceSync(GL_SYNC_GPU_COMMANDS_COMPLETE, 0);
  while (glClientWaitSync(fence, GL_SYNC_FLUSH_COMMANDS_BIT, 1'000'000'000) == GL_TIMEOUT_EXPIRED) {
  }
  glDeleteSync(fence);
}

// Units per second of GPU work: `submit(n)` queues n units, and every batch
// ends with syncGpu(). The batch doubles (untimed) until one takes a
// twentieth of the timing, so that a fast GPU is not timed on its waits.
double gpuUnitsPerSecond(const std::function<void(int)>& submit, double minSeconds) {
  int n = 1;
  for (;;) {
    const auto start = Clock::now();
    submit(n);
    syncGpu();
    if (std::chrono::duration<double>(Clock::now() - start).count() >= minSeconds / 20 || n >= (1 << 16)) break;
    n *= 2;
  }
  return unitsPerSecond(
      [&] {
        submit(n);
        syncGpu();
      },
      n, minSeconds);
}

// An RGBA8 frame to draw into offscreen, bound on creation.
struct OffscreenFrame {
  gl::Texture texture;
  gl::Framebuffer framebuffer;
  OffscreenFrame(int w, int h) : texture(gl::makeTexture()), framebuffer(gl::makeFramebuffer()) {
    glBindTexture(GL_TEXTURE_2D, texture.get());
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, w, h, 0, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
    glBindFramebuffer(GL_FRAMEBUFFER, framebuffer.get());
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, texture.get(), 0);
  }
  void bind() const { glBindFramebuffer(GL_FRAMEBUFFER, framebuffer.get()); }
};

// A plain copy of one RGBA32F texture into another, four floats a texel: the
// GPU's own bandwidth bound, measured the way a step moves its data (read as
// shaders/step_rule.glsl reads: READ_BY_IMAGE, READ_BY_SAMPLER or neither, as
// TexelReads says). The source is bound to texture and image unit 0.
constexpr const char* kCopyShader = R"(#version 330 core
#ifdef READ_BY_IMAGE
#extension GL_ARB_shader_image_load_store : require
layout(rgba32f) readonly uniform image2D u_source;
#else
uniform sampler2D u_source;
#endif
out vec4 copy;
void main() {
#if defined(READ_BY_IMAGE)
  copy = imageLoad(u_source, ivec2(gl_FragCoord.xy));
#elif defined(READ_BY_SAMPLER)
  copy = texture(u_source, gl_FragCoord.xy / vec2(textureSize(u_source, 0)));
#else
  copy = texelFetch(u_source, ivec2(gl_FragCoord.xy), 0);
#endif
}
)";

// The same copy as a compute shader, where the driver has them.
constexpr const char* kComputeCopyShader = R"(#version 330 core
#extension GL_ARB_compute_shader : require
#extension GL_ARB_shader_image_load_store : require
layout(local_size_x = 16, local_size_y = 16) in;
#ifdef READ_BY_IMAGE
layout(rgba32f) readonly uniform image2D u_source;
#else
uniform sampler2D u_source;
#endif
layout(rgba32f) uniform writeonly image2D u_target;
void main() {
  ivec2 at = ivec2(gl_GlobalInvocationID.xy);
#if defined(READ_BY_IMAGE)
  imageStore(u_target, at, imageLoad(u_source, at));
#elif defined(READ_BY_SAMPLER)
  imageStore(u_target, at, texture(u_source, (vec2(at) + 0.5) / vec2(textureSize(u_source, 0))));
#else
  imageStore(u_target, at, texelFetch(u_source, at, 0));
#endif
}
)";

// The picture unshifted, one filtered sample a pixel (see pictureOnlyMs()).
constexpr const char* kPictureShader = R"(#version 330 core
uniform sampler2D u_picture;
out vec4 color;
void main() { color = texture(u_picture, gl_FragCoord.xy / vec2(textureSize(u_picture, 0))); }
)";

struct Row {
  std::string group, what, size;
  double perSecond = 0;  // units per second
  std::string unit;
  double cellsPerSecond = 0;  // cell-updates per second (step figures)
  double shareOfBound = -1;   // of the bandwidth bound: GPU copy for GPU steps, memcpy for the CPU's
};

class Bench {
 public:
  explicit Bench(Settings s) : s_(std::move(s)) {}

  // The CPU's bandwidth bound: copies of 256 MiB, far beyond any cache, on
  // one thread and on every core (each its own slice, as the CPU step splits
  // rows); bytes read + bytes written. The CPU step rows are stated against
  // the all-core figure.
  void memoryBandwidth() {
    const size_t bytes = s_.quick ? (32u << 20) : (256u << 20);
    std::vector<char> a(bytes, 1), b(bytes, 2);
    const int cores = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
    for (int threads : {1, cores}) {
      const double copiesPerSecond = unitsPerSecond(
          [&] {
            std::vector<std::thread> workers;
            for (int i = 0; i < threads; ++i) {
              const size_t begin = bytes * i / threads, end = bytes * (i + 1) / threads;
              workers.emplace_back([&, begin, end] { std::memcpy(&b[begin], &a[begin], end - begin); });
            }
            for (auto& w : workers) w.join();
          },
          1.0, s_.minSeconds);
      bandwidth_ = copiesPerSecond * 2.0 * bytes;
      rows_.push_back({"memory",
                       "memcpy (read + write), " + std::to_string(threads) + (threads == 1 ? " thread" : " threads"),
                       std::to_string(bytes >> 20) + " MiB", bandwidth_ / 1e9, "GB/s"});
      if (cores == 1) break;
    }
  }

  // The GPU's bandwidth bound: the best of the copies measured here, in bytes
  // read + written per second. An RGBA32F texture (128 MiB; 4 MiB with
  // --quick) copied into another by a full-screen pass, by a compute shader
  // where the driver has them, and a buffer-to-buffer copy by the driver.
  void gpuCopyBandwidth() {
    const int w = s_.quick ? 512 : 4096, h = s_.quick ? 512 : 2048;
    const std::string texels = std::to_string(w) + "x" + std::to_string(h) + " texels";
    const double bytesPerCopy = 2.0 * 16.0 * w * h;
    gl::ShaderSource shaders(s_.shaderFolder);
    struct Target {
      gl::Texture texture = gl::makeTexture();
      gl::Framebuffer framebuffer = gl::makeFramebuffer();
    } a, b;
    std::vector<float> data(static_cast<size_t>(w) * h * 4);
    randomFill(data);
    for (Target* t : {&a, &b}) {
      glBindTexture(GL_TEXTURE_2D, t->texture.get());
      glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA32F, w, h, 0, GL_RGBA, GL_FLOAT, data.data());
      // No mipmaps: without this the texture is incomplete, reads give 0 and
      // image writes are dropped, and the copy would be timed doing nothing.
      glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
      glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
      glBindFramebuffer(GL_FRAMEBUFFER, t->framebuffer.get());
      glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, t->texture.get(), 0);
    }
    // a -> b, then b -> a: never into what is read. Afterwards both must
    // hold the data still, the proof that the copies were done.
    auto copies = [&](const std::function<void(const Target& from, const Target& to)>& copy) {
      int pass = 0;
      glBindFramebuffer(GL_FRAMEBUFFER, b.framebuffer.get());
      glClearBufferfv(GL_COLOR, 0, std::array<float, 4>{-1, -1, -1, -1}.data());
      const double perSecond = gpuUnitsPerSecond(
          [&](int n) {
            for (int i = 0; i < n; ++i, ++pass) copy(pass % 2 ? b : a, pass % 2 ? a : b);
          },
          s_.minSeconds);
      for (const Target* t : {&a, &b}) {
        float texel[4];
        glBindFramebuffer(GL_FRAMEBUFFER, t->framebuffer.get());
        glReadPixels(w - 1, h - 1, 1, 1, GL_RGBA, GL_FLOAT, texel);
        if (!std::equal(texel, texel + 4, &data[data.size() - 4])) throw Error("the GPU copy benchmark copied nothing");
      }
      return perSecond;
    };

    const gl::ProgramHandle fragmentCopy =
        gl::linkProgram({shaders.stage(GL_VERTEX_SHADER, "shaders/fullscreen.vert"),
                         gl::withDefines({GL_FRAGMENT_SHADER, "copy.frag", kCopyShader}, heightReadDefines(s_.reads))});
    const gl::VertexArray empty = gl::makeVertexArray();
    glBindVertexArray(empty.get());
    glUseProgram(fragmentCopy.get());
    glViewport(0, 0, w, h);
    const double passBandwidth = bytesPerCopy * copies([&](const Target& from, const Target& to) {
                                   glBindFramebuffer(GL_FRAMEBUFFER, to.framebuffer.get());
                                   bindForReading(0, from.texture.get(), s_.reads, GL_RGBA32F);
                                   glDrawArrays(GL_TRIANGLES, 0, 3);
                                 });
    glBindVertexArray(0);
    rows_.push_back({"memory", "gpu copy, fragment pass (RGBA32F)", texels, passBandwidth / 1e9, "GB/s"});
    gpuBandwidth_ = passBandwidth;

    if (ripple::computeStepAvailable()) {
      const gl::ProgramHandle computeCopy = gl::linkProgram(
          {gl::withDefines({GL_COMPUTE_SHADER, "copy.comp", kComputeCopyShader}, heightReadDefines(s_.reads))});
      glUseProgram(computeCopy.get());
      glUniform1i(gl::uniformLocation(computeCopy.get(), "u_target"), 1);
      const double computeBandwidth =
          bytesPerCopy * copies([&](const Target& from, const Target& to) {
            bindForReading(0, from.texture.get(), s_.reads, GL_RGBA32F);
            glBindImageTexture(1, to.texture.get(), 0, GL_FALSE, 0, GL_WRITE_ONLY, GL_RGBA32F);
            glDispatchCompute(w / 16, h / 16, 1);
            glMemoryBarrier(GL_ALL_BARRIER_BITS);
          });
      rows_.push_back({"memory", "gpu copy, compute (RGBA32F)", texels, computeBandwidth / 1e9, "GB/s"});
      gpuBandwidth_ = std::max(gpuBandwidth_, computeBandwidth);
    }

    const GLsizeiptr bytes = s_.quick ? (16 << 20) : (256 << 20);
    const gl::Buffer from = gl::makeBuffer(), to = gl::makeBuffer();
    glBindBuffer(GL_COPY_READ_BUFFER, from.get());
    glBufferData(GL_COPY_READ_BUFFER, bytes, nullptr, GL_STATIC_COPY);
    glBindBuffer(GL_COPY_WRITE_BUFFER, to.get());
    glBufferData(GL_COPY_WRITE_BUFFER, bytes, nullptr, GL_STATIC_COPY);
    const double bufferBandwidth = 2.0 * bytes *
                                   gpuUnitsPerSecond(
                                       [&](int n) {
                                         for (int i = 0; i < n; ++i)
                                           glCopyBufferSubData(GL_COPY_READ_BUFFER, GL_COPY_WRITE_BUFFER, 0, 0, bytes);
                                       },
                                       s_.minSeconds);
    rows_.push_back(
        {"memory", "gpu copy, buffer to buffer", std::to_string(bytes >> 20) + " MiB", bufferBandwidth / 1e9, "GB/s"});
    gpuBandwidth_ = std::max(gpuBandwidth_, bufferBandwidth);
  }

  // The seeds' step, by each path the driver offers, on random water.
  void gpuSteps() {
    for (StepPath path : {StepPath::Fragment, StepPath::Compute}) {
      if (path == StepPath::Compute && !ripple::computeStepAvailable()) continue;
      for (int n : s_.sizes) {
        ripple::Water water = gpuWater(n, n, seedValues(), path);
        water.setHeights(randomHeights(n, n));
        const double steps = gpuUnitsPerSecond([&](int count) { water.step(count); }, s_.minSeconds);
        addStepRow("gpu step", path == StepPath::Compute ? "step, compute" : "step, fragment pass", n, steps,
                   gpuBandwidth_);
      }
    }
  }

  void cpuSteps() {
    const int cores = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
    for (int threads : {1, cores}) {
      for (int n : s_.sizes) {
        CpuReference water(n, n);
        water.setThreadCount(threads);
        WaterState state(n, n);
        state.cur.cells = randomHeights(n, n);
        state.prev = state.cur;
        water.setState(std::move(state));
        const double steps = unitsPerSecond([&] { water.step(WaterRule{Mode::Float, 1.0f / 32}); }, 1.0, s_.minSeconds);
        addStepRow("cpu step, " + std::to_string(threads) + (threads == 1 ? " thread" : " threads"), "step", n, steps,
                   bandwidth_);
      }
      if (cores == 1) break;
    }
  }

  // Single passes through ripple::Water: a drag's stones, and the
  // refraction of water in motion, beside a pass that only draws the picture.
  void gpuPasses() {
    const Picture source = loadPicture("");
    for (auto [w, h] : {std::pair(1280, 720), std::pair(1920, 1080)}) {
      const std::string size = std::to_string(w) + "x" + std::to_string(h);
      ripple::Water water = gpuWater(w, h, seedValues());
      // A drag's worth of stones: 32 of radius 8.
      std::vector<ripple::Drop> stones;
      for (int i = 0; i < 32; ++i) stones.push_back({w / 4 + i * 10, h / 2 + (i % 5) * 7, 8, 96.0f});
      const double stonePasses = gpuUnitsPerSecond(
          [&](int n) {
            for (int i = 0; i < n; ++i) water.drop(stones);
          },
          s_.minSeconds);
      rows_.push_back({"gpu pass", "stones (32, radius 8)", size, 1000.0 / stonePasses, "ms/pass"});

      // Water in motion, so that the picture is read where a user sees it
      // bent; on a half grid the same stones, halved.
      ripple::Water halfGrid = gpuWater(w / 2, h / 2, seedValues());
      for (ripple::Drop& stone : stones) stone = {stone.x / 2, stone.y / 2, stone.radius / 2, stone.weight};
      halfGrid.drop(stones);
      water.step(100);
      halfGrid.step(50);
      PictureTexture picture;
      picture.upload(coverPicture(source, w, h));
      rows_.push_back({"gpu pass", "refraction", size, refractionMs(water, picture, w, h), "ms/pass"});
      rows_.push_back(
          {"gpu pass", "refraction, 1/2 grid (interpolated)", size, refractionMs(halfGrid, picture, w, h), "ms/pass"});
      rows_.push_back(
          {"gpu pass", "picture, unshifted (no heights read)", size, pictureOnlyMs(source, w, h), "ms/pass"});
    }
    // The peer's frame: a 1024x1024 grid drawn onto 1024x768, interpolated.
    ripple::Water square = gpuWater(1024, 1024, seedValues());
    for (int i = 0; i < 100; ++i) {
      square.drop((i * 37) % 1024, (i * 23) % 1024, 6, 96.0f);
      square.step();
    }
    PictureTexture picture;
    picture.upload(coverPicture(source, 1024, 768));
    rows_.push_back({"gpu pass", "refraction, 1024x1024 grid (interpolated)", "1024x768",
                     refractionMs(square, picture, 1024, 768), "ms/pass"});
    rows_.push_back(
        {"gpu pass", "picture, unshifted (no heights read)", "1024x768", pictureOnlyMs(source, 1024, 768), "ms/pass"});
  }

  // Milliseconds a full-screen pass, `draw`, takes into a w x h frame. Two
  // frames are drawn in turn: a CPU rasterizer skips a full-screen draw that
  // the next one into the same frame covers, which would count work never
  // done.
  double fullScreenPassMs(int w, int h, const std::function<void()>& draw) {
    const OffscreenFrame targets[2] = {{w, h}, {w, h}};
    int frame = 0;
    const double passes = gpuUnitsPerSecond(
        [&](int n) {
          for (int i = 0; i < n; ++i, ++frame) {
            targets[frame % 2].bind();
            draw();
          }
        },
        s_.minSeconds);
    return 1000.0 / passes;
  }

  // The refraction alone: no light, no height shading.
  double refractionMs(ripple::Water& water, const PictureTexture& picture, int w, int h) {
    water.setLook({1.0f, 0.5f, 0.0f, 0.0f});
    return fullScreenPassMs(w, h, [&] { water.render(picture.name(), 0, 0, w, h); });
  }

  // A pass that draws the picture unshifted, one filtered sample a pixel at
  // the pixel's own place, and reads no heights: what a full-screen pass costs
  // apart from the refraction's work. (On llvmpipe a sample at a shifted place
  // costs more than this one: BENCHMARKS.md.)
  double pictureOnlyMs(const Picture& source, int w, int h) {
    const Picture picture = coverPicture(source, w, h);
    const gl::Texture texture = gl::makeTexture();
    glActiveTexture(GL_TEXTURE0);  // u_picture's unit
    glBindTexture(GL_TEXTURE_2D, texture.get());
    glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, w, h, 0, GL_RGBA, GL_UNSIGNED_BYTE, picture.rgba.data());
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
    gl::ShaderSource shaders(s_.shaderFolder);
    const gl::ProgramHandle program = gl::linkProgram({shaders.stage(GL_VERTEX_SHADER, "shaders/fullscreen.vert"),
                                                       {GL_FRAGMENT_SHADER, "picture.frag", kPictureShader}});
    const gl::VertexArray empty = gl::makeVertexArray();
    glBindVertexArray(empty.get());
    glUseProgram(program.get());
    glViewport(0, 0, w, h);
    const double ms = fullScreenPassMs(w, h, [] { glDrawArrays(GL_TRIANGLES, 0, 3); });
    glBindVertexArray(0);
    return ms;
  }

  // A whole frame as the window draws it, headless: a stone, the steps that
  // `params`' wave speed asks of a 60 Hz frame (the window's step rate,
  // window_to_grid.hpp), the refraction, and the ImGui panel; then
  // `afterFrame`, when given. The grid is the window's for the frame
  // (`params.simScaleShift`).
  double wholeFrameRate(int frameW, int frameH, const Params& params, bool panel,
                        const std::function<void()>& afterFrame = {}) {
    const int divisor = 1 << params.simScaleShift;
    return wholeFrameRate(frameW, frameH, (frameW + divisor - 1) / divisor, (frameH + divisor - 1) / divisor, params,
                          panel, afterFrame);
  }
  // The same on a grid of any size: the peer's frame steps a 1024x1024 grid
  // and draws it onto 1024x768.
  double wholeFrameRate(int frameW, int frameH, int gridW, int gridH, const Params& params, bool panel,
                        const std::function<void()>& afterFrame = {}) {
    const double stepsPerFrame =
        stepsPerSecond(params.waveSpeed, waterRule(params).courant, {frameW, frameH}, {gridW, gridH}) / 60.0;
    ripple::Water water = gpuWater(gridW, gridH, params);
    PictureTexture picture;
    picture.upload(coverPicture(loadPicture(""), frameW, frameH));
    const OffscreenFrame target(frameW, frameH);
    Scene scene;
    putParams(params, scene);
    WindowSettings edited = settingsOf(scene);  // what the panel draws and edits
    PanelStatus status;
    status.renderer = gpuContextDescription();
    if (panel) {
      ImGui::GetIO().DisplaySize = ImVec2(float(frameW), float(frameH));
      ImGui::GetIO().DeltaTime = 1.0f / 60;
    }
    const int radius = std::max(1, params.stoneRadius * gridW / frameW);
    int frame = 0;
    double owed = 0;
    return gpuUnitsPerSecond(
        [&](int n) {
          for (int i = 0; i < n; ++i, ++frame) {
            water.drop((frame * 37) % gridW, (frame * 23) % gridH, radius, params.stoneWeight);
            for (owed += stepsPerFrame; owed >= 1; owed -= 1) water.step();
            target.bind();
            water.render(picture.name(), 0, 0, frameW, frameH);
            if (panel) {
              ImGui_ImplOpenGL3_NewFrame();
              ImGui::NewFrame();
              drawPanel(edited, status);
              ImGui::Render();
              ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
            }
            if (afterFrame) afterFrame();
          }
        },
        s_.minSeconds);
  }

  // A ripple::Water on the GPU as this run asks (its shaders, its reads),
  // with `params`' rule and look.
  ripple::Water gpuWater(int w, int h, const Params& params, StepPath path = StepPath::Auto) const {
    ripple::Water water(w, h, Backend::Gpu, {path, s_.shaderFolder, api::heightReadsOf(s_.reads)});
    giveParams(water, params);
    return water;
  }

  // The parameters a frame runs with, given to a ripple::Water.
  static void giveParams(ripple::Water& water, const Params& p) {
    water.setRule(ruleOf(p));
    water.setLook(lookOf(p));
  }

  // The window's frames, or the peer's.
  void wholeFrames(int frameW, int frameH, int gridW, int gridH, bool panel, const std::string& what) {
    Params params = seedValues();
    params.stoneRadius = 6;
    const double fps = wholeFrameRate(frameW, frameH, gridW, gridH, params, panel);
    rows_.push_back({"whole frame", what,
                     std::to_string(frameW) + "x" + std::to_string(frameH) + " frame, " + std::to_string(gridW) + "x" +
                         std::to_string(gridH) + " grid",
                     fps, "frames/s"});
  }

  // Two ways of doing one thing, measured in turn (A B A B A B) so that a
  // machine whose speed drifts treats both alike; the medians and their ratio.
  void sideBySide(const std::string& group, const std::string& a, const std::string& b, const std::string& size,
                  const std::string& unit, const std::function<double()>& measureA,
                  const std::function<double()>& measureB, int rounds = 3) {
    std::vector<double> as, bs;
    for (int round = 0; round < (s_.quick ? 1 : rounds); ++round) {
      as.push_back(measureA());
      bs.push_back(measureB());
    }
    std::sort(as.begin(), as.end());
    std::sort(bs.begin(), bs.end());
    const double ma = as[as.size() / 2], mb = bs[bs.size() / 2];
    rows_.push_back({group, a, size, ma, unit});
    rows_.push_back({group, b + " (" + formatRatio(mb / ma) + " of the above)", size, mb, unit});
  }

  static std::string formatRatio(double r) {
    char text[32];
    std::snprintf(text, sizeof text, "%.2fx", r);
    return text;
  }

  // The ways of reading the heights (TexelReads) beside each other, the
  // choice a driver's default rests on: the sampler against image loads, for
  // the step and the peer's frame, each measured in turn five times.
  void reads() {
    if (!imageLoadsAvailable()) return;
    const int n = s_.quick ? 128 : 1024;
    const std::string square = std::to_string(n) + "x" + std::to_string(n);
    auto stepsPerSecondReading = [&](TexelReads reads) {
      return [&, reads] {
        ripple::Water water(n, n, Backend::Gpu, {StepPath::Fragment, s_.shaderFolder, api::heightReadsOf(reads)});
        giveParams(water, seedValues());
        water.setHeights(randomHeights(n, n));
        return gpuUnitsPerSecond([&](int count) { water.step(count); }, s_.minSeconds);
      };
    };
    sideBySide("reads", "step, fragment pass, sampler", "step, fragment pass, image loads", square, "steps/s",
               stepsPerSecondReading(TexelReads::Sampler), stepsPerSecondReading(TexelReads::ImageLoad), 5);
    const int w = s_.quick ? 128 : 1024, h = s_.quick ? 96 : 768;
    auto framesPerSecondReading = [&](TexelReads reads) {
      return [&, reads] {
        const TexelReads before = s_.reads;
        s_.reads = reads;
        Params params = seedValues();
        params.stoneRadius = 6;
        const double fps = wholeFrameRate(w, h, n, n, params, false);
        s_.reads = before;
        return fps;
      };
    };
    sideBySide("reads", "the peer's frame, sampler", "the peer's frame, image loads",
               std::to_string(w) + "x" + std::to_string(h) + " frame, " + square + " grid", "frames/s",
               framesPerSecondReading(TexelReads::Sampler), framesPerSecondReading(TexelReads::ImageLoad), 5);
  }

  // What the looks cost, each beside what it replaces: the nine-point
  // stencil's step against the four neighbours', the light against none,
  // and the window's whole frame with the defaults against the seeds' values.
  void looks() {
    const int n = s_.quick ? 128 : 1024;
    ripple::Water water = gpuWater(n, n, seedValues());
    water.setHeights(randomHeights(n, n));
    auto stepsPerSecondOf = [&](float speed, Stencil stencil) {
      return [&, speed, stencil] {
        Params rule = seedValues();
        rule.courant = speed;
        rule.stencil = stencil;
        giveParams(water, rule);
        return gpuUnitsPerSecond([&](int count) { water.step(count); }, s_.minSeconds);
      };
    };
    const std::string square = std::to_string(n) + "x" + std::to_string(n);
    sideBySide("looks", "step, 4 neighbours (the seeds' form)", "step, 9 points, C = 0.8", square, "steps/s",
               stepsPerSecondOf(kSeedCourant, Stencil::Five), stepsPerSecondOf(0.8f, Stencil::Nine));

    const int w = s_.quick ? 320 : 1280, h = s_.quick ? 180 : 720;
    const std::string frame = std::to_string(w) + "x" + std::to_string(h);
    Params unlit;
    unlit.lightStrength = 0.0f;
    sideBySide(
        "looks", "whole frame, defaults without the light", "whole frame, defaults", frame, "frames/s",
        [&] { return wholeFrameRate(w, h, unlit, true); }, [&] { return wholeFrameRate(w, h, Params{}, true); });
    // The defaults before this release: the seeds' values, grid scale 1,
    // stones of 6 pixels.
    Params before = seedValues();
    before.simScaleShift = 0;
    before.stoneRadius = 6;
    before.refraction = 1.0f;
    sideBySide(
        "looks", "whole frame, the seeds' values, grid 1", "whole frame, defaults", frame, "frames/s",
        [&] { return wholeFrameRate(w, h, before, true); }, [&] { return wholeFrameRate(w, h, Params{}, true); });
  }

  // What the wave tank costs a step, each beside the plain step: a world
  // that shapes nothing (it steps by the plain variant), and walls with a
  // slit, a lens of slow water and absorbing edges (whose layers add cells
  // beyond the visible grid). Steps of the same visible grid.
  void tank() {
    const int n = s_.quick ? 128 : 1024;
    const std::string square = std::to_string(n) + "x" + std::to_string(n) + " visible";
    Params plain = seedValues();
    plain.damping = 0.006f;
    plain.courant = 0.8f;
    plain.stencil = Stencil::Nine;
    // Each tank steps its own water, made once, so that the rounds measure
    // the steps alone.
    std::vector<std::unique_ptr<ripple::Water>> waters;
    auto stepsPerSecondOf = [&](const std::function<void(ripple::Water&)>& build) {
      waters.push_back(std::make_unique<ripple::Water>(gpuWater(n, n, plain)));
      ripple::Water& water = *waters.back();
      build(water);
      water.setHeights(randomHeights(n, n));
      return [&water, this] { return gpuUnitsPerSecond([&](int count) { water.step(count); }, s_.minSeconds); };
    };
    const auto none = [](ripple::Water&) {};
    const auto source = [n](ripple::Water& water) {
      ripple::Source singing;
      singing.x0 = singing.x1 = n / 2;
      singing.y0 = singing.y1 = n / 2;
      singing.period = 20.0;
      singing.amplitude = 30.0f;
      water.addSource(singing);
    };
    // A wall with a slit and a lens of slow water beside it.
    const auto shaped = [n, source](ripple::Water& water) {
      source(water);
      ripple::Tank tank = water.tank();
      tank.walls = {{n / 2, 0, n / 2, n / 2 - 8, 4}, {n / 2, n / 2 + 8, n / 2, n - 1, 4}};
      tank.slowWater = {
          {{{n / 8, n / 4}, {n / 3, n / 4}, {n / 3, 3 * n / 4}, {n / 8, 3 * n / 4}}, 0, 0, 0, 170.0f / 255.0f}};
      water.setTank(tank);
    };
    const auto absorbing = [shaped](ripple::Water& water) {
      shaped(water);
      ripple::Tank tank = water.tank();
      tank.leftRightEdges = tank.topBottomEdges = Edge::Absorbing;
      water.setTank(tank);
    };
    // Nine rounds each: a shared machine's speed drifts from minute to
    // minute, and the first pair runs the very same shader.
    sideBySide("tank", "step, 9 points, no world", "step, a world that shapes nothing", square, "steps/s",
               stepsPerSecondOf(none), stepsPerSecondOf(source), 9);
    sideBySide("tank", "step, 9 points, no world", "step, walls + slow water", square, "steps/s",
               stepsPerSecondOf(none), stepsPerSecondOf(shaped), 9);
    sideBySide("tank", "step, 9 points, no world", "step, walls + slow water + absorbing edges", square, "steps/s",
               stepsPerSecondOf(none), stepsPerSecondOf(absorbing), 9);
  }

  // What recording the window costs: the whole 1280x720 frame with the
  // defaults and the panel, beside the same frames recorded as the window
  // records them (WindowRecording: read back at 30 frames a second of wall
  // time, encoded on the recorder's thread), in turn, in one run.
  void record() {
    const int w = s_.quick ? 320 : 1280, h = s_.quick ? 180 : 720;
    const std::string frame = std::to_string(w) + "x" + std::to_string(h);
    const std::string path = (std::filesystem::temp_directory_path() / "ripple-bench-recording.mp4").string();
    const auto now = [] { return std::chrono::duration<double>(Clock::now().time_since_epoch()).count(); };
    // Five seconds a measurement: the frames still queued when a recording
    // stops (8 at most) are encoded after the clock stops, and must be few
    // against those timed; the time they take is charged to the recording.
    const double minSeconds = s_.minSeconds;
    s_.minSeconds = s_.quick ? minSeconds : 5.0;
    sideBySide(
        "record", "whole frame, defaults", "whole frame, defaults, recorded (MP4, 30 frames/s)", frame, "frames/s",
        [&] { return wholeFrameRate(w, h, Params{}, true); },
        [&] {
          WindowRecording recording(nullptr, stderr);
          recording.start(path, w, h, now());
          if (!recording.active()) throw Error("cannot record into '" + path + "'");
          const double fps = wholeFrameRate(w, h, Params{}, true, [&] { recording.capture(w, h, now()); });
          const double stopping = now();
          recording.stop();
          const double drained = now() - stopping;
          std::filesystem::remove(path);
          // As if the timed seconds (at least minSeconds) had lasted
          // as much longer as stop() took.
          return fps * s_.minSeconds / (s_.minSeconds + drained);
        },
        5);
    s_.minSeconds = minSeconds;
  }

  void print() const {
    std::printf("%-20s %-42s %-30s %14s %-10s %16s %10s\n", "group", "what", "size", "figure", "unit", "cell-updates/s",
                "of bound");
    for (const Row& r : rows_) {
      char cells[32] = "", share[32] = "";
      if (r.cellsPerSecond > 0) std::snprintf(cells, sizeof cells, "%.1f M", r.cellsPerSecond / 1e6);
      if (r.shareOfBound >= 0) std::snprintf(share, sizeof share, "%.0f%%", r.shareOfBound * 100);
      std::printf("%-20s %-42s %-30s %14.2f %-10s %16s %10s\n", r.group.c_str(), r.what.c_str(), r.size.c_str(),
                  r.perSecond, r.unit.c_str(), cells, share);
    }
  }

  nlohmann::json json(const std::string& renderer) const {
    nlohmann::json j;
    char date[32];
    const std::time_t now = std::time(nullptr);
    std::strftime(date, sizeof date, "%Y-%m-%d", std::gmtime(&now));
    j["date"] = date;
    j["gl_renderer"] = renderer;
    j["cpu"] = cpuName();
    j["cores"] = std::thread::hardware_concurrency();
    j["memory_bandwidth_bytes_per_second"] = bandwidth_;
    if (gpuBandwidth_ > 0) j["gpu_copy_bandwidth_bytes_per_second"] = gpuBandwidth_;
    j["step_bytes_per_cell"] = kStepBytesPerCell;
    j["quick"] = s_.quick;
    j["texel_reads"] = texelReadsName(s_.reads);
    for (const Row& r : rows_) {
      nlohmann::json row{
          {"group", r.group}, {"what", r.what}, {"size", r.size}, {"value", r.perSecond}, {"unit", r.unit}};
      if (r.cellsPerSecond > 0) row["cell_updates_per_second"] = r.cellsPerSecond;
      if (r.shareOfBound >= 0) row["share_of_bandwidth_bound"] = r.shareOfBound;
      j["results"].push_back(row);
    }
    return j;
  }

  static std::string cpuName() {
    std::ifstream in("/proc/cpuinfo");
    std::string line;
    while (std::getline(in, line)) {
      if (line.rfind("model name", 0) == 0) return line.substr(line.find(':') + 2);
    }
    return "unknown";
  }

 private:
  void addStepRow(const std::string& group, const std::string& what, int n, double stepsPerSecond, double bound) {
    Row r{group, what, std::to_string(n) + "x" + std::to_string(n), stepsPerSecond, "steps/s"};
    r.cellsPerSecond = stepsPerSecond * n * n;
    if (bound > 0) r.shareOfBound = r.cellsPerSecond * kStepBytesPerCell / bound;
    rows_.push_back(r);
  }

  Settings s_;
  double bandwidth_ = 0;     // memcpy on every core, bytes read + written per second
  double gpuBandwidth_ = 0;  // the best of the GPU copies, likewise
  std::vector<Row> rows_;
};

int run(int argc, char** argv) {
  Settings settings;
  std::string jsonPath = "bench/results.json";
  CLI::App app{"ripple-bench: steps, passes and frames per second, against the memory bandwidth", "ripple-bench"};
  app.add_flag("--quick", settings.quick, "small sizes, short timings (checks that it runs)");
  app.add_option("--json", jsonPath, "where to write the results (default bench/results.json)");
  std::vector<std::string> only;
  app.add_option("--only", only,
                 "run only these parts (memory, gpu-step, cpu-step, looks, reads, tank, record, passes, frames)")
      ->delimiter(',')
      ->check(
          CLI::IsMember({"memory", "gpu-step", "cpu-step", "looks", "reads", "tank", "record", "passes", "frames"}));
  app.add_option("--shaders", settings.shaderFolder, "time the shaders in DIR instead of the built-in ones")
      ->check(CLI::ExistingDirectory);
  app.add_option("--texel-reads", settings.texelReadsChoice,
                 "how the passes read the heights: auto (image loads on a software rasterizer that has them, else "
                 "the sampler there; texelFetch on a GPU), imageLoad, sampler or texelFetch")
      ->check(CLI::IsMember({"auto", "imageLoad", "sampler", "texelFetch"}));
  CLI11_PARSE(app, argc, argv);
  if (settings.quick) {
    settings.minSeconds = 0.05;
    settings.sizes = {64, 128};
  }

  auto context = gl::HeadlessContext::create();
  const std::string renderer = gpuContextDescription();
  settings.reads = settings.texelReadsChoice == "auto"        ? defaultTexelReads()
                   : settings.texelReadsChoice == "sampler"   ? TexelReads::Sampler
                   : settings.texelReadsChoice == "imageLoad" ? TexelReads::ImageLoad
                                                              : TexelReads::TexelFetch;
  std::printf("ripple-bench on %s; %s, %u cores; heights read by %s\n\n", renderer.c_str(), Bench::cpuName().c_str(),
              std::thread::hardware_concurrency(), texelReadsName(settings.reads));
  IMGUI_CHECKVERSION();
  ImGui::CreateContext();
  ImGui::GetIO().IniFilename = nullptr;
  ImGui_ImplOpenGL3_Init("#version 330 core");

  const auto wanted = [&](const std::string& part) {
    return only.empty() || std::find(only.begin(), only.end(), part) != only.end();
  };
  Bench bench(settings);
  // The bandwidth comes first: the step figures are stated as shares of it.
  if (wanted("memory") || wanted("gpu-step") || wanted("cpu-step")) bench.memoryBandwidth();
  if (wanted("memory") || wanted("gpu-step")) bench.gpuCopyBandwidth();
  if (wanted("gpu-step")) bench.gpuSteps();
  if (wanted("looks")) bench.looks();
  if (wanted("reads")) bench.reads();
  if (wanted("tank")) bench.tank();
  if (wanted("record")) bench.record();
  if (wanted("cpu-step")) bench.cpuSteps();
  if (wanted("passes") && !settings.quick) bench.gpuPasses();
  const bool q = settings.quick;
  if (wanted("frames")) {
    bench.wholeFrames(q ? 320 : 1280, q ? 180 : 720, q ? 320 : 1280, q ? 180 : 720, true,
                      "stones + step + refraction + panel");
    if (!q) bench.wholeFrames(1920, 1080, 1920, 1080, true, "stones + step + refraction + panel");
    bench.wholeFrames(q ? 256 : 1024, q ? 192 : 768, q ? 256 : 1024, q ? 256 : 1024, false,
                      "step + refraction (the peer's frame)");
  }
  bench.print();

  ImGui_ImplOpenGL3_Shutdown();
  ImGui::DestroyContext();
  std::ofstream out(jsonPath);
  out << bench.json(renderer).dump(2) << "\n";
  if (!out) throw Error("cannot write '" + jsonPath + "'");
  std::printf("\nwrote %s\n", jsonPath.c_str());
  return 0;
}

}  // namespace
}  // namespace ripple

int main(int argc, char** argv) {
  try {
    return ripple::run(argc, argv);
  } catch (const ripple::Error& e) {
    std::fprintf(stderr, "ripple-bench: %s\n", e.what());
    return 1;
  }
}

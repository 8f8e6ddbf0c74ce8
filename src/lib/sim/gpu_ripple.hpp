#pragma once
// The simulation on the GPU: the two fields of the rule in textures that pack
// four cells a texel (see height_texture.hpp), plus a third that the step
// writes into; each step rotates the three (prev <- cur, cur <- next,
// next <- old prev), so nothing is ever copied. Texture row 0 is grid row 0
// (the top): data goes in and out with no flip.
#include <array>
#include <map>
#include <optional>
#include <tuple>
#include <string>
#include <vector>

#include "core/water_simulation.hpp"
#include "gl/handle.hpp"
#include "gl/pass_viewport.hpp"
#include "gl/shader_source.hpp"
#include "sim/height_texture.hpp"
#include "sim/step_rects.hpp"

namespace ripple {

// How the step runs: a full-screen fragment pass (any GL 3.3 driver), or a
// compute dispatch (drivers with ARB_compute_shader and image load/store).
// Both compile the same shaders (shaders/step_plain.glsl, step_world.glsl)
// and compute the same bits.
enum class StepPath { Fragment, Compute };

// Why a compute step cannot run where computeAvailable() is false.
inline constexpr const char* kNoComputeShaders =
    "this GL driver has no compute shaders (it needs OpenGL 4.3, or ARB_compute_shader and "
    "ARB_shader_image_load_store)";

class GpuRipple final : public WaterSimulation {
 public:
  // Needs a current GL 3.3 context. Throws ripple::Error when a shader fails
  // or the driver cannot render to float textures of that size. `reads`: how
  // the step reads texels (height_texture.hpp); the default suits the driver.
  GpuRipple(int width, int height, const gl::ShaderSource& shaders, TexelReads reads = defaultTexelReads());

  int width() const override { return width_; }
  int height() const override { return height_; }
  GridLayout layout() const override { return layout_; }
  void prepareWorld(const WaterRule& rule) override;

  // The stone rule on `cur`, in the order given (a later stone wins where
  // they overlap).
  void dropStones(const std::vector<Stone>& stones) override;
  // One step of the rule, then the rotation.
  void step(const WaterRule& rule) override;
  // By default compute where the driver has it and the GPU is real hardware,
  // else fragment: the faster path on each (BENCHMARKS.md).
  // Asking for compute where the driver has none keeps the fragment path.
  StepPath stepPath() const { return stepPath_; }
  TexelReads texelReads() const { return reads_; }
  void setStepPath(StepPath path);
  static bool computeAvailable();
  // Throws ripple::Error naming the grid when the heights' texture of a
  // width x height grid (layers included) is beyond the driver.
  static void requireFieldsFit(int width, int height);
  // With absorbing edges, whether the layers' texels are stepped apart from
  // the visible grid's (step_rects.hpp). By default on a software renderer
  // that has `precise`, where a shader's arithmetic is what a step costs; a
  // GPU steps the whole grid in one pass, where the extra passes would cost
  // more than the arithmetic they save (BENCHMARKS.md). Both agree as the
  // GPU and the CPU reference do: classic mode bit for bit, float mode
  // within its tolerance.
  bool layersSteppedApart() const { return layersApart_; }
  void setLayersSteppedApart(bool apart) { layersApart_ = apart; }
  void reset() override;
  // Changes the visible grid's size, keeping the water: both fields'
  // visible cells are resampled (bilinear) to the new size. The programs are
  // kept; the world is forgotten (the next step's rule brings the one for
  // the new size, and its absorbing layers).
  void resize(int width, int height);
  // Rebuilds the stone and step programs; on failure throws ripple::Error and
  // keeps the programs it had, so the water goes on with the last good ones.
  void reloadShaders(const gl::ShaderSource& shaders);

  // Reads both fields back (a GPU -> CPU copy; for verification and files).
  WaterState readState() const override;
  HeightField readCurrent() const override;
  // Replaces both fields, e.g. with a state resampled to a new size.
  void writeState(const WaterState& state) override;
  // "gpu, fragment pass" or "gpu, compute".
  std::string label() const override;

  // The texture holding `cur`, for the refraction pass; it changes every step.
  GpuHeights current() const {
    return {fields_[cur_].texture.get(), width_, height_, layout_, tankShown_ ? tankLook_.get() : 0};
  }

 private:
  struct Field {
    gl::Texture texture;
    gl::Framebuffer framebuffer;
  };
  void createFields();
  HeightField readField(const Field& field) const;
  void writeField(Field& field, const HeightField& data);
  // Packs a field of the grid into a texture of the fields' layout; padding
  // cells get 0.
  void uploadPacked(GLuint texture, const HeightField& data);
  void uploadWorld(const WorldCoefficients& world);

  int width_;
  int height_;
  std::array<Field, 3> fields_;
  int prev_ = 0, cur_ = 1, next_ = 2;
  StepPath stepPath_ = StepPath::Fragment;
  bool layersApart_ = false;

  // The variants of shaders/step_plain.glsl: the seeds' form in classic and float
  // mode, and float mode's general form with four neighbours or nine points.
  enum StepForm { kSeedClassic, kSeedFloat, kFive, kNine, kStepForms };
  static StepForm stepForm(const WaterRule& rule);
  struct StepProgram {
    gl::ProgramHandle program;
    GLint cur, prev, damping, maxHeight;
    GLint gridSize = -1;          // all but the inner texels' variant
    GLint c2 = -1, c2Sixth = -1;  // the general forms only
    GLint next = -1;              // the image written, compute only
  };
  struct StepVariant {
    StepForm form;
    StepPath path;
    bool inner = false;  // (fragment path) for the inner texels, without the border's mask (step_rects.hpp)
    std::vector<std::string> defines() const;  // for step_plain.glsl
  };
  static StepProgram buildStepProgram(const gl::ShaderSource& shaders, TexelReads reads, const StepVariant& variant);
  // The world's variants (WORLD), built when first asked for: classic or
  // four neighbours or nine points, wrapping in x and y or not, each path.
  // What a pass steps: texels without absorbing layer cells, the layers'
  // texels (ABSORBING), or the top or bottom row of texels, whose one-way
  // edge works out the rows inwards too (ABSORBING and OUTER_ROW;
  // step_rects.hpp).
  enum class WorldPassKind { Open, Layers, OuterRow };
  struct WorldVariant {
    StepForm form;
    bool wrapX, wrapY;
    StepPath path;
    WorldPassKind kind;
    std::vector<std::string> defines() const;  // for step_world.glsl, the cell codes' too
    bool operator<(const WorldVariant& o) const {
      return std::tie(form, wrapX, wrapY, path, kind) < std::tie(o.form, o.wrapX, o.wrapY, o.path, o.kind);
    }
  };
  struct WorldStepProgram {
    StepProgram step;
    GLint cells;
    GLint courant = -1, edge = -1;       // ABSORBING only
    GLint firstTexel = -1, texels = -1;  // compute only: the rectangle dispatched
  };
  static WorldStepProgram buildWorldStepProgram(const gl::ShaderSource& shaders, TexelReads reads,
                                                const WorldVariant& variant);
  const WorldStepProgram& worldStepProgram(const WorldVariant& variant);
  WorldVariant worldVariant(const WaterRule& rule, WorldPassKind kind) const;  // world_ set
  // The passes of a world's step: at most the visible grid, four layers and
  // the two outer rows, kept on the stack, as step() runs hundreds of times
  // a second.
  struct WorldPass {
    WorldPassKind kind;
    TexelRect texels;
  };
  struct WorldPasses {
    std::array<WorldPass, 7> pass;
    size_t count = 0;
  };
  WorldPasses worldPasses() const;
  // The step's inputs, bound for `program`; then its pass over a rectangle of
  // texels (the whole grid for the plain pool).
  void bindStepInputs(const StepProgram& program, const WaterRule& rule);
  void stepPlainPool(const WaterRule& rule);  // no world: no walls, slow water or open edges
  void runStepOver(const TexelRect& rect);
  struct StoneProgram {
    gl::ProgramHandle program;
    GLint textureSize, gridWidth;
    GLint component = -1;  // dual-source blending's
    GLint before = -1;     // COPY_BLEND's
    GLint cells = -1;      // the WORLD variant only
  };
  static StoneProgram buildStoneProgram(const gl::ShaderSource& shaders, bool world);
  // The stones' draws into the current field, `stone` in use: blended by
  // dual-source blending, or (WebGL 2) over copies of the heights.
  void drawStonesBlended(const StoneProgram& stone, int count);
  void drawStonesOverCopies(const StoneProgram& stone, const std::vector<Stone>& stones);
  static void pointStoneAttributesAt(std::size_t first);
  // The plain pool's and the stones' programs are built at once (where
  // gl::kBuildVariantsUpFront), the world's when first asked for.
  struct Programs {
    std::array<std::optional<StepProgram>, kStepForms> fragment;  // one a form
    std::array<std::optional<StepProgram>, kStepForms> inner;     // the fragment path's inner texels
    std::array<std::optional<StepProgram>, kStepForms> compute;   // where the driver has compute shaders
    std::optional<StoneProgram> stone, worldStone;
    std::map<WorldVariant, WorldStepProgram> world;
  };
  static Programs buildPrograms(const gl::ShaderSource& shaders, TexelReads reads);
  // Built now if not yet: a form's step on a path (the fragment path's for
  // the inner texels or the rest), the stones' (of a world or not).
  const StepProgram& stepProgram(StepForm form, StepPath path, bool inner = false);
  const StoneProgram& stoneProgram(bool world);
  TexelReads reads_;          // before programs_, which are built with it
  gl::ShaderSource shaders_;  // where the world's variants come from
  Programs programs_;
  GridLayout layout_;
  WorldCoefficientsCache worldCache_;
  const WorldCoefficients* world_ = nullptr;  // the world prepared; null: the plain pool
  long worldRevision_ = -1;
  gl::Texture worldCells_;  // RGBA32UI: the world's cell codes, packed as the heights
  gl::Texture tankLook_;    // the world's walls and slow water as drawn
  bool tankShown_ = false;
  gl::ViewportLimits viewportLimits_;  // for the passes' viewports (pass_viewport.hpp)
  gl::VertexArray emptyVertexArray_;   // core profile needs one bound to draw
  gl::VertexArray stoneVertexArray_;
  gl::Buffer stoneBuffer_;  // (x, y, radius, weight, smooth) per stone
};

}  // namespace ripple

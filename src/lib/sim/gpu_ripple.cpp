#include "sim/gpu_ripple.hpp"

#include <algorithm>
#include <array>
#include <string>

#include "core/error.hpp"
#include "core/tank_look.hpp"
#include "gl/covering_pass.hpp"
#include "gl/draw_buffer.hpp"
#include "gl/gl_info.hpp"
#include "gl/pixel_store.hpp"
#include "gl/program.hpp"

namespace ripple {
namespace {
constexpr int kStoneFloats = 6;  // x, y, radius, weight; smooth, share: shaders/stone.vert's a_stone, a_shape

// WebGL 2 has no dual-source blending: its stones are drawn over copies.
#if defined(__EMSCRIPTEN__)
constexpr bool kCopyBlend = true;
#else
constexpr bool kCopyBlend = false;
#endif

// A rectangle of the fields' texels, [x0, x1) x [y0, y1), in long long: a
// stone's centre may be any int.
struct CopyRect {
  long long x0, y0, x1, y1;
  bool overlaps(const CopyRect& o) const { return x0 < o.x1 && o.x0 < x1 && y0 < o.y1 && o.y0 < y1; }
  CopyRect within(const CopyRect& o) const {
    return {std::clamp(x0, o.x0, o.x1), std::clamp(y0, o.y0, o.y1), std::clamp(x1, o.x0, o.x1),
            std::clamp(y1, o.y0, o.y1)};
  }
};

long long floorQuarter(long long v) { return v >= 0 ? v / 4 : -((-v + 3) / 4); }

// The texels shaders/stone.vert's quad covers for `s`, the margin included.
CopyRect stoneTexels(const Stone& s) {
  return {floorQuarter(1LL * s.x - s.radius) + kHeightMargin.x, 1LL * s.y - s.radius + kHeightMargin.y,
          floorQuarter(1LL * s.x + s.radius) + 1 + kHeightMargin.x, 1LL * s.y + s.radius + 1 + kHeightMargin.y};
}

CopyRect boundsOf(const std::vector<CopyRect>& rects) {
  CopyRect b = rects.front();
  for (const CopyRect& r : rects)
    b = {std::min(b.x0, r.x0), std::min(b.y0, r.y0), std::max(b.x1, r.x1), std::max(b.y1, r.y1)};
  return b;
}

// How a cell's code is laid out (world_grid.hpp), for the shaders that read
// it: one definition, in C++.
std::vector<std::string> cellCodeDefines() {
  using namespace cell_code;
  const auto u = [](std::uint32_t v) { return std::to_string(v) + "u"; };
  return {"CELL_HELD " + u(kHeld),
          "CELL_INNER_IS_RIGHT " + u(kInnerIsRight),
          "CELL_INNER_IS_LEFT " + u(kInnerIsLeft),
          "CELL_INNER_IS_DOWN " + u(kInnerIsDown),
          "CELL_INNER_IS_UP " + u(kInnerIsUp),
          "CELL_UPWIND_INNER_IS_RIGHT " + u(kUpwindInnerIsRight),
          "CELL_UPWIND_INNER_IS_LEFT " + u(kUpwindInnerIsLeft),
          "CELL_UPWIND_INNER_IS_DOWN " + u(kUpwindInnerIsDown),
          "CELL_UPWIND_INNER_IS_UP " + u(kUpwindInnerIsUp),
          "CELL_WEIGHT_UNIT (1.0 / 65536.0)",
          "CELL_LAYER_UNIT (1.0 / 8192.0)"};
}
}  // namespace

GpuRipple::StepForm GpuRipple::stepForm(const WaterRule& rule) {
  if (rule.seedForm()) return rule.mode == Mode::Classic ? kSeedClassic : kSeedFloat;
  return rule.stencil == Stencil::Nine ? kNine : kFive;
}

std::vector<std::string> GpuRipple::StepVariant::defines() const {
  std::vector<std::string> d;
  if (form == kSeedClassic) d.push_back("CLASSIC");
  if (form == kFive) d.push_back("FIVE");
  if (form == kNine) d.push_back("NINE");
  if (path == StepPath::Compute) d.push_back("COMPUTE");
  if (inner) d.push_back("INNER");
  return d;
}

GpuRipple::StepProgram GpuRipple::buildStepProgram(const gl::ShaderSource& shaders, TexelReads reads,
                                                   const StepVariant& variant) {
  StepProgram p;
  std::vector<std::string> defines = heightReadDefines(reads);
  for (const std::string& d : variant.defines()) defines.push_back(d);
  const StepForm form = variant.form;
  if (variant.path == StepPath::Compute) {
    p.program =
        gl::linkProgram({gl::withDefines(shaders.stage(GL_COMPUTE_SHADER, "shaders/step_plain.glsl"), defines)});
    p.next = gl::uniformLocation(p.program.get(), "u_next");
  } else {
    p.program =
        gl::linkProgram({shaders.stage(GL_VERTEX_SHADER, "shaders/fullscreen.vert"),
                         gl::withDefines(shaders.stage(GL_FRAGMENT_SHADER, "shaders/step_plain.glsl"), defines)});
  }
  p.cur = gl::uniformLocation(p.program.get(), "u_cur");
  p.prev = gl::uniformLocation(p.program.get(), "u_prev");
  // The inner texels' variant has no border to find.
  if (!variant.inner) p.gridSize = gl::uniformLocation(p.program.get(), "u_gridSize");
  p.damping = gl::uniformLocation(p.program.get(), "u_damping");
  p.maxHeight = gl::uniformLocation(p.program.get(), "u_maxHeight");
  if (form == kFive) p.c2 = gl::uniformLocation(p.program.get(), "u_c2");
  if (form == kNine) p.c2Sixth = gl::uniformLocation(p.program.get(), "u_c2Sixth");
  return p;
}

bool GpuRipple::computeAvailable() { return GLAD_GL_ARB_compute_shader && GLAD_GL_ARB_shader_image_load_store; }

void GpuRipple::setStepPath(StepPath path) {
  stepPath_ = path == StepPath::Compute && computeAvailable() ? StepPath::Compute : StepPath::Fragment;
}

GpuRipple::StoneProgram GpuRipple::buildStoneProgram(const gl::ShaderSource& shaders, bool world) {
  StoneProgram p;
  std::vector<std::string> defines{heightMarginDefine()};
  if (world) {
    defines.push_back("WORLD");
    for (const std::string& d : cellCodeDefines()) defines.push_back(d);
  }
  if (kCopyBlend) defines.push_back("COPY_BLEND");
  p.program = gl::linkProgram({shaders.stage(GL_VERTEX_SHADER, "shaders/stone.vert"),
                               gl::withDefines(shaders.stage(GL_FRAGMENT_SHADER, "shaders/stone.frag"), defines)});
  p.textureSize = gl::uniformLocation(p.program.get(), "u_textureSize");
  if (kCopyBlend) {
    p.before = gl::uniformLocation(p.program.get(), "u_before");
  } else {
    p.component = gl::uniformLocation(p.program.get(), "u_component");
  }
  p.gridWidth = gl::uniformLocation(p.program.get(), "u_gridWidth");
  if (world) p.cells = gl::uniformLocation(p.program.get(), "u_cells");
  return p;
}

GpuRipple::Programs GpuRipple::buildPrograms(const gl::ShaderSource& shaders, TexelReads reads) {
  Programs p;
  if (!gl::kBuildVariantsUpFront) return p;
  for (int form = 0; form < kStepForms; ++form) {
    p.fragment[form] = buildStepProgram(shaders, reads, {StepForm(form), StepPath::Fragment});
    p.inner[form] = buildStepProgram(shaders, reads, {StepForm(form), StepPath::Fragment, true});
    if (computeAvailable()) p.compute[form] = buildStepProgram(shaders, reads, {StepForm(form), StepPath::Compute});
  }
  p.stone = buildStoneProgram(shaders, false);
  p.worldStone = buildStoneProgram(shaders, true);
  return p;
}

std::vector<std::string> GpuRipple::WorldVariant::defines() const {
  std::vector<std::string> d = cellCodeDefines();
  if (form == kSeedClassic) d.push_back("CLASSIC");
  if (form == kNine) d.push_back("NINE");
  if (wrapX) d.push_back("WRAP_X");
  if (wrapY) d.push_back("WRAP_Y");
  if (kind != WorldPassKind::Open) d.push_back("ABSORBING");
  if (kind == WorldPassKind::OuterRow) d.push_back("OUTER_ROW");
  if (path == StepPath::Compute) d.push_back("COMPUTE");
  return d;
}

GpuRipple::WorldStepProgram GpuRipple::buildWorldStepProgram(const gl::ShaderSource& shaders, TexelReads reads,
                                                             const WorldVariant& v) {
  WorldStepProgram p;
  std::vector<std::string> defines = heightReadDefines(reads);
  for (const std::string& d : v.defines()) defines.push_back(d);
  const bool absorbing = v.kind != WorldPassKind::Open;
  StepProgram& s = p.step;
  if (v.path == StepPath::Compute) {
    s.program =
        gl::linkProgram({gl::withDefines(shaders.stage(GL_COMPUTE_SHADER, "shaders/step_world.glsl"), defines)});
    s.next = gl::uniformLocation(s.program.get(), "u_next");
  } else {
    s.program =
        gl::linkProgram({shaders.stage(GL_VERTEX_SHADER, "shaders/fullscreen.vert"),
                         gl::withDefines(shaders.stage(GL_FRAGMENT_SHADER, "shaders/step_world.glsl"), defines)});
  }
  s.cur = gl::uniformLocation(s.program.get(), "u_cur");
  s.prev = gl::uniformLocation(s.program.get(), "u_prev");
  // Only the variants that wrap or run as compute shaders read the grid's size.
  s.gridSize = glGetUniformLocation(s.program.get(), "u_gridSize");
  s.damping = gl::uniformLocation(s.program.get(), "u_damping");
  s.maxHeight = gl::uniformLocation(s.program.get(), "u_maxHeight");
  p.cells = gl::uniformLocation(s.program.get(), "u_cells");
  if (absorbing) {
    p.courant = gl::uniformLocation(s.program.get(), "u_courant");
    p.edge = gl::uniformLocation(s.program.get(), "u_edge");
  }
  if (v.path == StepPath::Compute) {
    p.firstTexel = gl::uniformLocation(s.program.get(), "u_firstTexel");
    p.texels = gl::uniformLocation(s.program.get(), "u_texels");
  }
  return p;
}

const GpuRipple::StepProgram& GpuRipple::stepProgram(StepForm form, StepPath path, bool inner) {
  std::optional<StepProgram>& p = path == StepPath::Compute ? programs_.compute[form]
                                  : inner                   ? programs_.inner[form]
                                                            : programs_.fragment[form];
  if (!p) p = buildStepProgram(shaders_, reads_, {form, path, inner});
  return *p;
}

const GpuRipple::StoneProgram& GpuRipple::stoneProgram(bool world) {
  std::optional<StoneProgram>& p = world ? programs_.worldStone : programs_.stone;
  if (!p) p = buildStoneProgram(shaders_, world);
  return *p;
}

const GpuRipple::WorldStepProgram& GpuRipple::worldStepProgram(const WorldVariant& variant) {
  auto found = programs_.world.find(variant);
  if (found == programs_.world.end()) {
    found = programs_.world.emplace(variant, buildWorldStepProgram(shaders_, reads_, variant)).first;
  }
  return found->second;
}

void GpuRipple::reloadShaders(const gl::ShaderSource& shaders) {
  Programs programs = buildPrograms(shaders, reads_);
  // The others in use are rebuilt now, so that a shader that fails fails
  // here and the last good programs run on.
  const auto rebuild = [&](const std::optional<StepProgram>& was, std::optional<StepProgram>& now,
                           const StepVariant& variant) {
    if (was && !now) now = buildStepProgram(shaders, reads_, variant);
  };
  for (int form = 0; form < kStepForms; ++form) {
    rebuild(programs_.fragment[form], programs.fragment[form], {StepForm(form), StepPath::Fragment});
    rebuild(programs_.inner[form], programs.inner[form], {StepForm(form), StepPath::Fragment, true});
    rebuild(programs_.compute[form], programs.compute[form], {StepForm(form), StepPath::Compute});
  }
  if (programs_.stone && !programs.stone) programs.stone = buildStoneProgram(shaders, false);
  if (programs_.worldStone && !programs.worldStone) programs.worldStone = buildStoneProgram(shaders, true);
  for (const auto& entry : programs_.world) {
    programs.world.emplace(entry.first, buildWorldStepProgram(shaders, reads_, entry.first));
  }
  programs_ = std::move(programs);
  shaders_ = shaders;
}

GpuRipple::GpuRipple(int width, int height, const gl::ShaderSource& shaders, TexelReads reads)
    : width_(width), height_(height), reads_(reads), shaders_(shaders), programs_(buildPrograms(shaders, reads)) {
  layout_.visibleWidth = width;
  layout_.visibleHeight = height;
  setStepPath(gl::isSoftwareRenderer() ? StepPath::Fragment : StepPath::Compute);
  // Apart, the outer rows' one-way edge is worked out in a pass of its own, a
  // sum of products that a driver without `precise` (WebGL 2's) may fuse:
  // SwiftShader's classic-mode heights then left the CPU's (open-sea).
  setLayersSteppedApart(gl::isSoftwareRenderer() && GLAD_GL_ARB_gpu_shader5);
  requireFieldsFit(width, height);
  createFields();
  viewportLimits_ = gl::queryViewportLimits();
  emptyVertexArray_ = gl::makeVertexArray();
  stoneVertexArray_ = gl::makeVertexArray();
  stoneBuffer_ = gl::makeBuffer();
  glBindVertexArray(stoneVertexArray_.get());
  glBindBuffer(GL_ARRAY_BUFFER, stoneBuffer_.get());
  glEnableVertexAttribArray(0);
  glVertexAttribDivisor(0, 1);
  glEnableVertexAttribArray(1);
  glVertexAttribDivisor(1, 1);
  pointStoneAttributesAt(0);
  glBindVertexArray(0);
}

// The heights' texture of a w x h grid (the packing and the margin
// included) fits the driver: throws ripple::Error naming the grid.
void GpuRipple::requireFieldsFit(int w, int h) {
  const int texelsWide = packedWidth(w) + 2 * kHeightMargin.x, texelsHigh = h + 2 * kHeightMargin.y;
  GLint largest = 0;
  glGetIntegerv(GL_MAX_TEXTURE_SIZE, &largest);
  if (w < 1 || h < 1 || texelsWide > largest || texelsHigh > largest) {
    throw Error("grid " + std::to_string(w) + "x" + std::to_string(h) + " is beyond what this GPU takes: its heights " +
                "need a texture of " + std::to_string(texelsWide) + "x" + std::to_string(texelsHigh) +
                " texels, and the driver takes at most " + std::to_string(largest) + " a side");
  }
}

void GpuRipple::createFields() {
  for (Field& f : fields_) {
    f.texture = gl::makeTexture();
    glBindTexture(GL_TEXTURE_2D, f.texture.get());
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA32F, packedWidth(width_) + 2 * kHeightMargin.x, height_ + 2 * kHeightMargin.y,
                 0, GL_RGBA, GL_FLOAT, nullptr);
    // Every pass reads whole texels at their centres (NEAREST: a texel's own
    // bits) and unpacks cells itself; the passes that write draw inside the
    // margin only, so it is cleared here once: a new texture's contents are
    // undefined.
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
    f.framebuffer = gl::makeFramebuffer();
    glBindFramebuffer(GL_FRAMEBUFFER, f.framebuffer.get());
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, f.texture.get(), 0);
    const GLenum status = glCheckFramebufferStatus(GL_FRAMEBUFFER);
    if (status != GL_FRAMEBUFFER_COMPLETE) {
      throw Error("this GL driver cannot render into RGBA32F textures (framebuffer status " + std::to_string(status) +
                  "); ripple needs float render targets");
    }
    const float zero[4] = {0, 0, 0, 0};
    glClearBufferfv(GL_COLOR, 0, zero);
  }
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
}

void GpuRipple::resize(int width, int height) {
  if (width == layout_.visibleWidth && height == layout_.visibleHeight) return;
  requireFieldsFit(width, height);
  const WaterState old = readState();
  width_ = width;
  height_ = height;
  createFields();  // replaces the old textures, which are deleted
  // The visible water, resampled: the absorbing layers (if any) come back
  // with the world the next step brings.
  WaterState resized;
  resized.cur = resampleField(visibleHeights(old.cur, layout_), width, height);
  resized.prev = resampleField(visibleHeights(old.prev, layout_), width, height);
  layout_ = GridLayout{width, height};
  world_ = nullptr;
  worldRevision_ = -1;
  tankShown_ = false;
  writeState(resized);
}

void GpuRipple::prepareWorld(const WaterRule& rule) {
  const WorldCoefficients* world = worldCache_.get(rule);
  const long revision = world ? worldCache_.revision() : -1;
  if (revision == worldRevision_) return;
  const GridLayout target = layoutForWorld(rule, world, layout_);
  WaterState state = readState();
  if (!(target == layout_)) {
    state = relayout(state, layout_, target);
    requireFieldsFit(target.width(), target.height());
    width_ = target.width();
    height_ = target.height();
    createFields();
  }
  if (world) {
    zeroHeldCells(state, *world);
    uploadWorld(*world);
  }
  tankShown_ = world && showsInThePicture(*rule.world);
  if (tankShown_) {
    const Picture look = tankLook(*rule.world);
    tankLook_ = gl::makeTexture();
    glBindTexture(GL_TEXTURE_2D, tankLook_.get());
    const gl::DefaultPixelStore pixelStore;
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, look.width, look.height, 0, GL_RGBA, GL_UNSIGNED_BYTE, look.rgba.data());
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
  }
  layout_ = target;
  world_ = world;
  worldRevision_ = revision;
  writeState(state);
  // The world's step programs now, so that a shader that fails to compile
  // fails before the first step, and a headless run writes nothing.
  if (world_) {
    const WorldPasses passes = worldPasses();
    for (size_t i = 0; i < passes.count; ++i) worldStepProgram(worldVariant(rule, passes.pass[i].kind));
  }
}

void GpuRipple::uploadWorld(const WorldCoefficients& world) {
  // Four codes a texel, as the heights pack four cells; the padding cells
  // are held at 0, as a wall is, and the margin (never stepped) holds 0.
  const int texelsWide = packedWidth(width_) + 2 * kHeightMargin.x, texelsHigh = height_ + 2 * kHeightMargin.y;
  std::vector<std::uint32_t> codes(static_cast<size_t>(texelsWide) * texelsHigh * 4, 0u);
  const std::uint32_t heldCode = cell_code::packMarker(cell_code::kHeld, 0, 1.0f);
  for (int y = 0; y < height_; ++y) {
    std::uint32_t* row = &codes[(static_cast<size_t>(y + kHeightMargin.y) * texelsWide + kHeightMargin.x) * 4];
    for (int x = 0; x < 4 * packedWidth(width_); ++x) row[x] = x < width_ ? world.at(x, y) : heldCode;
  }
  worldCells_ = gl::makeTexture();
  glBindTexture(GL_TEXTURE_2D, worldCells_.get());
  const gl::DefaultPixelStore pixelStore;
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA32UI, texelsWide, texelsHigh, 0, GL_RGBA_INTEGER, GL_UNSIGNED_INT,
               codes.data());
  // An integer texture is read whole: NEAREST (LINEAR would leave it incomplete).
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
}

void GpuRipple::dropStones(const std::vector<Stone>& stones) {
  if (stones.empty()) return;
  // Whole numbers up to 2^24 are exact in a float: centres and radii stay exact.
  std::vector<float> data;
  data.reserve(stones.size() * kStoneFloats);
  for (const Stone& s : stones) {
    data.insert(data.end(), {float(s.x), float(s.y), float(s.radius), s.weight,
                             s.shape == StoneShape::Smooth ? 1.0f : 0.0f, s.share});
  }
  glBindBuffer(GL_ARRAY_BUFFER, stoneBuffer_.get());
  glBufferData(GL_ARRAY_BUFFER, static_cast<GLsizeiptr>(data.size() * sizeof(float)), data.data(), GL_STREAM_DRAW);
  glBindFramebuffer(GL_FRAMEBUFFER, fields_[cur_].framebuffer.get());
  glViewport(kHeightMargin.x, kHeightMargin.y, packedWidth(width_), height_);
  const StoneProgram& stone = stoneProgram(world_ != nullptr);
  glUseProgram(stone.program.get());
  glUniform2f(stone.textureSize, float(packedWidth(width_)), float(height_));
  glUniform1i(stone.gridWidth, width_);
  if (world_) {
    // Cells the world holds at 0 keep their 0.
    glActiveTexture(GL_TEXTURE0);
    glBindTexture(GL_TEXTURE_2D, worldCells_.get());
    glUniform1i(stone.cells, 0);
  }
  glBindVertexArray(stoneVertexArray_.get());
  if (kCopyBlend) {
    drawStonesOverCopies(stone, stones);
  } else {
    drawStonesBlended(stone, static_cast<int>(stones.size()));
  }
  glBindVertexArray(0);
}

void GpuRipple::drawStonesBlended(const StoneProgram& stone, int count) {
  // height = -weight p + height (1 - p): shaders/stone.frag writes -weight p
  // and, as its second source, p. Float targets blend in float.
  glEnablei(GL_BLEND, 0);  // the draw buffer ripple writes: a host's others keep their own
  glBlendEquation(GL_FUNC_ADD);
  glBlendFunc(GL_ONE, GL_ONE_MINUS_SRC1_COLOR);
  // One draw for each of the four cells a texel holds, the colour mask
  // keeping the other three. Instances are rasterised in order, so a later
  // stone wins where two overlap.
  for (int component = 0; component < 4; ++component) {
    glColorMaski(0, component == 0, component == 1, component == 2, component == 3);
    glUniform1i(stone.component, component);
    glDrawArraysInstanced(GL_TRIANGLE_STRIP, 0, 4, count);
  }
  glColorMaski(0, GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
  glDisablei(GL_BLEND, 0);
}

void GpuRipple::drawStonesOverCopies(const StoneProgram& stone, const std::vector<Stone>& stones) {
  // The next field is free until the next step writes it: the copies go
  // there. A run of stones whose texels do not overlap is one draw over one
  // copy; a stone over an earlier one of the run starts the next run, so
  // that it moves the heights that one left, as blending would.
  const Field& copy = fields_[next_];
  glActiveTexture(GL_TEXTURE1);
  glBindTexture(GL_TEXTURE_2D, copy.texture.get());
  glUniform1i(stone.before, 1);
  const CopyRect texture{0, 0, packedWidth(width_) + 2 * kHeightMargin.x, height_ + 2 * kHeightMargin.y};
  std::size_t first = 0;
  while (first < stones.size()) {
    std::vector<CopyRect> run{stoneTexels(stones[first])};
    std::size_t end = first + 1;
    for (; end < stones.size(); ++end) {
      const CopyRect next = stoneTexels(stones[end]);
      if (std::any_of(run.begin(), run.end(), [&](const CopyRect& r) { return r.overlaps(next); })) break;
      run.push_back(next);
    }
    const CopyRect region = boundsOf(run).within(texture);
    const auto at = [](long long v) { return static_cast<GLint>(v); };
    glBindFramebuffer(GL_READ_FRAMEBUFFER, fields_[cur_].framebuffer.get());
    glBindFramebuffer(GL_DRAW_FRAMEBUFFER, copy.framebuffer.get());
    glBlitFramebuffer(at(region.x0), at(region.y0), at(region.x1), at(region.y1), at(region.x0), at(region.y0),
                      at(region.x1), at(region.y1), GL_COLOR_BUFFER_BIT, GL_NEAREST);
    glBindFramebuffer(GL_FRAMEBUFFER, fields_[cur_].framebuffer.get());
    // The run's instances: the attributes start at its first stone (WebGL 2
    // draws no base instance).
    pointStoneAttributesAt(first);
    glDrawArraysInstanced(GL_TRIANGLE_STRIP, 0, 4, static_cast<GLsizei>(end - first));
    first = end;
  }
  pointStoneAttributesAt(0);
}

// The stones' attributes (shaders/stone.vert's a_stone, a_shape) from stone
// `first` of the buffer, which is bound to GL_ARRAY_BUFFER.
void GpuRipple::pointStoneAttributesAt(std::size_t first) {
  const auto at = [&](std::size_t floats) {
    return reinterpret_cast<const void*>((first * kStoneFloats + floats) * sizeof(float));
  };
  glVertexAttribPointer(0, 4, GL_FLOAT, GL_FALSE, kStoneFloats * sizeof(float), at(0));
  glVertexAttribPointer(1, 2, GL_FLOAT, GL_FALSE, kStoneFloats * sizeof(float), at(4));
}

void GpuRipple::bindStepInputs(const StepProgram& program, const WaterRule& rule) {
  glUseProgram(program.program.get());
  bindForReading(0, fields_[cur_].texture.get(), reads_, GL_RGBA32F);
  bindForReading(1, fields_[prev_].texture.get(), reads_, GL_RGBA32F);
  glUniform1i(program.cur, 0);
  glUniform1i(program.prev, 1);
  glUniform2i(program.gridSize, width_, height_);
  glUniform1f(program.damping, rule.damping);
  glUniform1f(program.maxHeight, limits::maxHeight);
  // Worked out here as on the CPU (cpu_reference.cpp), so both use the same bits.
  glUniform1f(program.c2, rule.courantSquared());
  glUniform1f(program.c2Sixth, rule.courantSquared() / 6.0f);
  if (stepPath_ == StepPath::Compute) {
    glBindImageTexture(2, fields_[next_].texture.get(), 0, GL_FALSE, 0, GL_WRITE_ONLY, GL_RGBA32F);
    glUniform1i(program.next, 2);
  } else {
    glBindFramebuffer(GL_FRAMEBUFFER, fields_[next_].framebuffer.get());
    gl::disableBlending();
  }
}

void GpuRipple::runStepOver(const TexelRect& rect) {
  if (stepPath_ == StepPath::Compute) {
    constexpr int kGroup = 16;  // local_size_x and _y in shaders/step_rule.glsl
    glDispatchCompute((rect.width + kGroup - 1) / kGroup, (rect.height + kGroup - 1) / kGroup, 1);
  } else {
    const gl::PixelRect target{kHeightMargin.x + rect.x, kHeightMargin.y + rect.y, rect.width, rect.height};
    glBindVertexArray(emptyVertexArray_.get());
    gl::drawCoveringTriangle(target, gl::viewportAround(target, viewportLimits_));
    glBindVertexArray(0);
  }
}

// Apart: the visible grid's texels by the variant without the absorbing
// layer, the layers' by the one with it (step_rects.hpp). Together: the
// whole grid by the variant its layers need.
GpuRipple::WorldPasses GpuRipple::worldPasses() const {
  WorldPasses passes;
  const auto add = [&](WorldPassKind kind, const TexelRect& texels) {
    if (!texels.empty()) passes.pass[passes.count++] = {kind, texels};
  };
  const TexelRect wholeGrid{0, 0, packedWidth(width_), height_};
  if (!layout_.hasLayers()) {
    add(WorldPassKind::Open, wholeGrid);
    return passes;
  }
  const WorldStepRects rects = worldStepRects(layout_);
  if (!layersApart_) {
    add(WorldPassKind::Layers, rects.betweenOuterRows);
  } else {
    add(WorldPassKind::Open, rects.visible);
    for (const TexelRect& layer : rects.layers) add(WorldPassKind::Layers, layer);
  }
  for (const TexelRect& row : rects.outerRows) add(WorldPassKind::OuterRow, row);
  return passes;
}

GpuRipple::WorldVariant GpuRipple::worldVariant(const WaterRule& rule, WorldPassKind kind) const {
  const StepForm form = rule.mode == Mode::Classic ? kSeedClassic : rule.stencil == Stencil::Nine ? kNine : kFive;
  return {form, world_->wrapX, world_->wrapY, stepPath_, kind};
}

void GpuRipple::step(const WaterRule& rule) {
  prepareWorld(rule);
  const bool compute = stepPath_ == StepPath::Compute;
  if (!world_) {
    stepPlainPool(rule);
  } else {
    const WorldPasses passes = worldPasses();
    const OneWayEdgeWeights edgeWeights = oneWayEdgeWeights(rule.courant);
    for (size_t i = 0; i < passes.count; ++i) {
      const WorldPass& pass = passes.pass[i];
      const WorldStepProgram& world = worldStepProgram(worldVariant(rule, pass.kind));
      bindStepInputs(world.step, rule);
      bindForReading(3, worldCells_.get(), reads_, GL_RGBA32UI);
      glUniform1i(world.cells, 3);
      glUniform1f(world.courant, rule.courant);
      glUniform1fv(world.edge, static_cast<GLsizei>(edgeWeights.size()), edgeWeights.data());
      glUniform2i(world.firstTexel, pass.texels.x, pass.texels.y);
      glUniform2i(world.texels, pass.texels.width, pass.texels.height);
      runStepOver(pass.texels);
    }
  }
  // Whatever reads the field next (a step's fetches, a stone's draw, a
  // read-back) must see a compute step's writes.
  if (compute) glMemoryBarrier(GL_ALL_BARRIER_BITS);
  // prev <- cur, cur <- next; the old prev is the next step's target.
  const int oldPrev = prev_;
  prev_ = cur_;
  cur_ = next_;
  next_ = oldPrev;
}

// The compute path in one dispatch over the whole grid; the fragment path
// over the inner texels without the border's test, the edges' with it.
void GpuRipple::stepPlainPool(const WaterRule& rule) {
  const StepForm form = stepForm(rule);
  if (stepPath_ == StepPath::Compute) {
    bindStepInputs(stepProgram(form, stepPath_), rule);
    runStepOver({0, 0, packedWidth(width_), height_});
    return;
  }
  const PlainStepRects rects = plainStepRects(width_, height_);
  if (!rects.inner.empty()) {
    bindStepInputs(stepProgram(form, stepPath_, true), rule);
    runStepOver(rects.inner);
  }
  bindStepInputs(stepProgram(form, stepPath_), rule);
  for (const TexelRect& edge : rects.edges) {
    if (!edge.empty()) runStepOver(edge);
  }
}

void GpuRipple::reset() {
  const float zero[4] = {0, 0, 0, 0};
  for (Field& f : fields_) {
    glBindFramebuffer(GL_FRAMEBUFFER, f.framebuffer.get());
    glClearBufferfv(GL_COLOR, 0, zero);
  }
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
}

// A packed row is the grid's row followed by the padding cells (0), so a grid
// whose width is a multiple of 4 goes in and out as it is, row-major.
HeightField GpuRipple::readField(const Field& field) const {
  const int rowCells = 4 * packedWidth(width_);
  std::vector<float> packed(static_cast<size_t>(rowCells) * height_);
  glBindFramebuffer(GL_FRAMEBUFFER, field.framebuffer.get());
  const gl::DefaultPixelStore pixelStore;
  glReadPixels(kHeightMargin.x, kHeightMargin.y, packedWidth(width_), height_, GL_RGBA, GL_FLOAT, packed.data());
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  HeightField out(width_, height_);
  for (int y = 0; y < height_; ++y) {
    std::copy_n(&packed[static_cast<size_t>(y) * rowCells], width_, &out.at(0, y));
  }
  return out;
}

void GpuRipple::writeField(Field& field, const HeightField& data) { uploadPacked(field.texture.get(), data); }

void GpuRipple::uploadPacked(GLuint texture, const HeightField& data) {
  const int rowCells = 4 * packedWidth(width_);
  std::vector<float> packed(static_cast<size_t>(rowCells) * height_, 0.0f);
  for (int y = 0; y < height_; ++y) {
    std::copy_n(data.cells.begin() + static_cast<ptrdiff_t>(y) * width_, width_,
                &packed[static_cast<size_t>(y) * rowCells]);
  }
  glBindTexture(GL_TEXTURE_2D, texture);
  const gl::DefaultPixelStore pixelStore;
  glTexSubImage2D(GL_TEXTURE_2D, 0, kHeightMargin.x, kHeightMargin.y, packedWidth(width_), height_, GL_RGBA, GL_FLOAT,
                  packed.data());
}

WaterState GpuRipple::readState() const {
  WaterState s;
  s.cur = readField(fields_[cur_]);
  s.prev = readField(fields_[prev_]);
  return s;
}

HeightField GpuRipple::readCurrent() const { return readField(fields_[cur_]); }

std::string GpuRipple::label() const { return stepPath_ == StepPath::Compute ? "gpu, compute" : "gpu, fragment pass"; }

void GpuRipple::writeState(const WaterState& state) {
  if (state.width() != width_ || state.height() != height_) {
    throw Error("cannot load a " + std::to_string(state.width()) + "x" + std::to_string(state.height()) +
                " state into a " + std::to_string(width_) + "x" + std::to_string(height_) + " grid");
  }
  writeField(fields_[cur_], state.cur);
  writeField(fields_[prev_], state.prev);
}

}  // namespace ripple

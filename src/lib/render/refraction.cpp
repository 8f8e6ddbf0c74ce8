#include "render/refraction.hpp"

#include <cstdio>

#include <glm/gtc/type_ptr.hpp>

#include "core/error.hpp"
#include "core/height_shading.hpp"
#include "core/light.hpp"
#include "core/tank_look.hpp"
#include "gl/covering_pass.hpp"
#include "gl/draw_buffer.hpp"
#include "gl/draw_framebuffer.hpp"
#include "gl/gl_info.hpp"
#include "gl/pixel_store.hpp"
#include "gl/program.hpp"

namespace ripple {

std::vector<std::string> Refraction::Variant::defines() const {
  std::vector<std::string> d;
  if (mode == Mode::Classic) d.push_back("CLASSIC");
  if (reach == Reach::Slopes) d.push_back("SCALED");
  if (reach == Reach::FineCells) d.push_back("FINE");
  if (reach == Reach::SlopeLayers) d.push_back("LAYERED");
  if (lit) d.push_back("LIGHT");
  if (heightShaded) d.push_back("HEIGHT_SHADED");
  if (tank) d.push_back("TANK");
  return d;
}

Refraction::Program Refraction::buildProgram(const gl::ShaderSource& shaders, TexelReads reads, const Variant& v) {
  std::vector<std::string> defines = heightReadDefines(reads);
  for (const std::string& d : v.defines()) defines.push_back(d);
  char room[48];  // 1/512 written out exactly
  std::snprintf(room, sizeof room, "LEAST_SHADING_ROOM %.9g", static_cast<double>(kLeastShadingRoom));
  defines.push_back(room);
  Program p;
  p.program = gl::linkProgram({shaders.stage(GL_VERTEX_SHADER, "shaders/refraction.vert"),
                               gl::withDefines(shaders.stage(GL_FRAGMENT_SHADER, "shaders/refraction.frag"), defines)});
  // Through the slope pass the heights reach the refraction as slopes (writeSlopes).
  const bool readsHeights = v.reach == Reach::Cells || v.reach == Reach::FineCells;
  if (readsHeights) p.heights = gl::uniformLocation(p.program.get(), "u_heights");
  p.gridSize = gl::uniformLocation(p.program.get(), "u_gridSize");
  if (readsHeights) p.origin = gl::uniformLocation(p.program.get(), "u_origin");
  p.picture = gl::uniformLocation(p.program.get(), "u_picture");
  p.flipY = gl::uniformLocation(p.program.get(), "u_flipY");
  // Float mode through the slope pass or on a fine grid needs only v_frame: -1.
  p.frame = glGetUniformLocation(p.program.get(), "u_frame");
  // Classic mode at the grid's size reads whole pixels and no places: -1.
  p.viewportInFrame = glGetUniformLocation(p.program.get(), "u_viewportInFrame");
  if (!readsHeights) {
    p.slopes = gl::uniformLocation(p.program.get(), v.reach == Reach::Slopes ? "u_slopes" : "u_slopeLayers");
  }
  if (v.mode == Mode::Float) {
    p.refraction = gl::uniformLocation(p.program.get(), "u_refraction");
    p.shading = gl::uniformLocation(p.program.get(), "u_shading");
    if (v.heightShaded) p.heightShading = gl::uniformLocation(p.program.get(), "u_heightShading");
  }
  if (v.lit && readsHeights) p.light = LightUniforms::find(p.program.get());
  if (v.tank) {
    p.tank = gl::uniformLocation(p.program.get(), "u_tank");
    p.wallColour = gl::uniformLocation(p.program.get(), "u_wallColour");
    if (v.mode == Mode::Float) p.shallowTint = gl::uniformLocation(p.program.get(), "u_shallowTint");
  }
  p.variant = v;
  return p;
}

std::array<std::optional<Refraction::Program>, Refraction::kVariants> Refraction::buildPrograms(
    const gl::ShaderSource& shaders, TexelReads reads, FineGridReads fineGrid) {
  std::array<std::optional<Program>, kVariants> programs;
  if (!gl::kBuildVariantsUpFront) return programs;
  const Reach fine = fineGrid == FineGridReads::SlopeLayers ? Reach::SlopeLayers : Reach::FineCells;
  for (Reach reach : {Reach::Cells, Reach::Slopes, fine}) {
    if (reach == Reach::Cells || reach == Reach::Slopes) {
      const Variant classic{Mode::Classic, reach, false, false, false};
      programs[classic.index()] = buildProgram(shaders, reads, classic);
    }
    for (bool lit : {false, true}) {
      const Variant v{Mode::Float, reach, lit, false, false};
      const bool drawn = !lit || reach == Reach::Cells || reach == Reach::FineCells;
      if (drawn) programs[v.index()] = buildProgram(shaders, reads, v);
    }
  }
  return programs;
}

const Refraction::Program& Refraction::program(const Variant& variant) {
  std::optional<Program>& p = programs_[variant.index()];
  if (!p) p = buildProgram(shaders_, reads_, variant);
  return *p;
}

Refraction::LightUniforms Refraction::LightUniforms::find(GLuint program) {
  return {gl::uniformLocation(program, "u_halfway"), gl::uniformLocation(program, "u_lightStrength"),
          gl::uniformLocation(program, "u_normalScale")};
}

void Refraction::LightUniforms::set(const LightVectors& light) const {
  glUniform3fv(halfway, 1, glm::value_ptr(light.halfway));
  glUniform1f(strength, light.strength);
  glUniform1f(normalScale, kNormalScale);
}

Refraction::SlopeProgram Refraction::buildSlopeProgram(const gl::ShaderSource& shaders, TexelReads reads, bool lit,
                                                       bool layers) {
  std::vector<std::string> defines = heightReadDefines(reads);
  if (lit) defines.push_back("LIGHT");
  if (layers) defines.push_back("LAYERS");
  SlopeProgram p;
  p.program = gl::linkProgram({shaders.stage(GL_VERTEX_SHADER, "shaders/fullscreen.vert"),
                               gl::withDefines(shaders.stage(GL_FRAGMENT_SHADER, "shaders/slopes.frag"), defines)});
  p.heights = gl::uniformLocation(p.program.get(), "u_heights");
  p.origin = gl::uniformLocation(p.program.get(), "u_origin");
  if (lit) p.light = LightUniforms::find(p.program.get());
  return p;
}

std::array<std::optional<Refraction::SlopeProgram>, 4> Refraction::buildSlopePrograms(const gl::ShaderSource& shaders,
                                                                                      TexelReads reads,
                                                                                      FineGridReads fineGrid) {
  std::array<std::optional<SlopeProgram>, 4> programs;
  if (!gl::kBuildVariantsUpFront) return programs;
  for (bool layers : {false, true}) {
    if (layers && fineGrid != FineGridReads::SlopeLayers) continue;
    for (bool lit : {false, true})
      programs[slopeProgramIndex(lit, layers)] = buildSlopeProgram(shaders, reads, lit, layers);
  }
  return programs;
}

const Refraction::SlopeProgram& Refraction::slopeProgram(bool lit, bool layers) {
  std::optional<SlopeProgram>& p = slopePrograms_[slopeProgramIndex(lit, layers)];
  if (!p) p = buildSlopeProgram(shaders_, reads_, lit, layers);
  return *p;
}

void Refraction::resizeSlopeTarget(SlopeTarget& target, int width, int height, bool layers) {
  if (width == target.width && height == target.height) return;
  const GLenum kind = layers ? GL_TEXTURE_2D_ARRAY : GL_TEXTURE_2D;
  target.texture = gl::makeTexture();
  glBindTexture(kind, target.texture.get());
  if (layers) {
    glTexImage3D(kind, 0, GL_RGBA32F, width, height, 4, 0, GL_RGBA, GL_FLOAT, nullptr);
  } else {
    glTexImage2D(kind, 0, GL_RGBA32F, width, height, 0, GL_RGBA, GL_FLOAT, nullptr);
  }
  // LINEAR: the refraction's bilinear interpolation of the four slopes
  // around a pixel (in layers, along y; x it samples at texel centres). It
  // never samples beyond the outer texels' centres: the wrap does not matter.
  glTexParameteri(kind, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
  glTexParameteri(kind, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
  glTexParameteri(kind, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
  glTexParameteri(kind, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
  glBindTexture(kind, 0);
  target.framebuffer = gl::makeFramebuffer();
  glBindFramebuffer(GL_DRAW_FRAMEBUFFER, target.framebuffer.get());
  if (layers) {
    constexpr GLenum kLayers[] = {GL_COLOR_ATTACHMENT0, GL_COLOR_ATTACHMENT1, GL_COLOR_ATTACHMENT2,
                                  GL_COLOR_ATTACHMENT3};
    for (int layer = 0; layer < 4; ++layer) {
      glFramebufferTextureLayer(GL_DRAW_FRAMEBUFFER, kLayers[layer], target.texture.get(), 0, layer);
    }
    glDrawBuffers(4, kLayers);
  } else {
    glFramebufferTexture2D(GL_DRAW_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, kind, target.texture.get(), 0);
  }
  if (glCheckFramebufferStatus(GL_DRAW_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE) {
    throw Error("this GL driver cannot render into RGBA32F textures; ripple needs float render targets");
  }
  target.width = width;
  target.height = height;
}

gl::PixelRect Refraction::slopeLayerTexels(const GridLayout& grid) {
  return {0, 0, grid.visibleWidth / 4 + 2, grid.visibleHeight + 2};  // cells -4 .. W + 3, -1 .. H: a texel four cells
}

gl::PixelRect Refraction::slopeTexels(const GridLayout& grid, bool layers) {
  return layers ? slopeLayerTexels(grid) : gl::PixelRect{0, 0, grid.visibleWidth + 2, grid.visibleHeight + 2};
}

void Refraction::requireSlopesFit(const GridLayout& grid, int frameWidth, int frameHeight, Mode mode) const {
  const Reach reach = reachOf(grid, frameWidth, frameHeight, mode);
  if (reach != Reach::Slopes && reach != Reach::SlopeLayers) return;
  const bool layers = reach == Reach::SlopeLayers;
  const gl::PixelRect size = slopeTexels(grid, layers);
  const SlopeTarget& made = layers ? slopeLayers_ : slopes_;
  if (size.width == made.width && size.height == made.height) return;  // it fits: asked of the driver once
  gl::requireTextureSize(size.width, size.height,
                         "render: the slope pass's texture (the grid and a border of one cell),");
}

void Refraction::writeSlopes(const GpuHeights& heights, const LightVectors& light, bool layers) {
  const GridLayout& grid = heights.layout;
  SlopeTarget& target = layers ? slopeLayers_ : slopes_;
  const gl::PixelRect size = slopeTexels(grid, layers);
  resizeSlopeTarget(target, size.width, size.height, layers);
  // Bound for drawing only: render() reads its frame back after.
  glBindFramebuffer(GL_DRAW_FRAMEBUFFER, target.framebuffer.get());
  gl::disableBlending(layers ? 4 : 1);
  const bool lit = light.strength > 0.0f;
  const SlopeProgram& program = slopeProgram(lit, layers);
  glUseProgram(program.program.get());
  bindForReading(0, heights.texture, reads_, GL_RGBA32F);
  glUniform1i(program.heights, 0);
  glUniform2i(program.origin, grid.left, grid.top);
  if (lit) program.light.set(light);
  glBindVertexArray(emptyVertexArray_.get());
  const gl::PixelRect slopes{0, 0, target.width, target.height};
  gl::drawCoveringTriangle(slopes, gl::viewportAround(slopes, viewportLimits_));
}

Refraction::Refraction(const gl::ShaderSource& shaders, TexelReads reads, FineGridReads fineGrid)
    : reads_(reads),
      fineGrid_(fineGrid),
      shaders_(shaders),
      programs_(buildPrograms(shaders, reads, fineGrid)),
      slopePrograms_(buildSlopePrograms(shaders, reads, fineGrid)) {
  emptyVertexArray_ = gl::makeVertexArray();
  viewportLimits_ = gl::queryViewportLimits();
  pictureTexture_ = gl::makeTexture();
  pictureSampler_ = gl::makeSampler();
  glSamplerParameteri(pictureSampler_.get(), GL_TEXTURE_MIN_FILTER, GL_LINEAR);
  glSamplerParameteri(pictureSampler_.get(), GL_TEXTURE_MAG_FILTER, GL_LINEAR);
  glSamplerParameteri(pictureSampler_.get(), GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
  glSamplerParameteri(pictureSampler_.get(), GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
}

void Refraction::reloadShaders(const gl::ShaderSource& shaders) {
  // Both built before either is replaced: a failure keeps the last good pair.
  auto programs = buildPrograms(shaders, reads_, fineGrid_);
  // The other variants already in use are rebuilt now too, so that a shader
  // that fails fails here.
  for (int i = 0; i < kVariants; ++i) {
    if (programs_[i] && !programs[i]) programs[i] = buildProgram(shaders, reads_, programs_[i]->variant);
  }
  auto slopes = buildSlopePrograms(shaders, reads_, fineGrid_);
  for (bool layers : {false, true}) {
    for (bool lit : {false, true}) {
      const int i = slopeProgramIndex(lit, layers);
      if (slopePrograms_[i] && !slopes[i]) slopes[i] = buildSlopeProgram(shaders, reads_, lit, layers);
    }
  }
  programs_ = std::move(programs);
  slopePrograms_ = std::move(slopes);
  shaders_ = shaders;
}

void Refraction::setPicture(const Picture& picture) {
  gl::requireTextureSize(picture.width, picture.height, "frame");
  glBindTexture(GL_TEXTURE_2D, pictureTexture_.get());
  const gl::DefaultPixelStore pixelStore;
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, picture.width, picture.height, 0, GL_RGBA, GL_UNSIGNED_BYTE,
               picture.rgba.data());
  // LINEAR for float mode; classic mode reads whole pixels with texelFetch.
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
  frameWidth_ = picture.width;
  frameHeight_ = picture.height;
}

Refraction::Reach Refraction::reachOf(const GridLayout& grid, int frameWidth, int frameHeight, Mode mode) const {
  if (grid.visibleWidth == frameWidth && grid.visibleHeight == frameHeight) return Reach::Cells;
  const bool fine = long(grid.visibleWidth) * grid.visibleHeight >= long(frameWidth) * frameHeight;
  if (!fine || mode != Mode::Float) return Reach::Slopes;
  if (fineGrid_ == FineGridReads::AroundEachPixel) return Reach::FineCells;
  // The layered slope pass shades a fragment for four cells; a frame with
  // fewer pixels than that costs less read around each pixel.
  const gl::PixelRect layers = slopeLayerTexels(grid);
  return long(frameWidth) * frameHeight >= long(layers.width) * layers.height ? Reach::SlopeLayers : Reach::FineCells;
}

void Refraction::draw(const GpuHeights& heights, const RefractionSettings& settings, bool toWindow) {
  draw(heights, settings, {pictureTexture_.get(), {0, 0, frameWidth_, frameHeight_}, toWindow});
}

void Refraction::draw(const GpuHeights& heights, const RefractionSettings& settings, const Target& target) {
  const gl::PixelRect frame = target.frame;
  requireSlopesFit(heights.layout, frame.width, frame.height, settings.mode);
  gl::disableBlending();
  const Reach reach = reachOf(heights.layout, frame.width, frame.height, settings.mode);
  const bool scaled = reach == Reach::Slopes || reach == Reach::SlopeLayers;  // through the slope pass
  const bool layers = reach == Reach::SlopeLayers;
  LightVectors light = lightVectors(settings);
  if (settings.mode == Mode::Classic) light.strength = 0.0f;  // the seeds' picture has none
  const bool lit = light.strength > 0.0f;
  if (scaled) {
    const gl::KeptDrawFramebuffer caller;  // drawn into after the slopes
    writeSlopes(heights, light, layers);   // the highlight too, once a cell
    caller.bindAgain();
  }
  const gl::PixelRect viewport = gl::viewportAround(frame, viewportLimits_);
  // Another grid's highlight comes with its slopes: the unlit program reads it.
  const bool tank = heights.tank != 0;
  const bool heightShaded = settings.mode == Mode::Float && settings.heightShading != 0.0f;
  const Program& program = this->program({settings.mode, reach, lit && !scaled, heightShaded, tank});
  glUseProgram(program.program.get());
  if (!scaled) bindForReading(0, heights.texture, reads_, GL_RGBA32F);
  // A host may give one of the water's own textures as its picture, which
  // the passes before this one (a new world's fields, new slopes) may have
  // replaced: a deleted name must not be bound (NVIDIA's core profile refuses it).
  if (!glIsTexture(target.picture)) {
    throw Error("render: texture " + std::to_string(target.picture) +
                " was one of the water's own, replaced while it drew; the picture must be the host's");
  }
  glActiveTexture(GL_TEXTURE1);
  glBindTexture(GL_TEXTURE_2D, target.picture);
  // The picture read as the rule reads it, whatever its own filter and wrap.
  glBindSampler(1, pictureSampler_.get());
  glActiveTexture(GL_TEXTURE0);
  glUniform1i(program.heights, 0);
  if (!scaled) glUniform2i(program.origin, heights.layout.left, heights.layout.top);
  glUniform2i(program.gridSize, heights.layout.visibleWidth, heights.layout.visibleHeight);
  glUniform1i(program.picture, 1);
  glUniform1i(program.flipY, target.flipY);
  glUniform4i(program.frame, frame.x, frame.y, frame.width, frame.height);
  // The viewport in units of the frame, from its corner (refraction.vert's places).
  glUniform4f(program.viewportInFrame, float(viewport.x - frame.x) / float(frame.width),
              float(viewport.y - frame.y) / float(frame.height), float(viewport.width) / float(frame.width),
              float(viewport.height) / float(frame.height));
  if (scaled) {
    glActiveTexture(GL_TEXTURE2);
    glBindTexture(layers ? GL_TEXTURE_2D_ARRAY : GL_TEXTURE_2D, (layers ? slopeLayers_ : slopes_).texture.get());
    glActiveTexture(GL_TEXTURE0);
    glUniform1i(program.slopes, 2);
  }
  if (settings.mode == Mode::Float) {
    glUniform1f(program.refraction, settings.refraction);
    glUniform1f(program.shading, settings.shading);
    if (heightShaded) glUniform1f(program.heightShading, settings.heightShading);
  }
  if (lit && !scaled) program.light.set(light);
  if (tank) {
    glActiveTexture(GL_TEXTURE3);
    glBindTexture(GL_TEXTURE_2D, heights.tank);
    glActiveTexture(GL_TEXTURE0);
    glUniform1i(program.tank, 3);
    glUniform3fv(program.wallColour, 1, glm::value_ptr(kWallColour));
    if (program.variant.mode == Mode::Float) glUniform3fv(program.shallowTint, 1, glm::value_ptr(kShallowTint));
  }
  glBindVertexArray(emptyVertexArray_.get());
  gl::drawCoveringTriangle(frame, viewport);
  glBindVertexArray(0);
  glBindSampler(1, 0);
}

Picture Refraction::render(const GpuHeights& heights, const RefractionSettings& settings) {
  if (offscreenWidth_ != frameWidth_ || offscreenHeight_ != frameHeight_) {
    offscreenTexture_ = gl::makeTexture();
    glBindTexture(GL_TEXTURE_2D, offscreenTexture_.get());
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, frameWidth_, frameHeight_, 0, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
    offscreenFramebuffer_ = gl::makeFramebuffer();
    glBindFramebuffer(GL_FRAMEBUFFER, offscreenFramebuffer_.get());
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, offscreenTexture_.get(), 0);
    if (glCheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE) {
      throw Error("this GL driver cannot render into an RGBA8 texture");
    }
    offscreenWidth_ = frameWidth_;
    offscreenHeight_ = frameHeight_;
  }
  glBindFramebuffer(GL_FRAMEBUFFER, offscreenFramebuffer_.get());
  draw(heights, settings, false);
  // Offscreen, row 0 of the framebuffer is row 0 of the frame: no flip.
  Picture out(frameWidth_, frameHeight_);
  const gl::DefaultPixelStore pixelStore;
  glReadPixels(0, 0, frameWidth_, frameHeight_, GL_RGBA, GL_UNSIGNED_BYTE, out.rgba.data());
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  return out;
}

}  // namespace ripple

#include "sim/gpu_ripple.hpp"

#include <string>

#include "core/error.hpp"
#include "gl/gl_info.hpp"
#include "gl/program.hpp"

namespace ripple {
GpuRipple::Programs GpuRipple::buildPrograms(const gl::ShaderSource& shaders) {
  Programs p;
  p.step = gl::linkProgram({shaders.stage(GL_VERTEX_SHADER, "shaders/fullscreen.vert"),
                            shaders.stage(GL_FRAGMENT_SHADER, "shaders/step.frag")});
  p.stepCur = gl::uniformLocation(p.step.get(), "u_cur");
  p.stepPrev = gl::uniformLocation(p.step.get(), "u_prev");
  p.stepDamping = gl::uniformLocation(p.step.get(), "u_damping");
  p.stepClassic = gl::uniformLocation(p.step.get(), "u_classic");
  p.stepMaxHeight = gl::uniformLocation(p.step.get(), "u_maxHeight");
  p.stone = gl::linkProgram({shaders.stage(GL_VERTEX_SHADER, "shaders/stone.vert"),
                             shaders.stage(GL_FRAGMENT_SHADER, "shaders/stone.frag")});
  p.stoneGridSize = gl::uniformLocation(p.stone.get(), "u_gridSize");
  return p;
}

void GpuRipple::reloadShaders(const gl::ShaderSource& shaders) { programs_ = buildPrograms(shaders); }

GpuRipple::GpuRipple(int width, int height, const gl::ShaderSource& shaders)
    : width_(width), height_(height), programs_(buildPrograms(shaders)) {
  gl::requireTextureSize(width, height, "grid");
  createFields();
  emptyVertexArray_ = gl::makeVertexArray();
  stoneVertexArray_ = gl::makeVertexArray();
  stoneBuffer_ = gl::makeBuffer();
  glBindVertexArray(stoneVertexArray_.get());
  glBindBuffer(GL_ARRAY_BUFFER, stoneBuffer_.get());
  glEnableVertexAttribArray(0);
  glVertexAttribPointer(0, 4, GL_FLOAT, GL_FALSE, 4 * sizeof(float), nullptr);
  glVertexAttribDivisor(0, 1);
  glBindVertexArray(0);
  reset();
}

void GpuRipple::createFields() {
  for (Field& f : fields_) {
    f.texture = gl::makeTexture();
    glBindTexture(GL_TEXTURE_2D, f.texture.get());
    glTexImage2D(GL_TEXTURE_2D, 0, GL_R32F, width_, height_, 0, GL_RED, GL_FLOAT, nullptr);
    // LINEAR serves the refraction pass when the grid is coarser than the
    // frame; the step reads with texelFetch, which ignores filtering. Beyond
    // the grid the heights are 0, as the render rule says.
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_BORDER);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_BORDER);
    const float zero[4] = {0, 0, 0, 0};
    glTexParameterfv(GL_TEXTURE_2D, GL_TEXTURE_BORDER_COLOR, zero);
    f.framebuffer = gl::makeFramebuffer();
    glBindFramebuffer(GL_FRAMEBUFFER, f.framebuffer.get());
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, f.texture.get(), 0);
    const GLenum status = glCheckFramebufferStatus(GL_FRAMEBUFFER);
    if (status != GL_FRAMEBUFFER_COMPLETE) {
      throw Error("this GL driver cannot render into R32F textures (framebuffer status " +
                  std::to_string(status) + "); ripple needs float render targets");
    }
  }
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
}

void GpuRipple::resize(int width, int height) {
  if (width == width_ && height == height_) return;
  gl::requireTextureSize(width, height, "grid");
  const WaterState old = readState();
  width_ = width;
  height_ = height;
  createFields();  // replaces the old textures, which are deleted
  WaterState resized;
  resized.cur = resampleField(old.cur, width, height);
  resized.prev = resampleField(old.prev, width, height);
  writeState(resized);
}

void GpuRipple::dropStones(const std::vector<Stone>& stones) {
  if (stones.empty()) return;
  // Whole numbers up to 2^24 are exact in a float: centres and radii stay exact.
  std::vector<float> data;
  data.reserve(stones.size() * 4);
  for (const Stone& s : stones) {
    data.insert(data.end(), {float(s.x), float(s.y), float(s.radius), s.weight});
  }
  glBindBuffer(GL_ARRAY_BUFFER, stoneBuffer_.get());
  glBufferData(GL_ARRAY_BUFFER, static_cast<GLsizeiptr>(data.size() * sizeof(float)), data.data(),
               GL_STREAM_DRAW);
  glBindFramebuffer(GL_FRAMEBUFFER, fields_[cur_].framebuffer.get());
  glViewport(0, 0, width_, height_);
  glDisable(GL_BLEND);
  glUseProgram(programs_.stone.get());
  glUniform2f(programs_.stoneGridSize, float(width_), float(height_));
  glBindVertexArray(stoneVertexArray_.get());
  // Instances are rasterised in order, so a later stone wins where two overlap.
  glDrawArraysInstanced(GL_TRIANGLE_STRIP, 0, 4, static_cast<GLsizei>(stones.size()));
  glBindVertexArray(0);
}

void GpuRipple::step(Mode mode, float damping) {
  glBindFramebuffer(GL_FRAMEBUFFER, fields_[next_].framebuffer.get());
  glViewport(0, 0, width_, height_);
  glDisable(GL_BLEND);
  glUseProgram(programs_.step.get());
  glActiveTexture(GL_TEXTURE0);
  glBindTexture(GL_TEXTURE_2D, fields_[cur_].texture.get());
  glActiveTexture(GL_TEXTURE1);
  glBindTexture(GL_TEXTURE_2D, fields_[prev_].texture.get());
  glUniform1i(programs_.stepCur, 0);
  glUniform1i(programs_.stepPrev, 1);
  glUniform1f(programs_.stepDamping, damping);
  glUniform1i(programs_.stepClassic, mode == Mode::Classic);
  glUniform1f(programs_.stepMaxHeight, limits::maxHeight);
  glBindVertexArray(emptyVertexArray_.get());
  glDrawArrays(GL_TRIANGLES, 0, 3);
  glBindVertexArray(0);
  glActiveTexture(GL_TEXTURE0);
  // prev <- cur, cur <- next; the old prev is the next step's target.
  const int oldPrev = prev_;
  prev_ = cur_;
  cur_ = next_;
  next_ = oldPrev;
}

void GpuRipple::reset() {
  const float zero[4] = {0, 0, 0, 0};
  for (Field& f : fields_) {
    glBindFramebuffer(GL_FRAMEBUFFER, f.framebuffer.get());
    glClearBufferfv(GL_COLOR, 0, zero);
  }
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
}

HeightField GpuRipple::readField(const Field& field) const {
  HeightField out(width_, height_);
  glBindFramebuffer(GL_FRAMEBUFFER, field.framebuffer.get());
  glPixelStorei(GL_PACK_ALIGNMENT, 4);
  glReadPixels(0, 0, width_, height_, GL_RED, GL_FLOAT, out.cells.data());
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  return out;
}

void GpuRipple::writeField(Field& field, const HeightField& data) {
  glBindTexture(GL_TEXTURE_2D, field.texture.get());
  glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
  glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, width_, height_, GL_RED, GL_FLOAT, data.cells.data());
}

WaterState GpuRipple::readState() const {
  WaterState s;
  s.cur = readField(fields_[cur_]);
  s.prev = readField(fields_[prev_]);
  return s;
}

HeightField GpuRipple::readCurrent() const { return readField(fields_[cur_]); }

void GpuRipple::writeState(const WaterState& state) {
  if (state.width() != width_ || state.height() != height_) {
    throw Error("cannot load a " + std::to_string(state.width()) + "x" + std::to_string(state.height()) +
                " state into a " + std::to_string(width_) + "x" + std::to_string(height_) + " grid");
  }
  writeField(fields_[cur_], state.cur);
  writeField(fields_[prev_], state.prev);
}

}  // namespace ripple

#include "gl/covering_pass.hpp"

#include <glad/gl.h>

#include <algorithm>
#include <cmath>

namespace ripple::gl {

// Without ARB_viewport_array, which says where a viewport's corners may lie,
// they are kept within one largest viewport of the origin.
ViewportLimits queryViewportLimits() {
  GLint dims[2] = {0, 0};
  glGetIntegerv(GL_MAX_VIEWPORT_DIMS, dims);
  const int largest = std::max(dims[0], dims[1]);
  ViewportLimits limits{dims[0], dims[1], -largest, largest - 1};
  if (GLAD_GL_ARB_viewport_array) {
    GLfloat range[2] = {0, 0};
    glGetFloatv(GL_VIEWPORT_BOUNDS_RANGE, range);
    limits.lowestCoordinate = static_cast<int>(std::ceil(range[0]));
    limits.highestCoordinate = static_cast<int>(std::floor(range[1]));
  }
  return limits;
}

void drawCoveringTriangle(const PixelRect& target, const PixelRect& viewport) {
  glViewport(viewport.x, viewport.y, viewport.width, viewport.height);
  glEnable(GL_SCISSOR_TEST);
  glScissor(target.x, target.y, target.width, target.height);
  glDrawArrays(GL_TRIANGLES, 0, 3);
  glDisable(GL_SCISSOR_TEST);
}

}  // namespace ripple::gl

#include "core/world_grid.hpp"

#include <algorithm>
#include <cmath>

#include "core/absorbing_layer.hpp"
#include "core/error.hpp"

namespace ripple {
namespace {

// What a cell of the layout's grid is, for the coefficients.
enum class CellKind { Water, ReflectingWall, HeldWall, Outside };

struct Classifier {
  const WaterWorld& world;
  const GridLayout& layout;
  bool wrapX, wrapY;

  // The cell (x, y) of the layout's grid, or beyond it.
  CellKind kindAt(int x, int y) const {
    const int w = layout.width(), h = layout.height();
    if (wrapX) x = (x % w + w) % w;
    if (wrapY) y = (y % h + h) % h;
    if (x < 0 || y < 0 || x >= w || y >= h) return CellKind::Outside;
    const int vx = x - layout.left, vy = y - layout.top;
    if (vx < 0 || vy < 0 || vx >= layout.visibleWidth || vy >= layout.visibleHeight) {
      // The absorbing layer: open water, but a wall that meets the visible
      // grid's edge goes on straight through it, so that no wave sneaks
      // round its end where nobody sees.
      const int ex = std::clamp(vx, 0, layout.visibleWidth - 1), ey = std::clamp(vy, 0, layout.visibleHeight - 1);
      if (!world.isWall(ex, ey)) return CellKind::Water;
      return world.wallKind == WallKind::Held ? CellKind::HeldWall : CellKind::ReflectingWall;
    }
    // A fixed edge holds the visible grid's border ring at 0, as the seeds do.
    const bool fixedX = world.leftRightEdges == Edge::Fixed, fixedY = world.topBottomEdges == Edge::Fixed;
    if ((fixedX && (vx == 0 || vx == layout.visibleWidth - 1)) ||
        (fixedY && (vy == 0 || vy == layout.visibleHeight - 1))) {
      return CellKind::HeldWall;
    }
    if (world.isWall(vx, vy)) return world.wallKind == WallKind::Held ? CellKind::HeldWall : CellKind::ReflectingWall;
    return CellKind::Water;
  }
};

}  // namespace

namespace cell_code {

std::uint32_t packMarker(std::uint32_t marker, int k, float layerFactor) {
  const auto layer = static_cast<std::uint32_t>(std::lround((1.0f - layerFactor) / kLayerUnit));
  return (marker << 16) | (static_cast<std::uint32_t>(k) << 11) | std::min(layer, 2047u);
}

std::uint32_t pack(float weight, int k, float layerFactor) {
  const auto units = static_cast<std::uint32_t>(std::lround(weight / kWeightUnit));
  return packMarker(std::min(units, kLargestWeightUnits), k, layerFactor);
}

}  // namespace cell_code

GridLayout gridLayout(const WaterWorld* world, int w, int h) {
  GridLayout l;
  l.visibleWidth = w;
  l.visibleHeight = h;
  if (world && world->leftRightEdges == Edge::Absorbing) {
    l.left = kAbsorbingLayerCells;
    l.right = kAbsorbingLayerCells + (4 - (kAbsorbingLayerCells + w + kAbsorbingLayerCells) % 4) % 4;
  }
  if (world && world->topBottomEdges == Edge::Absorbing) l.top = l.bottom = kAbsorbingLayerCells;
  return l;
}

WorldCoefficients worldCoefficients(const WaterWorld& world, const WaterRule& rule) {
  WorldCoefficients c;
  c.layout = gridLayout(&world, world.width, world.height);
  c.wrapX = world.leftRightEdges == Edge::Wrap;
  c.wrapY = world.topBottomEdges == Edge::Wrap;
  const int w = c.layout.width(), h = c.layout.height();
  c.cells.assign(static_cast<size_t>(w) * h, 0u);
  const Classifier kind{world, c.layout, c.wrapX, c.wrapY};
  const bool nine = rule.mode == Mode::Float && rule.stencil == Stencil::Nine;
  // The Laplacian's weight at the base speed: C^2, or C^2 / 6 for nine points
  // (then rounded to the code's unit, 2^-16).
  const float c2 = rule.courantSquared();
  const float baseWeight = nine ? c2 / 6.0f : c2;
  struct Neighbour {
    int dx, dy, weight;
  };
  static const Neighbour kFive[] = {{-1, 0, 1}, {1, 0, 1}, {0, -1, 1}, {0, 1, 1}};
  static const Neighbour kNine[] = {{-1, 0, 4},  {1, 0, 4},  {0, -1, 4}, {0, 1, 4},
                                    {-1, -1, 1}, {1, -1, 1}, {-1, 1, 1}, {1, 1, 1}};
  for (int y = 0; y < h; ++y) {
    for (int x = 0; x < w; ++x) {
      const CellKind self = kind.kindAt(x, y);
      std::uint32_t& code = c.cells[static_cast<size_t>(y) * w + x];
      if (self != CellKind::Water) {
        code = cell_code::packMarker(cell_code::kHeld, 0, 1.0f);
        continue;
      }
      int k = 0;
      const auto count = [&](const Neighbour& n) {
        const CellKind other = kind.kindAt(x + n.dx, y + n.dy);
        // Water and held walls (which hold 0) count; a reflecting wall and
        // what lies beyond a free edge read as the cell's own height.
        if (other == CellKind::Water || other == CellKind::HeldWall) k += n.weight;
      };
      if (nine) {
        for (const Neighbour& n : kNine) count(n);
      } else {
        for (const Neighbour& n : kFive) count(n);
      }
      // Slow water: the speed factor squared scales the Laplacian's weight.
      const int vx = x - c.layout.left, vy = y - c.layout.top;
      const bool visible = vx >= 0 && vy >= 0 && vx < c.layout.visibleWidth && vy < c.layout.visibleHeight;
      float weight = baseWeight;
      if (visible && rule.mode == Mode::Float && world.speedAt(vx, vy) != kOpenWater) {
        const float factor = static_cast<float>(world.speedAt(vx, vy)) / 255.0f;
        weight = baseWeight * (factor * factor);
      }
      // The absorbing layer: its factor A, stored as 1 - A beside k; its
      // outermost ring is the one-way edge, its corners held at 0 and the
      // ring cells next to them running out upwind.
      const LayerDepth depth = layerDepth(c.layout, x, y);
      const float factor = layerFactor(depth, rule.courant);
      const bool layersX = c.layout.left > 0, layersY = c.layout.top > 0;
      const bool outerX = layersX && (x == 0 || x == w - 1), outerY = layersY && (y == 0 || y == h - 1);
      const bool nextToCorner =
          (outerX && layersY && (y == 1 || y == h - 2)) || (outerY && layersX && (x == 1 || x == w - 2));
      using namespace cell_code;
      if (outerX && outerY) {
        code = packMarker(kHeld, k, factor);
      } else if (outerX) {
        code = packMarker(x == 0 ? (nextToCorner ? kUpwindInnerIsRight : kInnerIsRight)
                                 : (nextToCorner ? kUpwindInnerIsLeft : kInnerIsLeft),
                          k, factor);
      } else if (outerY) {
        code = packMarker(y == 0 ? (nextToCorner ? kUpwindInnerIsDown : kInnerIsDown)
                                 : (nextToCorner ? kUpwindInnerIsUp : kInnerIsUp),
                          k, factor);
      } else {
        code = pack(weight, k, factor);
      }
    }
  }
  return c;
}

HeightField visibleHeights(const HeightField& field, const GridLayout& layout) {
  if (!layout.hasLayers()) return field;
  HeightField out(layout.visibleWidth, layout.visibleHeight);
  for (int y = 0; y < out.height; ++y)
    for (int x = 0; x < out.width; ++x) out.at(x, y) = field.at(x + layout.left, y + layout.top);
  return out;
}

GridLayout layoutForWorld(const WaterRule& rule, const WorldCoefficients* world, const GridLayout& current) {
  if (!world) return GridLayout{current.visibleWidth, current.visibleHeight};
  if (rule.world->width != current.visibleWidth || rule.world->height != current.visibleHeight) {
    throw Error("the world is " + std::to_string(rule.world->width) + "x" + std::to_string(rule.world->height) +
                " cells but the water's visible grid is " + std::to_string(current.visibleWidth) + "x" +
                std::to_string(current.visibleHeight));
  }
  return world->layout;
}

WaterState relayout(const WaterState& state, const GridLayout& from, const GridLayout& to) {
  WaterState out(to.width(), to.height());
  const int w = std::min(from.visibleWidth, to.visibleWidth), h = std::min(from.visibleHeight, to.visibleHeight);
  for (int y = 0; y < h; ++y) {
    for (int x = 0; x < w; ++x) {
      out.cur.at(x + to.left, y + to.top) = state.cur.at(x + from.left, y + from.top);
      out.prev.at(x + to.left, y + to.top) = state.prev.at(x + from.left, y + from.top);
    }
  }
  return out;
}

void zeroHeldCells(WaterState& state, const WorldCoefficients& c) {
  for (size_t i = 0; i < c.cells.size(); ++i) {
    if (cell_code::held(c.cells[i])) {
      state.cur.cells[i] = 0.0f;
      state.prev.cells[i] = 0.0f;
    }
  }
}

const WorldCoefficients* WorldCoefficientsCache::get(const WaterRule& rule) {
  if (!rule.worldForm()) return nullptr;
  if (!coefficients_ || world_ != rule.world || mode_ != rule.mode || stencil_ != rule.stencil ||
      courant_ != rule.courant) {
    coefficients_ = std::make_unique<WorldCoefficients>(worldCoefficients(*rule.world, rule));
    world_ = rule.world;
    mode_ = rule.mode;
    stencil_ = rule.stencil;
    courant_ = rule.courant;
    ++revision_;
  }
  return coefficients_.get();
}

}  // namespace ripple

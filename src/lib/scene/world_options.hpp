#pragma once
// The wave tank as a scene file has it (WorldOptions: walls, pictures of
// walls and slow water, slow water's regions, sources; the command line's
// terms, whose parsers are the program's, src/app/tank_options.hpp), and
// the WaterWorld it makes on a grid of a given size.
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/params.hpp"
#include "core/water_world.hpp"

namespace ripple {

namespace limits {
// A wall's ends may lie beyond the grid (it is clipped), but not so far that
// drawing it would take long; a thick wall costs thickness^2 a cell of its line.
inline constexpr Range<int> wallCoordinate{kMinPosition, kMaxPosition};
inline constexpr Range<int> wallThickness{1, kMaxWallThickness};
}  // namespace limits

struct WorldOptions {
  std::vector<WallSegment> walls;          // --wall, in the order given
  std::string wallsPicture;                // --walls: dark pixels are walls
  std::string mediumPicture;               // --medium: grey level = speed factor
  std::vector<WorldSource> sources;        // --source
  std::vector<WorldSource> lineSources;    // --line-source
  std::vector<WorldSource> movingSources;  // --moving-source
  // Regions of slow water (scene files; the command line has --medium).
  std::vector<MediumRegion> media;

  // Whether any of them asks for more than the seeds' pool; with the
  // parameters' edges and wall kind (tankAsked()): otherwise the rule gets
  // no world and the plain step runs.
  bool any() const;
  // No walls and no slow water: segments, regions and pictures gone.
  void clearCells();
};

// Where a source is, for messages: "at (X, Y)", "from (X0, Y0) to (X1, Y1)"
// or "moving from (X0, Y0) to (X1, Y1)".
std::string sourcePlace(const WorldSource& source);

// The grey level of a pixel: (299 R + 587 G + 114 B) / 1000, 0 to 255.
int greyLevel(const unsigned char* rgba);

// The world of a width x height grid: `cellSpeeds` (width x height, or
// none), the medium picture's speeds and the medium regions, then the walls
// picture's walls and the --wall segments over them (walls win), the
// diagonal gaps closed, the edges, the wall kind and the sources. Throws
// UsageError naming the option: a picture that is missing, corrupt or empty,
// a wall entirely outside the grid, a source off it.
WaterWorld buildWorld(const WorldOptions& options, const Params& params, int width, int height,
                      const std::vector<CellSpeed>& cellSpeeds = {});

// Whether the options or the parameters' edges and wall kind ask for a world.
bool tankAsked(const WorldOptions& options, const Params& params);

// Whether any cell `wall` paints lies on a w x h grid; whether both ends of
// a source (the whole line or path between them) do.
bool wallTouchesGrid(const WallSegment& wall, int w, int h);
bool sourceOnGrid(const WorldSource& source, int w, int h);

}  // namespace ripple

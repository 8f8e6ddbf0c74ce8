#pragma once
// The wave tank on the command line: --wall, --walls, --medium, --edges,
// --wall-kind, --source and --line-source as given (WorldOptions), the
// parsers of their texts, and the WaterWorld they make on a grid of a given
// size (the headless run's now; the window's at its own size).
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
inline constexpr Range<int> wallCoordinate{-16384, 32768};
inline constexpr Range<int> wallThickness{1, 64};
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

// Each parser returns the value, or nullopt with `why` set to the message
// after the option's name: "'TEXT' must be ..." or "'TEXT': the ... must be ...".

// "X0,Y0,X1,Y1" or "X0,Y0,X1,Y1,T" (whole numbers; T defaults to 2).
std::optional<WallSegment> parseWall(const std::string& text, std::string& why);
// The three forms of a source on the command line:
// Point   "X,Y,PERIOD,AMP[@START[:END]]"            (--source)
// Line    "X0,Y0,X1,Y1,PERIOD,AMP[@START[:END]]"    (--line-source)
// Moving  "X0,Y0,X1,Y1,PERIOD,AMP@START:END"        (--moving-source: END is needed)
enum class SourceForm { Point, Line, Moving };
std::optional<WorldSource> parseSource(const std::string& text, SourceForm form, std::string& why);
// "E" (all four edges) or "E1,E2" (left/right, then top/bottom).
std::optional<std::pair<Edge, Edge>> parseEdges(const std::string& text, std::string& why);

// Where a source is, for messages: "at (X, Y)", "from (X0, Y0) to (X1, Y1)"
// or "moving from (X0, Y0) to (X1, Y1)".
std::string sourcePlace(const WorldSource& source);

// The option that gives the sources of `list`, one of o's three lists.
const char* sourceOption(const WorldOptions& o, const std::vector<WorldSource>* list);

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

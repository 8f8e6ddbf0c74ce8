#pragma once
// The wave tank's tools in the window: what a press, a drag and a release on
// the water do with the tool chosen (drop stones; paint walls, open water or
// slow water; place, move or stop a source), and the panel's edits of the
// whole tank. Each edit is a call of the water's (ripple::Water's tank) and
// wakes it.
#include <cstddef>
#include <optional>

#include "ui/tools.hpp"

namespace ripple {

struct App;

// The tool (what a click does) and, while the source tool's button is down,
// the source it holds: a press on a source grabs it, and a release that has
// not moved it stops it.
struct TankTool {
  Tool tool = Tool::Stones;
  std::optional<std::size_t> heldSource;
  bool heldSourceIsNew = false, heldSourceMoved = false;
};

// The tool's press on cell (x, y), its drag from one cell to another (a
// trail, however far the mouse jumped) and its release.
void toolPress(App& app, int x, int y);
void toolDrag(App& app, int fromX, int fromY, int toX, int toY);
void toolRelease(App& app);

// A key or the panel chose `tool`. Classic mode has no slow water: that
// choice is refused with a note on the panel.
void chooseTool(App& app, Tool tool);

// The panel's "Clear cells" (walls and slow water; sources stay) and
// "Remove sources".
void clearCells(App& app);
void removeSources(App& app);

}  // namespace ripple

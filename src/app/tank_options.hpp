#pragma once
// The command line's texts of stones and of the wave tank's walls and
// sources (--drop, --wall, --source, --line-source, --moving-source), read
// into the library's values. Each parser returns the value, or nullopt
// with `why` set to the message after the option's name: "'TEXT' must be
// ..." or "'TEXT': the ... must be ...".
#include <optional>
#include <string>

#include "ripple/scene.hpp"

namespace ripple {

// "X,Y,R,W" or "X,Y,R,W@S" (whole numbers, W a number): a stone dropped
// just before step S (default 0).
std::optional<ScheduledStone> parseDrop(const std::string& text, std::string& why);
// "X0,Y0,X1,Y1" or "X0,Y0,X1,Y1,T" (whole numbers; T defaults to 2).
std::optional<Wall> parseWall(const std::string& text, std::string& why);

// The three forms of a source on the command line:
// Point   "X,Y,PERIOD,AMP[@START[:END]]"            (--source)
// Line    "X0,Y0,X1,Y1,PERIOD,AMP[@START[:END]]"    (--line-source)
// Moving  "X0,Y0,X1,Y1,PERIOD,AMP@START:END"        (--moving-source: END is needed)
enum class SourceForm { Point, Line, Moving };
std::optional<Source> parseSource(const std::string& text, SourceForm form, std::string& why);
// The option of a source's form, for messages.
const char* sourceOption(const Source& source);
// Where a source is, for messages: "at (X, Y)", "from (X0, Y0) to (X1, Y1)"
// or "moving from (X0, Y0) to (X1, Y1)".
std::string sourcePlace(const Source& source);

}  // namespace ripple

#pragma once
// GL debug output (KHR_debug, where the driver has it): errors and undefined
// behaviour reported by the driver the moment they happen, instead of a
// glGetError poll that says what but not where.
#include <functional>
#include <string>

namespace ripple::gl {

// Calls `onError` with a one-line description for every message of type
// error or undefined behaviour, synchronously, inside the call that caused it.
// Returns false when the context has no KHR_debug.
bool enableDebugOutput(std::function<void(const std::string&)> onError);

// Debug builds (no NDEBUG) of the program stop at the first GL error: printed,
// then abort(), so that no test running the binary can pass over one.
void enableDebugOutputInDebugBuilds();

// Whether contexts should be created as debug contexts (debug builds).
constexpr bool kDebugContext =
#ifdef NDEBUG
    false;
#else
    true;
#endif

}  // namespace ripple::gl

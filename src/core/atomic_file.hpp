#pragma once
// Output files appear complete or not at all: the bytes go to a temporary
// file in the same folder, which is renamed over the target only once every
// byte is written and flushed. A full disk or a killed process leaves no
// half-written file under the target's name.
#include <string>
#include <string_view>

namespace ripple {

// Throws ripple::Error naming `path` and the system's reason.
void writeFileAtomically(const std::string& path, std::string_view bytes);

}  // namespace ripple

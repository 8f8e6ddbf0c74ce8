#pragma once
// Drops a file onto an X window the way a file manager does, by the XDND
// protocol (version 5): enter, position, drop, then hand over the file's URI
// when the target asks for the selection. Lets the window test exercise
// GLFW's drop callback for real. Returns an empty string on success, else
// what went wrong.
#include <string>

namespace ripple::test {

std::string dropFileOnWindow(unsigned long window, int x, int y, const std::string& path);

}  // namespace ripple::test

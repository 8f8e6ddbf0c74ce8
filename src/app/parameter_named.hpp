#pragma once
// A parameter of the library's list (ripple/parameters.hpp) by its name, for
// the program's options, panel and settings file, which name theirs in code:
// a name the library does not have is the program's bug.
#include <stdexcept>
#include <string>
#include <vector>

#include "ripple/parameters.hpp"

namespace ripple {

inline const Parameter& parameterNamed(const std::string& name) {
  static const std::vector<Parameter> all = parameters();
  for (const Parameter& p : all)
    if (p.name == name) return p;
  throw std::logic_error("the program names a parameter the library does not have: " + name);
}

}  // namespace ripple

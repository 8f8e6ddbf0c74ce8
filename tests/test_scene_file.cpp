#include <gtest/gtest.h>

#include "scene/scene.hpp"

// cpu_only: ripple's water with no OpenGL at all. The CPU reference steps
// a plane wave from a line source through a slit in a wall, then writes the
// heights as a .npy file (numpy.load reads it).
//   cpu_only [heights.npy]
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <string>
#include <vector>

#include <ripple/ripple.hpp>

// A 2-D float32 array in numpy's .npy format, version 1.0.
void saveNpy(const std::string& path, const std::vector<float>& values, int rows, int cols) {
  std::string header = "{'descr': '<f4', 'fortran_order': False, 'shape': (" + std::to_string(rows) + ", " +
                       std::to_string(cols) + "), }";
  header.append(63 - (10 + header.size()) % 64, ' ');  // pads the preamble to a multiple of 64 bytes
  header += '\n';
  std::ofstream out(path, std::ios::binary);
  const unsigned short length = static_cast<unsigned short>(header.size());
  out.write("\x93NUMPY\x01\x00", 8);
  out.write(reinterpret_cast<const char*>(&length), 2);  // little-endian, as x86 and ARM are
  out << header;
  out.write(reinterpret_cast<const char*>(values.data()), static_cast<std::streamsize>(values.size() * sizeof(float)));
  if (!out) throw ripple::Error("cannot write '" + path + "'");
}

int main(int argc, char** argv) {
  const std::string path = argc > 1 ? argv[1] : "heights.npy";
  try {
    ripple::Water water(320, 180, ripple::Backend::Cpu);
    ripple::Tank tank;
    tank.leftRightEdges = tank.topBottomEdges = ripple::Edge::Absorbing;  // open sea: nothing comes back
    tank.walls = {{160, 0, 160, 79, 4},                                   // a wall across the tank...
                  {160, 100, 160, 179, 4}};                               // ...with a slit 20 cells wide
    water.setTank(tank);

    ripple::Source plane;  // a line of cells that sing in phase: a plane wave
    plane.x0 = plane.x1 = 20;
    plane.y0 = 5;
    plane.y1 = 174;
    plane.period = 16;
    plane.amplitude = 24;
    water.addSource(plane);

    water.step(500);
    const std::vector<float> heights = water.heights();
    float beyond = 0.0f;  // the largest height past the wall: the slit lets the wave through
    for (int y = 0; y < water.height(); ++y)
      for (int x = 200; x < water.width(); ++x)
        beyond = std::max(beyond, std::abs(heights[static_cast<size_t>(y) * water.width() + x]));
    saveNpy(path, heights, water.height(), water.width());
    std::printf("cpu_only: %lld steps on a %dx%d grid; the largest height past the slit is %.2f; heights in %s\n",
                water.stepsDone(), water.width(), water.height(), beyond, path.c_str());
  } catch (const ripple::Error& e) {
    std::fprintf(stderr, "cpu_only: %s\n", e.what());
    return 1;
  }
  return 0;
}

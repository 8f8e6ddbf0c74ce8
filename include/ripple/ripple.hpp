#pragma once
// ripple: the classic water-ripple effect, as a library for your own OpenGL
// program. Every point of a grid of heights becomes half the sum of its
// four neighbours minus its previous value, then loses a little; the
// picture under the water is drawn shifted by the slope of the surface.
//
// Usage
// -----
// 1. Make an OpenGL 3.3 core context current, as your program already does
//    (GLFW, SDL, EGL, ...). ripple loads the GL functions it calls by itself;
//    they never clash with your loader's.
//
// 2. Make the water, a grid of cells (one cell a pixel, or coarser):
//
//        #include <ripple/ripple.hpp>
//        ripple::Water water(640, 360);                      // on the GPU
//        ripple::Water cpu(640, 360, ripple::Backend::Cpu);  // the CPU reference, no GL
//
//    It throws ripple::Error, a std::runtime_error whose message a user can
//    act on, where it cannot run (no current context, no float render
//    targets, a grid too large for the driver).
//
// 3. Each frame: drop stones where the user clicks, step, draw.
//
//        water.drop(320, 180, 12, 96.0f);  // x, y, radius, weight: cells
//        water.step(clock.stepsDue(seconds, stepsPerSecond));  // ripple/clock.hpp
//        water.render(pictureTexture, 0, 0, 1280, 720);  // into the bound framebuffer
//
//    render() leaves the GL state as it found it, so your own drawing (an
//    overlay, a UI) follows it as usual. Pausing is not calling step().
//
// 4. Read it when you need to: water.heights() (a copy, row-major, the top
//    row first), or water.heightTexture() for your own shader.
//
// 5. A scene (ripple/scene.hpp) is a whole setup as a value: a preset, a
//    file, or your own, loaded at once and read back to be saved.
//
//        water.loadScene(ripple::presetScene("double-slit"));
//        ripple::writeScene(water.scene(), "mine.toml");
//
// 6. Destroy the Water while its context is current: its GL objects go
//    with it. A Water moves; it does not copy.
//
// The parameters (setRule, setRain, setLook: each a value set whole, or one
// by name with setParameter, ripple/parameters.hpp) start as the command
// line's defaults and refuse values outside its ranges with ripple::Error.
// One Water is used from one thread at a time, the one whose GL context is
// current. docs/api.md has it all.
#include "ripple/clock.hpp"
#include "ripple/parameters.hpp"
#include "ripple/picture.hpp"
#include "ripple/scene.hpp"
#include "ripple/types.hpp"
#include "ripple/water.hpp"

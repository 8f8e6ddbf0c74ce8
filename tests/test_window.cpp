// The real window, as a person uses it: start build/ripple on the X display
// that the test command provides (xvfb-run), click in it, grab the screen, and
// check that the water moved around the click and nowhere far from it.
// Needs xdotool and ImageMagick's import; without a display or them it fails.
#include <gtest/gtest.h>

#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>
#include <string>
#include <thread>

#include "cli_runner.hpp"
#include "core/image.hpp"
#include "app/settings.hpp"
#include "core/verify.hpp"
#include "video_reader.hpp"
#include "xdnd_drop.hpp"

extern char** environ;

namespace ripple {
namespace {

const std::string kShots = RIPPLE_TEST_DATA_DIR "/window_test";

// Runs a shell command and returns its standard output, trimmed.
std::string run(const std::string& command) {
  std::string out;
  if (FILE* pipe = popen(command.c_str(), "r")) {
    char buffer[256];
    while (fgets(buffer, sizeof buffer, pipe)) out += buffer;
    pclose(pipe);
  }
  while (!out.empty() && (out.back() == '\n' || out.back() == ' ')) out.pop_back();
  return out;
}

long changedNear(const Picture& a, const Picture& b, int cx, int cy, int radius) {
  long n = 0;
  for (int y = std::max(0, cy - radius); y < std::min(a.height, cy + radius); ++y)
    for (int x = std::max(0, cx - radius); x < std::min(a.width, cx + radius); ++x)
      n += std::memcmp(a.pixel(x, y), b.pixel(x, y), 3) != 0;
  return n;
}

bool same(const Picture& a, const Picture& b) { return a.rgba == b.rgba; }

class Window : public testing::Test {
 protected:
  void SetUp() override {
    ASSERT_NE(std::getenv("DISPLAY"), nullptr) << "no X display: run this test under xvfb-run";
    ASSERT_EQ(std::system("command -v xdotool >/dev/null && command -v import >/dev/null"), 0)
        << "xdotool and ImageMagick's import are needed";
    std::system(("mkdir -p " + kShots).c_str());
    // The settings go to a folder of the test's, not the user's.
    setenv("XDG_CONFIG_HOME", (kShots + "/config").c_str(), 1);
  }

  // Starts ripple (640x480 unless `extra` gives a --size) and waits for its
  // window to show its first frames.
  // `folder`: where it runs (its screenshots go there), else the test's own.
  void start(std::vector<std::string> extra, const std::string& stderrFile = "", const std::string& folder = "") {
    const std::string binary = std::filesystem::absolute(test::gRippleBinary).string();
    std::vector<std::string> args{binary, "--no-panel"};
    if (std::find(extra.begin(), extra.end(), "--size") == extra.end()) args.insert(args.end(), {"--size", "640x480"});
    args.insert(args.end(), extra.begin(), extra.end());
    std::vector<char*> argv;
    for (auto& a : args) argv.push_back(a.data());
    argv.push_back(nullptr);
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    if (!stderrFile.empty()) {
      posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, stderrFile.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    }
    if (!folder.empty()) posix_spawn_file_actions_addchdir_np(&actions, folder.c_str());
    const int spawned = posix_spawn(&pid_, binary.c_str(), &actions, nullptr, argv.data(), environ);
    posix_spawn_file_actions_destroy(&actions);
    ASSERT_EQ(spawned, 0);
    // The window by its title, once it is mapped.
    window_ = run("timeout 20 xdotool search --sync --onlyvisible --name '^ripple$' | head -n 1");
    ASSERT_FALSE(window_.empty()) << "ripple's window did not appear within 20 s";
    std::this_thread::sleep_for(std::chrono::milliseconds(1500));
    // Mapped is not drawn: in the sanitizer build, with other tests running,
    // the first frame came later than 2 s. Until it comes the window is one
    // colour; the pictures these tests show (the built-in pool and tank
    // floor, their own files) never are.
    ASSERT_TRUE(drawn(grabUntil("first_frame.png", drawn))) << "ripple's window showed no picture within 20 s";
  }
  static bool drawn(const Picture& shot) {
    for (size_t i = 4; i < shot.rgba.size(); i += 4)
      if (std::memcmp(&shot.rgba[i], &shot.rgba[0], 3) != 0) return true;
    return false;
  }

  // Waits up to 10 s for ripple to end and returns its wait status; past
  // that it is killed and the test fails, naming `after`.
  int waitForExit(const std::string& after) {
    int status = 0;
    bool exited = false;
    for (int i = 0; i < 100 && !exited; ++i) {
      exited = waitpid(pid_, &status, WNOHANG) == pid_;
      if (!exited) std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
    if (!exited) {
      kill(pid_, SIGKILL);
      waitpid(pid_, &status, 0);
      ADD_FAILURE() << "ripple did not exit within 10 s of " << after;
    }
    pid_ = -1;
    return status;
  }

  // Presses Esc and expects a clean exit within 10 s.
  void quit() {
    run("xdotool key --window " + window_ + " Escape");
    const int status = waitForExit("Esc");
    EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << "exit status " << status;
  }

  void TearDown() override {
    if (pid_ > 0) {
      kill(pid_, SIGKILL);
      waitpid(pid_, nullptr, 0);
    }
  }

  Picture grab(const std::string& name) {
    const std::string file = kShots + "/" + name;
    EXPECT_EQ(std::system(("import -window " + window_ + " " + file).c_str()), 0);
    return loadImageFile(file);
  }
  // Grabs until `shows` holds of the grab, for at most 20 s, and returns the
  // last: how soon a frame shows a key's effect depends on the machine (the
  // panel's first frame took over 300 ms in the sanitizer build while other
  // tests ran).
  template <typename Shows>
  Picture grabUntil(const std::string& name, Shows shows) {
    const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(20);
    Picture shot = grab(name);
    while (!shows(shot) && std::chrono::steady_clock::now() < until && !exited()) {
      std::this_thread::sleep_for(std::chrono::milliseconds(200));
      shot = grab(name);
    }
    return shot;
  }

  // Whether ripple has ended (a zombie until waitForExit() reaps it).
  bool exited() const {
    std::ifstream in("/proc/" + std::to_string(pid_) + "/stat");
    const std::string stat((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    const size_t close = stat.rfind(')');
    return close == std::string::npos || stat.compare(close + 2, 1, "Z") == 0;
  }

  pid_t pid_ = -1;
  std::string window_;
};

// Slow waves (10 pixels a second): a frame that a loaded machine takes a
// second or more to draw runs that second's steps, and the ring must still
// be near the click when it first shows.
TEST_F(Window, ClickMakesRipplesAroundItOnly) {
  start({"--wave-speed", "10"});
  const Picture before = grab("before_click.png");
  const int cx = 420, cy = 260;
  ASSERT_EQ(std::system(("xdotool mousemove --window " + window_ + " " + std::to_string(cx) + " " + std::to_string(cy) +
                         " click 1")
                            .c_str()),
            0);
  const Picture after = grabUntil("after_click.png", [&](const Picture& shot) {
    return shot.width == before.width && changedNear(before, shot, cx, cy, 20) > 100;
  });
  ASSERT_EQ(before.width, after.width);
  ASSERT_EQ(before.height, after.height);

  long near = 0, nearTotal = 0, far = 0;
  for (int y = 0; y < after.height; ++y) {
    for (int x = 0; x < after.width; ++x) {
      const double d = std::hypot(x - cx, y - cy);
      const bool changed = std::memcmp(before.pixel(x, y), after.pixel(x, y), 3) != 0;
      if (d < 40) {
        ++nearTotal;
        near += changed;
      } else if (d > 200) {
        far += changed;
      }
    }
  }
  std::printf("pixels changed: %ld of %ld within 40 px of the click, %ld beyond 200 px\n", near, nearTotal, far);
  EXPECT_GT(near, nearTotal / 10) << "the water should move around the click";
  EXPECT_EQ(far, 0) << "the water far from the click should be still";

  quit();
}

// CPU seconds a process has used (user + system), from /proc.
double cpuSeconds(pid_t pid) {
  std::ifstream in("/proc/" + std::to_string(pid) + "/stat");
  std::string stat((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  std::istringstream fields(stat.substr(stat.rfind(')') + 2));
  std::string field;
  long ticks = 0;
  for (int i = 3; i <= 15 && fields >> field; ++i)
    if (i == 14 || i == 15) ticks += std::stol(field);  // utime, stime
  return double(ticks) / sysconf(_SC_CLK_TCK);
}

// The keys: Space pauses (a click still drops its stone, and nothing moves),
// N steps once, R calms the water, H shows and hides the panel; a click that
// the panel takes drops no stone.
TEST_F(Window, KeysAndThePanel) {
  start({});
  const Picture calm = grab("keys_calm.png");
  run("xdotool key --window " + window_ + " space");
  run("xdotool mousemove --window " + window_ + " 400 240 click 1");
  const Picture paused1 = grabUntil("keys_paused1.png", [&](const Picture& i) { return !same(calm, i); });
  std::this_thread::sleep_for(std::chrono::milliseconds(400));
  const Picture paused2 = grab("keys_paused2.png");
  EXPECT_FALSE(same(calm, paused1)) << "a click while paused drops its stone";
  EXPECT_TRUE(same(paused1, paused2)) << "paused, the water must not move";

  run("xdotool key --window " + window_ + " n");
  const Picture stepped = grabUntil("keys_stepped.png", [&](const Picture& i) { return !same(paused2, i); });
  EXPECT_FALSE(same(paused2, stepped)) << "N steps once";
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  EXPECT_TRUE(same(stepped, grab("keys_stepped_later.png"))) << "one step, then paused again";

  run("xdotool key --window " + window_ + " r");
  EXPECT_TRUE(same(calm, grabUntil("keys_calmed.png", [&](const Picture& i) { return same(calm, i); })))
      << "R calms the water";

  run("xdotool key --window " + window_ + " h");
  const Picture withPanel =
      grabUntil("keys_panel.png", [&](const Picture& i) { return changedNear(calm, i, 100, 60, 50) > 2000; });
  EXPECT_GT(changedNear(calm, withPanel, 100, 60, 50), 2000) << "H shows the panel at the top left";
  // A click on the panel (its hint line) is the panel's, not the water's.
  run("xdotool mousemove --window " + window_ + " 60 40 click 1");
  std::this_thread::sleep_for(std::chrono::milliseconds(200));
  run("xdotool key --window " + window_ + " h");
  EXPECT_TRUE(same(calm, grabUntil("keys_panel_hidden.png", [&](const Picture& i) { return same(calm, i); })))
      << "H hides it, and its click dropped no stone";
  quit();
}

// The pixels where two grabs differ: their bounding box and how many.
struct Changed {
  int left = 1 << 30, top = 1 << 30, right = -1, bottom = -1;
  long count = 0;
};
Changed changedBetween(const Picture& a, const Picture& b) {
  Changed c;
  for (int y = 0; y < std::min(a.height, b.height); ++y)
    for (int x = 0; x < std::min(a.width, b.width); ++x)
      if (std::memcmp(a.pixel(x, y), b.pixel(x, y), 3) != 0) {
        c.left = std::min(c.left, x);
        c.top = std::min(c.top, y);
        c.right = std::max(c.right, x + 1);
        c.bottom = std::max(c.bottom, y + 1);
        ++c.count;
      }
  return c;
}

// On a small window the panel leaves water free to click, and when the
// window shrinks under a panel that was dragged to its far corner, the panel
// comes back inside, whole.
TEST_F(Window, ThePanelFitsASmallWindowAndStaysInside) {
  start({});
  run("xdotool key --window " + window_ + " space");  // paused: only the panel changes the picture
  run("xdotool key --window " + window_ + " h");
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  run("xdotool mousemove --window " + window_ + " 100 18 mousedown 1 sleep 0.2 mousemove --window " + window_ +
      " 400 300 sleep 0.2 mousemove --window " + window_ + " 600 450 sleep 0.2 mouseup 1");
  run("xdotool windowsize --sync " + window_ + " 400 300");
  std::this_thread::sleep_for(std::chrono::milliseconds(600));
  const Picture withPanel = grabUntil("small_with_panel.png", [](const Picture& shot) { return shot.width == 400; });
  run("xdotool key --window " + window_ + " h");
  const Picture without =
      grabUntil("small_without_panel.png", [&](const Picture& shot) { return !same(withPanel, shot); });
  ASSERT_EQ(withPanel.width, 400);
  ASSERT_EQ(withPanel.height, 300);
  const Changed panel = changedBetween(withPanel, without);
  std::printf("panel on the 400x300 window: x %d..%d, y %d..%d\n", panel.left, panel.right, panel.top, panel.bottom);
  EXPECT_GE(panel.right - panel.left, 200) << "the panel should be inside the window, whole (width)";
  EXPECT_GE(panel.bottom - panel.top, 100) << "the panel should be inside the window, whole (height)";
  EXPECT_LE(double(panel.right - panel.left) * (panel.bottom - panel.top), 0.6 * 400 * 300)
      << "the panel should leave some of the water free";
  // And the free water takes a click: a stone drops there.
  const int freeX = panel.left > 400 - panel.right ? panel.left / 2 : (panel.right + 400) / 2;
  const int freeY = panel.top > 300 - panel.bottom ? panel.top / 2 : (panel.bottom + 300) / 2;
  run("xdotool mousemove --window " + window_ + " " + std::to_string(freeX) + " " + std::to_string(freeY) + " click 1");
  const Picture stone = grabUntil(
      "small_stone.png", [&](const Picture& shot) { return changedNear(without, shot, freeX, freeY, 20) > 50; });
  EXPECT_GT(changedNear(without, stone, freeX, freeY, 20), 50) << "a click on the free water";
  quit();
}

// A fast drag leaves a trail with no gaps: the mouse jumps 60 pixels between
// events, and the water moves all along the line it drew.
TEST_F(Window, FastDragLeavesAContinuousTrail) {
  start({});
  const Picture before = grab("before_drag.png");
  const int x0 = 120, y0 = 360, x1 = 540, y1 = 120;
  std::string drag =
      "xdotool mousemove --window " + window_ + " " + std::to_string(x0) + " " + std::to_string(y0) + " mousedown 1";
  for (int i = 1; i <= 8; ++i) {
    drag += " mousemove --window " + window_ + " " + std::to_string(x0 + (x1 - x0) * i / 8) + " " +
            std::to_string(y0 + (y1 - y0) * i / 8) + " sleep 0.02";
  }
  drag += " mouseup 1";
  ASSERT_EQ(std::system(drag.c_str()), 0);
  // At every fortieth of the way, the water has moved within 20 pixels. A
  // loaded machine may draw the drag's events over several frames: wait.
  const auto gapsOnTheLine = [&](const Picture& after, bool report) {
    int gaps = 0;
    for (int i = 0; i <= 40; ++i) {
      const int x = x0 + (x1 - x0) * i / 40, y = y0 + (y1 - y0) * i / 40;
      if (changedNear(before, after, x, y, 20) < 20) {
        ++gaps;
        if (report) std::printf("no ripple near (%d, %d) on the drag's line\n", x, y);
      }
    }
    return gaps;
  };
  const Picture after =
      grabUntil("after_drag.png", [&](const Picture& shot) { return gapsOnTheLine(shot, false) == 0; });
  ASSERT_EQ(before.width, after.width);
  const int gaps = gapsOnTheLine(after, true);
  EXPECT_EQ(gaps, 0) << "the trail has gaps";
  quit();
}

long changedIn(const Picture& a, const Picture& b, int left, int top, int right, int bottom) {
  long n = 0;
  for (int y = top; y < bottom; ++y)
    for (int x = left; x < right; ++x) n += std::memcmp(a.pixel(x, y), b.pixel(x, y), 3) != 0;
  return n;
}

// The wave tank by hand: key 2 picks the wall tool, and two fast drags (the
// mouse jumping 80 to 120 pixels between events) paint a wall down the middle
// with a gap; key 5 picks the source tool, and a click starts a source left
// of the wall, in front of its upper part. Its rings reach the far side
// through the gap, before the water right behind the wall opposite the source
// moves (the direct way, were there no wall, is a third as long); the wall's
// pixels stay still while the water beside it moves; a click on the source
// stops it. Each check waits for what it looks for, as long as a slow machine
// takes: it assumes no speed. The waves run at 30 pixels a second (a slow
// machine only makes them slower), so that the rings come through the gap
// some 6 seconds before any could reach the water behind the wall, however
// long a screen grab takes.
TEST_F(Window, WallToolAndSourceToolMakeAWaveTank) {
  // A brush 24 pixels wide (12 cells at the grid's default scale of 1/2).
  std::system(("rm -rf " + kShots + "/config && mkdir -p " + kShots + "/config/ripple").c_str());
  std::ofstream(kShots + "/config/ripple/settings.ini") << "ripple-settings 1\nbrush_size=24\n";
  start({"--wave-speed", "30"});
  const Picture calm = grab("tank_calm.png");
  const std::string w = " --window " + window_ + " ";
  auto drag = [&](int x, int y0, int y1) {
    std::string command = "xdotool mousemove" + w + std::to_string(x) + " " + std::to_string(y0) + " mousedown 1";
    for (int i = 1; i <= 2; ++i)
      command += " mousemove" + w + std::to_string(x) + " " + std::to_string(y0 + (y1 - y0) * i / 2) + " sleep 0.05";
    ASSERT_EQ(std::system((command + " mouseup 1").c_str()), 0);
  };
  constexpr int kWallX = 320, kGapTop = 300, kGapBottom = 380;
  run("xdotool key" + w + "2");
  drag(kWallX, 2, kGapTop - 12);  // the brush reaches 12 pixels past each end
  drag(kWallX, 477, kGapBottom + 12);
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  run("xdotool key" + w + "5");
  const int sx = 250, sy = 80;
  run("xdotool mousemove" + w + std::to_string(sx) + " " + std::to_string(sy) + " click 1");

  // Behind the wall opposite the source, 70 to 170 pixels from it; and where
  // the gap opens on the far side, 250 pixels from it round the wall's end.
  auto shadowMoved = [&](const Picture& now) { return changedIn(calm, now, 345, 40, 420, 120); };
  auto gapMoved = [&](const Picture& now) { return changedIn(calm, now, 345, kGapTop, 420, kGapBottom); };
  Picture now = grab("tank_waiting.png");
  for (int i = 0; i < 300 && gapMoved(now) < 50; ++i) {
    ASSERT_LT(shadowMoved(now), 20) << "the water behind the wall moved before any wave came through the gap";
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    now = grab("tank_waiting.png");
  }
  std::printf("through the gap: %ld pixels moved there, %ld behind the wall\n", gapMoved(now), shadowMoved(now));
  ASSERT_GE(gapMoved(now), 50) << "no wave came through the gap within the time allowed";
  EXPECT_LT(shadowMoved(now), 20) << "the wall should shade the water behind it";

  // Two grabs apart in time: the water near the source moves between them
  // (a step or more ran), the middle of the wall does not.
  Picture first = grab("tank_first.png"), second = first;
  for (int i = 0; i < 50 && changedNear(first, second, sx, sy, 30) < 100; ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
    second = grab("tank_second.png");
  }
  EXPECT_GE(changedNear(first, second, sx, sy, 30), 100) << "the source should keep the water moving";
  EXPECT_EQ(changedIn(first, second, kWallX - 4, 10, kWallX + 4, kGapTop - 10), 0) << "the upper wall moved";
  EXPECT_EQ(changedIn(first, second, kWallX - 4, kGapBottom + 10, kWallX + 4, 470), 0) << "the lower wall moved";
  EXPECT_GE(changedIn(first, second, kWallX - 40, 10, kWallX - 10, kGapTop - 10), 100) << "beside the wall, it moves";

  // A click on the source stops it: calmed (R), the water stays calm.
  run("xdotool mousemove" + w + std::to_string(sx + 3) + " " + std::to_string(sy - 2) + " click 1");
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  run("xdotool key" + w + "r");
  // Calmed: the water near the source as at the start (within 50 pixels;
  // the wall is 58 away).
  const Picture stopped = grabUntil("tank_stopped.png", [&](const Picture& shot) {
    return shot.width == calm.width && changedNear(calm, shot, sx, sy, 50) == 0;
  });
  std::this_thread::sleep_for(std::chrono::seconds(2));
  EXPECT_EQ(changedNear(stopped, grab("tank_stopped_later.png"), sx, sy, 60), 0) << "the source should have stopped";
  quit();
  std::system(("rm -rf " + kShots + "/config").c_str());
}

// A storm of resizes: no crash, the water is resampled and kept, and the
// program still quits cleanly.
TEST_F(Window, ResizeStormKeepsTheWater) {
  start({"--wave-speed", "14"});  // 20 steps a second at the seeds' speed
  const Picture calm = grab("calm_before_resizes.png");
  run("xdotool mousemove --window " + window_ + " 320 240 click 1");
  std::this_thread::sleep_for(std::chrono::milliseconds(200));
  for (int i = 0; i < 24; ++i) {
    const int w = 300 + (i * 137) % 700, h = 200 + (i * 89) % 500;
    run("xdotool windowsize " + window_ + " " + std::to_string(w) + " " + std::to_string(h));
    std::this_thread::sleep_for(std::chrono::milliseconds(30));
  }
  run("xdotool windowsize --sync " + window_ + " 640 480");
  std::this_thread::sleep_for(std::chrono::milliseconds(600));
  ASSERT_EQ(waitpid(pid_, nullptr, WNOHANG), 0) << "ripple ended during the resizes";
  const Picture after = grabUntil("after_resizes.png", [&](const Picture& shot) {
    return shot.width == 640 && shot.height == 480 && changedNear(calm, shot, 320, 240, 60) > 500;
  });
  ASSERT_EQ(after.width, 640);
  ASSERT_EQ(after.height, 480);
  EXPECT_GT(changedNear(calm, after, 320, 240, 60), 500) << "the ripples should have survived the resizes";
  quit();
}

// Minimised, the program sleeps instead of drawing; restored, the water is
// still there. Minimising needs a window manager: the test runs openbox.
TEST_F(Window, MinimisedItSleepsAndRestoredTheWaterIsThere) {
  ASSERT_EQ(std::system("command -v openbox >/dev/null"), 0) << "openbox is needed to minimise a window";
  pid_t wm = -1;
  char* wmArgs[] = {const_cast<char*>("openbox"), nullptr};
  ASSERT_EQ(posix_spawnp(&wm, "openbox", nullptr, nullptr, wmArgs, environ), 0);
  std::this_thread::sleep_for(std::chrono::milliseconds(1000));
  start({"--wave-speed", "14"});  // 20 steps a second at the seeds' speed
  const Picture calm = grab("calm.png");
  run("xdotool mousemove --window " + window_ + " 320 240 click 1");
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  run("xdotool windowminimize --sync " + window_);
  std::this_thread::sleep_for(std::chrono::milliseconds(500));
  const double before = cpuSeconds(pid_);
  std::this_thread::sleep_for(std::chrono::seconds(2));
  const double minimisedCpu = cpuSeconds(pid_) - before;
  std::printf("CPU time while minimised: %.2f s in 2 s\n", minimisedCpu);
  EXPECT_LT(minimisedCpu, 0.2) << "a minimised window should not keep drawing";
  run("xdotool windowactivate --sync " + window_);
  std::this_thread::sleep_for(std::chrono::milliseconds(500));  // mapped again: before that, no grab
  const Picture restored =
      grabUntil("restored.png", [&](const Picture& shot) { return changedNear(calm, shot, 320, 240, 40) > 500; });
  EXPECT_GT(changedNear(calm, restored, 320, 240, 40), 500) << "the ripples should still be there";
  quit();
  kill(wm, SIGTERM);
  waitpid(wm, nullptr, 0);
}

// Dropping a picture file onto the window shows it; dropping something that
// is not a picture keeps the current one and says why.
TEST_F(Window, DroppedPicturesAreLoadedOrRefused) {
  Picture red(64, 40);
  for (size_t i = 0; i < red.rgba.size(); i += 4) {
    red.rgba[i] = 230;
    red.rgba[i + 3] = 255;
  }
  savePicture(red, kShots + "/red.png");
  std::ofstream(kShots + "/notes.png") << "not a picture\n";
  start({}, kShots + "/drop_stderr.txt");
  const Picture before = grab("before_drop.png");

  EXPECT_EQ(test::dropFileOnWindow(std::stoul(window_), 300, 200, kShots + "/notes.png"), "");
  std::this_thread::sleep_for(std::chrono::milliseconds(500));
  EXPECT_EQ(std::memcmp(grab("after_bad_drop.png").rgba.data(), before.rgba.data(), before.rgba.size()), 0)
      << "a bad file must keep the current picture";

  EXPECT_EQ(test::dropFileOnWindow(std::stoul(window_), 300, 200, kShots + "/red.png"), "");
  const Picture after =
      grabUntil("after_good_drop.png", [](const Picture& shot) { return shot.pixel(10, 10)[0] == 230; });
  EXPECT_EQ(after.pixel(10, 10)[0], 230);
  EXPECT_EQ(after.pixel(10, 10)[1], 0);
  quit();
  std::ifstream err(kShots + "/drop_stderr.txt");
  const std::string log((std::istreambuf_iterator<char>(err)), std::istreambuf_iterator<char>());
  EXPECT_NE(log.find("picture '" + kShots + "/notes.png' is not a PNG or JPEG picture"), std::string::npos) << log;
}

// --shaders DIR: an edit of a shader there shows in the window while it
// runs, and one that does not compile is named while the last good picture
// stays on screen.
TEST_F(Window, EditedShadersShowWhileItRuns) {
  namespace fs = std::filesystem;
  const fs::path folder = kShots + "/live_shaders";
  fs::remove_all(folder);
  fs::create_directories(folder);
  for (const auto& e : fs::directory_iterator(fs::path(RIPPLE_SOURCE_DIR) / "shaders"))
    fs::copy_file(e.path(), folder / e.path().filename());
  start({"--shaders", folder.string()}, kShots + "/shaders_stderr.txt");
  auto isRed = [](const Picture& shot) {
    const unsigned char* p = shot.pixel(10, 10);
    return p[0] == 255 && p[1] == 0 && p[2] == 0;
  };
  EXPECT_FALSE(isRed(grab("shaders_before.png")));

  const fs::path refraction = folder / "refraction.frag";
  std::ifstream in(refraction);
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  in.close();
  const std::string line = "        color.rgb += shine;\n";
  ASSERT_NE(text.find(line), std::string::npos) << "refraction.frag no longer adds the highlight so";
  // Red, the rest kept in the sum so that no uniform goes unused (ripple
  // refuses a program that lost one, and keeps the last good shaders).
  text.replace(text.find(line), line.size(),
               line + "        color.rgb = clamp(color.rgb * 1e-6 + vec3(1.0, 0.0, 0.0), 0.0, 1.0);\n");
  std::ofstream(refraction, std::ios::trunc) << text;
  EXPECT_TRUE(isRed(grabUntil("shaders_red.png", isRed))) << "the edit never showed";

  std::ofstream(refraction, std::ios::app) << "this is not GLSL\n";
  // Until ripple names the broken file (a loaded machine may take a while to
  // look), then the picture: still the last good shaders'.
  const auto stderrText = [&] {
    std::ifstream err(kShots + "/shaders_stderr.txt");
    return std::string((std::istreambuf_iterator<char>(err)), std::istreambuf_iterator<char>());
  };
  for (int i = 0; i < 200 && stderrText().find("refraction.frag") == std::string::npos; ++i)
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  EXPECT_TRUE(isRed(grab("shaders_broken.png"))) << "the last good shaders must stay";
  quit();
  const std::string log = stderrText();
  EXPECT_NE(log.find("refraction.frag"), std::string::npos) << "the broken file is not named: " << log;
}

// A preset from the command line, then scene files dropped on the window:
// a broken one is refused with its file, line and key, and the scene stays;
// a good one (named .txt: the content decides) opens, its wall drawn.
TEST_F(Window, ScenesOpenFromPresetsAndDroppedFiles) {
  std::ofstream(kShots + "/broken.scene") << "ripple_scene = 1\n[water]\ndamping = -1\n";
  std::ofstream(kShots + "/wall.txt") << "ripple_scene = 1\n[frame]\nsize = [640, 480]\ngrid_scale = 1\n"
                                         "[[tank.wall]]\nfrom = [320, 0]\nto = [320, 479]\nthickness = 40\n";
  start({"--preset", "two-sources"}, kShots + "/scene_stderr.txt");
  const Picture first = grab("preset_first.png");
  const Picture later = grabUntil("preset_later.png", [&](const Picture& shot) { return !same(first, shot); });
  EXPECT_NE(std::memcmp(first.rgba.data(), later.rgba.data(), first.rgba.size()), 0)
      << "the preset's sources should keep the water moving";

  EXPECT_EQ(test::dropFileOnWindow(std::stoul(window_), 300, 200, kShots + "/broken.scene"), "");
  EXPECT_EQ(test::dropFileOnWindow(std::stoul(window_), 300, 200, kShots + "/wall.txt"), "");
  // The wall's slate (src/lib/core/tank_look.hpp), lit a little by the light.
  const Picture walled = grabUntil("dropped_scene.png", [](const Picture& shot) {
    const unsigned char* middle = shot.pixel(shot.width / 2, shot.height / 2);
    return std::abs(int(middle[0]) - 66) <= 20 && std::abs(int(middle[2]) - 74) <= 20;
  });
  const unsigned char* wall = walled.pixel(walled.width / 2, walled.height / 2);
  EXPECT_NEAR(wall[0], 66, 20);
  EXPECT_NEAR(wall[1], 69, 20);
  EXPECT_NEAR(wall[2], 74, 20);
  EXPECT_LT(std::abs(int(wall[0]) - int(wall[2])), 20) << "slate is grey, the water blue";
  quit();
  std::ifstream err(kShots + "/scene_stderr.txt");
  const std::string log((std::istreambuf_iterator<char>(err)), std::istreambuf_iterator<char>());
  EXPECT_NE(log.find(kShots + "/broken.scene:3: water.damping: -1 is out of range"), std::string::npos) << log;
  EXPECT_NE(log.find("keeping the current scene"), std::string::npos) << log;
}

// A scene laid out across, dropped on a window that stands upright, opens
// turned a quarter (ripple::turnToFit()): its wall runs across the window
// a quarter of the way down, where stretched it ran down a quarter across.
// A scene laid out across a 640x480 frame: a wall 40 pixels thick down it,
// a quarter of the way across. Its file's path.
std::string acrossScene() {
  std::ofstream(kShots + "/across.toml") << "ripple_scene = 1\n[frame]\nsize = [640, 480]\ngrid_scale = 1\n"
                                            "[[tank.wall]]\nfrom = [160, 0]\nto = [160, 479]\nthickness = 40\n";
  return kShots + "/across.toml";
}
// Whether a window's pixel shows a wall's slate (src/lib/core/tank_look.hpp).
bool slateAt(const Picture& shot, int x, int y) {
  const unsigned char* p = shot.pixel(x, y);
  return std::abs(int(p[0]) - 66) <= 20 && std::abs(int(p[2]) - 74) <= 20;
}

TEST_F(Window, ASceneAcrossOpensTurnedInAnUprightWindow) {
  start({"--size", "360x640"});
  EXPECT_EQ(test::dropFileOnWindow(std::stoul(window_), 180, 320, acrossScene()), "");
  const Picture turned = grabUntil("turned_scene.png", [&](const Picture& shot) { return slateAt(shot, 60, 160); });
  ASSERT_EQ(std::pair(turned.width, turned.height), std::pair(360, 640));
  EXPECT_TRUE(slateAt(turned, 60, 160) && slateAt(turned, 300, 160)) << "no wall across, a quarter of the way down";
  EXPECT_FALSE(slateAt(turned, 90, 480)) << "a wall down the window: the scene stretched, not turned";
  quit();
}

// A window turned from across to upright turns its water as it is, as
// the page does on a phone turned: the wall down it comes across it, and a
// stone's ring (paused) lies where the turn takes it, not where squeezing
// the water to the new shape would; turned back, the wall runs down again.
TEST_F(Window, TheWaterTurnsWithTheWindow) {
  start({});
  EXPECT_EQ(test::dropFileOnWindow(std::stoul(window_), 320, 240, acrossScene()), "");
  ASSERT_TRUE(slateAt(grabUntil("across.png", [](const Picture& shot) { return slateAt(shot, 160, 240); }), 160, 240));
  run("xdotool key --window " + window_ + " space");  // paused: the ring stays where it fell
  run("xdotool mousemove --window " + window_ + " 480 120 click 1");
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  run("xdotool windowsize --sync " + window_ + " 360 640");
  // Clockwise, (x, y) of 640x480 comes to (479 - y, x), then to 360 across.
  const int ringX = (479 - 120) * 360 / 480, ringY = 480;
  const Picture upright = grabUntil("upright.png", [&](const Picture& shot) {
    return shot.width == 360 && shot.height == 640 && slateAt(shot, 60, 160);
  });
  ASSERT_EQ(std::pair(upright.width, upright.height), std::pair(360, 640));
  EXPECT_TRUE(slateAt(upright, 60, 160) && slateAt(upright, 300, 160)) << "no wall across, a quarter of the way down";
  EXPECT_FALSE(slateAt(upright, 90, 480)) << "a wall down the window: the water squeezed, not turned";
  run("xdotool key --window " + window_ + " r");  // calm: the same window without the ring
  const Picture calm = grabUntil("upright_calm.png", [&](const Picture& shot) {
    return shot.width == 360 && changedNear(upright, shot, ringX, ringY, 30) > 100;
  });
  EXPECT_GT(changedNear(upright, calm, ringX, ringY, 30), 100) << "no ring where the turn takes it";
  EXPECT_LT(changedNear(upright, calm, 480 * 360 / 640, 120 * 640 / 480, 30), 20) << "a ring where squeezing puts it";
  run("xdotool windowsize --sync " + window_ + " 640 480");
  const Picture back = grabUntil("across_again.png", [](const Picture& shot) {
    return shot.width == 640 && slateAt(shot, 160, 100) && slateAt(shot, 160, 400);
  });
  EXPECT_TRUE(back.width == 640 && slateAt(back, 160, 100) && slateAt(back, 160, 400)) << "the wall not down again";
  quit();
}

// A driver below OpenGL 3.3 (Mesa told to offer 3.0): one line that says
// what was found and what is needed, and exit code 1.
TEST_F(Window, OldOpenGlSaysWhatWasFoundAndNeeded) {
  const test::RunResult r =
      test::runProgram("env", {"MESA_GL_VERSION_OVERRIDE=3.0", test::gRippleBinary, "--size", "320x200"});
  EXPECT_EQ(r.exitCode, 1);
  EXPECT_EQ(r.err.rfind("ripple: cannot open a window with OpenGL 3.3 core (", 0), 0u) << r.err;
  EXPECT_NE(r.err.find("this system offers OpenGL 3.0"), std::string::npos) << r.err;
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
}

std::string readSettings() {
  std::ifstream in(kShots + "/config/ripple/settings.ini");
  return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

void writeSettings(const std::string& text) {
  std::system(("rm -rf " + kShots + "/config && mkdir -p " + kShots + "/config/ripple").c_str());
  std::ofstream(kShots + "/config/ripple/settings.ini") << text;
}

// The file as the exit writes it: whole, every key, the values it was read with.
std::string wholeSettings(const std::string& text) {
  return encodeSettings(decodeSettings(text, "settings.ini", WindowSettings{}).params);
}

// The saved values come back at the next start and are saved again, whole;
// options given for one run are not saved: `--mode float` once does not
// make every later start float.
TEST_F(Window, SettingsSurviveARestart) {
  const std::string own = "ripple-settings 1\ndamping=0.25\nmode=classic\n";
  writeSettings(own);
  start({});
  quit();
  EXPECT_EQ(readSettings(), wholeSettings(own));
  start({"--damping", "0.5", "--mode", "float"});
  quit();
  EXPECT_EQ(readSettings(), wholeSettings(own)) << "the command line's options were saved as the settings";
}

// The largest brush and stone the settings allow, on a grid of a cell a
// pixel: a wall dragged and a stone clicked stay within what the water
// takes (a 64-cell brush), the window goes on and quits cleanly.
TEST_F(Window, TheLargestBrushAndStoneOnAFineGrid) {
  writeSettings("ripple-settings 1\nbrush_size=256\nstone_radius=256\ngrid_scale_shift=0\n");
  start({}, kShots + "/largest_stderr.txt");
  const Picture before = grab("largest_before.png");
  run("xdotool key --window " + window_ + " 2");
  run("xdotool mousemove --window " + window_ + " 300 200 mousedown 1");
  for (int x = 310; x <= 360; x += 25) run("xdotool mousemove --window " + window_ + " " + std::to_string(x) + " 220");
  run("xdotool mouseup 1 key --window " + window_ + " 1");
  run("xdotool mousemove --window " + window_ + " 500 400 click 1");
  // A 256-cell brush on a fine grid: its strokes took over a second to show
  // in the sanitizer build while other tests ran.
  const Picture after = grabUntil("largest_after.png",
                                  [&](const Picture& shot) { return changedNear(before, shot, 330, 210, 20) > 100; });
  EXPECT_GT(changedNear(before, after, 330, 210, 20), 100) << "no wall";
  quit();
  std::ifstream err(kShots + "/largest_stderr.txt");
  const std::string log((std::istreambuf_iterator<char>(err)), std::istreambuf_iterator<char>());
  EXPECT_EQ(log, "") << "a tool's edit was refused";
}

// A scene's values are the scene's: opened from the command line or dropped
// on the window, it does not become the settings the next start begins with.
TEST_F(Window, ScenesDoNotBecomeTheSettings) {
  writeSettings("ripple-settings 1\ndamping=0.25\n");
  start({});
  quit();
  const std::string own = readSettings();
  ASSERT_NE(own.find("damping=0.25\n"), std::string::npos) << own;

  start({"--preset", "open-sea"});  // absorbing edges, rain, a low sun
  quit();
  EXPECT_EQ(readSettings(), own) << "a preset's values were saved as the settings";

  std::ofstream(kShots + "/free.toml") << "ripple_scene = 1\n[water]\ndamping = 0.5\n[tank]\nedges = \"free\"\n";
  start({});
  EXPECT_EQ(test::dropFileOnWindow(std::stoul(window_), 300, 200, kShots + "/free.toml"), "");
  std::this_thread::sleep_for(std::chrono::milliseconds(800));
  quit();
  EXPECT_EQ(readSettings(), own) << "a dropped scene's values were saved as the settings";
}

// Ctrl+C in the terminal, or SIGTERM from a logout, a service manager or
// kill: the settings are saved as on Esc, whole, and the program then ends
// by that signal (a script that ran it sees that it was stopped).
class WindowStopped : public Window {
 protected:
  // Sends `signal` and expects the program to save and then end by it, within 10 s.
  void stopBy(int signal) {
    ASSERT_EQ(kill(pid_, signal), 0);
    const int status = waitForExit("signal " + std::to_string(signal));
    EXPECT_TRUE(WIFSIGNALED(status) && WTERMSIG(status) == signal) << "exit status " << status;
  }

  // A file of one value: after the signal it is whole (every key), so the
  // exit wrote it; the command line's damping is not in it.
  void startAndStop(int signal, const std::string& damping) {
    const std::string own = "ripple-settings 1\ndamping=" + damping + "\n";
    writeSettings(own);
    start({"--damping", "0.3"});
    stopBy(signal);
    const std::string file = kShots + "/config/ripple/settings.ini";
    ASSERT_TRUE(std::ifstream(file).good()) << "no settings file after signal " << signal;
    EXPECT_EQ(readSettings(), wholeSettings(own)) << "after signal " << signal;
    const LoadedSettings saved = loadSettings(file);
    EXPECT_EQ(saved.warning, "") << readSettings();
    EXPECT_EQ(saved.params.rule.damping, std::stof(damping)) << readSettings();
  }
};

TEST_F(WindowStopped, SigtermSavesTheSettings) { startAndStop(SIGTERM, "0.01"); }
TEST_F(WindowStopped, CtrlCSavesTheSettings) { startAndStop(SIGINT, "0.02"); }

TEST_F(Window, CorruptSettingsGiveTheDefaults) {
  std::system(("mkdir -p " + kShots + "/config/ripple").c_str());
  std::ofstream(kShots + "/config/ripple/settings.ini") << "\x01\x02 not settings at all\n";
  start({});
  quit();
  EXPECT_EQ(readSettings(), encodeSettings(WindowSettings{})) << "the defaults, saved on exit";
}

}  // namespace
}  // namespace ripple

namespace ripple {
namespace {

// Calm water with nothing falling: the window waits for events instead of
// drawing the same picture again and again. The bound is generous (a tenth
// of a core); the measured figure is printed.
TEST_F(Window, RestsWhenTheWaterDoes) {
  start({});
  const double idleStart = cpuSeconds(pid_);
  std::this_thread::sleep_for(std::chrono::seconds(10));
  const double idle = cpuSeconds(pid_) - idleStart;
  std::printf("  calm window: %.2f s of CPU over 10 s (%.1f%% of a core)\n", idle, idle * 10);
  EXPECT_LT(idle, 1.0) << "calm water should leave the window waiting for events";

  run("xdotool mousemove --window " + window_ + " 320 240 click 1");
  const double movingStart = cpuSeconds(pid_);
  std::this_thread::sleep_for(std::chrono::seconds(2));
  const double moving = cpuSeconds(pid_) - movingStart;
  std::printf("  after a click: %.2f s of CPU over 2 s (the water moving)\n", moving);

  run("xdotool key --window " + window_ + " space");  // paused, waves and all
  std::this_thread::sleep_for(std::chrono::milliseconds(500));
  const double pausedStart = cpuSeconds(pid_);
  std::this_thread::sleep_for(std::chrono::seconds(5));
  const double paused = cpuSeconds(pid_) - pausedStart;
  std::printf("  paused with waves: %.2f s of CPU over 5 s\n", paused);
  EXPECT_LT(paused, 0.5) << "a paused window rests too";
  quit();
}

// The largest difference between two frames' channels, in levels.
int largestDifference(const Picture& a, const Picture& b) {
  return compareFrames(a, b, Mode::Float).largestChannelDifference;
}

// After a click, the window rests soon after the picture stops changing
// (src/lib/core/visible_change.hpp): grabs a second apart until two in a row
// differ by no more than 2 levels, then the window's CPU over 5 s from 3 s
// later. The bound is generous (a tenth of a core, for the sanitizer build
// on a busy machine); the figures are printed. A stronger fade than the
// default's brings the still picture sooner, not the rest's rule.
TEST_F(Window, RestsSoonAfterThePictureStopsChanging) {
  std::system(("rm -rf " + kShots + "/config").c_str());  // the defaults
  start({"--damping", "0.02"});
  run("xdotool mousemove --window " + window_ + " 320 240 click 1");
  const auto clicked = std::chrono::steady_clock::now();
  auto secondsSinceClick = [&] {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - clicked).count();
  };
  Picture last = grab("rest_0.png");
  int change = 256;
  while (change > 2 && secondsSinceClick() < 60) {
    std::this_thread::sleep_for(std::chrono::seconds(1));
    const Picture now = grab("rest_now.png");
    change = largestDifference(last, now);
    last = now;
  }
  const double still = secondsSinceClick();
  ASSERT_LE(change, 2) << "the picture never stopped changing";
  std::this_thread::sleep_for(std::chrono::seconds(3));
  const double before = cpuSeconds(pid_);
  std::this_thread::sleep_for(std::chrono::seconds(5));
  const double cpu = cpuSeconds(pid_) - before;
  std::printf("  still %.1f s after the click; CPU over 5 s from 3 s later: %.2f s (%.1f%% of a core)\n", still, cpu,
              cpu * 20);
  EXPECT_LT(cpu, 0.5) << "the window should rest within 3 s of the picture ceasing to change";
  quit();
}

// What is still to come keeps the water awake, though the water is flat
// until then: a source that starts singing at step 300 (2.7 s at this
// window's pace) and a stone scheduled for step 600 on the other side.
TEST_F(Window, WhatIsToComeKeepsTheWaterAwake) {
  std::system(("rm -rf " + kShots + "/config").c_str());  // the defaults
  start({"--source", "100,100,24,96@300", "--drop", "560,400,20,96@600"});
  const Picture flat = grab("awake_flat.png");
  const Picture sourced =
      grabUntil("awake_source.png", [&](const Picture& now) { return changedNear(flat, now, 100, 100, 15) > 200; });
  EXPECT_GT(changedNear(flat, sourced, 100, 100, 15), 200) << "the source started";
  const Picture stoned =
      grabUntil("awake_stone.png", [&](const Picture& now) { return changedNear(flat, now, 560, 400, 15) > 200; });
  EXPECT_GT(changedNear(flat, stoned, 560, 400, 15), 200) << "the scheduled stone fell";
  quit();
}

// S twice within a second: two files, neither overwriting the other, in the
// folder ripple runs in.
TEST_F(Window, ScreenshotsNeverOverwriteEachOther) {
  const std::string folder = kShots + "/screenshots";
  std::system(("rm -rf " + folder + " && mkdir -p " + folder).c_str());
  start({}, "", folder);
  run("xdotool key --window " + window_ + " s");
  run("xdotool key --window " + window_ + " s");
  std::this_thread::sleep_for(std::chrono::milliseconds(800));
  quit();
  // Two files, whether the two shots fell in one second (then the second is
  // -2.png: timestampedPath's test) or, on a slow machine, in two.
  const std::string names = run("ls " + folder);
  EXPECT_EQ(std::count(names.begin(), names.end(), '\n'), 1) << "two files:\n" << names;
}

// The first ripple-YYYYMMDD-HHMMSS.mp4 to appear in `folder` within 10 s
// (its temporary file is renamed to that once it is whole); "" if none.
std::string waitForRecording(const std::string& folder) {
  for (int i = 0; i < 100; ++i) {
    const std::string name = run("ls " + folder + " | grep -E '^ripple-[0-9]{8}-[0-9]{6}\\.mp4$' | head -n 1");
    if (!name.empty()) return folder + "/" + name;
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  return "";
}

// The mean difference over R, G and B of two pictures within a rectangle.
double meanDifferenceIn(const Picture& a, const Picture& b, int left, int top, int right, int bottom) {
  long long sum = 0;
  for (int y = top; y < bottom; ++y)
    for (int x = left; x < right; ++x)
      for (int c = 0; c < 3; ++c) sum += std::abs(int(a.pixel(x, y)[c]) - int(b.pixel(x, y)[c]));
  return double(sum) / (3.0 * (right - left) * (bottom - top));
}

// V starts a recording and V again writes it, in the folder ripple runs in:
// a video of the window's size at 30 frames a second. The REC mark (top
// right) and the panel (top left, shown by H while recording; "Record the
// panel" is off) are on the screen and not in the video, whose frames are
// the calm water as it was before.
TEST_F(Window, VRecordsTheWindowWithoutTheMarkOrThePanel) {
  std::system(("rm -rf " + kShots + "/config").c_str());  // the defaults: no rain, calm water
  const std::string folder = kShots + "/recording";
  std::system(("rm -rf " + folder + " && mkdir -p " + folder).c_str());
  start({}, "", folder);
  const Picture calm = grab("recording_calm.png");
  run("xdotool key --window " + window_ + " v");
  std::this_thread::sleep_for(std::chrono::milliseconds(500));
  run("xdotool key --window " + window_ + " h");
  std::this_thread::sleep_for(std::chrono::milliseconds(1500));
  const Picture during = grab("recording_during.png");
  run("xdotool key --window " + window_ + " v");
  const std::string file = waitForRecording(folder);
  ASSERT_FALSE(file.empty()) << "no recording appeared in " << folder << ":\n" << run("ls " + folder);
  quit();

  const test::DecodedVideo video = test::readVideo(file);
  ASSERT_TRUE(video.error.empty()) << video.error;
  ASSERT_GT(video.frames.size(), 0u);
  EXPECT_EQ(video.width, 640);
  EXPECT_EQ(video.height, 480);
  EXPECT_EQ(video.frameRateNum, 30);
  EXPECT_EQ(video.frameRateDen, 1);
  const Picture& last = video.frames.back();  // recorded with the panel on the screen
  const double markOnScreen = meanDifferenceIn(calm, during, 540, 0, 640, 36);
  const double markInVideo = meanDifferenceIn(calm, last, 540, 0, 640, 36);
  const double panelOnScreen = meanDifferenceIn(calm, during, 0, 0, 300, 300);
  const double panelInVideo = meanDifferenceIn(calm, last, 0, 0, 300, 300);
  std::printf(
      "recording: %zu frames (%.2f s); the REC mark's corner differs from the calm water by %.1f levels on "
      "the screen and %.1f in the video, the panel's corner by %.1f and %.1f\n",
      video.frames.size(), video.seconds, markOnScreen, markInVideo, panelOnScreen, panelInVideo);
  EXPECT_GT(markOnScreen, 20.0) << "the REC mark should show on the screen";
  EXPECT_LT(markInVideo, 10.0) << "the REC mark must not be in the video";
  EXPECT_GT(panelOnScreen, 20.0) << "H should show the panel";
  EXPECT_LT(panelInVideo, 10.0) << "the panel must not be in the video unless asked for";
}

// A window resized while recording ends the recording: the file is written
// at the size it had, and the window runs on.
TEST_F(Window, AResizeEndsTheRecordingAndWritesIt) {
  const std::string folder = kShots + "/recording_resized";
  std::system(("rm -rf " + folder + " && mkdir -p " + folder).c_str());
  start({}, "", folder);
  run("xdotool key --window " + window_ + " v");
  std::this_thread::sleep_for(std::chrono::milliseconds(1000));
  run("xdotool windowsize --sync " + window_ + " 500 400");
  const std::string file = waitForRecording(folder);
  ASSERT_FALSE(file.empty()) << "the resize should have written the recording";
  const test::DecodedVideo video = test::readVideo(file);
  EXPECT_GT(video.frames.size(), 0u);
  EXPECT_EQ(video.width, 640);
  EXPECT_EQ(video.height, 480);
  std::this_thread::sleep_for(std::chrono::milliseconds(500));
  EXPECT_EQ(run("ls " + folder), std::filesystem::path(file).filename().string()) << "one file, nothing else";
  quit();
}

}  // namespace
}  // namespace ripple

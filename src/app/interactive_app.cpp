#include "app/interactive_app.hpp"

#include <glad/gl.h>
// glad first: GLFW must not pull in the system's GL header.
#include <GLFW/glfw3.h>
#include <backends/imgui_impl_glfw.h>
#include <backends/imgui_impl_opengl3.h>
#include <imgui.h>

#include <algorithm>
#include <cstdio>
#include <memory>

#include "app/context_window.hpp"
#include "app/stop_signal.hpp"
#include "app/step_path.hpp"
#include "app/window_app.hpp"
#include "app/window_content.hpp"
#include "app/window_grid.hpp"
#include "app/window_input.hpp"
#include "app/window_stepping.hpp"
#include "app/window_tank.hpp"
#include "ripple/types.hpp"
#include "app/settings.hpp"
#include "ripple/scene.hpp"
#include "ui/recording_mark.hpp"

namespace ripple {
namespace {

// --shaders: rebuild the programs when a file in the folder changes. A
// shader that fails keeps the last good program running; the panel shows
// the error with the file and line.
void reloadEditedShaders(App& app, double now) {
  if (app.options.shaderDir.empty() || now - app.shadersCheckedAt < 0.5) return;
  app.shadersCheckedAt = now;
  try {
    if (!app.water->reloadEditedShaders()) return;
    app.status.message = "shaders reloaded from " + app.options.shaderDir;
  } catch (const Error& e) {
    app.status.message = e.what();
    std::fprintf(stderr, "ripple: %s; keeping the shaders that compiled last\n", e.what());
  }
  app.rest.input();  // show the new shaders' picture, or the error
}

// What the panel shows of the run this frame.
void updateStatus(App& app) {
  PanelStatus& s = app.status;
  s.framesPerSecond = ImGui::GetIO().Framerate;
  s.gpuMillisecondsPerStep = app.stepTimer->millisecondsPerUnit();
  s.gridWidth = app.water->width();
  s.gridHeight = app.water->height();
  s.stepPath = stepPathName(*app.water);
  s.frameWidth = app.frameWidth;
  s.frameHeight = app.frameHeight;
  s.steps = app.steps;
  s.paused = app.paused;
  s.stepsPerSecondAsked = app.stepping() ? stepsPerSecondAsked(app) : 0.0;
  s.stepsPerSecondRun = app.rate.stepsPerSecondRun;
  float contentScaleX = 1.0f, contentScaleY = 1.0f;
  glfwGetWindowContentScale(app.window, &contentScaleX, &contentScaleY);
  s.contentScale = contentScaleX;
  s.tool = app.tank.tool;
  s.sceneName = app.sceneName;
  s.recording = app.recording.active();
  s.recordingSeconds = app.recording.seconds();
  s.recordPanel = app.recordPanel;
}

// The panel's buttons and the keys' requests that wait for the frame.
void applyActions(App& app, const PanelActions& actions) {
  if (actions.togglePause) app.paused = !app.paused;
  if (actions.resetSettings) {
    app.params = WindowSettings{};
    app.options.settingsBeforeScene.reset();  // the defaults are what the exit saves now
    app.options.settingsAsRead = app.options.settingsAtStart = WindowSettings{};
  }
  if (actions.reset) app.water->reset();
  if (actions.tool) chooseTool(app, *actions.tool);
  if (actions.clearCells) clearCells(app);
  if (actions.removeSources) removeSources(app);
  if (actions.screenshot) ++app.screenshotsRequested;
  if (actions.saveScene) saveScene(app);
  if (actions.preset) openScene(app, presetScene(*actions.preset), *actions.preset);
  if (actions.recordPanel) app.recordPanel = *actions.recordPanel;
  if (actions.toggleRecording || app.recordingToggled) {
    app.status.message = app.recording.toggle(app.frameWidth, app.frameHeight, glfwGetTime());
  }
  app.recordingToggled = false;
  if (app.params.vsync != app.appliedVsync) {
    glfwSwapInterval(app.params.vsync ? 1 : 0);
    app.appliedVsync = app.params.vsync;
  }
}

// The water's part of the frame: the panel's changes taken up, the clicked
// stones dropped, then the steps due.
void advanceWater(App& app, const PanelActions& actions) {
  fitToFramebuffer(app, app.frameWidth, app.frameHeight);  // picks up a new grid scale
  giveWaterThePanel(app);
  const double now = glfwGetTime();
  reloadEditedShaders(app, now);

  dropPendingStones(app);
  if (somethingFalls(app)) app.rest.waterDisturbed();
  const int due = app.clock.stepsDue(now, stepsPerSecondAsked(app));
  if (app.stepping()) {
    runDueSteps(app, due);
  } else if (app.paused && (actions.stepOnce || app.stepRequested)) {
    runDueSteps(app, 1);
  }
  app.stepRequested = false;
  if (actions.verify) verify(app);
  measureStepRate(app, now, app.stepping());
}

// The frame as it is drawn so far, when the recording's pace wants one; a
// window of a new size ends the recording (its file is written).
void captureForRecording(App& app) {
  const std::string ended = app.recording.capture(app.frameWidth, app.frameHeight, glfwGetTime());
  if (!ended.empty()) app.status.message = ended;
}

// The water, then the panel. The recording reads the frame before the panel
// is drawn, or after it with "Record the panel"; the REC mark comes last, in
// neither the recording nor a screenshot.
void drawFrame(App& app) {
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  app.water->render(app.shownPicture.name(), 0, 0, app.frameWidth, app.frameHeight);
  SplitDrawData drawData = splitOffForeground(*ImGui::GetDrawData());
  if (!app.recordPanel) captureForRecording(app);
  ImGui_ImplOpenGL3_RenderDrawData(&drawData.panel);
  if (app.recordPanel) captureForRecording(app);
  for (; app.screenshotsRequested > 0; --app.screenshotsRequested) {
    app.status.message = saveScreenshot(app.frameWidth, app.frameHeight);
  }
  ImGui_ImplOpenGL3_RenderDrawData(&drawData.overlay);
  glfwSwapBuffers(app.window);
  app.rest.frameDrawn();
}

void frame(App& app) {
  ImGui_ImplOpenGL3_NewFrame();
  ImGui_ImplGlfw_NewFrame();
  ImGui::NewFrame();
  updateStatus(app);
  PanelActions actions;
  if (app.panelVisible) actions = drawPanel(app.params, app.status);
  app.pointer.panelArea = actions.area;
  if (app.recording.active()) drawRecordingMark(app.recording.seconds());
  ImGui::Render();

  applyActions(app, actions);
  advanceWater(app, actions);
  drawFrame(app);
}

// Whether the window has nothing to do: no steps due, no event to answer,
// no stones waiting.
bool idle(const App& app) { return app.rest.mayWait(app.paused, somethingFalls(app)) && app.pendingStones.empty(); }

// The settings file on exit: what the panel changed (settingsToSave says
// which values), never a scene's.
void saveSettingsOnExit(const App& app, const std::string& file) {
  if (file.empty()) return;
  try {
    const WindowSettings now = app.options.settingsBeforeScene.value_or(app.params);
    saveSettings(settingsToSave(app.options.settingsAsRead, app.options.settingsAtStart, now), file);
  } catch (const Error& e) {
    std::fprintf(stderr, "ripple: warning: settings not saved: %s\n", e.what());
  }
}

}  // namespace

int runInteractive(const Options& options) {
  // The picture first: a bad path should not cost a window opening and closing.
  Picture picture = loadPicture(options.scene.picture);

  const auto [width, height] = options.size.value_or(std::pair<int, int>(1280, 720));
  gl::WindowContext context(width, height, "ripple");
  App app(options);
  app.window = context.window();
  app.picture = std::move(picture);
  app.status.renderer = context.renderer();
  app.status.message = options.settingsWarning;
  app.stepTimer = std::make_unique<GpuTimer>();

  installInputCallbacks(app);
  IMGUI_CHECKVERSION();
  ImGui::CreateContext();
  ImGui::GetIO().IniFilename = nullptr;  // the panel's layout is not worth a file in the user's folder
  ImGui::StyleColorsDark();
  ImGui_ImplGlfw_InitForOpenGL(app.window, true);
  ImGui_ImplOpenGL3_Init("#version 330 core");

  glfwSwapInterval(app.params.vsync ? 1 : 0);
  app.appliedVsync = app.params.vsync;
  int fbw = 0, fbh = 0;
  glfwGetFramebufferSize(app.window, &fbw, &fbh);
  fitToFramebuffer(app, std::max(1, fbw), std::max(1, fbh));
  app.clock.restart(glfwGetTime());

  while (!glfwWindowShouldClose(app.window) && !stopRequested()) {
    if (idle(app) && !app.recording.active()) {
      // Nothing to step and nothing to answer: sleep until an event, waking
      // ten times a second to look at --shaders' folder (and, for Ctrl+C, at
      // the stop flag). The time asleep is not owed to the water.
      glfwWaitEventsTimeout(0.1);
      const double now = glfwGetTime();
      app.clock.restart(now);
      reloadEditedShaders(app, now);
      if (idle(app)) continue;
    } else {
      glfwPollEvents();
    }
    glfwGetFramebufferSize(app.window, &fbw, &fbh);
    if (fbw <= 0 || fbh <= 0 || glfwGetWindowAttrib(app.window, GLFW_ICONIFIED)) {
      // Minimised (a 0 x 0 framebuffer on some systems, an iconified window of
      // full size on X11): nothing to show. Sleep until something happens and
      // let the simulated time go, so the water does not jump on restore.
      glfwWaitEventsTimeout(0.25);
      app.clock.restart(glfwGetTime());
      continue;
    }
    fitToFramebuffer(app, fbw, fbh);
    frame(app);
  }

  app.recording.stop();  // closing the window writes its recording
  saveSettingsOnExit(app, options.settingsFile);
  ImGui_ImplOpenGL3_Shutdown();
  ImGui_ImplGlfw_Shutdown();
  ImGui::DestroyContext();
  // GL objects go while the context is still current.
  app.water.reset();
  app.stepTimer.reset();
  return 0;
}

}  // namespace ripple

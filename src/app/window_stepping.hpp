#pragma once
// The water's steps in the window: the stones clicked since the last frame,
// the steps due, the rest (water that can no longer change the frame is set
// at rest and no longer stepped, window_rest.hpp), the panel's parameters
// given to the water, the panel's Verify, and the step rate the frames
// really run.
namespace ripple {

struct App;

// The step rate actually run, measured over about a second.
struct StepRate {
  double since = 0.0;
  long long stepsSince = 0;
  double stepsPerSecondRun = 0.0;
};

// Drops the stones the mouse left for this frame.
void dropPendingStones(App& app);

// Whether anything is to fall on the water: rain, --drop stones to come, or
// a source that still sings.
bool somethingFalls(const App& app);

// Runs `count` steps (none for 0), then looks whether the water has come to
// rest.
void runDueSteps(App& app, int count);

// The panel's parameters given to the water where they changed; a switch to
// classic mode rounds the water to whole heights (Water::setRule()).
void giveWaterThePanel(App& app);

// The panel's Verify: from the GPU's state now, the same steps on both
// sides (Water::verify(), as --verify does). On calm water it drops a test
// stone first, so there is something to compare.
void verify(App& app);

// The steps run a second, over whole seconds of stepping: a pause or a
// rest starts the count again, and until a second has passed the rate is
// not known (0), so that the panel never calls the waves slowed on the
// strength of a second that was mostly rest.
void measureStepRate(App& app, double now, bool stepping);

}  // namespace ripple

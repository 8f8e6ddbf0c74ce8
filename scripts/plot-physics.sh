#!/usr/bin/env bash
# Draws the plots of docs/physics.md with ripple itself, headless, beside theory
# (scripts/plot_physics.py does the runs, the sums and the drawing):
#   docs/physics/double_slit_intensity.png  the double slit's intensity against the angle
#   docs/physics/edge_reflection.png        what an absorbing edge sends back, against the wavelength
#   docs/physics/ring_radius.png            a ring's radius against the steps, for each stencil
# It prints the figures it measured. Under a minute on two cores.
#
# Needs a built ripple and Debian's numpy and matplotlib (for these docs
# only; scripts/install-deps.sh does not install them):
#   sudo apt-get install python3-numpy python3-matplotlib
#
#   scripts/plot-physics.sh [OPTIONS]        options go to plot_physics.py:
#     --out DIR         where the PNGs go (default docs/physics)
#     --backend gpu     run the GPU instead of the CPU reference (default cpu)
#     --only double-slit|edge|ring   one plot (repeatable)
# Environment: RIPPLE, the binary (default build/ripple); PYTHON, a Python
# with numpy and matplotlib (default /usr/bin/python3, Debian's).
set -euo pipefail
cd "$(dirname "$0")/.."
ripple=${RIPPLE:-build/ripple}
python=${PYTHON:-/usr/bin/python3}
if [[ ! -x $ripple ]]; then
  echo "plot-physics: no ripple at $ripple (build first, or set RIPPLE)" >&2
  exit 1
fi
if ! "$python" -c 'import numpy, matplotlib' 2>/dev/null; then
  echo "plot-physics: $python lacks numpy or matplotlib: sudo apt-get install python3-numpy python3-matplotlib" >&2
  exit 1
fi
exec "$python" scripts/plot_physics.py --ripple "$ripple" "$@"

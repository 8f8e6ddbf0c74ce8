#!/usr/bin/python3
"""Draws the plots of docs/physics.md from ripple's own output, beside theory.

  docs/physics/double_slit_intensity.png  intensity against angle behind the
      double slit (--preset double-slit), against Fraunhofer's two slits
  docs/physics/edge_reflection.png        what an absorbing edge sends back,
      head-on, against the wavelength, against the edge's rule worked out
  docs/physics/ring_radius.png            a ring's radius against the steps,
      for each stencil and speed, against the line of slope C

Each runs ripple headless (--backend cpu by default: the CPU reference,
whose heights are the same on every machine) and reads its .npy heights.
Needs Debian's python3-numpy and python3-matplotlib (docs only). Run it
through scripts/plot-physics.sh, or:

  /usr/bin/python3 scripts/plot_physics.py --ripple build/ripple --out docs/physics

It prints the figures it measured; docs/physics.md quotes them.
"""
import argparse
import glob
import math
import os
import subprocess
import sys
import tempfile
import time

import numpy as np
import matplotlib

matplotlib.use("Agg")
import matplotlib.lines  # noqa: E402
import matplotlib.pyplot as plt  # noqa: E402

SIZE = (8, 5)  # inches; at 100 dpi, 800x500 pixels
DPI = 100
plt.rcParams.update({"font.size": 11, "axes.grid": True, "grid.alpha": 0.3})


class Ripple:
    def __init__(self, binary, backend, work):
        self.binary, self.backend, self.work = binary, backend, work

    def run(self, *args):
        cmd = [self.binary, "--headless", "--quiet", "--backend", self.backend, *map(str, args)]
        subprocess.run(cmd, check=True)

    def heights(self, folder):
        """The .npy files ripple wrote to folder, as {step: heights}."""
        out = {}
        for path in sorted(glob.glob(os.path.join(folder, "height_*.npy"))):
            out[int(os.path.basename(path)[7:13])] = np.load(path).astype(np.float64)
        return out

    def folder(self, name):
        path = os.path.join(self.work, name)
        os.makedirs(path, exist_ok=True)
        return path


# The grid's dispersion relation: next = 2 h - prev + C^2 L h gives
# cos(w) = 1 + C^2 L(k) / 2, L the stencil's symbol (docs/rules.md).
def omega(stencil, courant, kx, ky=0.0):
    if stencil == 5:
        symbol = 2 * np.cos(kx) + 2 * np.cos(ky) - 4
    else:
        symbol = (4 * (2 * np.cos(kx) + 2 * np.cos(ky)) + 4 * np.cos(kx) * np.cos(ky) - 20) / 6
    return np.arccos(1 + courant * courant * symbol / 2)


def wavenumber_for_period(stencil, courant, period):
    """The k along an axis of a wave of this period on the grid (bisection)."""
    w, lo, hi = 2 * math.pi / period, 1e-6, math.pi
    for _ in range(80):
        mid = (lo + hi) / 2
        (lo, hi) = (mid, hi) if omega(stencil, courant, mid) < w else (lo, mid)
    return lo


def save(fig, path):
    fig.tight_layout()
    fig.savefig(path, dpi=DPI)
    plt.close(fig)
    print(f"wrote {path} ({os.path.getsize(path) // 1024} KB)")


# 1. The double slit ---------------------------------------------------------

def double_slit(r, out):
    """--preset double-slit: a plane wave of period 14 steps (nine-point
    stencil, C = 0.8) through two slits in a board. The intensity, the mean
    of h^2 over six periods once the pattern has settled, on an arc of
    radius 250 cells centred between the slits, against Fraunhofer's
    cos^2(pi d sin t / lambda) sinc^2(a sin t / lambda)."""
    period, courant, radius, first, periods, every = 14, 0.8, 250, 900, 6, 2
    folder = r.folder("double_slit")
    last = first + periods * period - every
    r.run("--preset", "double-slit", "--steps", last, "--save-heights", folder, "--from", first, "--every", every)
    frames = np.array(list(r.heights(folder).values()))
    assert len(frames) == periods * period // every, len(frames)
    intensity = (frames ** 2).mean(axis=0)

    # The board and its slits, from the cells that never move (walls hold 0).
    still = np.abs(frames).max(axis=0) == 0
    board = np.where(still.sum(axis=0) > still.shape[0] // 2)[0]
    column = board[len(board) // 2]
    open_rows = np.where(~still[:, column])[0]
    middle = open_rows.mean()
    slit1, slit2 = open_rows[open_rows < middle], open_rows[open_rows > middle]
    width, spacing = len(slit1), slit2.mean() - slit1.mean()
    assert len(slit1) == len(slit2) and np.all(np.diff(slit1) == 1) and np.all(np.diff(slit2) == 1)
    x0, y0 = board.max() + 0.5, middle  # the arc's centre: the board's far face, between the slits
    wavelength = 2 * math.pi / wavenumber_for_period(9, courant, period)

    def on_arc(degrees):
        t = np.radians(degrees)
        x, y = x0 + radius * np.cos(t), y0 + radius * np.sin(t)
        xi, yi = np.floor(x).astype(int), np.floor(y).astype(int)
        fx, fy = x - xi, y - yi
        return ((intensity[yi, xi] * (1 - fx) + intensity[yi, xi + 1] * fx) * (1 - fy)
                + (intensity[yi + 1, xi] * (1 - fx) + intensity[yi + 1, xi + 1] * fx) * fy)

    limit = math.degrees(math.asin((min(y0, intensity.shape[0] - 1 - y0) - 10) / radius))
    limit = math.floor(min(limit, 40.0))
    fine = np.arange(-limit, limit + 1e-9, 0.1)
    measured_fine = on_arc(fine)
    scale = measured_fine.max()
    s = np.sin(np.radians(fine))
    envelope = np.sinc(width * s / wavelength) ** 2
    theory = np.cos(math.pi * spacing * s / wavelength) ** 2 * envelope

    def peaks(values):
        found = []
        for i in range(1, len(values) - 1):
            if values[i] > values[i - 1] and values[i] >= values[i + 1] and values[i] > 0.02 * values.max():
                if found and fine[i] - found[-1][0] < 1:  # one flat top
                    found[-1] = (fine[i], values[i]) if values[i] > found[-1][1] else found[-1]
                else:
                    found.append((fine[i], values[i]))
        return [angle for angle, _ in found]

    measured_peaks, theory_peaks = peaks(measured_fine), peaks(theory)
    fringes = [math.degrees(math.asin(m * wavelength / spacing)) for m in range(-3, 4)
               if abs(m * wavelength / spacing) < math.sin(math.radians(limit))]
    rms = math.sqrt(np.mean((measured_fine / scale - theory) ** 2))
    darks = [i for i in range(1, len(theory) - 1) if theory[i] < theory[i - 1] and theory[i] <= theory[i + 1]]

    points = np.arange(-limit, limit + 1e-9, 0.5)
    fig, ax = plt.subplots(figsize=SIZE)
    ax.plot(fine, envelope, "--", color="0.55", lw=1.2, label="one slit's envelope, sinc²(a sin θ / λ)")
    ax.plot(fine, theory, "-", color="C0", lw=1.8, label="theory: Fraunhofer, two slits × envelope")
    ax.plot(points, on_arc(points) / scale, "o", color="C3", ms=3.5, label="measured: ripple, mean h² on the arc")
    ax.set_xlabel("angle from the axis θ (degrees)")
    ax.set_ylabel("intensity (largest = 1)")
    ax.set_xlim(-limit, limit)
    ax.set_ylim(0, 1.08)
    ax.set_title(f"Double slit (--preset double-slit): slits a = {width} cells wide, d = {spacing:g} apart,\n"
                 f"λ = {wavelength:.2f} cells (period {period} steps, C = {courant}), on an arc {radius} cells away",
                 fontsize=11)
    ax.legend(loc="upper right", fontsize=9, framealpha=0.9)
    save(fig, os.path.join(out, "double_slit_intensity.png"))
    return {
        "slit width a": width, "slit spacing d": spacing, "wavelength": round(wavelength, 3),
        "bright peaks measured (deg)": [round(p, 1) for p in measured_peaks],
        "bright peaks, Fraunhofer curve (deg)": [round(p, 1) for p in theory_peaks],
        "sin t = m lambda / d (deg)": [round(p, 2) for p in fringes],
        "rms measured - theory": round(rms, 3),
        "dark bands (deg: measured, theory)": [(round(fine[i], 1), round(measured_fine[i] / scale, 3),
                                                 round(theory[i], 3)) for i in darks],
        "arc": f"radius {radius}, +-{limit} degrees",
    }


# 2. The absorbing edge ------------------------------------------------------

def edge_rule_reflection(courant, wavelength, layer=8, z=0.99, layer_damping=0.0025):
    """What the absorbing edge's rule (docs/rules.md: a layer of `layer`
    weakly damped cells ending in a second-order one-way edge) sends back of
    a plane wave meeting it head-on, worked out exactly for a wave of one
    frequency on the grid. Head-on, both stencils step a plane wave alike:
    next = A (2 h + C^2 (left + right - 2 h)) - A^2 prev."""
    k = 2 * math.pi / wavelength
    w = math.acos(1 + courant * courant * (math.cos(k) - 1))
    Z = np.exp(-1j * w)  # a step forward
    c2 = courant / math.cos(math.pi / 4)
    r1, r2 = (courant - 1) / (courant + 1), (c2 - 1) / (c2 + 1)
    s, p = r1 + r2, r1 * r2
    weights = [float(np.float32(v)) for v in (-s * z, -p * z * z, s, 2 * (1 + p) * z, s * z * z, -p, -s * z, -z * z)]
    # Cells 0 and 1 are open water, e^{ikx} + R e^{-ikx}; cells 2 .. 2 + layer - 1
    # the layer (depth 1 .. layer), the last of them the one-way edge.
    first, ring, n = 2, 2 + layer - 1, layer + 1  # unknowns: R, then the layer's cells

    def cell(x):
        v = np.zeros(n, complex)
        if x < first:
            v[0] = np.exp(-1j * k * x)
            return v, np.exp(1j * k * x)
        v[1 + x - first] = 1
        return v, 0

    def factor(x):
        return 1.0 if x < first else math.exp(-courant * layer_damping * ((x - first + 1) / layer) ** 2)

    rows, rhs = [], []
    for x in range(first - 1, ring):
        a = factor(x)
        (vm, cm), (vp, cp), (v0, c0) = cell(x - 1), cell(x + 1), cell(x)
        side, centre = a * courant ** 2, Z + a * a / Z - 2 * a + 2 * a * courant ** 2
        rows.append(side * (vm + vp) - centre * v0)
        rhs.append(-(side * (cm + cp) - centre * c0))
    (v0, c0), (v1, c1), (v2, c2_) = cell(ring), cell(ring - 1), cell(ring - 2)
    w0 = Z - weights[0] - weights[1] / Z
    w1 = -(weights[2] * Z + weights[3] + weights[4] / Z)
    w2 = -(weights[5] * Z + weights[6] + weights[7] / Z)
    rows.append(w0 * v0 + w1 * v1 + w2 * v2)
    rhs.append(-(w0 * c0 + w1 * c1 + w2 * c2_))
    return abs(np.linalg.solve(np.array(rows), np.array(rhs))[0])


def edge_measured_reflection(r, stencil, courant, wavelength, periods=8, rows=4):
    """A packet of `periods` periods from a line source across a channel
    (absorbing ends, wrapping sides, so the wave stays plane), head-on into
    the right-hand edge. The amplitude that comes back against the amplitude
    that went: the square root of the energy near the packet's wavenumber
    (k/2 to 3k/2 of the middle row's spectrum, which leaves out the level
    that a line source leaves behind it in a channel), once with the packet
    on its way in and once on its way back, each wholly between the source
    and the edge."""
    k = 2 * math.pi / wavelength
    w = omega(stencil, courant, k)
    period = 2 * math.pi / w
    group = (omega(stencil, courant, k + 1e-6) - omega(stencil, courant, k - 1e-6)) / 2e-6
    end = int(round(periods * period))
    length = end * group  # the packet's length in cells
    margin = length / 2 + 20
    source = int(1.7 * length + 40)  # far enough that the left edge's echo stays out of the way
    width = source + int(2 * length + 40) + 1
    width += (-width) % 4  # a multiple of 4: the right-hand layer is then 8 cells, as edge_rule_reflection has it
    edge = width - 1
    t_in = int(round(end + margin / group))
    t_back = int(round((edge - source + length + margin) / group))
    folder = r.folder(f"edge_{stencil}_{wavelength:g}")
    r.run("--size", f"{width}x{rows}", "--edges", "absorbing,wrap", "--damping", 0, "--stencil", stencil,
          "--speed", f"{courant:.8f}", "--line-source", f"{source},0,{source},{rows - 1},{period:.6f},100@0:{end}",
          "--steps", t_back, "--save-heights", folder, "--from", t_in, "--every", t_back - t_in)
    h = r.heights(folder)
    lo, hi = int(source + margin / 2), int(edge - margin / 2)

    def energy(row):
        part = row[lo:hi] - row[lo:hi].mean()
        spectrum = np.fft.rfft(part, 8 * len(part))
        ks = np.fft.rfftfreq(8 * len(part)) * 2 * math.pi
        band = (ks > 0.5 * k) & (ks < min(1.5 * k, math.pi))
        return float((np.abs(spectrum[band]) ** 2).sum())

    return math.sqrt(energy(h[t_back][rows // 2]) / energy(h[t_in][rows // 2]))


def edge_reflection(r, out):
    cases = [(9, 0.8, "C = 0.8 (nine points, the default)", "C0"),
             (5, 0.70710678, "C = 0.7071 (five points, the seeds' speed)", "C3")]
    wavelengths = [4, 5, 6, 8, 11, 16, 23, 32, 45, 64, 90, 128, 181, 256]
    dense = np.geomspace(4, 256, 200)
    fig, ax = plt.subplots(figsize=SIZE)
    ax.axvspan(8, 64, color="0.92", zorder=0, label="the wavelengths AbsorbingEdge checks")
    ax.axhline(2.0, color="0.4", ls=":", lw=1.2, label="its limit head-on: 2%")
    figures = {}
    for stencil, courant, label, colour in cases:
        ax.plot(dense, [100 * edge_rule_reflection(courant, lam) for lam in dense], "-", color=colour, lw=1.6,
                label=f"theory, {label}")
        measured = [100 * edge_measured_reflection(r, stencil, courant, lam) for lam in wavelengths]
        ax.plot(wavelengths, measured, "o", color=colour, ms=6, mfc="white", mew=1.6, label=f"measured, {label}")
        figures[f"C = {courant:.4f}, measured %"] = {lam: round(m, 2) for lam, m in zip(wavelengths, measured)}
        figures[f"C = {courant:.4f}, theory %"] = {
            lam: round(100 * edge_rule_reflection(courant, lam), 2) for lam in wavelengths}
    ax.set_xscale("log")
    ax.set_yscale("log")
    ax.set_xticks(wavelengths[::1])
    ax.set_xticklabels([str(l) for l in wavelengths])
    ax.minorticks_off()
    ax.set_yticks([0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10])
    ax.set_yticklabels(["0.05", "0.1", "0.2", "0.5", "1", "2", "5", "10"])
    ax.set_ylim(0.05, 12)
    ax.set_xlabel("wavelength (cells)")
    ax.set_ylabel("amplitude sent back (% of the wave's)")
    ax.set_title("Absorbing edge (--edges absorbing), head-on: 8 damped cells and a one-way edge\n"
                 "theory: the edge's rule worked out for a plane wave on the grid", fontsize=11)
    ax.legend(loc="upper center", fontsize=9, framealpha=0.9)
    save(fig, os.path.join(out, "edge_reflection.png"))
    return figures


# 3. Ring radius -------------------------------------------------------------

def front(h, cx, cy, dx, dy):
    """Where a ring's front is along a ray (as tests/test_wave_physics.cpp
    finds it): the outermost point whose |height| is a fifth of the largest
    on the ray, interpolated between cells, in cells from the centre."""
    n = min(cx, cy, h.shape[1] - 1 - cx, h.shape[0] - 1 - cy) - 1
    ray = np.abs(np.array([h[cy + dy * i, cx + dx * i] for i in range(n)]))
    level = 0.2 * ray.max()
    last = int(np.where(ray >= level)[0].max())
    a, b = ray[last], ray[last + 1]
    return (last + (a - level) / (a - b)) * math.hypot(dx, dy)


def ring_radius(r, out):
    side, reach, every = 401, 180, 20
    centre = side // 2
    cases = [(5, 0.4, "C0"), (9, 0.5, "C2"), (5, 0.70710678, "C3"), (9, 0.8, "C1")]
    fig, (ax, low) = plt.subplots(2, 1, figsize=SIZE, sharex=True, gridspec_kw={"height_ratios": [3, 1]})
    figures, handles = {}, []
    steps_max = 0
    for stencil, courant, colour in cases:
        steps = int(math.ceil(reach / courant / every)) * every
        steps_max = max(steps_max, steps)
        folder = r.folder(f"ring_{stencil}_{courant:.4f}")
        r.run("--size", f"{side}x{side}", "--damping", 0, "--stencil", stencil, "--speed", f"{courant:.8f}",
              "--stone-shape", "smooth", "--drop", f"{centre},{centre},6,100", "--steps", steps,
              "--save-heights", folder, "--every", every)
        t, axis, diagonal = [], [], []
        for step, h in r.heights(folder).items():
            if step < 20:
                continue
            t.append(step)
            axis.append(np.mean([front(h, centre, centre, dx, dy) for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))]))
            diagonal.append(np.mean([front(h, centre, centre, dx, dy) for dx, dy in ((1, 1), (-1, 1), (1, -1), (-1, -1))]))
        t, axis, diagonal = map(np.array, (t, axis, diagonal))
        both = np.concatenate([axis, diagonal])
        start = float(np.mean(both - courant * np.concatenate([t, t])))  # the line's only fitted figure
        slope_axis, slope_diagonal = np.polyfit(t, axis, 1)[0], np.polyfit(t, diagonal, 1)[0]
        line_t = np.array([0, steps])
        name = f"{'five' if stencil == 5 else 'nine'} points, C = {courant:.4f}"
        ax.plot(line_t, start + courant * line_t, "-", color=colour, lw=1.3)
        ax.plot(t, axis, "o", color=colour, ms=4)
        ax.plot(t, diagonal, "s", color=colour, ms=7, mfc="none", mew=1.2)
        low.axhline(0, color="0.3", lw=1)
        low.plot(t, axis - (start + courant * t), "o-", color=colour, ms=3, lw=0.8)
        low.plot(t, diagonal - (start + courant * t), "s--", color=colour, ms=5, mfc="none", mew=1, lw=0.8)
        handles.append(matplotlib.lines.Line2D([], [], color=colour, lw=2, label=name))
        figures[name] = {"slope along the axes": round(slope_axis, 4), "along the diagonals": round(slope_diagonal, 4),
                         "axes vs C": f"{(slope_axis / courant - 1) * 100:+.2f}%",
                         "diagonals vs C": f"{(slope_diagonal / courant - 1) * 100:+.2f}%"}
    handles += [matplotlib.lines.Line2D([], [], color="0.3", marker="o", ls="none", ms=4, label="measured, along the axes"),
                matplotlib.lines.Line2D([], [], color="0.3", marker="s", ls="none", ms=7, mfc="none",
                                        label="measured, along the diagonals"),
                matplotlib.lines.Line2D([], [], color="0.3", lw=1.3, label="theory: C cells a step")]
    ax.set_xlim(0, steps_max)
    ax.set_ylim(0, reach + 20)
    ax.set_ylabel("radius of the front (cells)")
    ax.set_title("A ring's radius against the steps (smooth stone, no damping, float mode)\n"
                 "lines: slope C, placed through the points (the slope is not fitted)", fontsize=11)
    ax.legend(handles=handles, loc="lower right", fontsize=9, framealpha=0.9)
    low.set_xlabel("steps")
    low.set_ylabel("measured − line\n(cells)", fontsize=9)
    low.set_ylim(-1, 1)
    save(fig, os.path.join(out, "ring_radius.png"))
    return figures


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--ripple", default="build/ripple", help="the ripple binary (default build/ripple)")
    parser.add_argument("--out", default="docs/physics", help="where the PNGs go (default docs/physics)")
    parser.add_argument("--backend", default="cpu", choices=["cpu", "gpu"], help="ripple's backend (default cpu)")
    parser.add_argument("--only", choices=["double-slit", "edge", "ring"], action="append",
                        help="draw only this plot (repeatable)")
    args = parser.parse_args()
    os.makedirs(args.out, exist_ok=True)
    plots = [("double-slit", double_slit), ("edge", edge_reflection), ("ring", ring_radius)]
    with tempfile.TemporaryDirectory(prefix="ripple-physics-") as work:
        r = Ripple(args.ripple, args.backend, work)
        for name, draw in plots:
            if args.only and name not in args.only:
                continue
            began = time.time()
            figures = draw(r, args.out)
            print(f"{name} ({time.time() - began:.1f} s):")
            for key, value in figures.items():
                print(f"  {key}: {value}")
            sys.stdout.flush()


if __name__ == "__main__":
    main()

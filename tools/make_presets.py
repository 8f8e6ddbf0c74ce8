# Writes assets/presets/*.toml, the built-in scenes (run from the repository
# root: python3 tools/make_presets.py). The lens and the parabola are
# computed here; the files are then plain TOML that can be edited by hand.
import math, os
out = 'assets/presets'
HEAD = 'ripple_scene = 1\ndescription = "%s"\n\n[frame]  # positions are pixels of this frame; the grid is half of it\nsize = [1280, 720]\ngrid_scale = 1\n'
def pts(ps): return '[' + ', '.join('[%d, %d]' % (round(x), round(y)) for x, y in ps) + ']'
# The wave tank's presets are drawn over the plain floor (builtin:tank) with
# the height shading and a strong light: over the default picture's tiles
# and pebbles, fringes and foci read as a general distortion. `tank` is the
# height shading, chosen by looking at each preset's frames: weak waves far
# from their sources want more, a strong swell less (it saturates).
TANK_PICTURE = 'picture = "builtin:tank"  # a plain floor: the waves show in its height shading and the light\n'
TANK_LOOK = '\n[look]\nheight_shading = %s\nlight = 2.0\n'
def write(name, desc, body, tank=None):
    head = HEAD % desc
    if tank is not None:
        head += TANK_PICTURE
        body = body.replace('\n[run]', TANK_LOOK % float(tank) + '\n[run]', 1)
    open(os.path.join(out, name + '.toml'), 'w').write('# ripple preset: %s\n' % name + head + body)

write('seeds-pool', "The seeds' own pool: classic mode, bit for bit the original integer algorithm, stones falling one after another", '''
[water]
mode = "classic"

[stones]
radius = 24
weight = 128.0
shape = "disc"

[[stones.drop]]
at = [420, 300]
step = 0

[[stones.drop]]
at = [860, 420]
radius = 16
step = 60

[[stones.drop]]
at = [640, 200]
radius = 32
weight = 96.0
step = 140

[[stones.drop]]
at = [300, 540]
radius = 12
step = 220

[run]
steps = 300
''')

# rockpool: rocks (wall discs) around, rain, shading like seed 002
rocks = [(120,110,70),(300,60,45),(1150,120,80),(1000,640,60),(180,620,85),(640,690,40),(1230,420,50),(40,360,55)]
body = '''
[water]
damping = 0.01

[stones]
weight = 64.0

[rain]
falling = true
rate = 0.2
radius = 3
seed = 2

[look]
shading = 1.0
light = 0.6
'''
for x,y,r in rocks:
    body += '\n[[tank.medium]]  # a rock\ncentre = [%d, %d]\nradius = %d\nspeed = 0.0\n' % (x,y,r)
body += '\n[run]\nsteps = 500\n'
write('rockpool-rain', 'A rockpool in the rain (seed 002): small drops on shaded water among rocks that reflect the rings', body)

# Still water in an open sea: nearly no damping, every edge absorbing.
OPEN_TANK = '\n[water]\ndamping = 0.0005\n\n[tank]\nedges = "absorbing"\n'

def plane_wave_left(period, amp, x=40):
    return '\n[[tank.source]]  # a plane wave from the left\nfrom = [%d, 0]\nto = [%d, 719]\nperiod = %s\namplitude = %s\n' % (x, x, period, amp)

write('single-slit', 'A plane wave through one slit: it spreads into a fan with dark bands at sin(theta) = m lambda / a', OPEN_TANK + '''
[[tank.wall]]
from = [420, 0]
to = [420, 320]
thickness = 8

[[tank.wall]]
from = [420, 400]
to = [420, 719]
thickness = 8
''' + plane_wave_left(16.0, 20.0) + '\n[run]\nsteps = 900\n', tank=6)

write('double-slit', "Young's double slit: two gaps make bright fringes where sin(theta) = m lambda / d", OPEN_TANK + '''
[[tank.wall]]
from = [420, 0]
to = [420, 290]
thickness = 8

[[tank.wall]]
from = [420, 330]
to = [420, 390]
thickness = 8

[[tank.wall]]
from = [420, 430]
to = [420, 719]
thickness = 8
''' + plane_wave_left(14.0, 20.0) + '\n[run]\nsteps = 900\n', tank=6)

write('harbour', 'A harbour with a breakwater: swell from the open sea, calm water behind the wall, rings spreading from its mouth', '''
[water]
damping = 0.001

[tank]
edges = ["absorbing", "free"]

[[tank.wall]]  # the breakwater
points = [[0, 380], [760, 380], [840, 300]]
thickness = 16

[[tank.wall]]  # the quay
points = [[1279, 560], [1000, 560]]
thickness = 20

[[tank.source]]  # swell coming in from the top
from = [0, 20]
to = [1279, 20]
period = 30.0
amplitude = 16.0

[run]
steps = 900
''', tank=3)

# lens: biconvex lens of slow water, arcs. Its wave is gentler than the
# prism's: the lens gathers it, and the focus stands out only where the wave
# before it leaves the picture readable.
R = 380.0; cx = 560; half = 210  # half aperture
d = math.sqrt(R*R - half*half)
lens = []
n = 24
for i in range(n+1):
    a = math.asin(half/R) * (-1 + 2*i/n)
    lens.append((cx - d + R*math.cos(a), 360 + R*math.sin(a)))
for i in range(n+1):
    a = math.asin(half/R) * (1 - 2*i/n)
    lens.append((cx + d - R*math.cos(a), 360 + R*math.sin(a)))
write('lens', 'A lens of slow water: a plane wave slows inside it and comes out converging to a focus', OPEN_TANK + '''
[[tank.medium]]  # a biconvex lens, waves run at half speed inside
corners = %s
speed = 0.5
''' % pts(lens) + plane_wave_left(24.0, 10.0) + '\n[run]\nsteps = 900\n', tank=4)

prism = [(520,600),(760,600),(640,140)]
write('prism', 'A prism of slow water: the wave bends towards its base, as light does in glass', OPEN_TANK + '''
[[tank.medium]]
corners = %s
speed = 0.55
''' % pts(prism) + plane_wave_left(24.0, 24.0) + '\n[run]\nsteps = 900\n', tank=4)

write('waveguide', 'A waveguide: a channel between two walls carries a source\'s waves round a bend with little loss', OPEN_TANK + '''
[[tank.wall]]
points = [[0, 300], [700, 300], [980, 20]]
thickness = 10

[[tank.wall]]
points = [[0, 420], [740, 420], [1060, 100]]
thickness = 10

[[tank.source]]  # a plane wave fed into the channel
from = [16, 312]
to = [16, 408]
period = 18.0
amplitude = 24.0

[run]
steps = 900
''', tank=4)

write('two-sources', 'Two sources in phase: their rings cross in a fan of calm and rough lines (interference)', OPEN_TANK + '''
[[tank.source]]
at = [560, 360]
period = 16.0
amplitude = 48.0

[[tank.source]]
at = [720, 360]
period = 16.0
amplitude = 48.0

[run]
steps = 700
''', tank=10)

write('doppler', 'The Doppler effect: a source moving at half the wave speed crowds its waves ahead and stretches them behind', OPEN_TANK + '''
[[tank.source]]
from = [160, 360]
to = [1120, 360]
moving = true
period = 12.0
amplitude = 48.0
start = 0
end = 1200

[run]
steps = 900
''', tank=6)

# parabola opening left, focus at (fx, 360): x = xv - (y-360)^2/(4f)
f = 150.0; xv = 1080
par = [(xv - (y-360)**2/(4*f), y) for y in range(60, 661, 25)]
write('parabolic-mirror', 'A parabolic mirror: a plane wave reflects off the curved wall and gathers at its focus', OPEN_TANK + '''
[[tank.wall]]  # a parabola, its focus at (930, 360)
points = %s
thickness = 8
''' % pts(par) + plane_wave_left(16.0, 20.0, 40) + '\n[run]\nsteps = 900\n', tank=4)

write('open-sea', 'The open sea: absorbing edges let every ring leave the picture for good, under a low sun', '''
[water]
damping = 0.002

[tank]
edges = "absorbing"

[rain]
falling = true
rate = 0.04
radius = 6
seed = 7

[stones]
weight = 128.0

[[stones.drop]]
at = [640, 360]
radius = 40
step = 0

[look]
light = 1.5
light_elevation = 30.0

[run]
steps = 600
''')

#!/usr/bin/env bash
# How soon the window rests after a click, measured as a person would: the
# real window under Xvfb (1280x720, the defaults, no panel), one click in the
# middle, then a screenshot and the window's CPU time about once a second for
# 45 s. Afterwards: when two shots in a row first differ by no pixel by more
# than 2 levels ("still"), and the window's CPU over the 5 s starting 3 s
# later. Not part of CI (the window tests check the same with a bound): run
# it by hand and report the figures.
#   scripts/measure-rest.sh [path/to/ripple] [extra ripple options...]
set -euo pipefail
ripple=$(realpath "${1:-build/ripple}")
shift || true
work=$(mktemp -d)
export XDG_CONFIG_HOME=$work/config   # the defaults, and the user's settings left alone

display=:$((50 + RANDOM % 50))
Xvfb "$display" -screen 0 1600x1000x24 >"$work/xvfb.log" 2>&1 &
xvfb=$!
trap 'kill $pid $xvfb 2>/dev/null; rm -rf "$work"' EXIT
export DISPLAY=$display
sleep 1
(cd "$work" && exec "$ripple" --size 1280x720 --no-panel "$@" >"$work/ripple.log" 2>&1) &
pid=$!
window=$(timeout 20 xdotool search --sync --onlyvisible --name '^ripple$' | head -n 1)
sleep 2

# CPU seconds the window has used (user + system).
cpu() { awk -v hz="$(getconf CLK_TCK)" '{ sub(/.*\) /, ""); print ($12 + $13) / hz }' "/proc/$pid/stat"; }
# The largest difference of two screenshots in any channel, in levels.
levels() { { compare -metric PAE "$1" "$2" null: 2>&1 || true; } | sed -E 's/.*\(([0-9.e-]+)\).*/\1/' | awk '{ printf "%d", $1 * 255 + 0.5 }'; }

# A shot and the window's CPU about once a second for `seconds`; the shots
# are compared afterwards, so that comparing costs the window nothing.
seconds=45
xdotool mousemove --window "$window" 640 360 click 1
clicked=$(date +%s.%N)
times=() cpus=()
for ((i = 0; ; ++i)); do
  now=$(echo "$(date +%s.%N) - $clicked" | bc -l)
  (($(echo "$now > $seconds" | bc -l))) && break
  times+=("$now") cpus+=("$(cpu)")
  import -window "$window" "$work/$i.png"
  sleep "$(echo "$i + 1 - ($(date +%s.%N) - $clicked)" | bc -l | awk '{ print ($1 > 0 ? $1 : 0) }')"
done

echo "    t(s)  window's CPU  largest change since the last shot (levels)"
still=""
for ((i = 1; i < ${#times[@]}; ++i)); do
  change=$(levels "$work/$((i - 1)).png" "$work/$i.png")
  cpu_share=$(echo "(${cpus[i]} - ${cpus[i - 1]}) / (${times[i]} - ${times[i - 1]}) * 100" | bc -l)
  printf '%8.1f  %6.1f%%  %4d\n' "${times[i]}" "$cpu_share" "$change"
  [[ -z $still ]] && ((change <= 2)) && still=${times[i]}
done
[[ -n $still ]] || { echo "the picture never stopped changing within $seconds s"; exit 1; }
# The samples nearest 3 s and 8 s after the picture went still.
nearest() { local best=0; for ((i = 0; i < ${#times[@]}; ++i)); do
  (($(echo "${times[i]} <= $1" | bc -l))) && best=$i; done; echo "$best"; }
a=$(nearest "$(echo "$still + 3" | bc -l)") b=$(nearest "$(echo "$still + 8" | bc -l)")
printf 'still %.1f s after the click; the window'"'"'s CPU from %.1f s to %.1f s: %.1f%% of a core\n' "$still" \
  "${times[a]}" "${times[b]}" "$(echo "(${cpus[b]} - ${cpus[a]}) / (${times[b]} - ${times[a]}) * 100" | bc -l)"

#!/usr/bin/env bash
# Ten minutes of the real window under Xvfb with scripted clicks, drags,
# slider moves, key presses and resizes, sampling ripple's resident memory
# every 10 s; then Esc, and the exit must be clean. Not part of CI: run it by
# hand and report the figures.
#   scripts/soak-window.sh [SECONDS] [path/to/ripple]     (default 600, build/ripple)
set -euo pipefail
seconds=${1:-600}
ripple=${2:-build/ripple}
work=$(mktemp -d)
export XDG_CONFIG_HOME=$work/config   # leave the user's settings alone

display=:$((50 + RANDOM % 50))
Xvfb "$display" -screen 0 1600x1000x24 >"$work/xvfb.log" 2>&1 &
xvfb=$!
trap 'kill $xvfb 2>/dev/null; rm -rf "$work"' EXIT
export DISPLAY=$display
sleep 1
openbox >"$work/openbox.log" 2>&1 &
sleep 1

# From the scratch folder: a click that lands on the panel's Screenshot button
# saves its PNG there, not in the user's folder.
ripple=$(realpath "$ripple")
(cd "$work" && exec "$ripple" --size 1024x768 --rain 0.3 >"$work/ripple.log" 2>&1) &
pid=$!
window=$(timeout 20 xdotool search --sync --onlyvisible --name '^ripple$' | head -n 1)
rss() { awk '/VmRSS/ {print $2}' "/proc/$pid/status"; }
echo "t(s)  RSS(KiB)"
start=$(date +%s)
next_sample=$start
first=$(rss); peak=$first
while (( $(date +%s) - start < seconds )); do
  case $((RANDOM % 8)) in
    0|1) xdotool mousemove --window "$window" $((420 + RANDOM % 560)) $((40 + RANDOM % 560)) click 1 ;;
    2) x=$((420 + RANDOM % 500)); y=$((40 + RANDOM % 500))
       xdotool mousemove --window "$window" $x $y mousedown 1 \
               mousemove --window "$window" $((x + 80)) $((y + 40)) \
               mousemove --window "$window" $((x + 160)) $((y - 20)) mouseup 1 ;;
    3) # a slider of the panel: fade, stone size, stone depth, light, refraction
       row=(112 162 185 258 327); y=${row[$((RANDOM % 5))]}
       xdotool mousemove --window "$window" $((30 + RANDOM % 150)) $y mousedown 1 \
               mousemove --window "$window" $((30 + RANDOM % 150)) $y mouseup 1 ;;
    4) xdotool windowsize "$window" $((300 + RANDOM % 1200)) $((200 + RANDOM % 700)) ;;
    5) xdotool key --window "$window" $(printf '%s\n' space n r h | shuf -n 1) ;;
    6) xdotool windowsize "$window" 1024 768 ;;
    7) # grid scale full, 1/2, 1/4: open Advanced, pick one, close it again
       xdotool mousemove --window "$window" 70 400 click 1 sleep 0.2 \
               mousemove --window "$window" $((60 + RANDOM % 120)) 492 click 1 sleep 0.2 \
               mousemove --window "$window" 70 400 click 1 ;;
  esac
  sleep 0.2
  now=$(date +%s)
  if (( now >= next_sample )); then
    r=$(rss); (( r > peak )) && peak=$r
    echo "$((now - start))  $r"
    next_sample=$((now + 10))
  fi
done
last=$(rss)
xdotool key --window "$window" Escape
status=0
wait $pid || status=$?
echo "RSS: first ${first} KiB, last ${last} KiB, peak ${peak} KiB; exit status ${status}"
grep -v '^$' "$work/ripple.log" | head -5 || true
exit $status

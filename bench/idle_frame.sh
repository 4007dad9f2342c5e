#!/usr/bin/env bash
# idle_frame.sh: the viewer's idle frame at a window size (issue 35 item 4: p95 <= 20 ms at
# 1920x1080 on a software renderer): the viewer opens the bundled sample in a window of that size
# on an Xvfb screen of its own, plays it for --seconds, and its state report's idle_frame_p95_ms
# (the 95th percentile of the intervals between frames on screen, nothing loading) is read. With
# --against OTHER_BVHSCOPE, the two builds run interleaved and the ratio of their medians is printed
# (the same machine, the same minutes: a change measured against the build before it). With --orbit,
# the left button is held in the middle of the view and the pointer dragged across it (xdotool,
# about 120 moves a second) for those seconds once the sample shows: every frame turns the camera,
# so the figure is that of a whole view redrawn each frame (the ground with it).
#
#   bench/idle_frame.sh [--build-dir DIR] [--against BVHSCOPE] [--size WxH] [--runs N] [--seconds S] [--orbit]
set -euo pipefail
export LC_ALL=C
here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)

build_dir="$here/build"
against=""
size=1920x1080
runs=5
seconds=12
orbit=0
while [ $# -gt 0 ]; do
  case "$1" in
    --build-dir) build_dir=$2; shift 2 ;;
    --against) against=$2; shift 2 ;;
    --size) size=$2; shift 2 ;;
    --runs) runs=$2; shift 2 ;;
    --seconds) seconds=$2; shift 2 ;;
    --orbit) orbit=1; shift ;;
    -h|--help) sed -n '2,13p' "$0"; exit 0 ;;
    *) echo "idle_frame.sh: unknown argument '$1'" >&2; exit 2 ;;
  esac
done
ours="$build_dir/app/bvhscope"
[ -x "$ours" ] || { echo "idle_frame.sh: no $ours (build first)" >&2; exit 2; }
width=${size%x*}
height=${size#*x}
work=$(mktemp -d)
display=""
cleanup() {
  [ -n "$display" ] && kill "$display" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT
# A screen larger than the window, so that the window keeps its size (it is fitted to the screen).
screen=$((width + 640))x$((height + 360))
Xvfb :97 -screen 0 "${screen}x24" -nolisten tcp >/dev/null 2>&1 &
display=$!
sleep 1

# One run of `binary`: prints its idle p95 in ms.
idle_p95() {
  local binary=$1 dir
  dir=$(mktemp -d -p "$work")
  mkdir -p "$dir/config/bvhscope"
  printf 'window_width=%s\nwindow_height=%s\n' "$width" "$height" >"$dir/config/bvhscope/settings.ini"
  XDG_CONFIG_HOME="$dir/config" BVHSCOPE_STATE_FILE="$dir/state.txt" DISPLAY=:97 "$binary" >"$dir/log.txt" 2>&1 &
  local pid=$!
  if [ "$orbit" = 1 ]; then
    # Once the sample is on screen (the state report says clips=1), a drag across the view.
    local waited
    for ((waited = 0; waited < 200; ++waited)); do
      grep -q '^clips=1$' "$dir/state.txt" 2>/dev/null && break
      sleep 0.05
    done
    local x=$((width / 2)) y=$((height / 2)) end step=3
    end=$(($(date +%s%N) + seconds * 1000000000))
    DISPLAY=:97 xdotool mousemove "$x" "$y" mousedown 1
    while [ "$(date +%s%N)" -lt "$end" ]; do
      x=$((x + step))
      if [ "$x" -gt $((width / 2 + 200)) ] || [ "$x" -lt $((width / 2 - 200)) ]; then step=$((-step)); fi
      DISPLAY=:97 xdotool mousemove "$x" "$y"
      sleep 0.008
    done
    DISPLAY=:97 xdotool mouseup 1
  else
    sleep "$seconds"
  fi
  local p95
  p95=$(sed -n 's/^idle_frame_p95_ms=//p' "$dir/state.txt")
  kill "$pid" 2>/dev/null || true
  wait "$pid" 2>/dev/null || true
  echo "${p95:-nan}"
}

median() { sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

ours_runs=()
theirs_runs=()
for ((r = 1; r <= runs; ++r)); do
  [ -n "$against" ] && theirs_runs+=("$(idle_p95 "$against")")
  ours_runs+=("$(idle_p95 "$ours")")
done
ours_median=$(printf '%s\n' "${ours_runs[@]}" | median)
what="idle frame p95"
[ "$orbit" = 1 ] && what="frame p95 while orbiting"
echo "$what at ${size}: ${ours_median} ms median of ${runs} (runs: ${ours_runs[*]}) — $ours"
if [ -n "$against" ]; then
  theirs_median=$(printf '%s\n' "${theirs_runs[@]}" | median)
  echo "against:        ${theirs_median} ms median of ${runs} (runs: ${theirs_runs[*]}) — $against"
  awk -v a="$ours_median" -v b="$theirs_median" 'BEGIN { printf "ratio: %.3fx\n", a / b }'
fi

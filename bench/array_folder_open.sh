#!/usr/bin/env bash
# array_folder_open.sh: the viewer opening a folder of N HumanML3D-sized joint arrays (.npy, 40 to
# 200 frames of 22 joints, float32, written by NumPy) until every load has ended, against NumPy
# itself reading the same files (np.load of each, in one python3 process: what a script does before
# it can draw anything). Issue 29's row: 1 000 files in under 5 s. Median of N interleaved runs.
#
#   bench/array_folder_open.sh [--build-dir DIR] [--files N] [--runs N] [--use-display]
#
# DIR defaults to build-bench/ (else build/). The viewer runs on an Xvfb of its own unless
# --use-display; it reports its state through BVHSCOPE_STATE_FILE (loads=N/N, loading=0).
set -euo pipefail
export LC_ALL=C
here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build_dir=""
files=1000
runs=5
use_display=0
while [ $# -gt 0 ]; do
  case "$1" in
    --build-dir) build_dir=$2; shift 2 ;;
    --files) files=$2; shift 2 ;;
    --runs) runs=$2; shift 2 ;;
    --use-display) use_display=1; shift ;;
    -h|--help) sed -n '2,11p' "$0"; exit 0 ;;
    *) echo "array_folder_open.sh: unknown argument '$1'" >&2; exit 2 ;;
  esac
done
if [ -z "$build_dir" ]; then
  if [ -d "$here/build-bench" ]; then build_dir=$here/build-bench; else build_dir=$here/build; fi
fi
bin=$build_dir/app/bvhscope
[ -x "$bin" ] || { echo "array_folder_open.sh: $bin is missing; build it" >&2; exit 2; }
python=/usr/bin/python3  # Debian's, with python3-numpy
work=$(mktemp -d)
xvfb_pid=""
viewer_pid=""
cleanup() {
  [ -n "$viewer_pid" ] && kill "$viewer_pid" 2>/dev/null || true
  [ -n "$xvfb_pid" ] && kill "$xvfb_pid" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

"$python" - "$work/takes" "$files" <<'PY'
import os, sys
import numpy as np
folder, count = sys.argv[1], int(sys.argv[2])
os.makedirs(folder)
rng = np.random.default_rng(29)
rest = rng.normal(0.0, 0.3, (22, 3)) + np.array([0.0, 1.0, 0.0])
for k in range(count):
    frames = int(rng.integers(40, 201))
    np.save(os.path.join(folder, f"{k:04d}.npy"), (rest + rng.normal(0.0, 0.02, (frames, 22, 3))).astype(np.float32))
PY

if ((use_display)); then
  display=$DISPLAY
else
  exec 3>"$work/display"
  Xvfb -displayfd 3 -screen 0 1600x900x24 -nolisten tcp >/dev/null 2>&1 &
  xvfb_pid=$!
  for _ in $(seq 100); do [ -s "$work/display" ] && break; sleep 0.05; done
  display=:$(cat "$work/display")
fi

now() { date +%s.%N; }
minus() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.3f", a - b }'; }
# The viewer: from its start until every file's load has ended.
viewer_once() {
  local state=$work/state.txt start
  rm -f "$state"
  start=$(now)
  DISPLAY=$display BVHSCOPE_STATE_FILE=$state "$bin" "$work/takes" >/dev/null 2>&1 &
  viewer_pid=$!
  while ! { [ -f "$state" ] && grep -qx "loads=$files/$files" "$state" && grep -qx 'loading=0' "$state"; }; do
    kill -0 "$viewer_pid" 2>/dev/null || { echo "array_folder_open.sh: the viewer ended early" >&2; exit 1; }
    sleep 0.02
  done
  minus "$(now)" "$start"
  kill "$viewer_pid"; wait "$viewer_pid" 2>/dev/null || true; viewer_pid=""
}
numpy_once() {
  local start
  start=$(now)
  "$python" -c "import glob, numpy as np; [np.load(f) for f in sorted(glob.glob('$work/takes/*.npy'))]"
  minus "$(now)" "$start"
}
viewer_times=(); numpy_times=()
for _ in $(seq "$runs"); do
  viewer_times+=("$(viewer_once)")
  numpy_times+=("$(numpy_once)")
done
median() { printf '%s\n' "$@" | sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
viewer=$(median "${viewer_times[@]}")
numpy=$(median "${numpy_times[@]}")
printf 'viewer opens %d arrays (a folder): %.3f s (median of %d; runs: %s)\n' "$files" "$viewer" "$runs" "${viewer_times[*]}"
printf 'NumPy np.load of the same files:  %.3f s (runs: %s)\n' "$numpy" "${numpy_times[*]}"
awk -v v="$viewer" -v n="$numpy" -v f="$files" \
  'BEGIN { printf "ratio viewer / NumPy: %.2f; target: all %d open in under 5 s: %s\n", v / n, f, v < 5 ? "met" : "missed" }'

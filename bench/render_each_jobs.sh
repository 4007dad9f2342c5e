#!/usr/bin/env bash
# render_each_jobs.sh: `bvhscope render FILES... --each -o DIR/` with --jobs 1 against --jobs N (default:
# the cores), without a display (EGL, Mesa llvmpipe), on 4 corpus clips (150 frames each, 640x360
# MP4): does running several worker processes at once pay on this machine? Wall time, best and median
# of R interleaved runs (alternating who goes first), and the ratio jobs-1 / jobs-N.
#
#   bench/render_each_jobs.sh [--build-dir DIR] [--runs R] [--jobs N]
set -euo pipefail
export LC_ALL=C
here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build_dir="$here/build"
runs=5
jobs=$(nproc)
while [ $# -gt 0 ]; do
  case "$1" in
    --build-dir) build_dir=$2; shift 2 ;;
    --runs) runs=$2; shift 2 ;;
    --jobs) jobs=$2; shift 2 ;;
    -h|--help) sed -n '2,7p' "$0"; exit 0 ;;
    *) echo "render_each_jobs.sh: unknown argument '$1'" >&2; exit 2 ;;
  esac
done
bin="$build_dir/app/bvhscope"
corpus="$here/../shared/bvh"
[ -d "$corpus" ] || corpus=/work/shared/bvh
files=("$corpus/edin-m__walk1.bvh" "$corpus/bvh11__131_01.bvh" "$corpus/assimp__01_01.bvh" "$corpus/rgbdacq__02_03.bvh")
for f in "${files[@]}"; do [ -f "$f" ] || { echo "render_each_jobs.sh: missing $f" >&2; exit 1; }; done
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# One batch: its wall time in seconds on stdout; fails unless all 4 files were rendered.
batch() {
  local n=$1 out="$work/out$1"
  rm -rf "$out"
  local start end
  start=$(date +%s.%N)
  env -u DISPLAY -u WAYLAND_DISPLAY "$bin" render "${files[@]}" --each -o "$out/" --size 640x360 --frames 0:149 \
    --jobs "$n" 2> "$work/err" || { cat "$work/err" >&2; return 1; }
  end=$(date +%s.%N)
  [ "$(ls "$out" | wc -l)" = 4 ] || { echo "render_each_jobs.sh: not 4 outputs" >&2; return 1; }
  awk -v a="$start" -v b="$end" 'BEGIN {printf "%.2f", b - a}'
}

batch 1 > /dev/null  # warm-up (page cache, shader compilation caches)
one=()
many=()
for ((r = 0; r < runs; r++)); do
  if ((r % 2 == 0)); then
    one+=("$(batch 1)"); many+=("$(batch "$jobs")")
  else
    many+=("$(batch "$jobs")"); one+=("$(batch 1)")
  fi
done
stats() { printf '%s\n' "$@" | sort -g | awk '{v[NR]=$1} END {printf "%.2f %.2f", v[1], v[int((NR+1)/2)]}'; }
read -r one_best one_median <<< "$(stats "${one[@]}")"
read -r many_best many_median <<< "$(stats "${many[@]}")"
echo "render --each, 4 files x 150 frames, 640x360 MP4, $runs interleaved runs (load: $(cut -d' ' -f1-3 /proc/loadavg))"
echo "  --jobs 1:  best ${one_best} s, median ${one_median} s   (${one[*]})"
echo "  --jobs $jobs:  best ${many_best} s, median ${many_median} s   (${many[*]})"
awk -v a="$one_best" -v b="$many_best" -v c="$one_median" -v d="$many_median" \
  'BEGIN {printf "  speed-up:  best %.2fx, median %.2fx\n", a / b, c / d}'

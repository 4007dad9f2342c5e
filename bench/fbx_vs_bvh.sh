#!/usr/bin/env bash
# fbx_vs_bvh.sh: opening an FBX file (`bvhscope info FILE.fbx`) versus the BVH file of the same motion
# (`bvhscope info FILE.bvh`), wall time, best and median of N interleaved runs, and their ratio (issue
# 30: within 3x). The BVH is made with bvhscope_bench_make_bvh (the CMU clip's rows repeated; --size-mb
# N, 33 by default: about 50 MB of FBX) and the FBX from it by `bvhscope convert` (binary FBX 7.4, as
# bvhscope writes it: arrays stored whole); --bvh and --fbx give a pair instead (Blender's FBX of a
# corpus file, say: its arrays deflated).
#
#   bench/fbx_vs_bvh.sh [--build-dir DIR] [--size-mb N] [--runs N] [--bvh A.bvh --fbx A.fbx] [--summary OUT]
set -euo pipefail
export LC_ALL=C
here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)

build_dir=""
size_mb=33
runs=5
bvh=""
fbx=""
summary=/dev/null
while [ $# -gt 0 ]; do
  case "$1" in
    --build-dir) build_dir=$2; shift 2 ;;
    --size-mb) size_mb=$2; shift 2 ;;
    --runs) runs=$2; shift 2 ;;
    --bvh) bvh=$2; shift 2 ;;
    --fbx) fbx=$2; shift 2 ;;
    --summary) summary=$2; shift 2 ;;
    -h|--help) sed -n '2,9p' "$0"; exit 0 ;;
    *) echo "fbx_vs_bvh.sh: unknown argument '$1'" >&2; exit 2 ;;
  esac
done
if [ -z "$build_dir" ]; then
  if [ -d "$here/build-bench" ]; then build_dir=$here/build-bench; else build_dir=$here/build; fi
fi
bin=$build_dir/app/bvhscope
make_bin=$build_dir/bench/bvhscope_bench_make_bvh
[ -x "$bin" ] || { echo "fbx_vs_bvh.sh: $bin is missing; build it: cmake --build $build_dir --target bvhscope" >&2; exit 2; }
if { [ -n "$bvh" ] && [ -z "$fbx" ]; } || { [ -z "$bvh" ] && [ -n "$fbx" ]; }; then
  echo "fbx_vs_bvh.sh: --bvh and --fbx go together" >&2; exit 2
fi

work=$(mktemp -d "${TMPDIR:-/tmp}/bvhscope-fbx-bench.XXXXXX")
trap 'rm -rf "$work"' EXIT
if [ -z "$bvh" ]; then
  [ -x "$make_bin" ] || { echo "fbx_vs_bvh.sh: $make_bin is missing; build it: cmake --build $build_dir --target bvhscope_bench_make_bvh" >&2; exit 2; }
  bvh=$work/input.bvh
  fbx=$work/input.fbx
  echo "input: $("$make_bin" "$bvh" "--size-mb=$size_mb")"
  "$bin" convert "$bvh" -o "$fbx" >/dev/null
fi

now_us() { echo "${EPOCHREALTIME/./}"; }
timed() {  # timed OUT COMMAND...: COMMAND's wall time in seconds, appended to OUT
  local out=$1; shift
  local start end
  start=$(now_us)
  if ! "$@" >/dev/null 2>"$work/timed.err"; then
    echo "fbx_vs_bvh.sh: '$*' failed:" >&2; cat "$work/timed.err" >&2; exit 1
  fi
  end=$(now_us)
  echo "$(( end - start ))e-6" | awk '{ printf "%.6f\n", $1 + 0 }' >>"$out"
}
"$bin" info "$bvh" >/dev/null  # warms the page cache
"$bin" info "$fbx" >/dev/null
echo "BVH $(stat -c %s "$bvh") bytes, FBX $(stat -c %s "$fbx") bytes"
for ((i = 0; i < runs; i++)); do  # interleaved, who goes first alternating
  if (( i % 2 == 0 )); then
    timed "$work/bvh" "$bin" info "$bvh"; timed "$work/fbx" "$bin" info "$fbx"
  else
    timed "$work/fbx" "$bin" info "$fbx"; timed "$work/bvh" "$bin" info "$bvh"
  fi
done
awk -v runs="$runs" -v summary="$summary" -v bvh_file="$work/bvh" -v fbx_file="$work/fbx" '
function load(path, values,    n, line) { n = 0; while ((getline line < path) > 0) values[++n] = line + 0; return n }
function best(values, n,    i, m) { m = values[1]; for (i = 2; i <= n; i++) if (values[i] < m) m = values[i]; return m }
function median(values, n,    i, j, t, s) {
  for (i = 1; i <= n; i++) s[i] = values[i]
  for (i = 2; i <= n; i++) { t = s[i]; for (j = i - 1; j >= 1 && s[j] > t; j--) s[j + 1] = s[j]; s[j + 1] = t }
  return n % 2 ? s[(n + 1) / 2] : (s[n / 2] + s[n / 2 + 1]) / 2
}
BEGIN {
  nb = load(bvh_file, b); nf = load(fbx_file, f)
  bb = best(b, nb); bm = median(b, nb); fb = best(f, nf); fm = median(f, nf)
  printf "wall time, best (median) of %d interleaved runs:\n", runs
  printf "  info FILE.bvh  %.3f s (%.3f)\n  info FILE.fbx  %.3f s (%.3f)\n", bb, bm, fb, fm
  printf "ratio FBX / BVH: %.2f best vs best, %.2f median vs median; issue 30 target <= 3: %s\n", fb / bb, fm / bm, (fb / bb <= 3) ? "met" : "MISSED"
  printf "runs %d\nbvh_best %.6f\nfbx_best %.6f\nratio_best %.6f\nratio_median %.6f\n", runs, bb, fb, fb / bb, fm / bm > summary
  close(summary)
}'

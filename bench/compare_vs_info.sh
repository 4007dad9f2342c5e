#!/usr/bin/env bash
# compare_vs_info.sh: `bvhscope compare A B` on two generated ~100 MB BVH files versus `bvhscope info
# A; bvhscope info B` (issue 14: compare takes at most 1.5x the time info takes on both), wall time,
# best and median of N interleaved runs, with `compare --align rigid` for information.
#
#   bench/compare_vs_info.sh [--build-dir DIR] [--size-mb N] [--runs N] [--file A.bvh] [--other B.bvh]
#                            [--summary OUT] [--check]
#
# DIR defaults to build-bench/ (else build/) at the top of the repository and must hold the targets
# bvhscope and bvhscope_benchmarks. A is written with bvhscope_bench_make_bvh (the CMU clip's rows
# repeated) unless --file gives it; B likewise unless --other gives it, from the same clip with its
# rows started 120 rows (1 s at 120 Hz) later: the same size and skeleton, another pose at every
# frame (a clip against itself would compare equal poses). --summary writes the figures as "key
# value" lines (for bench/run-all.sh). --check exits 1 when the 1.5x target is missed (best vs best).
set -euo pipefail
export LC_ALL=C
here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)

build_dir=""
size_mb=100
runs=5
file=""
other=""
summary=/dev/null
check=0
while [ $# -gt 0 ]; do
  case "$1" in
    --build-dir) build_dir=$2; shift 2 ;;
    --size-mb) size_mb=$2; shift 2 ;;
    --runs) runs=$2; shift 2 ;;
    --file) file=$2; shift 2 ;;
    --other) other=$2; shift 2 ;;
    --summary) summary=$2; shift 2 ;;
    --check) check=1; shift ;;
    -h|--help) sed -n '2,14p' "$0"; exit 0 ;;
    *) echo "compare_vs_info.sh: unknown argument '$1'" >&2; exit 2 ;;
  esac
done
if [ -z "$build_dir" ]; then
  if [ -d "$here/build-bench" ]; then build_dir=$here/build-bench; else build_dir=$here/build; fi
fi
bin=$build_dir/app/bvhscope
make_bin=$build_dir/bench/bvhscope_bench_make_bvh
for program in "$bin" "$make_bin"; do
  if [ ! -x "$program" ]; then
    echo "compare_vs_info.sh: $program is missing; build it: cmake --build $build_dir --target bvhscope_benchmarks" >&2
    exit 2
  fi
done

work=$(mktemp -d "${TMPDIR:-/tmp}/bvhscope-compare-bench.XXXXXX")
trap 'rm -rf "$work"' EXIT
if [ -z "$file" ]; then
  file=$work/reference.bvh
  echo "reference: $("$make_bin" "$file" "--size-mb=$size_mb")"
fi
if [ -z "$other" ]; then
  other=$work/other.bvh
  echo "other:     $("$make_bin" "$other" "--size-mb=$size_mb" --first-row=120)"
fi

now_us() { echo "${EPOCHREALTIME/./}"; }
# timed OUT COMMAND...: runs COMMAND (output discarded) and appends its wall time in seconds to OUT.
timed() {
  local out=$1; shift
  local start end
  start=$(now_us)
  if ! "$@" >/dev/null 2>"$work/timed.err"; then
    echo "compare_vs_info.sh: '$*' failed:" >&2; cat "$work/timed.err" >&2; exit 1
  fi
  end=$(now_us)
  echo "$(( end - start ))e-6" | awk '{ printf "%.6f\n", $1 + 0 }' >>"$out"
}
info_both() { "$bin" info "$file" && "$bin" info "$other"; }

# A first compare warms the page cache for both files and shows what is compared.
if ! "$bin" compare "$file" "$other" >"$work/compare.out" 2>"$work/compare.err"; then
  echo "compare_vs_info.sh: bvhscope compare failed:" >&2; cat "$work/compare.err" >&2; exit 1
fi
sed -n '/^frames compared:/p;/^joints matched:/p;/^MPJPE:/p' "$work/compare.out"
timed "$work/warm" info_both
for ((i = 0; i < runs; i++)); do  # interleaved, who goes first alternating, so that load spikes hit all alike
  if (( i % 2 == 0 )); then
    timed "$work/compare" "$bin" compare "$file" "$other"; timed "$work/info" info_both
  else
    timed "$work/info" info_both; timed "$work/compare" "$bin" compare "$file" "$other"
  fi
  timed "$work/rigid" "$bin" compare --align rigid "$file" "$other"
done

awk -v runs="$runs" -v check="$check" -v summary="$summary" -v binary="$bin" \
    -v compare_file="$work/compare" -v info_file="$work/info" -v rigid_file="$work/rigid" '
function load(path, values,    n, line) { n = 0; while ((getline line < path) > 0) values[++n] = line + 0; return n }
function best(values, n,    i, m) { m = values[1]; for (i = 2; i <= n; i++) if (values[i] < m) m = values[i]; return m }
function median(values, n,    i, j, t, s) {
  for (i = 1; i <= n; i++) s[i] = values[i]
  for (i = 2; i <= n; i++) { t = s[i]; for (j = i - 1; j >= 1 && s[j] > t; j--) s[j + 1] = s[j]; s[j + 1] = t }
  return n % 2 ? s[(n + 1) / 2] : (s[n / 2] + s[n / 2 + 1]) / 2
}
function list(values, n,    i, s) { s = ""; for (i = 1; i <= n; i++) s = s sprintf("%.3f", values[i]) (i < n ? " " : ""); return s }
BEGIN {
  nc = load(compare_file, c); ni = load(info_file, f); nr = load(rigid_file, r)
  cb = best(c, nc); cm = median(c, nc); ib = best(f, ni); im = median(f, ni); rb = best(r, nr); rm = median(r, nr)
  printf "wall time, best (median) of %d interleaved runs:\n", runs
  printf "  compare A B                %.3f s (%.3f); runs: %s s\n", cb, cm, list(c, nc)
  printf "  info A; info B (baseline)  %.3f s (%.3f); runs: %s s\n", ib, im, list(f, ni)
  printf "  compare --align rigid A B  %.3f s (%.3f); runs: %s s\n", rb, rm, list(r, nr)
  printf "  (%s)\n", binary
  printf "ratio compare / info on both: %.3f best vs best, %.3f median vs median; issue 14 target <= 1.5: %s\n", cb / ib, cm / im, cb / ib <= 1.5 ? "met" : "MISSED"
  printf "ratio compare --align rigid / info on both: %.3f best, %.3f median\n", rb / ib, rm / im
  printf "runs %d\ncompare_best %.6f\ncompare_median %.6f\ninfo_both_best %.6f\ninfo_both_median %.6f\n", runs, cb, cm, ib, im > summary
  printf "rigid_best %.6f\nrigid_median %.6f\nratio_best %.6f\nratio_median %.6f\n", rb, rm, cb / ib, cm / im > summary
  close(summary)
  exit (check && cb / ib > 1.5) ? 1 : 0
}'

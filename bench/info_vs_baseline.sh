#!/usr/bin/env bash
# info_vs_baseline.sh: `bvhscope info` on a generated ~100 MB BVH file versus the single-threaded
# std::from_chars baseline program, in wall time and peak memory (GNU time), best of N runs each.
#
#   bench/info_vs_baseline.sh [--build-dir DIR] [--size-mb N] [--runs N] [--source FILE.bvh] [--check]
#                             [--file BIG.bvh] [--summary OUT]
#
# DIR defaults to build-bench/ (else build/) at the top of the repository and must hold the targets
# bvhscope and bvhscope_benchmarks. --source is a corpus file name or a path (default: the CMU clip
# assimp__01_01.bvh). --file measures an existing file instead of generating one. --summary writes
# the figures as "key value" lines (for bench/run-all.sh). --check exits 1 when a target of issue 2
# is missed. Exit 77: GNU time missing.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)

build_dir=""
size_mb=100
runs=5
source_arg=()
check=0
given_file=""
summary=/dev/null
while [ $# -gt 0 ]; do
  case "$1" in
    --build-dir) build_dir=$2; shift 2 ;;
    --size-mb) size_mb=$2; shift 2 ;;
    --runs) runs=$2; shift 2 ;;
    --source) source_arg=("--source=$2"); shift 2 ;;
    --check) check=1; shift ;;
    --file) given_file=$2; shift 2 ;;
    --summary) summary=$2; shift 2 ;;
    -h|--help) sed -n '2,13p' "$0"; exit 0 ;;
    *) echo "info_vs_baseline.sh: unknown argument '$1'" >&2; exit 2 ;;
  esac
done
if [ -z "$build_dir" ]; then
  if [ -d "$here/build-bench" ]; then build_dir=$here/build-bench; else build_dir=$here/build; fi
fi

gnu_time=/usr/bin/time
if [ ! -x "$gnu_time" ]; then
  echo "info_vs_baseline.sh: $gnu_time is missing (Debian package 'time'; scripts/bvhscope-dev setup installs it)" >&2
  exit 77
fi
info_bin=$build_dir/app/bvhscope
make_bin=$build_dir/bench/bvhscope_bench_make_bvh
baseline_bin=$build_dir/bench/bvhscope_bench_from_chars
for bin in "$info_bin" "$make_bin" "$baseline_bin"; do
  if [ ! -x "$bin" ]; then
    echo "info_vs_baseline.sh: $bin is missing; build it: cmake --build $build_dir --target bvhscope_benchmarks" >&2
    exit 2
  fi
done

work=$(mktemp -d "${TMPDIR:-/tmp}/bvhscope-info-bench.XXXXXX")
trap 'rm -rf "$work"' EXIT
if [ -n "$given_file" ]; then
  file=$given_file
  bytes=$(stat -c %s "$file")
  floats=""  # what the baseline program converts, below
  origin=$file
else
  file=$work/big.bvh
  facts=$("$make_bin" "$file" "--size-mb=$size_mb" "${source_arg[@]}")
  bytes=$(sed -n 's/.*bytes=\([0-9]*\).*/\1/p' <<<"$facts")
  floats=$(sed -n 's/.*floats=\([0-9]*\).*/\1/p' <<<"$facts")
  origin=$(sed -n 's/.*source=//p' <<<"$facts")
fi

# measure NAME COMMAND...: appends "wall_ns peak_kib elapsed user sys" to $work/NAME (wall time in
# ns resolution around GNU time, which gives the peak RSS %M, its own %e and the CPU times %U %S).
measure() {
  local name=$1; shift
  local start end
  start=$(date +%s%N)
  if ! "$gnu_time" -f '%M %e %U %S' -o "$work/time.txt" "$@" >"$work/out.txt" 2>"$work/err.txt"; then
    echo "info_vs_baseline.sh: '$*' failed:" >&2
    cat "$work/err.txt" "$work/time.txt" >&2
    exit 1
  fi
  end=$(date +%s%N)
  read -r peak elapsed user sys <"$work/time.txt"
  echo "$(( end - start )) $peak $elapsed $user $sys" >>"$work/$name"
}

cat "$file" >/dev/null  # page cache warm for both
measure warmup "$baseline_bin" "$file"
converted=$(sed -n 's/.*floats=\([0-9]*\).*/\1/p' "$work/out.txt")
[ -n "$floats" ] || floats=$converted
if [ "$converted" != "$floats" ]; then
  echo "info_vs_baseline.sh: the baseline converted $converted values, expected $floats" >&2
  exit 1
fi
measure warmup "$info_bin" info "$file"
for ((i = 0; i < runs; i++)); do  # interleaved, alternating who goes first
  if (( i % 2 == 0 )); then
    measure baseline "$baseline_bin" "$file"; measure info "$info_bin" info "$file"
  else
    measure info "$info_bin" info "$file"; measure baseline "$baseline_bin" "$file"
  fi
  measure empty /bin/true  # the fixed cost of starting a process under GNU time, to subtract
done

awk -v bytes="$bytes" -v floats="$floats" -v origin="$origin" -v runs="$runs" -v check="$check" \
    -v info_file="$work/info" -v base_file="$work/baseline" -v empty_file="$work/empty" -v binary="$info_bin" -v summary="$summary" '
function load(path, times, peaks, cpus,    n, line, f) {
  n = 0
  while ((getline line < path) > 0) { split(line, f, " "); n++; times[n] = f[1] / 1e9; peaks[n] = f[2]; cpus[n] = f[4] + f[5] }
  return n
}
function best(values, n,    i, m) { m = values[1]; for (i = 2; i <= n; i++) if (values[i] < m) m = values[i]; return m }
function worst(values, n,    i, m) { m = values[1]; for (i = 2; i <= n; i++) if (values[i] > m) m = values[i]; return m }
function median(values, n,    i, j, t, s) {
  for (i = 1; i <= n; i++) s[i] = values[i]
  for (i = 2; i <= n; i++) { t = s[i]; for (j = i - 1; j >= 1 && s[j] > t; j--) s[j + 1] = s[j]; s[j + 1] = t }
  return n % 2 ? s[(n + 1) / 2] : (s[n / 2] + s[n / 2 + 1]) / 2
}
function list(values, n, fmt,    i, s) { s = ""; for (i = 1; i <= n; i++) s = s sprintf(fmt, values[i]) (i < n ? " " : ""); return s }
BEGIN {
  ni = load(info_file, it, ip, ic); nb = load(base_file, bt, bp, bc); ne = load(empty_file, et, ep, ec)
  overhead = median(et, ne)
  mib = 1048576
  array = floats * 4
  ti = best(it, ni); tb = best(bt, nb); ratio = ti / tb
  pi = best(ip, ni) * 1024; pb = best(bp, nb) * 1024
  budget2 = array + 1.1 * bytes
  budget6 = array + 64 * mib
  printf "file: %.1f MB generated from %s, %d floats (float motion array %.1f MiB)\n", bytes / 1e6, origin, floats, array / mib
  printf "runs: %d each, interleaved; wall time best (median), CPU time = user + sys\n", runs
  printf "from_chars baseline: wall %.3f s (%.3f), %.0f MB/s; CPU %.2f s (%.2f); peak RSS %.1f MiB (max %.1f); runs: %s s\n", tb, median(bt, nb), bytes / 1e6 / tb, best(bc, nb), median(bc, nb), pb / mib, worst(bp, nb) / 1024, list(bt, nb, "%.3f")
  printf "bvhscope info:       wall %.3f s (%.3f), %.0f MB/s; CPU %.2f s (%.2f); peak RSS %.1f MiB (max %.1f); runs: %s s\n", ti, median(it, ni), bytes / 1e6 / ti, best(ic, ni), median(ic, ni), pi / mib, worst(ip, ni) / 1024, list(it, ni, "%.3f")
  printf "  (%s)\n", binary
  ok_time = ratio <= 1.25; ok_mem = pi <= budget2
  printf "time ratio info/baseline: %.3f best vs best, %.3f median vs median, CPU %.3f (median)\n", ratio, median(it, ni) / median(bt, nb), median(ic, ni) / median(bc, nb)
  printf "  without the %.1f ms of starting a process under GNU time (median of /bin/true runs): %.3f best, %.3f median\n", overhead * 1000, (ti - overhead) / (tb - overhead), (median(it, ni) - overhead) / (median(bt, nb) - overhead)
  printf "  issue 2 target <= 1.25: %s; issue 6 target <= 0.65: %s\n", ok_time ? "met" : "MISSED", ratio <= 0.65 ? "met" : "MISSED"
  printf "peak memory: %.1f MiB = %.3f x (float array + 1.1 x file = %.1f MiB): issue 2 target <= 1: %s\n", pi / mib, pi / budget2, budget2 / mib, ok_mem ? "met" : "MISSED"
  printf "             %.3f x (float array + 64 MiB = %.1f MiB): issue 6 target <= 1: %s; the baseline program: %.3f x the issue 2 budget\n", pi / budget6, budget6 / mib, pi <= budget6 ? "met" : "MISSED", pb / budget2
  printf "bytes %d\nfloats %d\narray_mib %.3f\nruns %d\n", bytes, floats, array / mib, runs > summary
  printf "info_wall_best %.6f\ninfo_wall_median %.6f\nbaseline_wall_best %.6f\nbaseline_wall_median %.6f\n", ti, median(it, ni), tb, median(bt, nb) > summary
  printf "time_ratio_best %.6f\ntime_ratio_median %.6f\ncpu_ratio_median %.6f\n", ratio, median(it, ni) / median(bt, nb), median(ic, ni) / median(bc, nb) > summary
  printf "info_peak_mib %.3f\nbaseline_peak_mib %.3f\nbudget2_mib %.3f\nbudget6_mib %.3f\nmem_ratio2 %.6f\nmem_ratio6 %.6f\n", pi / mib, pb / mib, budget2 / mib, budget6 / mib, pi / budget2, pi / budget6 > summary
  close(summary)
  exit (check && !(ok_time && ok_mem)) ? 1 : 0
}'

#!/usr/bin/env bash
# lint_vs_info.sh: `bvhscope lint FILE` on a generated ~100 MB BVH file versus `bvhscope info FILE`
# (the load and the analysis lint starts from), with `bvhscope metrics FILE` (which also poses every
# frame) for reference: wall time, best and median of N interleaved runs.
#
#   bench/lint_vs_info.sh [--build-dir DIR] [--size-mb N] [--runs N] [--file FILE.bvh] [--summary OUT]
#
# DIR defaults to build-bench/ (else build/) at the top of the repository and must hold the targets
# bvhscope and bvhscope_bench_make_bvh. FILE is written with bvhscope_bench_make_bvh (the CMU clip's
# rows repeated) unless --file gives it. --summary writes the figures as "key value" lines.
set -euo pipefail
export LC_ALL=C
here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)

build_dir=""
size_mb=100
runs=5
file=""
summary=/dev/null
while [ $# -gt 0 ]; do
  case "$1" in
    --build-dir) build_dir=$2; shift 2 ;;
    --size-mb) size_mb=$2; shift 2 ;;
    --runs) runs=$2; shift 2 ;;
    --file) file=$2; shift 2 ;;
    --summary) summary=$2; shift 2 ;;
    -h|--help) sed -n '2,10p' "$0"; exit 0 ;;
    *) echo "lint_vs_info.sh: unknown argument '$1'" >&2; exit 2 ;;
  esac
done
if [ -z "$build_dir" ]; then
  if [ -d "$here/build-bench" ]; then build_dir=$here/build-bench; else build_dir=$here/build; fi
fi
bin=$build_dir/app/bvhscope
make_bin=$build_dir/bench/bvhscope_bench_make_bvh
for program in "$bin" "$make_bin"; do
  if [ ! -x "$program" ]; then
    echo "lint_vs_info.sh: $program is missing; build it: cmake --build $build_dir --target bvhscope_benchmarks" >&2
    exit 2
  fi
done

work=$(mktemp -d "${TMPDIR:-/tmp}/bvhscope-lint-bench.XXXXXX")
trap 'rm -rf "$work"' EXIT
if [ -z "$file" ]; then
  file=$work/clip.bvh
  echo "file: $("$make_bin" "$file" "--size-mb=$size_mb")"
fi

now_us() { echo "${EPOCHREALTIME/./}"; }
# timed OUT COMMAND...: runs COMMAND (output discarded) and appends its wall time in seconds to OUT.
timed() {
  local out=$1; shift
  local start end
  start=$(now_us)
  if ! "$@" >/dev/null 2>"$work/timed.err"; then
    echo "lint_vs_info.sh: '$*' failed:" >&2; cat "$work/timed.err" >&2; exit 1
  fi
  end=$(now_us)
  echo "$(( end - start ))e-6" | awk '{ printf "%.6f\n", $1 + 0 }' >>"$out"
}
# lint exits 4 when it finds warnings (the generated file has some: the clip's rows restart): fine here.
lint_file() {
  local status=0
  "$bin" lint "$file" || status=$?
  [ "$status" -eq 0 ] || [ "$status" -eq 4 ] || [ "$status" -eq 1 ]
}

# A first lint warms the page cache and shows what it finds.
lint_file >"$work/lint.out" 2>&1 || { echo "lint_vs_info.sh: bvhscope lint failed:" >&2; cat "$work/lint.out" >&2; exit 1; }
tail -n 1 "$work/lint.out"
for ((i = 0; i < runs; i++)); do  # interleaved, who goes first alternating, so that load spikes hit all alike
  if (( i % 2 == 0 )); then
    timed "$work/lint" lint_file; timed "$work/info" "$bin" info "$file"
  else
    timed "$work/info" "$bin" info "$file"; timed "$work/lint" lint_file
  fi
  timed "$work/metrics" "$bin" metrics "$file"
done

awk -v runs="$runs" -v summary="$summary" -v binary="$bin" \
    -v lint_file="$work/lint" -v info_file="$work/info" -v metrics_file="$work/metrics" '
function load(path, values,    n, line) { n = 0; while ((getline line < path) > 0) values[++n] = line + 0; return n }
function best(values, n,    i, m) { m = values[1]; for (i = 2; i <= n; i++) if (values[i] < m) m = values[i]; return m }
function median(values, n,    i, j, t, s) {
  for (i = 1; i <= n; i++) s[i] = values[i]
  for (i = 2; i <= n; i++) { t = s[i]; for (j = i - 1; j >= 1 && s[j] > t; j--) s[j + 1] = s[j]; s[j + 1] = t }
  return n % 2 ? s[(n + 1) / 2] : (s[n / 2] + s[n / 2 + 1]) / 2
}
function list(values, n,    i, s) { s = ""; for (i = 1; i <= n; i++) s = s sprintf("%.3f", values[i]) (i < n ? " " : ""); return s }
BEGIN {
  nl = load(lint_file, l); ni = load(info_file, f); nm = load(metrics_file, m)
  lb = best(l, nl); lm = median(l, nl); ib = best(f, ni); im = median(f, ni); mb = best(m, nm); mm = median(m, nm)
  printf "wall time, best (median) of %d interleaved runs:\n", runs
  printf "  lint FILE             %.3f s (%.3f); runs: %s s\n", lb, lm, list(l, nl)
  printf "  info FILE (baseline)  %.3f s (%.3f); runs: %s s\n", ib, im, list(f, ni)
  printf "  metrics FILE          %.3f s (%.3f); runs: %s s\n", mb, mm, list(m, nm)
  printf "  (%s)\n", binary
  printf "ratio lint / info: %.3f best vs best, %.3f median vs median; metrics / info: %.3f best\n", lb / ib, lm / im, mb / ib
  printf "runs %d\nlint_best %.6f\nlint_median %.6f\ninfo_best %.6f\ninfo_median %.6f\n", runs, lb, lm, ib, im > summary
  printf "metrics_best %.6f\nratio_best %.6f\nratio_median %.6f\n", mb, lb / ib, lm / im > summary
  close(summary)
}'

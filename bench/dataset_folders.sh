#!/usr/bin/env bash
# dataset_folders.sh: a folder of HumanML3D-length clips (10 s at 20 fps: 200 frames; 31 joints from
# CMU 01_01 and 25 from the Edinburgh ChaCha, alternating) through `bvhscope lint DIR` and
# `bvhscope metrics DIR`, and a smaller one through `bvhscope report DIR` (with its previews), each
# against `bvhscope info DIR` on the same folder in the same run (reading every file: the baseline).
# Wall time, best and median of N interleaved runs.
#
#   bench/dataset_folders.sh [--build-dir DIR] [--files N] [--report-files N] [--runs N] [--summary OUT]
#
# DIR defaults to build-bench/ (else build/). N defaults to 1000 files (the issue's), the report to
# 100, runs to 3. The clips are made from ../shared/bvh with `bvhscope convert`. --summary writes the
# figures as "key value" lines (run-all.sh reads them).
set -euo pipefail
export LC_ALL=C
here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)

build_dir=""
files=1000
report_files=100
runs=3
summary=/dev/null
while [ $# -gt 0 ]; do
  case "$1" in
    --build-dir) build_dir=$2; shift 2 ;;
    --files) files=$2; shift 2 ;;
    --report-files) report_files=$2; shift 2 ;;
    --runs) runs=$2; shift 2 ;;
    --summary) summary=$2; shift 2 ;;
    -h|--help) sed -n '2,12p' "$0"; exit 0 ;;
    *) echo "dataset_folders.sh: unknown argument '$1'" >&2; exit 2 ;;
  esac
done
if [ -z "$build_dir" ]; then
  if [ -d "$here/build-bench" ]; then build_dir=$here/build-bench; else build_dir=$here/build; fi
fi
bin=$build_dir/app/bvhscope
corpus=$here/../shared/bvh
for input in "$bin" "$corpus/assimp__01_01.bvh" "$corpus/edin-m__0008_ChaCha001.bvh"; do
  [ -e "$input" ] || { echo "dataset_folders.sh: $input is missing" >&2; exit 2; }
done

work=$(mktemp -d "${TMPDIR:-/tmp}/bvhscope-dataset-bench.XXXXXX")
trap 'rm -rf "$work"' EXIT
# The two 10 s clips at 20 fps, then copies under numbered names.
"$bin" convert "$corpus/assimp__01_01.bvh" --frames 0:1200 --fps 20 -o "$work/cmu.bvh" >/dev/null
"$bin" convert "$corpus/edin-m__0008_ChaCha001.bvh" --frames 0:1200 --fps 20 -o "$work/chacha.bvh" >/dev/null 2>&1
mkdir "$work/set" "$work/small"
for ((i = 0; i < files; i++)); do
  if ((i % 2)); then cp "$work/cmu.bvh" "$work/set/clip$i.bvh"; else cp "$work/chacha.bvh" "$work/set/clip$i.bvh"; fi
done
for ((i = 0; i < report_files; i++)); do cp "$work/set/clip$i.bvh" "$work/small/"; done
echo "files: $files clips of $(awk '/^Frames:/ { print $2 }' "$work/cmu.bvh") frames (10 s at 20 fps), 31 and 25 joints"

now_us() { echo "${EPOCHREALTIME/./}"; }
timed() {  # timed OUT COMMAND...: the command's wall time in seconds appended to OUT
  local out=$1; shift
  local start end status=0
  start=$(now_us)
  "$@" >/dev/null 2>"$work/timed.err" || status=$?
  end=$(now_us)
  # lint exits 4 when it found warnings: that is a result, not a failure
  if [ "$status" != 0 ] && [ "$status" != 4 ]; then
    echo "dataset_folders.sh: '$*' failed ($status):" >&2; cat "$work/timed.err" >&2; exit 1
  fi
  echo "$(( end - start ))e-6" | awk '{ printf "%.6f\n", $1 + 0 }' >>"$out"
}
stats() { sort -g "$1" | awk '{ v[NR] = $1 } END { m = NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2; print m, v[1] }'; }

for ((r = 0; r < runs; r++)); do
  timed "$work/info.t" "$bin" info "$work/set"
  timed "$work/lint.t" "$bin" lint "$work/set"
  timed "$work/metrics.t" "$bin" metrics "$work/set"
  timed "$work/info_small.t" "$bin" info "$work/small"
  timed "$work/report.t" "$bin" report "$work/small" -o "$work/report.html"
done
read -r info_med info_best < <(stats "$work/info.t")
read -r lint_med lint_best < <(stats "$work/lint.t")
read -r metrics_med metrics_best < <(stats "$work/metrics.t")
read -r small_med small_best < <(stats "$work/info_small.t")
read -r report_med report_best < <(stats "$work/report.t")
both_best=$(awk -v a="$lint_best" -v b="$metrics_best" 'BEGIN { printf "%.3f", a + b }')
printf 'info %s files:    %.2f s best, %.2f s median\n' "$files" "$info_best" "$info_med"
printf 'lint %s files:    %.2f s best, %.2f s median\n' "$files" "$lint_best" "$lint_med"
printf 'metrics %s files: %.2f s best, %.2f s median\n' "$files" "$metrics_best" "$metrics_med"
printf 'lint + metrics:    %.2f s best (%.1fx info)\n' "$both_best" "$(awk -v a="$both_best" -v b="$info_best" 'BEGIN { print a / b }')"
printf 'report %s files (previews): %.2f s best, %.2f s median (%.1fx info on them: %.2f s)\n' "$report_files" \
  "$report_best" "$report_med" "$(awk -v a="$report_best" -v b="$small_best" 'BEGIN { print a / b }')" "$small_best"
{
  echo "files $files"
  echo "report_files $report_files"
  echo "info_best $info_best"
  echo "lint_best $lint_best"
  echo "metrics_best $metrics_best"
  echo "lint_metrics_best $both_best"
  echo "info_small_best $small_best"
  echo "report_best $report_best"
  echo "report_html_kib $(( $(stat -c %s "$work/report.html") / 1024 ))"
} >"$summary"

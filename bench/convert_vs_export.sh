#!/usr/bin/env bash
# convert_vs_export.sh: `bvhscope convert FILE -o OUT.bvh` (no options) on a generated ~100 MB BVH
# file versus `bvhscope export FILE -o OUT.csv` on the same file (issue 16: convert writes >= 150 MB/s
# of output, end to end), and `convert FILE -o OUT.glb` beside them (issue 30: glTF out at >= 100 MB/s
# of BVH input, in metres with +Y up as glTF wants), wall time, best and median of N interleaved runs.
#
#   bench/convert_vs_export.sh [--build-dir DIR] [--size-mb N] [--runs N] [--file A.bvh] [--summary OUT]
#                              [--check]
#
# DIR defaults to build-bench/ (else build/) at the top of the repository and must hold the targets
# bvhscope and bvhscope_bench_make_bvh. The file is written with bvhscope_bench_make_bvh (the CMU
# clip's rows repeated) unless --file gives it. Outputs go to a temporary folder beside the file
# (the same disk; each file fsynced before its rename, as every bvhscope output is), and convert once
# more to /dev/null (the same work without the disk). MB/s is output bytes over wall time, parse
# included. --summary writes the figures as "key value" lines. --check exits 1 when convert's best run
# into a file writes less than 150 MB/s.
set -euo pipefail
export LC_ALL=C
here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)

build_dir=""
size_mb=100
runs=5
file=""
summary=/dev/null
check=0
while [ $# -gt 0 ]; do
  case "$1" in
    --build-dir) build_dir=$2; shift 2 ;;
    --size-mb) size_mb=$2; shift 2 ;;
    --runs) runs=$2; shift 2 ;;
    --file) file=$2; shift 2 ;;
    --summary) summary=$2; shift 2 ;;
    --check) check=1; shift ;;
    -h|--help) sed -n '2,14p' "$0"; exit 0 ;;
    *) echo "convert_vs_export.sh: unknown argument '$1'" >&2; exit 2 ;;
  esac
done
if [ -z "$build_dir" ]; then
  if [ -d "$here/build-bench" ]; then build_dir=$here/build-bench; else build_dir=$here/build; fi
fi
bin=$build_dir/app/bvhscope
make_bin=$build_dir/bench/bvhscope_bench_make_bvh
if [ ! -x "$bin" ]; then
  echo "convert_vs_export.sh: $bin is missing; build it: cmake --build $build_dir --target bvhscope" >&2
  exit 2
fi

work=$(mktemp -d "${TMPDIR:-/tmp}/bvhscope-convert-bench.XXXXXX")
trap 'rm -rf "$work"' EXIT
if [ -z "$file" ]; then
  if [ ! -x "$make_bin" ]; then
    echo "convert_vs_export.sh: $make_bin is missing; build it: cmake --build $build_dir --target bvhscope_bench_make_bvh" >&2
    exit 2
  fi
  file=$work/input.bvh
  echo "input: $("$make_bin" "$file" "--size-mb=$size_mb")"
fi

now_us() { echo "${EPOCHREALTIME/./}"; }
# timed OUT COMMAND...: runs COMMAND (output discarded) and appends its wall time in seconds to OUT.
timed() {
  local out=$1; shift
  local start end
  start=$(now_us)
  if ! "$@" >/dev/null 2>"$work/timed.err"; then
    echo "convert_vs_export.sh: '$*' failed:" >&2; cat "$work/timed.err" >&2; exit 1
  fi
  end=$(now_us)
  echo "$(( end - start ))e-6" | awk '{ printf "%.6f\n", $1 + 0 }' >>"$out"
}

# A first run of each warms the page cache and gives the output sizes.
"$bin" convert "$file" -o "$work/out.bvh" >/dev/null
"$bin" export "$file" -o "$work/out.csv"
"$bin" convert "$file" -o "$work/out.glb" >/dev/null
bvh_bytes=$(stat -c %s "$work/out.bvh")
input_bytes=$(stat -c %s "$file")
csv_bytes=$(stat -c %s "$work/out.csv")
echo "input $(stat -c %s "$file") bytes; convert writes $bvh_bytes bytes of BVH, export $csv_bytes bytes of CSV"
for ((i = 0; i < runs; i++)); do  # interleaved, who goes first alternating
  if (( i % 2 == 0 )); then
    timed "$work/convert" "$bin" convert "$file" -o "$work/out.bvh"; timed "$work/export" "$bin" export "$file" -o "$work/out.csv"
  else
    timed "$work/export" "$bin" export "$file" -o "$work/out.csv"; timed "$work/convert" "$bin" convert "$file" -o "$work/out.bvh"
  fi
  timed "$work/null" "$bin" convert "$file" -o /dev/null
  timed "$work/glb" "$bin" convert "$file" -o "$work/out.glb" --force
done

awk -v runs="$runs" -v check="$check" -v summary="$summary" -v binary="$bin" -v bvh_bytes="$bvh_bytes" \
    -v csv_bytes="$csv_bytes" -v convert_file="$work/convert" -v export_file="$work/export" -v null_file="$work/null" \
    -v glb_file="$work/glb" -v input_bytes="$input_bytes" '
function load(path, values,    n, line) { n = 0; while ((getline line < path) > 0) values[++n] = line + 0; return n }
function best(values, n,    i, m) { m = values[1]; for (i = 2; i <= n; i++) if (values[i] < m) m = values[i]; return m }
function median(values, n,    i, j, t, s) {
  for (i = 1; i <= n; i++) s[i] = values[i]
  for (i = 2; i <= n; i++) { t = s[i]; for (j = i - 1; j >= 1 && s[j] > t; j--) s[j + 1] = s[j]; s[j + 1] = t }
  return n % 2 ? s[(n + 1) / 2] : (s[n / 2] + s[n / 2 + 1]) / 2
}
function list(values, n,    i, s) { s = ""; for (i = 1; i <= n; i++) s = s sprintf("%.3f", values[i]) (i < n ? " " : ""); return s }
BEGIN {
  nc = load(convert_file, c); ne = load(export_file, e); nn = load(null_file, z); ng = load(glb_file, g)
  gb = best(g, ng); gm = median(g, ng); gmbs = input_bytes / 1e6 / gb
  cb = best(c, nc); cm = median(c, nc); eb = best(e, ne); em = median(e, ne); zb = best(z, nn); zm = median(z, nn)
  cmbs = bvh_bytes / 1e6 / cb; embs = csv_bytes / 1e6 / eb; zmbs = bvh_bytes / 1e6 / zb
  printf "wall time, best (median) of %d interleaved runs:\n", runs
  printf "  convert FILE -o OUT.bvh    %.3f s (%.3f); runs: %s s; %.0f MB/s of BVH\n", cb, cm, list(c, nc), cmbs
  printf "  export FILE -o OUT.csv     %.3f s (%.3f); runs: %s s; %.0f MB/s of CSV\n", eb, em, list(e, ne), embs
  printf "  convert FILE -o /dev/null  %.3f s (%.3f); runs: %s s; %.0f MB/s of BVH\n", zb, zm, list(z, nn), zmbs
  printf "  convert FILE -o OUT.glb    %.3f s (%.3f); runs: %s s; %.0f MB/s of BVH input\n", gb, gm, list(g, ng), gmbs
  printf "  (%s)\n", binary
  printf "ratio convert / export wall time: %.3f best vs best, %.3f median vs median\n", cb / eb, cm / em
  printf "convert output rate: %.0f MB/s best; issue 16 target >= 150: %s\n", cmbs, (cmbs >= 150) ? "met" : "MISSED"
  printf "ratio convert to GLB / convert to BVH wall time: %.3f best vs best; GLB at %.0f MB/s of BVH input, issue 30 target >= 100: %s\n", gb / cb, gmbs, (gmbs >= 100) ? "met" : "MISSED"
  printf "runs %d\nconvert_best %.6f\nconvert_median %.6f\nexport_best %.6f\nexport_median %.6f\n", runs, cb, cm, eb, em > summary
  printf "null_best %.6f\nnull_median %.6f\nnull_mb_per_s %.3f\n", zb, zm, zmbs > summary
  printf "convert_mb_per_s %.3f\nexport_mb_per_s %.3f\nratio_best %.6f\nratio_median %.6f\n", cmbs, embs, cb / eb, cm / em > summary
  printf "glb_best %.6f\nglb_median %.6f\nglb_input_mb_per_s %.3f\n", gb, gm, gmbs > summary
  close(summary)
  exit (check && cmbs < 150) ? 1 : 0
}'

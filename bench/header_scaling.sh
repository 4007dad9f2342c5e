#!/usr/bin/env bash
# header_scaling.sh [BIN] [SMALL_MB]: is reading a huge header linear? Writes two files whose
# headers hold SMALL_MB (default 250) and 4 × SMALL_MB of blank lines, times `bvhscope info` on each
# (best of 3) and prints the time and peak-memory ratios: 4.0 is linear, 16 would be quadratic.
set -euo pipefail
bin=${1:-build/app/bvhscope}
small_mb=${2:-250}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

write_file() {  # PATH MB
  {
    printf 'HIERARCHY\nROOT Hips\n'
    head -c "$(($2 << 20))" /dev/zero | tr '\0' '\n'
    printf '{\nOFFSET 0 0 0\nCHANNELS 3 Xposition Yposition Zposition\n}\nMOTION\nFrames: 1\nFrame Time: 0.1\n1 2 3\n'
  } >"$1"
}

measure() {  # PATH -> "seconds kib" (best of 3 runs)
  local best_s="" best_k=""
  for _ in 1 2 3; do
    /usr/bin/time -f '%e %M' -o "$dir/time" "$bin" info "$1" >/dev/null
    read -r s k <"$dir/time"
    # The fastest run, and the peak memory of that same run.
    if [ -z "$best_s" ] || awk -v a="$s" -v b="$best_s" 'BEGIN { exit !(a < b) }'; then
      best_s=$s
      best_k=$k
    fi
  done
  echo "$best_s $best_k"
}

write_file "$dir/small.bvh" "$small_mb"
write_file "$dir/large.bvh" "$((small_mb * 4))"
read -r small_s small_k < <(measure "$dir/small.bvh")
read -r large_s large_k < <(measure "$dir/large.bvh")
echo "header of ${small_mb} MB blank lines: ${small_s} s, $((small_k >> 10)) MiB peak"
echo "header of $((small_mb * 4)) MB blank lines: ${large_s} s, $((large_k >> 10)) MiB peak"
awk -v a="$small_s" -v b="$large_s" -v c="$small_k" -v d="$large_k" \
  'BEGIN { printf "4x the bytes: %.2fx the time, %.2fx the memory (4.00 is linear)\n", b / a, d / c }'

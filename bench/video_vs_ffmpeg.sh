#!/usr/bin/env bash
# video_vs_ffmpeg.sh: `bvhscope render CLIP -o OUT.mp4` on a 10 s CMU clip at 30 fps, 1280x720, without
# a display (EGL, Mesa llvmpipe), versus `ffmpeg` alone encoding the same 300 frames with the same
# arguments (issue 15: at least 3x real time, <= 3.3 s, and within 2x of ffmpeg alone), and a
# matplotlib stick figure saved through ffmpeg (bench/matplotlib_video.py, lines updated in place and
# axes redrawn per frame) for comparison; wall time, best and median of N interleaved runs.
#
#   bench/video_vs_ffmpeg.sh [--build-dir DIR] [--runs N] [--quick] [--source FILE.bvh] [--no-matplotlib]
#                            [--summary OUT] [--check]
#
# The clip: every 4th frame row of a 120 fps CMU clip (default the corpus's assimp__01_01.bvh, 22.9 s;
# the bundled assets/sample.bvh, 8.3 s, when the corpus is missing), the first 300 (10 s at 30 fps).
# Before the timed runs: `bvhscope export` (positions for matplotlib) and `bvhscope render -o DIR/`
# (the PNG frames), converted once to raw RGBA, ffmpeg's input (as bvhscope pipes RGBA rows). --quick:
# 30 frames (1 s) at 320x180, one run, the update variant only (what run-all.sh --quick runs; the
# figures are meaningless). --summary writes "key value" lines (for bench/run-all.sh). --check exits 1
# when a target is missed (best vs best). matplotlib is Debian's python3-matplotlib (scripts/bvhscope-dev
# installs it); without it that part is skipped.
set -euo pipefail
export LC_ALL=C
here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)

build_dir=""
runs=""
quick=0
source_bvh=""
matplotlib=1
summary=/dev/null
check=0
while [ $# -gt 0 ]; do
  case "$1" in
    --build-dir) build_dir=$2; shift 2 ;;
    --runs) runs=$2; shift 2 ;;
    --quick) quick=1; shift ;;
    --source) source_bvh=$2; shift 2 ;;
    --no-matplotlib) matplotlib=0; shift ;;
    --summary) summary=$2; shift 2 ;;
    --check) check=1; shift ;;
    -h|--help) sed -n '2,19p' "$0"; exit 0 ;;
    *) echo "video_vs_ffmpeg.sh: unknown argument '$1'" >&2; exit 2 ;;
  esac
done
if ((quick)); then
  : "${runs:=1}"; frames=30; size=320x180; variants=(update)
else
  : "${runs:=5}"; frames=300; size=1280x720; variants=(update redraw)
fi
fps=30
if [ -z "$build_dir" ]; then
  if [ -d "$here/build-bench" ]; then build_dir=$here/build-bench; else build_dir=$here/build; fi
fi
bin=$build_dir/app/bvhscope
if [ ! -x "$bin" ]; then
  echo "video_vs_ffmpeg.sh: $bin is missing; build it: cmake --build $build_dir --target bvhscope" >&2
  exit 2
fi
for tool in ffmpeg ffprobe awk; do
  command -v "$tool" >/dev/null || { echo "video_vs_ffmpeg.sh: $tool is missing (Debian package ffmpeg)" >&2; exit 2; }
done
if [ -z "$source_bvh" ]; then
  corpus=$(sed -n 's/^BVHSCOPE_CORPUS_DIR:[A-Z]*=//p' "$build_dir/CMakeCache.txt" 2>/dev/null || true)
  [ -n "$corpus" ] || corpus=$here/../shared/bvh
  source_bvh=$corpus/assimp__01_01.bvh
  [ -f "$source_bvh" ] || source_bvh=$here/assets/sample.bvh
fi
# The python that has matplotlib: python3 on PATH, else Debian's (a pyenv or venv python may lack it).
py=""
if ((matplotlib)); then
  for candidate in python3 /usr/bin/python3; do
    if command -v "$candidate" >/dev/null && "$candidate" -c 'import matplotlib' 2>/dev/null; then py=$candidate; break; fi
  done
  if [ -z "$py" ]; then echo "note: no python3 with matplotlib (Debian: python3-matplotlib); its part is skipped"; variants=(); fi
else
  variants=()
fi

work=$(mktemp -d "${TMPDIR:-/tmp}/bvhscope-video-bench.XXXXXX")
trap 'rm -rf "$work"' EXIT
now_us() { echo "${EPOCHREALTIME/./}"; }
# timed OUT COMMAND...: runs COMMAND (output discarded) and appends its wall time in seconds to OUT.
timed() {
  local out=$1; shift
  local start end
  start=$(now_us)
  if ! "$@" >/dev/null 2>"$work/timed.err"; then
    echo "video_vs_ffmpeg.sh: '$*' failed:" >&2; cat "$work/timed.err" >&2; exit 1
  fi
  end=$(now_us)
  echo "$(( end - start ))e-6" | awk '{ printf "%.6f\n", $1 + 0 }' >>"$out"
}
run() { "$@" >/dev/null 2>"$work/run.err" || { echo "video_vs_ffmpeg.sh: '$*' failed:" >&2; cat "$work/run.err" >&2; exit 1; }; }
nodisplay() { env -u DISPLAY -u WAYLAND_DISPLAY "$@"; }

# The clip: the source's hierarchy, then every 4th frame row (120 -> 30 fps), the first $frames.
clip=$work/clip.bvh
tr -d '\r' <"$source_bvh" | awk -v want="$frames" '
  !motion { print; if ($1 == "MOTION") motion = 1; next }
  /^[ \t]*Frames:/ { total = $2; next }
  /^[ \t]*Frame Time:/ { step = int(1 / ($3 * 30) + 0.5); if (step < 1) step = 1
                         printf "Frames: %d\nFrame Time: 0.0333333\n", want; row = 0; kept = 0; next }
  NF { if (row % step == 0 && kept < want) { print; kept++ } row++ }
  END { if (kept < want) { printf "source has only %d rows at this step, %d wanted\n", kept, want > "/dev/stderr"; exit 1 } }
' >"$clip"
seconds=$(awk -v n="$frames" -v f="$fps" 'BEGIN { printf "%g", n / f }')
echo "clip: $frames frames at $fps fps ($seconds s) from every 4th row of $(basename "$source_bvh"); $size, MP4 (libx264 veryfast crf 20)"

# Untimed preparation: positions for matplotlib, the frames for ffmpeg alone (PNG, then raw RGBA once).
run "$bin" export "$clip" -o "$work/positions.csv"
start=$(now_us)
run nodisplay "$bin" render "$clip" -o "$work/frames/" --size "$size" --fps "$fps"
png_s=$(awk -v t="$(( $(now_us) - start ))" 'BEGIN { printf "%.3f", t / 1e6 }')
start=$(now_us)
run nodisplay "$bin" render "$clip" -o "$work/still.png" --size "$size" --frame 0
still_s=$(awk -v t="$(( $(now_us) - start ))" 'BEGIN { printf "%.3f", t / 1e6 }')
run ffmpeg -hide_banner -nostdin -loglevel error -framerate "$fps" -i "$work/frames/frame_%05d.png" \
    -f rawvideo -pix_fmt rgba "$work/frames.rgba"
rm -rf "$work/frames"
expected=$(( ${size%x*} * ${size#*x} * 4 * frames ))
if [ "$(stat -c %s "$work/frames.rgba")" != "$expected" ]; then
  echo "video_vs_ffmpeg.sh: $work/frames.rgba has $(stat -c %s "$work/frames.rgba") bytes, not $expected" >&2; exit 1
fi
echo "preparation (not timed below): render -o DIR/ (PNG sequence, no video encoder) $png_s s; render of one frame to PNG $still_s s"

ours() { nodisplay "$bin" render "$clip" -o "$work/ours.mp4" --size "$size" --fps "$fps"; }
alone() {  # the arguments of engine/video/video_format.cpp's MP4, the frames from a file instead of a pipe
  ffmpeg -y -hide_banner -nostdin -loglevel error -f rawvideo -pixel_format rgba -video_size "$size" -framerate "$fps" \
    -i "$work/frames.rgba" -c:v libx264 -preset veryfast -crf 20 -pix_fmt yuv420p -movflags +faststart -f mp4 "$work/alone.mp4"
}
mpl() { "$py" "$here/bench/matplotlib_video.py" "$clip" "$work/positions.csv" -o "$work/mpl-$1.mp4" --size "$size" --fps "$fps" --mode "$1"; }

timed "$work/warm" ours  # warms the caches; its output is checked
count=$(ffprobe -v error -select_streams v:0 -count_frames -show_entries stream=nb_read_frames,width,height -of csv=p=0 "$work/ours.mp4")
if [ "$count" != "${size%x*},${size#*x},$frames" ]; then
  echo "video_vs_ffmpeg.sh: ours.mp4 is '$count' (width,height,frames), not '${size%x*},${size#*x},$frames'" >&2; exit 1
fi
for ((i = 0; i < runs; i++)); do  # interleaved, who goes first alternating, so that load spikes hit all alike
  if (( i % 2 == 0 )); then
    timed "$work/ours" ours; timed "$work/alone" alone
  else
    timed "$work/alone" alone; timed "$work/ours" ours
  fi
  for v in "${variants[@]}"; do timed "$work/mpl-$v" mpl "$v"; done
done
# Where the time goes, for information (one run each, not with --quick): the same video with
# --style lines (a few vertices per bone instead of llvmpipe shading the solid capsules).
lines_s=-
if ((!quick)); then
  start=$(now_us)
  run nodisplay "$bin" render "$clip" -o "$work/lines.mp4" --size "$size" --fps "$fps" --style lines
  lines_s=$(awk -v t="$(( $(now_us) - start ))" 'BEGIN { printf "%.3f", t / 1e6 }')
  echo "for information, one run: render -o OUT.mp4 --style lines $lines_s s"
fi
for v in "${variants[@]}"; do  # the baseline's output is a video of the same length too
  count=$(ffprobe -v error -select_streams v:0 -count_frames -show_entries stream=nb_read_frames -of csv=p=0 "$work/mpl-$v.mp4")
  [ "$count" = "$frames" ] || { echo "video_vs_ffmpeg.sh: matplotlib ($v) wrote $count frames, not $frames" >&2; exit 1; }
done

awk -v runs="$runs" -v check="$check" -v summary="$summary" -v binary="$bin" -v seconds="$seconds" \
    -v ours_file="$work/ours" -v alone_file="$work/alone" -v update_file="$work/mpl-update" \
    -v redraw_file="$work/mpl-redraw" -v png_s="$png_s" -v still_s="$still_s" -v lines_s="$lines_s" '
function load(path, values,    n, line) { n = 0; while ((getline line < path) > 0) values[++n] = line + 0; return n }
function best(values, n,    i, m) { m = values[1]; for (i = 2; i <= n; i++) if (values[i] < m) m = values[i]; return m }
function median(values, n,    i, j, t, s) {
  for (i = 1; i <= n; i++) s[i] = values[i]
  for (i = 2; i <= n; i++) { t = s[i]; for (j = i - 1; j >= 1 && s[j] > t; j--) s[j + 1] = s[j]; s[j + 1] = t }
  return n % 2 ? s[(n + 1) / 2] : (s[n / 2] + s[n / 2 + 1]) / 2
}
function list(values, n,    i, s) { s = ""; for (i = 1; i <= n; i++) s = s sprintf("%.3f", values[i]) (i < n ? " " : ""); return s }
BEGIN {
  no = load(ours_file, o); na = load(alone_file, a); nu = load(update_file, u); nr = load(redraw_file, r)
  ob = best(o, no); om = median(o, no); ab = best(a, na); am = median(a, na)
  limit = seconds * 0.33  # issue 15: >= 3x real time, 3.3 s for 10 s
  printf "wall time, best (median) of %d interleaved runs:\n", runs
  printf "  bvhscope render -o OUT.mp4       %.3f s (%.3f); runs: %s s\n", ob, om, list(o, no)
  printf "  ffmpeg alone, same frames        %.3f s (%.3f); runs: %s s\n", ab, am, list(a, na)
  if (nu) printf "  matplotlib, lines updated        %.3f s (%.3f); runs: %s s\n", best(u, nu), median(u, nu), list(u, nu)
  if (nr) printf "  matplotlib, axes redrawn         %.3f s (%.3f); runs: %s s\n", best(r, nr), median(r, nr), list(r, nr)
  printf "  (%s)\n", binary
  printf "ratio bvhscope / ffmpeg alone: %.3f best vs best, %.3f median vs median; issue 15 target <= 2: %s\n", ob / ab, om / am, ob / ab <= 2 ? "met" : "MISSED"
  printf "bvhscope vs real time (%g s): %.2fx best, %.2fx median; issue 15 target >= 3x (<= %.2f s): %s\n", seconds, seconds / ob, seconds / om, limit, ob <= limit ? "met" : "MISSED"
  if (nu) printf "matplotlib (lines updated) / bvhscope: %.2fx best, %.2fx median\n", best(u, nu) / ob, median(u, nu) / om
  if (nr) printf "matplotlib (axes redrawn) / bvhscope: %.2fx best, %.2fx median\n", best(r, nr) / ob, median(r, nr) / om
  printf "runs %d\nseconds %g\nours_best %.6f\nours_median %.6f\nalone_best %.6f\nalone_median %.6f\n", runs, seconds, ob, om, ab, am > summary
  printf "ratio_best %.6f\nratio_median %.6f\nrealtime_limit %.6f\npng_render %s\nstill_render %s\nlines_render %s\n", ob / ab, om / am, limit, png_s, still_s, lines_s > summary
  if (nu) printf "mpl_update_best %.6f\nmpl_update_median %.6f\n", best(u, nu), median(u, nu) > summary
  if (nr) printf "mpl_redraw_best %.6f\nmpl_redraw_median %.6f\n", best(r, nr), median(r, nr) > summary
  close(summary)
  exit (check && (ob / ab > 2 || ob > limit)) ? 1 : 0
}'

#!/usr/bin/env python3
"""matplotlib_video.py: the usual matplotlib way to make a stick-figure MP4 from a BVH clip, as a
baseline for `bvhscope render -o OUT.mp4` (bench/video_vs_ffmpeg.sh).

    python3 bench/matplotlib_video.py CLIP.bvh POSITIONS.csv -o OUT.mp4 [--size WxH] [--fps N]
                                      [--mode update|redraw]

POSITIONS.csv is `bvhscope export CLIP.bvh -o POSITIONS.csv` (world positions, one x,y,z triple per
joint and End Site in depth-first file order); the parents come from CLIP.bvh's hierarchy, read in the
same order. One 3D axes (mplot3d, Y up drawn as z) fills a WxH figure (Agg, dpi 100), one line per
bone, the limits fixed to the whole motion; frames go to ffmpeg through matplotlib.animation's
FFMpegWriter (RGBA on a pipe) with bvhscope's MP4 settings: libx264 -preset veryfast -crf 20,
yuv420p, +faststart. --mode update (default) makes the lines once and moves them with set_data_3d
each frame; --mode redraw clears the axes and plots every bone again each frame.
"""
import argparse
import csv
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
from matplotlib.animation import FFMpegWriter  # noqa: E402


def parents_from_bvh(path):
    """Parent index of every ROOT/JOINT/End Site in depth-first file order (-1 for roots)."""
    with open(path, encoding="utf-8", errors="replace") as f:
        tokens = []
        for line in f:
            if line.strip().upper().startswith("MOTION"):
                break
            tokens.extend(line.split())
    parents, stack, pending = [], [], None
    for tok in tokens:
        if tok in ("ROOT", "JOINT", "End"):
            pending = len(parents)
            parents.append(stack[-1] if stack else -1)
        elif tok == "{":
            stack.append(pending)
        elif tok == "}":
            stack.pop()
    return parents


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("bvh")
    ap.add_argument("csv")
    ap.add_argument("-o", "--output", required=True)
    ap.add_argument("--size", default="1280x720")
    ap.add_argument("--fps", type=float, default=30)
    ap.add_argument("--mode", choices=("update", "redraw"), default="update")
    args = ap.parse_args()
    width, height = (int(v) for v in args.size.lower().split("x"))

    parents = parents_from_bvh(args.bvh)
    with open(args.csv, newline="") as f:
        rows = csv.reader(f)
        header = next(rows)
        frames = [[float(v) for v in row[1:]] for row in rows]
    joints = (len(header) - 1) // 3
    if joints != len(parents):
        sys.exit(f"matplotlib_video.py: {joints} joints in the CSV, {len(parents)} in the BVH hierarchy")
    bones = [(p, j) for j, p in enumerate(parents) if p >= 0]

    # BVH is Y up; mplot3d's vertical axis is z: draw (x, -z, y).
    def xyz(frame, j):
        return frame[3 * j], -frame[3 * j + 2], frame[3 * j + 1]

    lo = [min(min(xyz(fr, j)[a] for j in range(joints)) for fr in frames) for a in range(3)]
    hi = [max(max(xyz(fr, j)[a] for j in range(joints)) for fr in frames) for a in range(3)]
    span = max(h - l for l, h in zip(lo, hi)) / 2 or 1.0
    mid = [(l + h) / 2 for l, h in zip(lo, hi)]
    limits = [(m - span, m + span) for m in mid]

    dpi = 100
    fig = plt.figure(figsize=(width / dpi, height / dpi), dpi=dpi)
    ax = fig.add_axes([0, 0, 1, 1], projection="3d")

    def setup_axes():
        ax.set_xlim(*limits[0])
        ax.set_ylim(*limits[1])
        ax.set_zlim(*limits[2])
        ax.set_box_aspect((1, 1, 1))
        ax.view_init(elev=15, azim=-60)

    def segment(frame, p, j):
        a, b = xyz(frame, p), xyz(frame, j)
        return [a[0], b[0]], [a[1], b[1]], [a[2], b[2]]

    writer = FFMpegWriter(fps=args.fps, codec="libx264",
                          extra_args=["-preset", "veryfast", "-crf", "20", "-pix_fmt", "yuv420p",
                                      "-movflags", "+faststart"])
    with writer.saving(fig, args.output, dpi):
        if args.mode == "update":
            setup_axes()
            lines = [ax.plot(*segment(frames[0], p, j), color="tab:blue", lw=2)[0] for p, j in bones]
            for frame in frames:
                for line, (p, j) in zip(lines, bones):
                    xs, ys, zs = segment(frame, p, j)
                    line.set_data_3d(xs, ys, zs)
                writer.grab_frame()
        else:
            for frame in frames:
                ax.cla()
                setup_axes()
                for p, j in bones:
                    ax.plot(*segment(frame, p, j), color="tab:blue", lw=2)
                writer.grab_frame()
    plt.close(fig)


if __name__ == "__main__":
    main()

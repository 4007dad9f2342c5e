#!/usr/bin/env python3
"""arrays_render_each.py: `bvhscope render DIR/*.npy --each` over a folder of HumanML3D-shaped joint
arrays (22 joints, 20 fps, 10 s each) at 480x480, against the way these files are looked at today:
a matplotlib script in the manner of HumanML3D's `plot_3d_motion` (a 3D axes at 300x300, the five
kinematic chains plotted again every frame over a floor, FuncAnimation saved through ffmpeg at
20 fps), on some of the same files in the same run. The figure is seconds of motion rendered per
second of wall time ("x real time") for each (issue 29), at `--quality normal` (the default) and
`--quality preview` (issue 35: >= 30x real time), with ffmpeg alone beside them: the same settings
as preview's MP4 (bvhscope's ffmpeg arguments: x264 ultrafast, CRF 23) encoding the same frames, as
RGBA (ffmpeg converting them, as it would for a program piping RGBA), two files at a time like the
workers, on `--encode-files` of the videos (decoded to raw frames first, untimed).

    bench/arrays_render_each.py --build-dir DIR [--files N] [--baseline-files M] [--encode-files K]
                                [--summary OUT]

The arrays are made here from a corpus CMU clip (bvh11__131_01.bvh): its joints matched to SMPL's 22
by name, stood upright in metres, resampled to 20 fps and played back and forth into 10 s, each file
starting at another frame. DIR must hold app/bvhscope and python/bvhscope (-DBVHSCOPE_PYTHON=ON).
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

HERE = Path(__file__).resolve().parent.parent
SECONDS = 10.0
FPS = 20
# SMPL's first 22 joints (HumanML3D's order) and the CMU clip's joint each is taken from.
SMPL_FROM_CMU = [
    ("pelvis", "Hips"), ("left_hip", "LeftHip"), ("right_hip", "RightHip"), ("spine1", "lowerback"),
    ("left_knee", "LeftKnee"), ("right_knee", "RightKnee"), ("spine2", "Chest"), ("left_ankle", "LeftAnkle"),
    ("right_ankle", "RightAnkle"), ("spine3", "Chest2"), ("left_foot", "LeftToe"), ("right_foot", "RightToe"),
    ("neck", "Neck"), ("left_collar", "LeftCollar"), ("right_collar", "RightCollar"), ("head", "Head"),
    ("left_shoulder", "LeftShoulder"), ("right_shoulder", "RightShoulder"), ("left_elbow", "LeftElbow"),
    ("right_elbow", "RightElbow"), ("left_wrist", "LeftWrist"), ("right_wrist", "RightWrist"),
]
# HumanML3D's kinematic chains (t2m_kinematic_chain): the lines plot_3d_motion draws.
CHAINS = [[0, 2, 5, 8, 11], [0, 1, 4, 7, 10], [0, 3, 6, 9, 12, 15], [9, 14, 17, 19, 21], [9, 13, 16, 18, 20]]


def make_arrays(folder: Path, count: int, package: Path) -> list[Path]:
    sys.path.insert(0, str(package))
    import bvhscope  # noqa: PLC0415 (the module of the build being measured)

    clip = bvhscope.load(HERE.parent / "shared" / "bvh" / "bvh11__131_01.bvh", up="auto")
    index = {name: k for k, name in enumerate(clip.joint_names)}
    positions = clip.positions[:, [index[cmu] for _, cmu in SMPL_FROM_CMU]].astype(np.float64)
    # Metres: the standing figure 1.7 m tall; at 20 fps; played back and forth.
    positions *= 1.7 / np.ptp(positions[0, :, 1])
    step = max(1, round(clip.fps / FPS))
    frames = positions[::step]
    loop = np.concatenate([frames, frames[::-1]])
    length = int(SECONDS * FPS)
    files = []
    for k in range(count):
        start = (k * 37) % len(loop)
        window = np.take(loop, range(start, start + length), axis=0, mode="wrap").astype(np.float32)
        path = folder / f"motion_{k:03d}.npy"
        np.save(path, window)
        files.append(path)
    return files


def plot_3d_motion_style(array_path: Path, out: Path) -> None:
    """A stick figure video as HumanML3D's plot_3d_motion makes one: written here for the benchmark."""
    import matplotlib  # noqa: PLC0415

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt  # noqa: PLC0415
    from matplotlib.animation import FFMpegWriter, FuncAnimation  # noqa: PLC0415
    from mpl_toolkits.mplot3d.art3d import Poly3DCollection  # noqa: PLC0415

    data = np.load(array_path).copy()
    low, high = data.min(axis=(0, 1)), data.max(axis=(0, 1))
    height_offset = low[1]
    data[:, :, 1] -= height_offset
    trajectory = data[:, 0, [0, 2]]
    data[..., 0] -= data[:, 0:1, 0]
    data[..., 2] -= data[:, 0:1, 2]
    figure = plt.figure(figsize=(3, 3), dpi=100)
    axes = figure.add_subplot(projection="3d")
    colours = ["red", "blue", "black", "red", "blue"]
    radius = 2.0

    def update(index: int):
        axes.clear()
        axes.set_xlim3d([-radius / 2, radius / 2])
        axes.set_ylim3d([0, radius])
        axes.set_zlim3d([-radius / 3.0, radius * 2 / 3.0])
        axes.view_init(elev=120, azim=-90)
        x0, x1 = low[0] - trajectory[index, 0], high[0] - trajectory[index, 0]
        z0, z1 = low[2] - trajectory[index, 1], high[2] - trajectory[index, 1]
        floor = Poly3DCollection([[[x0, 0, z0], [x0, 0, z1], [x1, 0, z1], [x1, 0, z0]]])
        floor.set_facecolor((0.5, 0.5, 0.5, 0.5))
        axes.add_collection3d(floor)
        for chain, colour in zip(CHAINS, colours):
            width = 4.0 if chain[0] == 0 and len(chain) > 5 else 2.0
            axes.plot3D(data[index, chain, 0], data[index, chain, 1], data[index, chain, 2], linewidth=width,
                        color=colour)
        axes.set_axis_off()

    animation = FuncAnimation(figure, update, frames=len(data), interval=1000 / FPS, repeat=False)
    animation.save(str(out), writer=FFMpegWriter(fps=FPS))
    plt.close(figure)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--build-dir", required=True)
    parser.add_argument("--files", type=int, default=12)
    parser.add_argument("--baseline-files", type=int, default=2)
    parser.add_argument("--encode-files", type=int, default=4)
    parser.add_argument("--summary", default=os.devnull)
    args = parser.parse_args()
    build = Path(args.build_dir)
    program = build / "app" / "bvhscope"
    with tempfile.TemporaryDirectory(prefix="bvhscope-arrays-bench.") as scratch:
        folder = Path(scratch) / "arrays"
        folder.mkdir()
        files = make_arrays(folder, args.files, build / "python")
        env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}

        def render_each(quality: str) -> float:
            out = Path(scratch) / f"videos-{quality}"
            start = time.perf_counter()
            done = subprocess.run([str(program), "render", *map(str, files), "--each", "-o", f"{out}/", "--size",
                                   "480x480", "--quality", quality], capture_output=True, text=True, env=env)
            took = time.perf_counter() - start
            if done.returncode != 0:
                sys.exit(f"arrays_render_each.py: render --each --quality {quality} failed: {done.stderr}")
            videos = sorted(out.glob("*.mp4"))
            if len(videos) != len(files):
                sys.exit(f"arrays_render_each.py: {len(videos)} videos for {len(files)} files")
            return took

        ours = render_each("normal")
        preview = render_each("preview")

        # ffmpeg alone: the preview videos decoded to raw RGBA (untimed), encoded again with preview's
        # settings, two at a time.
        raws = []
        for k, video in enumerate(sorted((Path(scratch) / "videos-preview").glob("*.mp4"))[: args.encode_files]):
            raw = Path(scratch) / f"frames_{k}.rgba"
            subprocess.run(["ffmpeg", "-v", "error", "-i", str(video), "-f", "rawvideo", "-pix_fmt", "rgba", "-y",
                            str(raw)], check=True)
            raws.append(raw)
        start = time.perf_counter()
        pending = list(enumerate(raws))
        running: list[subprocess.Popen] = []
        while pending or running:
            while pending and len(running) < 2:
                k, raw = pending.pop(0)
                running.append(subprocess.Popen(
                    ["ffmpeg", "-hide_banner", "-nostdin", "-loglevel", "error", "-f", "rawvideo", "-pixel_format",
                     "rgba", "-video_size", "480x480", "-framerate", str(FPS), "-i", str(raw), "-c:v", "libx264",
                     "-preset", "ultrafast", "-crf", "23", "-pix_fmt", "yuv420p", "-movflags", "+faststart", "-f",
                     "mp4", "-y", str(Path(scratch) / f"alone_{k}.mp4")]))
            running[0].wait()
            if running[0].returncode != 0:
                sys.exit("arrays_render_each.py: ffmpeg alone failed")
            running.pop(0)
        alone = time.perf_counter() - start

        start = time.perf_counter()
        for k, path in enumerate(files[: args.baseline_files]):
            plot_3d_motion_style(path, Path(scratch) / f"matplotlib_{k}.mp4")
        theirs = time.perf_counter() - start

    motion_seconds = len(files) * SECONDS
    ours_rate = motion_seconds / ours
    preview_rate = motion_seconds / preview
    alone_rate = len(raws) * SECONDS / alone
    theirs_rate = args.baseline_files * SECONDS / theirs
    print(f"render --each, {len(files)} arrays x {SECONDS:g} s at 480x480: {ours:.2f} s, {ours_rate:.1f}x real time")
    print(f"render --each --quality preview: {preview:.2f} s, {preview_rate:.1f}x real time "
          f"(issue 35 target >= 30x: {'met' if preview_rate >= 30 else 'missed'})")
    print(f"ffmpeg alone, preview's settings on the same frames (RGBA), {len(raws)} files two at a time: "
          f"{alone:.2f} s, {alone_rate:.1f}x real time; preview takes {alone_rate / preview_rate:.2f}x its time")
    print(f"plot_3d_motion style (matplotlib), {args.baseline_files} arrays at 300x300: {theirs:.2f} s, "
          f"{theirs_rate:.2f}x real time")
    print(f"ratio: {ours_rate / theirs_rate:.1f}x the matplotlib rate, at 2.56x its pixels")
    with open(args.summary, "w") as summary:
        for key, value in [("files", len(files)), ("ours_seconds", ours), ("ours_rate", ours_rate),
                           ("preview_seconds", preview), ("preview_rate", preview_rate),
                           ("alone_files", len(raws)), ("alone_seconds", alone), ("alone_rate", alone_rate),
                           ("baseline_files", args.baseline_files), ("theirs_seconds", theirs),
                           ("theirs_rate", theirs_rate), ("ratio", ours_rate / theirs_rate)]:
            summary.write(f"{key} {value}\n")


if __name__ == "__main__":
    main()

"""bvhscope.render with no display (EGL): the same files as the program's render with the same
options."""

from __future__ import annotations

import os
import subprocess

import numpy as np

import pytest

import bvhscope
from conftest import CORPUS, SAMPLE, cli

pytestmark = pytest.mark.gl


def test_no_display_is_needed():
    assert "DISPLAY" not in os.environ and "WAYLAND_DISPLAY" not in os.environ


def test_a_still_is_the_programs_png(tmp_path):
    bvhscope.render(bvhscope.load(SAMPLE), tmp_path / "ours.png", size=(320, 240), frame=120, select="LeftWrist")
    cli("render", SAMPLE, "-o", tmp_path / "theirs.png", "--size", "320x240", "--frame", "120", "--select", "LeftWrist")
    assert (tmp_path / "ours.png").read_bytes() == (tmp_path / "theirs.png").read_bytes()


def frames_of(video) -> bytes:
    """Every decoded frame of a video, as raw RGB."""
    return subprocess.run(["ffmpeg", "-v", "error", "-i", str(video), "-f", "rawvideo", "-pix_fmt", "rgb24", "-"],
                          capture_output=True, check=True).stdout


def test_a_video_and_a_grid_are_the_programs(tmp_path):
    walk = CORPUS / "bvh11__131_01.bvh"
    bvhscope.render([SAMPLE, walk], tmp_path / "ours.mp4", size=(256, 144), frames=(0, 23), fps=24, camera="follow")
    cli("render", SAMPLE, walk, "-o", tmp_path / "theirs.mp4", "--size", "256x144", "--frames", "0:23", "--fps", "24",
        "--camera", "follow")
    ours = frames_of(tmp_path / "ours.mp4")
    # Frames 0 to 23 of a 120 fps clip are 0.19 s: 5 frames at 24 fps.
    assert len(ours) == 5 * 256 * 144 * 3
    assert ours == frames_of(tmp_path / "theirs.mp4")

    bvhscope.render([SAMPLE, walk], tmp_path / "grid.png", size=(400, 200), grid=(2, 1), captions=["a", "b"])
    cli("render", SAMPLE, walk, "-o", tmp_path / "grid_cli.png", "--size", "400x200", "--grid", "2x1",
        "--caption", "a", "--caption", "b")
    assert (tmp_path / "grid.png").read_bytes() == (tmp_path / "grid_cli.png").read_bytes()


def test_motions_from_memory_render_as_their_files(tmp_path):
    walk = bvhscope.load(CORPUS / "bvh11__131_01.bvh")
    points = bvhscope.from_positions(walk.positions, parents=list(walk.parents), names=walk.joint_names, fps=walk.fps)
    bvhscope.render([walk, points], tmp_path / "ours.png", size=(400, 200), grid=(2, 1), frame=10,
                    captions=["file", "array"])
    # The same motions as files: the array saved with its skeleton.
    np.save(tmp_path / "points.npy", walk.positions)
    (tmp_path / "skeleton.txt").write_text(
        "".join(f"{name} {'-' if parent < 0 else parent}\n" for name, parent in zip(walk.joint_names, walk.parents)))
    cli("render", CORPUS / "bvh11__131_01.bvh", tmp_path / "points.npy", "--skeleton", tmp_path / "skeleton.txt",
        "--source-fps", repr(walk.fps), "-o", tmp_path / "theirs.png", "--size", "400x200", "--grid", "2x1",
        "--frame", "10", "--caption", "file", "--caption", "array")
    assert (tmp_path / "ours.png").read_bytes() == (tmp_path / "theirs.png").read_bytes()


def test_render_ui_is_refused_in_python(tmp_path):
    with pytest.raises(bvhscope.UsageError, match="--ui"):
        bvhscope.render(SAMPLE, tmp_path / "ui.png", ui=True)
    assert not (tmp_path / "ui.png").exists()

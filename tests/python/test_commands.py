"""The command line through Python: info, metrics, compare and lint give the dicts of the
program's --json, convert writes the program's bytes, motions from memory go through the same
readers, and failures raise located errors."""

from __future__ import annotations

import os
import warnings

import numpy as np
import pytest

import bvhscope
from conftest import CORPUS, FIXTURES, SAMPLE, cli, cli_json

WALK = CORPUS / "bvh11__131_01.bvh"
OTHER = CORPUS / "rgbdacq__02_03.bvh"


def test_info_is_the_programs_json():
    assert bvhscope.info(SAMPLE) == cli_json("info", SAMPLE)
    assert bvhscope.info(WALK, up="+z") == cli_json("info", WALK, "--up", "+z")
    # A motion remembers how it was loaded.
    assert bvhscope.load(WALK, position_mode="replace").info() == cli_json("info", WALK, "--motion", "0",
                                                                           "--position-mode", "replace")


def test_metrics_is_the_programs_json():
    assert bvhscope.metrics(bvhscope.load(SAMPLE)) == cli_json("metrics", SAMPLE, "--motion", "0")
    assert bvhscope.metrics(WALK, units="cm") == cli_json("metrics", WALK, "--units", "cm")


def test_compare_is_the_programs_json():
    assert bvhscope.compare(SAMPLE, SAMPLE)["mpjpe"] == 0
    expected = cli_json("compare", WALK, OTHER, "--align", "rigid", "--offset", "2.5", "--frames", "0:80")
    got = bvhscope.compare(bvhscope.load(WALK), bvhscope.load(OTHER), align="rigid", offset=2.5, frames=(0, 80))
    assert got == expected
    assert got["mpjpe"] > 0


def test_lint_gives_each_files_findings():
    assert bvhscope.lint(FIXTURES / "with_warnings.bvh") == cli_json("lint", FIXTURES / "with_warnings.bvh")[0]
    reports = bvhscope.lint([SAMPLE, FIXTURES / "with_warnings.bvh"])
    assert [r["file"] for r in reports] == [str(SAMPLE), str(FIXTURES / "with_warnings.bvh")]
    assert reports[1]["findings"][0]["code"] == "frame-count"



def test_a_folder_gives_each_files_dict_and_a_failure_as_an_entry(tmp_path):
    (tmp_path / "walk2.bvh").write_bytes(WALK.read_bytes())
    (tmp_path / "walk10.bvh").write_bytes(SAMPLE.read_bytes())
    (tmp_path / "broken.bvh").write_text("HIERARCHY\nROOT Hips\n{\n  OFFSET 0 0\n}\n")
    infos = bvhscope.info(tmp_path)
    assert [os.path.basename(entry["file"]) for entry in infos] == ["broken.bvh", "walk2.bvh", "walk10.bvh"]
    assert infos[0]["error"]["line"] == 4 and infos[0]["error"]["column"] == 3
    assert "expected 3 numbers, found 2" in infos[0]["error"]["message"]
    assert infos[1] == cli_json("info", tmp_path / "walk2.bvh")
    measured = bvhscope.metrics([tmp_path / "walk2.bvh", tmp_path / "walk10.bvh"], jobs=2)
    assert measured == [cli_json("metrics", tmp_path / "walk2.bvh"), cli_json("metrics", tmp_path / "walk10.bvh")]
    linted = bvhscope.lint(tmp_path)
    assert [entry["errors"] for entry in linted] == [1, 0, 0]
    (tmp_path / "empty").mkdir()
    with pytest.raises(bvhscope.CommandError, match="no motion files"):
        bvhscope.info(tmp_path / "empty")



def test_two_folders_compare_pair_by_pair(tmp_path):
    for side in ("a", "b"):
        (tmp_path / side).mkdir()
        (tmp_path / side / "walk.bvh").write_bytes(WALK.read_bytes())
    (tmp_path / "b" / "other.bvh").write_bytes(SAMPLE.read_bytes())
    report = bvhscope.compare(tmp_path / "a", tmp_path / "b")
    assert report["pairs"] == [cli_json("compare", tmp_path / "a" / "walk.bvh", tmp_path / "b" / "walk.bvh")]
    assert report["unpaired"] == {"reference": [], "other": [str(tmp_path / "b" / "other.bvh")]}
    assert report["aggregate"]["compared"] == 1 and report["aggregate"]["mpjpe_mean"] == 0



def test_report_writes_the_programs_page(tmp_path):
    (tmp_path / "set").mkdir()
    (tmp_path / "set" / "walk.bvh").write_bytes(WALK.read_bytes())
    (tmp_path / "set" / "broken.bvh").write_text("HIERARCHY\nROOT Hips\n{\n  OFFSET 0 0\n}\n")
    said = bvhscope.report(tmp_path / "set", tmp_path / "page.html", previews=False, title="Set")
    assert said.startswith(f"wrote {tmp_path / 'page.html'}: 2 files (1 failed to read), 0 previews")
    page = (tmp_path / "page.html").read_text()
    assert "<title>Set</title>" in page and page.count('<tr id="f') == 2 and "malformed OFFSET" in page
    with pytest.raises(bvhscope.UsageError, match="--compare-to needs a folder"):
        bvhscope.report(tmp_path / "set", tmp_path / "other.html", compare_to=WALK)


@pytest.mark.parametrize("suffix", [".bvh", ".glb", ".fbx"])
def test_convert_writes_the_programs_bytes(tmp_path, suffix):
    ours = tmp_path / ("ours" + suffix)
    theirs = tmp_path / ("theirs" + suffix)
    report = bvhscope.convert(WALK, ours, frames=(10, 60), units="m")
    cli("convert", WALK, "-o", theirs, "--frames", "10:60", "--units", "m")
    assert ours.read_bytes() == theirs.read_bytes()
    assert report.startswith("wrote ") and "51 frames" in report


def test_a_body_is_a_flag_of_convert_and_save(tmp_path):
    ours = tmp_path / "ours.glb"
    theirs = tmp_path / "theirs.glb"
    report = bvhscope.load(WALK).save(ours, body=True, frames=(0, 9))
    cli("convert", WALK, "-o", theirs, "--body", "--frames", "0:9")
    assert ours.read_bytes() == theirs.read_bytes()
    assert "a skinned body of" in report
    with pytest.raises(bvhscope.UsageError, match="--body is for glTF"):
        bvhscope.convert(WALK, tmp_path / "walk.bvh", body=True)


def test_a_motion_loaded_upright_saves_upright(tmp_path):
    motion = bvhscope.load(CORPUS / "pybvh__bvh_example.bvh", up="auto")
    values = motion.channel_values.copy()
    # A command works on a copy: the motion is the same after a conversion that changes everything.
    motion.save(tmp_path / "changed.bvh", mirror=True, units="m", fps=10, rotation_order="XYZ")
    assert np.array_equal(motion.channel_values, values)
    motion.save(tmp_path / "upright.bvh")
    again = bvhscope.load(tmp_path / "upright.bvh")
    assert again.up_axis == "+y"
    height = np.ptp(motion.positions[..., 1])
    assert np.abs(again.positions - motion.positions).max() <= 1e-5 * height


def test_motions_from_memory_are_measured_rendered_and_saved(tmp_path):
    walk = bvhscope.load(WALK)
    parents = list(walk.parents)
    truth = walk.positions
    noisy = truth + np.random.default_rng(5).normal(scale=0.5, size=truth.shape).astype(np.float32)
    a = bvhscope.from_positions(truth, parents=parents, names=walk.joint_names, fps=walk.fps)
    b = bvhscope.from_positions(noisy, parents=parents, names=walk.joint_names, fps=walk.fps)
    result = bvhscope.compare(a, b)
    per_frame = np.linalg.norm(noisy - truth, axis=2).mean()
    assert result["mpjpe"] == pytest.approx(per_frame, rel=1e-5)
    assert result["frames_compared"] == walk.frame_count
    # Written as BVH with channels fitted, read back within the fit's error.
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", bvhscope.BvhscopeWarning)
        report = a.save(tmp_path / "fitted.bvh")
    assert "rotations fitted to the joint positions" in report
    back = bvhscope.load(tmp_path / "fitted.bvh")
    assert back.joint_names[: 3] == walk.joint_names[: 3]
    assert back.frame_count == walk.frame_count


def test_motions_are_handed_over_in_memory(tmp_path):
    copy = tmp_path / "walk.bvh"
    copy.write_bytes(WALK.read_bytes())
    motion = bvhscope.load(copy)
    expected = bvhscope.metrics(copy)
    # The file changes on disk: the motion in memory is what is measured, not the file read again.
    copy.write_text("HIERARCHY\n")
    assert bvhscope.metrics(motion) == expected
    assert bvhscope.info(motion)["file"] == str(copy)
    # Motions loaded apart, from different formats, go into one command.
    points = bvhscope.from_positions(motion.positions, parents=list(motion.parents), names=motion.joint_names,
                                     fps=motion.fps)
    assert bvhscope.compare(motion, points)["mpjpe"] < 1e-4
    # Saving onto the file it was read from is refused, as the program refuses it.
    with pytest.raises(bvhscope.UsageError, match="would overwrite the input"):
        motion.save(copy)


def test_motions_read_differently_are_refused_together():
    a = bvhscope.load(WALK, position_mode="replace")
    b = bvhscope.load(OTHER)
    with pytest.raises(bvhscope.UsageError, match="loaded with other options"):
        bvhscope.compare(a, b)


def test_command_failures_raise_located_errors(tmp_path):
    with pytest.raises(bvhscope.FileError) as raised:
        bvhscope.info(tmp_path / "missing.bvh")
    assert raised.value.file == str(tmp_path / "missing.bvh")
    broken = tmp_path / "broken.bvh"
    broken.write_text("HIERARCHY\nROOT Hips\n{\n  OFFSET 0 0 zero\n")
    with pytest.raises(bvhscope.FileError) as raised:
        bvhscope.metrics(broken)
    assert (raised.value.line, raised.value.column) == (4, 14)
    with pytest.raises(bvhscope.UsageError, match="would overwrite the input"):
        bvhscope.convert(WALK, WALK)
    with pytest.raises(bvhscope.UsageError, match="--align"):
        bvhscope.compare(SAMPLE, SAMPLE, align="sideways")
    with pytest.raises(bvhscope.UsageError, match="size"):
        bvhscope.render(SAMPLE, tmp_path / "x.png", size=(1, 2, 3))


def test_the_version_is_the_programs():
    assert "bvhscope " + bvhscope.__version__ == cli("--version").stdout.strip()


def test_a_motion_gives_what_its_file_gives(tmp_path):
    # Warnings, the file's name and the motion's place in its file, as the program reads the file.
    with_warnings = FIXTURES / "with_warnings.bvh"
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", bvhscope.BvhscopeWarning)
        motion = bvhscope.load(with_warnings)
    assert bvhscope.lint(motion) == cli_json("lint", with_warnings)[0]
    assert bvhscope.info(motion) == cli_json("info", with_warnings)
    batch = np.random.default_rng(2).normal(size=(3, 10, 22, 3)).astype(np.float32)
    np.save(tmp_path / "batch.npy", batch)
    third = bvhscope.load(tmp_path / "batch.npy", motion=2)
    assert bvhscope.info(third) == cli_json("info", tmp_path / "batch.npy", "--motion", "2")
    assert bvhscope.info(bvhscope.load_all(tmp_path / "batch.npy")[1]) == cli_json("info", tmp_path / "batch.npy",
                                                                                   "--motion", "1")
    # One motion given twice is one file given twice.
    walk = bvhscope.load(WALK)
    assert bvhscope.compare(walk, walk) == cli_json("compare", WALK, WALK)
    # An output may not overwrite the file a motion was read from, as for the file itself.
    copy = tmp_path / "walk.bvh"
    copy.write_bytes(WALK.read_bytes())
    read = bvhscope.load(copy)
    with pytest.raises(bvhscope.UsageError, match="would overwrite the input"):
        bvhscope.compare(read, walk, csv=copy)
    assert copy.read_bytes() == WALK.read_bytes()


def test_commands_leave_the_motion_as_it_was(tmp_path):
    motion = bvhscope.load(WALK)
    values = motion.channel_values.copy()
    positions = motion.positions.copy()
    bvhscope.info(motion)
    bvhscope.metrics(motion)
    bvhscope.lint(motion)
    bvhscope.compare(motion, OTHER, align="rigid", frames=(5, 50))
    motion.save(tmp_path / "a.bvh", frames=(3, 40), fps=24, mirror=True, in_place=True, ground=True, unwrap=True)
    motion.save(tmp_path / "a.glb", units="m")
    fresh = bvhscope.load(WALK)
    assert np.array_equal(motion.channel_values, values) and np.array_equal(fresh.channel_values, values)
    assert np.array_equal(motion.positions, positions)


def test_reading_options_go_to_load_not_to_commands_on_motions():
    motion = bvhscope.load(WALK)
    with pytest.raises(bvhscope.UsageError, match="motion, source_fps say how a file is read"):
        bvhscope.info(motion, motion=1, source_fps=30)
    with pytest.raises(bvhscope.UsageError, match="no file or motion"):
        bvhscope.lint([])


def test_text_that_is_not_utf8_round_trips(tmp_path):
    latin1 = SAMPLE.read_bytes().replace(b"LeftHip", b"LeftH\xefp", 1)
    path = tmp_path / "caf\udce9.bvh"  # the bytes b"caf\xe9.bvh": not UTF-8
    path.write_bytes(latin1)
    motion = bvhscope.load(path)
    assert "LeftH\udcefp" in motion.joint_names
    again = bvhscope.from_positions(motion.positions, parents=list(motion.parents), names=motion.joint_names)
    assert again.joint_names == motion.joint_names
    broken = tmp_path / "bad\udcff.bvh"
    broken.write_bytes(b"HIERARCHY\nROOT a\n{\n  OFFSET 0 0 x\n")
    with pytest.raises(bvhscope.FileError) as raised:
        bvhscope.info(broken)
    assert raised.value.file == str(broken) and os.path.exists(raised.value.file)


CMU = CORPUS / "assimp__01_01.bvh"
MIXAMO = CORPUS / "20tab__test_freebvh.bvh"


def test_retarget_writes_the_programs_bytes_and_returns_motions(tmp_path):
    ours = tmp_path / "ours.bvh"
    theirs = tmp_path / "theirs.bvh"
    report = bvhscope.retarget(CMU, MIXAMO, ours, frames=(0, 119), feet="free")
    cli("retarget", CMU, "--to", MIXAMO, "-o", theirs, "--frames", "0:119", "--feet", "free")
    assert ours.read_bytes() == theirs.read_bytes()
    assert report.startswith(f"wrote {ours}: 120 frames at 120.000 fps on {MIXAMO}'s skeleton (55 joints)")
    # Without an output: the result as a Motion, from motions in memory too.
    moved = bvhscope.retarget(bvhscope.load(CMU), bvhscope.load(MIXAMO), frames=(0, 119), feet="free")
    assert moved.joint_names == bvhscope.load(MIXAMO).joint_names
    assert moved.frame_count == 120
    assert np.array_equal(moved.positions, bvhscope.load(ours).positions)
    # Each driven bone points where the source's does: the left shin, frame by frame.
    source = bvhscope.load(CMU).positions[:120].astype(np.float64)
    names = bvhscope.load(CMU).joint_names
    shin = source[:, names.index("LeftFoot")] - source[:, names.index("LeftLeg")]
    at = moved.positions.astype(np.float64)
    theirs_shin = at[:, moved.joint_names.index("mixamorig:LeftFoot")] - at[:, moved.joint_names.index("mixamorig:LeftLeg")]
    cosines = np.sum(shin * theirs_shin, axis=1) / np.linalg.norm(shin, axis=1) / np.linalg.norm(theirs_shin, axis=1)
    assert cosines.min() > np.cos(np.radians(0.05))


def test_retarget_takes_a_map_as_a_dict_and_names_joints_that_do_not_exist(tmp_path):
    moved = bvhscope.retarget(CMU, MIXAMO, map={"Head": "mixamorig:Head"}, frames=(0, 9))
    assert moved.frame_count == 10
    with pytest.raises(bvhscope.FileError) as raised:
        bvhscope.retarget(CMU, MIXAMO, map={"Head": "mixamorig:Head", "Skull": "mixamorig:Neck"}, frames=(0, 9))
    assert (raised.value.file, raised.value.line) == ("map", 2)
    assert "the source has no joint 'Skull' (line 2)" in raised.value.message
    with pytest.raises(bvhscope.UsageError):
        bvhscope.retarget(CMU, MIXAMO, map={"Head,": "mixamorig:Head"})
    with pytest.raises(bvhscope.FileError) as raised:
        bvhscope.retarget(CMU, CORPUS / "rgbdacq__lhand.bvh", tmp_path / "x.bvh")
    assert raised.value.message.startswith("not a humanoid rig: no legs found")
    assert not (tmp_path / "x.bvh").exists()
    with pytest.raises(bvhscope.UsageError):
        bvhscope.retarget(bvhscope.load(CMU, position_mode="add"), MIXAMO)


def _procrustes_error(ref: np.ndarray, other: np.ndarray) -> float:
    """Mean joint distance after the least-squares similarity (Umeyama's SVD, no reflection)."""
    a = ref - ref.mean(axis=0)
    b = other - other.mean(axis=0)
    u, singular, vt = np.linalg.svd(b.T @ a)
    d = np.sign(np.linalg.det(vt.T @ u.T))
    fix = np.diag([1.0, 1.0, d])
    rotation = vt.T @ fix @ u.T
    scale = np.trace(np.diag(singular) @ fix) / (b ** 2).sum()
    return float(np.linalg.norm(scale * b @ rotation.T - a, axis=1).mean())


def test_pa_mpjpe_is_numpys_procrustes():
    walk = bvhscope.load(WALK)
    truth = walk.positions[:120].astype(np.float64)
    # The same motion turned, scaled, moved and shaken: PA-MPJPE sees only the shaking.
    rng = np.random.default_rng(7)
    angle = np.radians(35.0)
    turn = np.array([[1.0, 0.0, 0.0], [0.0, np.cos(angle), -np.sin(angle)], [0.0, np.sin(angle), np.cos(angle)]])
    shaken = truth + rng.normal(scale=0.3, size=truth.shape)
    other = 1.3 * shaken @ turn.T + np.array([10.0, -4.0, 2.5])
    moved = bvhscope.from_positions(other.astype(np.float32), parents=list(walk.parents), names=list(walk.joint_names),
                                    fps=walk.fps)
    got = bvhscope.compare(walk, moved, frames=(0, 119))
    assert got["frames_compared"] == 120
    # Compared: the joints (End Sites pair by their parents' names only, and the array has none).
    joints = ~np.asarray(walk.end_sites, dtype=bool)
    other32 = other.astype(np.float32).astype(np.float64)
    expected = np.mean([_procrustes_error(truth[f][joints], other32[f][joints]) for f in range(120)])
    assert got["pa_mpjpe"] == pytest.approx(expected, rel=1e-5)
    assert got["mpjpe"] > 10 * got["pa_mpjpe"]
    # Aligned by that fit, the errors are PA-MPJPE's.
    aligned = bvhscope.compare(walk, moved, frames=(0, 119), align="procrustes")
    assert aligned["mpjpe"] == pytest.approx(expected, rel=1e-5)
    assert aligned["pa_mpjpe"] == pytest.approx(expected, rel=1e-5)

"""bvhscope.load and its Motion: the positions equal the program's export bit for bit on every
corpus file, channels and rotations are the file's, joint arrays load as themselves, errors are
located, and the GIL is released while the engine works."""

from __future__ import annotations

import csv
import io
import threading
import time
import warnings

import numpy as np
import pytest

import bvhscope
from conftest import CORPUS, FIXTURES, SAMPLE, cli, cli_json, corpus_files


def exported(path, *options: str) -> tuple[list[str], np.ndarray]:
    """`bvhscope export` of a file: the joint names of its header and its positions (float32)."""
    text = cli("export", path, *options).stdout
    rows = list(csv.reader(io.StringIO(text)))
    header = rows[0][1:]
    names = [header[k][:-2] for k in range(0, len(header), 3)]
    values = np.array([[float(v) for v in row[1:]] for row in rows[1:]], dtype=np.float64).astype(np.float32)
    return names, values.reshape(len(rows) - 1, len(names), 3)


@pytest.mark.parametrize("path", corpus_files(), ids=lambda p: p.name)
def test_positions_equal_export_bit_for_bit(path):
    motion = bvhscope.load(path)
    names, positions = exported(path)
    assert motion.joint_names == names
    assert motion.positions.dtype == np.float32
    assert motion.positions.shape == positions.shape
    assert np.array_equal(motion.positions, positions)
    # Turned upright as export --up turns them.
    upright = bvhscope.load(path, up="auto")
    assert upright.up_axis == "+y"
    assert np.array_equal(upright.positions, exported(path, "--up", "auto")[1])


@pytest.mark.parametrize("name", ["cmu_131_01.glb", "pybvh_example_zup.fbx", "daz_05_20.fbx"])
def test_gltf_and_fbx_load_as_export_reads_them(name):
    path = FIXTURES / "blender" / name
    motion = bvhscope.load(path)
    assert motion.format == ("glTF" if name.endswith(".glb") else "FBX")
    names, positions = exported(path)
    assert motion.joint_names == names
    assert np.array_equal(motion.positions, positions)
    assert motion.local_rotations("quat").shape == (len(motion), len(names), 4)


def test_motion_describes_the_file():
    motion = bvhscope.load(SAMPLE)
    reported = cli_json("info", SAMPLE)
    assert motion.frame_count == len(motion) == reported["frames"] == 994
    assert motion.frame_time == pytest.approx(reported["frame_time"], abs=0)
    assert motion.fps == pytest.approx(120.0, rel=1e-5)
    assert motion.unit == reported["unit_guess"]
    assert motion.up_axis == reported["up_axis"]
    assert motion.position_mode == reported["position_mode"]
    assert motion.format == "BVH"
    assert motion.parents[0] == -1 and all(motion.parents[k] < k for k in range(1, len(motion.parents)))
    assert motion.offsets.shape == (38, 3)
    assert int(motion.end_sites.sum()) == 7  # info: "31 (+7 End Sites)"
    assert "sample.bvh" in repr(motion)
    # The positions are computed once and kept, read-only.
    assert motion.positions is motion.positions
    with pytest.raises(ValueError):
        motion.positions[0, 0, 0] = 1.0


def test_channel_values_are_the_rotation_columns_export_writes(tmp_path):
    motion = bvhscope.load(SAMPLE)
    cli("export", SAMPLE, "-o", tmp_path / "positions.csv", "--rotations", tmp_path / "rotations.csv")
    text = (tmp_path / "rotations.csv").read_text()
    rows = list(csv.reader(io.StringIO(text)))
    header = rows[0][1:]
    values = np.array([[float(v) for v in row[1:]] for row in rows[1:]]).astype(np.float32)
    rotation_columns = [k for k, name in enumerate(motion.channels) if "rotation" in name]
    assert [motion.channels[k].replace("rotation", "") for k in rotation_columns] == header
    assert np.array_equal(motion.channel_values[:, rotation_columns], values)
    assert not motion.channel_values.flags.writeable


def axis_matrix(axis: int, degrees: np.ndarray) -> np.ndarray:
    c, s = np.cos(np.radians(degrees)), np.sin(np.radians(degrees))
    m = np.zeros(degrees.shape + (3, 3))
    i, j = [(1, 2), (2, 0), (0, 1)][axis]
    m[..., axis, axis] = 1
    m[..., i, i] = c
    m[..., j, j] = c
    m[..., i, j] = -s
    m[..., j, i] = s
    return m


@pytest.mark.parametrize("path", [SAMPLE, CORPUS / "bvh11__131_01.bvh", CORPUS / "pybvh__rotation_first_root.bvh"],
                         ids=lambda p: p.name)
def test_local_rotations_recompose_the_channels(path):
    motion = bvhscope.load(path)
    values = motion.channel_values.astype(np.float64)
    quats = motion.local_rotations("quat")
    eulers = motion.local_rotations("zyx")
    assert quats.shape == (len(motion), len(motion.joint_names), 4)
    for joint, name in enumerate(motion.joint_names):
        expected = np.broadcast_to(np.eye(3), (len(motion), 3, 3))
        for k, channel in enumerate(motion.channels):
            if channel.startswith(name + ".") and channel.endswith("rotation") and channel.count(".") == name.count(".") + 1:
                expected = expected @ axis_matrix("XYZ".index(channel[-9]), values[:, k])
        w, x, y, z = np.moveaxis(quats[:, joint], -1, 0)
        from_quat = np.stack([
            np.stack([1 - 2 * (y * y + z * z), 2 * (x * y - w * z), 2 * (x * z + w * y)], -1),
            np.stack([2 * (x * y + w * z), 1 - 2 * (x * x + z * z), 2 * (y * z - w * x)], -1),
            np.stack([2 * (x * z - w * y), 2 * (y * z + w * x), 1 - 2 * (x * x + y * y)], -1)], -2)
        assert np.allclose(from_quat, expected, atol=1e-9), name
        assert (w >= 0).all()
        a, b, c = np.moveaxis(eulers[:, joint], -1, 0)
        from_euler = axis_matrix(2, a) @ axis_matrix(1, b) @ axis_matrix(0, c)
        assert np.allclose(from_euler, expected, atol=1e-9), name
        # Continuous: no jump of a whole turn between frames.
        assert (np.abs(np.diff(eulers[:, joint], axis=0)) < 180).all(), name


def test_joint_arrays_load_as_themselves(tmp_path):
    rng = np.random.default_rng(7)
    humanml3d = rng.normal(size=(40, 22, 3)).astype(np.float32)
    np.save(tmp_path / "h.npy", humanml3d)
    motion = bvhscope.load(tmp_path / "h.npy")
    assert motion.holds_positions and motion.format == "NumPy array"
    assert motion.fps == pytest.approx(20.0)
    assert sorted(motion.array_joints.tolist()) == list(range(22))
    assert list(motion.array_joints[:4]) == [0, 1, 4, 7]  # pelvis, then the left leg: depth-first
    assert np.array_equal(motion.positions, humanml3d[:, motion.array_joints])
    assert motion.local_rotations() is None
    assert motion.channel_values.shape == (40, 0)
    # Another joint count, float64, Fortran order: unconnected points, in the array's order.
    points = np.asfortranarray(rng.normal(size=(5, 7, 3)))
    np.save(tmp_path / "p.npy", points)
    loose = bvhscope.load(tmp_path / "p.npy", source_fps=25)
    assert loose.fps == pytest.approx(25.0)
    assert np.array_equal(loose.positions, points.astype(np.float32))
    assert list(loose.array_joints) == list(range(7))


def test_load_all_gives_every_motion_of_a_batch(tmp_path):
    batch = np.random.default_rng(3).normal(size=(3, 12, 22, 3)).astype(np.float32)
    np.save(tmp_path / "batch.npy", batch)
    motions = bvhscope.load_all(tmp_path / "batch.npy")
    assert [m.name for m in motions] == ["motion 0", "motion 1", "motion 2"]
    for k, motion in enumerate(motions):
        assert np.array_equal(motion.positions, batch[k][:, motion.array_joints])
    assert np.array_equal(bvhscope.load(tmp_path / "batch.npy", motion=2).positions, motions[2].positions)


def test_from_positions_reads_arrays_as_the_npy_reader_does(tmp_path):
    rng = np.random.default_rng(11)
    values = rng.normal(size=(30, 4, 3))
    motion = bvhscope.from_positions(values, parents=[-1, 0, 1, 0], names=["root", "a", "b", "c"], fps=50)
    assert motion.joint_names == ["root", "a", "b", "c"]
    assert list(motion.parents) == [-1, 0, 1, 0]
    assert motion.fps == pytest.approx(50.0)
    assert np.array_equal(motion.positions, values.astype(np.float32))
    # Not depth-first in the array: reordered, and array_joints maps back.
    shuffled = bvhscope.from_positions(values, parents=[-1, 0, 0, 1])
    assert shuffled.joint_names == ["joint0", "joint1", "joint3", "joint2"]
    assert np.array_equal(shuffled.positions, values.astype(np.float32)[:, shuffled.array_joints])
    # A HumanML3D-shaped array without a skeleton takes HumanML3D's.
    human = bvhscope.from_positions(rng.normal(size=(8, 22, 3)).astype(np.float32))
    assert human.joint_names[0] == "pelvis" and human.fps == pytest.approx(20.0)


@pytest.mark.parametrize("arguments, text", [
    (dict(parents=[-1, 0, 5]), "parent 5 is not a joint"),
    (dict(parents=[-1, 0]), "2 parents for an array of 3 joints"),
    (dict(parents=[-1, 0, 1], names=["a", "b b", "c"]), "holds a space"),
    (dict(parents=[-1, 0, 1], names=["a", "b", "a"]), "given twice"),
    (dict(names=["a", "b", "c"]), "names need parents"),
    (dict(parents=[1, 2, 0]), "cycle"),
])
def test_from_positions_refuses_a_wrong_skeleton(arguments, text):
    with pytest.raises(bvhscope.Error, match=text):
        bvhscope.from_positions(np.zeros((2, 3, 3)), **arguments)


def test_from_positions_refuses_a_wrong_shape_or_values():
    with pytest.raises(bvhscope.UsageError, match=r"\(frames, joints, 3\)"):
        bvhscope.from_positions(np.zeros((2, 3)))
    bad = np.zeros((2, 3, 3))
    bad[1, 2, 0] = np.nan
    with pytest.raises(bvhscope.FileError, match="frame 1, joint 2"):
        bvhscope.from_positions(bad)


def test_errors_are_located_as_the_program_locates_them(tmp_path):
    broken = tmp_path / "broken.bvh"
    broken.write_text("HIERARCHY\nROOT Hips\n{\n  OFFSET 0 0 zero\n  CHANNELS 0\n}\n")
    reported = cli("info", broken, check=False)
    assert reported.returncode == 1
    location, _, message = reported.stderr.strip().partition(": error: ")
    with pytest.raises(bvhscope.FileError) as raised:
        bvhscope.load(broken)
    error = raised.value
    assert f"{error.file}:{error.line}:{error.column}" == location
    assert (error.line, error.column) == (4, 14)
    assert error.message == message
    assert isinstance(error, bvhscope.Error)
    with pytest.raises(bvhscope.FileError, match="No such file"):
        bvhscope.load(tmp_path / "missing.bvh")
    with pytest.raises(bvhscope.UsageError, match="--position-mode must be auto, add or replace, not 'sideways'"):
        bvhscope.load(SAMPLE, position_mode="sideways")
    with pytest.raises(bvhscope.UsageError, match="--up must be"):
        bvhscope.load(SAMPLE, up="north")
    with pytest.raises(bvhscope.FileError, match="one motion"):
        bvhscope.load(SAMPLE, motion=1)
    with pytest.raises(bvhscope.UsageError, match="order must be"):
        bvhscope.load(SAMPLE).local_rotations("xxy")


def test_warnings_are_located_warnings():
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        motion = bvhscope.load(FIXTURES / "with_warnings.bvh")
    texts = [str(w.message) for w in caught if issubclass(w.category, bvhscope.BvhscopeWarning)]
    assert texts == motion.warnings
    assert any("with_warnings.bvh:18:13: warning: frame time is 0" in text for text in texts)


def long_file(tmp_path, repeats: int):
    source = SAMPLE.read_text().split("MOTION")
    head, motion = source[0], source[1].strip().splitlines()
    rows = motion[2:] * repeats
    path = tmp_path / "long.bvh"
    path.write_text(head + "MOTION\nFrames: %d\n%s\n%s\n" % (len(rows), motion[1], "\n".join(rows)))
    return path, len(rows)


def test_the_gil_is_released_while_a_file_is_read_and_posed(tmp_path):
    big, frames = long_file(tmp_path, 100)  # 70 MB: a load and its posing take a while
    spans = {}

    def work():
        start = time.perf_counter()
        spans["shape"] = bvhscope.load(big).positions.shape
        spans["took"] = time.perf_counter() - start

    worker = threading.Thread(target=work)
    longest_pause = 0.0
    worker.start()
    last = time.perf_counter()
    while worker.is_alive():
        now = time.perf_counter()
        longest_pause = max(longest_pause, now - last)
        last = now
    worker.join()
    assert spans["shape"] == (frames, 38, 3)
    # This thread ran all along: held by the engine, the GIL would have stopped it for the whole
    # load and posing (and a busy machine stops it for a scheduler's slice, far less than half).
    assert longest_pause < spans["took"] / 2, (longest_pause, spans["took"])


def test_two_loads_overlap_in_time(tmp_path):
    big, _ = long_file(tmp_path, 100)
    worker = threading.Thread(target=lambda: bvhscope.load(big).positions)
    worker.start()
    inside = []  # (start, end) of each small load made while the long one ran
    while worker.is_alive():
        start = time.perf_counter()
        bvhscope.load(SAMPLE).positions
        if worker.is_alive():
            inside.append(time.perf_counter() - start)
    worker.join()
    # Loads held under the GIL would run one after the other: no small load could begin and end
    # while the long one ran, but the one begun before the long one entered the engine.
    assert len(inside) >= 3

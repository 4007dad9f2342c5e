#!/usr/bin/python3
"""Joint arrays written by NumPy itself (np.save), read by `bvhscope export`: every joint's position
at every frame equals the array's (as float32), found by the joint names of the dataset's layout,
for float32/float64/float16, both byte orders, C and Fortran order, MDM's (motions, joints, 3,
frames) batches with --motion, and HumanML3D/KIT-ML feature vectors against a decoder written here
from the dataset's recover_from_ric (quaternions, as it does). The frame times follow the layouts'
rates and --source-fps.

usage: numpy_arrays_check.py BVHSCOPE"""
import csv
import io
import os
import subprocess
import sys
import tempfile

import numpy as np

BVHSCOPE = sys.argv[1]
HUMANML3D = ["pelvis", "left_hip", "right_hip", "spine1", "left_knee", "right_knee", "spine2", "left_ankle",
             "right_ankle", "spine3", "left_foot", "right_foot", "neck", "left_collar", "right_collar", "head",
             "left_shoulder", "right_shoulder", "left_elbow", "right_elbow", "left_wrist", "right_wrist"]
KIT = ["root", "pelvis", "chest", "neck", "head", "left_shoulder", "left_elbow", "left_wrist", "right_shoulder",
       "right_elbow", "right_wrist", "left_hip", "left_knee", "left_ankle", "left_metatarsal", "left_toe",
       "right_hip", "right_knee", "right_ankle", "right_metatarsal", "right_toe"]
failures = []


def export(path, *options):
    run = subprocess.run([BVHSCOPE, "export", path, *options], capture_output=True, text=True)
    if run.returncode != 0:
        raise SystemExit(f"export {path} {options} failed ({run.returncode}): {run.stderr}")
    rows = list(csv.reader(io.StringIO(run.stdout)))
    return rows[0], np.array(rows[1:], dtype=np.float64), run.stderr


def check(label, path, expected, names, frame_time, *options, tolerance=0.0):
    """expected: (frames, joints, 3) in the array's joint order."""
    header, values, _ = export(path, *options)
    if values.shape[0] != expected.shape[0]:
        failures.append(f"{label}: {values.shape[0]} frames, expected {expected.shape[0]}")
        return
    times = np.arange(expected.shape[0]) * frame_time
    if not np.allclose(values[:, 0], times, rtol=0, atol=1e-9):
        failures.append(f"{label}: Time column {values[:3, 0]}..., expected {times[:3]}...")
    worst = 0.0
    for j, name in enumerate(names):
        for c, axis in enumerate("XYZ"):
            column = header.index(f"{name}.{axis}")
            # The CSV holds the shortest text that reads back as the same float32.
            got = values[:, column].astype(np.float32).astype(np.float64)
            want = expected[:, j, c].astype(np.float32).astype(np.float64)
            error = np.max(np.abs(got - want))
            worst = max(worst, error)
    if worst > tolerance:
        failures.append(f"{label}: a position is {worst} off (tolerance {tolerance})")
    print(f"{label}: {expected.shape[0]} frames x {len(names)} joints, largest difference {worst:g}")


def qinv(q):
    return q * np.array([1, -1, -1, -1])


def qrot(q, v):
    u = q[..., 1:]
    t = 2 * np.cross(u, v)
    return v + q[..., :1] * t + np.cross(u, t)


def recover_from_ric(data, joints):
    """HumanML3D's recover_from_ric (via recover_root_rot_pos), in NumPy."""
    rot_vel = data[:, 0]
    angle = np.zeros_like(rot_vel)
    angle[1:] = rot_vel[:-1]
    angle = np.cumsum(angle)
    quat = np.zeros(data.shape[:-1] + (4,))
    quat[:, 0] = np.cos(angle)
    quat[:, 2] = np.sin(angle)
    root = np.zeros(data.shape[:-1] + (3,))
    root[1:, [0, 2]] = data[:-1, 1:3]
    root = qrot(qinv(quat), root)
    root = np.cumsum(root, axis=0)
    root[:, 1] = data[:, 3]
    local = data[:, 4:(joints - 1) * 3 + 4].reshape(-1, joints - 1, 3)
    turned = qrot(np.repeat(qinv(quat)[:, None, :], joints - 1, axis=1), local)
    turned[..., 0] += root[:, None, 0]
    turned[..., 2] += root[:, None, 2]
    return np.concatenate([root[:, None, :], turned], axis=1)


rng = np.random.default_rng(29)
with tempfile.TemporaryDirectory() as folder:
    def save(name, array):
        path = os.path.join(folder, name)
        np.save(path, array)
        return path

    walk = rng.normal(0.0, 0.4, (37, 22, 3)) + np.array([0.0, 1.0, 0.0])
    check("float32, C order", save("a.npy", walk.astype(np.float32)), walk, HUMANML3D, 1 / 20)
    check("float64, Fortran order", save("b.npy", np.asfortranarray(walk)), walk, HUMANML3D, 1 / 20)
    check("big-endian float32", save("c.npy", walk.astype(">f4")), walk, HUMANML3D, 1 / 20)
    half = walk.astype(np.float16)
    check("float16", save("d.npy", half), half.astype(np.float64), HUMANML3D, 1 / 20)
    check("--source-fps 60", save("e.npy", walk.astype(np.float32)), walk, HUMANML3D, 1 / 60, "--source-fps", "60")
    kit = rng.normal(0.0, 400.0, (11, 21, 3))
    check("KIT-ML, 12.5 fps", save("f.npy", kit.astype(np.float32)), kit, KIT, 1 / 12.5)
    mdm = rng.normal(0.0, 0.5, (3, 22, 3, 19)).astype(np.float32)  # MDM: (samples, joints, 3, frames)
    check("MDM layout, --motion 2", save("g.npy", mdm), mdm[2].transpose(2, 0, 1), HUMANML3D, 1 / 20, "--motion", "2")
    _, _, warned = export(save("h.npy", mdm))
    if "the file holds 3 motions; the first is used (--motion K picks another)" not in warned:
        failures.append(f"a batch without --motion: no warning naming its 3 motions: {warned!r}")

    for joints, width, names, fps in ((22, 263, HUMANML3D, 20), (21, 251, KIT, 12.5)):
        features = rng.normal(0.0, 0.3, (25, width))
        features[:, 0] *= 0.1  # yaw velocities of a few degrees a frame
        features[:, 3] += 1.0  # root height
        expected = recover_from_ric(features, joints)
        check(f"({25}, {width}) features", save(f"features{width}.npy", features.astype(np.float32)),
              recover_from_ric(features.astype(np.float32).astype(np.float64), joints), names, 1 / fps,
              tolerance=2e-6 * max(1.0, float(np.abs(expected).max())))

if failures:
    print("\n".join("FAILED: " + failure for failure in failures))
    sys.exit(1)
print("all joint arrays read as NumPy wrote them")

#!/usr/bin/python3
"""Joint arrays written by NumPy itself (np.save), read by `bvhscope export`: every joint's position
at every frame equals the array's (as float32), found by the joint names of the dataset's layout,
for float32/float64/float16, both byte orders, C and Fortran order, MDM's (motions, joints, 3,
frames) batches with --motion, and HumanML3D/KIT-ML feature vectors against a decoder written here
from the dataset's recover_from_ric (quaternions, as it does). The frame times follow the layouts'
rates and --source-fps. MDM's results.npy as np.save pickles it (each sample a motion, cut to its
length, named by its prompt in `info --json`; a pickle naming os.system refused). Archives from
np.savez and np.savez_compressed (--key, info --json's motions), --skeleton FILE, and normalised
feature vectors with --mean/--std. And `convert X.npy -o X.bvh` (rotations fitted to the positions): the BVH,
read by a reader written here (tokens, then forward kinematics in NumPy), puts every joint where
the array has it (rigid skeletons to float rounding; stretching bones within their stretch), stands
in a T-pose at rest (all channels 0), and the fit's printed error agrees with the one found here.

usage: numpy_arrays_check.py BVHSCOPE"""
import csv
import io
import json
import os
import re
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


def rotation(axis, degrees):
    c, s = np.cos(np.radians(degrees)), np.sin(np.radians(degrees))
    i, j = {"X": (1, 2), "Y": (2, 0), "Z": (0, 1)}[axis]
    m = np.zeros(degrees.shape + (3, 3))
    k = 3 - i - j
    m[..., k, k] = 1
    m[..., i, i] = c
    m[..., j, j] = c
    m[..., i, j] = -s
    m[..., j, i] = s
    return m


def bvh_positions(path):
    """{name: (frames, 3)} for every ROOT and JOINT of a BVH file, and the rest pose (channels 0)."""
    tokens = open(path).read().split()
    joints, stack, at = [], [], 0
    while tokens[at] != "MOTION":
        word = tokens[at]
        if word in ("ROOT", "JOINT"):
            joints.append({"name": tokens[at + 1], "parent": stack[-1] if stack else -1, "channels": []})
            stack.append(len(joints) - 1)
            at += 2
        elif word == "End":
            stack.append(None)
            at += 2
        elif word == "OFFSET":
            if stack[-1] is not None:
                joints[stack[-1]]["offset"] = np.array([float(t) for t in tokens[at + 1:at + 4]])
            at += 4
        elif word == "CHANNELS":
            count = int(tokens[at + 1])
            joints[stack[-1]]["channels"] = tokens[at + 2:at + 2 + count]
            at += 2 + count
        elif word == "}":
            stack.pop()
            at += 1
        else:
            at += 1
    frames = int(tokens[at + 2])
    values = np.array([float(t) for t in tokens[at + 6:]]).reshape(frames, -1)
    rest = np.zeros((1, values.shape[1]))
    result = []
    for table in (values, rest):
        column, world_r, world_p, positions = 0, [], [], {}
        for joint in joints:
            r = np.broadcast_to(np.eye(3), (table.shape[0], 3, 3)).copy()
            t = np.broadcast_to(joint["offset"], (table.shape[0], 3)).copy()
            for kind in joint["channels"]:
                if kind.endswith("rotation"):
                    r = r @ rotation(kind[0], table[:, column])
                else:
                    t[:, "XYZ".index(kind[0])] += table[:, column]
                column += 1
            if joint["parent"] < 0:
                world_r.append(r)
                world_p.append(t)
            else:
                pr, pp = world_r[joint["parent"]], world_p[joint["parent"]]
                world_r.append(pr @ r)
                world_p.append(pp + np.einsum("fij,fj->fi", pr, t))
            positions[joint["name"]] = world_p[-1]
        result.append(positions)
    return result[0], result[1]


def smpl_motion(frames, rng, stretch=0.0):
    """A HumanML3D-shaped (frames, 22, 3) motion: forward kinematics of SMPL-like offsets (metres)
    under smooth random rotations, walking; `stretch` lengthens and shortens the bones."""
    parents = [-1, 0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 9, 9, 12, 13, 14, 16, 17, 18, 19]
    offsets = np.array([[0, .93, 0], [.06, -.09, 0], [-.06, -.09, 0], [0, .11, -.02], [.04, -.38, 0], [-.04, -.38, 0],
                        [0, .14, .01], [-.01, -.4, -.04], [.01, -.4, -.04], [0, .06, .03], [.02, -.06, .12],
                        [-.02, -.06, .12], [0, .21, -.03], [.08, .12, -.02], [-.08, .12, -.02], [0, .09, .05],
                        [.12, .04, -.01], [-.12, .04, -.01], [.03, -.25, -.02], [-.03, -.25, -.02], [0, -.25, .01],
                        [0, -.25, .01]])
    t = np.arange(frames)[:, None] * 0.05
    phases = rng.uniform(0, 6.28, (3, 22))
    angles = 25 * np.sin(2 * t[:, :, None] + phases.T[None])  # (frames, 22, 3) degrees
    angles[:, 0, 1] = np.arange(frames) * 4.0  # the root turns
    world_r, world_p = [], []
    for j in range(22):
        r = rotation("Z", angles[:, j, 0]) @ rotation("X", angles[:, j, 1] * (j > 0)) @ rotation("Y", angles[:, j, 2])
        if j == 0:
            r = rotation("Y", angles[:, 0, 1])
        offset = offsets[j] * (1 + stretch * np.sin(3 * t + j))
        if parents[j] < 0:
            world_r.append(r)
            world_p.append(offset + np.concatenate([0.4 * t, 0 * t, 0.1 * t], axis=1))
        else:
            pr = world_r[parents[j]]
            world_r.append(pr @ r)
            world_p.append(world_p[parents[j]] + np.einsum("fij,fj->fi", pr, offset))
    return np.stack(world_p, axis=1)


def check_fit(label, path, expected, names, tolerance, mean_tolerance=None):
    out = path[:-4] + ".bvh"
    run = subprocess.run([BVHSCOPE, "convert", path, "-o", out], capture_output=True, text=True)
    if run.returncode != 0:
        failures.append(f"{label}: convert failed ({run.returncode}): {run.stderr}")
        return
    positions, rest = bvh_positions(out)
    errors = np.stack([np.linalg.norm(positions[name] - expected[:, j], axis=1) for j, name in enumerate(names)], 1)
    worst, mean = errors.max(), errors.mean()
    if worst > tolerance:
        failures.append(f"{label}: a joint of the BVH is {worst} from the array's (tolerance {tolerance})")
    if mean_tolerance is not None and mean > mean_tolerance:
        failures.append(f"{label}: the mean joint error is {mean} (tolerance {mean_tolerance})")
    # The printed error (in mm for these metre-sized figures) is the one found here, to rounding.
    printed = float(run.stdout.split("error max ")[1].split(" mm")[0])
    if abs(printed - worst * 1000) > 0.002 + 1e-3 * worst * 1000:
        failures.append(f"{label}: convert printed an error of {printed} mm, the BVH has {worst * 1000} mm")
    # At rest: upright (the head 1.3 m or more above the ankles), arms out to the sides, left on +X.
    if rest["head"][0, 1] - rest["left_ankle"][0, 1] < 1.3:
        failures.append(f"{label}: the rest pose is not upright: head {rest['head'][0]}, ankle {rest['left_ankle'][0]}")
    if not (rest["left_wrist"][0, 0] > 0.5 and rest["right_wrist"][0, 0] < -0.5):
        failures.append(f"{label}: the rest pose is not a T-pose: wrists {rest['left_wrist'][0]} {rest['right_wrist'][0]}")
    print(f"{label}: fitted BVH, largest joint error {worst:g} m, mean {mean:g} m; convert said: "
          + run.stdout.strip().splitlines()[-1])


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

    # MDM's results.npy, saved by NumPy itself as MDM's sample.py saves it (a pickled dict).
    samples, repetitions, frames = 3, 2, 40
    motion = rng.normal(0.0, 0.5, (samples * repetitions, 22, 3, frames)).astype(np.float32)
    prompts = [f"a person does thing {k}" for k in range(samples)] * repetitions
    lengths = np.array([40, 25, 31, 12, 40, 7])
    results = save("results.npy", {"motion": motion, "text": prompts, "lengths": lengths,
                                   "num_samples": samples, "num_repetitions": repetitions})
    for k in (0, 3, 5):
        check(f"MDM results.npy, --motion {k}", results, motion[k].transpose(2, 0, 1)[:lengths[k]], HUMANML3D, 1 / 20,
              "--motion", str(k))
    described = subprocess.run([BVHSCOPE, "info", results, "--json", "--motion", "4"], capture_output=True, text=True)
    listing = json.loads(described.stdout) if described.returncode == 0 else {}
    want = [{"name": prompts[k], "frames": int(lengths[k]), "fps": 20} for k in range(samples * repetitions)]
    if listing.get("motions") != want or listing.get("motion") != 4 or listing.get("frames") != 40:
        failures.append(f"info --json of results.npy: {described.stderr} {listing.get('motions')} != {want}")
    else:
        print(f"MDM results.npy: info --json lists {len(want)} motions with their prompts and lengths")
    evil = os.path.join(folder, "evil.npy")
    np.save(evil, np.array([os.system], dtype=object), allow_pickle=True)
    refused = subprocess.run([BVHSCOPE, "info", evil], capture_output=True, text=True)
    if refused.returncode != 1 or "the pickle names posix.system" not in refused.stderr:
        failures.append(f"a pickle naming os.system: exit {refused.returncode}, {refused.stderr!r}")
    else:
        print("a pickle naming os.system is refused: " + refused.stderr.strip())

    # .npz archives as NumPy writes them: np.savez (stored) and np.savez_compressed (deflated, ZIP64
    # headers): every array of positions a motion named by its key, --key picks one, an array of
    # text beside them is left out with a warning.
    other = rng.normal(0.0, 0.3, (13, 22, 3))
    for name, saver in (("stored.npz", np.savez), ("deflated.npz", np.savez_compressed)):
        path = os.path.join(folder, name)
        saver(path, walk=walk.astype(np.float32), other=other, text=np.array(["a person walks"]))
        check(f"{name}, --motion 1", path, other, HUMANML3D, 1 / 20, "--motion", "1")
        check(f"{name}, --key walk", path, walk, HUMANML3D, 1 / 20, "--key", "walk")
        _, _, warned = export(path)
        if not re.search(r"/text\.npy(:\d+:\d+)?: warning: left out \(not a motion\): element type '<U14' is not read",
                         warned):
            failures.append(f"{name}: no warning for its text array: {warned!r}")
        described = subprocess.run([BVHSCOPE, "info", path, "--json"], capture_output=True, text=True)
        listing = json.loads(described.stdout) if described.returncode == 0 else {}
        want = [{"name": "walk", "frames": 37, "fps": 20}, {"name": "other", "frames": 13, "fps": 20}]
        if listing.get("format") != "NumPy archive (.npz)" or listing.get("motions") != want:
            failures.append(f"info --json of {name}: {described.stderr} {listing.get('format')} "
                            f"{listing.get('motions')} != {want}")

    # --skeleton FILE: names and a tree for a joint count no layout has.
    skeleton = os.path.join(folder, "five.txt")
    with open(skeleton, "w") as out:
        out.write("# five joints\nhips -\nspine hips\nhead spine\nleft_hand 1\nright_hand spine\n")
    five = rng.normal(0.0, 0.3, (9, 5, 3))
    check("--skeleton FILE", save("five.npy", five.astype(np.float32)), five,
          ["hips", "spine", "head", "left_hand", "right_hand"], 1 / 30, "--skeleton", skeleton)

    # --mean/--std: HumanML3D features as a model outputs them, normalised by the dataset's statistics.
    features = rng.normal(0.0, 0.3, (21, 263))
    features[:, 0] *= 0.1
    features[:, 3] += 1.0
    mean = rng.normal(0.0, 0.2, 263).astype(np.float32)
    std = rng.uniform(0.2, 1.5, 263).astype(np.float32)
    normalised = ((features - mean) / std).astype(np.float32)
    unnormalised = normalised.astype(np.float64) * std.astype(np.float64) + mean.astype(np.float64)
    expected = recover_from_ric(unnormalised, 22)
    check("normalised features, --mean --std", save("normalised.npy", normalised), expected, HUMANML3D, 1 / 20,
          "--mean", save("Mean.npy", mean), "--std", save("Std.npy", std),
          tolerance=2e-6 * max(1.0, float(np.abs(expected).max())))

    rigid = smpl_motion(90, rng)
    check_fit("convert to BVH, rigid bones", save("fit_rigid.npy", rigid.astype(np.float32)), rigid, HUMANML3D, 1e-5)
    stretched = smpl_motion(90, rng, stretch=0.05) + rng.normal(0.0, 0.005, (90, 22, 3))
    check_fit("convert to BVH, stretching bones", save("fit_stretched.npy", stretched.astype(np.float32)), stretched,
              HUMANML3D, 0.2, mean_tolerance=0.03)

if failures:
    print("\n".join("FAILED: " + failure for failure in failures))
    sys.exit(1)
print("all joint arrays read as NumPy wrote them")

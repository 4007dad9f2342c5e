#!/usr/bin/python3
"""The BVH that `bvhscope convert X.npy` fits to joint positions, judged by a reader bvhscope did not
write: three.js's BVHLoader (npm), which plays it with an AnimationMixer (threejs/bvh_positions.mjs).
For every corpus file: its joints' positions at every frame (`bvhscope export`) become a NumPy array
(frames, joints, 3) with a --skeleton file written here from the BVH's hierarchy (names made unique
by their place when a file repeats one, and without the characters three.js cannot bind a track
to); `convert --skeleton` fits a BVH to it, and every joint of every frame of that BVH, as three.js
poses it, must be where bvhscope reads it and, when the array's bones are rigid, where the array
has it (within 1e-4 of the figure's height: float rounding).

usage: threejs_fit_check.py BVHSCOPE THREEJS_DIR FILE.bvh..."""
import csv
import io
import json
import os
import re
import subprocess
import sys
import tempfile

import numpy as np

BVHSCOPE, THREEJS = sys.argv[1], sys.argv[2]
failures = []
if not os.path.exists(os.path.join(THREEJS, "node_modules", "three", "package.json")):
    raise SystemExit(f"three.js is not installed in {THREEJS}: run `npm ci --prefix {THREEJS}` "
                     "(scripts/bvhscope-dev test does)")
if len(sys.argv) < 5:
    raise SystemExit("expected the sample and the corpus files (../shared/bvh): " + " ".join(sys.argv[3:]))


def hierarchy(text):
    """(names, parents) of the ROOT and JOINT entries of a BVH text, in file order; End Sites left out."""
    tokens = text.split()
    names, parents, stack = [], [], []
    k = 0
    pending = None  # the entry a '{' opens: a joint index, or 'end' for an End Site
    while k < len(tokens) and tokens[k].upper() != "MOTION":
        word = tokens[k]
        if word.upper() in ("ROOT", "JOINT"):
            names.append(tokens[k + 1])
            parents.append(next((s for s in reversed(stack) if s != "end"), -1) if stack else -1)
            pending = len(names) - 1
            k += 2
            continue
        if word.upper() == "END":
            pending = "end"
        elif word == "{":
            stack.append(pending)
        elif word == "}":
            stack.pop()
        k += 1
    return names, parents


def export_csv(*arguments):
    run = subprocess.run([BVHSCOPE, "export", *arguments], capture_output=True, text=True)
    if run.returncode != 0:
        raise SystemExit(f"export {arguments} failed ({run.returncode}): {run.stderr}")
    return run.stdout


with tempfile.TemporaryDirectory() as folder:
    for path in sys.argv[3:]:
        label = os.path.basename(path)
        with open(path, encoding="utf-8", errors="replace") as bvh:
            names, parents = hierarchy(bvh.read())
        rows = list(csv.reader(io.StringIO(export_csv(path))))
        header, values = rows[0], np.array(rows[1:], dtype=np.float64)
        # Repeated names: the k-th joint of a name is found as the k-th column of it.
        seen, columns = {}, []
        for name in names:
            found = [c for c, title in enumerate(header) if title == f"{name}.X"]
            index = seen.get(name, 0)
            seen[name] = index + 1
            if index >= len(found):
                failures.append(f"{label}: export has no column for joint {name} (#{index + 1})")
                break
            columns.append(found[index])
        else:
            positions = np.stack([values[:, c:c + 3] for c in columns], axis=1)
            # Unique, and without the characters three.js's PropertyBinding reserves ('[', ']', '.', ':',
            # '/': it cannot bind a track to "mixamorig:Hips"), which the skeleton file lets us choose.
            unique = [re.sub(r"[\[\]\.:/]", "_", name if seen[name] == 1 else f"{name}_{j}")
                      for j, name in enumerate(names)]
            skeleton = os.path.join(folder, "skeleton.txt")
            with open(skeleton, "w") as out:
                for name, parent in zip(unique, parents):
                    out.write(f"{name} {'-' if parent < 0 else parent}\n")
            array = os.path.join(folder, "array.npy")
            np.save(array, positions.astype(np.float32))
            fitted = os.path.join(folder, "fitted.bvh")
            run = subprocess.run([BVHSCOPE, "convert", array, "--skeleton", skeleton, "-o", fitted, "--force"],
                                 capture_output=True, text=True)
            if run.returncode != 0:
                failures.append(f"{label}: convert --skeleton failed ({run.returncode}): {run.stderr}")
                continue
            height = float(np.ptp(positions[0], axis=0).max())  # the figure's size in its first frame

            def judge(csv_text):
                expected = os.path.join(folder, "expected.csv")
                with open(expected, "w") as out:
                    out.write(csv_text)
                judged = subprocess.run(["node", os.path.join(THREEJS, "bvh_positions.mjs"), fitted, expected],
                                        capture_output=True, text=True, cwd=THREEJS)
                if judged.returncode != 0:
                    failures.append(f"{label}: three.js failed ({judged.returncode}): {judged.stderr[-2000:]}")
                    return None
                report = json.loads(judged.stdout)
                if report["joints_compared"] != len(names) or report["frames"] != positions.shape[0]:
                    failures.append(f"{label}: three.js compared {report['joints_compared']} joints over "
                                    f"{report['frames']} frames; the array has {len(names)} over {positions.shape[0]}")
                return report

            # three.js and bvhscope read the fitted BVH alike: every joint of every frame.
            read = judge(export_csv(fitted))
            if read is None:
                continue
            if read["worst"] > 1e-4 * height:
                failures.append(f"{label}: three.js puts {read['where']} {read['worst']:g} from where bvhscope "
                                f"reads it (height {height:g})")
            # And where the array has it, when its bones are rigid (convert says so); files whose joints
            # move by position channels have stretching bones no rigid skeleton follows (reported).
            fit = judge(export_csv(array, "--skeleton", skeleton))
            if fit is None:
                continue
            rigid = "every bone keeps its length" in run.stdout
            if rigid and fit["worst"] > 1e-4 * height:
                failures.append(f"{label}: three.js puts {fit['where']} {fit['worst']:g} from the array "
                                f"(height {height:g})")
            print(f"{label}: {len(names)} joints x {positions.shape[0]} frames in three.js: "
                  f"{read['worst'] / height:.2g} of the height from bvhscope's reading, "
                  f"{fit['worst'] / height:.2g} from the array" + ("" if rigid else " (stretching bones)"))

if failures:
    print("\n".join("FAILED: " + failure for failure in failures))
    sys.exit(1)
print("three.js plays every fitted BVH with its joints where the arrays have them")

#!/usr/bin/python3
"""The glTF and FBX that `bvhscope convert X -o X.glb` (.gltf, .fbx) writes, judged by readers
bvhscope did not write: the Khronos glTF validator (npm gltf-validator) must find no error and no
warning in the glTF, and three.js's GLTFLoader and FBXLoader (npm), playing the animation with an
AnimationMixer (threejs/gltf_positions.mjs, threejs/fbx_positions.mjs), must put every joint and
End Site, at every frame time, where bvhscope has it after the same change of units and axes
(`convert --units m --up +y` to BVH, then `export`): within 1e-4 of the figure's height. The glTF
nodes carry the joints' names, one node per joint in skeleton order; bvhscope reads each GLB and
FBX back to the same positions (within 1e-5 of the height). With --body, three.js's skinning keeps
every vertex of the capsule body at one distance from its bone in every pose (threejs/gltf_body.mjs),
and the validator passes those files too.

usage: written_files_check.py BVHSCOPE THREEJS_DIR FILE.bvh..."""
import csv
import io
import json
import os
import struct
import subprocess
import sys
import tempfile

import numpy as np

BVHSCOPE, THREEJS = sys.argv[1], os.path.abspath(sys.argv[2])
failures = []
for package in ("three", "gltf-validator"):
    if not os.path.exists(os.path.join(THREEJS, "node_modules", package, "package.json")):
        raise SystemExit(f"{package} is not installed in {THREEJS}: run `npm ci --prefix {THREEJS}` "
                         "(scripts/bvhscope-dev test does)")
if len(sys.argv) < 5:
    raise SystemExit("expected the sample and the corpus files (../shared/bvh): " + " ".join(sys.argv[3:]))


def bvhscope(*arguments):
    return subprocess.run([BVHSCOPE, *arguments], capture_output=True, text=True)


def glb_json(path):
    """The JSON chunk of a GLB, parsed here with nothing but the spec's header layout."""
    with open(path, "rb") as glb:
        data = glb.read()
    magic, version, length = struct.unpack_from("<4sII", data, 0)
    if magic != b"glTF" or version != 2 or length != len(data):
        raise ValueError(f"not a GLB 2 of {len(data)} bytes: {magic!r} {version} {length}")
    chunk_length, chunk_type = struct.unpack_from("<II", data, 12)
    if chunk_type != 0x4E4F534A:
        raise ValueError("the first chunk is not JSON")
    return json.loads(data[20:20 + chunk_length])


written = []
with tempfile.TemporaryDirectory() as folder:
    for index, path in enumerate(sys.argv[3:]):
        label = os.path.basename(path)
        glb = os.path.join(folder, f"{index}.glb")
        run = bvhscope("convert", path, "-o", glb)
        if run.returncode != 0:
            failures.append(f"{label}: convert -o .glb failed ({run.returncode}): {run.stderr}")
            continue
        written.append(glb)
        # The same change of units and axes, to a BVH that bvhscope's export reads.
        metres = "metres" in run.stdout
        reference = os.path.join(folder, f"{index}.bvh")
        changed = bvhscope("convert", path, "--up", "+y", *(["--units", "m"] if metres else []), "-o", reference)
        if changed.returncode != 0:
            failures.append(f"{label}: convert -o .bvh failed ({changed.returncode}): {changed.stderr}")
            continue
        exported = bvhscope("export", reference)
        if exported.returncode != 0:
            failures.append(f"{label}: export failed ({exported.returncode}): {exported.stderr}")
            continue
        rows = list(csv.reader(io.StringIO(exported.stdout)))
        names = [title[:-2] for title in rows[0][1::3]]
        values = np.array(rows[1:], dtype=np.float64)
        first = values[0, 1:].reshape(-1, 3)
        height = float(np.ptp(first, axis=0).max())
        document = glb_json(glb)
        node_names = [node.get("name") for node in document["nodes"]]
        if node_names != names:
            failures.append(f"{label}: the nodes are {node_names[:6]}..., the joints {names[:6]}...")
        expected = os.path.join(folder, f"{index}.csv")
        with open(expected, "w") as out:
            out.write(exported.stdout)
        judged = subprocess.run(["node", os.path.join(THREEJS, "gltf_positions.mjs"), glb, expected],
                                capture_output=True, text=True, cwd=THREEJS)
        if judged.returncode != 0:
            failures.append(f"{label}: three.js failed ({judged.returncode}): {judged.stderr[-2000:]}")
            continue
        report = json.loads(judged.stdout)
        if report["nodes"] != len(names) or report["frames"] != len(rows) - 1:
            failures.append(f"{label}: three.js has {report['nodes']} nodes over {report['frames']} frames; "
                            f"bvhscope {len(names)} joints over {len(rows) - 1}")
        if report["worst"] > 1e-4 * height:
            failures.append(f"{label}: three.js puts {report['where']} {report['worst']:g} from where bvhscope has "
                            f"it (height {height:g})")
        duration = float(values[-1, 0])
        animation = report["animations"][0] if report["animations"] else {"duration": 0.0}
        if abs(animation["duration"] - duration) > 1e-4 * max(duration, 1.0):
            failures.append(f"{label}: the animation lasts {animation['duration']} s in three.js, {duration} s here")
        # FBX: three.js's FBXLoader (the file's units kept: metres as bvhscope writes them).
        fbx = os.path.join(folder, f"{index}.fbx")
        written_fbx = bvhscope("convert", path, "-o", fbx)
        fbx_worst = None
        if written_fbx.returncode != 0:
            failures.append(f"{label}: convert -o .fbx failed ({written_fbx.returncode}): {written_fbx.stderr}")
        else:
            judged_fbx = subprocess.run(["node", os.path.join(THREEJS, "fbx_positions.mjs"), fbx, expected, "1"],
                                        capture_output=True, text=True, cwd=THREEJS)
            if judged_fbx.returncode != 0:
                failures.append(f"{label}: three.js's FBXLoader failed: {judged_fbx.stderr[-2000:]}")
            else:
                fbx_report = json.loads(judged_fbx.stdout)
                fbx_worst = fbx_report["worst"]
                if fbx_report["missing"] or fbx_report["positions_compared"] != len(names) * (len(rows) - 1):
                    failures.append(f"{label}: three.js's FBX has {fbx_report['positions_compared']} positions, "
                                    f"missing {fbx_report['missing'][:5]}")
                if fbx_worst > 1e-4 * height:
                    failures.append(f"{label}: three.js puts {fbx_report['where']} of the FBX {fbx_worst:g} from "
                                    f"where bvhscope has it (height {height:g})")
        # And bvhscope reads its own GLB and FBX back to the same positions.
        for written_path in (glb, fbx):
            back = bvhscope("export", written_path)
            if back.returncode != 0 or back.stderr:
                failures.append(f"{label}: export of {written_path} ({back.returncode}): {back.stderr}")
                continue
            read_back = np.array(list(csv.reader(io.StringIO(back.stdout)))[1:], dtype=np.float64)
            if read_back.shape != values.shape:
                failures.append(f"{label}: {written_path} read back {read_back.shape}, written {values.shape}")
            elif np.abs(read_back - values).max() > 1e-5 * height:
                failures.append(f"{label}: {written_path} read back {np.abs(read_back - values).max():g} from what "
                                f"was written (height {height:g})")
        # --body: a skinned capsule body that three.js's skinning keeps on the bones in every pose.
        body_glb = os.path.join(folder, f"{index}_body.glb")
        with_body = bvhscope("convert", path, "--body", "-o", body_glb)
        skin = None
        if with_body.returncode != 0 or "a skinned body of" not in with_body.stdout:
            failures.append(f"{label}: convert --body failed ({with_body.returncode}): {with_body.stdout}{with_body.stderr}")
        else:
            written.append(body_glb)
            body_nodes = [node.get("name") for node in glb_json(body_glb)["nodes"]]
            if body_nodes[:len(names)] != names or set(body_nodes[len(names):]) != {"body"}:
                failures.append(f"{label}: the body's file has the nodes {body_nodes[len(names):]} after the joints")
            body = subprocess.run(["node", os.path.join(THREEJS, "gltf_body.mjs"), body_glb, expected],
                                  capture_output=True, text=True, cwd=THREEJS)
            if body.returncode != 0:
                failures.append(f"{label}: three.js failed on the body ({body.returncode}): {body.stderr[-2000:]}")
            else:
                skin = json.loads(body.stdout)
                # Capsules are 0.028 of the height thick at most (formats/capsule_body.hpp).
                if not (0.005 * height < skin["thickest"] <= 0.028 * height * 1.001):
                    failures.append(f"{label}: the body's thickest capsule is {skin['thickest'] / height:.4g} of the "
                                    "height in three.js, not up to 0.028")
                if skin["drift"] > 1e-4 * height:
                    failures.append(f"{label}: three.js's skinning moves {skin['where']} {skin['drift']:g} off its "
                                    f"bone (height {height:g})")
            back = bvhscope("export", body_glb)
            if back.returncode != 0 or back.stderr:
                failures.append(f"{label}: export of the body's GLB ({back.returncode}): {back.stderr}")
            elif np.abs(np.array(list(csv.reader(io.StringIO(back.stdout)))[1:], dtype=np.float64) - values).max() \
                    > 1e-5 * height:
                failures.append(f"{label}: the body's GLB reads back to other positions")
        print(f"{label}: {len(names)} nodes x {len(rows) - 1} frames ({'metres' if metres else 'lengths as read'}) "
              f"in three.js: GLB {report['worst'] / height:.2g}, FBX "
              f"{'-' if fbx_worst is None else format(fbx_worst / height, '.2g')} of the height from bvhscope; body "
              + ("-" if skin is None else f"of {skin['vertices']} vertices, {skin['thickest'] / height:.3f} of the "
                 f"height thick, off its bones by {skin['drift'] / height:.2g}"))

    # The text form: the same nodes and keys, the buffer as a data URI (the sample).
    gltf = os.path.join(folder, "sample.gltf")
    run = bvhscope("convert", sys.argv[3], "-o", gltf)
    if run.returncode != 0:
        failures.append(f"convert -o .gltf failed ({run.returncode}): {run.stderr}")
    else:
        written.append(gltf)
        judged = subprocess.run(["node", os.path.join(THREEJS, "gltf_positions.mjs"), gltf,
                                 os.path.join(folder, "0.csv")], capture_output=True, text=True, cwd=THREEJS)
        report = json.loads(judged.stdout) if judged.returncode == 0 else None
        if report is None or report["worst"] > 1e-4:
            failures.append(f"sample.gltf in three.js: {judged.stderr[-2000:] if report is None else report}")

    validated = subprocess.run(["node", os.path.join(THREEJS, "gltf_validate.mjs"), *written],
                               capture_output=True, text=True, cwd=THREEJS)
    if validated.returncode != 0:
        failures.append(f"the validator failed ({validated.returncode}): {validated.stderr[-2000:]}")
    else:
        reports = json.loads(validated.stdout)
        if len(reports) != len(written):
            failures.append(f"the validator read {len(reports)} of {len(written)} files")
        for report in reports:
            if report["errors"] or report["warnings"]:
                failures.append(f"glTF validator on {report['path']}: {report['errors']} errors, "
                                f"{report['warnings']} warnings: {report['messages']}")
        print(f"the Khronos validator read {len(reports)} files: "
              f"{sum(r['errors'] for r in reports)} errors, {sum(r['warnings'] for r in reports)} warnings")

if failures:
    print("\n".join("FAILED: " + failure for failure in failures))
    sys.exit(1)
print("three.js plays every written glTF and FBX with its joints where bvhscope has them; the validator finds "
      "nothing in the glTF")

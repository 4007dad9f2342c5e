#!/usr/bin/python3
"""bvhscope reading glTF and FBX that Blender wrote (tests/fixtures/blender, made from corpus BVH
files by Blender's own BVH importer and its glTF and FBX exporters: make_fixtures.py), judged two
ways by readers it did not write. three.js's GLTFLoader and FBXLoader, playing the same file with
an AnimationMixer (threejs/gltf_positions.mjs, threejs/fbx_positions.mjs), must put every joint at
every frame where bvhscope's `export` of the file has it (FBXLoader keeps the FBX's centimetres,
bvhscope reads metres); and the positions must be the corpus BVH's own (bvhscope's export of it,
joints matched by name), which Blender carried through its importer and exporters (Blender takes a
BVH's numbers for metres). Within 1e-5 of the figure's height. The character skinned_cmu_131_01 (a
mesh skinned to that rig) is carried: `convert` of its GLB, played by three.js
(threejs/gltf_skin.mjs), skins every vertex where three.js skins Blender's at every frame; and a
retargeting onto it holds the character's mesh as Blender modelled it (its bind pose, up to the
unit), within 1e-5 of the figure's size. Its FBX too: read (and Blender's FBX characters among
assimp's test models), converted to GLB, played by three.js against three.js's FBXLoader on the FBX;
the GLB written as FBX, played by FBXLoader; a retargeting onto the FBX, its bind pose.

usage: blender_fixtures_check.py BVHSCOPE THREEJS_DIR FIXTURES_DIR CORPUS_DIR"""
import csv
import io
import json
import os
import subprocess
import sys
import tempfile

import numpy as np

BVHSCOPE, THREEJS = sys.argv[1], os.path.abspath(sys.argv[2])
FIXTURES, CORPUS = os.path.abspath(sys.argv[3]), sys.argv[4]
# The fixtures and the corpus files they were made from (make_fixtures.py).
MADE_FROM = {
    "cmu_131_01": "bvh11__131_01.bvh",
    "pybvh_example_zup": "pybvh__bvh_example.bvh",
    "daz_05_20": "creativeinquiry__05_20-daz.bvh",
    "skinned_cmu_131_01": "bvh11__131_01.bvh",
}
# The three.js judge of each format, and the file's units per metre as three.js keeps them (Blender
# writes FBX in centimetres: UnitScaleFactor 1).
JUDGES = {".glb": ("gltf_positions.mjs", []), ".fbx": ("fbx_positions.mjs", ["100"])}
failures = []


def export(path):
    run = subprocess.run([BVHSCOPE, "export", path], capture_output=True, text=True)
    if run.returncode != 0:
        raise SystemExit(f"export {path} failed ({run.returncode}): {run.stderr}")
    if run.stderr:
        failures.append(f"{os.path.basename(path)}: warnings: {run.stderr.strip()}")
    rows = list(csv.reader(io.StringIO(run.stdout)))
    return run.stdout, rows[0], np.array(rows[1:], dtype=np.float64)


with tempfile.TemporaryDirectory() as folder:
    for fixture, corpus_file, extension in [(stem + extension, corpus, extension) for stem, corpus in MADE_FROM.items()
                                            for extension in JUDGES]:
        path = os.path.join(FIXTURES, "blender", fixture)
        judge, judge_arguments = JUDGES[extension]
        text, header, values = export(path)
        height = float(np.ptp(values[0, 1:].reshape(-1, 3), axis=0).max())
        expected = os.path.join(folder, "expected.csv")
        with open(expected, "w") as out:
            out.write(text)
        judged = subprocess.run(["node", os.path.join(THREEJS, judge), path, expected, *judge_arguments],
                                capture_output=True, text=True, cwd=THREEJS)
        if judged.returncode != 0:
            failures.append(f"{fixture}: three.js failed ({judged.returncode}): {judged.stderr[-2000:]}")
            continue
        report = json.loads(judged.stdout)
        joints = (len(header) - 1) // 3
        if report["positions_compared"] != joints * (len(values)):
            failures.append(f"{fixture}: three.js compared {report['positions_compared']} positions, "
                            f"bvhscope has {joints} joints x {len(values)} frames")
        if report["worst"] > 1e-5 * height:
            failures.append(f"{fixture}: three.js puts {report['where']} {report['worst']:g} from bvhscope "
                            f"(height {height:g})")
        # The corpus file's own positions, frame for frame, joint by name.
        _, original_header, original = export(os.path.join(CORPUS, corpus_file))
        worst, where, matched = 0.0, "", 0
        for c in range(1, len(header), 3):
            name = header[c]
            if name not in original_header:
                continue
            k = original_header.index(name)
            matched += 1
            distance = np.linalg.norm(original[:len(values), k:k + 3] - values[:, c:c + 3], axis=1)
            if distance.max() > worst:
                worst, where = float(distance.max()), f"{name[:-2]} at frame {int(distance.argmax())}"
        if matched != joints:
            failures.append(f"{fixture}: {matched} of its {joints} joints are named as in {corpus_file}")
        if worst > 1e-5 * height:
            failures.append(f"{fixture}: {where} is {worst:g} from {corpus_file} (height {height:g})")
        print(f"{fixture}: {joints} joints x {len(values)} frames: three.js {report['worst'] / height:.2g}, "
              f"the corpus BVH {worst / height:.2g} of the height away")


def skin_judged(reference, written, *mode):
    judged = subprocess.run(["node", os.path.join(THREEJS, "gltf_skin.mjs"), reference, written, *mode],
                            capture_output=True, text=True, cwd=THREEJS)
    if judged.returncode != 0:
        failures.append(f"gltf_skin.mjs {os.path.basename(written)} failed ({judged.returncode}): {judged.stderr[-2000:]}")
        return None
    return json.loads(judged.stdout)


def expect_the_character(path):
    """`info --json` of the character lists its one mesh: 744 vertices, 372 triangles, 31 joints."""
    info = json.loads(subprocess.run([BVHSCOPE, "info", "--json", path], capture_output=True, text=True,
                                     check=True).stdout)
    if [(m["vertices"], m["triangles"], m["joints"]) for m in info["meshes"]] != [(744, 372, 31)]:
        failures.append(f"{os.path.basename(path)}: info says meshes {info['meshes']}, not one of 744 vertices, "
                        "372 triangles and 31 joints")


with tempfile.TemporaryDirectory() as folder:
    character = os.path.join(FIXTURES, "blender", "skinned_cmu_131_01.glb")
    expect_the_character(character)
    converted = os.path.join(folder, "converted.glb")  # the same unit: vertex for vertex
    subprocess.run([BVHSCOPE, "convert", character, "-o", converted, "--units", "m", "--from-units", "m"],
                   capture_output=True, check=True)
    report = skin_judged(character, converted)
    if report is not None:
        if report["written_vertices"] != report["reference_vertices"] or report["times"] < 20:
            failures.append(f"converted character: {report}")
        elif report["largest_distance"] > 1e-5 * report["size"]:
            failures.append(f"converted character: a vertex is {report['largest_distance']:g} from where three.js "
                            f"skins Blender's (size {report['size']:g})")
        else:
            print(f"skinned_cmu_131_01.glb converted: {report['written_vertices']} vertices at {report['times']} "
                  f"frames, {report['largest_distance'] / report['size']:.2g} of its size from Blender's")
    as_bvh = subprocess.run([BVHSCOPE, "convert", character, "-o", os.path.join(folder, "character.bvh")],
                            capture_output=True, text=True, check=True)
    if "note: the character's skinned mesh is left out: BVH holds no mesh (.glb, .gltf and .fbx keep it)" \
            not in as_bvh.stderr:
        failures.append(f"convert to BVH does not say the mesh is left out: {as_bvh.stderr!r}")
    retargeted = os.path.join(folder, "retargeted.glb")
    subprocess.run([BVHSCOPE, "retarget", os.path.join(CORPUS, "assimp__01_01.bvh"), "--to", character, "-o",
                    retargeted], capture_output=True, check=True)
    report = skin_judged(character, retargeted, "--bind")
    if report is not None:
        if report["written_vertices"] != report["reference_vertices"]:
            failures.append(f"retargeted character: {report}")
        elif report["largest_bind_distance"] > 1e-5 * report["size"]:
            failures.append(f"retargeted character: a vertex of its bind pose is {report['largest_bind_distance']:g} "
                            f"from Blender's (size {report['size']:g})")
        else:
            print(f"CMU 01_01 retargeted onto skinned_cmu_131_01.glb: its {report['written_vertices']} vertices bound "
                  f"{report['largest_bind_distance'] / report['size']:.2g} of its size from Blender's")

    # The same character from Blender's FBX: read (its Skin's clusters), converted to GLB and played by
    # three.js's GLTFLoader, against three.js's FBXLoader playing Blender's FBX (in its centimetres);
    # vertices in another order, so each to the nearest of the other's.
    character_fbx = os.path.join(FIXTURES, "blender", "skinned_cmu_131_01.fbx")
    expect_the_character(character_fbx)

    def judged_nearest(label, reference, written, scale, *, bind=False):
        report = skin_judged(reference, written, *(["--bind", "nearest"] if bind else ["--nearest", scale]))
        if report is None:
            return
        distance = report["largest_bind_distance" if bind else "largest_distance"]
        if report["written_meshes"] != 1 or (not bind and report["times"] < 20):
            failures.append(f"{label}: {report}")
        elif distance > 1e-5 * report["size"]:
            failures.append(f"{label}: a vertex is {distance:g} from three.js's (size {report['size']:g})")
        else:
            print(f"{label}: {report['written_vertices']} vertices "
                  f"{'bound' if bind else 'at ' + str(report['times']) + ' frames'}, "
                  f"{distance / report['size']:.2g} of its size from three.js's")

    from_fbx = os.path.join(folder, "from_fbx.glb")
    subprocess.run([BVHSCOPE, "convert", character_fbx, "-o", from_fbx, "--units", "m", "--from-units", "m"],
                   capture_output=True, check=True)
    judged_nearest("skinned_cmu_131_01.fbx read and converted to GLB", character_fbx, from_fbx, "100")
    # Written as FBX: three.js's FBXLoader skins bvhscope's FBX as GLTFLoader skins Blender's GLB.
    as_fbx = os.path.join(folder, "as.fbx")
    wrote = subprocess.run([BVHSCOPE, "convert", character, "-o", as_fbx, "--units", "m", "--from-units", "m"],
                           capture_output=True, text=True, check=True)
    if "1 skinned mesh of 744 vertices" not in wrote.stderr + wrote.stdout:
        failures.append(f"convert to FBX does not say it wrote the mesh: {wrote.stderr!r}")
    judged_nearest("skinned_cmu_131_01.glb written as FBX", character, as_fbx, "1")
    # Retargeted onto the FBX character: its bind pose is Blender's, up to the unit.
    onto_fbx = os.path.join(folder, "retargeted.fbx")
    subprocess.run([BVHSCOPE, "retarget", os.path.join(CORPUS, "assimp__01_01.bvh"), "--to", character_fbx, "-o",
                    onto_fbx], capture_output=True, check=True)
    judged_nearest("CMU 01_01 retargeted onto skinned_cmu_131_01.fbx", character_fbx, onto_fbx, "1", bind=True)
    # Blender's FBX characters among Debian's assimp test models (scripts/bvhscope-dev installs
    # them): a mesh of 4218 vertices some of which more than four bones weigh, and a small one.
    for name in ("animation_with_skeleton.fbx", "huesitos.fbx"):
        model = os.path.join("/usr/share/assimp/models/FBX", name)
        if not os.path.exists(model):
            failures.append(f"{model} is missing: install assimp-testmodels (scripts/bvhscope-dev setup)")
            continue
        converted_model = os.path.join(folder, name + ".glb")
        subprocess.run([BVHSCOPE, "convert", model, "-o", converted_model, "--units", "1", "--up", "+y",
                        "--from-up", "+y"], capture_output=True, check=True)
        judged_nearest(f"{name} read and converted to GLB", model, converted_model, "100")

if failures:
    print("\n".join("FAILED: " + failure for failure in failures))
    sys.exit(1)
print("bvhscope reads Blender's glTF and FBX as three.js does, with the poses of the BVH they came from")

// three.js's own glTF reader and skinning (GLTFLoader, SkinnedMesh, from npm) as an independent
// judge of the body `bvhscope convert --body` writes: it reads FILE.glb, plays its first animation
// and, at up to 24 frame times of EXPECTED.csv (bvhscope export's joint positions), skins every
// vertex of every skinned mesh on the CPU (Mesh.getVertexPosition) and measures its distance to its
// bone: the segment from the joint its JOINTS_0 names to that joint's nearest child, both where the
// CSV has them. A rigid capsule keeps each vertex at one distance from its bone in every pose;
// prints as JSON the meshes, the vertices, the largest distance at the first time (the thickest
// capsule's radius) and the largest change of a vertex's distance over the times.
//
// usage: node gltf_body.mjs FILE.glb EXPECTED.csv
import { readFileSync } from 'node:fs';
import * as THREE from 'three';
import { GLTFLoader } from 'three/addons/loaders/GLTFLoader.js';

const [gltfPath, csvPath] = process.argv.slice(2);
const bytes = readFileSync(gltfPath);
const data = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
const gltf = await new Promise((resolve, reject) => new GLTFLoader().parse(data, '', resolve, reject));
const json = gltf.parser.json;
const nodeIndex = (object) => gltf.parser.associations.get(object)?.nodes;

const rows = readFileSync(csvPath, 'utf8').trim().split('\n').map((line) => line.split(','));
const column = new Map();  // joint name -> its X column in the CSV
for (let c = 1; c < rows[0].length; c += 3) column.set(rows[0][c].slice(0, -2), c);
const at = (row, name) => {
  const c = column.get(name);
  return new THREE.Vector3(Number(row[c]), Number(row[c + 1]), Number(row[c + 2]));
};

const meshes = [];
gltf.scene.traverse((object) => { if (object.isSkinnedMesh) meshes.push(object); });
if (meshes.length === 0) throw new Error('no skinned mesh in ' + gltfPath);

// Each vertex's joint (by the file's node names) and that joint's children's names.
const vertices = [];
for (const mesh of meshes) {
  const joints = mesh.geometry.getAttribute('skinIndex');
  const weights = mesh.geometry.getAttribute('skinWeight');
  for (let v = 0; v < joints.count; v++) {
    if (weights.getX(v) !== 1) throw new Error(`vertex ${v} is not wholly bound to one joint`);
    const bone = mesh.skeleton.bones[joints.getX(v)];
    const node = json.nodes[nodeIndex(bone)];
    const children = (node.children ?? []).map((child) => json.nodes[child].name);
    vertices.push({ mesh, v, joint: node.name, children, distance: null });
  }
}

const mixer = new THREE.AnimationMixer(gltf.scene);
const action = mixer.clipAction(gltf.animations[0]);
action.setLoop(THREE.LoopOnce, 1);
action.clampWhenFinished = true;
action.play();
const frames = rows.length - 1;
const step = Math.max(1, Math.floor(frames / 24));
const position = new THREE.Vector3();
const segment = new THREE.Line3();
const nearest = new THREE.Vector3();
let thickest = 0;
let drift = 0;
let where = '';
let timesCompared = 0;
for (let r = 1; r <= frames; r += step) {
  const row = rows[r];
  mixer.setTime(Number(row[0]));
  gltf.scene.updateMatrixWorld(true);
  timesCompared++;
  for (const vertex of vertices) {
    vertex.mesh.getVertexPosition(vertex.v, position);
    position.applyMatrix4(vertex.mesh.matrixWorld);
    let distance = Infinity;
    for (const child of vertex.children) {
      segment.set(at(row, vertex.joint), at(row, child));
      segment.closestPointToPoint(position, true, nearest);
      distance = Math.min(distance, nearest.distanceTo(position));
    }
    if (vertex.distance === null) {
      vertex.distance = distance;
      thickest = Math.max(thickest, distance);
    } else if (Math.abs(distance - vertex.distance) > drift) {
      drift = Math.abs(distance - vertex.distance);
      where = `vertex ${vertex.v} of ${vertex.joint} at ${row[0]} s`;
    }
  }
}
console.log(JSON.stringify({ meshes: meshes.length, vertices: vertices.length, times: timesCompared, thickest, drift,
                             where }));

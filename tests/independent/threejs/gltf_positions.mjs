// three.js's own glTF reader (GLTFLoader, from npm) as an independent judge of the glTF bvhscope
// writes: it reads FILE.glb or FILE.gltf, plays its first animation with an AnimationMixer and
// prints, for every frame time of EXPECTED.csv (bvhscope export's columns: Time, then NAME.X,
// NAME.Y, NAME.Z for every joint and End Site in skeleton order), the largest distance between the
// world position of the glTF node of that joint and the CSV's, as JSON. The node of a joint is the
// one of its name in the file's JSON when exactly one node has it (three.js changes the names it
// cannot bind, so its own names are not used), else the k-th node for the k-th joint.
//
// usage: node gltf_positions.mjs FILE.glb EXPECTED.csv
import { readFileSync } from 'node:fs';
import * as THREE from 'three';
import { GLTFLoader } from 'three/addons/loaders/GLTFLoader.js';

// Node has no ProgressEvent, which three's FileLoader raises while it reads a data: URI.
globalThis.ProgressEvent ??= class ProgressEvent extends Event {
  constructor(type, init = {}) {
    super(type);
    Object.assign(this, init);
  }
};

const [gltfPath, csvPath] = process.argv.slice(2);
const bytes = readFileSync(gltfPath);
const data = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
const gltf = await new Promise((resolve, reject) => new GLTFLoader().parse(data, '', resolve, reject));
const nodes = [];
gltf.scene.traverse((object) => {
  const association = gltf.parser.associations.get(object);
  if (association && association.nodes !== undefined) nodes[association.nodes] = object;
});
// bvhscope's motion starts at the animation's first key (Blender keys frame 1 at 1 / fps): the CSV's
// time 0 is that key's time here.
const start = gltf.animations.length > 0 ? Math.min(...gltf.animations[0].tracks.map((track) => track.times[0])) : 0;
const mixer = new THREE.AnimationMixer(gltf.scene);
if (gltf.animations.length > 0) {
  const action = mixer.clipAction(gltf.animations[0]);
  action.setLoop(THREE.LoopOnce, 1);
  action.clampWhenFinished = true;  // the last frame's time is the clip's end: held, not wrapped to 0
  action.play();
}

const byName = new Map();
gltf.parser.json.nodes.forEach((node, index) => {
  if (node.name === undefined) return;
  byName.set(node.name, byName.has(node.name) ? -1 : index);
});

const rows = readFileSync(csvPath, 'utf8').trim().split('\n').map((line) => line.split(','));
const position = new THREE.Vector3();
let worst = 0;
let where = '';
let compared = 0;
const joints = (rows[0].length - 1) / 3;
for (let r = 1; r < rows.length; r++) {
  const time = Number(rows[r][0]);
  mixer.setTime(time + start);
  gltf.scene.updateMatrixWorld(true);
  for (let j = 0; j < joints; j++) {
    const name = rows[0][1 + 3 * j].slice(0, -2);
    const index = byName.get(name);
    const node = nodes[index !== undefined && index >= 0 ? index : j];
    if (!node) continue;
    node.getWorldPosition(position);
    const c = 1 + 3 * j;
    const distance = Math.hypot(position.x - Number(rows[r][c]), position.y - Number(rows[r][c + 1]),
                                position.z - Number(rows[r][c + 2]));
    compared++;
    if (distance > worst) {
      worst = distance;
      where = `${rows[0][c].slice(0, -2)} at ${time} s`;
    }
  }
}
console.log(JSON.stringify({
  nodes: nodes.filter(Boolean).length, joints, frames: rows.length - 1, positions_compared: compared, worst, where,
  animations: gltf.animations.map((clip) => ({ name: clip.name, duration: clip.duration, tracks: clip.tracks.length })),
}));

// three.js's own FBX reader (FBXLoader, from npm) as an independent judge of bvhscope's reading of
// an FBX file: it plays FILE.fbx's first animation with an AnimationMixer and prints, for every
// frame time of EXPECTED.csv (bvhscope export's columns: Time, then NAME.X, NAME.Y, NAME.Z), the
// largest distance between the world position of the object of that name (three.js's names: the
// FBX names with the characters it cannot bind left out) and the CSV's times SCALE (the file's
// units per CSV unit: FBXLoader keeps the file's units, bvhscope reads metres), as JSON.
//
// usage: node fbx_positions.mjs FILE.fbx EXPECTED.csv SCALE
import { readFileSync } from 'node:fs';
import * as THREE from 'three';
import { FBXLoader } from 'three/addons/loaders/FBXLoader.js';

const [fbxPath, csvPath, scaleText] = process.argv.slice(2);
const scale = Number(scaleText);
const bytes = readFileSync(fbxPath);
const group = new FBXLoader().parse(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength), '');
const byName = new Map();
group.traverse((object) => {
  if (object.name && !byName.has(object.name)) byName.set(object.name, object);
});
// bvhscope's motion starts at the animation's first key: the CSV's time 0 is that key's time here.
const clip = group.animations[0];
const start = clip ? Math.min(...clip.tracks.map((track) => track.times[0])) : 0;
const mixer = new THREE.AnimationMixer(group);
if (clip) {
  const action = mixer.clipAction(clip);
  action.setLoop(THREE.LoopOnce, 1);
  action.clampWhenFinished = true;
  action.play();
}
const rows = readFileSync(csvPath, 'utf8').trim().split('\n').map((line) => line.split(','));
const position = new THREE.Vector3();
let worst = 0;
let where = '';
let compared = 0;
const missing = new Set();
for (let r = 1; r < rows.length; r++) {
  const time = Number(rows[r][0]);
  mixer.setTime(time + start);
  group.updateMatrixWorld(true);
  for (let c = 1; c < rows[0].length; c += 3) {
    const name = rows[0][c].slice(0, -2);
    const object = byName.get(THREE.PropertyBinding.sanitizeNodeName(name));
    if (!object) {
      missing.add(name);
      continue;
    }
    object.getWorldPosition(position);
    const distance = Math.hypot(position.x - Number(rows[r][c]) * scale, position.y - Number(rows[r][c + 1]) * scale,
                                position.z - Number(rows[r][c + 2]) * scale) / scale;
    compared++;
    if (distance > worst) {
      worst = distance;
      where = `${name} at ${time} s`;
    }
  }
}
console.log(JSON.stringify({ frames: rows.length - 1, positions_compared: compared, worst, where, missing: [...missing],
                             animations: group.animations.map((a) => ({ name: a.name, duration: a.duration })) }));

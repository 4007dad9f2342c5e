// three.js's own BVH reader (BVHLoader, from npm) as an independent judge of the BVH bvhscope
// writes: it reads FILE.bvh, plays it with an AnimationMixer and prints, for every frame time of
// EXPECTED.csv (bvhscope export's columns: Time, then NAME.X, NAME.Y, NAME.Z), the largest distance
// between a bone's world position in three.js and the CSV's, as JSON.
//
// usage: node bvh_positions.mjs FILE.bvh EXPECTED.csv
import { readFileSync } from 'node:fs';
import * as THREE from 'three';
import { BVHLoader } from 'three/addons/loaders/BVHLoader.js';

const [bvhPath, csvPath] = process.argv.slice(2);
const { skeleton, clip } = new BVHLoader().parse(readFileSync(bvhPath, 'utf8'));
const root = skeleton.bones[0];
const mixer = new THREE.AnimationMixer(root);
const action = mixer.clipAction(clip);
action.setLoop(THREE.LoopOnce, 1);
action.clampWhenFinished = true;  // the last frame's time is the clip's end: held, not wrapped to 0
action.play();

const rows = readFileSync(csvPath, 'utf8').trim().split('\n').map((line) => line.split(','));
const header = rows[0];
const position = new THREE.Vector3();
let worst = 0;
let where = '';
let compared = 0;
const named = new Set();
for (let r = 1; r < rows.length; r++) {
  const time = Number(rows[r][0]);
  mixer.setTime(time);
  root.updateMatrixWorld(true);
  for (const bone of skeleton.bones) {
    const column = header.indexOf(`${bone.name}.X`);
    if (bone.name === 'ENDSITE' || column < 0) continue;
    named.add(bone.name);
    bone.getWorldPosition(position);
    const distance = Math.hypot(position.x - Number(rows[r][column]), position.y - Number(rows[r][column + 1]),
                                position.z - Number(rows[r][column + 2]));
    compared++;
    if (distance > worst) {
      worst = distance;
      where = `${bone.name} at ${time} s`;
    }
  }
}
console.log(JSON.stringify({ bones: skeleton.bones.length, joints_compared: named.size, frames: rows.length - 1,
                             positions_compared: compared, worst, where }));

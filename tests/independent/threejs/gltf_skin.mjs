// three.js's own glTF reader and skinning (GLTFLoader, SkinnedMesh, from npm) as an independent
// judge of the skinned meshes bvhscope carries from a glTF or FBX character into what it writes.
// It reads REFERENCE.glb and WRITTEN.glb, plays each one's first animation and, at up to 24 of its
// keys (the k-th key of each: a conversion starts its clip at 0 s), skins every vertex of every skinned mesh on the CPU
// (Mesh.getVertexPosition). Printed as JSON: the meshes and vertices of each, the figure's size (the
// reference's vertices' extent at the first time), and, when both hold the same vertices, the
// largest distance between a written vertex and the reference's at the same time (a conversion of
// the reference keeps every vertex where it was). With --bind, instead: the meshes' bind poses, the
// written one scaled to the reference's extent (a retargeting onto the reference writes metres),
// and the largest distance between them (the character as it was modelled, vertex for vertex).
//
// With --nearest: at up to 24 of the written file's keys, the reference at the same time from its
// first key, and the vertices of the two need not be in the same order (or number): the largest
// distance from a vertex of either to the nearest vertex of the other, the written ones times SCALE. Either file may be FBX (.fbx: three.js's FBXLoader reads it, in the
// file's own units).
//
// usage: node gltf_skin.mjs REFERENCE.glb|fbx WRITTEN.glb|fbx [--bind [nearest] | --nearest [SCALE]]
// (--bind nearest: the bind poses compared vertex to nearest vertex, for files whose vertices are in
// another order)
import { readFileSync } from 'node:fs';
import * as THREE from 'three';
import { FBXLoader } from 'three/addons/loaders/FBXLoader.js';
import { GLTFLoader } from 'three/addons/loaders/GLTFLoader.js';

// FBXLoader sizes the cameras a file holds by the browser's window.
globalThis.window = globalThis.window ?? { innerWidth: 1, innerHeight: 1 };

const [referencePath, writtenPath, mode, scaleText] = process.argv.slice(2);
const writtenScale = scaleText === undefined ? 1 : Number(scaleText);

async function load(path) {
  const bytes = readFileSync(path);
  const data = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
  let gltf;
  if (path.toLowerCase().endsWith('.fbx')) {
    const group = new FBXLoader().parse(data, '');
    gltf = { scene: group, animations: group.animations };
  } else {
    gltf = await new Promise((resolve, reject) => new GLTFLoader().parse(data, '', resolve, reject));
  }
  const meshes = [];
  gltf.scene.traverse((object) => { if (object.isSkinnedMesh) meshes.push(object); });
  if (meshes.length === 0) throw new Error('no skinned mesh in ' + path);
  const mixer = new THREE.AnimationMixer(gltf.scene);
  const action = mixer.clipAction(gltf.animations[0]);
  action.setLoop(THREE.LoopOnce, 1);
  action.clampWhenFinished = true;
  action.play();
  const vertices = meshes.reduce((sum, mesh) => sum + mesh.geometry.getAttribute('position').count, 0);
  return { gltf, meshes, mixer, vertices };
}

// Every vertex of the file's skinned meshes where its skeleton puts it at `time`.
function skinned(file, time) {
  file.mixer.setTime(time);
  file.gltf.scene.updateMatrixWorld(true);
  const places = [];
  for (const mesh of file.meshes) {
    const count = mesh.geometry.getAttribute('position').count;
    for (let v = 0; v < count; v++) {
      const p = new THREE.Vector3();
      mesh.getVertexPosition(v, p);
      places.push(p.applyMatrix4(mesh.matrixWorld));
    }
  }
  return places;
}

// The largest distance from a place of `from` to the nearest place of `to`.
function farthest(from, to) {
  let worst = 0;
  for (const p of from) {
    let nearest = Infinity;
    for (const q of to) nearest = Math.min(nearest, p.distanceToSquared(q));
    worst = Math.max(worst, Math.sqrt(nearest));
  }
  return worst;
}

const reference = await load(referencePath);
const written = await load(writtenPath);
const times = reference.gltf.animations[0].tracks[0].times;
const writtenTimes = written.gltf.animations[0].tracks[0].times;
const step = Math.max(1, Math.floor(times.length / 24));
const box = new THREE.Box3().setFromPoints(skinned(reference, times[0]));
const size = box.getSize(new THREE.Vector3()).length();
const result = {
  reference_meshes: reference.meshes.length, reference_vertices: reference.vertices,
  written_meshes: written.meshes.length, written_vertices: written.vertices, size, times: 0,
};

if (mode === '--bind') {
  // The bind pose (each mesh's vertices where its bind matrix puts them): the written one, scaled
  // to the reference's size (a retargeting writes metres), against the reference's.
  const bound = (file) => {
    const places = [];
    for (const mesh of file.meshes) {
      const positions = mesh.geometry.getAttribute('position');
      for (let v = 0; v < positions.count; v++)
        places.push(new THREE.Vector3().fromBufferAttribute(positions, v).applyMatrix4(mesh.bindMatrix));
    }
    return places;
  };
  const a = bound(reference);
  const b = bound(written);
  const extent = (places) => new THREE.Box3().setFromPoints(places).getSize(new THREE.Vector3()).length();
  const scale = extent(a) / extent(b);
  let largest = 0;
  if (scaleText === 'nearest') {
    const scaled = b.map((p) => p.clone().multiplyScalar(scale));
    largest = Math.max(farthest(a, scaled), farthest(scaled, a));
  } else {
    if (a.length !== b.length) throw new Error('the files hold different vertex counts');
    for (let v = 0; v < a.length; v++) largest = Math.max(largest, a[v].distanceTo(b[v].clone().multiplyScalar(scale)));
  }
  result.bind_scale = scale;
  result.size = extent(a);
  result.largest_bind_distance = largest;
} else if (mode === '--nearest') {
  // Vertices in another order (a reader that splits them its own way): at each time, the largest
  // distance from a vertex of either file to the nearest of the other's (both ways).
  // At the written file's keys, the reference at the same time from its first key (a conversion
  // starts its clip at 0 s; the keys of the two need not be the same).
  const start = (file) => Math.min(...file.gltf.animations[0].tracks.map((track) => track.times[0]));
  const referenceStart = start(reference);
  const writtenStart = start(written);
  const writtenStep = Math.max(1, Math.floor(writtenTimes.length / 24));
  let largest = 0;
  for (let k = 0; k < writtenTimes.length; k += writtenStep) {
    const a = skinned(reference, writtenTimes[k] - writtenStart + referenceStart);
    const b = skinned(written, writtenTimes[k]).map((p) => p.multiplyScalar(writtenScale));
    result.times++;
    largest = Math.max(largest, farthest(a, b), farthest(b, a));
  }
  result.largest_distance = largest;
} else {
  if (reference.vertices !== written.vertices) throw new Error('the files hold different vertex counts');
  let largest = 0;
  if (writtenTimes.length !== times.length) throw new Error('the files hold different key counts');
  for (let k = 0; k < times.length; k += step) {
    const a = skinned(reference, times[k]);
    const b = skinned(written, writtenTimes[k]);
    result.times++;
    for (let v = 0; v < a.length; v++) largest = Math.max(largest, a[v].distanceTo(b[v]));
  }
  result.largest_distance = largest;
}
console.log(JSON.stringify(result));

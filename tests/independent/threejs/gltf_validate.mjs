// The Khronos glTF validator (npm gltf-validator) on FILE.glb or FILE.gltf: prints its report's
// counts and its errors and warnings as JSON (exit 0; the caller judges).
//
// usage: node gltf_validate.mjs FILE...
import { readFileSync } from 'node:fs';
import validator from 'gltf-validator';

const reports = [];
for (const path of process.argv.slice(2)) {
  const report = await validator.validateBytes(new Uint8Array(readFileSync(path)), { uri: path, maxIssues: 20 });
  reports.push({
    path,
    errors: report.issues.numErrors,
    warnings: report.issues.numWarnings,
    messages: report.issues.messages.filter((m) => m.severity <= 1).map((m) => `${m.code} ${m.pointer ?? ''}: ${m.message}`),
  });
}
console.log(JSON.stringify(reports));

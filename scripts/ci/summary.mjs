// Reads vitest JSON reports and prints the one line CI recognises: "tests: N passed, N failed".
// A missing report counts as a failure (a suite that did not run is not a pass).
import fs from 'node:fs';

let passed = 0;
let failed = 0;
let missing = 0;
for (const file of process.argv.slice(2)) {
  if (!fs.existsSync(file)) {
    console.error(`summary: ${file} missing (the suite did not run)`);
    missing++;
    continue;
  }
  const r = JSON.parse(fs.readFileSync(file, 'utf8'));
  passed += r.numPassedTests ?? 0;
  const failedTests = r.numFailedTests ?? 0;
  // a file that failed to load has no failed tests but a failed suite
  failed += failedTests || (r.numFailedTestSuites ?? 0) || (r.success === false ? 1 : 0);
}
failed += missing;
console.log(`tests: ${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);

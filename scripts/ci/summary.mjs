// Reads vitest JSON reports and prints the one line CI recognises: "tests: N passed, N failed".
// A missing report counts as a failure (a suite that did not run is not a pass). The failed
// tests are named just above that line, so the tail of a CI log says what broke.
import fs from 'node:fs';
import path from 'node:path';

let passed = 0;
let failed = 0;
let missing = 0;
const failures = [];
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
  for (const suite of r.testResults ?? []) {
    const where = `${path.basename(file, '.json')}: ${path.relative(process.cwd(), suite.name ?? '')}`;
    const failedHere = (suite.assertionResults ?? []).filter((t) => t.status === 'failed');
    for (const t of failedHere) {
      const why = String(t.failureMessages?.[0] ?? '').split('\n')[0].slice(0, 300);
      failures.push(`FAILED ${where} > ${t.fullName ?? t.title}\n    ${why}`);
    }
    if (!failedHere.length && suite.status === 'failed') {
      failures.push(`FAILED ${where} (the file did not run)\n    ${String(suite.message ?? '').split('\n')[0].slice(0, 300)}`);
    }
  }
}
failed += missing;
if (failures.length) console.log(failures.join('\n'));
console.log(`tests: ${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);

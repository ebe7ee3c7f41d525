// Adds up the vitest JSON reports and the node:test log into one closing line.
import { readFileSync } from 'node:fs';

let passed = 0;
let failed = 0;
let skipped = 0;
for (const file of process.argv.slice(2)) {
  const text = readFileSync(file, 'utf8');
  if (file.endsWith('.json')) {
    const report = JSON.parse(text);
    passed += report.numPassedTests;
    failed += report.numFailedTests;
    skipped += report.numPendingTests + report.numTodoTests;
  } else {
    passed += Number(/^# pass (\d+)$/m.exec(text)?.[1] ?? 0);
    failed += Number(/^# fail (\d+)$/m.exec(text)?.[1] ?? 0);
    skipped += Number(/^# skipped (\d+)$/m.exec(text)?.[1] ?? 0);
  }
}
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);

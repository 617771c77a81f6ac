import { failedLine } from './summary-reporter.mjs';

/**
 * A reporter for Node's test runner (`node --test --test-reporter=…`) that names each failed test
 * in a line scripts/test/test.mjs repeats at the end, and prints one plain closing line, `N passed,
 * N failed, N skipped`, like the browser tests do. Tests marked `todo` count as skipped whatever
 * their outcome; one that passes is named, so that its mark can be removed.
 */
export default async function* summary(source) {
  const totals = { passed: 0, failed: 0, skipped: 0 };
  const todoPassing = [];
  const failed = [];
  for await (const event of source) {
    if (event.type !== 'test:pass' && event.type !== 'test:fail') continue;
    const { data } = event;
    if (data.details?.type === 'suite') continue;
    if (data.skip !== undefined || data.todo !== undefined) {
      totals.skipped += 1;
      if (data.todo !== undefined && event.type === 'test:pass') todoPassing.push(data.name);
    } else if (event.type === 'test:pass') totals.passed += 1;
    else {
      totals.failed += 1;
      failed.push(failedLine(`examples › ${data.name}`, String(data.details?.error?.cause?.message ?? data.details?.error?.message ?? '')));
    }
  }
  for (const line of failed) yield `${line}\n`;
  for (const name of todoPassing) yield `A test marked todo passes now, remove its mark: ${name}\n`;
  yield `\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped\n`;
}

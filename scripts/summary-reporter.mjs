/** Prints one plain closing line, `N passed, N failed, N skipped`, that CI can read. */
export function summaryReporter() {
  return {
    onTestRunFinished({ sessions }) {
      const totals = { passed: 0, failed: 0, skipped: 0 };
      const walk = (suite) => {
        for (const test of suite?.tests ?? []) {
          if (test.skipped) totals.skipped += 1;
          else if (test.passed) totals.passed += 1;
          else totals.failed += 1;
        }
        for (const child of suite?.suites ?? []) walk(child);
      };
      let brokenFiles = 0;
      for (const session of sessions) {
        walk(session.testResults);
        if (!session.passed && (session.errors?.length ?? 0) > 0) brokenFiles += 1;
      }
      // A file that failed to load counts as a failure: it ran none of its tests.
      const failed = totals.failed + brokenFiles;
      process.stdout.write(`\n${totals.passed} passed, ${failed} failed, ${totals.skipped} skipped\n`);
    },
  };
}

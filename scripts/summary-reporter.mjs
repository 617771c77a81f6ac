/**
 * Closes the run with a line per engine and one plain line for all of them together,
 * `N passed, N failed, N skipped`, that CI can read.
 */
export function summaryReporter() {
  return {
    onTestRunFinished({ sessions }) {
      const perEngine = new Map();
      for (const session of sessions) {
        const name = session.browser.name;
        if (!perEngine.has(name)) perEngine.set(name, { passed: 0, failed: 0, skipped: 0 });
        addSession(perEngine.get(name), session);
      }
      const total = { passed: 0, failed: 0, skipped: 0 };
      const lines = [''];
      for (const [name, counts] of perEngine) {
        lines.push(`${name}: ${line(counts)}`);
        for (const key of Object.keys(total)) total[key] += counts[key];
      }
      lines.push(line(total));
      process.stdout.write(`${lines.join('\n')}\n`);
    },
  };
}

function addSession(counts, session) {
  const walk = (suite) => {
    for (const test of suite?.tests ?? []) {
      if (test.skipped) counts.skipped += 1;
      else if (test.passed) counts.passed += 1;
      else counts.failed += 1;
    }
    for (const child of suite?.suites ?? []) walk(child);
  };
  walk(session.testResults);
  // A file that failed to load counts as a failure: it ran none of its tests.
  if (!session.passed && (session.errors?.length ?? 0) > 0) counts.failed += 1;
}

const line = ({ passed, failed, skipped }) => `${passed} passed, ${failed} failed, ${skipped} skipped`;

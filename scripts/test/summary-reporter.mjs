import { relative } from 'node:path';

/** Why a file's tests skipped in an engine, as the tests said (`skipBecause` in test/skip.ts), by engine › file. */
const skipReasons = new Map();

/**
 * Test-server command `skip-reason` (`{reason}`): a test that skips says why, and the summary
 * prints it beside the file and engine, in one line.
 */
export function skipReasonsPlugin() {
  return {
    name: 'display-kit-skip-reasons',
    executeCommand({ command, payload, session }) {
      if (command !== 'skip-reason') return undefined;
      skipReasons.set(sessionName(session), payload.reason);
      return true;
    },
  };
}

/**
 * Closes the run with a line per engine and file whose tests skipped, saying why (`○ skipped:
 * engine › file: N tests: reason`), a line per failed test (`✖ engine › file › suite › test:
 * message`), a line per engine and one plain line for all of them together, `N passed, N failed,
 * N skipped`, that CI can read. scripts/test/test.mjs repeats the failed tests' lines at the very
 * end, where a CI log's tail shows them.
 */
export function summaryReporter() {
  return {
    onTestRunFinished({ sessions }) {
      const perEngine = new Map();
      const failed = [];
      const skipped = [];
      for (const session of sessions) {
        const name = session.browser.name;
        if (!perEngine.has(name)) perEngine.set(name, { passed: 0, failed: 0, skipped: 0 });
        const counts = perEngine.get(name);
        const before = counts.skipped;
        addSession(counts, session, failed);
        if (counts.skipped > before) skipped.push(skippedLine(session, counts.skipped - before));
      }
      const total = { passed: 0, failed: 0, skipped: 0 };
      const lines = ['', ...slowestLines(sessions), ...skipped, ...failed];
      for (const [name, counts] of perEngine) {
        lines.push(`${name}: ${line(counts)}`);
        for (const key of Object.keys(total)) total[key] += counts[key];
      }
      lines.push(line(total));
      process.stdout.write(`${lines.join('\n')}\n`);
    },
  };
}

/**
 * The files whose tests took longest, by engine (the sum of their tests' durations): CI has a
 * time limit, and a file that grows should show which one it is.
 */
function slowestLines(sessions, count = 8) {
  const seconds = (session) => {
    let sum = 0;
    const walk = (suite) => {
      for (const test of suite?.tests ?? []) sum += test.duration ?? 0;
      for (const child of suite?.suites ?? []) walk(child);
    };
    walk(session.testResults);
    return sum / 1000;
  };
  const timed = sessions.map((session) => ({ name: sessionName(session), engine: session.browser.name, seconds: seconds(session) }));
  const perEngine = new Map();
  for (const { engine, seconds } of timed) perEngine.set(engine, (perEngine.get(engine) ?? 0) + seconds);
  const slowest = timed.sort((a, b) => b.seconds - a.seconds).slice(0, count);
  return [
    `Tests' time: ${[...perEngine].map(([engine, seconds]) => `${engine} ${Math.round(seconds)} s`).join(', ')}. Slowest files:`,
    ...slowest.map(({ name, seconds }) => `${seconds.toFixed(1).padStart(7)} s  ${name}`),
    '',
  ];
}

function addSession(counts, session, failed) {
  const where = (path) => [sessionName(session), ...path].join(' › ');
  const walk = (suite, path) => {
    for (const test of suite?.tests ?? []) {
      if (test.skipped) counts.skipped += 1;
      else if (test.passed) counts.passed += 1;
      else {
        counts.failed += 1;
        failed.push(failedLine(where([...path, test.name]), test.error?.message));
      }
    }
    for (const child of suite?.suites ?? []) walk(child, [...path, child.name]);
  };
  walk(session.testResults, []);
  // A file that failed to load counts as a failure: it ran none of its tests.
  if (!session.passed && (session.errors?.length ?? 0) > 0) {
    counts.failed += 1;
    failed.push(failedLine(where([]), session.errors[0]?.message));
  }
}

function skippedLine(session, count) {
  const where = sessionName(session);
  return `○ skipped: ${where}: ${count} ${count === 1 ? 'test' : 'tests'}: ${skipReasons.get(where) ?? 'no reason given'}`;
}

/** A test file in an engine, as the summary's lines name it: `engine › file`. */
const sessionName = (session) => `${session.browser.name} › ${relative(process.cwd(), session.testFile)}`;

/** A failed test in one line, so that the line is whole in any log's tail: the first line of its message, cut at 300 characters. */
export const failedLine = (where, message = '') => `${FAILED_MARK}${where}: ${message.split('\n')[0].slice(0, 300)}`;

export const FAILED_MARK = '✖ failed: ';

const line = ({ passed, failed, skipped }) => `${passed} passed, ${failed} failed, ${skipped} skipped`;

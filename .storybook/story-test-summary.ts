import type { Reporter, TestModule } from 'vitest/node';

interface StoryReport {
  type: string;
  status: string;
  result?: { violations?: Array<{ id: string; nodes?: unknown[] }> };
}

/**
 * Closes the story-test run with one plain line, `N passed, N failed, N skipped` (all theme
 * projects together), after a line per project and a list of any accessibility checks that a
 * story marks as known issues (`a11y.test: 'todo'`), so none is silently ignored.
 */
export class StoryTestSummary implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<unknown>): void {
    const totals = { passed: 0, failed: 0, skipped: 0 };
    const perProject = new Map<string, { passed: number; failed: number; skipped: number }>();
    const todos: string[] = [];
    for (const module of testModules) {
      const project = module.project.name || 'stories';
      const counts = perProject.get(project) ?? { passed: 0, failed: 0, skipped: 0 };
      perProject.set(project, counts);
      let ran = 0;
      for (const test of module.children.allTests()) {
        ran += 1;
        const state = test.result().state;
        const bucket = state === 'passed' ? 'passed' : state === 'failed' ? 'failed' : 'skipped';
        totals[bucket] += 1;
        counts[bucket] += 1;
        const reports = (test.meta() as { reports?: StoryReport[] }).reports ?? [];
        for (const report of reports) {
          if (report.type !== 'a11y' || report.status !== 'warning') continue;
          const rules = (report.result?.violations ?? []).map((v) => `${v.id} (${v.nodes?.length ?? 0})`).join(', ');
          todos.push(`  ${project}: ${test.fullName} — ${rules}`);
        }
      }
      // A story file that failed to load ran none of its stories: count it as a failure.
      if (ran === 0 && module.state() === 'failed') {
        totals.failed += 1;
        counts.failed += 1;
      }
    }
    totals.failed += unhandledErrors.length;
    const out: string[] = [''];
    for (const [project, c] of [...perProject].sort()) {
      out.push(`${project} — stories passed ${c.passed}, failed ${c.failed}, skipped ${c.skipped}`);
    }
    if (todos.length) out.push(`Accessibility checks marked todo (known issues, see the story's comment):`, ...todos);
    out.push(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
    process.stdout.write(`${out.join('\n')}\n`);
  }
}

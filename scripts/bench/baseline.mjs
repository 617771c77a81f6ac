/**
 * The kit as it was at a git revision, for benchmarks that measure it beside today's: a
 * detached worktree in the system's temporary folder (Vite compiles nothing under a
 * node_modules folder as the project's own) that shares this checkout's node_modules, there
 * while `use` runs (long enough to build a page from it).
 */
import { execFileSync } from 'node:child_process';
import { rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = fileURLToPath(new URL('../../', import.meta.url));

export async function withCheckout(revision, use) {
  const dir = join(tmpdir(), 'display-kit-bench-baseline');
  rmSync(dir, { recursive: true, force: true });
  execFileSync('git', ['worktree', 'prune'], { cwd: repo });
  execFileSync('git', ['worktree', 'add', '--detach', dir, revision], { cwd: repo, stdio: 'ignore' });
  try {
    symlinkSync(`${repo}node_modules`, `${dir}/node_modules`, 'dir');
    return await use(dir);
  } finally {
    execFileSync('git', ['worktree', 'remove', '--force', dir], { cwd: repo, stdio: 'ignore' });
  }
}

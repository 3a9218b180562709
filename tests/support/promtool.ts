import { spawnSync } from 'node:child_process';

const has = () => spawnSync('promtool', ['--version'], { encoding: 'utf8' }).status === 0;

/**
 * Prometheus's own checker, from Debian's `prometheus` package: installed here when missing (as
 * root, or through sudo), as .ci/run installs Chromium for the browser tests.
 */
export function ensurePromtool(): void {
  if (has()) return;
  const sudo = process.getuid?.() === 0 ? [] : ['sudo'];
  const run = (args: string[]) =>
    spawnSync(sudo[0] ?? args[0]!, sudo.length ? args : args.slice(1), {
      encoding: 'utf8',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  for (let attempt = 1; attempt <= 3 && !has(); attempt++) {
    // Another test file may be installing it at the same moment: wait for apt's lock.
    run(['apt-get', '-o', 'DPkg::Lock::Timeout=180', 'update', '-qq']);
    run(['apt-get', '-o', 'DPkg::Lock::Timeout=180', 'install', '-y', '-qq', '--no-install-recommends', 'prometheus']);
  }
  if (!has()) throw new Error("promtool is missing and Debian's prometheus package could not be installed (apt-get install prometheus)");
}

/** Runs promtool with `input` on its standard input; its exit code and everything it printed. */
export function promtool(args: string[], input?: string): { status: number | null; output: string } {
  const r = spawnSync('promtool', args, { input, encoding: 'utf8' });
  return { status: r.status, output: `${r.stdout ?? ''}${r.stderr ?? ''}` };
}

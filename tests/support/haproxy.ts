import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createServer, Socket } from 'node:net';
import { fileURLToPath } from 'node:url';

/** The deployment's HAProxy configuration (compose.yaml mounts the same file). */
export const HAPROXY_CFG = fileURLToPath(new URL('../../deploy/haproxy/haproxy.cfg', import.meta.url));

const hasHaproxy = () => spawnSync('haproxy', ['-v'], { stdio: 'ignore' }).status === 0;

/**
 * Debian's haproxy package, installed when missing (apt-get, with sudo when not root); throws when
 * it cannot be had, so that nothing that needs it is skipped silently.
 */
export function ensureHaproxy(log: (s: string) => void = () => {}): void {
  if (hasHaproxy()) return;
  const sudo = process.getuid?.() === 0 ? [] : ['sudo'];
  const run = (args: string[]) =>
    spawnSync(sudo[0] ?? args[0]!, sudo.length ? args : args.slice(1), {
      stdio: 'ignore',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  log('(haproxy missing: apt-get install -y haproxy)');
  if (run(['apt-get', 'install', '-y', '-qq', 'haproxy']).status !== 0) {
    run(['apt-get', 'update', '-qq']);
    run(['apt-get', 'install', '-y', '-qq', 'haproxy']);
  }
  if (!hasHaproxy()) throw new Error('haproxy is not installed and could not be: apt-get install -y haproxy (Debian package)');
}

/** `haproxy -c -f <cfg>`: its exit status and output. */
export function checkHaproxyConfig(cfg = HAPROXY_CFG, env: Record<string, string> = {}): { status: number | null; output: string } {
  const r = spawnSync('haproxy', ['-c', '-f', cfg], { encoding: 'utf8', env: { ...process.env, ...env } });
  return { status: r.status, output: `${r.stdout}${r.stderr}` };
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

const accepts = (port: number) =>
  new Promise<boolean>((resolve) => {
    const sock = new Socket();
    sock.once('connect', () => (sock.destroy(), resolve(true)));
    sock.once('error', () => resolve(false));
    sock.connect(port, '127.0.0.1');
  });

export interface Haproxy {
  url: string;
  child: ChildProcess;
  output(): string;
  stop(): Promise<void>;
}

/**
 * The deployment's haproxy.cfg, run in the foreground on a free loopback port, in front of the
 * given `host:port` servers (three entries, as in compose.yaml: api-1..3; fewer are repeated).
 */
export async function startHaproxy(servers: string[], cfg = HAPROXY_CFG): Promise<Haproxy> {
  const port = await freePort();
  const api = [0, 1, 2].map((i) => servers[i % servers.length]!);
  const child = spawn('haproxy', ['-db', '-f', cfg], {
    env: { ...process.env, HAPROXY_BIND: `127.0.0.1:${port}`, API_1: api[0]!, API_2: api[1]!, API_3: api[2]! },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let out = '';
  child.stderr!.on('data', (d) => (out = (out + d).slice(-20_000)));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let gone = false;
  void exited.then(() => (gone = true));
  for (const until = Date.now() + 10_000; !(await accepts(port)); ) {
    if (gone || Date.now() > until) throw new Error(`haproxy did not start:\n${out}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    url: `http://127.0.0.1:${port}`,
    child,
    output: () => out,
    async stop() {
      if (!gone) child.kill('SIGTERM');
      await exited;
    },
  };
}

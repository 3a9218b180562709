import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import client from 'prom-client';
import { StartRefused } from '../config.js';
import { collectProcessMetrics, register } from './metrics.js';

export interface MetricsListener {
  port: number;
  /** The port asked for, when it was busy and the listener took the next free one instead. */
  busy?: number;
  close(): Promise<void>;
}

/**
 * GET /metrics in Prometheus's text format, on a listener of its own (METRICS_PORT on HOST), apart
 * from the API's port so that a public proxy never exposes it. `cluster`: this is the primary of
 * WORKERS processes, and the one endpoint answers for all of them (prom-client asks each worker for
 * its metrics over the cluster's IPC channel and adds them up: counters and histograms summed,
 * each gauge by its own rule). Otherwise it answers for this process.
 * A port in use (another server on this machine) refuses the start in one line (StartRefused),
 * or with `nextFreeIfBusy` (METRICS_PORT left to its default) moves to the next free port of ten.
 */
export async function serveMetrics(
  port: number,
  host: string,
  opts: { cluster?: boolean; nextFreeIfBusy?: boolean } = {},
): Promise<MetricsListener> {
  const aggregator = opts.cluster ? new client.AggregatorRegistry() : null;
  if (!aggregator) collectProcessMetrics();
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0];
    if (req.method !== 'GET' || path !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('not found: GET /metrics\n');
      return;
    }
    const text = aggregator ? aggregator.clusterMetrics() : register.metrics();
    text.then(
      (body) => res.writeHead(200, { 'content-type': register.contentType }).end(body),
      (err: Error) => res.writeHead(503, { 'content-type': 'text/plain; charset=utf-8' }).end(`metrics unavailable: ${err.message}\n`),
    );
  });
  const listen = (p: number) =>
    new Promise<void>((ok, fail) => {
      server.once('error', fail);
      server.listen(p, host, () => {
        server.off('error', fail);
        ok();
      });
    });
  const tries = opts.nextFreeIfBusy && port > 0 ? 10 : 1;
  for (let i = 0; ; i++) {
    try {
      await listen(port + i);
      break;
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code !== 'EADDRINUSE' && code !== 'EACCES') throw err;
      if (i + 1 < tries && port + i + 1 <= 65535) continue;
      const which = tries > 1 ? `METRICS_PORT ${port} to ${port + i}` : `METRICS_PORT ${port}`;
      throw new StartRefused(
        `${which} on ${host} ${code === 'EACCES' ? 'may not be used by this user' : 'is in use (another server on this machine?)'}` +
          `: give this server its own METRICS_PORT, or METRICS_PORT=0 for no metrics`,
      );
    }
  }
  const bound = (server.address() as AddressInfo).port;
  return {
    port: bound,
    ...(bound !== port ? { busy: port } : {}),
    close: () => new Promise<void>((ok) => server.close(() => ok())),
  };
}

/** In a cluster worker: answers the primary's requests for this process's metrics (over IPC). */
export function answerPrimary(): void {
  collectProcessMetrics();
  new client.AggregatorRegistry(); // its constructor adds the worker's IPC listener
}

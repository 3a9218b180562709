import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import client from 'prom-client';
import { collectProcessMetrics, register } from './metrics.js';

export interface MetricsListener {
  port: number;
  close(): Promise<void>;
}

/**
 * GET /metrics in Prometheus's text format, on a listener of its own (METRICS_PORT on HOST), apart
 * from the API's port so that a public proxy never exposes it. `cluster`: this is the primary of
 * WORKERS processes, and the one endpoint answers for all of them (prom-client asks each worker for
 * its metrics over the cluster's IPC channel and adds them up: counters and histograms summed,
 * each gauge by its own rule). Otherwise it answers for this process.
 */
export async function serveMetrics(port: number, host: string, opts: { cluster?: boolean } = {}): Promise<MetricsListener> {
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
  await new Promise<void>((ok, fail) => {
    server.once('error', fail);
    server.listen(port, host, () => {
      server.off('error', fail);
      ok();
    });
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () => new Promise<void>((ok) => server.close(() => ok())),
  };
}

/** In a cluster worker: answers the primary's requests for this process's metrics (over IPC). */
export function answerPrimary(): void {
  collectProcessMetrics();
  new client.AggregatorRegistry(); // its constructor adds the worker's IPC listener
}

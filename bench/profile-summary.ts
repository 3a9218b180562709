/**
 * Where a server's CPU time went: reads a V8 CPU profile (`node --cpu-prof`, written by the bench's
 * server with BENCH_CPU_PROF=<dir>) and prints each part's share of the busy time (idle left out),
 * by the code on top of the stack: Postgres's sockets, the pg driver, HTTP (Node's http, Fastify and
 * its plugins, our routes), the service and the engines, GraphQL, metrics, garbage collection.
 *
 *   npx tsx bench/profile-summary.ts <file.cpuprofile>
 */
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const file = process.argv[2];
if (!file) throw new Error('usage: profile-summary <file.cpuprofile>');
const p = JSON.parse(readFileSync(file, 'utf8')) as Profile;
const byId = new Map(p.nodes.map((n) => [n.id, n]));
const parent = new Map<number, number>();
for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);

/** The part a sample counts for: the first frame, from the top of the stack, that names one. */
function partOf(id: number): string {
  for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
    const { url, functionName } = byId.get(at)!.callFrame;
    if (functionName === '(idle)') return 'idle';
    if (functionName === '(garbage collector)') return 'garbage collection';
    if (functionName === '(program)') return 'the rest (V8, microtasks, timers)';
    if (functionName === 'writev' || functionName === 'writeBuffer' || functionName === 'writeUtf8String') {
      // A socket write: whose socket is the first library frame below it.
      for (let b: number | undefined = parent.get(at); b !== undefined; b = parent.get(b)) {
        const u = byId.get(b)!.callFrame.url;
        if (u.includes('/node_modules/pg')) return "writing to Postgres's sockets";
        if (u.includes('/node_modules/fastify') || u.includes('node:_http')) return 'writing HTTP answers';
      }
      return 'socket writes (other)';
    }
    if (url.includes('/node_modules/pg') || url.includes('/node_modules/@prisma')) return 'the pg driver and Prisma';
    if (url.includes('/node_modules/graphql') || url.includes('/node_modules/mercurius')) return 'GraphQL';
    if (url.includes('/node_modules/prom-client') || url.includes('/src/telemetry/')) return 'metrics and tracing';
    if (
      url.includes('/node_modules/fastify') ||
      url.includes('/node_modules/@fastify') ||
      url.includes('/node_modules/find-my-way') ||
      url.includes('/node_modules/avvio') ||
      url.includes('/node_modules/ajv') ||
      url.includes('/src/http/') ||
      url.startsWith('node:_http') ||
      url.startsWith('node:http')
    )
      return "HTTP (Node's http, Fastify, schemas, routes)";
    if (url.includes('/src/engine/') || url.includes('/src/games/')) return 'the engines';
    if (url.includes('/src/app/') || url.includes('/src/store/')) return 'the service (use cases, sessions, store)';
  }
  return 'the rest (V8, microtasks, timers)';
}

const total = new Map<string, number>();
p.samples.forEach((id, i) => total.set(partOf(id), (total.get(partOf(id)) ?? 0) + (p.timeDeltas[i] ?? 0)));
const busy = [...total].filter(([k]) => k !== 'idle').reduce((s, [, v]) => s + v, 0);
console.log(`busy ${(busy / 1e6).toFixed(1)} s of ${([...total.values()].reduce((s, v) => s + v, 0) / 1e6).toFixed(1)} s sampled`);
for (const [k, v] of [...total].filter(([k]) => k !== 'idle').sort((a, b) => b[1] - a[1]))
  console.log(`| ${((100 * v) / busy).toFixed(1)} % | ${k} |`);

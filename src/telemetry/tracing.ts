import { createRequire } from 'node:module';
import {
  context,
  propagation,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
  type Attributes,
  type Context,
  type Link,
  type Span,
} from '@opentelemetry/api';
import { FastifyOtelInstrumentation } from '@fastify/otel';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { registerInstrumentations } from '@opentelemetry/instrumentation';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { PinoInstrumentation } from '@opentelemetry/instrumentation-pino';
import { defaultResource, detectResources, envDetector, resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import { ATTR_SERVICE_NAME, ATTR_SERVICE_VERSION } from '@opentelemetry/semantic-conventions';

/**
 * Traces with OpenTelemetry, exported over OTLP/HTTP when OTEL_EXPORTER_OTLP_ENDPOINT (or
 * OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) is set, and not at all otherwise: without it no tracer is
 * registered, every span helper below runs its function bare, and no header is added anywhere.
 *
 * What a trace holds: the HTTP request (@fastify/otel: a SERVER span named by method and route
 * template, continuing an incoming `traceparent`), the service's own spans (`decide`, `append`,
 * `notify`, `mail move`, `replay`, `import`) and every SQL statement sent inside them (the pg
 * instrumentation; pg-boss's polling, which has no parent, is left out). A move's notifications
 * carry its trace on: the job handed to the queue holds the move's `traceparent`, the delivery
 * continues it, and the webhook request and the mail carry the delivery's `traceparent` as a
 * header. A move by mail reply starts a trace of its own, linked to the mail it answers. Log lines
 * written inside a span carry `trace_id` and `span_id` (the pino instrumentation).
 *
 * The standard OTEL_* variables apply (OTEL_SERVICE_NAME, OTEL_RESOURCE_ATTRIBUTES,
 * OTEL_TRACES_SAMPLER and its argument, OTEL_BSP_* for batching, OTEL_EXPORTER_OTLP_HEADERS).
 * Start it before the server's modules load (src/main.ts does): the pino instrumentation wraps
 * the logger Fastify creates.
 */

let provider: NodeTracerProvider | null = null;
const tracer = () => trace.getTracer('citybuilder-server');

export const tracingOn = () => provider !== null;

export interface Tracing {
  /** Sends the spans still buffered, then stops. */
  shutdown(): Promise<void>;
}

export function startTracing(env: NodeJS.ProcessEnv = process.env): Tracing | null {
  if (provider) return { shutdown: () => provider!.shutdown() };
  if (!env.OTEL_EXPORTER_OTLP_ENDPOINT && !env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) return null;
  if (/^true$/i.test(env.OTEL_SDK_DISABLED ?? '')) return null;
  const require = createRequire(import.meta.url);
  const version = (require('../../package.json') as { version: string }).version;
  const resource = defaultResource()
    .merge(resourceFromAttributes({ [ATTR_SERVICE_NAME]: 'citybuilder-server', [ATTR_SERVICE_VERSION]: version }))
    .merge(detectResources({ detectors: [envDetector] }));
  const p = new NodeTracerProvider({ resource, spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter())] });
  p.register(); // the global tracer provider, AsyncLocalStorage contexts, W3C trace context propagation
  provider = p;
  registerInstrumentations({
    instrumentations: [
      new FastifyOtelInstrumentation({
        registerOnInitialization: true,
        // One span per request; no child span per lifecycle hook (they cost more than they tell).
        instrumentHooks: false,
        ignorePaths: (route: { url: string }) => route.url === '/healthz' || route.url === '/readyz',
        requestHook: (span: Span, request: { method: string; routeOptions: { url?: string } }) =>
          span.updateName(`${request.method} ${request.routeOptions.url ?? '(no route)'}`),
      }),
      new PgInstrumentation({ requireParentSpan: true }),
      new PinoInstrumentation({ disableLogSending: true }),
    ],
  });
  // pg is imported as an ES module, which the instrumentation's require hook does not see: a
  // require of it (the same module object) lets the hook patch its client's prototype.
  require('pg');
  require('pg-pool');
  return {
    async shutdown() {
      await p.shutdown();
      provider = null;
    },
  };
}

/** Runs `fn` in a span of its own (a child of the active one); without tracing, runs it bare. */
export async function inSpan<T>(
  name: string,
  attributes: Attributes,
  fn: (span: Span | null) => Promise<T>,
  opts: { parent?: Context; links?: Link[]; kind?: SpanKind } = {},
): Promise<T> {
  if (!provider) return fn(null);
  return tracer().startActiveSpan(
    name,
    { attributes, links: opts.links, kind: opts.kind ?? SpanKind.INTERNAL },
    opts.parent ?? context.active(),
    async (span) => {
      try {
        return await fn(span);
      } catch (err) {
        span.recordException(err as Error);
        span.setStatus({ code: SpanStatusCode.ERROR, message: (err as Error)?.message });
        throw err;
      } finally {
        span.end();
      }
    },
  );
}

/** The same for synchronous work (an engine's decide). */
export function inSpanSync<T>(name: string, attributes: Attributes, fn: (span: Span | null) => T): T {
  if (!provider) return fn(null);
  return tracer().startActiveSpan(name, { attributes }, (span) => {
    try {
      return fn(span);
    } finally {
      span.end();
    }
  });
}

/** The active trace as W3C headers (`traceparent`, and `tracestate` when set); empty without tracing. */
export function traceHeaders(ctx: Context = context.active()): Record<string, string> {
  if (!provider) return {};
  const carrier: Record<string, string> = {};
  propagation.inject(ctx, carrier);
  return carrier;
}

/** The context a `traceparent` names (a job's, a mail's), to continue it. */
export function contextOf(headers: Record<string, unknown> | undefined): Context {
  const carrier: Record<string, string> = {};
  for (const k of ['traceparent', 'tracestate']) if (typeof headers?.[k] === 'string') carrier[k] = headers[k] as string;
  return propagation.extract(ROOT_CONTEXT, carrier);
}

/** A link to the span a `traceparent` names, when it is a valid one. */
export function linkTo(traceparent: string | undefined): Link | null {
  if (!traceparent) return null;
  const span = trace.getSpanContext(contextOf({ traceparent }));
  return span && trace.isSpanContextValid(span) ? { context: span } : null;
}

export { SpanKind };

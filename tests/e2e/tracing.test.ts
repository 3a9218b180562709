import { createServer as createHttpServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../support/db.js';
import { freePort, startServerProcess, type ServerProcess } from '../support/faults.js';
import { mailbox, receiver, until, type Mailbox, type Receiver } from '../support/mail.js';

interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes?: { key: string; value: Record<string, unknown> }[];
  links?: { traceId: string; spanId: string }[];
}

/** A real OTLP/HTTP receiver (JSON encoding) on loopback: keeps every span it is sent. */
async function otlpReceiver() {
  const spans: OtlpSpan[] = [];
  const server: Server = createHttpServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      if (req.url === '/v1/traces' && req.method === 'POST') {
        const body = JSON.parse(raw) as { resourceSpans: { scopeSpans: { spans: OtlpSpan[] }[] }[] };
        for (const r of body.resourceSpans) for (const s of r.scopeSpans) spans.push(...s.spans);
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  return {
    spans,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((ok) => server.close(() => ok())),
  };
}

const attr = (s: OtlpSpan, key: string) => {
  const v = s.attributes?.find((a) => a.key === key)?.value;
  return v ? Object.values(v)[0] : undefined;
};
const traceOf = (traceparent: string | undefined) => /^00-([0-9a-f]{32})-([0-9a-f]{16})-0[01]$/.exec(traceparent ?? '');

async function call(url: string, method: string, path: string, token?: string, body?: unknown) {
  const res = await fetch(`${url}${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

/**
 * The real server process with OTEL_EXPORTER_OTLP_ENDPOINT pointing at a receiver of the test's own:
 * one REST move of Town Center (2 players; seat 1 is to move after it, and is told by webhook and
 * by mail), followed through its notifications, then seat 1's reply by mail.
 */
describe('traces over OTLP: a move, its webhook and mail, and the reply by mail (end-to-end)', () => {
  let db: TestDatabase;
  let otlp: Awaited<ReturnType<typeof otlpReceiver>>;
  let mail: Mailbox;
  let hooks: Receiver;
  let server: ServerProcess;
  let inboundPort = 0;
  let game: { id: string; tokens: string[] };
  let moveTrace = '';

  beforeAll(async () => {
    db = await createTestDatabase();
    otlp = await otlpReceiver();
    mail = await mailbox();
    hooks = await receiver();
    inboundPort = await freePort();
    server = await startServerProcess(
      {
        DATABASE_URL: db.url,
        WORKERS: '1',
        LOG_LEVEL: 'info',
        OTEL_EXPORTER_OTLP_ENDPOINT: otlp.url,
        OTEL_BSP_SCHEDULE_DELAY: '100',
        NOTIFICATIONS: 'on',
        SMTP_URL: `smtp://127.0.0.1:${mail.port}`,
        SMTP_INBOUND_PORT: String(inboundPort),
        SMTP_INBOUND_HOST: '127.0.0.1',
        MAIL_DOMAIN: 'moves.test',
        WEBHOOK_ALLOW_PRIVATE: '1',
        NOTIFY_POLL_SECONDS: '0.5',
      },
      await freePort(),
    );
    const created = await call(server.url, 'POST', '/api/v1/games', undefined, {
      type: 'town-center',
      seed: 'trace',
      players: [{ name: 'Ada' }, { name: 'Bob' }],
    });
    expect(created.status).toBe(201);
    game = { id: created.body.id, tokens: created.body.seats.map((s: { token: string }) => s.token) };
    const settings = await call(server.url, 'PUT', `/api/v1/games/${game.id}/seats/me/notifications`, game.tokens[1], {
      email: 'bob@example.test',
      webhookUrl: `${hooks.url}/bob`,
      events: ['turn'],
    });
    expect(settings.status, JSON.stringify(settings.body)).toBe(200);
  });
  afterAll(async () => {
    if (server?.child.exitCode === null) {
      server.child.kill('SIGTERM');
      await server.exited;
    }
    await Promise.all([otlp?.close(), mail?.close(), hooks?.close()]);
    await db?.drop();
  });

  it("one REST move is one trace: the HTTP span, decide, append and the append's SQL", async () => {
    const legal = await call(server.url, 'GET', `/api/v1/games/${game.id}/legal-moves`, game.tokens[0]);
    expect(legal.body.toMove).toEqual([0]);
    const moved = await call(server.url, 'POST', `/api/v1/games/${game.id}/moves`, game.tokens[0], { move: legal.body.moves[0] });
    expect(moved.status).toBe(200);
    expect(moved.body.toMove).toEqual([1]);

    await until("the move's HTTP span", () => otlp.spans.some((s) => s.name === 'POST /api/v1/games/:id/moves'));
    const http = otlp.spans.find((s) => s.name === 'POST /api/v1/games/:id/moves')!;
    moveTrace = http.traceId;
    expect(http.parentSpanId || undefined).toBeUndefined(); // the root: no caller sent a traceparent
    expect(http.kind).toBe(2); // SERVER
    expect(attr(http, 'http.route')).toBe('/api/v1/games/:id/moves');
    expect(attr(http, 'http.response.status_code')).toBe(200);

    await until('the decide, append and SQL spans', () => {
      const mine = otlp.spans.filter((s) => s.traceId === moveTrace);
      return (
        ['decide', 'append'].every((n) => mine.some((s) => s.name === n)) &&
        mine.some((s) => attr(s, 'db.system') === 'postgresql' || attr(s, 'db.system.name') === 'postgresql')
      );
    });
    const mine = otlp.spans.filter((s) => s.traceId === moveTrace);
    const byId = new Map(mine.map((s) => [s.spanId, s]));
    const ancestors = (s: OtlpSpan): string[] =>
      s.parentSpanId && byId.get(s.parentSpanId) ? [s.parentSpanId, ...ancestors(byId.get(s.parentSpanId)!)] : [];
    const decide = mine.find((s) => s.name === 'decide')!;
    const append = mine.find((s) => s.name === 'append')!;
    expect(ancestors(decide)).toContain(http.spanId);
    expect(ancestors(append)).toContain(http.spanId);
    expect(attr(append, 'citybuilder.append.result')).toBe('appended');
    // The append's own statement is a child of the append span.
    const sql = mine.filter(
      (s) => s.parentSpanId === append.spanId && (attr(s, 'db.system') ?? attr(s, 'db.system.name')) === 'postgresql',
    );
    expect(sql.length).toBeGreaterThan(0);
    expect(sql.some((s) => String(attr(s, 'db.statement') ?? attr(s, 'db.query.text') ?? '').includes('INSERT INTO moves'))).toBe(true);
  });

  it('the webhook the move triggers arrives with a traceparent of the same trace', async () => {
    await until('the webhook', () => hooks.calls.length > 0);
    const t = traceOf(hooks.calls[0]!.headers.traceparent);
    expect(t, hooks.calls[0]!.headers.traceparent).not.toBeNull();
    expect(t![1]).toBe(moveTrace);
    // It names the delivery's span, a child of the move's trace.
    await until("the webhook's notify span", () => otlp.spans.some((s) => s.spanId === t![2]));
    expect(otlp.spans.find((s) => s.spanId === t![2])!.name).toBe('notify');
  });

  it('the mail carries it too, and a reply by mail starts a span linked back to that mail', async () => {
    await until('the turn mail', () => mail.mails.length > 0);
    const turn = mail.mails[0]!;
    const t = traceOf(turn.headers.get('traceparent') as string | undefined);
    expect(t, String(turn.headers.get('traceparent'))).not.toBeNull();
    expect(t![1]).toBe(moveTrace);
    const replyTo = turn.replyTo?.value[0]?.address;
    expect(replyTo).toMatch(/^move\+.+@moves\.test$/);

    const legal = await call(server.url, 'GET', `/api/v1/games/${game.id}/legal-moves`, game.tokens[1]);
    const notation = legal.body.notations[0] as string;
    const smtp = nodemailer.createTransport({ host: '127.0.0.1', port: inboundPort, secure: false, ignoreTLS: true });
    await smtp.sendMail({
      from: 'bob@example.test',
      to: replyTo,
      subject: `Re: ${turn.subject}`,
      inReplyTo: turn.messageId,
      references: turn.messageId,
      text: `${notation}\n\n> ${turn.text?.split('\n')[0]}`,
    });
    smtp.close();

    await until('the mail move span', () => otlp.spans.some((s) => s.name === 'mail move'));
    const span = otlp.spans.find((s) => s.name === 'mail move')!;
    expect(span.traceId).not.toBe(moveTrace); // a trace of its own, started by a person
    expect(span.links).toContainEqual(expect.objectContaining({ traceId: moveTrace, spanId: t![2] }));
    // The move it played is in that trace, and the game moved on.
    await until("the mail move's append", () => otlp.spans.some((s) => s.traceId === span.traceId && s.name === 'append'));
    expect((await call(server.url, 'GET', `/api/v1/games/${game.id}`)).body.version).toBe(2);

    // Log lines written inside a span carry its trace_id and span_id.
    const logged = server
      .output()
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    const accepted = logged.find((l) => l.msg === 'move by mail accepted');
    expect(accepted?.trace_id).toBe(span.traceId);
    expect(otlp.spans.some((s) => s.spanId === accepted?.span_id)).toBe(true);
    expect(logged.some((l) => l.trace_id === moveTrace && typeof l.span_id === 'string')).toBe(true);
  });
});

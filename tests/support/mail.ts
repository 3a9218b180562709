import { createServer as createHttpServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll } from 'vitest';
import { startTestServer, type TestServer } from './server.js';

export interface Hook {
  path: string;
  id: string;
  body: { type: string; data: { gameId: string; seat: number; version: number; toMove: number[] } };
  verified: boolean;
}

/** A real SMTP server that keeps every mail it is given, parsed (on `port`, else a free one). */
export async function mailbox(port = 0) {
  const mails: ParsedMail[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, done) {
      // cid: links kept as written (mailparser would otherwise inline the parts they name as data: URLs).
      simpleParser(stream, { keepCidLinks: true }).then((m) => {
        mails.push(m);
        done();
      }, done);
    },
  });
  await new Promise<void>((ok) => smtp.listen(port, '127.0.0.1', ok));
  return { mails, port: (smtp.server.address() as AddressInfo).port, close: () => new Promise<void>((ok) => smtp.close(() => ok())) };
}

/** A real HTTP webhook receiver; `fail(path)` says how many times a path answers 500 first. */
export async function receiver(fail: (path: string, id: string) => boolean = () => false) {
  const calls: { path: string; id: string; raw: string; headers: Record<string, string> }[] = [];
  const server: Server = createHttpServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      const id = String(req.headers['webhook-id']);
      calls.push({ path: req.url ?? '', id, raw, headers: req.headers as Record<string, string> });
      res.statusCode = fail(req.url ?? '', id) ? 500 : 204;
      res.end();
    });
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  return {
    calls,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((ok) => server.close(() => ok())),
  };
}

export const unsubscribeHeader = (m: ParsedMail) =>
  m.headerLines.find((h) => h.key === 'list-unsubscribe')?.line.replace(/^List-Unsubscribe:\s*/i, '') ?? '';

export const until = async (what: string, check: () => Promise<boolean> | boolean, ms = 30_000) => {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
};

export type Mailbox = Awaited<ReturnType<typeof mailbox>>;
export type Receiver = Awaited<ReturnType<typeof receiver>>;

/**
 * A test server that notifies (play by mail), with a real mailbox and a real webhook receiver:
 * started before the suite's tests, stopped after them. `fail` decides which webhooks fail.
 */
export function notifyingServer(
  env: Record<string, string> = {},
  fail?: (path: string, id: string) => boolean,
): { s: TestServer; mail: Mailbox; hooks: Receiver } {
  const ctx = {} as { s: TestServer; mail: Mailbox; hooks: Receiver };
  beforeAll(async () => {
    ctx.mail = await mailbox();
    ctx.hooks = await receiver(fail);
    ctx.s = await startTestServer({
      NOTIFICATIONS: 'on',
      SMTP_URL: `smtp://127.0.0.1:${ctx.mail.port}`,
      WEBHOOK_ALLOW_PRIVATE: '1',
      NOTIFY_POLL_SECONDS: '0.5',
      ...env,
    });
  });
  afterAll(async () => {
    await ctx.s?.stop();
    await ctx.mail?.close();
    await ctx.hooks?.close();
  });
  return ctx;
}

import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

const REASONS: Record<number, string> = { 400: 'Bad Request', 408: 'Request Timeout', 431: 'Request Header Fields Too Large' };

/** Writes a problem+json answer straight to the socket and closes it (no request object to answer through). */
function answerAndClose(socket: Socket, status: number, code: string, detail: string, err?: Error): void {
  const body = JSON.stringify({
    type: `urn:citybuilder:problem:${code}`,
    title: code.toLowerCase().replace(/_/g, ' '),
    status,
    code,
    detail,
  });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${REASONS[status] ?? 'Error'}\r\nContent-Type: ` +
        `application/problem+json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: ` +
        `close\r\n\r\n${body}`,
    );
  }
  socket.destroy(err);
}

/**
 * Errors Node's HTTP parser reports before Fastify sees a request: headers slower than the
 * request timeout get 408 REQUEST_TIMEOUT, anything unparsable 400 INVALID_INPUT, oversized
 * headers 431, all as problem+json, and the connection is closed. (Fastify's `clientErrorHandler`.)
 */
export function clientErrorHandler(this: FastifyInstance, err: NodeJS.ErrnoException, socket: Socket): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  this.log.info({ code: err.code, err: err.message }, 'client error');
  if (err.code === 'ERR_HTTP_REQUEST_TIMEOUT')
    return answerAndClose(socket, 408, 'REQUEST_TIMEOUT', 'the request headers did not arrive in time', err);
  if (err.code === 'HPE_HEADER_OVERFLOW') return answerAndClose(socket, 431, 'INVALID_INPUT', 'the request headers are too large', err);
  answerAndClose(socket, 400, 'INVALID_INPUT', 'the request is not valid HTTP', err);
}

/**
 * The request timeout, covering the body: Node times out slow headers (headersTimeout) but not a
 * body that trickles in after them, which would hold a connection and a parser forever. From the
 * moment the headers are in, the whole body must arrive within `ms`; otherwise the client gets
 * 408 REQUEST_TIMEOUT and the connection is closed (the route never runs, nothing is written).
 */
export function enforceRequestTimeout(app: FastifyInstance, ms: number): void {
  if (ms <= 0) return;
  app.server.headersTimeout = Math.min(ms, 60_000);
  app.server.requestTimeout = ms;
  app.addHook('onRequest', (req, reply, done) => {
    const raw = req.raw;
    const hasBody = raw.headers['transfer-encoding'] !== undefined || Number(raw.headers['content-length'] ?? 0) > 0;
    if (!hasBody || raw.complete) return done();
    const timer = setTimeout(() => {
      if (raw.complete || reply.sent) return;
      req.log.info({ code: 'REQUEST_TIMEOUT', timeoutMs: ms }, 'request body too slow');
      answerAndClose(raw.socket, 408, 'REQUEST_TIMEOUT', `the request body did not arrive within ${ms} ms`);
    }, ms);
    const clear = () => clearTimeout(timer);
    raw.once('end', clear);
    raw.once('close', clear);
    reply.raw.once('close', clear);
    done();
  });
}

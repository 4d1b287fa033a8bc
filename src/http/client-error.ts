import { randomUUID } from 'node:crypto';
import type { Socket } from 'node:net';
import { ERRORS, errorBody, type ErrorCode } from './errors.js';

// Requests Node's HTTP parser refuses (a header block over the size limit, a malformed
// Content-Length, Content-Length with Transfer-Encoding, a malformed request line or chunk) never
// reach Fastify: the server's `clientError` event gets the raw socket. They are answered here
// with the same error body and a generated X-Request-Id, then the connection is closed (the
// parser cannot find where the next request would start).

function codeOf(error: NodeJS.ErrnoException): { code: ErrorCode; detail: string } {
  if (error.code === 'HPE_HEADER_OVERFLOW') return { code: 'headers_too_large', detail: 'the request headers exceed the allowed size' };
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') return { code: 'request_timeout', detail: 'the request was not received in time' };
  return { code: 'bad_request', detail: `malformed HTTP request (${error.code ?? 'parse error'})` };
}

export function answerClientError(error: NodeJS.ErrnoException, socket: Socket): void {
  // A reset connection has nobody to answer; a socket already answered must not get a second one.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  if (!socket.writable || (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage?.headersSent) {
    socket.destroy(error);
    return;
  }
  const { code, detail } = codeOf(error);
  const requestId = randomUUID();
  const body = JSON.stringify(errorBody(code, detail, requestId));
  const { status, title } = ERRORS[code];
  socket.end(
    `HTTP/1.1 ${status} ${title}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nX-Request-Id: ${requestId}\r\nConnection: close\r\n\r\n${body}`,
  );
}

import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { errorBody } from './errors.js';

// What answers on the server's port while it starts (docs/operations.md "Upgrade"): the database
// migrations run, or wait for another replica's, before the app can be built. /healthz says the
// process lives; /readyz and every other request answer 503, so a load balancer sends nothing
// here yet. The port is handed to the app once the migrations are done.

export interface StartingListener {
  port: number;
  close(): Promise<void>;
}

export async function listenWhileStarting(host: string, port: number): Promise<StartingListener> {
  const server = createServer((request, response) => {
    const requestId = randomUUID();
    const healthy = request.method === 'GET' && request.url === '/healthz';
    const body = healthy ? { status: 'ok' } : errorBody('unavailable', 'the server is starting: database migrations are running', requestId);
    response.writeHead(healthy ? 200 : 503, { 'content-type': 'application/json; charset=utf-8', 'x-request-id': requestId, connection: 'close' });
    response.end(JSON.stringify(body));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    }),
  };
}

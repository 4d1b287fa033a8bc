import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { isPublicAddress, literalAddressOf } from '../domain/public-address.js';

// Outbound POSTs to webhook receivers, guarded (docs/webhooks.md "Outbound guard"): unless
// private addresses are allowed, the host's addresses are checked and the connection goes to an
// address that was checked (the lookup given to the socket is the check, so a name cannot
// resolve to a public address for the check and a private one for the connection); redirects
// are never followed; the whole exchange has a deadline; the response is read up to a bound.

export interface OutboundOptions {
  allowPrivate: boolean;
  timeoutMs: number;
  /** Response bytes read at most; the rest is not read. */
  maxResponseBytes: number;
}

export interface OutboundResponse {
  statusCode: number;
  location: string | undefined;
  /** The first maxResponseBytes of the body. */
  body: Buffer;
}

/** A delivery the guard refused before any byte was sent. */
export class OutboundRefused extends Error {}

function guardedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { all: true, family: options.family ?? 0 }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, '', 0);
      const refused = allowPrivate ? undefined : addresses.find((entry) => !isPublicAddress(entry.address));
      if (refused) return callback(new OutboundRefused(`${hostname} resolves to ${refused.address}, which is not a public address`), '', 0);
      if (addresses.length === 0) return callback(new Error(`${hostname} has no address`), '', 0);
      // The socket connects to what is answered here, i.e. to the addresses just checked.
      if (options.all) return (callback as unknown as (error: null, addresses: LookupAddress[]) => void)(null, addresses);
      return callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };
}

export function postGuarded(target: string, body: string, headers: Record<string, string>, options: OutboundOptions): Promise<OutboundResponse> {
  const url = new URL(target);
  const literal = literalAddressOf(url);
  if (!options.allowPrivate && literal !== undefined && !isPublicAddress(literal)) {
    return Promise.reject(new OutboundRefused(`${literal} is not a public address`));
  }
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<OutboundResponse>((resolve, reject) => {
    const request = client.request(url, {
      method: 'POST',
      headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
      lookup: guardedLookup(options.allowPrivate),
      // A fresh connection per delivery: each one goes through the lookup above.
      agent: false,
    });
    const fail = (error: Error) => {
      clearTimeout(deadline);
      reject(error);
    };
    // The deadline settles the attempt itself: whatever the socket does after, the pass goes on.
    const deadline = setTimeout(() => {
      fail(new Error(`no complete answer within ${options.timeoutMs} ms`));
      request.destroy();
    }, options.timeoutMs);
    request.on('error', fail);
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      let size = 0;
      const finish = () => {
        clearTimeout(deadline);
        resolve({ statusCode: response.statusCode ?? 0, location: response.headers.location, body: Buffer.concat(chunks).subarray(0, options.maxResponseBytes) });
      };
      response.on('data', (chunk: Buffer) => {
        chunks.push(chunk);
        size += chunk.length;
        if (size >= options.maxResponseBytes) {
          // Enough read: the rest of a large answer is not worth the memory.
          response.removeAllListeners('data');
          request.destroy();
          finish();
        }
      });
      response.on('end', finish);
      response.on('error', fail);
    });
    request.end(body);
  });
}

import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { isPublicAddress, literalAddressOf } from '../domain/public-address.js';

// Outbound requests to webhook receivers and identity providers, guarded (docs/webhooks.md
// "Outbound guard", docs/sso.md "Which issuers are fetched"): unless
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
  headers: http.IncomingHttpHeaders;
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
  return requestGuarded(target, 'POST', body, headers, options);
}

function requestGuarded(target: string, method: string, body: string | undefined, headers: Record<string, string>, options: OutboundOptions): Promise<OutboundResponse> {
  const url = new URL(target);
  const literal = literalAddressOf(url);
  if (!options.allowPrivate && literal !== undefined && !isPublicAddress(literal)) {
    return Promise.reject(new OutboundRefused(`${literal} is not a public address`));
  }
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<OutboundResponse>((resolve, reject) => {
    const request = client.request(url, {
      method,
      headers: body === undefined ? headers : { ...headers, 'content-length': String(Buffer.byteLength(body)) },
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
        resolve({ statusCode: response.statusCode ?? 0, location: response.headers.location, headers: response.headers, body: Buffer.concat(chunks).subarray(0, options.maxResponseBytes) });
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

/** Statuses whose Response has no body (the Fetch standard's "null body status"). */
const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304]);

/** What openid-client hands its customFetch: the URL and a RequestInit with plain headers. */
type FetchInit = { method?: string; headers?: Record<string, string>; body?: string | URLSearchParams | null };

/**
 * A fetch for openid-client (its customFetch) through the same guard: every address a host name
 * resolves to is checked before the connection, which goes to a checked address; redirects are
 * answered, never followed; one deadline per request.
 */
export function guardedFetch(options: OutboundOptions): (url: string, init: FetchInit) => Promise<Response> {
  return async (url, init) => {
    const body = init.body === undefined || init.body === null ? undefined : String(init.body);
    const answer = await requestGuarded(url, init.method ?? 'GET', body, init.headers ?? {}, options);
    const headers = new Headers();
    for (const [name, value] of Object.entries(answer.headers)) {
      for (const item of Array.isArray(value) ? value : value === undefined ? [] : [value]) headers.append(name, item);
    }
    return new Response(NULL_BODY_STATUSES.has(answer.statusCode) ? null : new Uint8Array(answer.body), { status: answer.statusCode, headers });
  };
}

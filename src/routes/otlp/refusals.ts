import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { Db } from '../../db/store.js';
import type { ErrorCode } from '../../http/errors.js';
import { tallyRefusedExports } from '../../telemetry/sent-events.js';

// Exports refused whole show in Connected agents (docs/otel.md): undecodable (400, 415), too
// large (413) and over the rate limit (429), for the key's sender, with the reason. Each refusal
// is one write, except 429s: a client that hammers its limit would turn every refusal into a
// write exactly when the server is busiest, so they are counted here and written at most once a
// minute per key (the count since the last write; a count not yet written is lost with the process).

const REASONS: Partial<Record<ErrorCode, string>> = {
  bad_request: 'undecodable',
  unsupported_media_type: 'undecodable',
  payload_too_large: 'over limits',
  rate_limited: 'over limits',
};
const RATE_LIMITED_WRITE_MS = 60_000;

export function refusalTally(db: Db, log: FastifyBaseLogger) {
  const rateLimited = new Map<string, { count: number; writtenAt: number }>();
  return async function tallyRefusal(request: FastifyRequest, code: ErrorCode, detail: string): Promise<void> {
    const reason = REASONS[code];
    const caller = request.principal;
    if (!reason || !caller || caller.via !== 'apiKey') return;
    let exports = 1;
    if (code === 'rate_limited') {
      const now = Date.now();
      const pending = rateLimited.get(caller.apiKeyId) ?? { count: 0, writtenAt: 0 };
      pending.count += 1;
      rateLimited.set(caller.apiKeyId, pending);
      if (now - pending.writtenAt < RATE_LIMITED_WRITE_MS) return;
      exports = pending.count;
      rateLimited.set(caller.apiKeyId, { count: 0, writtenAt: now });
    }
    try {
      await tallyRefusedExports(db, caller, exports, `${reason}: ${detail}`, new Date());
    } catch (error) {
      // The answer says what went wrong; failing to note it for the admin must not change that.
      log.warn({ err: error }, 'could not tally a refused OTLP export');
    }
  };
}

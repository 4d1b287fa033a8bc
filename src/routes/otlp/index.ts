import { MEMBERS } from '../../domain/roles.js';
import { authenticate, requireRole } from '../../http/auth.js';
import type { App } from '../../http/context.js';
import { byCredential, limitRequests } from '../../http/rate-limit.js';
import logs from './logs.js';
import metrics from './metrics.js';
import { refusalTally } from './refusals.js';
import traces from './traces.js';
import { bodyParser, MEDIA_TYPES, otlpErrorHandler } from './wire.js';

// OTLP/HTTP at the standard paths (/v1/metrics, /v1/logs, /v1/traces), so that an exporter's
// OTEL_EXPORTER_OTLP_ENDPOINT can be the server's address. API keys only, personal or ingest (a
// JWT or the console session is 401); members and up, like the telemetry endpoint; rate-limited per key
// (an ingest key per sending address, and as a whole: src/http/rate-limit.ts).
export default async function otlpRoutes(app: App) {
  const { config } = app.services;
  // The body is bytes, decoded by the route; any other Content-Type is 415.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser([MEDIA_TYPES.protobuf, MEDIA_TYPES.json], { parseAs: 'buffer', bodyLimit: config.otlpMaxBodyBytes }, bodyParser(config.otlpMaxDecompressedBytes));
  app.setErrorHandler(otlpErrorHandler(refusalTally(app.services.db, app.log)));
  app.addHook('onRequest', authenticate(app.services, ['apiKey', 'ingestKey']));
  // Before the body is read: an export over the key's limit costs no parsing, and exports refused
  // while parsing (413, 415) count towards the limit like any other, so their tallies in Connected
  // agents (refusals.ts) are bounded by it too.
  app.addHook('onRequest', limitRequests(app, byCredential));
  app.addHook('preHandler', requireRole(MEMBERS));
  await app.register(metrics);
  await app.register(logs);
  await app.register(traces);
}

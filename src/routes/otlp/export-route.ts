import type { FastifyRequest } from 'fastify';
import { principalOf } from '../../http/auth.js';
import type { App } from '../../http/context.js';
import { ApiError } from '../../http/errors.js';
import { decodeExport, encodeExportResponse, type ExportOutcome, type OtlpEncoding, type OtlpExportArgs, type OtlpSignal } from '../../otlp/decode.js';
import { encodingOf, MEDIA_TYPES } from './wire.js';

// POST /v1/<signal>: the route each of the three OTLP/HTTP endpoints declares.

const ITEMS: Record<OtlpSignal, string> = { metrics: 'data points', logs: 'log records', traces: 'spans' };

export function exportRoute(app: App, signal: OtlpSignal, summary: string) {
  app.post(
    `/v1/${signal}`,
    {
      bodyLimit: app.services.config.otlpMaxBodyBytes,
      schema: {
        summary,
        tags: ['otlp'],
        description:
          `OTLP/HTTP export of ${signal}. Body: the Export…ServiceRequest as \`application/x-protobuf\` or OTLP/JSON \`application/json\`, ` +
          `optionally \`Content-Encoding: gzip\`. Answer: 200 with the Export…ServiceResponse in the request's encoding; \`partial_success\` ` +
          `counts the ${ITEMS[signal]} refused and says why. Errors of protobuf requests are a protobuf google.rpc.Status. See docs/otel.md.`,
      },
    },
    async (request, reply) => {
      const encoding = encodingOf(request);
      if (!encoding) throw new ApiError('unsupported_media_type', `send the export as ${MEDIA_TYPES.protobuf} or ${MEDIA_TYPES.json}`);
      const outcome = await consumeExport(app, request, signal, encoding);
      return reply.type(MEDIA_TYPES[encoding]).send(Buffer.from(encodeExportResponse(signal, encoding, outcome)));
    },
  );
}

/**
 * The request decoded and handed to the consumer. Not an async function, nor inlined in the
 * handler: a waiting async function keeps every variable and argument it has, and the decoded
 * request, hundreds of small objects a record, must die before the export is stored.
 */
function consumeExport(app: App, request: FastifyRequest, signal: OtlpSignal, encoding: OtlpEncoding): Promise<ExportOutcome> {
  const bytes = request.body instanceof Buffer ? request.body : Buffer.alloc(0);
  // The pair's types agree by construction: decodeExport returns the request of `signal`.
  const exported = [signal, decodeExport(signal, encoding, bytes)] as OtlpExportArgs;
  const caller = principalOf(request);
  if (caller.via === 'session') throw new ApiError('unauthorized', 'OTLP endpoints take an API key only');
  return app.services.otlpConsumer(caller, ...exported);
}

import { fromBinary } from '@bufbuild/protobuf';
import { Metadata, Server, ServerCredentials, type handleUnaryCall, type ServiceDefinition, type ServiceError } from '@grpc/grpc-js';
import type { App } from '../http/context.js';
import { ERRORS, errorCodeForStatus } from '../http/errors.js';
import { OTLP_SIGNALS, type OtlpSignal } from '../otlp/decode.js';
import { StatusSchema } from '../otlp/generated/google/rpc/status_pb.js';
import { LogsService } from '../otlp/generated/opentelemetry/proto/collector/logs/v1/logs_service_pb.js';
import { MetricsService } from '../otlp/generated/opentelemetry/proto/collector/metrics/v1/metrics_service_pb.js';
import { TraceService } from '../otlp/generated/opentelemetry/proto/collector/trace/v1/trace_service_pb.js';

// OTLP/gRPC: the Export method of the three collector services, on a port of its own
// (OTLP_GRPC_PORT). Each call is handed, in process, to the OTLP/HTTP route of its signal as a
// protobuf request (app.inject): API-key authentication, roles, rate limits, the failed-
// authentication guard, size bounds, decoding, the consumer and the error table are the same code
// for both transports. Messages stay bytes here (identity (de)serializers): the route decodes them
// with the generated code, so that undecodable data is INVALID_ARGUMENT (grpc-js would answer a
// deserializer's failure with INTERNAL). grpc-js inflates gzip (and deflate) messages itself, and
// refuses with RESOURCE_EXHAUSTED a message larger than the bound, compressed or inflated.

const SERVICES = { metrics: MetricsService, logs: LogsService, traces: TraceService } as const;

const bytes = (value: Buffer) => value;

function serviceDefinition(signal: OtlpSignal): ServiceDefinition {
  const service = SERVICES[signal];
  return {
    export: {
      path: `/${service.typeName}/${service.method.export.name}`,
      requestStream: false,
      responseStream: false,
      requestSerialize: bytes,
      requestDeserialize: bytes,
      responseSerialize: bytes,
      responseDeserialize: bytes,
    },
  };
}

/** The client's address without its port ("::1:53211" is ::1), for the per-address guard. */
function addressOf(peer: string): string | undefined {
  return /^(.+):\d+$/.exec(peer)?.[1];
}

function firstText(metadata: Metadata, key: string): string | undefined {
  const value = metadata.get(key)[0];
  return typeof value === 'string' ? value : undefined;
}

/**
 * An error answer of the route as a gRPC error: its google.rpc.Status gives the code and message,
 * and travels whole (RetryInfo, BadRequest) in grpc-status-details-bin. An answer that is not a
 * Status (the server closing) gets the code of its HTTP status from the error table.
 */
function grpcError(statusCode: number, body: Buffer, metadata: Metadata): Partial<ServiceError> {
  try {
    const status = fromBinary(StatusSchema, body);
    metadata.set('grpc-status-details-bin', body);
    return { code: status.code, details: status.message, metadata };
  } catch {
    const code = errorCodeForStatus(statusCode);
    return { code: ERRORS[code].grpc, details: ERRORS[code].title, metadata };
  }
}

function exportHandler(app: App, signal: OtlpSignal): handleUnaryCall<Buffer, Buffer> {
  return (call, callback) => {
    const authorization = firstText(call.metadata, 'authorization');
    const requestId = firstText(call.metadata, 'x-request-id');
    const userAgent = firstText(call.metadata, 'user-agent');
    const remoteAddress = addressOf(call.getPeer());
    app
      .inject({
        method: 'POST',
        url: `/v1/${signal}`,
        ...(remoteAddress ? { remoteAddress } : {}),
        headers: {
          'content-type': 'application/x-protobuf',
          ...(authorization ? { authorization } : {}),
          ...(requestId ? { 'x-request-id': requestId } : {}),
          ...(userAgent ? { 'user-agent': userAgent } : {}),
        },
        payload: call.request,
      })
      .then(
        (response) => {
          const metadata = new Metadata();
          const answeredId = response.headers['x-request-id'];
          if (typeof answeredId === 'string') metadata.set('x-request-id', answeredId);
          if (response.statusCode === 200) callback(null, response.rawPayload, metadata);
          else callback(grpcError(response.statusCode, response.rawPayload, metadata));
        },
        // The app is closing: the client may send again, to this replica or another.
        (error: Error) => callback({ code: ERRORS.unavailable.grpc, details: `the server is stopping: ${error.message}` }),
      );
  };
}

export interface OtlpGrpcReceiver {
  /** The port it listens on (the one picked when asked for 0). */
  port: number;
  /** Stops taking calls and waits for those in progress. */
  stop(): Promise<void>;
}

/** Starts the OTLP/gRPC receiver in front of the app's OTLP/HTTP routes. */
export async function startOtlpGrpcReceiver(app: App, options: { host: string; port: number; maxMessageBytes: number }): Promise<OtlpGrpcReceiver> {
  const server = new Server({ 'grpc.max_receive_message_length': options.maxMessageBytes });
  for (const signal of OTLP_SIGNALS) server.addService(serviceDefinition(signal), { export: exportHandler(app, signal) });
  const address = options.host.includes(':') ? `[${options.host}]:${options.port}` : `${options.host}:${options.port}`;
  const port = await new Promise<number>((resolve, reject) => {
    server.bindAsync(address, ServerCredentials.createInsecure(), (error, bound) => (error ? reject(error) : resolve(bound)));
  });
  return {
    port,
    stop: () => new Promise<void>((resolve) => server.tryShutdown(() => resolve())),
  };
}

// A capture-only OTLP receiver on loopback: OTLP/HTTP (POST /v1/metrics, /v1/logs, /v1/traces) and
// OTLP/gRPC (the three collector services' Export methods). It decodes nothing: each request's body
// is kept byte for byte as it arrived (a gzip body stays gzipped), with the request line and
// headers. The Authorization value is never kept, only the fact that it was sent.
import { createServer, type Server } from 'node:http';
import * as grpc from '@grpc/grpc-js';

export type Signal = 'metrics' | 'logs' | 'traces';

export interface CapturedRequest {
  seq: number;
  transport: 'http' | 'grpc';
  signal: Signal | 'unknown';
  method: string;
  path: string;
  contentType: string | null;
  contentEncoding: string | null;
  /** header (HTTP) or metadata (gRPC) names and values; authorization is replaced by "<sent>" */
  headers: Record<string, string>;
  authorizationSent: boolean;
  receivedAt: string;
  body: Buffer;
}

export interface CaptureReceiver {
  httpUrl: string;
  grpcUrl: string;
  requests: CapturedRequest[];
  close(): Promise<void>;
}

const HTTP_PATHS: Record<string, Signal> = { '/v1/metrics': 'metrics', '/v1/logs': 'logs', '/v1/traces': 'traces' };

const GRPC_SERVICES: { signal: Signal; path: string }[] = [
  { signal: 'metrics', path: '/opentelemetry.proto.collector.metrics.v1.MetricsService/Export' },
  { signal: 'logs', path: '/opentelemetry.proto.collector.logs.v1.LogsService/Export' },
  { signal: 'traces', path: '/opentelemetry.proto.collector.trace.v1.TraceService/Export' },
];

const passThrough = (value: Buffer): Buffer => value;

export async function startCaptureReceiver(log: (line: string) => void = () => {}): Promise<CaptureReceiver> {
  const requests: CapturedRequest[] = [];

  const http: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(req.headers)) {
        if (value === undefined) continue;
        headers[name] = name === 'authorization' ? '<sent>' : Array.isArray(value) ? value.join(', ') : value;
      }
      const signal = HTTP_PATHS[path] ?? 'unknown';
      requests.push({
        seq: requests.length + 1,
        transport: 'http',
        signal,
        method: req.method ?? '',
        path,
        contentType: req.headers['content-type'] ?? null,
        contentEncoding: req.headers['content-encoding'] ?? null,
        headers,
        authorizationSent: req.headers.authorization !== undefined,
        receivedAt: new Date().toISOString(),
        body: Buffer.concat(chunks),
      });
      log(`otlp http ${req.method} ${path} ${req.headers['content-type']} ${Buffer.concat(chunks).length}B`);
      if (req.method !== 'POST' || signal === 'unknown') {
        res.writeHead(404).end();
        return;
      }
      // An empty Export…ServiceResponse is a valid answer in either encoding.
      const json = (req.headers['content-type'] ?? '').includes('json');
      res.writeHead(200, { 'content-type': json ? 'application/json' : 'application/x-protobuf' });
      res.end(json ? '{}' : Buffer.alloc(0));
    });
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const httpPort = (http.address() as { port: number }).port;

  const grpcServer = new grpc.Server();
  for (const service of GRPC_SERVICES) {
    const definition: grpc.ServiceDefinition = {
      Export: {
        path: service.path,
        requestStream: false,
        responseStream: false,
        requestSerialize: passThrough,
        requestDeserialize: passThrough,
        responseSerialize: passThrough,
        responseDeserialize: passThrough,
      },
    };
    grpcServer.addService(definition, {
      Export: (call: grpc.ServerUnaryCall<Buffer, Buffer>, callback: grpc.sendUnaryData<Buffer>) => {
        const metadata = call.metadata.getMap();
        const headers: Record<string, string> = {};
        for (const [name, value] of Object.entries(metadata)) {
          headers[name] = name === 'authorization' ? '<sent>' : Buffer.isBuffer(value) ? `<binary ${value.length}B>` : String(value);
        }
        requests.push({
          seq: requests.length + 1,
          transport: 'grpc',
          signal: service.signal,
          method: 'POST',
          path: service.path,
          contentType: 'application/grpc',
          // grpc-js undoes gRPC message compression before the handler runs and does not pass the
          // grpc-encoding header on: the body kept is always the plain message.
          contentEncoding: null,
          headers,
          authorizationSent: metadata.authorization !== undefined,
          receivedAt: new Date().toISOString(),
          body: Buffer.from(call.request),
        });
        log(`otlp grpc ${service.signal} ${call.request.length}B`);
        callback(null, Buffer.alloc(0));
      },
    });
  }
  const grpcPort = await new Promise<number>((resolve, reject) =>
    grpcServer.bindAsync('127.0.0.1:0', grpc.ServerCredentials.createInsecure(), (error, port) => (error ? reject(error) : resolve(port))),
  );

  return {
    httpUrl: `http://127.0.0.1:${httpPort}`,
    grpcUrl: `http://127.0.0.1:${grpcPort}`,
    requests,
    close: async () => {
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
      await new Promise<void>((resolve) => grpcServer.tryShutdown(() => resolve()));
    },
  };
}

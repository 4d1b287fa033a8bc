import { startOtlpGrpcReceiver, type OtlpGrpcReceiver } from '../../src/grpc/otlp-receiver.js';
import type { KeyPrincipal } from '../../src/domain/principal.js';
import type { OtlpConsumer } from '../../src/otlp/consumer.js';
import type { ExportOutcome, OtlpExportArgs } from '../../src/otlp/decode.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

// A real server listening on loopback (OTLP/HTTP on its port, OTLP/gRPC on another) whose OTLP
// consumer records every export it is handed and answers what the test tells it to.

export interface ReceivedExport {
  caller: KeyPrincipal;
  exported: OtlpExportArgs;
}

export interface OtlpTestServer extends TestServer {
  baseUrl: string;
  grpcPort: number;
  received: ReceivedExport[];
  /** What the consumer answers next (full success when unset); it may also throw. */
  answer: (exported: OtlpExportArgs) => Promise<ExportOutcome>;
}

export async function startOtlpServer(env: Record<string, string> = {}): Promise<OtlpTestServer> {
  const received: ReceivedExport[] = [];
  const fullSuccess = async (): Promise<ExportOutcome> => ({ rejected: 0 });
  let started: OtlpTestServer | undefined;
  const consumer: OtlpConsumer = async (caller, ...exported) => {
    received.push({ caller, exported });
    return (started?.answer ?? fullSuccess)(exported);
  };
  const server = await startTestServer(env, { otlpConsumer: consumer });
  const baseUrl = await server.app.listen({ port: 0, host: '127.0.0.1' });
  let grpc: OtlpGrpcReceiver;
  try {
    grpc = await startOtlpGrpcReceiver(server.app, {
      host: '127.0.0.1',
      port: 0,
      maxMessageBytes: Math.min(server.config.otlpMaxBodyBytes, server.config.otlpMaxDecompressedBytes),
    });
  } catch (error) {
    await server.close();
    throw error;
  }
  started = {
    ...server,
    baseUrl,
    grpcPort: grpc.port,
    received,
    answer: fullSuccess,
    async close() {
      await grpc.stop();
      await server.close();
    },
  };
  return started;
}

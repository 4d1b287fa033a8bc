import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client, credentials, Metadata, type ServiceError } from '@grpc/grpc-js';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.js';
import { startServer } from '../../src/server.js';

// The OTLP/gRPC receiver as the server runs it: off unless OTLP_GRPC_PORT is set, started and
// stopped with the server; and the OTLP settings as configuration reads them.

// Opening an embedded store on disk is slow on a loaded machine.
const STARTUP_TIMEOUT_MS = 120_000;

const cleanup: string[] = [];
afterAll(async () => {
  for (const dir of cleanup) await rm(dir, { recursive: true, force: true });
});

describe('OTLP settings', () => {
  it('default to the OTLP limits and no gRPC receiver, and refuse bad values', () => {
    const config = loadConfig({ HOST: '127.0.0.2' });
    expect(config).toMatchObject({ otlpMaxBodyBytes: 64 * 1024 * 1024, otlpMaxDecompressedBytes: 64 * 1024 * 1024, otlpGrpcPort: undefined, otlpGrpcHost: '127.0.0.2' });
    expect(loadConfig({ OTLP_GRPC_PORT: 'off' }).otlpGrpcPort).toBeUndefined();
    expect(loadConfig({ OTLP_GRPC_PORT: '4317', OTLP_GRPC_HOST: '::1' })).toMatchObject({ otlpGrpcPort: 4317, otlpGrpcHost: '::1' });
    expect(() => loadConfig({ OTLP_GRPC_PORT: 'on' })).toThrow(ConfigError);
    expect(() => loadConfig({ OTLP_GRPC_PORT: '70000' })).toThrow(/OTLP_GRPC_PORT/);
    expect(() => loadConfig({ OTLP_MAX_DECOMPRESSED_BYTES: '10' })).toThrow(/OTLP_MAX_DECOMPRESSED_BYTES/);
  });
});

describe('the server', () => {
  it('runs the gRPC receiver on OTLP_GRPC_PORT, and stops it with itself', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'qd-otlp-'));
    cleanup.push(dataDir);
    const server = await startServer(loadConfig({ DATA_DIR: dataDir, PORT: '0', OTLP_GRPC_PORT: '0', LOG_LEVEL: 'silent' }));
    let client: Client | undefined;
    try {
      expect(server.otlpGrpcPort).toBeGreaterThan(0);
      client = new Client(`127.0.0.1:${server.otlpGrpcPort}`, credentials.createInsecure());
      const error = await new Promise<ServiceError | null>((resolve) => {
        client!.makeUnaryRequest('/opentelemetry.proto.collector.trace.v1.TraceService/Export', (value: Buffer) => value, (value: Buffer) => value, Buffer.alloc(0), new Metadata(), {}, (failure) => resolve(failure));
      });
      expect(error?.code).toBe(16); // UNAUTHENTICATED: the call reached the receiver and its auth
    } finally {
      client?.close();
      await server.stop();
    }
  }, STARTUP_TIMEOUT_MS);

  it('runs no gRPC receiver without OTLP_GRPC_PORT', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'qd-otlp-'));
    cleanup.push(dataDir);
    const server = await startServer(loadConfig({ DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'silent' }));
    await server.stop();
    expect(server.otlpGrpcPort).toBeUndefined();
  }, STARTUP_TIMEOUT_MS);
});

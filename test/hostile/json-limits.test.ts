import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, createOrganization, expectError, json, startTestServer, type TestOrganization, type TestServer } from '../helpers/server.js';
import { JSON_LIMITS } from '../../src/domain/json-limits.js';

// Free-form JSON values (enterprise settings, session tag metadata, custom model extraArgs) are
// bounded in depth and size at the edge, and numbers JSON cannot hold exactly (1e400) are refused.

let server: TestServer;
let org: TestOrganization;
beforeAll(async () => {
  server = await startTestServer({ RATE_LIMIT_PER_MINUTE: '1000000' });
  org = await createOrganization(server);
});
afterAll(async () => server.close());

function nested(depth: number): string {
  return '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);
}

function patchControls(payload: string, contentType = 'application/json') {
  return server.app.inject({ method: 'PATCH', url: '/api/v0/organization/enterprise-controls', headers: { ...auth(org.owner.key), 'content-type': contentType }, payload });
}

describe('JSON depth', () => {
  it('refuses a deeply nested enterprise-controls patch with 400 and the field path', async () => {
    for (const depth of [JSON_LIMITS.maxDepth + 1, 3_500, 5_000, 100_000]) {
      const body = expectError(await patchControls(`{"unknownSetting":${nested(depth)}}`), 400);
      expect(body.errors?.[0]?.path).toMatch(/^body\/unknownSetting\/a\/a/);
      expect(body.errors?.[0]?.message).toMatch(/nested deeper than/);
    }
    const merge = expectError(await patchControls(`{"x":${nested(5_000)}}`, 'application/merge-patch+json'), 400);
    expect(merge.errors?.[0]?.path).toMatch(/^body\/x\/a/);
  });

  it('refuses deep customModels extraArgs and session tag metadata', async () => {
    const extra = expectError(await patchControls(`{"customModels":[{"id":"m","extraArgs":${nested(5_000)}}]}`), 400);
    expect(extra.errors?.[0]?.path).toMatch(/^body\/customModels\/0\/extraArgs\/a/);
    const session = await server.app.inject({
      method: 'POST',
      url: '/api/v0/sessions',
      headers: { ...auth(org.owner.key), 'content-type': 'application/json' },
      payload: `{"sessionSettings":{"tags":[{"name":"t","metadata":${nested(5_000)}}]}}`,
    });
    expect(expectError(session, 400).errors?.[0]?.path).toMatch(/^body\/sessionSettings\/tags\/0\/metadata\/a/);
  });

  it('accepts nesting up to the limit, and its history diff answers', async () => {
    // The body itself is one level; the value inside may use the rest.
    const accepted = await patchControls(`{"deep":${nested(JSON_LIMITS.maxDepth - 1)}}`);
    expect(accepted.statusCode).toBe(200);
    const { revision } = json(accepted);
    const diff = await server.app.inject({ method: 'GET', url: `/api/v0/organization/enterprise-controls/history/${revision}/diff`, headers: auth(org.owner.key) });
    expect(diff.statusCode).toBe(200);
    expect(json(diff).changes[0].path).toBe('/deep');
  });
});

describe('JSON size of free-form values', () => {
  it('refuses a free-form value over the size limit with its path', async () => {
    const big = JSON.stringify({ blob: 'x'.repeat(JSON_LIMITS.maxFreeFormBytes) });
    const body = expectError(await patchControls(`{"customModels":[{"id":"m","extraArgs":${big}}]}`), 400);
    expect(body.errors?.[0]?.path).toBe('body/customModels/0/extraArgs');
    const unknown = expectError(await patchControls(`{"someUnknownSetting":${big}}`), 400);
    expect(unknown.errors?.[0]?.path).toBe('body/someUnknownSetting');
  });
});

describe('numbers JSON cannot hold', () => {
  it('answers 400 for 1e400 instead of storing it', async () => {
    const body = expectError(await patchControls('{"routerGuidanceWeight":1e400}'), 400);
    expect(body.errors?.[0]).toEqual({ path: 'body/routerGuidanceWeight', message: 'number out of range' });
    const negative = expectError(await patchControls('{"nested":{"n":-1e400}}'), 400);
    expect(negative.errors?.[0]?.path).toBe('body/nested/n');
    const telemetry = await server.app.inject({
      method: 'POST',
      url: '/api/v1/telemetry/events',
      headers: { ...auth(org.owner.key), 'content-type': 'application/json' },
      payload: `{"events":[{"id":"e1","type":"model_call","timestamp":${Date.now() - 60_000},"sessionId":"s","client":"web","modelId":"m","modelTier":"standard","inputTokens":1e400,"outputTokens":0,"cacheReadTokens":0,"cacheWriteTokens":0}]}`,
    });
    expect(expectError(telemetry, 400).errors?.[0]?.path).toBe('body/events/0/inputTokens');
    const current = await server.app.inject({ method: 'GET', url: '/api/v0/organization/enterprise-controls', headers: auth(org.owner.key) });
    expect(json(current).settings).not.toHaveProperty('routerGuidanceWeight');
  });
});

describe('walks over stored settings', () => {
  it('diff and merge settings stored deeper than the limit without recursion', async () => {
    const { applyMergePatch, changedPaths } = await import('../../src/routes/v0/enterprise-controls/json-changes.js');
    // As deep as the probe managed to store before bodies were bounded.
    const deep = JSON.parse(nested(5_000));
    expect(changedPaths({ x: deep }, { x: JSON.parse(nested(5_001)) })).toHaveLength(1);
    expect(changedPaths({ x: deep }, { x: JSON.parse(nested(5_000)) })).toEqual([]);
    const merged = applyMergePatch({ x: deep, y: 1 }, { y: null, z: { w: 2 } }) as Record<string, unknown>;
    expect(Object.keys(merged)).toEqual(['x', 'z']);
    expect(merged.x).toBe(deep);
    expect(changedPaths({ b: 1, a: { d: 1, c: 1 } }, { b: 2, a: { d: 2, c: 2 } }).map((change) => change.path)).toEqual(['/a/c', '/a/d', '/b']);
  });
});

import openapiTS, { astToString } from 'openapi-typescript';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { openStore } from '../src/db/store.js';

// Renders the SDK types from the OpenAPI document of a freshly built app (in-memory store), with
// a fixed server URL so the output depends on the route schemas alone.
export async function renderSdkTypes(seed?: Blob): Promise<string> {
  const config = loadConfig({ PUBLIC_API_URL: 'http://localhost:8080' });
  const store = await openStore(config, { inMemory: true, ...(seed ? { seed } : {}) });
  const app = await buildApp({ config, store, adminToken: 'x'.repeat(32) });
  try {
    await app.ready();
    const document = app.swagger();
    const ast = await openapiTS(document as Parameters<typeof openapiTS>[0]);
    return `// Generated from the server's OpenAPI document by \`npm run sdk:generate\`. Do not edit.\n\n${astToString(ast)}`;
  } finally {
    await app.close();
    await store.close();
  }
}

import { readFile } from 'node:fs/promises';
import { expect, it, inject } from 'vitest';
import { renderSdkTypes } from '../../scripts/sdk-types.js';

// The SDK's types must be what the server's route schemas say today.
it('src/sdk/openapi.ts matches the OpenAPI document (run `npm run sdk:generate` after changing a route schema)', async () => {
  const seedPath = inject('embeddedSeedPath');
  const fresh = await renderSdkTypes(seedPath ? new Blob([await readFile(seedPath)]) : undefined);
  const committed = await readFile(new URL('../../src/sdk/openapi.ts', import.meta.url), 'utf8');
  expect(committed === fresh, 'src/sdk/openapi.ts is stale: run npm run sdk:generate').toBe(true);
});

// Writes src/sdk/openapi.ts: the SDK's types, generated from the server's own OpenAPI document.
// `npm run sdk:generate` after changing a route schema; test/sdk/drift.test.ts fails until then.
import { writeFile } from 'node:fs/promises';
import { renderSdkTypes } from './sdk-types.js';

const contents = await renderSdkTypes();
await writeFile(new URL('../src/sdk/openapi.ts', import.meta.url), contents);
console.log('wrote src/sdk/openapi.ts');
process.exit(0);

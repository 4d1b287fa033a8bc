import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The web console: built into dist/web, which the server serves (src/routes/console).
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
  build: {
    outDir: fileURLToPath(new URL('../dist/web', import.meta.url)),
    emptyOutDir: true,
    assetsDir: 'assets',
    // No inline module-preload polyfill: the CSP allows no inline script.
    modulePreload: { polyfill: false },
    chunkSizeWarningLimit: 1500,
    // dist/web/.vite/manifest.json: which chunks each page loads (scripts/console-size.mjs); not served.
    manifest: true,
  },
});

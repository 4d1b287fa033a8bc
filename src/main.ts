import { setFlagsFromString } from 'node:v8';
import { ConfigError, loadConfig } from './config.js';
import { DataDirLockedError } from './db/datadir-lock.js';
import { setupNotice, startServer } from './server.js';

// Entry point: `node dist/main.js`. Exits non-zero with a clear message when it cannot start.

// V8 lets the old generation grow to up to 4 times what survived its last full collection before
// collecting again; capped at 2 times, the server's peak resident memory under load is about a third
// lower for no measurable CPU (docs/performance.md, "The server's memory"). A value given on the
// command line (`node --heap-growing-percent=N dist/main.js`) is kept.
const HEAP_GROWING_PERCENT = '--heap-growing-percent';
if (!process.execArgv.some((arg) => arg.startsWith(HEAP_GROWING_PERCENT))) setFlagsFromString(`${HEAP_GROWING_PERCENT}=100`);

async function main(): Promise<void> {
  const config = loadConfig();
  const server = await startServer(config);
  if (server.setupUrl) process.stdout.write(setupNotice(server.setupUrl));
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    server.app.log.info({ signal }, 'shutting down');
    try {
      await server.stop();
      process.exit(0);
    } catch (error) {
      console.error('shutdown failed:', error);
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    console.error(`quarterdeck: ${error.message}`);
  } else {
    console.error('quarterdeck: failed to start:', error);
  }
  process.exit(1);
});

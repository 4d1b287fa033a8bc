import { ConfigError, loadConfig } from './config.js';
import { DataDirLockedError } from './db/datadir-lock.js';
import { capHeapGrowth } from './heap.js';
import { setupNotice, startServer } from './server.js';

// Entry point: `node dist/main.js`. Exits non-zero with a clear message when it cannot start.

async function main(): Promise<void> {
  capHeapGrowth();
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
